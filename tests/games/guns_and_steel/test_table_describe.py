"""Guns & Steel's legal actions as descriptions (``describe_action``, table.py): each worded in
English and Russian by a template of its verb, naming nothing hidden from its seat (an opponent's
resource card is named by its resource only)."""

from __future__ import annotations

from epochal.engine import get_game
from tests.support.describe import check_descriptions


def test_every_legal_action_is_worded_in_each_language_and_names_nothing_hidden():
    options = ({}, {"theme": "renaissance"}, {"theme": "combined"})
    seen = check_descriptions(get_game("guns_and_steel"), ("en", "ru"), options=options)
    for verb in ("play_resource", "play_technology", "activate", "skip", "buy", "pass.purchase", "spend"):
        assert seen[verb], f"no {verb} seen: {sorted(seen)}"
