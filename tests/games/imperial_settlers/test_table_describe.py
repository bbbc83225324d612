"""Imperial Settlers' legal actions as descriptions (``describe_action``, table.py): each worded
in English and Russian by a template of its verb, naming nothing hidden from its seat (solo games
included)."""

from __future__ import annotations

from epochal.engine import get_game
from tests.support.describe import check_descriptions


def test_every_legal_action_is_worded_in_each_language_and_names_nothing_hidden():
    options = ({}, {"lookout": "draft", "stand_ins": "on"}, {"solo_attack_deals": "targets", "stand_ins": "on"})
    seen = check_descriptions(get_game("imperial_settlers"), ("en", "ru"), options=options)
    for verb in ("build", "deal", "raze_hand", "raze", "activate.pay", "pass", "end", "exchange", "pick.take"):
        assert seen[verb], f"no {verb} seen: {sorted(seen)}"
    assert not seen["pick"], "a pick without the form its purpose words"
