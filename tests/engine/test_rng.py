"""The state's generator: a long list's shuffle (numpy), and several lists shuffled at once, draw
exactly the numbers of the short one's loop, which is ``randbelow`` step by step, so a game
deals the same whatever the length of what it shuffles."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from epochal.engine import rng


class Holder:
    def __init__(self, state: int):
        self.rng = state


def by_randbelow(state: int, items: list) -> tuple[list, int]:
    holder = Holder(state)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randbelow(holder, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, holder.rng


@given(st.integers(min_value=0, max_value=rng.MASK), st.integers(min_value=0, max_value=200))
def test_every_length_shuffles_as_randbelow_draws(state, n):
    holder = Holder(state)
    items = list(range(n))
    rng.shuffle(holder, items)
    assert (items, holder.rng) == by_randbelow(state, list(range(n)))


def test_the_long_shuffle_is_the_one_taken_from_its_length_on():
    for n in (rng.LONG - 1, rng.LONG, 130):
        for seed in range(20):
            state = rng.seed_state(seed)
            holder = Holder(state)
            items = [f"card {i}" for i in range(n)]
            rng.shuffle(holder, items)
            assert (items, holder.rng) == by_randbelow(state, [f"card {i}" for i in range(n)])


@given(
    st.integers(min_value=0, max_value=rng.MASK),
    st.lists(st.integers(min_value=0, max_value=140), max_size=6),
)
def test_shuffling_several_lists_at_once_draws_as_shuffling_each_in_turn(state, sizes):
    together, one_by_one = Holder(state), Holder(state)
    decks = [[f"{d}.{i}" for i in range(n)] for d, n in enumerate(sizes)]
    expected = [list(deck) for deck in decks]
    rng.shuffle_each(together, decks)
    for deck in expected:
        rng.shuffle(one_by_one, deck)
    assert (decks, together.rng) == (expected, one_by_one.rng)
