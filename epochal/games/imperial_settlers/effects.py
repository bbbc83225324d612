"""One handler per operation of the effect vocabulary (docs/games/imperial-settlers-data.md)
and of the rules programs' "_" operations, registered in ``handlers`` for the kernel's
``EffectRunner`` (epochal/engine/effects.py). The steps they share with the rules (paying,
drawing, razing) are the functions of ``empire.py``.

A handler returns DONE when its operation is finished, or WAIT after pushing a decision or a
child frame; it is then called again with the answer in ``fr.vars["_answer"]`` (or after the
child frame ended) and continues from the progress it keeps in ``fr.vars`` under "_" keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event
from epochal.engine.effects import DONE, WAIT, Frame, Registry

from . import actions as A
from .activation import can_activate, start_activation, start_build
from .empire import (
    can_pay,
    capture_targets,
    card_sources,
    colour_count,
    deal_owner,
    deal_targets,
    discard_card,
    discard_options,
    exchange_options,
    fire,
    gang_goods,
    gold_ok,
    kept_count,
    location_owner,
    opponents,
    other_locations,
    protection,
    raze_location,
    raze_targets,
    razeable,
    steal_options,
    stored_total,
    take_card,
    take_off,
    tokens_of,
    trade_deals_of_opponents,
    trade_frame,
    trade_owner,
    trade_targets,
)
from .state import VIRTUAL, SettlersState
from .view import describe_ops
from .vocab import (
    CARD_GAINS,
    RESOURCES,
    TRACK_GAINS,
    ActivateOther,
    BuildDeal,
    BuildFromHand,
    CancelDeal,
    CaptureLocation,
    Choose,
    CopyProduction,
    DealAgain,
    DiscardLocation,
    Exchange,
    FoundationFromHand,
    Gain,
    GainPer,
    LookEmpire,
    PayCard,
    PayDeal,
    Place,
    PutOn,
    RazeLocation,
    RazeOwn,
    RemoveLocation,
    Samurai,
    Steal,
    Store,
    TakeDeal,
    TakeRazeGood,
    TradeDeal,
    Tuck,
)

if TYPE_CHECKING:
    from .rules import SettlersRules

handlers = Registry("operation")


def pick_card(
    game: SettlersRules, st: SettlersState, fr: Frame, cards: list[int], purpose: str, rule: str, optional: bool = False
) -> int | None:
    """A card index chosen from ``cards``, None, or WAIT."""
    pick = game.action_space.pick
    answer = game.runner.choose(
        st, fr, "pick", [pick + k for k in dict.fromkeys(cards)], optional, purpose=purpose, rule=rule
    )
    if answer is None or answer == WAIT:
        return answer
    return answer - pick


def pick_deal(
    game: SettlersRules, st: SettlersState, fr: Frame, purpose: str, rule: str, trades: bool = False
) -> int | None:
    """The chosen action id: PICK + a deal of an open opponent (with ``trades`` also a deal one
    made with a location, named by that location, R174), or in solo with
    solo_attack_deals=targets ATTACK + an attack card of the row (R204, A44); None; WAIT."""
    targets = deal_targets(st, fr.seat) + (trade_deals_of_opponents(st, fr.seat) if trades else [])
    options = [game.action_space.pick + k for k in targets] + [A.ATTACK + i for i in game.solo.attack_deal_targets(st)]
    return game.runner.choose(st, fr, "pick", options, purpose=purpose, rule=rule)


def gain_plan(op: Gain) -> tuple[list[tuple[str, int]], list[str], list[str]]:
    """What a gain adds: (good, n) for each good it names, in the order of ``TRACK_GAINS``; their
    tokens; and one entry per card, naming its deck. Read off the operation's fields once and
    kept with it (a card's gain runs at every production and action that names it)."""
    plan = op.__dict__.get("plan")
    if plan is None:
        goods = [(good, getattr(op, good)) for good in TRACK_GAINS if getattr(op, good)]
        cards = [g for g in CARD_GAINS for _ in range(getattr(op, g))]
        plan = op.__dict__["plan"] = (goods, tokens_of(dict(goods)), cards)
    return plan


@handlers.on(Gain)
def gain(game: SettlersRules, st: SettlersState, fr: Frame, op: Gain, ev: list) -> int:
    p = st.seats[fr.seat]
    if "_cards" not in fr.vars:
        goods, tokens, cards = gain_plan(op)
        if goods:
            for good, n in goods:
                setattr(p, good, getattr(p, good) + n)
            ev.append(event("gain", seat=fr.seat, goods=list(tokens)))
        fr.vars["_cards"] = list(cards)
    cards = fr.vars["_cards"]
    while cards:
        sources = card_sources(st, fr.seat, cards[0])
        answer = game.runner.choose(st, fr, "card_source", sources, purpose="gain a card", rule="R118")
        if answer == WAIT:
            return WAIT
        cards.pop(0)
        if answer is not None:
            take_card(game, st, fr.seat, "common" if answer == A.CARD_COMMON else "empire", ev)
    return DONE


@handlers.on(GainPer)
def gain_per(game: SettlersRules, st: SettlersState, fr: Frame, op: GainPer, ev: list) -> int:
    p = st.seats[fr.seat]
    count = len(p.samurai) if op.colour is None else colour_count(game, p, op.colour)
    n = count if op.max is None else min(count, op.max)  # R18b, audit #4
    if n:
        setattr(p, op.good, getattr(p, op.good) + n)
        ev.append(event("gain", seat=fr.seat, goods=tokens_of({op.good: n})))
    return DONE


@handlers.on(Choose)
def choose(game: SettlersRules, st: SettlersState, fr: Frame, op: Choose, ev: list) -> int:
    if fr.vars.get("_chosen"):
        return DONE
    options = [A.OPTION + i for i in range(len(op.options))]
    answer = game.runner.choose(
        st, fr, "option", options, purpose="choose one", texts=[describe_ops(o) for o in op.options]
    )
    if answer == WAIT:
        return WAIT
    fr.vars["_chosen"] = True
    game.runner.push(st, fr.seat, fr.card, fr.part, [*fr.path, fr.pc, "options", answer - A.OPTION])
    return WAIT


@handlers.on(LookEmpire)
def look_empire(game: SettlersRules, st: SettlersState, fr: Frame, op: LookEmpire, ev: list) -> int:
    """Look at the top N empire cards, keep one, discard the rest (never reshuffled)."""
    p = st.seats[fr.seat]
    if "_seen" not in fr.vars:
        seen = [p.deck.pop() for _ in range(min(op.n, len(p.deck)))]
        p.hand.extend(seen)
        fr.vars["_seen"] = seen
        if seen:
            ev.append(event("look_empire", seat=fr.seat, n=len(seen)))
    seen = fr.vars["_seen"]
    keep = op.keep
    while len(seen) > keep:
        k = pick_card(game, st, fr, seen, "discard one of the cards looked at", "R118")
        if k == WAIT:
            return WAIT
        assert k is not None  # a card must be discarded, and there is one
        seen.remove(k)
        p.hand.remove(k)
        p.discard.append(k)
        ev.append(event("discard", seat=fr.seat, card=game.cards[k].id))
    return DONE


@handlers.on(CopyProduction)
def copy_production(game: SettlersRules, st: SettlersState, fr: Frame, op: CopyProduction, ev: list) -> int:
    """Farmers at Work, Porters: one of your production locations produces once more."""
    if fr.vars.get("_done"):
        return DONE
    p = st.seats[fr.seat]
    cands = [k for k in p.locations if game.cards[k].kind == "production" and not (op.other and k == fr.card)]
    k = pick_card(game, st, fr, cands, "produce again", "R180")
    if k == WAIT:
        return WAIT
    if k is None:
        return DONE
    fr.vars["_done"] = True
    ev.append(event("produce_again", seat=fr.seat, card=game.cards[k].id))
    game.runner.push(st, fr.seat, k, "production")
    return WAIT


@handlers.on(DealAgain)
def deal_again(game: SettlersRules, st: SettlersState, fr: Frame, op: DealAgain, ev: list) -> int:
    """Imperial Messenger: one of your deals pays once more (R178)."""
    if fr.vars.get("_done"):
        return DONE
    p = st.seats[fr.seat]
    k = pick_card(game, st, fr, p.deals + list(p.trades), "a deal pays again", "R72")  # R178: trades too
    if k == WAIT:
        return WAIT
    if k is None:
        return DONE
    fr.vars["_done"] = True
    if k in p.trades:
        card, part = trade_frame(game, k, p.trades[k])
        game.runner.push(st, fr.seat, card, part)
    else:
        game.runner.push(st, fr.seat, k, "deal")
    return WAIT


@handlers.on(BuildFromHand)
def build_from_hand(game: SettlersRules, st: SettlersState, fr: Frame, op: BuildFromHand, ev: list) -> int:
    """Settlers: build an empire location from hand at full cost, discarding no location
    (R65, R176)."""
    return _build_one(game, st, fr, st.seats[fr.seat].hand, "build an empire location", "R176", ev)


@handlers.on(BuildDeal)
def build_deal(game: SettlersRules, st: SettlersState, fr: Frame, op: BuildDeal, ev: list) -> int:
    """Negotiator (stand-in): build one of your deals, discarding no location (R153)."""
    return _build_one(game, st, fr, st.seats[fr.seat].deals, "build one of your deals", "R153", ev)


def _build_one(
    game: SettlersRules, st: SettlersState, fr: Frame, source: list[int], purpose: str, rule: str, ev: list
) -> int:
    """Build one empire card the player picks from ``source`` and can pay for, at full cost and
    discarding no location; the build runs as its own frame."""
    if fr.vars.get("_done"):
        return DONE
    p = st.seats[fr.seat]
    cards, gold = game.cards, gold_ok(st, "build")
    cands = [k for k in source if cards[k].faction == p.faction and can_pay(p, cards[k].cost, 1, gold)]
    k = pick_card(game, st, fr, cands, purpose, rule)
    if k == WAIT:
        return WAIT
    if k is None:
        return DONE
    fr.vars["_done"] = True
    start_build(game, st, fr.seat, k, ev, waive=True)
    return WAIT


@handlers.on(ActivateOther)
def activate_other(game: SettlersRules, st: SettlersState, fr: Frame, op: ActivateOther, ev: list) -> int:
    """Acting Troupe: another of your action locations acts once more, for its own cost,
    whether or not it was used this round (choice C6)."""
    if fr.vars.get("_done"):
        return DONE
    p = st.seats[fr.seat]
    cands = [k for k in p.locations if k != fr.card and can_activate(game, st, fr.seat, k, 1, ignore_used=True)]
    k = pick_card(game, st, fr, cands, "activate another location", "R87")
    if k == WAIT:
        return WAIT
    if k is None:
        return DONE
    fr.vars["_done"] = True
    start_activation(game, st, fr.seat, k, 1, ev, count_use=False)
    return WAIT


@handlers.on(Samurai)
def samurai(game: SettlersRules, st: SettlersState, fr: Frame, op: Samurai, ev: list) -> int:
    """Ninjas: samurai from the supply, each on one of your Japanese locations without one;
    those that cannot be placed are lost (R154, A20)."""
    p = st.seats[fr.seat]
    left = fr.vars.get("_n", op.n)
    while left > 0:
        cands = [k for k in p.locations if game.cards[k].faction == "Japanese" and k not in p.samurai]
        k = pick_card(game, st, fr, cands, "place a samurai", "R154")
        if k == WAIT:
            fr.vars["_n"] = left
            return WAIT
        left -= 1
        if k is None:
            ev.append(event("samurai_lost", seat=fr.seat, n=left + 1))
            break
        p.samurai.append(k)
        ev.append(event("samurai", seat=fr.seat, card=game.cards[k].id))
    return DONE


@handlers.on(Steal)
def steal(game: SettlersRules, st: SettlersState, fr: Frame, op: Steal, ev: list) -> int:
    """Saboteurs: 1 resource from the supply of a player who has not passed (R169)."""
    answer = game.runner.choose(st, fr, "steal", steal_options(st, fr.seat), purpose="take a resource", rule="R169")
    if answer == WAIT:
        return WAIT
    if answer is not None:
        q, r = divmod(answer - A.STEAL, 3)
        res = RESOURCES[r]
        setattr(st.seats[q], res, getattr(st.seats[q], res) - 1)
        setattr(st.seats[fr.seat], res, getattr(st.seats[fr.seat], res) + 1)
        ev.append(event("steal", seat=fr.seat, target_seat=q, goods=tokens_of({res: 1})))
    return DONE


@handlers.on(RazeLocation)
def raze_opponent_location(game: SettlersRules, st: SettlersState, fr: Frame, op: RazeLocation, ev: list) -> int:
    """Dark Chapel / Chariot Builder (stand-ins): raze an opponent's location, paying one
    raze token per protection or ignoring protection (R159, R170)."""
    p = st.seats[fr.seat]
    mode = op.protection
    k = pick_card(
        game,
        st,
        fr,
        raze_targets(game, st, fr.seat, mode, p.raze),
        "raze a location",
        "R159" if mode == "ignore" else "R170",
    )
    if k == WAIT:
        return WAIT
    if k is not None:
        owner = location_owner(st, k)
        extra = protection(st, owner, k) if mode == "pay" else 0
        p.raze -= extra
        raze_location(game, st, fr.seat, owner, k, ev)
    return DONE


@handlers.on(RemoveLocation)
def remove_location(game: SettlersRules, st: SettlersState, fr: Frame, op: RemoveLocation, ev: list) -> int:
    """Garrison / Engineers (stand-ins): discard another player's location; not a raze, so
    protection and 'cannot be razed' do not matter (R151, R165, A36)."""
    cands = other_locations(st, fr.seat)
    k = pick_card(game, st, fr, cands, "discard a location of another player", "R165")
    if k == WAIT:
        return WAIT
    if k is not None:
        owner = location_owner(st, k)
        if owner == VIRTUAL:  # R204
            st.virtual.remove(k)
            discard_card(game, st, k)
            ev.append(event("removed_virtual", seat=fr.seat, card=game.cards[k].id))
            return DONE
        take_off(st, owner, k, ev, game.cards[k].id, game)
        discard_card(game, st, k)
        ev.append(event("removed", seat=fr.seat, owner_seat=owner, card=game.cards[k].id))
    return DONE


@handlers.on(TakeRazeGood)
def take_raze_good(game: SettlersRules, st: SettlersState, fr: Frame, op: TakeRazeGood, ev: list) -> int:
    """Pack (stand-in): 1 resource shown in an opponent location's raze bonus, no raze (R171,
    A37)."""
    if "_loc" not in fr.vars:
        cands = [k for k in other_locations(st, fr.seat) if gang_goods(game, k)]
        k = pick_card(game, st, fr, cands, "take a resource from a raze bonus", "R171")
        if k == WAIT:
            return WAIT
        if k is None:
            return DONE
        fr.vars["_loc"] = k
    goods = gang_goods(game, fr.vars["_loc"])
    answer = game.runner.choose(
        st,
        fr,
        "option",
        [A.OPTION + i for i in range(len(goods))],
        purpose="which resource",
        texts=goods,
        rule="R171",
    )
    if answer == WAIT:
        return WAIT
    res = goods[answer - A.OPTION]
    p = st.seats[fr.seat]
    setattr(p, res, getattr(p, res) + 1)
    ev.append(event("gain", seat=fr.seat, goods=tokens_of({res: 1})))
    return DONE


@handlers.on(RazeOwn)
def raze_own(game: SettlersRules, st: SettlersState, fr: Frame, op: RazeOwn, ev: list) -> int:
    """Rabble (stand-in): raze one of your own common locations (R172, A38)."""
    p = st.seats[fr.seat]
    cands = [k for k in p.locations if game.cards[k].common and razeable(game, k)]
    k = pick_card(game, st, fr, cands, "raze one of your locations", "R172")
    if k == WAIT:
        return WAIT
    if k is not None:
        raze_location(game, st, fr.seat, fr.seat, k, ev)
    return DONE


@handlers.on(CancelDeal)
def cancel_deal(game: SettlersRules, st: SettlersState, fr: Frame, op: CancelDeal, ev: list) -> int:
    """Robbers (stand-in): an opponent's deal is cancelled (R174); in solo an attack card
    so cancelled leaves the row and the game (A44)."""
    a = pick_deal(game, st, fr, "cancel a deal", "R174", trades=True)
    if a == WAIT:
        return WAIT
    if a is not None and a - game.action_space.pick in trade_deals_of_opponents(st, fr.seat):
        k = a - game.action_space.pick  # R174: a deal made with a location, cancelled; the location stays
        owner = trade_owner(st, k)
        del st.seats[owner].trades[k]
        ev.append(event("trade_cancelled", seat=fr.seat, owner_seat=owner, card=game.cards[k].id))
    elif a is not None and a < game.action_space.pick:
        i = a - A.ATTACK
        st.attack_row.remove(i)
        st.attack_gone.append(i)
        ev.append(event("attack_cancelled", seat=fr.seat, attack=game.attacks[i].id, target=game.target(i)))
    elif a is not None:
        k = a - game.action_space.pick
        owner = deal_owner(st, k)
        st.seats[owner].deals.remove(k)
        discard_card(game, st, k)
        ev.append(event("deal_cancelled", seat=fr.seat, owner_seat=owner, card=game.cards[k].id))
    return DONE


@handlers.on(TakeDeal)
def take_deal(game: SettlersRules, st: SettlersState, fr: Frame, op: TakeDeal, ev: list) -> int:
    """Spies (stand-in): an opponent's deal becomes yours; not making a deal, so it pays
    nothing now (R167); in solo an attack card so taken leaves the row and pays its good
    in each later Production (A44)."""
    a = pick_deal(game, st, fr, "take a deal", "R167")
    if a == WAIT:
        return WAIT
    if a is not None and a < game.action_space.pick:
        i = a - A.ATTACK
        st.attack_row.remove(i)
        st.seats[fr.seat].attack_deals.append(i)
        ev.append(event("attack_taken", seat=fr.seat, attack=game.attacks[i].id, target=game.target(i)))
    elif a is not None:
        k = a - game.action_space.pick
        owner = deal_owner(st, k)
        st.seats[owner].deals.remove(k)
        st.seats[fr.seat].deals.append(k)
        ev.append(event("deal_taken", seat=fr.seat, owner_seat=owner, card=game.cards[k].id))
    return DONE


@handlers.on(FoundationFromHand)
def foundation_from_hand(game: SettlersRules, st: SettlersState, fr: Frame, op: FoundationFromHand, ev: list) -> int:
    """Sanctuary (stand-in): a card from hand becomes a foundation; 1 stone instead of the
    usual wood; not razing (R161, A22)."""
    p = st.seats[fr.seat]
    k = pick_card(game, st, fr, p.hand, "put a card as a foundation", "R161")
    if k == WAIT:
        return WAIT
    if k is not None:
        p.hand.remove(k)
        p.hidden_foundations.append(k)
        goods = {r: getattr(op, r) for r in RESOURCES if getattr(op, r)}
        for r, n in goods.items():
            setattr(p, r, getattr(p, r) + n)
        ev.append(event("foundation", seat=fr.seat, goods=tokens_of(goods)))
    return DONE


@handlers.on(PayCard)
def pay_card(game: SettlersRules, st: SettlersState, fr: Frame, op: PayCard, ev: list) -> int:
    """Tavern: a card from hand is the cost; it is discarded (R93, R177)."""
    return pay_with(game, st, fr, st.seats[fr.seat].hand, "discard a card to pay", "R93", "discard", ev)


@handlers.on(PayDeal)
def pay_deal(game: SettlersRules, st: SettlersState, fr: Frame, op: PayDeal, ev: list) -> int:
    """Hanseatic League: one of your deals is the cost; it is discarded (R72). A deal made with a
    location may be given up too; the location stays its owner's (R179)."""
    p = st.seats[fr.seat]
    if not p.trades:
        return pay_with(game, st, fr, p.deals, "give up a deal", "R72", "deal_given_up", ev)
    k = pick_card(game, st, fr, p.deals + list(p.trades), "give up a deal", "R179")
    if k == WAIT:
        return WAIT
    if k is None:
        return game.runner.abort(fr)
    if k in p.trades:
        del p.trades[k]
        ev.append(event("trade_given_up", seat=fr.seat, card=game.cards[k].id))
        return DONE
    p.deals.remove(k)
    discard_card(game, st, k)
    ev.append(event("deal_given_up", seat=fr.seat, card=game.cards[k].id))
    return DONE


def pay_with(
    game: SettlersRules, st: SettlersState, fr: Frame, pile: list[int], purpose: str, rule: str, kind: str, ev: list
) -> int:
    """A card of ``pile`` chosen and discarded as a cost; without one the effect stops."""
    k = pick_card(game, st, fr, pile, purpose, rule)
    if k == WAIT:
        return WAIT
    if k is None:
        return game.runner.abort(fr)
    pile.remove(k)
    discard_card(game, st, k)
    ev.append(event(kind, seat=fr.seat, card=game.cards[k].id))
    return DONE


@handlers.on(DiscardLocation)
def discard_location(game: SettlersRules, st: SettlersState, fr: Frame, op: DiscardLocation, ev: list) -> int:
    """An empire card's 'discard a location' cost: one of your locations, with whatever
    lies on it, or a foundation (R59, R59a-c, R110)."""
    c = game.cards[fr.card]
    if fr.vars.get("waive") or not c.discard:
        return DONE
    p = st.seats[fr.seat]
    k = pick_card(game, st, fr, discard_options(st, p), "discard a location or foundation", "R59")
    if k == WAIT:
        return WAIT
    assert k is not None  # building needed a location or foundation to discard (R59)
    if k in p.locations:
        take_off(st, fr.seat, k, ev, game.cards[k].id, game)
    elif k in p.foundations:
        p.foundations.remove(k)
    else:
        p.hidden_foundations.remove(k)
    discard_card(game, st, k)
    ev.append(event("discard_location", seat=fr.seat, card=game.cards[k].id))
    return DONE


@handlers.on(Place)
def place(game: SettlersRules, st: SettlersState, fr: Frame, op: Place, ev: list) -> int:
    """The card becomes a location: production at once (R61), the build bonus (R62, R63),
    then the 'each time you build' features, which count the new location (R18a)."""
    k = fr.card
    p = st.seats[fr.seat]
    if k in p.hand:
        p.hand.remove(k)
    else:
        p.deals.remove(k)  # Negotiator
    p.locations.append(k)
    c = game.cards[k]
    if not c.common and st.players == 1:
        st.empire_built += 1  # A30 (solo_count)
    ev.append(event("build", seat=fr.seat, card=c.id))
    fr.pc += 1  # this frame is done before the others run
    fire(game, st, fr.seat, "build", c.colours)
    if c.bonus:
        game.runner.push(st, fr.seat, k, "bonus")
    if c.production:
        game.runner.push(st, fr.seat, k, "production")
    return WAIT


@handlers.on(Exchange)
def exchange(game: SettlersRules, st: SettlersState, fr: Frame, op: Exchange, ev: list) -> int:
    """Exchange 2 workers per pair for a resource or a card, as many pairs as wanted, each
    chosen on its own (R95-R98, E8); Oasis owners gain 1 worker per pair (R160)."""
    p = st.seats[fr.seat]
    while True:
        good = fr.vars.pop("next", None)
        if good is not None:
            fr.vars["pairs"] = fr.vars.get("pairs", 0) + 1
            p.worker -= 2
            if good in RESOURCES:
                setattr(p, good, getattr(p, good) + 1)
                ev.append(event("exchange", seat=fr.seat, goods=tokens_of({good: 1})))
            else:
                source = "common" if good == "common_card" else "empire"
                ev.append(event("exchange", seat=fr.seat, goods=tokens_of({source + "_card": 1})))
                take_card(game, st, fr.seat, source, ev)
        options = exchange_options(st, fr.seat)
        answer = (
            game.runner.choose(
                st, fr, "exchange", options, optional=True, purpose="exchange 2 more workers", rule="R97"
            )
            if options
            else None
        )
        if answer == WAIT:
            return WAIT
        if answer is None:
            break
        fr.vars["next"] = A.EXCHANGE_GOODS[answer - A.EXCHANGE]
    pairs = fr.vars.get("pairs", 0)
    for q in opponents(st, fr.seat, open_only=False):  # A35: a trigger
        fire(game, st, q, "opponent_exchange", times=pairs)
    return DONE


@handlers.on(Store)
def store(game: SettlersRules, st: SettlersState, fr: Frame, op: Store, ev: list) -> int:
    """Cleanup's storage step on one storage location (R126.1, R168): its owner puts goods of his
    supply on it, up to its capacity, choosing one at a time only while both the room and the
    goods leave a choice. What the board keeps anyway (R131) is not offered: it needs no room."""
    p = st.seats[fr.seat]
    k = fr.card
    storage = game.cards[k].storage
    assert storage is not None
    board = game.data.boards[p.faction].store
    here = p.stored.setdefault(k, {})
    while True:
        answer = fr.vars.pop("next", None)
        if answer is not None:
            here[answer] = here.get(answer, 0) + 1
        room = storage.capacity - sum(here.values())
        free = {g: getattr(p, g) - stored_total(p, g) for g in storage.goods if g != board}
        goods = [g for g in storage.goods if free.get(g, 0) > 0]
        if room <= 0 or not goods:
            break
        if sum(free[g] for g in goods) <= room or len(goods) == 1:
            for g in goods:
                here[g] = here.get(g, 0) + min(free[g], room)
                room -= min(free[g], room)
            break
        choice = game.runner.choose(
            st,
            fr,
            "option",
            [A.OPTION + i for i in range(len(goods))],
            purpose="store a good",
            texts=goods,
            rule="R168",
        )
        if choice == WAIT:
            return WAIT
        fr.vars["next"] = goods[choice - A.OPTION]
    if not here:
        del p.stored[k]
    else:
        ev.append(event("store", seat=fr.seat, card=game.cards[k].id, goods=tokens_of(here)))
    return DONE


def keep_room(game: SettlersRules, st: SettlersState, fr: Frame, op: Tuck | PutOn, keep) -> int:
    """How many more things this op may put on its location: up to ``n`` (what it put so far
    counted), and the location's capacity."""
    p = st.seats[fr.seat]
    room = op.n - fr.vars.get("_done", 0)
    if keep.capacity is not None:
        room = min(room, keep.capacity - kept_count(p, fr.card))
    return room


@handlers.on(Tuck)
def tuck(game: SettlersRules, st: SettlersState, fr: Frame, op: Tuck, ev: list) -> int:
    """Gate (R152): up to n cards from the hand under this location, one at a time, each the
    player's choice, who may stop. They never come back to the hand; the others see only how
    many lie there (the cards come from a hidden hand, R37, and the rules never show them)."""
    p = st.seats[fr.seat]
    k = fr.card
    keep = game.cards[k].under if k >= 0 else None
    if keep is None or k not in p.locations:
        return DONE
    while keep_room(game, st, fr, op, keep) > 0 and p.hand:
        x = pick_card(game, st, fr, p.hand, "put a card under the location", "R152", optional=True)
        if x == WAIT:
            return WAIT
        if x is None:
            break
        p.hand.remove(x)
        p.under.setdefault(k, []).append(x)
        fr.vars["_done"] = fr.vars.get("_done", 0) + 1
        ev.append(event("tuck", seat=fr.seat, card=game.cards[k].id, n=len(p.under[k])))
    return DONE


@handlers.on(PutOn)
def put_on(game: SettlersRules, st: SettlersState, fr: Frame, op: PutOn, ev: list) -> int:
    """Shrine (R155): up to n goods of the supply (of the location's goods) onto it, one at a
    time, each the player's choice, who may stop. They leave the supply for good: not spent, not
    discarded at Cleanup, open to all like the supply (R117)."""
    p = st.seats[fr.seat]
    k = fr.card
    keep = game.cards[k].keeps if k >= 0 else None
    if keep is None or k not in p.locations:
        return DONE
    while keep_room(game, st, fr, op, keep) > 0:
        goods = [g for g in keep.goods if getattr(p, g) - stored_total(p, g) > 0]
        if not goods:
            break
        choice = game.runner.choose(
            st,
            fr,
            "option",
            [A.OPTION + i for i in range(len(goods))],
            True,
            purpose="put a good on the location",
            texts=goods,
            rule="R155",
        )
        if choice == WAIT:
            return WAIT
        if choice is None:
            break
        good = goods[choice - A.OPTION]
        setattr(p, good, getattr(p, good) - 1)
        here = p.kept.setdefault(k, {})
        here[good] = here.get(good, 0) + 1
        fr.vars["_done"] = fr.vars.get("_done", 0) + 1
        ev.append(event("put_on", seat=fr.seat, card=game.cards[k].id, goods=tokens_of({good: 1})))
    return DONE


@handlers.on(TradeDeal)
def trade_deal(game: SettlersRules, st: SettlersState, fr: Frame, op: TradeDeal, ev: list) -> int:
    """Trade Route (R73, D6): a deal with a location of an open opponent, as this card's
    ``trade`` says; it pays at once if the card says so (R68), and is kept by the maker apart
    from the deals under the board (R153, R167)."""
    if fr.vars.get("_done"):
        return DONE
    m = fr.card
    trade = game.cards[m].trade if m >= 0 else None
    if trade is None:
        return DONE
    k = pick_card(game, st, fr, trade_targets(game, st, fr.seat, trade), "make a deal with a location", "R73")
    if k == WAIT:
        return WAIT
    if k is None:
        return DONE
    fr.vars["_done"] = True
    st.seats[fr.seat].trades[k] = m
    ev.append(event("trade_deal", seat=fr.seat, owner_seat=location_owner(st, k), card=game.cards[k].id))
    if not trade.now:
        return DONE
    card, part = trade_frame(game, k, m)
    game.runner.push(st, fr.seat, card, part)
    return WAIT


@handlers.on(CaptureLocation)
def capture(game: SettlersRules, st: SettlersState, fr: Frame, op: CaptureLocation, ev: list) -> int:
    """Temple of Ra (R163, D7): one of this card's tokens on a location of an open opponent; it
    gives nothing now (R163), its sharing is the card's ``capture``."""
    m = fr.card
    if m < 0 or game.cards[m].capture is None:
        return DONE
    k = pick_card(game, st, fr, capture_targets(game, st, fr.seat, m), "capture a location", "R163")
    if k == WAIT:
        return WAIT
    if k is not None:
        st.seats[fr.seat].captured[k] = m
        ev.append(event("capture", seat=fr.seat, owner_seat=location_owner(st, k), card=game.cards[k].id))
    return DONE
