"""The option that says which side each seat plays (epochal/engine/sides.py): a rotation over the
sides with card data, or a comma list of distinct names, one per seat."""

from __future__ import annotations

import pytest

from epochal.engine import OptionError, sides

NAMES = ("Romans", "Celts", "Greeks")


def check(players: int, options: dict) -> dict:
    """Game.configure's part: the listed choices of the option, and the defaults."""
    value = options.get("side", "rotate")
    if value not in ("rotate", *sides.rotations(NAMES)):
        raise OptionError(f"option side={value!r} is not listed")
    return {"side": value}


def test_a_rotation_gives_seat_i_the_side_k_plus_i_of_those_with_data():
    assert sides.rotations(NAMES) == ("rotation:0", "rotation:1", "rotation:2")
    assert sides.configure(check, 2, {"side": "rotation:2"}, "side", NAMES, "R1") == {"side": "rotation:2"}
    assert sides.for_seats("rotation:2", 2, NAMES, NAMES) == ["Greeks", "Romans"]
    assert sides.for_seats("rotate", 2, NAMES, ["Celts", "Greeks"]) == ["Celts", "Greeks"]


def test_a_list_names_one_distinct_side_per_seat():
    assert sides.configure(check, 2, {"side": "Celts, Romans"}, "side", NAMES, "R1") == {"side": "Celts,Romans"}
    assert sides.for_seats("Celts,Romans", 2, NAMES, NAMES) == ["Celts", "Romans"]
    assert sides.configure(check, 1, {"side": "Greeks"}, "side", NAMES, "R1") == {"side": "Greeks"}
    with pytest.raises(OptionError, match=r"distinct names .* \(R1\)"):
        sides.configure(check, 2, {"side": "Celts,Celts"}, "side", NAMES, "R1")
    with pytest.raises(OptionError, match=r"3 side named for 2 players"):
        sides.configure(check, 2, {"side": "Celts,Romans,Greeks"}, "side", NAMES, "R1")
    with pytest.raises(OptionError, match="no card data for Greeks"):
        sides.for_seats("Celts,Greeks", 2, NAMES, ["Celts", "Romans"])


@pytest.mark.parametrize("count", [3, 4, 16])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_series_rotation_sits_every_side_at_every_seat_within_count_games(count, players):
    seen: dict[int, set] = {seat: set() for seat in range(players)}
    for index in range(count):
        k = int(sides.series_rotation(index, players, count).removeprefix("rotation:"))
        for seat in range(players):
            seen[seat].add((k + seat) % count)
    assert all(len(s) == count for s in seen.values())
