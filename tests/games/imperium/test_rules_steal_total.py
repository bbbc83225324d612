"""A steal "in total" (R170, G29): the rulebook leaves to the card text whether "steal N" takes N
from each other player or N in all; every printed card says "from each", so the built-in data
never uses ``total``. Each test gives Xiongnu (2TRI11) a steal of 2 progress in total in a copy
of the data: the stealer chooses whom, token by token, among the players the steal reaches, as
many as they have."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from epochal.engine.locale import action_words, prompt_words
from epochal.games.imperium import actions as A
from epochal.games.imperium import cards as C
from epochal.games.imperium import make_game
from tests.games.imperium import scenario
from tests.games.imperium.scenario import answer, fresh, give, play

XIONGNU = "2TRI11"
NAMES = ["Ana", "Boris", "Chen", "Dana"]


def data_with(tmp_path, steal: dict):
    out = tmp_path / "data"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(C.DATA_DIR, out)
    path = out / "legends_common.json"
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if f'"id": "{XIONGNU}"' in line:
            card = json.loads(line.rstrip(","))
            card["play"] = [{"op": "steal", "res": "progress", **steal}]
            line = json.dumps(card, ensure_ascii=False) + ("," if line.rstrip().endswith(",") else "")
        lines.append(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


@pytest.fixture
def game(tmp_path, monkeypatch):
    g = make_game(str(data_with(tmp_path, {"n": 2, "total": True})))
    monkeypatch.setattr(scenario, "_GAME", g)
    return g


def position(game):
    g, st = fresh("Romans", "Carthaginians", "Greeks", common_deck="legends")  # Xiongnu's box
    for seat, progress in ((0, 0), (1, 1), (2, 3)):
        st.seats[seat].progress = progress
    give(g, st, 0, XIONGNU)
    st.edited()
    return g, st


def test_R170_G29_a_steal_in_total_takes_n_in_all_the_stealer_choosing_whom(game):
    game, st = position(game)
    play(game, st, 0, XIONGNU)
    assert sorted(game.legal(st, 0)) == [A.OPTION + 1, A.OPTION + 2]  # the others holding progress
    ev = answer(game, st, 0, A.OPTION + 1)  # one from Boris, who then has none: the second from Chen
    assert [st.seats[s].progress for s in range(3)] == [2, 0, 2]
    steals = [(e["from_seat"], e["n"]) for e in ev if e["type"] == "steal"]
    assert steals == [(1, 1), (2, 1)]
    assert game.check_invariants(st) == []


def test_a_steal_in_total_takes_as_much_as_there_is(game):
    game, st = position(game)
    st.seats[2].progress = 0
    st.edited()
    play(game, st, 0, XIONGNU)
    assert [st.seats[s].progress for s in range(3)] == [1, 0, 0]  # only 1 to take, no question


def test_a_steal_in_total_reads_and_asks_in_english_and_russian(game):
    en = " ".join(game.card_text(XIONGNU, "en"))
    assert "Take 2 progress in total from the other players (you choose whom, token by token)" in en
    ru = " ".join(game.card_text(XIONGNU, "ru"))
    assert "в сумме у других игроков" in ru
    game, st = position(game)
    play(game, st, 0, XIONGNU)
    assert prompt_words(game, st, 0, "en", NAMES)["text"] == "Xiongnu: whom do you take a progress from?"
    assert prompt_words(game, st, 0, "ru", NAMES)["text"].endswith("у кого взять жетон модернизации?")
    assert action_words(game, st, 0, A.OPTION + 2, "en", NAMES) == "From Chen"
    assert action_words(game, st, 0, A.OPTION + 2, "ru", NAMES) == "У игрока Chen"
    other = game.determinize(st, 1, random.Random(1))  # the choice and its options are open
    assert game.legal(other, 0) == game.legal(st, 0)


def test_the_validator_refuses_else_unrest_with_total(tmp_path):
    with pytest.raises(C.DataError) as info:
        C.load(data_with(tmp_path, {"n": 2, "total": True, "else_unrest": True}))
    assert "else_unrest is a steal from each (R170)" in str(info.value)


def test_the_built_in_steals_are_from_each_player():
    game = make_game()
    assert "from each other player" in " ".join(game.card_text(XIONGNU, "en"))
