"""Helpers for Tribute's tests: a game with chosen hands and a deck, and playing by card id."""

from __future__ import annotations

from epochal.games._template import make_game
from epochal.games._template.state import Seat

GAME = make_game()


def card(cid: str) -> int:
    return GAME.index_of[cid]


def setup(hands: list[list[str]], deck: list[str] | None = None, gold: list[int] | None = None, seed: int = 1):
    """A new game whose seats hold ``hands`` and whose deck (top last) is ``deck``."""
    st = GAME.new(len(hands), seed)
    st.seats = [Seat(hand=[card(c) for c in h]) for h in hands]
    st.deck = [card(c) for c in (deck or [])]
    used = {k for s in st.seats for k in s.hand} | set(st.deck)
    st.discard = [k for k in range(len(GAME.cards)) if k not in used]
    for seat, g in zip(st.seats, gold or [0] * len(hands), strict=True):
        seat.gold = g
    return st.edited()


def play(st, seat: int, cid: str) -> list:
    return GAME.apply(st, seat, GAME.action_space.play + card(cid))


def pick(st, seat: int, option: int) -> list:
    """Answer a "choose" with its option ``option`` (1-based, as printed)."""
    return GAME.apply(st, seat, GAME.action_space.option + option - 1)
