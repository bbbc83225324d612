"""A game's action id space: named blocks of consecutive integer ids.

Ids are stable (records, agents and trained networks depend on them), so a block can be pinned
to its first id (``at``), leaving a gap for ids that are no longer used. A block has a shape:
``add("statue", 4, 4, 2)`` gives ``4 * 4 * 2`` ids, ``encode("statue", slot, track, down)`` and
``decode(id) == ("statue", (slot, track, down))``. Blocks of card actions (``cards=True``) hold
one id per card index: ``card_of(id)`` is the card an action names, so a re-deal can follow it.

A block's first id is also an attribute (``space.play + k``): the fast path of the rules.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from math import prod


@dataclass(frozen=True)
class Block:
    name: str
    start: int
    shape: tuple[int, ...]
    cards: bool = False  # one id per card index

    @property
    def size(self) -> int:
        return prod(self.shape)

    @property
    def stop(self) -> int:
        return self.start + self.size

    def encode(self, *index: int) -> int:
        if len(index) != len(self.shape):
            raise ValueError(f"{self.name} takes {len(self.shape)} indices, not {len(index)}")
        offset = 0
        for i, n in zip(index, self.shape, strict=True):
            if not 0 <= i < n:
                raise ValueError(f"{self.name}: index {i} is outside 0..{n - 1}")
            offset = offset * n + i
        return self.start + offset

    def decode(self, action: int) -> tuple[int, ...]:
        offset = action - self.start
        index = []
        for n in reversed(self.shape):
            offset, i = divmod(offset, n)
            index.append(i)
        return tuple(reversed(index))


class ActionSpace:
    """Named blocks of action ids, laid out in the order they are added."""

    def __init__(self) -> None:
        self.blocks: dict[str, Block] = {}
        self.size = 0  # ids are 0 .. size - 1
        self._starts: list[int] = []
        self._stops: list[int] = []  # each block's end (Block.stop), for block_of
        self._order: list[Block] = []

    def add(self, name: str, *shape: int, at: int | None = None, cards: bool = False) -> int:
        """Add a block after the last one (or at id ``at``); its first id."""
        if hasattr(self, name):
            raise ValueError(f"{name!r} is a block or a name of the action space already")
        start = self.size if at is None else at
        if start < self.size:
            raise ValueError(f"block {name!r} at {start} overlaps the ids before it (up to {self.size - 1})")
        block = Block(name, start, tuple(shape) or (1,), cards)
        self.blocks[name] = block
        self._order.append(block)
        self._starts.append(start)
        self._stops.append(block.stop)
        self.size = block.stop
        setattr(self, name, start)
        return start

    def __getattr__(self, name: str) -> int:
        # only reached for names that are not blocks (blocks are instance attributes)
        raise AttributeError(f"the action space has no block {name!r}")

    def __getitem__(self, name: str) -> Block:
        return self.blocks[name]

    def starts(self, *names: str) -> tuple[int, ...]:
        """The first ids of the blocks ``names``, in order: a game's constants for its fixed ids."""
        return tuple(self.blocks[name].start for name in names)

    def encode(self, name: str, *index: int) -> int:
        return self.blocks[name].encode(*index)

    def block_of(self, action: int) -> Block | None:
        i = bisect_right(self._starts, action) - 1
        if i < 0:
            return None
        return self._order[i] if action < self._stops[i] else None  # a block's end, worked out once

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]:
        """(block name, index) of an action id; ValueError for an id in no block."""
        block = self.block_of(action)
        if block is None:
            raise ValueError(f"action {action} is in no block of the action space")
        return block.name, block.decode(action)

    def kind(self, action: int) -> tuple[str, int]:
        """(block name, offset in the block): for a card block the offset is the card index.
        An id in no block (a refused action may be any integer) gives ("", the id)."""
        block = self.block_of(action)
        if block is None:
            return "", action
        return block.name, action - block.start

    def card_of(self, action: int) -> int:
        """The card index an action of a card block names; -1 for every other action."""
        block = self.block_of(action)
        return action - block.start if block is not None and block.cards else -1

    def describe(self) -> list[dict]:
        """The layout as data, for documentation and research adapters."""
        return [{"name": b.name, "first": b.start, "shape": list(b.shape), "cards": b.cards} for b in self._order]
