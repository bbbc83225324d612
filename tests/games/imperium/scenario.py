"""Helpers to build Imperium positions and run one card at a time.

game, st = fresh("Romans", "Carthaginians")      # 2 players, seat 0 to act, Activate chosen
give(game, st, 0, "1CIV4")                        # put a card into seat 0's hand
play(game, st, 0, "1CIV4")                        # play it (an action token is spent)
answer(game, st, seat, A.YES)                     # answer the pending decision
"""

from __future__ import annotations

import msgspec
import pytest

from epochal.engine import IllegalAction
from epochal.games.imperium import actions as A
from epochal.games.imperium import make_game, scoring
from tests.support.cards import covers as covers  # the tests import it from here

_GAME = None


def imperium():
    global _GAME
    if _GAME is None:
        _GAME = make_game()
    return _GAME


def idx(game, card_id: str) -> int:
    return game.index_of[card_id]


def take_anywhere(st, k: int) -> None:
    """Remove card ``k`` from wherever it lies (so a test can place it)."""
    for p in st.seats:
        for zone in ("hand", "deck", "discard", "history", "play", "nation_deck", "development", "sunken", "path"):
            cards = getattr(p, zone)
            if k in cards:
                cards.remove(k)
        for under in p.garrison.values():
            if k in under:
                under.remove(k)
        if k in p.exhausted:
            p.exhausted.remove(k)
        if p.quest == k:  # King Arthur's active quest (R198)
            p.quest = -1
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
    st.edited()
    return k


def put_in_market(game, st, slot: int, card_id: str, tokens: dict | None = None) -> int:
    k = idx(game, card_id)
    take_anywhere(st, k)
    st.market[slot].card = k
    st.market[slot].tokens = dict(tokens or {})
    st.edited()
    return k


def power_vp(game, st, seat: int = 0) -> int:
    """The VP the seat's power card scores now."""
    return game.score_seat(st, seat).breakdown["power"]


def play(game, st, seat: int, card_id: str) -> list[dict]:
    return game.apply(st, seat, game.action_space.play + idx(game, card_id))


def exhaust(game, st, seat: int, card_id: str) -> list[dict]:
    return game.apply(st, seat, game.action_space.exhaust + idx(game, card_id))


def choose_card(game, st, seat: int, card_id: str) -> list[dict]:
    return game.apply(st, seat, game.action_space.card + idx(game, card_id))


def answer(game, st, seat: int, action: int) -> list[dict]:
    return game.apply(st, seat, action)


def decision(st):
    return st.stack[-1] if st.stack else None


def purpose_of(d) -> str | None:
    """What decision ``d`` asks, as its deciding seat reads it (cards named)."""
    return imperium().purpose(d) if d is not None and "purpose" in d.args else None


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


def hand_only(game, st, seat, *card_ids, old_hand_to="deck"):
    """The seat's hand becomes exactly these cards; returns their indices. The old hand goes
    under its deck, or onto its discard pile with ``old_hand_to="discard"``."""
    p = st.seats[seat]
    if old_hand_to == "discard":
        p.discard += p.hand
    elif old_hand_to == "deck":
        p.deck[:0] = p.hand
    else:
        raise ValueError(old_hand_to)
    p.hand = []
    return [give(game, st, seat, cid) for cid in card_ids]


def only_in_hand(game, st, seat, *card_ids):
    """``hand_only`` with the old hand going to the discard pile (the nation card tests)."""
    return hand_only(game, st, seat, *card_ids, old_hand_to="discard")


def card(game, card_id):
    return game.cards[idx(game, card_id)]


def to_play(game, st, seat, *card_ids):
    """Put these cards into the seat's play area; returns their indices."""
    return [give(game, st, seat, c, zone="play") for c in card_ids]


def market(game, st, slot, card_id, tokens=None, keep_unrest=False):
    """Put a card into a market slot; the card it replaces goes to the exile pile. An unrest
    under the slot goes back to the unrest pile unless ``keep_unrest``."""
    old = st.market[slot].card
    if not keep_unrest and st.market[slot].unrest >= 0:
        st.unrest.append(st.market[slot].unrest)
        st.market[slot].unrest = -1
    k = put_in_market(game, st, slot, card_id, tokens)
    if old >= 0 and old != k:
        st.exile.append(old)
    st.edited()
    return k


def vp_of(game, st, seat, card_id):
    k = idx(game, card_id)
    return scoring.card_vp(game, st, seat, k, game.cards[k].vp)


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
        if frame is not None and frame < len(st.run) and st.run[frame].part == "solstice":
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


def finish_round(game, st):
    """Finish the round: the active seat ends its Activate, later seats revolt with nothing,
    clean-ups keep their hands. Stops as soon as the solstice starts, i.e. at its first question
    if there is one (R68, R108), or when the round changes or the game ends. Unlike
    ``to_solstice`` it takes END whenever legal, else the first legal action, and returns nothing."""
    start = st.round
    while st.phase != "after_solstice" and st.round == start and not st.over:
        d = decision(st)
        seat = d.seats[0]
        legal = game.legal(st, seat)
        if d.kind == "turn":
            game.apply(st, seat, A.REVOLT)
        elif A.END in legal:
            game.apply(st, seat, A.END)
        else:
            game.apply(st, seat, legal[0])


def pick(game, st, seat, card_id):
    """Choose ``card_id`` if the effect asks; a single non-optional option was taken already."""
    d = decision(st)
    if d is not None and d.kind == "card" and game.action_space.card + idx(game, card_id) in d.args["options"]:
        choose_card(game, st, seat, card_id)


def legal_play(game, st, card_id, seat=0):
    return game.action_space.play + idx(game, card_id) in game.legal(st, seat)


def legal_exhaust(game, st, card_id, seat=0):
    return game.action_space.exhaust + idx(game, card_id) in game.legal(st, seat)


def assert_printed_fields(c, facts: tuple, vp_forms: dict | None = None) -> tuple:
    """The fields every card prints (R13-R27) agree with a row of a nation's fact table
    (name, location, state, header, types, regions, cost, vp); returns the row."""
    name, location, state, header, types, regions, cost, vp = facts
    assert (c.name, c.location, c.state) == (name, location, state)
    assert (c.pinned, c.attack, c.power) == (header == "pinned", header == "attack", header == "power")
    assert (c.types, c.regions, c.cost) == (types, regions, cost)
    assert msgspec.to_builtins(c.vp) == ((vp_forms or {}).get(vp, vp) if isinstance(vp, str) else vp)
    return facts
