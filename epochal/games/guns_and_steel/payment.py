"""Resource algebra of Guns & Steel over count tuples (R11-R16, R34, R51, R76-R81, A5, A15).

A multiset of resource units is a 7-tuple of counts in R12 order: Food, Iron, Horses, Gunpowder,
Oil, Information, Space. A cost is such a tuple plus ``k`` units of any type (the surcharge of
R76(b), R113). Units stand in for each other as the rules allow:

* a unit pays a cost unit of its own type;
* Information pays any one non-Space unit (R13);
* Space pays any two non-Space units, or one Space unit (R14); a surplus half is lost (R51, R78);
* any unit pays an "any" unit;
* in the Purchase phase (or always, option ``exchange_in``) units may first be exchanged (R80, R81,
  A5): 2 identical -> 1 of the next type up (``one_step``; ``any_higher``: any higher type up to
  Information), chained; 3 of any types -> 1 Information; 2 Information -> 1 Space.

A payment is chosen one unit at a time, and a unit may be picked only while the units picked so far
stay inside some *minimal* covering set of the units available (R79: no over-spending). When only
one such set contains them, the rest is fixed (``rest_of``) and may be paid at once. Every question
is memoised: payments are the hot path of the engine.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING

from .vocab import COSTS, Pay, PayVp

if TYPE_CHECKING:
    from .state import Payment

FOOD, IRON, HORSES, GUNPOWDER, OIL, INFORMATION, SPACE = range(7)
BASIC = (FOOD, IRON, HORSES, GUNPOWDER, OIL)
NO_EXCHANGE, ONE_STEP, ANY_HIGHER = 0, 1, 2
CACHE = 1 << 18

Units = tuple  # 7 ints


def covers_plain(units: Units, cost: Units, k: int) -> bool:
    """Do ``units`` pay ``cost`` + ``k`` any, using the wildcards but no exchange?"""
    spare_space = units[SPACE] - cost[SPACE]
    if spare_space < 0:
        return False
    need = cost[INFORMATION]
    surplus = 0
    for t in BASIC:
        d = cost[t] - units[t]
        if d > 0:
            need += d
        else:
            surplus -= d
    if k > surplus:
        need += k - surplus
    return need <= units[INFORMATION] + 2 * spare_space


@lru_cache(maxsize=CACHE)
def covers(units: Units, cost: Units, k: int, mode: int) -> bool:
    """Do ``units`` pay ``cost`` + ``k`` any, exchanging first when ``mode`` allows it?

    Exchanges that take Information or Space as input never help (a wildcard already pays what the
    exchange would make), so only these are tried: two identical basic units up, three basic units
    to one Information, and two Information to one Space when a Space unit is owed.
    """
    if covers_plain(units, cost, k):
        return True
    if mode == NO_EXCHANGE:
        return False
    if value(units) < value(cost) + k:  # no exchange adds value
        return False
    for t in BASIC:
        if units[t] >= 2:
            targets = (t + 1,) if mode == ONE_STEP else range(t + 1, INFORMATION + 1)
            for u in targets:
                after = list(units)
                after[t] -= 2
                after[u] += 1
                if covers(tuple(after), cost, k, mode):
                    return True
    present = [t for t in BASIC if units[t]]
    for trio in combinations_with_replacement(present, 3):
        after = list(units)
        for t in trio:
            after[t] -= 1
        if min(after) < 0:
            continue
        after[INFORMATION] += 1
        if covers(tuple(after), cost, k, mode):
            return True
    if cost[SPACE] > units[SPACE] and units[INFORMATION] >= 2:
        after = list(units)
        after[INFORMATION] -= 2
        after[SPACE] += 1
        if covers(tuple(after), cost, k, mode):
            return True
    return False


@lru_cache(maxsize=CACHE)
def minimal_covers(available: Units, cost: Units, k: int, mode: int) -> tuple[Units, ...]:
    """Every inclusion-minimal sub-multiset of ``available`` that pays the cost.

    Covering is monotone (more units never hurt), so a covering set is minimal exactly when
    removing any single unit breaks it.
    """
    if not covers(available, cost, k, mode):
        return ()
    out = []
    for sub in product(*(range(n + 1) for n in available)):
        if not covers(sub, cost, k, mode):
            continue
        minimal = True
        for t in range(7):
            if sub[t]:
                less = list(sub)
                less[t] -= 1
                if covers(tuple(less), cost, k, mode):
                    minimal = False
                    break
        if minimal:
            out.append(sub)
    return tuple(out)


@lru_cache(maxsize=CACHE)
def legal_picks(available: Units, picked: Units, cost: Units, k: int, mode: int) -> tuple[int, ...]:
    """Resource types the next unit may be of: ``picked`` plus it stays inside a minimal cover.

    ``available`` counts every unit the payer had when the payment began (``picked`` included).
    """
    out = []
    for t in range(7):
        if picked[t] >= available[t]:
            continue
        for m in minimal_covers(available, cost, k, mode):
            if m[t] > picked[t] and all(m[u] >= picked[u] for u in range(7)):
                out.append(t)
                break
    return tuple(out)


@lru_cache(maxsize=CACHE)
def only_rest(available: Units, picked: Units, cost: Units, k: int, mode: int) -> Units | None:
    """The units that finish the payment when every exact way of finishing it spends the same
    ones (``picked`` plus them is the only minimal cover containing ``picked``), else None."""
    rest = None
    for m in minimal_covers(available, cost, k, mode):
        if all(m[t] >= picked[t] for t in range(7)):
            r = tuple(m[t] - picked[t] for t in range(7))
            if rest is not None and r != rest:
                return None
            rest = r
    return rest


def can_pay(available: Units, cost: Units, k: int, mode: int) -> bool:
    return covers(available, cost, k, mode)


def units_of(counts: dict[str, int], order: tuple[str, ...]) -> Units:
    """A count tuple from a {resource name: n} dict."""
    return tuple(counts.get(name, 0) for name in order)


def value(units: Units) -> int:
    """How many non-Space units these pay at most (a Space pays two, R14).

    No payment gains value, exchanges included (they keep or lose it): ``covers(units, cost, k,
    mode)`` holds only if ``value(units) >= value(cost) + k``.
    """
    return sum(units) + units[SPACE]


# --- a payment in progress (state.Payment) and an effect's activation cost -------------------------


def paid_off(pm: Payment) -> bool:
    """Do the units paid so far cover the payment's cost?"""
    return covers(tuple(pm.paid), tuple(pm.cost), pm.any, pm.mode)


def next_picks(now: Units, pm: Payment) -> tuple[int, ...]:
    """Resource types the payer may spend next, ``now`` being the units he still has (R79: inside
    a minimal covering set of what he had when the payment began)."""
    paid = pm.paid
    total = tuple(now[t] + paid[t] for t in range(7))
    return legal_picks(total, tuple(paid), tuple(pm.cost), pm.any, pm.mode)


def rest_of(now: Units, pm: Payment) -> Units | None:
    """The units that finish the payment when they are the same whichever way it is finished
    (R79), ``now`` being the units the payer still has; None when the rest leaves a choice."""
    paid = pm.paid
    total = tuple(now[t] + paid[t] for t in range(7))
    return only_rest(total, tuple(paid), tuple(pm.cost), pm.any, pm.mode)


def activation_cost(ops: list, pc: int, res_index: dict[str, int]) -> Units:
    """The resources of the ``pay`` ops heading the effect from ``pc`` on, as one payment (R34b,
    R51); a ``pay_vp`` among them costs VP, not resources (``vp_cost``)."""
    cost = [0] * 7
    while pc < len(ops) and isinstance(ops[pc], COSTS):
        if isinstance(ops[pc], Pay):
            for name, n in ops[pc].res.items():
                cost[res_index[name]] += n
        pc += 1
    return tuple(cost)


def vp_cost(ops: list) -> int:
    """The VP the ``pay_vp`` ops heading the effect cost (R71)."""
    total = 0
    for op in ops:
        if not isinstance(op, COSTS):
            break
        if isinstance(op, PayVp):
            total += op.n
    return total


def pays_resources(ops: list) -> bool:
    """Does the effect's head hold a ``pay`` op (a payment of resources)?"""
    for op in ops:
        if not isinstance(op, COSTS):
            return False
        if isinstance(op, Pay):
            return True
    return False


def activation_mode(options: dict) -> int:
    """Exchanges allowed when paying an activation cost: none unless ``exchange_in`` says always
    (A5 (iii))."""
    if options["exchange_in"] == "always":
        return ANY_HIGHER if options["exchange"] == "any_higher" else ONE_STEP
    return NO_EXCHANGE


def purchase_mode(options: dict) -> int:
    """Exchanges allowed in the Purchase phase (R80, R81, A5 (i))."""
    return ANY_HIGHER if options["exchange"] == "any_higher" else ONE_STEP
