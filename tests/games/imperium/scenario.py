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


# --- helpers shared by the card tests -------------------------------------------------

def hand_only(game, st, seat, *card_ids):
    """The seat's hand becomes exactly these cards (the old hand goes under its deck)."""
    p = st.seats[seat]
    p.deck[:0] = p.hand
    p.hand = []
    for cid in card_ids:
        give(game, st, seat, cid)

def settle(game, st):
    """Answer what is left of an effect: decline optional choices, take the first of the rest,
    until the Activate (or turn) decision is back."""
    for _ in range(50):
        d = decision(st)
        if d is None or d.kind in ("activate", "turn"):
            return
        seat = d.seats[0]
        if d.args.get("optional"):
            action = A.END
        elif d.kind == "may":
            action = A.NO
        else:
            action = game.legal(st, seat)[0]
        game.apply(st, seat, action)
    raise AssertionError("effect did not settle")

def to_solstice(game, st):
    """Play the round out (Activate ends at once, the others revolt with nothing, clean-up takes
    defaults) until a solstice effect asks something (R68, R108)."""
    for _ in range(300):
        d = decision(st)
        frame = d.args.get("frame")
        if frame is not None and frame < len(st.run) and st.run[frame].trigger == "solstice":
            return d
        seat = d.seats[0]
        if d.kind == "turn":
            action = A.REVOLT
        elif d.kind == "activate" or d.args.get("optional"):
            action = A.END
        elif d.kind == "may":
            action = A.NO
        else:
            action = game.legal(st, seat)[0]
        game.apply(st, seat, action)
    raise AssertionError("no solstice decision came")

def pick(game, st, seat, card_id):
    """Choose ``card_id`` if the effect asks; a single non-optional option was taken already."""
    d = decision(st)
    if d is not None and d.kind == "card" and game.layout.card + idx(game, card_id) in \
            d.args["options"]:
        choose_card(game, st, seat, card_id)

def legal_play(game, st, card_id, seat=0):
    return game.layout.play + idx(game, card_id) in game.legal(st, seat)

def legal_exhaust(game, st, card_id, seat=0):
    return game.layout.exhaust + idx(game, card_id) in game.legal(st, seat)
