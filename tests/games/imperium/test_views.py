"""What each seat may see of an Imperium position: garrisons are open, history is private
(R182, R184). On the rule tests' game and helpers (test_rules.py)."""

from __future__ import annotations

from tests.games.imperium.scenario import give
from tests.games.imperium.test_rules import fresh, under


def test_R182_R184_garrisons_are_open_history_is_private():
    g, st = fresh(2)
    give(g, st, 0, "1ROM20", "play")
    under(g, st, 0, "1ROM20", "1TRI8")
    give(g, st, 0, "1TRI11", "history")
    other = g.view(st, 1)["seats"][0]
    assert other["play"] == [{"card": "1ROM20", "exhausted": False, "garrison": ["1TRI8"]}]
    assert "history" not in other and other["history_size"] == 1
    assert g.view(st, 0)["seats"][0]["history"] == ["1TRI11"]
