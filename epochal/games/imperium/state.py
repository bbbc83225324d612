"""Imperium state: plain data. Cards are indices into the game's card list."""

from __future__ import annotations

import msgspec

from epochal.engine import State, effects


class Seat(msgspec.Struct, kw_only=True):
    nation: str
    side: str = "A"  # face of the power card (R30)
    power: int = -1  # the power card
    empire: bool = False  # the state card's visible side (R37, R99)
    materials: int = 0
    population: int = 0
    progress: int = 0
    actions: int = 0  # action tokens on the state card
    exhausts: int = 0  # exhaust tokens on the state card
    hand: list[int] = []
    deck: list[int] = []  # top = last
    discard: list[int] = []
    history: list[int] = []  # under the power card (R183)
    play: list[int] = []  # play area, in the order cards arrived
    exhausted: list[int] = []  # cards (incl. the power card) holding an exhaust token
    garrison: dict[int, list[int]] = {}  # card in play -> the cards under it (R176)
    tokens_on: dict[int, dict[str, int]] = {}  # card in play -> tokens lying on it (Pottery)
    nation_deck: list[int] = []  # top = last; the accession card lies at index 0
    nation_exhausted: bool = False  # the exhaust token on the nation deck (G36)
    development: list[int] = []
    dev_exhausted: bool = False
    quest: int = -1  # King Arthur: the active quest, garrisoned under King Arthur's Court (R198)
    free_played: list[int] = []  # free-play cards played this turn (R74, G37)
    used_kok_b: bool = False  # King of Kings side B, once per player (R255)
    turn_mode: str = ""  # "activate", "innovate", "revolt" on this player's turn
    region_as_production: int = 0  # Agriculture: fertile counted as 3 production this turn
    river_as_production: int = 0  # Qanat: river counted as 3 production this turn
    empire_next: bool = False  # Combs: the next card played this turn ignores {empire}
    sunken: list[int] = []  # Atlanteans: the sunken pile under the power card, the owner's to see (R186-R188)
    path: list[int] = []  # Utopians: the path deck, top = last, the active path card (R33, R206)
    path_side: str = "A"  # the face the active path card shows
    deck_out: bool = False  # the empty personal deck's running out has been dealt with (R208)


class Slot(msgspec.Struct, kw_only=True):
    card: int = -1
    unrest: int = -1  # the unrest card tucked under it (R53)
    tokens: dict[str, int] = {}


class Frame(effects.Frame, kw_only=True):
    """A running effect (the kernel's frame): ``part`` is play / exhaust / solstice / passive, or
    a rules program (cleanup, innovate, reaction); ``face`` says which side of the card."""

    face: str = ""  # "B" when the card's side B is meant


class ImperiumState(State, kw_only=True):
    seats: list[Seat] = []
    first: int = 0  # the seat to the left of the solstice card (R55)
    turn: int = 0  # the seat whose turn it is
    round: int = 1
    phase: str = "turn"  # turn, solstice, end
    market: list[Slot] = []  # 0 region, 1 uncivilised, 2 civilised, 3-4 main deck
    decks: dict[str, list[int]] = {}  # region, uncivilised, civilised, main; top = last
    fame: list[int] = []  # face down, top = last
    kok: int = -1  # King of Kings
    kok_side: str = "A"
    kok_a_used: bool = False
    unrest: list[int] = []  # the unrest pile
    exile: list[int] = []
    box: list[int] = []  # cards out of the game (player count, R45, R49)
    mixed_in: list[int] = []  # tributaries of the other common deck that replaced a nation's namesake (R60)
    scoring_triggered: bool = False
    final_round: bool = False
    collapsed: bool = False
    # may a card of the game watch between operations: a card leaving the play area (Palace
    # of Poseidon's when_gone), a deck running out (R208)? Set at setup from the game's cards,
    # which never change; a state stored before these fields existed reads True, which only
    # costs the look
    watch_play: bool = True
    watch_decks: bool = True
    run: list[Frame] = []  # effects being resolved, innermost last
    reactions: list[list[int]] = []  # [seat, card] reactive exhausts to offer next
    triggered: list[list[int]] = []  # [seat, card, i]: passive i of card asks next (Vikings)
    log_triggers: list[str] = []  # what triggered the end (R212)
