"""Helpers to build Imperium positions and run one card at a time.

    game, st = fresh("Romans", "Carthaginians")      # 2 players, seat 0 to act, Activate chosen
    give(game, st, 0, "1CIV4")                        # put a card into seat 0's hand
    play(game, st, 0, "1CIV4")                        # play it (an action token is spent)
    answer(game, st, seat, A.YES)                     # answer the pending decision
"""

from __future__ import annotations

import pytest

from epochal.engine import IllegalAction
from epochal.games.imperium import actions as A
from epochal.games.imperium import make_game

_GAME = None


def imperium():
    global _GAME
    if _GAME is None:
        _GAME = make_game()
    return _GAME


def covers(*card_ids: str):
    """Marks the cards a test exercises; `epochal cards coverage imperium` counts them."""
    def mark(fn):
        fn.covers = card_ids
        return fn
    return mark


def idx(game, card_id: str) -> int:
    return game.index_of[card_id]


def take_anywhere(st, k: int) -> None:
    """Remove card ``k`` from wherever it lies (so a test can place it)."""
    for p in st.seats:
        for zone in ("hand", "deck", "discard", "history", "play", "nation_deck", "development"):
            cards = getattr(p, zone)
            if k in cards:
                cards.remove(k)
        for under in p.garrison.values():
            if k in under:
                under.remove(k)
        if k in p.exhausted:
            p.exhausted.remove(k)
    for pile in (st.unrest, st.exile, st.box, st.fame, *st.decks.values()):
        if k in pile:
            pile.remove(k)
    for slot in st.market:
        if slot.card == k:
            slot.card, slot.tokens = -1, {}
        if slot.unrest == k:
            slot.unrest = -1


def fresh(*nations: str, seed: int = 0, activate: bool = True, **options):
    """A new game with these nations; seat 0 has chosen Activate (unless activate=False)."""
    game = imperium()
    st = game.new(len(nations), seed, {"nations": ",".join(nations), **options})
    if activate:
        game.apply(st, 0, A.ACTIVATE)
    return game, st


def give(game, st, seat: int, card_id: str, zone: str = "hand") -> int:
    k = idx(game, card_id)
    take_anywhere(st, k)
    getattr(st.seats[seat], zone).append(k)
    return k


def put_in_market(game, st, slot: int, card_id: str, tokens: dict | None = None) -> int:
    k = idx(game, card_id)
    take_anywhere(st, k)
    st.market[slot].card = k
    st.market[slot].tokens = dict(tokens or {})
    return k


def play(game, st, seat: int, card_id: str) -> list[dict]:
    return game.apply(st, seat, game.layout.play + idx(game, card_id))


def exhaust(game, st, seat: int, card_id: str) -> list[dict]:
    return game.apply(st, seat, game.layout.exhaust + idx(game, card_id))


def choose_card(game, st, seat: int, card_id: str) -> list[dict]:
    return game.apply(st, seat, game.layout.card + idx(game, card_id))


def answer(game, st, seat: int, action: int) -> list[dict]:
    return game.apply(st, seat, action)


def decision(st):
    return st.stack[-1] if st.stack else None


def ids(game, cards) -> list[str]:
    return [game.cards[k].id for k in cards]


def assert_illegal(game, st, seat: int, action: int, rule: str | None = None) -> IllegalAction:
    before = st.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(st, seat, action)
    assert st.to_json() == before, "a rejected action changed the state"
    if rule is not None:
        assert info.value.rule == rule, info.value
    return info.value
