"""Whether a card can be played or exhausted now (R71-R78), whether an effect's opening cost
can be met (R150, R163, R164), and playing a card from elsewhere than the hand (Phalanx,
Parmenion).

Playing is stopped only by the missing action token, the state (R71, R72) and the card's own
printed restriction (``require``, ``unplayable``); what the card then cannot carry out it
leaves undone (R73). Exhausting needs its cost (R78, R163), and so do a choice's options and a
may's offer (R164)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar, cast

import msgspec

from epochal.engine import event
from epochal.engine.effects import Registry

from . import shared, words
from .shared import costs
from .vocab import (
    Abandon,
    ActiveQuest,
    Choose,
    CostDiscount,
    Develop,
    Discard,
    DropBarbarian,
    FreePlay,
    Garrison,
    History,
    Pay,
    PayAll,
    PlayCard,
    PlayEmpire,
    PlayFromDiscardGain,
    Quest,
    Recall,
    Require,
    ReturnUnrest,
    Sink,
    SwapExile,
    TakeUnrest,
    TopOfDeck,
    When,
)

if TYPE_CHECKING:
    from .rules import ImperiumRules

D = TypeVar("D", Pay, Discard)


def precondition(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    """An effect that opens with a cost can only be used when the cost can be met (R78,
    R150, R164): a payment, discarding cards, or recalling a card of some kind. The check of
    each kind of opening operation is in ``CHECKS``; an effect opening otherwise is usable."""
    if not ops:
        return True
    check = _CHECKS.get(type(ops[0]))
    return True if check is None else check(game, st, seat, ops, card)


CHECKS = Registry("precondition")
_CHECKS = cast(dict[type, Callable[..., bool]], CHECKS.table)  # by the opening operation's type


@CHECKS.on(Pay)
def _pay(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    first = discounted(game, st, seat, card, ops[0])  # as a passive may lower it (Direct Democracy)
    return shared.can_pay_op(st.seats[seat], first) and precondition(game, st, seat, ops[1:], card)  # Persians A


@CHECKS.on(ReturnUnrest)
def _return_unrest(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    first = ops[0]
    if first.may or first.up_to or first.from_ in (["self"], ["garrison"]):  # "returning any garrisoned unrest"
        return True
    p = st.seats[seat]  # "return an unrest to ..." (Druids)
    return any(k != card and "unrest" in game.cards[k].suits for z in first.from_ for k in getattr(p, z))


@CHECKS.on(Choose)
def _choose(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    return any(precondition(game, st, seat, o, card) for o in ops[0].options)  # one affordable (R150)


@CHECKS.on(SwapExile)
def _swap_exile(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    return ops[0].may or bool(st.exile) and any(s.card >= 0 for s in st.market)  # R142


@CHECKS.on(TopOfDeck)
def _top_of_deck(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    first = ops[0]
    zone = getattr(st.seats[seat], first.from_)
    return first.may or len([k for k in zone if k != card]) >= first.n


@CHECKS.on(Develop)
def _develop(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    first = ops[0]
    if first.free or first.may:
        return True
    p = st.seats[seat]
    return not shared.cannot_develop(p) and any(
        shared.can_pay(p, shared.dev_cost(game, st, seat, k)) for k in p.development
    )


@CHECKS.on(PlayCard)
def _play_card(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    return ops[0].may or bool(play_card_candidates(game, st, seat, ops[0], card))


@CHECKS.on(Discard)
def _discard(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    first = discounted(game, st, seat, card, ops[0])
    if first.may or first.any_number:
        return True
    p = st.seats[seat]
    if first.filter is None:
        return len([k for k in p.hand if k != card]) >= first.n
    # "discard 2 {mask}": cards garrisoned under Stone Heads stand in, and Step Pyramids
    # spares one if an exhaust token is left besides the one this card's exhaust takes
    have = sum(1 for k in p.hand if k != card and shared.matches(game, k, first.filter))
    have += len(shared.garrison_discards(game, st, seat, first.filter))
    tokens = p.exhausts - (1 if shared.exhaust_pending(game, st, seat, ops[0], card) else 0)
    fewer = 1 if shared.discard_fewer_card(game, st, seat, first.filter, tokens) >= 0 else 0
    return have + fewer >= first.n


@CHECKS.on(Recall)
def _recall(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    first = ops[0]
    return first.may or first.itself or bool(recallable(game, st, seat, first, card))


@CHECKS.on(Abandon)
def _abandon(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    first = ops[0]
    if first.may or first.itself:
        return True
    # Grand Trunk Road counts as 2 regions (R263)
    return sum(shared.region_weight(game, k, first.filter) for k in abandonable(game, st, seat, first)) >= first.n


@CHECKS.on(TakeUnrest)
def _take_unrest(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    """Taking an unrest is always possible; what it pays for must be too ("spend an action and
    take an unrest to develop": Egyptians A)."""
    return precondition(game, st, seat, ops[1:], card)


@CHECKS.on(Quest)
def _quest(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    return ops[0].may or bool(quest_cards(game, st, seat, ops[0]))


def recallable(game: ImperiumRules, st, seat: int, op: Recall, card: int) -> list[int]:
    """The cards ``op`` may recall: pinned cards in play (R158, G12), or with ``garrisoned``
    the cards garrisoned under ``card``; never a card that stays (``fixed``)."""
    p = st.seats[seat]
    if op.garrisoned:
        return [k for k in p.garrison.get(card, []) if shared.matches(game, k, op.filter)]
    return [
        k for k in p.play if game.cards[k].pinned and not game.cards[k].fixed and shared.matches(game, k, op.filter)
    ]


def abandonable(game: ImperiumRules, st, seat: int, op: Abandon) -> list[int]:
    """The cards ``op`` may abandon (R167): cards in play (``holding`` a matching garrison card),
    or with ``garrisoned`` the garrison cards under a card matching ``under`` (R168); never a
    card that stays (``fixed``)."""
    p = st.seats[seat]
    if op.garrisoned:
        return [
            g
            for host in p.play
            if shared.matches(game, host, op.under)
            for g in p.garrison.get(host, [])
            if shared.matches(game, g, op.filter)
        ]
    return [
        k
        for k in p.play
        if not game.cards[k].fixed
        and shared.matches(game, k, op.filter)
        and (op.holding is None or any(shared.matches(game, g, op.holding) for g in p.garrison.get(k, [])))
    ]


def quest_cards(game: ImperiumRules, st, seat: int, op: Quest) -> list[int]:
    """The quests ``op`` may move: the active quest (to hand or discard, R200), or an inactive
    quest of the development area (R197); to become the active quest, only while there is none
    and a card with the ``active_quest`` passive (the Court) is in play (R198, R199); a card
    matching ``last`` only when no other quest is left (R201)."""
    p = st.seats[seat]
    if op.move in ("hand", "discard"):
        return [p.quest] if p.quest >= 0 else []
    if op.move == "activate" and (p.quest >= 0 or not shared.active(game, st, seat, ActiveQuest)):
        return []
    alone = len(p.development) == 1
    return [
        k
        for k in p.development
        if shared.matches(game, k, op.filter) and (op.last is None or alone or not shared.matches(game, k, op.last))
    ]


@CHECKS.on(Require)
def _require(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    first = ops[0]
    p = st.seats[seat]
    if first.in_history is not None and not any(shared.matches(game, k, first.in_history) for k in p.history):
        return False
    wanted = first.in_play if isinstance(first.in_play, list) else [first.in_play] if first.in_play else []
    if not all(sum(shared.matches(game, k, f) for k in p.play) >= first.n for f in wanted):
        return False  # each one in play (Vinland), or n of one (Long Walls IV)
    return precondition(game, st, seat, ops[1:], card)  # a cost after it (Ritual Sacrifice)


@CHECKS.on(Sink, History)
def _sink_or_history(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    """A cost: "sink a region in play to ..." (Myths and Legends, Flood), "put a card from your
    hand (or discard pile) into your history to ..." (Writing Systems, Edicts of Ashoka, Olmecs B,
    Gates of Shangri-La): a card of the zone must be there when the effect goes on after it;
    alone, it is done as far as possible (Leadership's option, Kurgans, R73)."""
    first = ops[0]
    p = st.seats[seat]
    if isinstance(first, History) and first.from_ == "hand_or_garrison":
        if first.may or first.filter is None:
            return True
        # a card of a named kind into history (Gwaith Camlan's knight) needs one (R164)
        garrisoned = [g for host in p.play for g in p.garrison.get(host, [])]
        return any(shared.matches(game, k, first.filter) for k in p.hand + garrisoned)
    if first.may or first.from_ == "self" or len(ops) == 1:
        return True
    if isinstance(first, History) and first.from_ == "play":
        return True
    zones = ("hand", "discard") if first.from_ == "hand_or_discard" else (first.from_,)
    return any(k != card and shared.matches(game, k, first.filter) for z in zones for k in getattr(p, z))


@CHECKS.on(Garrison)
def _garrison(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    """ "Garrison a {scroll} here to ..." (the Utopians' pinned cards): a matching hand card."""
    first = ops[0]
    hand = st.seats[seat].hand
    return first.may or any(
        k != card and not game.cards[k].no_garrison and shared.matches(game, k, first.filter) for k in hand
    )


@CHECKS.on(PayAll)
def _pay_all(game: ImperiumRules, st, seat: int, ops: list, card: int) -> bool:
    return getattr(st.seats[seat], ops[0].res) >= ops[0].min  # "pay all your progress (minimum 5)"


def discounted(game: ImperiumRules, st, seat: int, card: int, op: D) -> D:
    """A ``pay`` or ``discard`` of ``card``'s effect as it really costs: a passive
    ``cost_discount`` (Direct Democracy: an unrest costs 1 material or 1 card less, to at
    least 1) lowers ``materials`` or the cards to discard for the cards its filter matches."""
    if card < 0:
        return op
    for x in shared.active(game, st, seat, CostDiscount):
        args = x.args
        if not shared.matches(game, card, args.filter):
            continue
        if isinstance(op, Pay) and op.materials and args.materials:
            op = msgspec.structs.replace(op, materials=max(min(args.min, op.materials), op.materials - args.materials))
        if isinstance(op, Discard) and op.from_ is None and args.cards:
            op = msgspec.structs.replace(op, n=max(min(args.min, op.n), op.n - args.cards))
    return op


def may_play_empire(game: ImperiumRules, st, seat: int, k: int, empire: bool = False) -> bool:
    if st.seats[seat].empire_next or empire:  # Combs; Guinevere, Twrch Trwyth (R122)
        return True
    return any(shared.matches(game, k, x.args.filter) for x in shared.active(game, st, seat, PlayEmpire))


def ignores_barbarian(game: ImperiumRules, st, seat: int, k: int) -> bool:
    if st.seats[seat].nation == "Atlanteans":  # R118: never, whatever a card says
        return False
    return any(shared.matches(game, k, x.args.filter) for x in shared.active(game, st, seat, DropBarbarian))


def is_free(game: ImperiumRules, st, seat: int, k: int) -> bool:
    """A free-play card (R74), or one an active passive ``free_play`` makes free (Masonry)."""
    if game.cards[k].free:
        return True
    return any(shared.matches(game, k, x.args.filter) for x in shared.active(game, st, seat, FreePlay))


def playable_now(game: ImperiumRules, st, seat: int, k: int, free: bool, empire: bool = False) -> bool:
    """Could ``k`` be played now (R71-R74)? ``free``: no action token is needed at all;
    ``empire``: an {empire} card may be played in the Barbarian state (R122)."""
    if not free:
        return can_play(game, st, seat, k)
    p = st.seats[seat]
    card = game.cards[k]
    if card.unplayable or not (card.play or card.pinned):
        return False
    if card.state == "empire" and not p.empire and not may_play_empire(game, st, seat, k, empire):
        return False  # R72, R74
    if card.state == "barbarian" and p.empire and not ignores_barbarian(game, st, seat, k):
        return False
    return restriction(game, st, seat, card.play, k) is None


def play_card_candidates(game: ImperiumRules, st, seat: int, op: PlayCard, card: int = -1) -> list[int]:
    zone = getattr(st.seats[seat], op.from_)
    return [
        k
        for k in dict.fromkeys(zone)
        if k != card and shared.matches(game, k, op.filter) and playable_now(game, st, seat, k, op.free, op.empire)
    ]


def put_into_play(game: ImperiumRules, st, seat: int, k: int, zone: str, free: bool, ev: list) -> None:
    """Play ``k`` from ``zone`` as from the hand (R71): an action token unless ``free`` or a
    free-play card, then its play effect. A passive ``play_from_discard_gain`` (Macedonians
    A, R242) pays out when a matching card is played from the discard pile."""
    p = st.seats[seat]
    card = game.cards[k]
    if not free:
        if is_free(game, st, seat, k):
            p.free_played.append(k)
        else:
            p.actions -= 1
    getattr(p, zone).remove(k)
    p.play.append(k)
    ev.append(event("play", seat=seat, card=card.id, source=zone))
    if zone == "discard":
        for x in shared.active(game, st, seat, PlayFromDiscardGain):
            if shared.matches(game, k, x.args.filter):
                for res, n in x.args.gain.items():
                    setattr(p, res, getattr(p, res) + n)
                    ev.append(event("gain", seat=seat, res=res, n=n))
    shared.push(game, st, seat, k, "play")
    shared.react_now(game, st, seat, "play", ev, card=k)


Refusal = tuple[str, str | None, dict]  # why not: a reason (the locale's why.<reason>), its rule, parts


def can_play(game: ImperiumRules, st, seat: int, k: int) -> bool:
    return play_refusal(game, st, seat, k) is None


def play_refusal(game: ImperiumRules, st, seat: int, k: int) -> Refusal | None:
    """Why ``k`` cannot be played from the hand now (R71-R74), None when it can."""
    p = st.seats[seat]
    card = game.cards[k]
    if card.unplayable or not (card.play or card.pinned):
        return "unplayable", None, {}
    if card.state == "empire" and not p.empire and not may_play_empire(game, st, seat, k):
        return "needs_empire", "R72", {}  # R122
    if card.state == "barbarian" and p.empire and not ignores_barbarian(game, st, seat, k):
        return "needs_barbarian", "R72", {}
    if is_free(game, st, seat, k):
        if k in p.free_played:  # R74, G37
            return "free_used", "R74", {}
    elif p.actions < 1:  # R71
        return "no_action", "R71", {}
    return restriction(game, st, seat, card.play, k)


def restriction(game: ImperiumRules, st, seat: int, ops: list, card: int) -> Refusal | None:
    """The card's printed restriction ("only playable if ...": a ``require`` of its play
    effect) that forbids playing it now, None when none does. A payment or another step the
    seat cannot carry out does not: the card is played and that line gives nothing (R73)."""
    for i, op in enumerate(ops):
        if isinstance(op, Require) and not _require(game, st, seat, [op], card):
            return "requires", None, {"text": words.ref(game.cards[card].id, "", "play", [i], "inf")}
    return None


def refusal_of(
    game: ImperiumRules, st, seat: int, ops: list, card: int, face: str = "", part: str = "play", at: int = 0
) -> Refusal | None:
    """Why an effect that opens with a cost cannot be used (``precondition``), None when it can:
    a payment the seat cannot make (R163), a requirement not met, a choice with no affordable
    option (R164), or another opening step it cannot carry out (the step's words as an effect
    reference to ``card``'s ``part``, operation ``at``)."""
    if precondition(game, st, seat, ops, card):
        return None
    first = ops[0]
    if isinstance(first, Pay):
        cost = costs(discounted(game, st, seat, card, first))
        if not shared.can_pay(st.seats[seat], cost):
            return "cost", "R163", {"cost": cost}
        return refusal_of(game, st, seat, ops[1:], card, face, part, at + 1)
    if isinstance(first, Choose):
        return "no_option", "R164", {}
    if card < 0:
        return "first_step", "R163", {}
    if isinstance(first, Require) and precondition(game, st, seat, [first], card):  # a cost after it
        return refusal_of(game, st, seat, ops[1:], card, face, part, at + 1)
    text = words.ref(game.cards[card].id, face, part, [at], "inf")
    if isinstance(first, Require):
        return "requires", None, {"text": text}
    return "first_step", STEP_RULES.get(type(first), "R163"), {"text": text}


# The rule an opening step the seat cannot carry out rests on (what may be abandoned, recalled,
# swapped); any other step is a cost the seat cannot pay (R163).
STEP_RULES: dict[type, str] = {Abandon: "R167", Recall: "R158", SwapExile: "R142"}


def can_exhaust(game: ImperiumRules, st, seat: int, k: int) -> bool:
    """``exhaust_refusal`` is None, without wording a refusal (the Activate list asks it of
    every card in play)."""
    p = st.seats[seat]
    ops = game.face(k, shared.side_of(p, k)).exhaust
    return (
        bool(ops)
        and type(ops[0]) is not When
        and k not in p.exhausted
        and p.exhausts >= 1
        and precondition(game, st, seat, ops, k)
    )


def exhaust_refusal(game: ImperiumRules, st, seat: int, k: int) -> Refusal | None:
    """Why ``k`` in play cannot be exhausted now (R76-R78), None when it can."""
    p = st.seats[seat]
    face = shared.side_of(p, k)
    ops = game.face(k, face).exhaust
    if not ops:
        return "no_exhaust", "R76", {}
    if type(ops[0]) is When:  # reactive: on its trigger (G24)
        return "reactive", "R80", {}
    if k in p.exhausted:
        return "exhausted", "R77", {}
    if p.exhausts < 1:
        return "no_exhaust_token", "R78", {}
    return refusal_of(game, st, seat, ops, k, face, "exhaust")
