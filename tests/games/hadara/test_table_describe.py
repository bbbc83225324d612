"""Hadara's legal actions as descriptions (``describe_action``, table.py): each worded in English,
Russian and Hungarian by a template of its verb, naming nothing hidden from its seat."""

from __future__ import annotations

from epochal.engine import get_game
from tests.support.describe import check_descriptions


def test_every_legal_action_is_worded_in_each_language_and_names_nothing_hidden():
    seen = check_descriptions(get_game("hadara"), ("en", "ru", "hu"), options=({}, {"mode": "basic"}))
    for verb in ("side", "wheel", "draw", "draw.sell", "take", "take.sell", "colony", "plunder", "annex"):
        assert seen[verb], f"no {verb} seen: {sorted(seen)}"
    for verb in ("statue", "statue.face_down", "silver", "gold", "pass.colony", "pass.statue", "pass.medals"):
        assert seen[verb], f"no {verb} seen: {sorted(seen)}"
    for verb in ("remove", "feed_all"):
        assert seen[verb], f"no {verb} seen: {sorted(seen)}"


def test_the_table_ui_actions_are_the_descriptions():
    game = get_game("hadara")
    st = game.new(3, 4)
    seat = game.actors(st)[0]
    actions = game.table_ui(st, seat)["actions"]
    assert actions == {str(a): game.describe_action(st, seat, a) for a in game.legal(st, seat)}
    assert all(d["rule"].startswith("R") for d in actions.values())  # a rule the summary explains
