"""Imperium's legal actions as descriptions (``describe_action``, table.py): each worded in English
and Russian by a template of its verb, naming nothing hidden from its seat."""

from __future__ import annotations

from epochal.engine import get_game
from tests.support.describe import check_descriptions


def test_every_legal_action_is_worded_in_each_language_and_names_nothing_hidden():
    seen = check_descriptions(get_game("imperium"), ("en", "ru"), options=({}, {"power_side": "B"}))
    for verb in ("activate", "innovate", "revolt", "play", "exhaust", "card", "end", "suit", "option", "yes"):
        assert any(key.split(".")[0] == verb for key in seen), f"no {verb} seen: {sorted(seen)}"


def test_a_choice_carries_its_purpose_and_its_rule():
    game = get_game("imperium")
    st = game.new(2, 3)
    seat = game.actors(st)[0]
    d = game.describe_action(st, seat, game.legal(st, seat)[0])
    assert d["verb"] in ("activate", "innovate", "revolt") and d["rule"] in ("R69", "R82", "R83")
