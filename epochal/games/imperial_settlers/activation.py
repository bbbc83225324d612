"""Building and activating locations: what an action location does under the options, whether it
can be activated now, and the start of a build or an activation (R57-R65, R87-R94).

An action is offered only when its cost can be paid and its first operation has something to act
on; ``feasible`` holds, per operation type, that check (an operation it does not list can always
act: a gain, a choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event
from epochal.engine.effects import Registry

from .empire import (
    can_pay,
    capture_targets,
    deal_targets,
    gang_goods,
    gold_ok,
    location_owner,
    other_locations,
    pay,
    raze_targets,
    razeable,
    steal_options,
    trade_deals_of_opponents,
    trade_targets,
)
from .vocab import (
    ActivateOther,
    BuildDeal,
    BuildFromHand,
    CancelDeal,
    CaptureLocation,
    CopyProduction,
    DealAgain,
    FoundationFromHand,
    RazeLocation,
    RazeOwn,
    RemoveLocation,
    Steal,
    TakeDeal,
    TakeRazeGood,
    TradeDeal,
)

if TYPE_CHECKING:
    from .cards import Action
    from .rules import SettlersRules

feasible = Registry("feasibility check")


def action_of(game: SettlersRules, st, k: int) -> Action | None:
    """The action location ``k`` plays: its action, or with stand_ins=on its stand-in (D2)."""
    c = game.cards[k]
    if c.action is not None:
        return c.action
    if c.stand_in is not None and st.options["stand_ins"] == "on":
        return c.stand_in
    return None


def can_activate(
    game: SettlersRules, st, seat: int, k: int, times: int, ignore_used: bool = False, supply=None, used_by=None
) -> bool:
    """Can ``seat`` activate location ``k`` ``times`` times now (R87-R91), paying from
    ``supply`` (default: its own)? ``used_by``: the seat whose count of uses the location's is
    (its owner's, for a location ``seat`` captured: one count between them, R163)."""
    act = action_of(game, st, k)
    if act is None:
        return False
    p = st.seats[seat]
    if not ignore_used and (used_by or p).used.get(k, 0) + times > act.limit:  # R89, R91, R163
        return False
    s = supply or p
    cost = act.pay
    if not can_pay(s, cost, times, gold_ok(st, "activate")):
        return False
    deals = len(p.deals) + len(p.trades)  # R179: a deal made with a location pays too
    if cost.get("card", 0) * times > len(p.hand) or cost.get("deal", 0) * times > deals:
        return False
    if not act.do:
        return True
    check = feasible.table.get(type(act.do[0]))
    return check is None or check(game, st, seat, k, act, times, s)


class Remaining:
    """A supply after an activation's payment, to check what the effect can then afford."""

    __slots__ = ("wood", "stone", "food", "gold", "worker", "raze")

    def __init__(self, p, cost: dict, times: int, gold_ok: bool):
        gold = p.gold - cost.get("gold", 0) * times
        for good in ("wood", "stone", "food"):
            need = cost.get(good, 0) * times
            have = getattr(p, good)
            if need > have:
                gold -= need - have
            setattr(self, good, max(0, have - need))
        self.gold = gold
        self.worker = p.worker - cost.get("worker", 0) * times
        self.raze = p.raze - cost.get("raze", 0) * times


def _rest(st, act: Action, times: int, s) -> Remaining:
    return Remaining(s, act.pay, times, gold_ok(st, "activate"))


@feasible.on(DealAgain)
def _has_deal(game, st, seat, k, act, times, s) -> bool:
    return bool(st.seats[seat].deals or st.seats[seat].trades)  # R178


@feasible.on(CopyProduction)
def _has_production(game, st, seat, k, act, times, s) -> bool:
    return any(game.cards[j].kind == "production" for j in st.seats[seat].locations)


@feasible.on(BuildFromHand)
def _can_build_from_hand(game, st, seat, k, act, times, s) -> bool:
    p, rest, cards = st.seats[seat], _rest(st, act, times, s), game.cards
    return any(cards[j].faction == p.faction and can_pay(rest, cards[j].cost, 1, True) for j in p.hand)


@feasible.on(BuildDeal)
def _can_build_deal(game, st, seat, k, act, times, s) -> bool:
    p, rest, cards = st.seats[seat], _rest(st, act, times, s), game.cards
    return any(cards[j].faction == p.faction and can_pay(rest, cards[j].cost, 1, True) for j in p.deals)


@feasible.on(ActivateOther)
def _can_activate_other(game, st, seat, k, act, times, s) -> bool:
    rest = _rest(st, act, times, s)
    for j in st.seats[seat].locations:
        other = action_of(game, st, j)
        if (
            j != k
            and other is not None
            and not any(type(o) is ActivateOther for o in other.do)
            and can_activate(game, st, seat, j, 1, True, rest)
        ):
            return True
    return False


@feasible.on(Steal)
def _has_resource_to_steal(game, st, seat, k, act, times, s) -> bool:
    return bool(steal_options(st, seat))


@feasible.on(RazeLocation)
def _has_raze_target(game, st, seat, k, act, times, s) -> bool:
    return bool(raze_targets(game, st, seat, act.do[0].protection, _rest(st, act, times, s).raze))


@feasible.on(RemoveLocation)
def _has_other_location(game, st, seat, k, act, times, s) -> bool:
    return bool(other_locations(st, seat))


@feasible.on(TakeRazeGood)
def _has_raze_good(game, st, seat, k, act, times, s) -> bool:
    return any(gang_goods(game, j) for j in other_locations(st, seat))


@feasible.on(RazeOwn)
def _has_own_razeable(game, st, seat, k, act, times, s) -> bool:
    return any(game.cards[j].common and razeable(game, j) for j in st.seats[seat].locations)


@feasible.on(CancelDeal, TakeDeal)
def _has_deal_target(game, st, seat, k, act, times, s) -> bool:
    if type(act.do[0]) is CancelDeal and trade_deals_of_opponents(st, seat):  # R174
        return True
    return bool(deal_targets(st, seat) or game.solo.attack_deal_targets(st))


@feasible.on(TradeDeal)
def _has_trade_target(game, st, seat, k, act, times, s) -> bool:
    trade = game.cards[k].trade
    return trade is not None and bool(trade_targets(game, st, seat, trade))


@feasible.on(CaptureLocation)
def _has_capture_target(game, st, seat, k, act, times, s) -> bool:
    return game.cards[k].capture is not None and bool(capture_targets(game, st, seat, k))


@feasible.on(FoundationFromHand)
def _has_card_left(game, st, seat, k, act, times, s) -> bool:
    return len(st.seats[seat].hand) > act.pay.get("card", 0) * times


def start_build(game: SettlersRules, st, seat: int, k: int, ev: list, waive: bool = False) -> None:
    """Pay the build cost (R57, R60) and run the build program: the discarded location (unless
    ``waive``d, R65), then the new location (R61-R63)."""
    pay(st, seat, game.cards[k].cost, ev, 1, True)
    game.runner.push(st, seat, k, "build", vars_={"waive": waive})


def start_activation(game: SettlersRules, st, seat: int, k: int, times: int, ev: list, count_use: bool = True) -> None:
    """Pay the activation cost and run the action ``times`` times (R88, R91)."""
    p = st.seats[seat]
    act = action_of(game, st, k)
    assert act is not None  # offered only for an action location that plays (can_activate)
    if count_use:
        # a captured location's uses are counted on its owner's, one count between them (R163)
        holder = p if k in p.locations or k not in p.captured else st.seats[location_owner(st, k)]
        holder.used[k] = holder.used.get(k, 0) + times
    pay(st, seat, act.pay, ev, times, gold_ok(st, "activate"))
    ev.append(event("activate", seat=seat, card=game.cards[k].id, times=times))
    part = "action" if game.cards[k].action is not None else "stand_in"
    for _ in range(times):
        game.runner.push(st, seat, k, part)
