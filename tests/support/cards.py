"""Marking the cards a test exercises, for the card coverage report."""

from __future__ import annotations


def covers(*card_ids: str):
    """Marks the cards a test exercises; ``epochal cards coverage GAME`` counts them
    (epochal/coverage.py reads the mark from the test functions of tests/games/<game>/)."""

    def mark(fn):
        fn.covers = card_ids
        return fn

    return mark
