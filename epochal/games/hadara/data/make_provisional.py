"""Build the provisional built-in Hadara data set and write ``hadara.json`` next to this file.

Run ``python -m epochal.games.hadara.data.make_provisional`` to rewrite the file, or add
``--check`` to only compare it with what this script would write (exit status 1 if stale).

No Hadara card list is public (shared/reference/hadara-facts.md, D1-D12), so apart from the few
items the rulebooks state (EX2, EX4, EX11-EX16, EX20, R43) everything here is a stand-in that obeys
every known constraint. The design is deterministic and table-driven:

* coloured cards: one template of 10 cards per epoch, shared by the four colours. A card's main
  bonus goes on its colour's track (R7); a second bonus, if any, goes on the other tracks in turn;
* purple cards: an explicit list per epoch (10 without star, 4 with star, D3);
* start cards, colonies, statue slots and medal prices: explicit tables.

``docs/games/hadara-data.md`` explains each choice.
"""

from __future__ import annotations

import sys
from itertools import cycle
from pathlib import Path

import msgspec

from epochal import datafile
from epochal.games.hadara.cards import (
    BUILTIN,
    COLOR_TRACK,
    FORMAT,
    Bonus,
    Card,
    Colony,
    Color,
    DataSet,
    MedalTable,
    Provenance,
    StartCard,
    StartSide,
    StatueSlot,
    validate,
)
from epochal.games.hadara.vocab import (
    BuyDownRequirement,
    ColonyTribute,
    ColorPatron,
    DevelopmentTax,
    DoubleActions,
    Effect,
    FeedPayment,
    FoodSurplus,
    FullSilver,
    LowerRequirements,
    MedalPrices,
    SaleBonus,
    SetBonus,
    SetJoker,
    StatueBooster,
    TileHolder,
)

ROMAN = {1: "I", 2: "II", 3: "III"}
CODE = {"blue": "BLU", "yellow": "YEL", "green": "GRN", "red": "RED", "purple": "PUR"}
SPEC = "hadara.md"

# --- coloured cards -------------------------------------------------------------------------------
# (cost, main bonus, second bonus, VP) for cards 01-10 of each colour. Costs: epoch I 1-6,
# II 5-11, III 9-16; bonuses and VP grow with the cost and the epoch (VP up to 12, D1).
TEMPLATE: dict[int, list[tuple[int, int, int, int]]] = {
    1: [
        (1, 1, 0, 0),
        (1, 1, 0, 1),
        (2, 2, 0, 0),
        (3, 2, 1, 2),
        (3, 1, 1, 2),
        (4, 2, 1, 3),
        (4, 3, 1, 0),
        (5, 3, 1, 1),
        (5, 2, 2, 2),
        (6, 3, 1, 3),
    ],
    2: [
        (5, 2, 1, 1),
        (5, 3, 0, 2),
        (6, 2, 1, 3),
        (6, 3, 1, 1),
        (7, 3, 1, 3),
        (7, 4, 0, 2),
        (8, 3, 2, 3),
        (9, 4, 1, 4),
        (10, 4, 2, 4),
        (11, 5, 1, 6),
    ],
    3: [
        (9, 3, 1, 4),
        (10, 4, 0, 5),
        (11, 4, 1, 5),
        (11, 3, 2, 6),
        (12, 5, 0, 7),
        (13, 4, 2, 7),
        (14, 5, 1, 8),
        (14, 4, 2, 9),
        (15, 5, 2, 10),
        (16, 6, 2, 12),
    ],
}
# Where second bonuses go, in turn (restarted one step later in each epoch). FOOD comes first for
# blue and yellow so that I-BLU-04 is the EX4 card and I-YEL-05 the EX20 card.
SECOND_TRACKS = {
    "blue": ("food", "income", "military"),
    "yellow": ("food", "military", "culture"),
    "green": ("income", "culture", "military"),
    "red": ("food", "culture", "income"),
}
STATED_CARDS: dict[str, tuple[Provenance, str]] = {  # id -> (provenance, source)
    "I-BLU-04": ("exact", f"{SPEC} EX4"),
    "I-YEL-05": ("partial", f"{SPEC} EX20 (colour and bonuses; epoch, cost and VP stand-ins)"),
}


def colored_cards(epoch: int, color: Color) -> list[Card]:
    main = COLOR_TRACK[color]
    start = (epoch - 1) % 3
    second = cycle(SECOND_TRACKS[color][start:] + SECOND_TRACKS[color][:start])
    cards = []
    for number, (cost, main_bonus, second_bonus, vp) in enumerate(TEMPLATE[epoch], 1):
        bonus = {main: main_bonus}
        if second_bonus:
            bonus[next(second)] = second_bonus
        card_id = f"{ROMAN[epoch]}-{CODE[color]}-{number:02d}"
        provenance, source = STATED_CARDS.get(card_id, ("provisional", ""))
        cards.append(
            Card(
                id=card_id,
                epoch=epoch,
                color=color,
                cost=cost,
                vp=vp,
                bonus=Bonus(**bonus),
                provenance=provenance,
                source=source,
            )
        )
    return cards


# --- purple cards ---------------------------------------------------------------------------------
# (cost, VP, bonus, effect, star) per epoch: 10 without star (first game), then 4 with star.
# Every effect PE1-PE15 occurs without star; PE1 and PE2 sit in epoch I (weak hint A2); the four
# PE15 patrons are spread over epochs and levels (D1). Effect cards carry small VP; cards without
# an effect carry VP and/or bonuses (R90).
PURPLE: dict[int, list[tuple[int, int, Bonus, Effect | None, bool]]] = {
    1: [
        (3, 0, Bonus(), SaleBonus(), False),  # PE1
        (3, 1, Bonus(), BuyDownRequirement(), False),  # PE2
        (4, 0, Bonus(), DevelopmentTax(), False),  # PE8
        (4, 1, Bonus(), ColonyTribute(), False),  # PE9
        (4, 1, Bonus(), ColorPatron(color="green"), False),  # PE15
        (1, 1, Bonus(), None, False),
        (2, 2, Bonus(), None, False),
        (3, 2, Bonus(income=1), None, False),
        (4, 2, Bonus(military=1, culture=1), None, False),
        (5, 5, Bonus(), None, False),
        (3, 1, Bonus(), FeedPayment(), True),  # PE6
        (5, 0, Bonus(), LowerRequirements(), True),  # PE10
        (4, 1, Bonus(), ColorPatron(color="yellow"), True),  # PE15
        (6, 4, Bonus(food=1), None, True),
    ],
    2: [
        (6, 1, Bonus(), TileHolder(), False),  # PE3
        (7, 1, Bonus(), MedalPrices(), False),  # PE5
        (6, 2, Bonus(), FeedPayment(), False),  # PE6
        (8, 1, Bonus(), LowerRequirements(), False),  # PE10
        (9, 2, Bonus(), DoubleActions(), False),  # PE13
        (5, 3, Bonus(), None, False),
        (6, 3, Bonus(food=1), None, False),
        (7, 3, Bonus(income=1, culture=1), None, False),
        (8, 6, Bonus(), None, False),
        (10, 5, Bonus(military=2), None, False),
        (8, 2, Bonus(), StatueBooster(), True),  # PE4
        (7, 2, Bonus(), FoodSurplus(), True),  # PE7
        (8, 1, Bonus(), ColonyTribute(), True),  # PE9
        (8, 2, Bonus(), ColorPatron(color="blue"), True),  # PE15
    ],
    3: [
        (11, 3, Bonus(), StatueBooster(), False),  # PE4
        (10, 3, Bonus(), FoodSurplus(), False),  # PE7
        (12, 2, Bonus(), SetBonus(), False),  # PE11
        (10, 2, Bonus(), SetJoker(), False),  # PE12
        (12, 3, Bonus(), FullSilver(), False),  # PE14
        (11, 3, Bonus(), ColorPatron(color="red"), False),  # PE15
        (9, 7, Bonus(), None, False),
        (11, 6, Bonus(income=1, food=2), None, False),
        (13, 10, Bonus(), None, False),
        (15, 12, Bonus(), None, False),
        (9, 4, Bonus(), SaleBonus(), True),  # PE1
        (12, 3, Bonus(), SetBonus(), True),  # PE11
        (13, 4, Bonus(), DoubleActions(), True),  # PE13
        (16, 10, Bonus(military=1, culture=2), None, True),
    ],
}


def purple_cards(epoch: int) -> list[Card]:
    return [
        Card(
            id=f"{ROMAN[epoch]}-PUR-{number:02d}",
            epoch=epoch,
            color="purple",
            cost=cost,
            vp=vp,
            bonus=bonus,
            effect=effect,
            star=star,
        )
        for number, (cost, vp, bonus, effect, star) in enumerate(PURPLE[epoch], 1)
    ]


# --- start cards ----------------------------------------------------------------------------------
# number: (side A, side B) as (INCOME, MILITARY, CULTURE, FOOD, coins); initiative = number on both
# sides (D4), so every choice of sides keeps a strict first-player order. Side A: tracks summing to
# 9-10 and capital rising with the number (a later first player gets slightly more). Side B: leaner
# tracks (sum 8) with one specialty, and more coins.
START = {
    1: ((1, 2, 3, 4, 7), (3, 1, 2, 2, 9)),
    2: ((2, 1, 3, 4, 8), (1, 4, 1, 2, 10)),  # side A = EX2
    3: ((2, 2, 2, 3, 9), (1, 1, 4, 2, 10)),
    4: ((1, 3, 2, 4, 9), (2, 2, 0, 4, 11)),
    5: ((2, 2, 3, 2, 10), (0, 2, 2, 4, 12)),
}


def start_cards() -> list[StartCard]:
    def side(number: int, values: tuple[int, ...]) -> StartSide:
        *tracks, coins = values
        return StartSide(initiative=number, coins=coins, tracks=Bonus(*tracks))

    cards = []
    for number, (a, b) in START.items():
        provenance: Provenance = "provisional"
        source = "numbering: hadara-facts D4"
        if number == 2:
            provenance, source = "partial", f"{SPEC} EX2 (side A; side B stand-in), hadara-facts D4"
        cards.append(
            StartCard(number=number, A=side(number, a), B=side(number, b), provenance=provenance, source=source)
        )
    return cards


# --- colonies -------------------------------------------------------------------------------------
# Requirement values 3, 9, 15, 21, 30 with 5 tokens each (hadara-facts D5). Per token:
# (front VP, plunder, annex cost, back bonus, back VP). Higher stacks: more VP, plunder and back
# bonus; annex costs 1 or 2 (D5); back VP >= front VP (R52); EX24's 2, 5, 8, 11 occur.
COLONIES: dict[int, list[tuple[int, int, int, Bonus, int]]] = {
    3: [
        (2, 3, 1, Bonus(income=1, military=1), 2),
        (1, 3, 1, Bonus(culture=1, food=1), 3),
        (2, 2, 1, Bonus(military=1, food=1), 3),
        (1, 2, 1, Bonus(income=1, culture=1), 3),
        (2, 3, 2, Bonus(culture=1, food=2), 3),
    ],
    9: [
        (4, 4, 1, Bonus(military=2, culture=1), 5),
        (3, 4, 1, Bonus(income=1, food=2), 5),
        (4, 5, 2, Bonus(culture=2, food=1), 6),
        (3, 5, 1, Bonus(income=2, military=1), 5),
        (4, 4, 2, Bonus(military=1, culture=1, food=1), 6),
    ],
    15: [
        (8, 5, 2, Bonus(income=1, military=2, food=1), 9),
        (7, 6, 2, Bonus(culture=2, food=2), 8),
        (7, 5, 1, Bonus(income=2, culture=1), 8),
        (8, 6, 2, Bonus(military=1, culture=1, food=2), 10),
        (7, 6, 1, Bonus(military=1, food=3), 8),
    ],
    21: [
        (11, 7, 2, Bonus(income=2, military=2), 11),
        (10, 7, 2, Bonus(culture=3, food=2), 12),
        (10, 8, 2, Bonus(military=3, culture=1), 12),
        (11, 7, 1, Bonus(income=1, food=3), 13),
        (9, 8, 2, Bonus(income=1, military=1, culture=1, food=2), 12),
    ],
    30: [
        (14, 9, 2, Bonus(military=3, culture=3), 16),
        (13, 10, 2, Bonus(income=3, food=3), 17),
        (15, 9, 2, Bonus(military=2, culture=2, food=2), 16),
        (14, 10, 2, Bonus(income=2, military=2, food=2), 18),
        (13, 9, 2, Bonus(culture=2, food=4), 16),
    ],
}
STATED_COLONIES: dict[str, tuple[Provenance, str]] = {  # id -> (provenance, source)
    "C03-1": ("exact", f"{SPEC} EX11"),
    "C09-1": (
        "partial",
        f"{SPEC} EX12 (annex cost, back bonus, back VP; requirement 3 or 9, front VP and plunder stand-ins)",
    ),
    "C15-1": ("partial", f"{SPEC} EX13 (plunder, front VP; requirement 3, 9 or 15, annex cost and back stand-ins)"),
}


def colonies() -> list[Colony]:
    tokens = []
    for requirement, rows in COLONIES.items():
        for number, (front_vp, plunder, annex_cost, back_bonus, back_vp) in enumerate(rows, 1):
            colony_id = f"C{requirement:02d}-{number}"
            provenance, source = STATED_COLONIES.get(colony_id, ("provisional", "requirement value: hadara-facts D5"))
            tokens.append(
                Colony(
                    id=colony_id,
                    requirement=requirement,
                    front_vp=front_vp,
                    plunder=plunder,
                    annex_cost=annex_cost,
                    back_bonus=back_bonus,
                    back_vp=back_vp,
                    provenance=provenance,
                    source=source,
                )
            )
    return tokens


# --- statue slots and medals ----------------------------------------------------------------------
STATUE_SLOTS = [
    StatueSlot(
        requirement=6,
        vp=4,
        bonus=2,
        provenance="partial",
        source=f"{SPEC} EX14 (requirement, VP); X 2 of hadara-facts D6 assumed",
    ),
    StatueSlot(
        requirement=12, vp=8, bonus=3, provenance="partial", source=f"{SPEC} EX15 (X 3, requirement <= 13), EX24 (VP 8)"
    ),
    StatueSlot(
        requirement=18, vp=14, bonus=4, provenance="partial", source=f"{SPEC} EX16 (VP 14, X 4, requirement <= 20)"
    ),
    StatueSlot(requirement=25, vp=20, bonus=6, provenance="provisional", source="X 6 of hadara-facts D6 assumed"),
]
# Normal prices for epochs I, II, III; above the PE5 card prices (silver 4/15, gold 6/22 in II/III)
# so that PE5 is a discount, and rising per epoch (hadara-facts D7).
MEDAL_PRICES = MedalTable(
    silver=[6, 9, 20], gold=[8, 12, 28], provenance="provisional", source="rising per epoch: hadara-facts D7"
)


def build() -> DataSet:
    cards = []
    for epoch in (1, 2, 3):
        for color in ("blue", "yellow", "green", "red"):
            cards += colored_cards(epoch, color)
        cards += purple_cards(epoch)
    return DataSet(
        format=FORMAT,
        name="Epochal provisional Hadara set 1",
        cards=cards,
        start_cards=start_cards(),
        colonies=colonies(),
        statue_slots=STATUE_SLOTS,
        medal_prices=MEDAL_PRICES,
        sale_value=[2, 3, 4],
        notes=(
            "Stand-in data: only the rulebook examples (EX2 side A, EX4, EX11, parts of "
            "EX12-EX16 and EX20) and the sale values are stated facts; every other number was "
            "chosen to fit the known constraints. An owner of the game can replace this file "
            "with a transcription (see docs/games/hadara-data.md)."
        ),
    )


def render(data: DataSet) -> str:
    """JSON with one line per card, start card, colony and statue slot, easy to edit by hand."""
    return datafile.render(msgspec.to_builtins(data))


main = datafile.generator(build, validate, render, Path(BUILTIN))

if __name__ == "__main__":
    sys.exit(main())
