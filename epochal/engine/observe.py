"""What every game's observation layout shares (``Game.observation_layout_class``).

A layout cuts a fixed-length float vector into named parts and encodes ``view(state, seat)``
into it for the research adapters (epochal.adapters). It is built once per game object, because
the game's card data fixes the lengths of its parts.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

Writer = Callable[..., None]


class VectorLayout(ABC):
    """Named consecutive parts of the vector: a subclass calls ``part`` for each in ``__init__``
    (after ``super().__init__(game)``) and fills them in ``encode``."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.parts: dict[str, tuple[int, int]] = {}
        self.size = 0

    def part(self, name: str, length: int) -> None:
        """Append part ``name``, ``length`` floats long."""
        self.parts[name] = (self.size, length)
        self.size += length

    def seat_parts(self, seats: int, lengths: dict[str, int]) -> None:
        """A block of parts per seat, ``seat<r>.<name>`` for r = 0 .. seats-1, the seats counted
        clockwise from the observer (``seat_relative``), each block the parts ``lengths`` names in
        its order."""
        for r in range(seats):
            for name, length in lengths.items():
                self.part(f"seat{r}.{name}", length)

    def describe(self) -> dict[str, tuple[int, int]]:
        """``{name: (offset, length)}``."""
        return dict(self.parts)

    @abstractmethod
    def encode(self, view: dict) -> list[float]:
        """The vector of ``view`` (what one seat, or a spectator, may know)."""

    def new_vector(self, accumulate: bool = False) -> tuple[list[float], Writer]:
        """A zero vector and its writer ``put(name, i=0, value=1.0)``.

        ``put`` sets float ``i`` of part ``name`` to ``value``, or with ``accumulate`` adds
        ``value`` to it. An ``i`` outside the part is dropped, so that a value past the end of a
        one-hot leaves the part empty instead of marking the next part.
        """
        out = [0.0] * self.size
        parts = self.parts

        if accumulate:

            def put(name: str, i: int = 0, value: float = 1.0) -> None:
                off, length = parts[name]
                if 0 <= i < length:
                    out[off + i] += float(value)
        else:

            def put(name: str, i: int = 0, value: float = 1.0) -> None:
                off, length = parts[name]
                if 0 <= i < length:
                    out[off + i] = float(value)

        return out, put

    @staticmethod
    def seat_relative(view: dict) -> tuple[int, Callable[[int], int]]:
        """The observing seat and ``rel(seat)``, how many seats clockwise of it ``seat`` sits.

        Seat blocks are laid out by ``rel``, so block 0 is the observer's whichever seat it holds.
        A spectator's view is laid out as seat 0's.
        """
        players = view["players"]
        me = view["you"] if view["you"] is not None else 0

        def rel(seat: int) -> int:
            return (seat - me) % players

        return me, rel

    @staticmethod
    def put_decision(put: Writer, view: dict, rel: Callable[[int], int], kinds: tuple[str, ...]) -> None:
        """Part ``decision_kind`` (``len(kinds) + 1`` long): the pending decision's kind one-hot,
        its last place for another kind or none; part ``decision_seat``: the seats it asks."""
        decision = view["decision"]
        kind = decision["kind"] if decision else None
        put("decision_kind", kinds.index(kind) if kind in kinds else len(kinds))
        if decision:
            for seat in decision["seats"]:
                put("decision_seat", rel(seat))

    @staticmethod
    def put_results(put: Writer, view: dict, rel: Callable[[int], int]) -> None:
        """Once the game is over, the parts ``score`` (the final total) and ``winner`` of each
        seat's block, named ``seat<r>.`` by its relative seat."""
        if not view["scores"]:
            return
        for seat, score in enumerate(view["scores"]):
            put(f"seat{rel(seat)}.score", 0, score["total"])
        for seat in view["winners"]:
            put(f"seat{rel(seat)}.winner")
