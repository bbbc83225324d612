"""The card data file: its format and the checks the rules fix."""

from __future__ import annotations

import json

import pytest

from epochal.datafile import DataError
from epochal.games._template import cards


def write(tmp_path, mutate):
    data = json.loads(cards.BUILTIN.read_text())
    mutate(data)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data))
    return path


def test_the_built_in_deck_loads_and_every_operation_has_a_handler():
    from epochal.games._template import make_game

    game = make_game()
    assert len(game.cards) == 16 and cards.problems(cards.load()) == []


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda d: d["cards"][0]["effect"].append({"op": "steal", "n": 1}), "steal"),
        (lambda d: d["cards"][0]["effect"][0].update(x=1), "unknown field `x`"),
        (lambda d: d["cards"][1].update(id="T01"), "T01: a second card"),
        (lambda d: d["cards"][0]["effect"][0].update(n=0), "T01: gain needs n"),
        (lambda d: d.update(cards=d["cards"][:5]), "R2"),
        (lambda d: d["cards"][8]["effect"][0]["options"].pop(), "T09: choose lists 2"),
    ],
)
def test_a_broken_data_file_is_refused_with_the_reason(tmp_path, mutate, message):
    with pytest.raises(DataError, match=message):
        cards.load(write(tmp_path, mutate))


def test_a_missing_data_file_is_refused(tmp_path):
    with pytest.raises(DataError):
        cards.load(tmp_path / "none.json")
