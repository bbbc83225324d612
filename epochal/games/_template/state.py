"""Everything that changes during a game: plain data (msgspec structs), cloned by the kernel."""

from __future__ import annotations

import msgspec

from epochal.engine import State
from epochal.engine.effects import Frame


class Seat(msgspec.Struct, kw_only=True):
    hand: list[int] = []  # card indices, hidden from the other seats
    gold: int = 0


class TributeState(State, kw_only=True):
    seats: list[Seat] = []
    deck: list[int] = []  # top last; hidden from everyone
    discard: list[int] = []  # face up
    turn: int = 0  # the seat whose turn it is
    phase: str = "turn"  # the next automatic step (phases.py)
    run: list[Frame] = []  # running effects (the kernel's frames)
