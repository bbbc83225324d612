"""Decks and piles: drawing with reshuffles (R95-R107), the nation deck and developing
(R98-R103, R171-R174), the market and its refills (R124-R143), the unrest pile and the collapse
(R146, R222), the fame deck's King of Kings (R254-R255)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from epochal.engine import event
from epochal.engine import rng as rngmod
from epochal.engine.effects import ANSWER, WAIT

from . import scoring, shared
from .vocab import AcquireExiled, DeckOutUnrest, Filter

if TYPE_CHECKING:
    from .rules import ImperiumRules
    from .state import ImperiumState

SLOT_DECK = ("region", "uncivilised", "civilised", "main", "main")  # R52
UNREST_UNDER = {
    "unc_civ_tri": ("uncivilised", "civilised", "tributary"),  # G9
    "reg_unc_civ": ("region", "uncivilised", "civilised"),
}


def draw_cards(game: ImperiumRules, st, fr, seat: int, n: int, may_reshuffle: bool, ev: list):
    """Draw ``n`` (kept in fr.vars["_left"] across a develop decision); True when done."""
    p = st.seats[seat]
    left = fr.vars.get("_left", n)
    drawn: list[str] = []  # this call's cards, named to the drawer alone
    while left > 0:
        if not p.deck:
            if not may_reshuffle or not p.discard and not _reshuffle_gains(p):
                break
            result = reshuffle(game, st, fr, seat, ev)
            if result == WAIT:
                fr.vars["_left"] = left
                return WAIT
            if not p.deck:
                break
        k = p.deck.pop()
        p.hand.append(k)
        fr.vars.setdefault("drawn", []).append(k)
        drawn.append(game.cards[k].id)
        left -= 1
        if not p.deck:
            deck_ran_out(game, st, seat, ev)
            if st.over:  # its unrest collapsed the game (R223)
                return True
    ev.append(event("draw", seat=seat, n=n - left))
    if drawn:
        ev.append(event("drew", to=[seat], seat=seat, cards=drawn))
    fr.vars.pop("_left", None)
    return True


def _reshuffle_gains(p) -> bool:
    """Can a reshuffle put a card into an empty discard pile (R98 step 1, R103 step 1)?"""
    if p.exhausts < 1:
        return False
    if p.empire:
        return bool(p.development) and not p.dev_exhausted
    return bool(p.nation_deck) and not p.nation_exhausted


def deck_ran_out(game: ImperiumRules, st, seat: int, ev: list) -> None:
    """R208: each time the personal deck runs out, even with no reshuffle to follow."""
    st.seats[seat].deck_out = True  # dealt with (shared.watch_deck_out)
    for _passive in shared.active(game, st, seat, DeckOutUnrest):
        card = take_from_unrest_pile(game, st, ev)
        if card >= 0:
            st.seats[seat].hand.append(card)
            ev.append(event("take_unrest", seat=seat))
        if st.over:
            return
        shared.unrest_taken(game, st, seat, ev)


def reshuffle(game: ImperiumRules, st, fr, seat: int, ev: list):
    p = st.seats[seat]
    if not p.empire:  # R98
        if p.nation_deck and not p.nation_exhausted and p.exhausts >= 1:
            nation_top_to_discard(game, st, seat, ev)
            p.exhausts -= 1
            p.nation_exhausted = True
    elif p.development and not p.dev_exhausted and p.exhausts >= 1 and not shared.cannot_develop(p):  # R103
        affordable = (
            []  # answered: pick_card takes the answer without the candidates
            if ANSWER in fr.vars
            else [k for k in p.development if shared.can_pay(p, shared.dev_cost(game, st, seat, k))]
        )
        choice = shared.pick_card(game, st, fr, affordable, True, "develop on reshuffle", "R103")
        if choice == WAIT:
            return WAIT
        if choice is not None:
            develop(game, st, seat, choice, True, ev)
            p.exhausts -= 1
            p.dev_exhausted = True
    rngmod.shuffle(st, p.discard)
    p.deck = p.discard + p.deck
    p.discard = []
    p.deck_out = False
    ev.append(event("reshuffle", seat=seat))
    return True


def nation_top_to_discard(game: ImperiumRules, st, seat: int, ev: list) -> None:
    p = st.seats[seat]
    if not p.nation_deck:
        return
    k = p.nation_deck.pop()
    card = game.cards[k]
    if card.location == "accession" and p.nation == "Arthurians":  # R100, R204: the nadir card
        p.play.append(k)  # into the play area; the state card never flips (R196)
        ev.append(event("nadir", seat=seat, card=card.id))
        return
    p.discard.append(k)
    ev.append(event("nation_card", seat=seat, card=card.id))
    if card.location == "accession":
        if p.nation == "Vikings":  # R101, R216
            shared.trigger_end(st, "zenith", ev, "R216", card=card.id)
        else:
            p.empire = True  # R99
            ev.append(event("empire", seat=seat))


def develop(game: ImperiumRules, st, seat: int, k: int, pay: bool, ev: list) -> None:
    p = st.seats[seat]
    if pay:
        shared.pay(game, st, seat, shared.dev_cost(game, st, seat, k), ev)  # R171, Medicine
    p.development.remove(k)
    p.discard.append(k)
    ev.append(event("develop", seat=seat, card=game.cards[k].id))
    if not p.development:
        shared.trigger_end(st, "developed", ev, "R214", seat=seat)


def market_cards(
    game: ImperiumRules, st, suits: Sequence[str], f: Filter | None = None, exile: bool = False
) -> list[int]:
    out = []
    for _slot, s in enumerate(st.market):
        if s.card < 0:
            continue
        if exile and any(s.tokens.values()):  # R141
            continue
        if suits and not any(x in game.cards[s.card].suits for x in suits):
            continue
        if shared.matches(game, s.card, f):
            out.append(s.card)
    return out


def slot_of(st, k: int) -> int:
    return next(i for i, s in enumerate(st.market) if s.card == k)


def put_tokens(game: ImperiumRules, st, seat: int, k: int, tokens: dict[str, int], ev: list) -> None:
    """Tokens onto market card ``k`` (R84: taken with the card)."""
    slot = st.market[slot_of(st, k)]
    for res, n in tokens.items():
        slot.tokens[res] = slot.tokens.get(res, 0) + n
    for res, n in tokens.items():
        ev.append(event("market_token", seat=seat, card=game.cards[k].id, res=res, n=n))


def take_from_market(game: ImperiumRules, st, seat: int, k: int, keep_unrest: bool, ev: list) -> None:
    """Acquire (keep_unrest) or break through (return it) a market card (R130, R135)."""
    p = st.seats[seat]
    slot = slot_of(st, k)
    s = st.market[slot]
    for res, n in s.tokens.items():
        setattr(p, res, getattr(p, res) + n)
        if n and res in ("materials", "population"):  # Carthaginians A, Qin A: double them (a reaction)
            shared.react(game, st, seat, f"market_{res}", ev, amount=n)
    p.hand.append(k)
    shared.card_gained(game, st, seat, k, ev, acquired=keep_unrest)  # Celts A, Astronomy
    unrest, s.unrest, s.card, s.tokens = s.unrest, -1, -1, {}
    ev.append(
        event(
            "acquire" if keep_unrest else "break_through",
            seat=seat,
            card=game.cards[k].id,
            unrest=unrest >= 0 and keep_unrest,
            exile=False,
        )
    )
    if unrest >= 0:
        (p.hand if keep_unrest else st.unrest).append(unrest)
    refill(game, st, slot, ev)


def acquire_from_exile(game: ImperiumRules, st, seat: int, k: int, ev: list) -> None:
    """R143: a card acquired from the exile pile; one of the categories that carry a tucked
    unrest in the market (G9) brings an unrest from the unrest pile with it."""
    p = st.seats[seat]
    st.exile.remove(k)
    p.hand.append(k)
    unrest = any(s in UNREST_UNDER[st.options["unrest_under"]] for s in game.cards[k].suits[:1])
    ev.append(event("acquire", seat=seat, card=game.cards[k].id, unrest=unrest, exile=True))
    if unrest:
        u = take_from_unrest_pile(game, st, ev)
        if u >= 0:
            p.hand.append(u)
        if u >= 0 and not st.over:
            shared.unrest_taken(game, st, seat, ev)  # Vikings
    if not st.over:
        shared.passive_gain(game, st, seat, AcquireExiled, k, ev)  # Longships
        shared.card_gained(game, st, seat, k, ev, acquired=True)  # Celts A, Astronomy


def reveal_main(game: ImperiumRules, st, seat: int, suit: str, f: Filter | None, ev: list) -> None:
    """Variant 5: reveal the main deck until a card of the category (R135)."""
    main = st.decks["main"]
    revealed = []
    found = -1
    while main:
        k = main.pop()
        if suit in game.cards[k].suits and shared.matches(game, k, f):
            found = k
            break
        revealed.append(k)
    main += revealed
    rngmod.shuffle(st, main)
    p = st.seats[seat]
    if found >= 0:
        p.hand.append(found)
        ev.append(event("break_through", seat=seat, card=game.cards[found].id))
        shared.card_gained(game, st, seat, found, ev)  # Celts A
    else:  # G11
        res = st.options["breakthrough_fallback"]
        setattr(p, res, getattr(p, res) + 2)
        ev.append(event("gain", seat=seat, res=res, n=2))
    if not main:
        shared.trigger_end(st, "main_deck", ev, "R213")


def king_of_kings(game: ImperiumRules, st, seat: int, ev: list) -> None:
    """R254-R255: resolved in place of a fame card once no face-down fame card is left."""
    p = st.seats[seat]
    if st.kok < 0:
        return
    card = game.cards[st.kok]
    if st.kok_side == "A":
        if st.kok_a_used:
            return
        st.kok_a_used = True
        face = card
    else:
        if p.used_kok_b or card.side_b is None:
            return
        p.used_kok_b = True
        face = card.side_b
    shared.push(game, st, seat, st.kok, "play", "" if face is card else "B")
    if st.kok_side == "A":
        st.kok_side = "B"
        shared.trigger_end(st, "king_of_kings", ev, "R215")
    ev.append(event("king_of_kings", seat=seat, side=st.kok_side))


def refill(game: ImperiumRules, st: ImperiumState, slot: int, ev: list) -> None:
    """Lay out a new card in an empty slot, from its deck or else the main deck (R126, G27)."""
    s = st.market[slot]
    deck = st.decks[SLOT_DECK[slot]]
    if not deck:
        deck = st.decks["main"]
    if not deck:
        s.card = -1  # R129
        return
    s.card = deck.pop()
    s.tokens = {}
    if not st.decks["main"]:
        shared.trigger_end(st, "main_deck", ev, "R213")
    ev.append(event("market_card", slot=slot, card=game.cards[s.card].id))
    tuck_unrest(game, st, slot, ev)


def tuck_unrest(game: ImperiumRules, st, slot: int, ev: list) -> None:
    s = st.market[slot]
    under = UNREST_UNDER[st.options["unrest_under"]]
    if s.card >= 0 and any(suit in under for suit in game.cards[s.card].suits[:1]):
        s.unrest = take_from_unrest_pile(game, st, ev)  # R53, R127


def take_from_unrest_pile(game: ImperiumRules, st, ev: list) -> int:
    """The top unrest card; when the pile runs out the game collapses at once (R222, R227)."""
    if not st.unrest:
        return -1
    card = st.unrest.pop()
    if not st.unrest:
        collapse(game, st, ev)
    return card


def collapse(game: ImperiumRules, st, ev: list) -> None:
    st.collapsed = True
    st.over = True
    st.phase = "end"
    st.run.clear()
    st.stack.clear()
    unrest = [scoring.unrest_count(game, st, s) for s in range(st.players)]
    ev.append(event("collapse", unrest=unrest))
    ev += [event("unrest_held", seat=s, n=n) for s, n in enumerate(unrest)]
