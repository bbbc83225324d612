"""The rules' shared steps as functions: paying, drawing and discarding cards, locations and
razing, and the targets of the interactive operations. The operation handlers (``effects.py``), the
decisions (``decisions.py``) and the automatic steps (``phases.py``) use them; those that need
card data take the game.

Rule numbers refer to shared/rules/imperial-settlers.md.
"""

from __future__ import annotations

from epochal.engine import event
from epochal.engine import rng as rngmod

from . import actions as A
from .state import VIRTUAL
from .vocab import RESOURCES

# --- paying (R57, R60, R69, R88, R114) ---------------------------------------------------


def tokens_of(goods: dict, pay: bool = False) -> list[str]:
    """Goods as the tokens events and refusals carry (``wood:2``), which the table words with
    their plural forms (words.py); in a payment a card comes from the hand."""
    return [f"{'hand_card' if pay and g == 'card' else g}:{n}" for g, n in goods.items() if n]


def gold_ok(st, what: str) -> bool:
    """A34: gold stands in for wood, stone or food in every cost, or only in build costs."""
    return what == "build" or st.options["gold_substitutes"] == "all_costs"


def can_pay(p, cost: dict, times: int = 1, gold_ok: bool = True) -> bool:
    short = 0
    for r in RESOURCES:
        need = cost.get(r, 0) * times
        if need:
            have = getattr(p, r)
            if need > have:
                short += need - have
    if short and not gold_ok:
        return False
    if p.gold < cost.get("gold", 0) * times + short:
        return False
    return p.worker >= cost.get("worker", 0) * times and p.raze >= cost.get("raze", 0) * times


def cost_check(p, gold_ok: bool = True):
    """``can_pay(p, card.cost, 1, gold_ok)`` for many cards, reading the supply once: the
    answer takes a card's ``cost_key`` (cards.py: its wood, stone and food, all a card's cost
    can name, R58)."""
    wood, stone, food, gold = p.wood, p.stone, p.food, p.gold
    if p.worker < 0 or p.raze < 0:
        return lambda key: False

    def check(key: tuple[int, int, int]) -> bool:
        w, s, f = key
        short = (w - wood if w > wood else 0) + (s - stone if s > stone else 0) + (f - food if f > food else 0)
        if short and not gold_ok:
            return False
        return gold >= short

    return check


def pay(st, seat: int, cost: dict, ev: list, times: int = 1, gold_ok: bool = True) -> None:
    """Pay ``cost`` (already checked): each resource from the supply first, gold for the
    shortfall (R114). Activation goods lie on the card until Cleanup (R88); the supply is
    unlimited (R8), so the engine simply returns them."""
    p = st.seats[seat]
    paid = {}
    gold = cost.get("gold", 0) * times
    for good in ("wood", "stone", "food", "worker", "raze"):
        need = cost.get(good, 0) * times
        if not need:
            continue
        have = getattr(p, good)
        use = min(need, have)
        setattr(p, good, have - use)
        paid[good] = use
        if need > use:
            gold += need - use
    if gold:
        p.gold -= gold
        paid["gold"] = gold
    if paid:
        ev.append(event("pay", seat=seat, goods=tokens_of(paid)))
    if p.stored:
        settle_storage(p)


# --- storage locations (R126.1, R131, R168) ----------------------------------------------------


def effective_storage(p) -> dict[int, dict[str, int]]:
    """The goods lying on each storage location of ``p``: its record, cut to what the supply
    still holds. Stored goods are part of the supply and a player spends the unstored ones first
    (storing protects them and costs nothing), so spending takes from the storage only what the
    rest of the supply cannot give, from the last location built first."""
    left: dict[str, int] = {}
    out: dict[int, dict[str, int]] = {}
    for k in p.locations:
        goods = p.stored.get(k)
        if goods is None:
            continue
        here = {}
        for good, n in goods.items():
            have = left.setdefault(good, getattr(p, good))
            kept = min(n, have)
            left[good] = have - kept
            if kept:
                here[good] = kept
        out[k] = here
    return out


def settle_storage(p) -> None:
    """Cut the storage records to the supply (after a payment)."""
    p.stored = effective_storage(p)


def stored_total(p, good: str) -> int:
    return sum(goods.get(good, 0) for goods in p.stored.values())


# --- cards (R43, R118-R121) -------------------------------------------------------------------


def common_available(st) -> bool:
    return bool(st.common_deck or st.common_discard)


def draw_common(st, ev: list) -> int:
    if not st.common_deck:
        if not st.common_discard:
            return -1
        st.common_deck, st.common_discard = st.common_discard, []
        rngmod.shuffle(st, st.common_deck)  # R120
        ev.append(event("reshuffle"))
    return st.common_deck.pop()


def take_card(game, st, seat: int, source: str, ev: list) -> None:
    """One card into ``seat``'s hand from the common deck or its empire deck."""
    p = st.seats[seat]
    if source == "common":
        k = draw_common(st, ev)
    else:
        k = p.deck.pop() if p.deck else -1  # A12
    if k < 0:
        return
    p.hand.append(k)
    ev.append(event("draw", seat=seat, deck=source))
    ev.append(event("drew", to=[seat], seat=seat, card=game.cards[k].id))


def card_sources(st, seat: int, good: str) -> list[int]:
    out = []
    if good in ("card", "common_card") and common_available(st):
        out.append(A.CARD_COMMON)
    if good in ("card", "empire_card") and st.seats[seat].deck:
        out.append(A.CARD_EMPIRE)
    return out


def discard_card(game, st, k: int) -> None:
    """To the discard pile of its own deck (R119)."""
    c = game.cards[k]
    if c.common:
        st.common_discard.append(k)
    else:
        st.seats[owner_of_deck(st, c.faction)].discard.append(k)


def owner_of_deck(st, faction: str) -> int:
    for i, p in enumerate(st.seats):
        if p.faction == faction:
            return i
    raise ValueError(f"no seat plays {faction}")


# --- locations -------------------------------------------------------------------------------


def colour_count(game, p, colour: str) -> int:
    cards = game.cards
    return sum(1 for k in p.locations if colour in cards[k].colours)


def take_off(st, seat: int, k: int, ev: list | None = None, card: str = "", game=None) -> None:
    """Location ``k`` leaves its owner's empire with whatever lies on it (R59c, R81); the goods
    stored on a storage location stay in the personal supply, unprotected (R168). What a Gate or
    a Shrine kept is discarded with it and scores no more (A15); ``game`` knows the cards' decks."""
    p = st.seats[seat]
    if k in p.under or k in p.kept:
        tucked = p.under.pop(k, [])
        goods = p.kept.pop(k, {})
        for x in tucked:
            discard_card(game, st, x)
        if ev is not None and tucked:
            ev.append(event("tucked_lost", seat=seat, card=card, n=len(tucked)))
        if ev is not None and goods:
            ev.append(event("kept_lost", seat=seat, card=card, goods=tokens_of(goods)))
    if k in p.stored:
        goods = effective_storage(p).get(k, {})
        del p.stored[k]
        if goods and ev is not None:
            ev.append(event("storage_lost", seat=seat, card=card, goods=tokens_of(goods)))
    p.locations.remove(k)
    if game is not None and any(q.trades or q.captured for q in st.seats):
        end_links(game, st, seat, k, ev)
    p.used.pop(k, None)
    if k in p.defended:
        p.defended.remove(k)
    if k in p.samurai:
        p.samurai.remove(k)


def location_owner(st, k: int) -> int:
    """The seat whose location ``k`` is; VIRTUAL for the solo virtual opponent; -1."""
    for i, p in enumerate(st.seats):
        if k in p.locations:
            return i
    if k in st.virtual:
        return VIRTUAL
    return -1


def other_locations(st, seat: int) -> list[int]:
    """The locations of the players who have not passed, and in solo the virtual
    opponent's, which never passes (R53, R204, R205)."""
    return [k for q in opponents(st, seat) for k in st.seats[q].locations] + list(st.virtual)


def protection(st, owner: int, k: int) -> int:
    """Defence tokens and samurai on a location (R80)."""
    if owner == VIRTUAL:
        return 0
    p = st.seats[owner]
    return (k in p.defended) + (k in p.samurai)


def razeable(game, k: int) -> bool:
    """A location another player can raze: common or Japanese, with a raze bonus, and not
    'cannot be razed' (R78, R79)."""
    c = game.cards[k]
    return c.raze is not None and not c.unrazeable and (c.common or c.faction == "Japanese")


def raze_location(game, st, razer: int, owner: int, k: int, ev: list) -> None:
    """The location becomes a foundation and its owner gains 1 wood; a Japanese empire
    location is discarded instead (R78, R79, R81, R83, R109). The razer gains the bonus."""
    c = game.cards[k]
    if owner == VIRTUAL:  # R205
        st.virtual.remove(k)
        discard_card(game, st, k)
        ev.append(event("razed_virtual", seat=razer, card=c.id))
        after_raze(game, st, razer, k)
        return
    q = st.seats[owner]
    captor = captor_of(st, k)
    take_off(st, owner, k, ev, c.id, game)
    if c.common:
        q.foundations.append(k)  # R164: the foundation is the owner's
        wood = q if captor is None else st.seats[captor[0]]  # R164: a captured one's wood is the captor's
        wood.wood += 1
        ev.append(event("razed", seat=razer, owner_seat=owner, card=c.id, foundation=True))
    else:
        discard_card(game, st, k)
        ev.append(event("razed", seat=razer, owner_seat=owner, card=c.id, foundation=False))
    after_raze(game, st, razer, k)


def after_raze(game, st, razer: int, k: int) -> None:
    """'Each time you raze' features fire after the raze bonus is taken (Gallows)."""
    fire(game, st, razer, "raze")
    game.runner.push(st, razer, k, "raze")


def fire(game, st, seat: int, on: str, colours=frozenset(), times: int = 1) -> None:
    """Push the frames of ``seat``'s features that trigger on ``on`` (R17 type 2, R18a). While
    the Production phase's effects run (the phase is already ``action_start``), only a feature
    that also works then does (R48, R162)."""
    p = st.seats[seat]
    producing = st.phase == "action_start"
    for k in reversed(p.locations):
        for i, t in enumerate(game.cards[k].triggers):
            if producing and not t.in_production:
                continue
            if t.on == on and (t.colour is None or t.colour in colours):
                for _ in range(times):
                    game.runner.push(st, seat, k, f"trigger:{i}")


def opponents(st, seat: int, open_only: bool = True) -> list[int]:
    """The other seats, clockwise; those that passed are no targets (R53, R122, A35)."""
    n = st.players
    return [(seat + i) % n for i in range(1, n) if not (open_only and st.seats[(seat + i) % n].passed)]


# --- targets of the interactive operations -------------------------------------------------------


def steal_options(st, seat: int) -> list[int]:
    out = []
    for q in opponents(st, seat):
        for r, res in enumerate(RESOURCES):
            if getattr(st.seats[q], res) > 0:
                out.append(A.STEAL + 3 * q + r)
    return out


def raze_targets(game, st, seat: int, mode: str, tokens: int) -> list[int]:
    """The locations a raze that pays for protection (``mode`` pay) with ``tokens`` raze tokens,
    or ignores it, may target (R159, R170)."""
    out = []
    for q in opponents(st, seat):
        for k in st.seats[q].locations:
            if razeable(game, k) and (mode == "ignore" or protection(st, q, k) <= tokens):
                out.append(k)
    return out + [k for k in st.virtual if razeable(game, k)]  # R204, R205


def gang_goods(game, k: int) -> list[str]:
    return [r for r in RESOURCES if r in (game.cards[k].raze or {})]


def deal_targets(st, seat: int) -> list[int]:
    return [k for q in opponents(st, seat) for k in st.seats[q].deals]


def deal_owner(st, k: int) -> int:
    return next(i for i, p in enumerate(st.seats) if k in p.deals)


def discard_options(st, p) -> list[int]:
    """What may pay a 'discard a location' cost: a location of yours nobody captured (R59d), or a
    foundation (R59, R110)."""
    locations = p.locations
    if any_captures(st):
        taken = {k for q in st.seats for k in q.captured}
        locations = [k for k in locations if k not in taken]
    return locations + p.foundations + p.hidden_foundations


def exchange_options(st, seat: int) -> list[int]:
    p = st.seats[seat]
    if p.worker < 2:
        return []
    out = [A.EXCHANGE, A.EXCHANGE + 1, A.EXCHANGE + 2]
    if common_available(st):
        out.append(A.EXCHANGE + 3)
    if p.deck:
        out.append(A.EXCHANGE + 4)
    return out


def order(st) -> list[int]:
    """The seats from the first player clockwise (R35, R42, R50)."""
    return [(st.first + i) % st.players for i in range(st.players)]


# --- what a location keeps to the end of the game (Gate R152, Shrine R155) --------------------


def kept_count(p, k: int) -> int:
    """The cards under location ``k`` or the goods on it."""
    return len(p.under.get(k, ())) + sum(p.kept.get(k, {}).values())


def kept_vp(c, n: int) -> int:
    """End-game VP for ``n`` things kept on a location (R134): its ``vp`` for every ``per``, at
    most ``max``."""
    keep = c.under or c.keeps
    if keep is None or not keep.vp:
        return 0
    vp = n // keep.per * keep.vp
    return vp if keep.max is None else min(vp, keep.max)


# --- deals with opponents' locations (Trade Route, R73, D6) and captures (Temple of Ra, R163, D7) --


def deck_ok(c, decks: str) -> bool:
    """A card of the decks a ``trade`` or ``capture`` names (any, common, empire)."""
    return decks == "any" or (decks == "common") == c.common


def trade_targets(game, st, seat: int, trade) -> list[int]:
    """The locations of open opponents (A35) ``seat`` may make a deal with under ``trade``: of
    its kinds and decks, giving what the deal yields, and with no deal made with them yet (a
    location carries one deal, as a card makes one)."""
    taken = {k for p in st.seats for k in p.trades}
    return [
        k
        for _, k, c in open_locations(game, st, seat, trade.kinds, trade.decks, taken)
        if (trade.yields != "production" or c.production) and (trade.yields != "deal" or c.deal is not None)
    ]


def open_locations(game, st, seat: int, kinds, decks: str, taken: set[int]):
    """(owner, location, card) for each location of an open opponent (A35) of ``kinds`` and
    ``decks`` that is not among ``taken``: what a deal or a capture may be made with."""
    for q in opponents(st, seat):
        owner = st.seats[q]
        for k in owner.locations:
            c = game.cards[k]
            if k not in taken and c.kind in kinds and deck_ok(c, decks):
                yield owner, k, c


def trade_frame(game, k: int, maker: int) -> tuple[int, str]:
    """The card and part a deal with location ``k`` made by card ``maker`` runs when it pays:
    the location's production or deal bonus, or the maker's fixed goods (its part ``trade``)."""
    yields = game.cards[maker].trade.yields
    return (maker, "trade") if yields == "goods" else (k, yields)


def trade_deals_of_opponents(st, seat: int) -> list[int]:
    """The locations the open opponents' deals by trade are made with (R174: Robbers may cancel
    one)."""
    return [k for q in opponents(st, seat) for k in st.seats[q].trades]


def trade_owner(st, k: int) -> int:
    return next(i for i, p in enumerate(st.seats) if k in p.trades)


def capture_targets(game, st, seat: int, maker: int) -> list[int]:
    """The locations of open opponents (A35) ``seat`` may capture with card ``maker``'s tokens:
    of its kinds and decks, protected ones only if it says so, none captured already, and only
    while a token is free (A16)."""
    cap = game.cards[maker].capture
    p = st.seats[seat]
    if sum(1 for m in p.captured.values() if m == maker) >= cap.tokens:
        return []
    taken = {k for q in st.seats for k in q.captured}
    return [
        k
        for owner, k, _ in open_locations(game, st, seat, cap.kinds, cap.decks, taken)
        if cap.protected or (k not in owner.defended and k not in owner.samurai)
    ]


def captor_of(st, k: int) -> tuple[int, int] | None:
    """(the seat that captured location ``k``, the card whose token lies on it), or None."""
    for i, p in enumerate(st.seats):
        m = p.captured.get(k)
        if m is not None:
            return i, m
    return None


def any_captures(st) -> bool:
    for p in st.seats:
        if p.captured:
            return True
    return False


def own_captured(game, st, p) -> int:
    """How many of ``p``'s locations others captured: none of them pays a 'discard a location'
    cost (R59d)."""
    if not any_captures(st):
        return 0
    return sum(1 for q in st.seats for k in q.captured if k in p.locations)


def end_links(game, st, seat: int, k: int, ev: list | None) -> None:
    """Location ``k`` left ``seat``'s empire: a capture of it ends and its token goes back (R164);
    a deal made with it ends or stays as its maker's ``trade`` says (D6); the captures made by
    ``k`` end if its ``capture`` says they end when it is lost (D7). A deal made by ``k`` stays
    (R156)."""
    cards = game.cards
    for i, q in enumerate(st.seats):
        if k in q.trades and cards[q.trades[k]].trade.lost == "ends":
            del q.trades[k]
            if ev is not None:
                ev.append(event("trade_ended", seat=i, card=cards[k].id))
        if k in q.captured:
            del q.captured[k]
            if ev is not None:
                ev.append(event("capture_ended", seat=i, card=cards[k].id))
    p = st.seats[seat]
    cap = cards[k].capture
    if cap is not None and "lost" in cap.ends:
        for x in [x for x, m in p.captured.items() if m == k]:
            del p.captured[x]
            if ev is not None:
                ev.append(event("capture_ended", seat=seat, card=cards[x].id))
