"""Plain-data state shared by every game.

A state is a msgspec Struct holding only ints, strings, lists, dicts and nested Structs; card
data stays in the game object. That makes ``clone`` a fast binary round-trip and JSON exact.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, Self

import msgspec

_ENCODER = msgspec.msgpack.Encoder()
_JSON = msgspec.json.Encoder()


class Decision(msgspec.Struct, kw_only=True, dict=True):
    """A pending decision on the stack: who must choose, and what for.

    A card effect that needs a choice pushes a frame and returns; the next action pops it.
    With several ``seats`` the decision is simultaneous: ``chosen`` keeps each seat's answer
    hidden until every seat has answered (views must never show another seat's entry).

    The engine keeps the answers it last worked out for a decision on the decision itself, as
    the attribute ``kept`` (see ``Game.legal``): outside the fields, so it is never encoded,
    cloned or compared, and a clone starts without it.
    """

    kind: str
    seats: list[int]
    args: dict[str, Any] = {}
    chosen: dict[int, int] = {}

    def waiting(self) -> list[int]:
        if not self.chosen:  # nearly every decision: asked several times per action
            return list(self.seats)
        return [s for s in self.seats if s not in self.chosen]


class State(msgspec.Struct, kw_only=True):
    game: str
    players: int
    options: dict[str, Any]
    rng: int
    stack: list[Decision] = []
    ply: int = 0  # actions applied so far
    over: bool = False

    _decoders: ClassVar[dict[type, msgspec.msgpack.Decoder]] = {}

    def edited(self):
        """Say that this state was edited by hand (a test setting up a position): the engine
        forgets the answers it kept with the pending decisions (``Game.kept_legal``), since it
        cannot notice such an edit. Returns the state."""
        for decision in self.stack:
            decision.__dict__.pop("kept", None)
        return self

    def clone(self):
        return self._decoder().decode(_ENCODER.encode(self))

    def copier(self) -> Callable[[], Self]:
        """A function that makes a fresh clone at each call: the state is encoded once, so the
        state must not change while the function is used (a search clones its root at every
        iteration)."""
        return partial(self._decoder().decode, _ENCODER.encode(self))

    def _decoder(self) -> msgspec.msgpack.Decoder:
        cls = type(self)
        decoder = State._decoders.get(cls)
        if decoder is None:
            decoder = State._decoders[cls] = msgspec.msgpack.Decoder(cls)
        return decoder

    def to_json(self) -> bytes:
        """JSON bytes; equal states give equal bytes (used to prove that nothing changed)."""
        return _JSON.encode(self)

    @classmethod
    def from_json(cls, raw: bytes | str):
        return msgspec.json.decode(raw, type=cls)
