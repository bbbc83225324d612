"""The kernel's action id space (epochal/engine/actions.py)."""

import pytest

from epochal.engine.actions import ActionSpace


def space() -> ActionSpace:
    s = ActionSpace()
    s.add("pass")
    s.add("draw", 4, 2)
    s.add("end", at=20)
    s.add("play", 5, cards=True)
    return s


def test_blocks_follow_each_other_and_a_pinned_block_leaves_a_gap():
    s = space()
    assert (s.blocks["pass"].start, s.draw, s.end, s.play, s.size) == (0, 1, 20, 21, 26)


def test_encode_and_decode_are_inverse_over_every_id():
    s = space()
    ids = [a for a in range(s.size) if s.block_of(a) is not None]
    assert len(ids) == 1 + 8 + 1 + 5
    for a in ids:
        name, index = s.decode(a)
        assert s.encode(name, *index) == a
    assert s.decode(s.encode("draw", 3, 1)) == ("draw", (3, 1)) and s.encode("draw", 3, 1) == 8


def test_a_card_block_names_its_card_and_other_blocks_name_none():
    s = space()
    assert s.card_of(s.play + 3) == 3 and s.card_of(s.draw) == -1 and s.kind(s.play + 3) == ("play", 3)


def test_ids_outside_every_block_and_indices_outside_a_block_are_refused():
    s = space()
    with pytest.raises(ValueError):
        s.decode(15)  # the gap before "end"
    assert s.kind(15) == ("", 15) and s.kind(-3) == ("", -3) and s.card_of(10**9) == -1
    with pytest.raises(ValueError):
        s.encode("draw", 4, 0)
    with pytest.raises(ValueError):
        s.add("play", 1)
    with pytest.raises(ValueError):
        s.add("late", at=3)
    with pytest.raises(AttributeError):
        s.nothing  # noqa: B018


def test_starts_gives_the_first_ids_of_blocks_in_order():
    s = space()
    assert s.starts("play", "pass", "end") == (21, 0, 20)
