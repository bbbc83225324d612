"""The effect vocabulary: every operation a card's effect may hold, typed.

A card's ``effect`` in the data is a list of JSON objects whose ``op`` names the operation; the
loader decodes them into these structs, so an unknown operation or field is refused when the
data loads, with the card's id (``cards.load``). Each operation has one handler (effects.py).
"""

from __future__ import annotations

import msgspec

MAX_OPTIONS = 4  # the most effects a "choose" lists (the action space has one id per option)


class Op(msgspec.Struct, tag_field="op", forbid_unknown_fields=True, frozen=True):
    """Base of the operations (their tag is the ``op`` field).

    Card data does not change during a game, so the operations are frozen; each subclass says
    so again, as a type checker reads a frozen base with a non-frozen subclass as an error.
    """


class Gain(Op, tag="gain", frozen=True):
    """You gain ``n`` gold."""

    n: int


class Lose(Op, tag="lose", frozen=True):
    """You lose ``n`` gold, as much as you have (R5)."""

    n: int


class Draw(Op, tag="draw", frozen=True):
    """You draw ``n`` cards, as many as the deck holds (R5)."""

    n: int = 1


class EachOther(Op, tag="each_other", frozen=True):
    """Every other player carries out ``do``, clockwise from your left (R6)."""

    do: list[AnyOp]


class Choose(Op, tag="choose", frozen=True):
    """You choose one of ``options`` and carry it out (R7)."""

    options: list[list[AnyOp]]


AnyOp = Gain | Lose | Draw | EachOther | Choose
