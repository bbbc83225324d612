"""The option that says which side (nation, faction, empire) each seat plays.

Its value is ``rotate`` (the game's ``options_for_game`` moves the sides on from one game of a
series to the next), ``rotation:k`` (seat i plays side k+i of the sides that have card data), or
a comma list of distinct side names, one per seat (a single name for a solo game). The listed
choices of the ``Option`` are ``rotate`` and the rotations; a name list is checked here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import gcd

from .errors import OptionError


def series_rotation(index: int, players: int, count: int) -> str:
    """``rotation:k`` for game ``index`` of a series with ``count`` sides: the sides move on by
    the seat count from game to game, and by one more every ``count / gcd(players, count)``
    games, so that over ``count`` games every side sits at every seat (moved on by the seat count
    alone, two players of sixteen nations would keep seat 0 to the even-numbered eight)."""
    step = count // gcd(players, count)
    return f"rotation:{(index * players + index // step) % count}"


def rotations(names: Sequence[str]) -> tuple[str, ...]:
    """``rotation:0`` .. ``rotation:n-1``, the option's listed choices besides ``rotate``."""
    return tuple(f"rotation:{k}" for k in range(len(names)))


def _is_list(value: object, names: Sequence[str]) -> bool:
    return isinstance(value, str) and ("," in value or value in names)


def configure(
    check: Callable[[int, dict], dict], players: int, options: dict | None, key: str, names: Sequence[str], rule: str
) -> dict:
    """``check(players, options)`` (``Game.configure``), with option ``key`` also taking a comma
    list of distinct ``names``, one per seat; the list is refused citing ``rule``."""
    options = dict(options or {})
    value = options.get(key)
    if not _is_list(value, names):
        return check(players, options)
    listed = [n.strip() for n in str(value).split(",")]
    if any(n not in names for n in listed) or len(set(listed)) != len(listed):
        raise OptionError(f"{key} must be distinct names from {', '.join(names)}, got {value!r} ({rule})")
    options.pop(key)
    out = check(players, options)
    if len(listed) != players:
        raise OptionError(f"{len(listed)} {key} named for {players} players ({rule})")
    out[key] = ",".join(listed)
    return out


def for_seats(value: str, players: int, names: Sequence[str], available: Sequence[str]) -> list[str]:
    """The side of each seat for a configured option ``value``: the listed names, or the
    ``available`` sides (those with card data) from the rotation's offset on."""
    if _is_list(value, names):
        chosen = value.split(",")
    else:
        offset = int(value.split(":")[1]) if value.startswith("rotation:") else 0
        chosen = [available[(offset + i) % len(available)] for i in range(players)]
    missing = [n for n in chosen if n not in available]
    if missing:
        raise OptionError(f"no card data for {', '.join(missing)} (sides with data: {', '.join(available)})")
    return chosen


def shifted(value: str, names: Sequence[str], by: int) -> str:
    """The option ``value`` for the seats moved on by ``by`` (seat i gets what seat i + by had):
    a comma list turns, a rotation's offset grows; anything else stays."""
    if _is_list(value, names):
        chosen = value.split(",")
        by %= len(chosen)
        return ",".join(chosen[by:] + chosen[:by])
    if value.startswith("rotation:"):
        return f"rotation:{(int(value.split(':')[1]) + by) % len(names)}"
    return value
