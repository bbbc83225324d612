"""Guns & Steel state: plain data. Civilization cards are indices into the game's card list
(start cards once per colour, then C06-C55), wonders indices into W01-W20."""

from __future__ import annotations

import msgspec

from epochal.engine import State
from epochal.engine.effects import Frame

EMPTY = -1  # a bought pyramid slot (R40: never refilled)


class Seat(msgspec.Struct, kw_only=True):
    hand: list[int] = []  # secret (A33)
    zone: list[int] = []  # the player zone in the order the cards came (R31)
    tech: list[int] = []  # the zone cards lying technology side up
    # temporary resources of this turn by type (R15b)
    temp: list[int] = msgspec.field(default_factory=lambda: [0] * 7)
    wonders: list[int] = []  # claimed or received wonders (R28, R66)
    vp: int = 0  # the VP card [REN/COMB] (R38, R70)
    glory: int = 0  # glory tokens in the supply [REN/COMB] (R38)
    recalled: list[int] = []  # cards taken back into the hand this turn (E12)


class Payment(msgspec.Struct, kw_only=True):
    """A payment being chosen unit by unit (R34, R51, R76-R81)."""

    seat: int
    purpose: str  # "buy" or "activate"
    card: int
    cost: list[int]  # base cost by resource type
    any: int = 0  # units of any type on top (R76b, R113)
    mode: int = 0  # exchanges allowed (payment.NO_EXCHANGE, ...)
    paid: list[int] = msgspec.field(default_factory=lambda: [0] * 7)
    picked: list[int] = []  # the resource types in the order they were paid
    slot: int = -1  # buy: the pyramid slot, or
    stack: int = -1  # buy: the development stack's epoch [COMB]


class Attack(msgspec.Struct, kw_only=True):
    """An attack being answered (R60-R69)."""

    attacker: int
    card: int
    strength: int
    order: list[int]  # the opponents, clockwise from the attacker (R62)
    step: int = 0  # index into ``order`` of the one responding
    responded: list[int] = []  # opponents who have finished responding
    defeated: list[int] = []


class GunsState(State, kw_only=True):
    seats: list[Seat] = []
    step: str = "setup"  # the running step of the turn; ``phase`` derives from it
    turn: int = 0
    first: int = 0
    round: int = 1
    pyramid: list[list[int]] = []  # rows bottom (Horses) to top (Space); EMPTY = bought
    stacks: list[list[int]] = []  # [COMB] development stacks per epoch, top = last
    wonders: list[int] = []  # the wonder chosen for each epoch (R42, R43)
    glory: list[list[int]] = []  # [REN/COMB] glory tokens per epoch's wonder, per seat
    removed: list[int] = []  # two-player removal (R39.2)
    start_queue: list[int] = []  # seats still to choose a starting resource (R44)
    recalling: bool = False  # this end of turn recalls: 1 card or none in hand (R84)
    run: list[Frame] = []  # the card effects running (effects.py), innermost last
    payment: Payment | None = None
    attack: Attack | None = None
