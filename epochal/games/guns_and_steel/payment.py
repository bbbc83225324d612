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
stay inside some *minimal* covering set of the units available (R79: no over-spending). Every
question is memoised: payments are the hot path of the engine.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product

FOOD, IRON, HORSES, GUNPOWDER, OIL, INFORMATION, SPACE = range(7)
BASIC = (FOOD, IRON, HORSES, GUNPOWDER, OIL)
NO_EXCHANGE, ONE_STEP, ANY_HIGHER = 0, 1, 2
ZERO = (0, 0, 0, 0, 0, 0, 0)
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


def can_pay(available: Units, cost: Units, k: int, mode: int) -> bool:
    return covers(available, cost, k, mode)


def units_of(counts: dict[str, int], order: tuple[str, ...]) -> Units:
    """A count tuple from a {resource name: n} dict."""
    return tuple(counts.get(name, 0) for name in order)


def value(units: Units) -> int:
    """How many non-Space units these pay at most (a Space pays two, R14)."""
    return sum(units) + units[SPACE]
