"""Generated card data files: one entry per line, and the generator's --check."""

from __future__ import annotations

import json

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
    run = dict(
        build=lambda: {"cards": [{"id": 1}]},
        validate=lambda data: [],
        render=datafile.render,
        path=path,
        module="m",
        summary=lambda data: "1 card",
    )
    assert datafile.generator_main(["--check"], **run) == 1  # missing: stale
    assert "stale; run python -m m" in capsys.readouterr().err
    assert datafile.generator_main([], **run) == 0
    assert datafile.generator_main(["--check"], **run) == 0
    refused = {**run, "validate": lambda data: ["card 1: bad"]}
    assert datafile.generator_main([], **refused) == 2
    assert "card 1: bad" in capsys.readouterr().err
