"""Tribute's legal actions as descriptions (``describe_action``, table.py): each worded in English
and Russian by a template of its verb, naming nothing hidden from its seat."""

from __future__ import annotations

from tests.support.describe import check_descriptions

from .scenario import GAME


def test_every_legal_action_is_worded_in_each_language_and_names_nothing_hidden():
    seen = check_descriptions(GAME, ("en", "ru"), positions=200)
    assert seen["play"] and seen["option"]
