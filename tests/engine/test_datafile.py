"""Generated card data files: one entry per line, and the generator's --check."""

from __future__ import annotations

import json

import msgspec
import pytest

from epochal import datafile


def test_lists_of_objects_and_expanded_dicts_take_one_line_per_entry():
    top = {
        "name": "x",
        "sources": {"a": "b", "c": "d"},
        "prices": {"1": 2},
        "cards": [{"id": 1}, {"id": 2}],
        "values": [1, 2],
    }
    text = datafile.render(top, expand=("sources",))
    assert json.loads(text) == top
    lines = text.splitlines()
    assert '  {"id": 1},' in lines and '  {"id": 2}' in lines
    assert '  "a": "b",' in lines
    assert ' "prices": {"1": 2},' in lines and ' "values": [1, 2]' in lines


def test_check_fails_on_a_stale_file_and_passes_on_a_fresh_one(tmp_path, capsys):
    path = tmp_path / "cards.json"

    def build():
        return {"name": "x", "cards": [{"id": 1}]}

    main = datafile.generator(build, lambda data: [], datafile.render, path)
    assert main(["--check"]) == 1  # missing: stale
    assert f"stale; run python -m {__name__}" in capsys.readouterr().err
    assert main([]) == 0
    assert "1 cards" in capsys.readouterr().out
    assert main(["--check"]) == 0
    refused = datafile.generator(build, lambda data: ["card 1: bad"], datafile.render, path)
    assert refused([]) == 2
    assert "card 1: bad" in capsys.readouterr().err


def test_decode_names_the_file_and_the_entry_and_refuse_lists_the_problems(tmp_path):
    class Card(msgspec.Struct, forbid_unknown_fields=True):
        id: str
        cost: int

    raw = b'[{"id": "A1", "cost": 1}, {"id": "B2", "cost": "x"}]'
    assert datafile.decode(raw[:24] + b"]", "f.json", list[Card]) == [Card("A1", 1)]
    with pytest.raises(datafile.DataError, match=r"^f.json: card B2: Expected `int`"):
        datafile.decode(raw, "f.json", list[Card])
    with pytest.raises(datafile.DataError, match="^f.json: not valid JSON"):
        datafile.decode(b"[", "f.json", list[Card])
    datafile.refuse("f.json", [])
    with pytest.raises(datafile.DataError, match=r"^f.json: a; b \(and 1 more\)$"):
        datafile.refuse("f.json", ["a", "b", "c"], most=2)
