"""One handler per operation of the effect vocabulary (docs/games/imperium-data.md), and the
operations of the rules programs (clean-up, Innovate, a reactive exhaust's offer).

A handler returns ``DONE`` (True) when its operation is finished, or ``WAIT`` after pushing a
decision or a child frame; it is then called again with the answer in ``fr.vars["_answer"]``
(or after the child frame ended) and continues from the progress it keeps in ``fr.vars`` under
"_" keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event
from epochal.engine import rng as rngmod
from epochal.engine.effects import ANSWER, WAIT, Registry

from . import actions as A
from . import piles, playing, scoring, shared
from .hooks import HOOKS
from .shared import GAINS, RES, costs
from .vocab import (
    Abandon,
    Acquire,
    AcquireExiled,
    AllPlayers,
    AsProduction,
    AttackToll,
    BreakThrough,
    Choose,
    CleanupDiscard,
    Cond,
    Develop,
    Discard,
    DiscardHand,
    Draw,
    DrawToLimit,
    EachOther,
    EndTrigger,
    EnterEmpire,
    ExhaustTokens,
    ExileMarket,
    ExileSelf,
    FameLookExtra,
    Filter,
    Find,
    Gain,
    GainPer,
    Garrison,
    GiveCard,
    History,
    Hook,
    If,
    Line,
    LookFame,
    MarketAdd,
    MarketToken,
    May,
    NationLook,
    NationTopToDiscard,
    OfferReaction,
    PathStep,
    Pay,
    PayAll,
    PayToAvoidAttack,
    PlaceMarketToken,
    PlayCard,
    Quest,
    Recall,
    RecallToAvoidAttack,
    Repeat,
    Require,
    ResetTokens,
    Retrieve,
    ReturnExhaust,
    ReturnUnrest,
    Sink,
    SolsticeOrder,
    Steal,
    SwapExile,
    TakeUnrest,
    TopOfDeck,
    When,
)

if TYPE_CHECKING:
    from .rules import ImperiumRules

SUIT_ACTIONS = ("region", "uncivilised", "civilised", "tributary")

handlers = Registry("operation")


@handlers.on(Gain)
def op_gain(game: ImperiumRules, st, fr, op: Gain, ev: list) -> int | bool:  # R160, R152
    gained = {res: shared.gain(game, st, fr.seat, res, getattr(op, res), ev) for res in GAINS}
    if op.via is not None and gained["materials"]:  # R265 (Boats), R267 (Water Mill)
        shared.react(game, st, fr.seat, f"materials_from_{op.via}", ev)
    return True


@handlers.on(GainPer)
def op_gain_per(game: ImperiumRules, st, fr, op: GainPer, ev: list) -> int | bool:
    n = op.n * scoring.count(game, st, fr.seat, op.count, fr)
    if shared.gain(game, st, fr.seat, op.res, n, ev):
        if op.res == "materials" and op.count.in_play is not None:
            materials_from_regions(game, st, fr.seat, op.count.in_play, ev)
    return True


def materials_from_regions(game: ImperiumRules, st, seat: int, f: Filter, ev: list) -> None:
    """Shaduf (R265), Domestication (R267): materials gained through a river (a fertile) card
    in play may trigger it, whichever card started the gain; a card Agriculture or Qanat
    counts as production this turn is used too."""
    p = st.seats[seat]
    for kind in ("river", "fertile"):
        counted = "production" in scoring.region_types(f) and scoring.as_production(p, kind) > 0
        if any(kind in game.cards[k].regions and (counted or shared.matches(game, k, f)) for k in p.play):
            shared.react(game, st, seat, f"materials_from_{kind}", ev)


@handlers.on(Pay)
def op_pay(game: ImperiumRules, st, fr, op: Pay, ev: list) -> int | bool:  # R163
    op = playing.discounted(game, st, fr.seat, fr.card, op)  # Direct Democracy
    if not shared.pay(game, st, fr.seat, costs(op), ev):
        fr.vars["_abort"] = True  # R73: as far as possible
    return True


@handlers.on(ReturnExhaust)
def op_return_exhaust(game: ImperiumRules, st, fr, op: ReturnExhaust, ev: list) -> int | bool:
    p = st.seats[fr.seat]
    # the token comes off the card exhausted last, never off the card whose exhaust this is
    # (Olmec Hieroglyphics would otherwise free itself to be exhausted again at once)
    others = [k for k in p.exhausted if k != fr.card]
    if others:
        p.exhausted.remove(others[-1])
        p.exhausts += 1
    return True


@handlers.on(Draw)
def op_draw(game: ImperiumRules, st, fr, op: Draw, ev: list) -> int | bool:  # R95, R96
    n = op.n
    if op.per is not None:  # "draw a card per {city} in play"
        n *= scoring.count(game, st, fr.seat, op.per, fr)
    return piles.draw_cards(game, st, fr, fr.seat, n, not op.if_able, ev)


def _repeat_pick(
    game: ImperiumRules, st, fr, n: int, may: bool, candidates_fn, act, purpose: str, rule: str
) -> int | bool:
    """Choose up to ``n`` cards one by one (``may``: the seat may stop), acting on each."""
    left = fr.vars.get("_n", n)
    while left > 0:
        cands = [] if ANSWER in fr.vars else candidates_fn()  # answered: pick_card needs none
        k = shared.pick_card(game, st, fr, cands, may, purpose, rule)
        if k == WAIT:
            fr.vars["_n"] = left
            return WAIT
        if k is None:
            break
        used = act(k)  # a card may count as several (Grand Trunk Road, R263)
        left -= used if isinstance(used, int) else 1
    return True


@handlers.on(Discard)
def op_discard(game: ImperiumRules, st, fr, op: Discard, ev: list) -> int | bool:  # R169
    op = playing.discounted(game, st, fr.seat, fr.card, op)  # Direct Democracy
    if op.filter is not None and not op.any_number:  # "discard 2 {mask}"; "any number of {unrest}" below
        return discard_matching(game, st, fr, op, ev)
    p = st.seats[fr.seat]
    drawn = fr.vars.get("drawn", [])  # "draw 2 and discard one of them"

    def cands():
        cards = [k for k in p.hand if k in drawn] if op.from_ == "drawn" else list(p.hand)
        return [k for k in cards if shared.matches(game, k, op.filter)]

    def act(k):
        p.hand.remove(k)
        p.discard.append(k)
        ev.append(event("discard", seat=fr.seat, card=game.cards[k].id))
        game.runner.shared_vars(st, fr)["discarded"] = game.runner.shared_vars(st, fr).get("discarded", 0) + 1

    if op.any_number:  # "discard any number of ...": one at a time until the seat stops
        return _repeat_pick(game, st, fr, len(p.hand), True, cands, act, "discard", "R169")
    return _repeat_pick(game, st, fr, op.n, op.may, cands, act, "discard", "R169")


def discard_matching(game: ImperiumRules, st, fr, op: Discard, ev: list) -> int | bool:
    """Discard ``n`` cards matching the filter ("discard 2 {mask}"): a cost, so the effect
    stops if they cannot all be discarded (R73, R163). A card whose reactive exhaust lowers
    such a discard by 1 is offered first (Step Pyramids), and used without asking when the
    discard could not be made without it; cards garrisoned under a card with the passive
    ``garrison_discards`` may be abandoned instead of discarded (Stone Heads, R167)."""
    p = st.seats[fr.seat]
    instead = shared.garrison_discards(game, st, fr.seat, op.filter)
    if "_n" not in fr.vars:
        n = op.n
        have = sum(1 for k in p.hand if shared.matches(game, k, op.filter)) + len(instead)
        pyramid = shared.discard_fewer_card(game, st, fr.seat, op.filter) if n and not op.may else -1
        if pyramid >= 0:
            if have >= n:
                answer = game.runner.choose(
                    st,
                    fr,
                    "may",
                    [A.YES, A.NO],
                    False,
                    purpose="exhaust {card} to discard one card fewer",
                    rule="R80",
                    card=pyramid,
                )
                if answer == WAIT:
                    return WAIT
            else:
                answer = A.YES
            if answer == A.YES:
                p.exhausts -= 1
                p.exhausted.append(pyramid)
                ev.append(event("exhaust", seat=fr.seat, card=game.cards[pyramid].id))
                n -= 1
        fr.vars["_n"] = n
    while fr.vars["_n"] > 0:
        instead = shared.garrison_discards(game, st, fr.seat, op.filter)
        cands = [k for k in p.hand if shared.matches(game, k, op.filter)] + list(instead)
        if not cands:
            if not op.may:
                fr.vars["_abort"] = True  # R73: the cost cannot be paid in full
            return True
        if instead:
            under = next(iter(instead.values()))
            k = shared.pick_card(
                game, st, fr, cands, op.may, "discard, or abandon a card garrisoned under {card}", "R169", card=under
            )
        else:
            k = shared.pick_card(game, st, fr, cands, op.may, "discard", "R169")
        if k == WAIT:
            return WAIT
        if k is None:
            return True
        if k in instead:
            p.garrison[instead[k]].remove(k)
            if not p.garrison[instead[k]]:
                del p.garrison[instead[k]]
            p.discard.append(k)
            ev.append(event("abandon", seat=fr.seat, card=game.cards[k].id))
        else:
            p.hand.remove(k)
            p.discard.append(k)
            ev.append(event("discard", seat=fr.seat, card=game.cards[k].id))
        fr.vars["_n"] -= 1
    return True


@handlers.on(History)
def op_history(game: ImperiumRules, st, fr, op: History, ev: list) -> int | bool:  # R183
    p = st.seats[fr.seat]
    source = op.from_
    if source == "self":
        if fr.card in p.play:
            for under in shared.leave_play(st, fr.seat, fr.card):
                shared.to_history(game, st, fr.seat, under, ev)
            shared.to_history(game, st, fr.seat, fr.card, ev)
        return True
    if source == "hand_or_garrison":  # Gwaith Camlan: a garrison card alone (R168)
        return _history_hand_or_garrison(game, st, fr, op, ev)
    zones = ("hand", "discard") if source == "hand_or_discard" else (source,)

    def cands():
        return [k for z in zones for k in getattr(p, z) if shared.matches(game, k, op.filter)]

    def act(k):
        if source == "play":  # with its garrison (R180)
            for under in shared.leave_play(st, fr.seat, k):
                shared.to_history(game, st, fr.seat, under, ev)
        else:
            shared.remove_from(p, k, zones)
        shared.to_history(game, st, fr.seat, k, ev)

    return _repeat_pick(game, st, fr, 1, op.may, cands, act, "put into history", "R183")


def _history_hand_or_garrison(game: ImperiumRules, st, fr, op: History, ev: list) -> int | bool:
    p = st.seats[fr.seat]

    def cands():
        garrisoned = [g for host in p.play for g in p.garrison.get(host, [])]
        return [k for k in p.hand + garrisoned if shared.matches(game, k, op.filter)]

    def act(k):
        if k in p.hand:
            p.hand.remove(k)
        else:
            shared.ungarrison(st, fr.seat, k)
        shared.to_history(game, st, fr.seat, k, ev)

    return _repeat_pick(game, st, fr, 1, op.may, cands, act, "put into history", "R183")


@handlers.on(TopOfDeck)
def op_top_of_deck(game: ImperiumRules, st, fr, op: TopOfDeck, ev: list) -> int | bool:
    p = st.seats[fr.seat]
    zone = op.from_

    def act(k):
        getattr(p, zone).remove(k)
        p.deck.append(k)

    return _repeat_pick(
        game, st, fr, op.n, op.may, lambda: list(getattr(p, zone)), act, "put on top of your deck", "R95"
    )


@handlers.on(Retrieve)
def op_retrieve(game: ImperiumRules, st, fr, op: Retrieve, ev: list) -> int | bool:
    p = st.seats[fr.seat]
    zone = getattr(p, op.from_)  # "history": Hannibal (R184)

    def act(k):
        zone.remove(k)
        (p.deck if op.to == "deck" else p.hand).append(k)
        if op.from_ == "discard":
            ev.append(event("retrieve", seat=fr.seat, card=game.cards[k].id))
        else:  # history is private (R184)
            ev.append(event("retrieve_history", seat=fr.seat, card=game.cards[k].id, to=[fr.seat]))

    return _repeat_pick(
        game,
        st,
        fr,
        op.n,
        op.may,
        lambda: [k for k in zone if shared.matches(game, k, op.filter)],
        act,
        "take from your history" if op.from_ == "history" else "take from your discard pile",
        "R154",
    )


@handlers.on(Garrison)
def op_garrison(game: ImperiumRules, st, fr, op: Garrison, ev: list) -> int | bool:  # R176-R178
    p = st.seats[fr.seat]
    if fr.card not in p.play:
        return True

    def cands():
        return [k for k in p.hand if not game.cards[k].no_garrison and shared.matches(game, k, op.filter)]

    def act(k):
        p.hand.remove(k)
        p.garrison.setdefault(fr.card, []).append(k)
        ev.append(event("garrison", seat=fr.seat, card=game.cards[k].id, under=game.cards[fr.card].id))

    return _repeat_pick(game, st, fr, 1, op.may, cands, act, "garrison", "R176")


@handlers.on(Recall)
def op_recall(game: ImperiumRules, st, fr, op: Recall, ev: list) -> int | bool:  # R158, G12
    p = st.seats[fr.seat]
    if op.itself:  # Avalon: this card, with its garrison
        if fr.card in p.play and not game.cards[fr.card].fixed:
            p.hand += [fr.card] + shared.leave_play(st, fr.seat, fr.card)
            ev.append(event("recall", seat=fr.seat, card=game.cards[fr.card].id))
        return True

    def cands():
        return playing.recallable(game, st, fr.seat, op, fr.card)

    def act(k):
        if op.garrisoned:  # a card garrisoned under this one, alone (R168)
            shared.ungarrison(st, fr.seat, k)
            p.hand.append(k)
        else:
            under = shared.leave_play(st, fr.seat, k)
            p.hand += [k] + under
        ev.append(event("recall", seat=fr.seat, card=game.cards[k].id))
        store = game.runner.shared_vars(st, fr)
        store.setdefault("recalled", []).append(k)  # the card used for what follows (Trading Ships)
        if op.count_var:
            store[op.count_var] = store.get(op.count_var, 0) + 1

    return _repeat_pick(game, st, fr, 1, op.may, cands, act, "recall", "R158")


@handlers.on(Abandon)
def op_abandon(game: ImperiumRules, st, fr, op: Abandon, ev: list) -> int | bool:  # R167
    p = st.seats[fr.seat]
    if op.itself:
        if fr.card in p.play:
            p.discard += [fr.card] + shared.leave_play(st, fr.seat, fr.card)
        return True

    def cands():
        return playing.abandonable(game, st, fr.seat, op)

    def act(k):
        if op.garrisoned:  # the garrison card alone (R168)
            shared.ungarrison(st, fr.seat, k)
            p.discard.append(k)
        else:
            p.discard += [k] + shared.leave_play(st, fr.seat, k)
        ev.append(event("abandon", seat=fr.seat, card=game.cards[k].id))
        if op.count_var:
            store = game.runner.shared_vars(st, fr)
            store[op.count_var] = store.get(op.count_var, 0) + 1
        return shared.region_weight(game, k, op.filter)  # R263

    return _repeat_pick(game, st, fr, op.n, op.may, cands, act, "abandon", "R167")


@handlers.on(TakeUnrest)
def op_take_unrest(game: ImperiumRules, st, fr, op: TakeUnrest, ev: list) -> int | bool:  # R147
    p = st.seats[fr.seat]
    for _ in range(op.n):
        k = piles.take_from_unrest_pile(game, st, ev)
        if k < 0:
            break
        p.hand.append(k)
        ev.append(event("take_unrest", seat=fr.seat))
        if st.over:
            break
        shared.unrest_taken(game, st, fr.seat, ev)  # Vikings
    return True


@handlers.on(ReturnUnrest)
def op_return_unrest(game: ImperiumRules, st, fr, op: ReturnUnrest, ev: list) -> int | bool:  # R146
    p = st.seats[fr.seat]
    zones = op.from_
    if zones == ["garrison"]:  # every unrest under this card (Mountain Retreat)
        under = p.garrison.get(fr.card, [])
        for k in [k for k in under if "unrest" in game.cards[k].suits]:
            under.remove(k)
            st.unrest.append(k)
            ev.append(event("return_unrest", seat=fr.seat, card=game.cards[k].id))
            shared.react(game, st, fr.seat, "return_unrest", ev)
        return True
    if zones == ["self"]:  # an unrest card returns itself (R75)
        if fr.card in p.play:
            shared.leave_play(st, fr.seat, fr.card)
            st.unrest.append(fr.card)
            ev.append(event("return_unrest", seat=fr.seat, card=game.cards[fr.card].id))
            shared.react(game, st, fr.seat, "return_unrest", ev)  # you returned an unrest: Wonder
        return True

    def cands():
        return [k for z in zones for k in getattr(p, z) if "unrest" in game.cards[k].suits]

    def act(k):
        shared.remove_from(p, k, zones)
        st.unrest.append(k)
        ev.append(event("return_unrest", seat=fr.seat, card=game.cards[k].id))
        shared.react(game, st, fr.seat, "return_unrest", ev)
        if op.count_var:  # Cacao, Utopians A: the returns counted for the card's player
            store = game.runner.shared_vars(st, fr)
            store[op.count_var] = store.get(op.count_var, 0) + 1

    return _repeat_pick(game, st, fr, op.n, op.may or op.up_to, cands, act, "return an unrest", "R146")


@handlers.on(GiveCard)
def op_give_card(game: ImperiumRules, st, fr, op: GiveCard, ev: list) -> int | bool:
    """Exports: each other player receives a card from your hand or discard pile."""
    p = st.seats[fr.seat]
    targets = fr.vars.setdefault("_targets", shared.others(st, fr.seat))
    while (reached := _reached(game, st, fr, ev, shared.is_attack(game, fr))) is not None:  # Monopoly, Exports
        if reached == WAIT:
            return WAIT
        k = shared.pick_card(game, st, fr, p.hand + p.discard, False, "give a card", "R150")
        if k == WAIT:
            return WAIT
        target = targets.pop(0)
        if k is not None:
            shared.remove_from(p, k, ("hand", "discard"))
            st.seats[target].hand.append(k)
            ev.append(event("give", seat=fr.seat, to_seat=target))
            ev.append(event("given", seat=fr.seat, card=game.cards[k].id, to=[fr.seat, target]))
            if op.unrest_if is not None and shared.matches(game, k, op.unrest_if):  # Olmec Traders
                u = piles.take_from_unrest_pile(game, st, ev)
                if u >= 0:
                    st.seats[target].hand.append(u)
                    ev.append(event("take_unrest", seat=target))
                if st.over:
                    return True
                shared.unrest_taken(game, st, target, ev)
    return True


@handlers.on(ExileMarket)
def op_exile_market(game: ImperiumRules, st, fr, op: ExileMarket, ev: list) -> int | bool:  # R139-R141
    def act(k):
        slot = piles.slot_of(st, k)
        s = st.market[slot]
        st.exile.append(k)
        if s.unrest >= 0:
            st.unrest.append(s.unrest)
        s.card, s.unrest, s.tokens = -1, -1, {}
        ev.append(event("exile", seat=fr.seat, card=game.cards[k].id))
        piles.refill(game, st, slot, ev)

    return _repeat_pick(
        game,
        st,
        fr,
        op.n,
        op.may,
        lambda: piles.market_cards(game, st, [], exile=True),
        act,
        "exile from the market",
        "R141",
    )


@handlers.on(MarketAdd)
def op_market_add(game: ImperiumRules, st, fr, op: MarketAdd, ev: list) -> int | bool:
    """Put tokens from the general supply on a market card of your choice (Carthaginian
    Traders); they go to whoever takes the card (R130) and stop it being exiled (R141)."""
    cards = [s.card for s in st.market if s.card >= 0]
    k = shared.pick_card(game, st, fr, cards, False, "add tokens to a market card", "R84")
    if k == WAIT:
        return WAIT
    if k is not None:
        piles.put_tokens(game, st, fr.seat, k, {res: getattr(op, res) for res in RES if getattr(op, res)}, ev)
    return True


@handlers.on(SwapExile)
def op_swap_exile(game: ImperiumRules, st, fr, op: SwapExile, ev: list) -> int | bool:  # R142
    """Swap an exiled card with a market card (Lighthouse): the market card is exiled and
    its tucked unrest returns to the pile (R140); the exiled card takes its slot, with an
    unrest tucked under it if its category carries one (R127), and keeps the slot's tokens."""
    if "_in" not in fr.vars:
        k = shared.pick_card(game, st, fr, list(st.exile), op.may, "take a card from the exile pile", "R142")
        if k == WAIT:
            return WAIT
        if k is None:
            return True
        fr.vars["_in"] = k
    new = fr.vars["_in"]
    out = shared.pick_card(
        game, st, fr, piles.market_cards(game, st, []), False, "swap {card} with a market card", "R142", card=new
    )
    if out == WAIT:
        return WAIT
    if out is None:
        return True
    slot = piles.slot_of(st, out)
    s = st.market[slot]
    st.exile.remove(new)
    st.exile.append(out)
    if s.unrest >= 0:
        st.unrest.append(s.unrest)
        s.unrest = -1
    s.card = new
    ev.append(event("exile", seat=fr.seat, card=game.cards[out].id))
    ev.append(event("market_card", slot=slot, card=game.cards[new].id))
    piles.tuck_unrest(game, st, slot, ev)
    return True


@handlers.on(Acquire)
def op_acquire(game: ImperiumRules, st, fr, op: Acquire, ev: list) -> int | bool:  # R130-R133
    def cands():
        if st.over:  # the refill collapsed the game (R223)
            return []
        out = piles.market_cards(game, st, op.suits, op.filter) if op.market else []
        if op.token:  # "a card in the market with {material} on it"
            out = [k for k in out if st.market[piles.slot_of(st, k)].tokens.get(op.token)]
        if op.exile:  # "including from exiled cards" (R143); the Holy Grail: any exiled card
            out += [
                k
                for k in st.exile
                if (any(s in game.cards[k].suits for s in op.suits) or not op.suits)
                and shared.matches(game, k, op.filter)
            ]
        allowed = [x.args.filter for x in shared.active(game, st, fr.seat, AcquireExiled)]
        if allowed and not op.exile and not op.token:  # Chariots, Longships
            out += [
                k
                for k in st.exile
                if any(s in game.cards[k].suits for s in op.suits)
                and shared.matches(game, k, op.filter)
                and any(shared.matches(game, k, a) for a in allowed)
            ]
        return out

    def act(k):
        if k in st.exile:
            piles.acquire_from_exile(game, st, fr.seat, k, ev)
            return
        materials = st.market[piles.slot_of(st, k)].tokens.get("materials", 0)
        piles.take_from_market(game, st, fr.seat, k, True, ev)
        if st.over:  # its tucked unrest emptied the unrest pile: collapse stops everything (R223)
            return
        if materials and op.token == "materials":  # Trading Ships: a recalled card brought them
            recalled = game.runner.shared_vars(st, fr).get("recalled", [])
            for kind in ("river", "fertile"):  # R265, R267
                if any(kind in game.cards[r].regions for r in recalled):
                    shared.react(game, st, fr.seat, f"materials_from_{kind}", ev)

    if op.then_play:  # "... and immediately free play it"
        k = shared.pick_card(game, st, fr, cands(), op.may, "acquire", "R130")
        if k == WAIT:
            return WAIT
        if k is not None:
            act(k)
            if not st.over and k in st.seats[fr.seat].hand and playing.playable_now(game, st, fr.seat, k, True):
                playing.put_into_play(game, st, fr.seat, k, "hand", True, ev)
        return True
    n = op.n
    if op.per is not None:  # "for each region abandoned, acquire" (School of Diplomacy)
        n *= scoring.count(game, st, fr.seat, op.per, fr)
    return _repeat_pick(game, st, fr, n, op.may, cands, act, "acquire", "R130")


@handlers.on(PlayCard)
def op_play_card(game: ImperiumRules, st, fr, op: PlayCard, ev: list) -> int | bool:  # R71
    zone = op.from_
    k = shared.pick_card(
        game,
        st,
        fr,
        playing.play_card_candidates(game, st, fr.seat, op, fr.card),
        op.may,
        "play a card from your hand" if zone == "hand" else "play a card from your discard pile",
        "R71",
    )
    if k == WAIT:
        return WAIT
    if k is not None:
        playing.put_into_play(game, st, fr.seat, k, zone, op.free, ev)
    return True


@handlers.on(BreakThrough)
def op_break_through(game: ImperiumRules, st, fr, op: BreakThrough, ev: list) -> int | bool:  # R134-R137
    suits = op.suits
    if "_suit" not in fr.vars:
        options = [A.SUIT + SUIT_ACTIONS.index(s) for s in suits]
        answer = game.runner.choose(
            st, fr, "suit", options, op.may, purpose="break through: declare a category", rule="R134"
        )
        if answer == WAIT:
            return WAIT
        if answer is None:
            return True
        fr.vars["_suit"] = SUIT_ACTIONS[answer - A.SUIT]
    suit = fr.vars["_suit"]
    market = piles.market_cards(game, st, [suit], op.filter)
    if op.exile:  # "you MAY choose an exiled card" (R143)
        market += [k for k in st.exile if suit in game.cards[k].suits and shared.matches(game, k, op.filter)]
    deck = st.decks.get(suit, [])
    options = [game.action_space.card + k for k in market]
    if suit != "tributary" and deck and not op.filter:
        options.append(A.BT_DECK)  # variants 2-4
    if suit == "tributary" or not deck or op.filter:
        options.append(A.BT_MAIN)  # variant 5
    answer = game.runner.choose(
        st, fr, "bt_source", options, False, purpose="break through for the declared category", rule="R135", suit=suit
    )
    if answer == WAIT:
        return WAIT
    p = st.seats[fr.seat]
    if answer == A.BT_DECK:  # the deck's top goes unseen into the hand
        k = deck.pop()
        p.hand.append(k)
        ev.append(event("break_through_deck", seat=fr.seat, suit=suit))
        ev.append(event("break_through", seat=fr.seat, card=game.cards[k].id, to=[fr.seat]))
        shared.card_gained(game, st, fr.seat, k, ev)  # Celts A
    elif answer == A.BT_MAIN:
        piles.reveal_main(game, st, fr.seat, suit, op.filter, ev)
    elif answer - game.action_space.card in st.exile:  # no unrest comes with it (R143)
        k = answer - game.action_space.card
        st.exile.remove(k)
        p.hand.append(k)
        ev.append(event("break_through", seat=fr.seat, card=game.cards[k].id, exile=True))
        shared.card_gained(game, st, fr.seat, k, ev)
    else:
        piles.take_from_market(game, st, fr.seat, answer - game.action_space.card, False, ev)
    return True


@handlers.on(Develop)
def op_develop(game: ImperiumRules, st, fr, op: Develop, ev: list) -> int | bool:  # R171-R173
    p = st.seats[fr.seat]
    if shared.cannot_develop(p):
        return True
    free = op.free
    cands = [k for k in p.development if free or shared.can_pay(p, shared.dev_cost(game, st, fr.seat, k))]
    k = shared.pick_card(game, st, fr, cands, op.may, "develop", "R171")
    if k == WAIT:
        return WAIT
    if k is not None:
        piles.develop(game, st, fr.seat, k, not free, ev)
    return True


@handlers.on(LookFame)
def op_look_fame(game: ImperiumRules, st, fr, op: LookFame, ev: list) -> int | bool:  # R255, R243
    p = st.seats[fr.seat]
    if "_seen" not in fr.vars:
        extra = shared.active(game, st, fr.seat, FameLookExtra)
        n = op.n + sum(x.args.n for x in extra)
        for x in extra:
            p.progress += x.args.progress
        if not st.fame:
            piles.king_of_kings(game, st, fr.seat, ev)
            return True
        fr.vars["_seen"] = st.fame[-n:]
        ev.append(
            event(
                "look_fame",
                seat=fr.seat,
                n=len(fr.vars["_seen"]),
                cards=[game.cards[k].id for k in fr.vars["_seen"]],
                to=[fr.seat],
            )
        )
    seen = fr.vars["_seen"]
    if "_taken" not in fr.vars:
        k = shared.pick_card(game, st, fr, seen, False, "take a fame card", "R255")
        if k == WAIT:
            return WAIT
        fr.vars["_taken"] = True
        if k is not None and op.take:
            st.fame.remove(k)
            seen.remove(k)
            p.hand.append(k)
            ev.append(event("take_fame", seat=fr.seat))
    return put_back(game, st, fr, st.fame, "put the fame cards back")


def put_back(game: ImperiumRules, st, fr, deck: list, purpose: str) -> int | bool:
    """R161: the cards looked at (``fr.vars["_seen"]``, still on top of ``deck``) go back in
    the order the seat chooses, from the top down: each chosen card goes right under those
    already put back; the last one is left where it is. Only the seat is offered them."""
    seen = fr.vars["_seen"]
    placed = fr.vars.setdefault("_placed", 0)
    while len(seen) > 1:
        k = shared.pick_card(game, st, fr, seen, False, purpose, "R161")
        if k == WAIT:
            return WAIT
        deck.remove(k)
        deck.insert(len(deck) - placed, k)
        seen.remove(k)
        placed = fr.vars["_placed"] = placed + 1
    return True


@handlers.on(NationTopToDiscard)
def op_nation_top_to_discard(game: ImperiumRules, st, fr, op: NationTopToDiscard, ev: list) -> int | bool:
    piles.nation_top_to_discard(game, st, fr.seat, ev)
    return True


@handlers.on(NationLook)
def op_nation_look(game: ImperiumRules, st, fr, op: NationLook, ev: list) -> int | bool:  # R161, R193
    """Look at the top card of your nation deck; then (``then``) you MAY move it to the
    bottom, just above the accession card, or shuffle the nation deck (the accession card
    stays at the bottom, R156). The accession card itself is never moved."""
    p = st.seats[fr.seat]
    acc = 1 if p.nation_deck and game.cards[p.nation_deck[0]].location == "accession" else 0
    if not p.nation_deck:
        return True
    if "_looked" not in fr.vars:
        fr.vars["_looked"] = True
        ev.append(event("look_nation", seat=fr.seat, card=game.cards[p.nation_deck[-1]].id, to=[fr.seat]))
    then = op.then
    if then not in ("bottom", "shuffle") or len(p.nation_deck) - acc < 2:
        return True  # nothing that could change
    purpose = "move the top card of your nation deck to its bottom" if then == "bottom" else "shuffle your nation deck"
    answer = game.runner.choose(st, fr, "may", [A.YES, A.NO], False, purpose=purpose, rule="R161")
    if answer == WAIT:
        return WAIT
    if answer == A.YES:
        if then == "bottom":
            p.nation_deck.insert(acc, p.nation_deck.pop())
            ev.append(event("nation_bottom", seat=fr.seat))
        else:
            rest = p.nation_deck[acc:]
            rngmod.shuffle(st, rest)
            p.nation_deck = p.nation_deck[:acc] + rest
            ev.append(event("nation_shuffle", seat=fr.seat))
    return True


@handlers.on(Find)
def op_find(game: ImperiumRules, st, fr, op: Find, ev: list) -> int | bool:  # R154-R156
    """Find a card (by ``filter``) in your hand, discard pile, deck or nation deck, at your
    choice (G28), and put it into your hand (or ``to`` your discard pile); the deck searched is
    shuffled (R156), and the accession card is never taken (R193). A card named by the filter
    is searched for in that order, from the first zone that holds one (R154)."""
    p = st.seats[fr.seat]
    zones = tuple(op.from_ or ("hand", "discard", "deck", "nation_deck"))
    found = {
        z: [
            k
            for k in getattr(p, z)
            if shared.matches(game, k, op.filter) and not (z == "nation_deck" and game.cards[k].location == "accession")
        ]
        for z in zones
    }
    named = op.filter is not None and (op.filter.name is not None or op.filter.id is not None)
    if named:  # R154: the fixed order
        found = {z: found[z] for z in zones[: next((i + 1 for i, z in enumerate(zones) if found[z]), 0)]}
    cands = [k for z in found for k in found[z]]
    k = shared.pick_card(game, st, fr, cands, False, "find a card", "R155")
    if k == WAIT:
        return WAIT
    if k is None:
        return True
    zone = next(z for z in zones if k in getattr(p, z))
    getattr(p, zone).remove(k)
    if op.to == "discard":  # the discard pile is open: everyone sees the card (Chandragupta)
        p.discard.append(k)
        ev.append(event("find", seat=fr.seat, card=game.cards[k].id, zone=zone))
    elif op.to == "history":  # Lancelot, Taliesin
        ev.append(event("find", seat=fr.seat, card=game.cards[k].id, zone=zone, to=[fr.seat]))
        shared.to_history(game, st, fr.seat, k, ev)
    else:
        p.hand.append(k)
        ev.append(event("find", seat=fr.seat, card=game.cards[k].id, zone=zone, to=[fr.seat]))
    if op.count_var:
        store = game.runner.shared_vars(st, fr)
        store[op.count_var] = store.get(op.count_var, 0) + 1
    if zone == "deck":
        rngmod.shuffle(st, p.deck)
    elif zone == "nation_deck":
        acc = 1 if p.nation_deck and game.cards[p.nation_deck[0]].location == "accession" else 0
        rest = p.nation_deck[acc:]
        rngmod.shuffle(st, rest)
        p.nation_deck = p.nation_deck[:acc] + rest
    return True


@handlers.on(ExileSelf)
def op_exile_self(game: ImperiumRules, st, fr, op: ExileSelf, ev: list) -> int | bool:  # R139
    """This card (with any garrison, R180) leaves the play area for the exile pile."""
    p = st.seats[fr.seat]
    if fr.card in p.play:
        under = shared.leave_play(st, fr.seat, fr.card)
        st.exile += [fr.card] + under
        ev.append(event("exile_card", seat=fr.seat, card=game.cards[fr.card].id))
    return True


@handlers.on(Choose)
def op_choose(game: ImperiumRules, st, fr, op: Choose, ev: list) -> int | bool:  # R150, R164
    if "_chosen" in fr.vars:
        return True
    options = (
        []  # answered: choose takes the answer without looking at the options
        if ANSWER in fr.vars
        else [A.OPTION + i for i, ops in enumerate(op.options) if playing.precondition(game, st, fr.seat, ops, fr.card)]
    )
    answer = game.runner.choose(
        st,
        fr,
        "option",
        options,
        False,
        purpose="choose",
        rule="R150",
    )
    if answer == WAIT:
        return WAIT
    if answer is None:
        return True
    fr.vars["_chosen"] = answer - A.OPTION
    game.runner.child(st, fr, [fr.pc, "options", answer - A.OPTION])
    return WAIT


@handlers.on(May)
def op_may(game: ImperiumRules, st, fr, op: May, ev: list) -> int | bool:  # R111
    if "_chosen" in fr.vars:
        return True
    if not playing.precondition(game, st, fr.seat, op.do, fr.card):
        return True
    answer = game.runner.choose(st, fr, "may", [A.YES, A.NO], False, purpose="may", rule="R111")
    if answer == WAIT:
        return WAIT
    fr.vars["_chosen"] = answer
    if answer == A.YES:
        game.runner.child(st, fr, [fr.pc, "do"])
        return WAIT
    return True


@handlers.on(If)
def op_if(game: ImperiumRules, st, fr, op: If, ev: list) -> int | bool:
    if "_chosen" in fr.vars:
        return True
    ok = condition(game, st, fr.seat, op.cond, fr)
    fr.vars["_chosen"] = "do" if ok else "else"
    if op.do if ok else op.else_:
        game.runner.child(st, fr, [fr.pc, "do" if ok else "else_"])
        return WAIT
    return True


def condition(game: ImperiumRules, st, seat: int, cond: Cond, fr=None) -> bool:
    p = st.seats[seat]
    if cond.state is not None:  # R117, R121
        return p.empire == (cond.state == "empire")
    if cond.in_play is not None:
        return any(shared.matches(game, k, cond.in_play) for k in p.play)
    if cond.var is not None:
        return game.runner.shared_vars(st, fr).get(cond.var, 0) >= cond.min
    if cond.has is not None:
        return all(getattr(p, r) >= n for r, n in cond.has.items())
    if cond.garrisoned is not None and fr is not None:  # Lost Tomes
        under = p.garrison.get(fr.card, [])
        return sum(1 for k in under if shared.matches(game, k, cond.garrisoned)) >= cond.min
    if cond.garrisoned is not None:
        return False
    raise ValueError(f"unknown condition {cond}")


@handlers.on(EachOther)
def op_each_other(game: ImperiumRules, st, fr, op: EachOther, ev: list) -> int | bool:  # R149
    return _for_players(game, st, fr, op, ev, shared.others(st, fr.seat))


@handlers.on(AllPlayers)
def op_all_players(game: ImperiumRules, st, fr, op: AllPlayers, ev: list) -> int | bool:
    return _for_players(game, st, fr, op, ev, [fr.seat] + shared.others(st, fr.seat))


def _for_players(game: ImperiumRules, st, fr, op, ev, seats):
    fr.vars.setdefault("_targets", list(seats))
    target = _reached(game, st, fr, ev, shared.is_attack(game, fr) and not op.safe)
    if target is None:
        return True
    if target != WAIT:
        fr.vars["_targets"].pop(0)
        game.runner.child(st, fr, [fr.pc, "do"], seat=target)
    return WAIT


def _reached(game: ImperiumRules, st, fr, ev: list, attack: bool):
    """The next of ``fr.vars["_targets"]`` the effect reaches, left first in the list: an
    attack skips the targets that escape it (R144-R145), never its own player. WAIT while a
    target decides whether to escape; None when no target is left."""
    targets = fr.vars["_targets"]
    while targets:
        if not attack or targets[0] == fr.seat:
            return targets[0]
        shielded = shield(game, st, fr, targets[0], ev)
        if shielded == WAIT:
            return WAIT
        fr.vars.pop("_shield", None)
        if not shielded:
            return targets[0]
        targets.pop(0)
    return None


def shield(game: ImperiumRules, st, fr, target: int, ev: list):
    """Does ``target`` escape this attack? Asked once per target and attack card: the
    answer holds for every attacking operation of the card (R144-R145)."""
    memo = game.runner.shared_vars(st, fr).setdefault("shielded", {})
    if str(target) in memo:
        return memo[str(target)]
    result = _shield(game, st, fr, target, ev)
    if result != WAIT:
        memo[str(target)] = result
    return result


def _shield(game: ImperiumRules, st, fr, target: int, ev: list):
    """It may recall a Cape or Wilderness (their passive) or exhaust a card whose exhaust
    is ``when attacked`` (Mounted Archers, even on another player's turn); a Standing Army
    makes the attacker pay 1 progress or leave it alone (R257)."""
    step = fr.vars.setdefault("_shield", 0)
    t = st.seats[target]
    if step == 0:
        recallers = []
        for k in t.play:
            for x in game.cards[k].passive:
                if type(x) is RecallToAvoidAttack:  # this card, or any matching one (Long Walls II)
                    f = x.args.filter
                    recallers += (
                        [k] if f is None else [j for j in t.play if game.cards[j].pinned and shared.matches(game, j, f)]
                    )
        exhausters = [
            k
            for k in t.play
            if t.exhausts >= 1
            and k not in t.exhausted
            and game.cards[k].exhaust
            and type(game.cards[k].exhaust[0]) is When
            and game.cards[k].exhaust[0].event == "attacked"
            and shared.can_pay(t, shield_cost(game.cards[k].exhaust[0]))  # Fortified Region
        ]
        k = shared.pick_card(
            game,
            st,
            fr,
            recallers + exhausters,
            True,
            "recall or exhaust a card to avoid the attack",
            "R145",
            seat=target,
        )
        if k == WAIT:
            return WAIT
        if k is not None and k in exhausters:
            t.exhausts -= 1
            t.exhausted.append(k)
            ev.append(event("exhaust", seat=target, card=game.cards[k].id))
            shared.pay(game, st, target, shield_cost(game.cards[k].exhaust[0]), ev)
            ev.append(event("avoid_attack", seat=target, card=game.cards[k].id))
            return True
        if k is not None:
            t.hand += [k] + shared.leave_play(st, target, k)
            ev.append(event("avoid_attack", seat=target, card=game.cards[k].id))
            return True
        fr.vars["_shield"] = step = 1
    if step == 1:  # Daochang: the target may pay to ignore the attack
        fees = [x.args for x in shared.active(game, st, target, PayToAvoidAttack) if shared.can_pay(t, x.args)]
        if fees:
            answer = game.runner.choose(
                st, fr, "may", [A.YES, A.NO], False, seat=target, rule="R145", purpose="pay to avoid the attack"
            )
            if answer == WAIT:
                return WAIT
            if answer == A.YES:
                shared.pay(game, st, target, fees[0], ev)
                ev.append(event("avoid_attack_paid", seat=target))
                return True
        fr.vars["_shield"] = step = 2
    if step == 2:
        tolls = [x.args for k in t.play for x in game.cards[k].passive if type(x) is AttackToll]
        if tolls:
            if not shared.can_pay(st.seats[fr.seat], tolls[0]):
                return True
            answer = game.runner.choose(
                st, fr, "may", [A.YES, A.NO], False, rule="R257", purpose="pay to attack", target=target
            )
            if answer == WAIT:
                return WAIT
            if answer == A.NO:
                return True
            shared.pay(game, st, fr.seat, tolls[0], ev)
            for res, n in tolls[0].items():
                setattr(t, res, getattr(t, res) + n)
    return False


def shield_cost(op: When) -> dict[str, int]:
    """What exhausting a shield costs: its ``do`` holds only ``pay`` (Fortified Region)."""
    total: dict[str, int] = {}
    for pay in op.do:
        assert isinstance(pay, Pay)  # a shield's do holds only pay (vocab.When)
        for res, n in costs(pay).items():
            total[res] = total.get(res, 0) + n
    return total


@handlers.on(Steal)
def op_steal(game: ImperiumRules, st, fr, op: Steal, ev: list) -> int | bool:  # R170
    res, n = op.res, op.n
    if op.state is not None:  # "from each {empire} player" (Raiders)
        victims = [s for s in shared.others(st, fr.seat) if st.seats[s].empire == (op.state == "empire")]
    else:
        victims = shared.others(st, fr.seat)
    if op.in_play is not None:  # "from each player with a {region} in play"
        victims = [s for s in victims if any(shared.matches(game, k, op.in_play) for k in st.seats[s].play)]
    targets = fr.vars.setdefault("_targets", victims)
    while (target := _reached(game, st, fr, ev, shared.is_attack(game, fr))) is not None:
        if target == WAIT:
            return WAIT
        targets.pop(0)
        if op.total:  # G29: the players reached give from a common total, chosen below
            fr.vars.setdefault("_hit", []).append(target)
            continue
        t, p = st.seats[target], st.seats[fr.seat]
        taken = min(n, getattr(t, res))
        setattr(t, res, getattr(t, res) - taken)
        setattr(p, res, getattr(p, res) + taken)
        if taken:  # a player with nothing to give gives nothing: no line for it
            ev.append(event("steal", seat=fr.seat, from_seat=target, res=res, n=taken))
        if taken < n and op.else_unrest:
            k = piles.take_from_unrest_pile(game, st, ev)
            if k >= 0:
                t.hand.append(k)
            if st.over:
                return True
            shared.unrest_taken(game, st, target, ev)  # Vikings
    if op.total:
        return _steal_total(game, st, fr, op, ev)
    return True


def _steal_total(game: ImperiumRules, st, fr, op: Steal, ev: list) -> int | bool:
    """``n`` tokens in all from the players the steal reached, one at a time, the stealer
    choosing whom (an option per seat, its number the seat's); as many as they have (R170)."""
    res, p = op.res, st.seats[fr.seat]
    hit = fr.vars.get("_hit", [])
    while fr.vars.get("_taken", 0) < op.n:
        options = [A.OPTION + s for s in hit if getattr(st.seats[s], res) > 0]
        if not options:
            break
        answer = game.runner.choose(st, fr, "option", options, False, purpose="take a token from", rule="R170")
        if answer == WAIT:
            return WAIT
        target = answer - A.OPTION
        t = st.seats[target]
        setattr(t, res, getattr(t, res) - 1)
        setattr(p, res, getattr(p, res) + 1)
        fr.vars["_taken"] = fr.vars.get("_taken", 0) + 1
        ev.append(event("steal", seat=fr.seat, from_seat=target, res=res, n=1))
    return True


@handlers.on(When)
def op_when(game: ImperiumRules, st, fr, op: When, ev: list) -> int | bool:
    """A reactive exhaust is never run as a whole: ``react`` runs its body on the trigger."""
    return True


@handlers.on(OfferReaction)
def sys_offer_reaction(game: ImperiumRules, st, fr, op: OfferReaction, ev: list) -> int | bool:
    p = st.seats[fr.seat]
    k = fr.vars["card"]
    if k in p.exhausted or p.exhausts < 1 or (k not in p.play and k not in shared.power_cards(p)):
        return True
    face = shared.side_of(p, k)
    when = game.face(k, face).exhaust[0]
    if isinstance(when, When) and not playing.precondition(game, st, fr.seat, when.do, k):
        return True  # what exhausting it asks cannot be paid (R78: Visions of Shangri-La's action)
    answer = game.runner.choose(
        st,
        fr,
        "may",
        [A.YES, A.NO],
        False,
        rule="R80",
        purpose="exhaust {card}",
        card=k,
    )
    if answer == WAIT:
        return WAIT
    if answer == A.YES:
        p.exhausts -= 1
        p.exhausted.append(k)
        ev.append(event("exhaust", seat=fr.seat, card=game.cards[k].id))
        shared.push(game, st, fr.seat, k, "exhaust", face, path=[0, "do"], vars_={"amount": fr.vars.get("amount", 0)})
    return True


@handlers.on(AsProduction)
def op_as_production(game: ImperiumRules, st, fr, op: AsProduction, ev: list) -> int | bool:
    """Qanat: one river icon counts as 3 production until the turn ends (reset at its start)."""
    p = st.seats[fr.seat]
    if op.region_type == "river":
        p.river_as_production += 1
    else:
        p.region_as_production += 1  # as Agriculture
    return True


@handlers.on(Repeat)
def op_repeat(game: ImperiumRules, st, fr, op: Repeat, ev: list) -> int | bool:
    """``do`` once per ``count``, counted when the operation starts, each run a child frame."""
    left = fr.vars.get("_times")
    if left is None:
        left = scoring.count(game, st, fr.seat, op.count, fr)
    if left <= 0:
        return True
    fr.vars["_times"] = left - 1
    game.runner.child(st, fr, [fr.pc, "do"])
    return WAIT


@handlers.on(Hook)
def op_hook(game: ImperiumRules, st, fr, op: Hook, ev: list) -> int | bool:
    return HOOKS[op.name](game, st, fr, op, ev)


@handlers.on(Require)
def op_require(game: ImperiumRules, st, fr, op: Require, ev: list) -> int | bool:
    """Only a precondition: the card is playable only when it holds (see ``precondition``)."""
    return True


@handlers.on(EndTrigger)
def op_end_trigger(game: ImperiumRules, st, fr, op: EndTrigger, ev: list) -> int | bool:
    shared.trigger_end(st, "card", ev, "R212", card=game.cards[fr.card].id)
    return True


@handlers.on(PlaceMarketToken)
def sys_market_token(game: ImperiumRules, st, fr, op: PlaceMarketToken, ev: list) -> int | bool:  # R84-R86
    cards = [s.card for s in st.market if s.card >= 0]
    k = shared.pick_card(game, st, fr, cards, False, "place a token on a market card", "R84")
    if k == WAIT:
        return WAIT
    if k is not None:
        tokens: dict[str, int] = {"progress": 1}
        for x in shared.active(game, st, fr.seat, MarketToken):
            tokens = {res: n for res, n in x.args.items()}
        piles.put_tokens(game, st, fr.seat, k, tokens, ev)
    return True


@handlers.on(ResetTokens)
def sys_reset_tokens(game: ImperiumRules, st, fr, op: ResetTokens, ev: list) -> int | bool:  # R88-R89
    p = st.seats[fr.seat]
    p.exhausted = []
    p.nation_exhausted = False
    p.dev_exhausted = False
    p.actions = 3
    p.exhausts = 5
    for x in shared.active(game, st, fr.seat, ExhaustTokens):
        p.exhausts = x.args.n
    return True


@handlers.on(CleanupDiscard)
def sys_cleanup_discard(game: ImperiumRules, st, fr, op: CleanupDiscard, ev: list) -> int | bool:  # R90
    p = st.seats[fr.seat]
    while p.hand:
        k = shared.pick_card(game, st, fr, list(p.hand), True, "discard at clean-up", "R90")
        if k == WAIT:
            return WAIT
        if k is None:
            break
        p.hand.remove(k)
        p.discard.append(k)
    return True


@handlers.on(DrawToLimit)
def sys_draw_to_limit(game: ImperiumRules, st, fr, op: DrawToLimit, ev: list) -> int | bool:  # R91
    p = st.seats[fr.seat]
    n = fr.vars.get("_want")
    if n is None:
        n = fr.vars["_want"] = max(0, shared.hand_limit(game, st, fr.seat) - len(p.hand))
    return piles.draw_cards(game, st, fr, fr.seat, n, True, ev)


@handlers.on(DiscardHand)
def sys_discard_hand(game: ImperiumRules, st, fr, op: DiscardHand, ev: list) -> int | bool:  # R82
    p = st.seats[fr.seat]
    p.discard += p.hand
    p.hand = []
    return True


@handlers.on(SolsticeOrder)
def sys_solstice_order(game: ImperiumRules, st, fr, op: SolsticeOrder, ev: list) -> int | bool:  # R108-R113
    """The seat's solstice effects (its play area's cards, garrison cards not among them, R113,
    and its power card), one at a time in the order the seat chooses (R112); the last one
    left applies without a question. A card that left the play area meanwhile applies nothing."""
    p = st.seats[fr.seat]
    powers = shared.power_cards(p)
    left = fr.vars.get("_left")
    if left is None:
        solstice = game.solstice_cards
        left = [k for k in p.play if k in solstice]
        # the power card, and the Utopians' active path card, a second power card (R206)
        left += [k for k in powers if game.face(k, shared.side_of(p, k)).solstice]
    else:
        left = [k for k in left if k in p.play or k in powers]
    fr.vars["_left"] = left
    k = shared.pick_card(game, st, fr, left, False, "apply a solstice effect", "R112")
    if k == WAIT:
        return WAIT
    if k is None:
        return True
    left.remove(k)
    shared.push(game, st, fr.seat, k, "solstice", shared.side_of(p, k))
    return WAIT


@handlers.on(Line)
def op_line(game: ImperiumRules, st, fr, op: Line, ev: list) -> int | bool:  # R73
    """A printed line in a frame of its own: a cost it cannot meet stops only the line."""
    if "_ran" in fr.vars:
        return True
    fr.vars["_ran"] = True
    game.runner.child(st, fr, [fr.pc, "do"])
    return WAIT


def with_costs(table: Registry) -> Registry:
    """The handlers the game runs: those of ``table``, each operation with an opening check
    (``playing.CHECKS``) run as a cost (``_as_cost``). Built when the game is made, so that
    every handler and check is registered by then."""
    out = Registry(table.name)
    for kind, handler in table.table.items():
        costed = kind in playing.CHECKS and kind is not Require  # require: a printed restriction (R71)
        out.table[kind] = _as_cost(handler) if costed else handler
    return out


def _as_cost(handler):
    """An operation with an opening check is the X of an "X to Y" when more of its list
    follows (the Y): if X cannot be done in full, nothing of it is done and the rest of the list
    is skipped (R73, R163; the unrest cards' "if you do", R253). As the last of its list it is
    done as far as possible (R73, R144)."""

    def run(game: ImperiumRules, st, fr, op, ev: list) -> int | bool:
        if "_cost" not in fr.vars:
            ops = game.runner.ops(fr)
            if fr.pc + 1 < len(ops):  # checked once: the handler may ask and run again
                if not playing.precondition(game, st, fr.seat, ops[fr.pc :], fr.card):
                    return game.runner.abort(fr)
                fr.vars["_cost"] = True
        return handler(game, st, fr, op, ev)

    return run


@handlers.on(Sink)
def op_sink(game: ImperiumRules, st, fr, op: Sink, ev: list) -> int | bool:  # R186-R190
    """Sink this card, or a matching card of a zone, with its garrison (R180)."""
    p = st.seats[fr.seat]
    if op.from_ == "self":
        if fr.card in p.play:
            under = shared.leave_play(st, fr.seat, fr.card)
            for k in [fr.card, *under]:
                shared.sink(game, st, fr.seat, k, ev)
        return True
    zone = op.from_

    def cands():
        return [k for k in getattr(p, zone) if k != fr.card and shared.matches(game, k, op.filter)]

    def act(k):
        under = shared.leave_play(st, fr.seat, k) if zone == "play" else []
        if zone != "play":
            getattr(p, zone).remove(k)
        for card in [k, *under]:
            shared.sink(game, st, fr.seat, card, ev)

    return _repeat_pick(game, st, fr, 1, op.may, cands, act, "sink", "R186")


@handlers.on(PayAll)
def op_pay_all(game: ImperiumRules, st, fr, op: PayAll, ev: list) -> int | bool:
    """Spend every token of a kind, at least ``min`` (no substitution: it is all of them)."""
    p = st.seats[fr.seat]
    n = getattr(p, op.res)
    if n < op.min:
        fr.vars["_abort"] = True  # R73: what it pays for does not happen
        return True
    setattr(p, op.res, 0)
    if n:
        ev.append(event("pay", seat=fr.seat, res=op.res, n=n))
    return True


@handlers.on(PathStep)
def op_path_step(game: ImperiumRules, st, fr, op: PathStep, ev: list) -> int | bool:  # R206, R207
    """Only the active path card's own effect moves it along (R207): ``flip`` turns it over,
    ``next`` puts it out of the game and the path card under it comes into play on its side A,
    where its play effect applies (Gates of Shangri-La flips the state card)."""
    p = st.seats[fr.seat]
    if not p.path or p.path[-1] != fr.card:
        return True
    if op.step == "flip" and p.path_side == "A":
        p.path_side = "B"
        ev.append(event("path_flip", seat=fr.seat, card=game.cards[fr.card].id))
    elif op.step == "next" and p.path_side == "B" and len(p.path) > 1:
        p.path.pop()
        p.exhausted = [k for k in p.exhausted if k != fr.card]
        st.box.append(fr.card)
        p.path_side = "A"
        k = p.path[-1]
        ev.append(event("path_next", seat=fr.seat, card=game.cards[k].id))
        if game.cards[k].play:
            shared.push(game, st, fr.seat, k, "play")
    return True


@handlers.on(EnterEmpire)
def op_enter_empire(game: ImperiumRules, st, fr, op: EnterEmpire, ev: list) -> int | bool:  # G23
    p = st.seats[fr.seat]
    if not p.empire:
        p.empire = True
        ev.append(event("empire", seat=fr.seat))
    return True


# --- King Arthur's quests (R196-R204) -------------------------------------------------------------


@handlers.on(Quest)
def op_quest(game: ImperiumRules, st, fr, op: Quest, ev: list) -> int | bool:  # R197-R203
    """An inactive quest of the development area becomes the active quest under King Arthur's
    Court (``activate``) or is exiled; the active quest goes to the hand or discard pile, and is
    no longer the active quest (R200). No move of a quest triggers the end (R203)."""
    p = st.seats[fr.seat]
    purpose = {
        "activate": "activate a quest",
        "exile": "exile a quest",
        "hand": "take the active quest",
        "discard": "discard the active quest",
    }[op.move]

    def act(k):
        if op.move == "activate":  # R198: it garrisons the Court
            p.development.remove(k)
            p.quest = k
            ev.append(event("quest", seat=fr.seat, card=game.cards[k].id))
        elif op.move == "exile":
            p.development.remove(k)
            st.exile.append(k)
            ev.append(event("exile_card", seat=fr.seat, card=game.cards[k].id))
        else:
            p.quest = -1
            (p.hand if op.move == "hand" else p.discard).append(k)
            ev.append(event("quest_left", seat=fr.seat, card=game.cards[k].id, where=op.move))

    rule = {"activate": "R198", "exile": "R197"}.get(op.move, "R200")
    return _repeat_pick(game, st, fr, 1, op.may, lambda: playing.quest_cards(game, st, fr.seat, op), act, purpose, rule)
