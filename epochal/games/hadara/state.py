"""Hadara state: plain data only. Cards and colonies are indices into the game's data set."""

from __future__ import annotations

import msgspec

from epochal.engine import State

# Board order of the five decks, clockwise (R11 leaves it free; red is followed by yellow as in EX9):
# ``decks`` and ``piles`` are kept by board position.
BOARD = ("blue", "green", "red", "yellow", "purple")
CRESTS = ("monkey", "dragon", "lion", "pegasus", "scarab")  # seat i holds crest i (D8)
STEPS = ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6")  # an epoch (R27)
ROUNDS = 5  # R36: five drawing rounds per epoch
DONE = 1000  # Seat.took after a seat passes a step


class Seat(msgspec.Struct, kw_only=True):
    start: int  # index of the start card dealt (R20)
    side: str = ""  # "A" / "B" once chosen (R21)
    coins: int = 0
    base: list[int] = []  # start values of the four tracks (R23)
    tracks: list[int] = []  # income, military, culture, food (kept equal to R81's formula)
    cards: list[int] = []  # owned epoch cards, in order of purchase
    colonies: list[int] = []  # owned colony tokens
    annexed: list[bool] = []  # parallel to colonies: True = flipped to its back (R49)
    statues: list[int] = []  # per slot: -1 empty, else tile track * 2 + (1 if face down)
    tiles: list[int] = []  # unused bonus tiles per track (R22: 2 each)
    silver: list[int] = []  # track of the tile in each silver medal (R73)
    gold: int = 0  # gold medals bought (R74)
    held: dict[int, int] = {}  # PE3 card -> track of the tile it holds
    hand: list[int] = []  # the two cards drawn in a Phase A round (secret, R33)
    sold_secret: list[int] = []  # this epoch's Phase A sales, unseen by the others (R43);
    # they join `out` when the epoch ends
    took: int = 0  # colonies or statues taken in the current step (R46c, PE13)
    bought_points: int = 0  # PE2 requirement points bought in the current step
    fed_paid: int = 0  # PE6 payments in the current Feeding step


class HadaraState(State, kw_only=True):
    seats: list[Seat] = []
    epoch: int = 0  # 1..3; 0 during setup
    step: str = "setup"
    turn: int = 0  # position in turn order within a sequential step
    first: list[int] = []  # first player of epochs I, II, III (R29)
    wheel: int = 0  # orientation chosen by the first player (R31)
    round: int = 0  # Phase A drawing round 0..4 (R36)
    decks: list[list[int]] = []  # face-down decks by board position; top = last
    piles: list[list[int]] = []  # face-up discard piles by board position; top = last
    stacks: list[list[int]] = []  # colony stacks by requirement value; top = last (R15)
    colony_box: list[int] = []  # colony tokens returned unseen (R15)
    box: list[int] = []  # this epoch's cards returned unseen (R14, R30)
    out: list[int] = []  # sold and removed cards, face down (R43, R68)
