"""The random number generator held in every state.

SplitMix64 over a single 64-bit integer: the whole generator is one int in the state, so a
clone copies it for free and a JSON round-trip keeps it exactly. Same seed and same actions
give the same game, bit for bit.
"""

MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return mix(seed & MASK)


def mix(x: int) -> int:
    z = (x + _GOLDEN) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def randbelow(state, n: int) -> int:
    """A uniform integer in [0, n), advancing ``state.rng``."""
    state.rng = x = (state.rng + _GOLDEN) & MASK
    return mix(x) % n


LONG = 32  # from this length on a shuffle draws its numbers with numpy (the same numbers)


def shuffle(state, items: list) -> None:
    """Fisher-Yates in place, driven by ``state.rng``: ``randbelow`` and ``mix`` written out in
    the loop (the same numbers, so the same games; set-ups shuffle a lot of cards)."""
    if len(items) >= LONG:
        _shuffle_numpy(state, [items])
        return
    x = state.rng
    for i in range(len(items) - 1, 0, -1):
        x = (x + _GOLDEN) & MASK
        z = (x + _GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        items[i], items[j] = items[j], items[i]
    state.rng = x


def shuffle_each(state, lists: list[list]) -> None:
    """``shuffle`` of each list in turn (the same numbers): a set-up's decks, all their draws
    made at once."""
    lists = [items for items in lists if len(items) > 1]  # a shorter list draws nothing
    if sum(len(items) for items in lists) >= LONG:
        _shuffle_numpy(state, lists)
    else:
        for items in lists:
            shuffle(state, items)


def _shuffle_numpy(state, lists: list[list]) -> None:
    """``shuffle`` of each of ``lists`` in turn, for many cards: the generator's successive
    states are ``rng + k * GOLDEN``, so numpy mixes them all at once (64-bit arithmetic wraps as
    ``& MASK`` does), and only the swaps are left to the loop. A deck of 130 cards shuffles four
    times faster."""
    import numpy as np  # only here: most lists are short, and importing numpy takes a while

    u64 = np.uint64
    sizes = [len(items) for items in lists]
    count = sum(sizes) - len(lists)  # draws: one fewer than the cards of each list
    with np.errstate(over="ignore"):
        x = u64(state.rng) + np.arange(1, count + 1, dtype=u64) * u64(_GOLDEN)
        z = x + u64(_GOLDEN)
        z = (z ^ (z >> u64(30))) * u64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> u64(27))) * u64(0x94D049BB133111EB)
        z ^= z >> u64(31)
        bounds = np.concatenate([np.arange(n, 1, -1, dtype=u64) for n in sizes])
        draws = (z % bounds).tolist()
    at = 0
    for items, n in zip(lists, sizes, strict=True):
        for i, j in zip(range(n - 1, 0, -1), draws[at : at + n - 1], strict=True):
            items[i], items[j] = items[j], items[i]
        at += n - 1
    state.rng = int(x[-1])


def derive(seed: int, index: int) -> int:
    """An independent seed for game ``index`` of a series started with ``seed``."""
    return mix((seed * 1_000_003 + index) & MASK) >> 1
