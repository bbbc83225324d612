"""Imperial Settlers state: plain data. Cards are indices into the game's physical card list."""

from __future__ import annotations

from typing import Any

import msgspec

from epochal.engine import State
from epochal.engine.effects import Frame

VIRTUAL = -2  # the "owner" of a solo virtual-opponent location: no seat (R194, R204)


class Seat(msgspec.Struct, kw_only=True):
    faction: str
    # the personal supply (R43, R117): open information
    wood: int = 0
    stone: int = 0
    food: int = 0
    gold: int = 0
    worker: int = 0
    raze: int = 0
    defence: int = 0
    vp: int = 0  # the VP track (R26, R113)
    hand: list[int] = []  # hidden (R37)
    deck: list[int] = []  # the empire deck, top = last
    discard: list[int] = []  # the empire discard pile, never reshuffled (R121)
    locations: list[int] = []  # built locations, in the order built
    foundations: list[int] = []  # face-down cards (R109)
    hidden_foundations: list[int] = []  # foundations put from the hand (Sanctuary): unseen
    deals: list[int] = []  # cards under the board (R69)
    used: dict[int, int] = {}  # location -> activations this round (R88-R91)
    defended: list[int] = []  # locations holding a defence token (R102)
    samurai: list[int] = []  # Japanese locations holding a samurai (R142)
    # storage locations (cards.Storage, R168) -> the goods lying on each: part of the supply
    # above (spent like it, the unstored first), kept through Cleanup
    stored: dict[int, dict[str, int]] = {}
    # to the end of the game (R152, R155): a Gate's cards under it (unseen by the others), a
    # Shrine's goods on it (off the supply, open)
    under: dict[int, list[int]] = {}
    kept: dict[int, dict[str, int]] = {}
    # deals made with other seats' locations (cards.Trade, R73): location -> the card that made
    # it, whose ``trade`` says what the deal does; open, apart from the deals under the board
    trades: dict[int, int] = {}
    # locations of other seats this seat captured (cards.Capture, R163): location -> the card
    # whose token lies on it and whose ``capture`` says how it is shared; open
    captured: dict[int, int] = {}
    passed: bool = False  # in this Action phase (R53)
    attack_deals: list[int] = []  # solo: attack cards taken as deals (Spies, A44)


class SettlersState(State, kw_only=True):
    seats: list[Seat] = []
    round: int = 1  # R22, R32
    phase: str = "lookout"
    first: int = 0  # the first-player marker (R28, R126)
    start_first: int = 0  # the first player of round 1
    turn: int = 0  # the seat whose Action-phase turn it is
    common_deck: list[int] = []  # top = last
    common_discard: list[int] = []
    table: list[int] = []  # face-up Lookout cards (R34, R187)
    schedule: list[list[Any]] = []  # the Lookout steps still to run
    packets: list[list[int]] = []  # alternative Lookout: each seat's cards to choose from
    run: list[Frame] = []  # effects being resolved, innermost last
    # the solo mode (§19); attack cards are indices into the game's attack deck data
    attack_deck: list[int] = []  # R196: face down, top = last
    attack_row: list[int] = []  # R209: face up, index 0 = the newest ("first") card
    attack_gone: list[int] = []  # cancelled by Robbers (A44): out of the game
    attacks_left: int = 0  # attacks still to make in this Attack phase (R209)
    virtual: list[int] = []  # the virtual opponent's locations (R201, R204)
    trophies: list[int] = []  # its trophy pile (R208, R209)
    empire_built: int = 0  # empire locations built so far (option solo_count)
    stored_round: int = 0  # the round whose Cleanup storage step has run (R126.1)
