"""Build the provisional built-in Guns & Steel deck and write ``guns_and_steel.json`` next to it.

Run ``python -m epochal.games.guns_and_steel.data.make_provisional`` to rewrite the file, or add
``--check`` to only compare it with what this script would write (exit status 1 if stale).

No list of the cards is public (spec §19, D1-D6; shared/reference/guns-and-steel-cards.json holds
a few review facts), so the deck is a stand-in that keeps every fact the rulebook states or implies
and fills the rest by one design, table-driven so that it is easy to tune:

* per epoch and theme a fixed mix of types (Horses 4 Society / 2 Attack / 1 Tactics, Gunpowder
  3/2/1, Oil 2/2/1, Information 2/1/1, Space 1/1/1);
* base costs of 1-2 resources in the Horses row rising to 4-5 in the Space row, paid in the
  resources of earlier epochs (the pattern of Computer, Cannons and Horse Archers, A29);
* printed VP rising by epoch (0-1, 1-2, 2-3, 3-4, 4-5), military on Attack and Tactics cards
  and on the response cards, rising by epoch too;
* New World plays for resources, attacks and wonders; Renaissance adds the VP operations (R70,
  R73), and its wonders take glory tokens (R93).

Every field a source establishes is cited in the entry's ``sources``; the rest is a stand-in and
the entry is ``provisional``. docs/games/guns-and-steel-data.md explains the design and the format.
"""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec

from epochal import datafile
from epochal.games.guns_and_steel.cards import (
    DATA_FILE,
    ActivateAttacks,
    Attack,
    Civ,
    Clause,
    DataFile,
    EachPlayer,
    Gain,
    GiveWonder,
    HandOver,
    Lose,
    LoseVp,
    Pay,
    PlayAttacks,
    Restore,
    Use,
    Vp,
    Wonder,
    validate,
)

SOURCES = {
    "spec": "shared/rules/guns-and-steel.md (rulebook specification: rules R, examples E, "
    "ambiguities A, missing data D, card data §19)",
    "reference": "shared/reference/guns-and-steel-cards.json (facts quoted from published reviews)",
}
EPOCH_BY_ID = "spec: R6 (the id range fixes the resource side)"
LITERAL = (
    "English name: a literal translation of the Russian rulebook's name; the official English name is unknown (D2)."
)
SLOT = "Which id of its epoch the card holds is a stand-in (§19.3: no id-name mapping)."
# What E3 establishes for every card that restores a card of its own resource type.
OWN_TYPE_RESTORER_CITES = {"name": "spec: §19.7, E3", "type": "spec: §19.7 (Society, inferred)"}
OWN_TYPE_RESTORER_NOTE = (
    f"{LITERAL} Restores a card of its own resource type, so it can restore "
    f"itself (E3); the set and epoch are stand-ins. {SLOT}"
)


# --- small constructors, so that the tables below read like the cards --------------------------


def res(**amounts: int) -> dict[str, int]:
    return dict(amounts)


def pay(**amounts: int) -> Pay:
    return Pay(res=dict(amounts))


def gain(**amounts: int) -> Gain:
    return Gain(res=dict(amounts))


def restore(kind: str = "any", n: int = 1) -> Restore:
    return Restore(res=kind, n=n)


def attack(*defeated, vp: int = 0) -> Attack:
    return Attack(defeated=list(defeated), vp=vp)


def civ(
    cid: str,
    theme: str,
    resource: str,
    kind: str,
    cost: dict[str, int],
    vp: int,
    military: int,
    effect: list,
    *,
    name: tuple[str, str] | None = None,
    response: bool = False,
    two_player: bool = False,
    sources: dict[str, str] | None = None,
    note: str = "",
) -> Civ:
    cited = {"resource": EPOCH_BY_ID} if theme != "start" else {}
    cited.update(sources or {})
    names = {}
    if name:
        names["en"] = name[0]
        if name[1]:
            names["ru"] = name[1]
    return Civ(
        id=cid,
        theme=theme,
        resource=resource,
        type=kind,
        name=names,
        cost=cost,
        vp=vp,
        military=military,
        response=response,
        two_player=two_player,
        effect=effect,
        sources=dict(sorted(cited.items())),
        note=note,
    )


# --- start cards (R9, §19.2) ------------------------------------------------------------------
# Both themes use them, so no VP operation (New World has no VP card, R73); never bought nor
# removed. The reviews (§19.2) describe basic restores and a weak attack with small military.

START_CITES = {
    "cost": "spec: §19.2 (start cards are never bought, inferred)",
    "two_player": "spec: §19.2 (start cards never lie in the pyramid, inferred)",
}
START_NOTE = (
    "Start card, the same in every colour and both themes. Which of C01-C05 shows Food "
    "and which Iron is unknown (R9 gives only the totals, D3)."
)


def start_cards() -> list[Civ]:
    rows: list[tuple[str, str, str, int, list, bool]] = [
        ("C01", "food", "society", 0, [restore("food")], False),
        ("C02", "food", "society", 0, [restore("iron")], False),
        ("C03", "food", "attack", 1, [attack(Lose(n=1))], False),
        ("C04", "iron", "society", 0, [gain(food=1, iron=1)], False),
        ("C05", "iron", "tactics", 1, [PlayAttacks(n=1)], True),
    ]
    return [
        civ(
            cid,
            "start",
            resource,
            kind,
            {},
            0,
            military,
            effect,
            response=response,
            sources=START_CITES,
            note=START_NOTE,
        )
        for cid, resource, kind, military, effect, response in rows
    ]


# --- New World, C06-C30 (R6) ------------------------------------------------------------------


def new_world() -> list[Civ]:
    nw = "new_world"
    return [
        # Horses row (7): costs in Food and Iron.
        civ(
            "C06",
            nw,
            "horses",
            "society",
            res(food=1),
            0,
            0,
            [restore("horses"), gain(food=1)],
            name=("Agriculture", "Сельское хозяйство"),
            sources=OWN_TYPE_RESTORER_CITES,
            note=OWN_TYPE_RESTORER_NOTE,
        ),
        civ(
            "C07",
            nw,
            "horses",
            "society",
            res(food=2),
            1,
            0,
            [restore("food"), gain(horses=1)],
            name=("Domestication", ""),
            sources={"name": "reference: technologies_named_in_reviews (bottom row)"},
            note=f"A review names 'domestication' in the bottom row; its fields are stand-ins. {SLOT}",
        ),
        civ(
            "C08",
            nw,
            "horses",
            "society",
            res(iron=1),
            1,
            0,
            [restore(), gain(iron=1)],
            name=("Currency", ""),
            sources={"name": "reference: technologies_named_in_reviews (bottom row)"},
            note=f"A review names 'currency' in the bottom row; its fields are stand-ins. {SLOT}",
        ),
        civ(
            "C09",
            nw,
            "horses",
            "society",
            res(food=1),
            0,
            0,
            [pay(food=1), gain(gunpowder=1)],
            name=("Barter", "Бартерная торговля"),
            sources={
                "name": "spec: §19.7, E8",
                "type": "spec: §19.7 (Society, inferred)",
                "effect": "spec: E8 (spend 1 Food, gain 1 Gunpowder for this turn)",
            },
            note=f"{LITERAL} New World: its intro names barter (R5). The effect is the one E8 "
            f"plays; that the card says nothing more is assumed. {SLOT}",
        ),
        civ(
            "C10",
            nw,
            "horses",
            "attack",
            res(food=1, iron=1),
            1,
            2,
            [attack(Lose(n=1))],
            name=("Knights", "Рыцари"),
            response=True,
            sources={
                "name": "spec: §19.7, E6",
                "response": "spec: §19.7, E6 (played from hand as a response, inferred)",
            },
            note=f"{LITERAL} Military above 0 (E6, inferred); the epoch is a stand-in. {SLOT}",
        ),
        civ("C11", nw, "horses", "attack", res(iron=1), 0, 1, [attack(HandOver(n=1))], two_player=True),
        civ("C12", nw, "horses", "tactics", res(food=1, iron=1), 0, 1, [ActivateAttacks(n=1)]),
        # Gunpowder row (6): costs in Food, Iron and Horses.
        civ(
            "C13",
            nw,
            "gunpowder",
            "society",
            res(iron=1, horses=1),
            1,
            0,
            [restore("gunpowder"), gain(iron=1)],
            name=("Mining", "Добыча"),
            sources=OWN_TYPE_RESTORER_CITES,
            note=OWN_TYPE_RESTORER_NOTE,
        ),
        civ(
            "C14",
            nw,
            "gunpowder",
            "society",
            res(food=1, horses=1),
            1,
            0,
            [gain(iron=2)],
            name=("Metalworking", "Обработка металлов"),
            sources={
                "name": "spec: §19.7, E10",
                "type": "spec: §19.7 (Society, inferred)",
                "effect": "spec: E10 (gain 2 Iron for this turn, no cost, inferred)",
            },
            note=f"{LITERAL} New World: E10 plays it to buy the Computer. The effect is the one E10 plays. {SLOT}",
        ),
        civ(
            "C15",
            nw,
            "gunpowder",
            "society",
            res(iron=1, horses=1),
            1,
            0,
            [Use(res="any", n=1), gain(horses=1)],
            name=("Trade", "Торговля"),
            sources={"name": "spec: §19.7, E4", "type": "spec: §19.7 (Society, inferred)"},
            note=f"{LITERAL} Uses one opponent's resource (E4); what that yields, the set and "
            f"the epoch are stand-ins. {SLOT}",
        ),
        civ(
            "C16",
            nw,
            "gunpowder",
            "attack",
            res(horses=2),
            1,
            2,
            [attack(HandOver(n=1))],
            name=("Charge", "Натиск"),
            response=True,
            sources={
                "name": "spec: §19.7, E6",
                "response": "spec: §19.7, E6 (played from hand as a response, inferred)",
            },
            note=f"{LITERAL} Gunpowder: one row below Cannons (E8, A29, inferred). Military "
            f"above 0 (E6, inferred). {SLOT}",
        ),
        civ(
            "C17",
            nw,
            "gunpowder",
            "attack",
            res(iron=2, horses=1),
            1,
            2,
            [pay(iron=1), attack(Lose(n=2))],
            two_player=True,
        ),
        civ(
            "C18",
            nw,
            "gunpowder",
            "tactics",
            res(food=1, iron=1, horses=1),
            1,
            1,
            [PlayAttacks(n=1)],
            name=("Flank Attack", "Фланговый удар"),
            sources={"name": "spec: §19.7, E5", "type": "spec: §19.7, E5 (Tactics)"},
            note=f"{LITERAL} Plays Attack cards from hand, which must be activated (E5); how "
            f"many, the set and the epoch are stand-ins. {SLOT}",
        ),
        # Oil row (5): costs in Iron, Horses and Gunpowder.
        civ("C19", nw, "oil", "society", res(horses=1, gunpowder=1), 2, 0, [restore(n=2), gain(gunpowder=1)]),
        civ("C20", nw, "oil", "society", res(iron=1, gunpowder=2), 3, 0, [gain(horses=1, gunpowder=2)]),
        civ(
            "C21",
            nw,
            "oil",
            "attack",
            res(gunpowder=2),
            2,
            3,
            [attack(Lose(n=2))],
            name=("Cannons", "Пушки"),
            sources={"name": "spec: §19.7, E8", "cost": "spec: §19.7, E8 (2 Gunpowder, stated)"},
            note=f"{LITERAL} Oil: row 3 (E8, E9, A29, inferred). {SLOT}",
        ),
        civ(
            "C22",
            nw,
            "oil",
            "attack",
            res(horses=2, gunpowder=1),
            2,
            2,
            [attack(HandOver(n=1), Lose(n=1))],
            two_player=True,
        ),
        civ("C23", nw, "oil", "tactics", res(iron=1, horses=1, gunpowder=1), 2, 2, [ActivateAttacks(n=2)]),
        # Information row (4): costs in Horses, Gunpowder and Oil.
        civ("C24", nw, "information", "society", res(horses=1, gunpowder=1, oil=1), 3, 0, [restore(n=2), gain(oil=2)]),
        civ(
            "C25",
            nw,
            "information",
            "society",
            res(gunpowder=2, oil=1),
            4,
            0,
            [EachPlayer(do=[restore()]), gain(oil=1, information=1)],
            two_player=True,
        ),
        civ(
            "C26",
            nw,
            "information",
            "attack",
            res(gunpowder=2, oil=1),
            3,
            3,
            [attack(HandOver(n=2))],
            name=("Tank", "Танк"),
            sources={"name": "spec: §19.7, E6"},
            note=f"{LITERAL} Information: stated by E6. Military above 0 (E6, inferred); the "
            f"type Attack is likely but not certain. {SLOT}",
        ),
        civ(
            "C27",
            nw,
            "information",
            "tactics",
            res(horses=1, gunpowder=1, oil=2),
            3,
            2,
            [PlayAttacks(n=2)],
            name=("Blitzkrieg", "Блицкриг"),
            response=True,
            sources={
                "name": "spec: §19.7, E5, E6",
                "type": "spec: §19.7, E5 (Tactics)",
                "response": "spec: §19.7, E6 (played from hand as a response, inferred)",
            },
            note=f"{LITERAL} Plays Attack cards from hand, which must be activated (E5); how "
            f"many and the epoch are stand-ins. {SLOT}",
        ),
        # Space row (3): costs in Horses, Gunpowder and Oil.
        civ(
            "C28",
            nw,
            "space",
            "society",
            res(horses=1, gunpowder=1, oil=2),
            5,
            0,
            [gain(oil=1, information=2), restore()],
            name=("Computer", "Компьютер"),
            sources={
                "name": "spec: §19.7, E1, E10",
                "cost": "spec: §19.7, E10 (1 Horses + 1 Gunpowder + 2 Oil, stated)",
            },
            note=f"{LITERAL} Space: E10 (inferred); Apollo Project depicts it (E1). {SLOT}",
        ),
        civ(
            "C29",
            nw,
            "space",
            "attack",
            res(gunpowder=2, oil=2),
            5,
            4,
            [attack(GiveWonder())],
            name=("Nuclear Submarine", "Атомная Подводная Лодка"),
            sources={"name": "spec: §19.7, E1, E6", "type": "spec: §19.7, E6 (Attack, stated)"},
            note=f"{LITERAL} Space: International Space Station depicts it (E1). Each defeated "
            f"opponent gives a wonder (E6, inferred); any further part of the effect is "
            f"unknown. {SLOT}",
        ),
        civ(
            "C30",
            nw,
            "space",
            "tactics",
            res(horses=1, gunpowder=2, oil=2),
            4,
            3,
            [PlayAttacks(n=1), ActivateAttacks(n=1)],
            name=("Satellite", "Спутник"),
            two_player=True,
            sources={"name": "spec: §19.7, E5", "type": "spec: §19.7, E5 (Tactics)"},
            note=f"{LITERAL} Plays Attack cards from hand, which must be activated (E5); how "
            f"many, the set and the epoch are stand-ins. {SLOT}",
        ),
    ]


# --- Renaissance, C31-C55 (R6) ----------------------------------------------------------------


def renaissance() -> list[Civ]:
    ren = "renaissance"
    return [
        # Horses row (7)
        civ(
            "C31",
            ren,
            "horses",
            "society",
            res(food=1),
            0,
            0,
            [restore("horses"), gain(iron=1)],
            name=("Code of Laws", "Свод законов"),
            sources=OWN_TYPE_RESTORER_CITES,
            note=OWN_TYPE_RESTORER_NOTE,
        ),
        civ("C32", ren, "horses", "society", res(iron=1), 1, 0, [pay(food=1), Vp(n=1)]),
        civ("C33", ren, "horses", "society", res(food=2), 0, 0, [restore(), gain(iron=1)]),
        civ("C34", ren, "horses", "society", res(food=1, iron=1), 1, 0, [gain(iron=1, horses=1)], two_player=True),
        civ("C35", ren, "horses", "attack", res(iron=1), 0, 1, [attack(Lose(n=1), vp=1)], response=True),
        civ("C36", ren, "horses", "attack", res(food=1, iron=1), 1, 2, [attack(LoseVp(n=1, to_attacker=True))]),
        civ("C37", ren, "horses", "tactics", res(food=1, iron=1), 0, 1, [ActivateAttacks(n=1)]),
        # Gunpowder row (6)
        civ(
            "C38",
            ren,
            "gunpowder",
            "society",
            res(food=1, horses=1),
            1,
            0,
            [EachPlayer(do=[restore()]), Vp(n=1)],
            name=("Calendar", "Календарь"),
            sources={"name": "spec: §19.7, E4", "type": "spec: §19.7 (Society, inferred)"},
            note=f"{LITERAL} Every player restores, and you gain VP (E4); Renaissance because "
            f"it gives VP (A9). Amounts and epoch are stand-ins. {SLOT}",
        ),
        civ(
            "C39",
            ren,
            "gunpowder",
            "society",
            res(iron=1, horses=1),
            1,
            0,
            [Use(res="any", n=1), gain(horses=1)],
            name=("Tribute", "Дань"),
            sources={"name": "spec: §19.7, E4", "type": "spec: §19.7 (Society, inferred)"},
            note=f"{LITERAL} Uses one opponent's resource (E4); what that yields, the set and "
            f"the epoch are stand-ins. {SLOT}",
        ),
        civ("C40", ren, "gunpowder", "society", res(iron=2, horses=1), 2, 0, [pay(horses=1), Vp(n=2)], two_player=True),
        civ(
            "C41",
            ren,
            "gunpowder",
            "attack",
            res(iron=1, horses=1),
            1,
            2,
            [attack(HandOver(n=1), vp=1)],
            name=("Horse Archers", "Конные лучники"),
            sources={"name": "spec: §19.7, E13", "cost": "spec: §19.7, E13 (1 Iron + 1 Horses, stated)"},
            note=f"{LITERAL} Gunpowder: E13 buys it from the Gunpowder stack (stated); the set is a stand-in. {SLOT}",
        ),
        civ("C42", ren, "gunpowder", "attack", res(horses=2), 1, 2, [attack(Lose(n=1), LoseVp(n=1))], response=True),
        civ("C43", ren, "gunpowder", "tactics", res(food=1, iron=1, horses=1), 2, 1, [PlayAttacks(n=1)], response=True),
        # Oil row (5)
        civ(
            "C44",
            ren,
            "oil",
            "society",
            res(horses=1, gunpowder=1),
            2,
            0,
            [Vp(n=2), EachPlayer(do=[restore()])],
            name=("Theology", "Теология"),
            sources={"name": "spec: §19.7, E4", "type": "spec: §19.7 (Society, inferred)"},
            note=f"{LITERAL} Every player restores, and you gain VP (E4); Renaissance because "
            f"it gives VP (A9). Amounts and epoch are stand-ins. {SLOT}",
        ),
        civ("C45", ren, "oil", "society", res(iron=1, gunpowder=2), 3, 0, [gain(horses=1, gunpowder=2)]),
        civ(
            "C46", ren, "oil", "attack", res(horses=1, gunpowder=2), 2, 3, [attack(LoseVp(n=2, to_attacker=True), vp=2)]
        ),
        civ(
            "C47",
            ren,
            "oil",
            "attack",
            res(horses=2, gunpowder=1),
            2,
            2,
            [attack(HandOver(n=2))],
            response=True,
            two_player=True,
        ),
        civ("C48", ren, "oil", "tactics", res(iron=1, horses=1, gunpowder=1), 2, 2, [ActivateAttacks(n=2)]),
        # Information row (4)
        civ(
            "C49",
            ren,
            "information",
            "society",
            res(horses=1, gunpowder=1, oil=1),
            3,
            0,
            [restore(n=2), Vp(n=1)],
            two_player=True,
        ),
        civ("C50", ren, "information", "society", res(gunpowder=2, oil=1), 4, 0, [pay(oil=1), Vp(n=3)]),
        civ("C51", ren, "information", "attack", res(gunpowder=1, oil=2), 3, 3, [attack(Lose(n=2), vp=2)]),
        civ(
            "C52",
            ren,
            "information",
            "tactics",
            res(horses=1, gunpowder=1, oil=2),
            3,
            2,
            [PlayAttacks(n=1), ActivateAttacks(n=1)],
            response=True,
        ),
        # Space row (3)
        civ("C53", ren, "space", "society", res(horses=1, gunpowder=1, oil=2), 5, 0, [gain(information=2), Vp(n=2)]),
        civ(
            "C54", ren, "space", "attack", res(gunpowder=2, oil=2), 5, 4, [attack(LoseVp(n=3, to_attacker=True), vp=3)]
        ),
        civ(
            "C55", ren, "space", "tactics", res(horses=1, gunpowder=2, oil=2), 4, 3, [PlayAttacks(n=2)], two_player=True
        ),
    ]


# --- wonders (R25-R28, R42, §19.4, §19.6, §19.8) ------------------------------------------------
# A pair per epoch; each depicts (R26) a card of its own epoch and theme that no two-player
# removal takes away, so the setup choice (R43) always has its card with two players.


def when(*clauses: tuple) -> list[Clause]:
    return [Clause(what=c[0], at_least=c[1], of=c[2] if len(c) > 2 else None) for c in clauses]


WONDER_LITERAL = (
    "English name: a literal translation of the Russian rulebook's name (D2); the "
    "epoch, where not stated, and the W number are stand-ins."
)
REVIEW_NAME = (
    "Name from a review's list of the New World wonders (without numbers); the epoch and the W number are stand-ins."
)


def wonder(
    wid: str,
    theme: str,
    epoch: str,
    depicts: str,
    vp: int,
    *,
    name: tuple[str, str] | None = None,
    build: list[Clause] | None = None,
    glory: list[Clause] | None = None,
    tokens: int = 0,
    two_player: bool = False,
    sources: dict[str, str] | None = None,
    note: str = "",
) -> Wonder:
    names = {}
    if name:
        names["en"] = name[0]
        if name[1]:
            names["ru"] = name[1]
    return Wonder(
        id=wid,
        theme=theme,
        epoch=epoch,
        depicts=depicts,
        name=names,
        vp=vp,
        two_player=two_player,
        build=build or [],
        glory=glory or [],
        tokens=tokens,
        sources=dict(sorted((sources or {}).items())),
        note=note,
    )


def new_world_wonders() -> list[Wonder]:
    nw = "new_world"
    return [
        wonder(
            "W01",
            nw,
            "horses",
            "C06",
            3,
            name=("Pyramids of Giza", "Пирамиды Гизы"),
            build=when(("cards", 8)),
            sources={"name": "spec: §19.8, E6"},
            note=f"{WONDER_LITERAL} A review lists it as 'Great Pyramids'. In play together "
            f"with Taj Mahal (E6), so of another epoch.",
        ),
        wonder(
            "W02",
            nw,
            "horses",
            "C07",
            2,
            name=("Hanging Gardens", "Висячие Сады"),
            build=when(("resource_cards", 1, "horses")),
            sources={"name": "spec: §19.8, E11"},
            note=f"{WONDER_LITERAL} E11's zone (2 Horses, 3 Tactics) meets it; fewer VP than "
            f"Himeji Castle (E11). In play with Himeji Castle, so of another epoch.",
        ),
        wonder(
            "W03",
            nw,
            "gunpowder",
            "C13",
            4,
            name=("Angkor Wat", ""),
            build=when(("epoch_cards", 2, "gunpowder")),
            two_player=True,
            sources={"name": "reference: wonders"},
            note=REVIEW_NAME,
        ),
        wonder(
            "W04",
            nw,
            "gunpowder",
            "C16",
            4,
            name=("Himeji Castle", "Замок Химэдзи"),
            build=when(("resource_cards", 1, "horses"), ("tech_cards", 2, "tactics")),
            sources={"name": "spec: §19.8, E11"},
            note=f"{WONDER_LITERAL} A review lists it as 'Himeji-jō'. E11's zone (2 Horses, "
            f"3 Tactics) meets it; more VP than the Hanging Gardens (E11).",
        ),
        wonder(
            "W05",
            nw,
            "oil",
            "C19",
            5,
            name=("Great Mosque of Djenné", ""),
            build=when(("resource_cards", 1, "gunpowder"), ("epoch_cards", 1, "oil")),
            sources={"name": "reference: wonders"},
            note=REVIEW_NAME,
        ),
        wonder(
            "W06",
            nw,
            "oil",
            "C21",
            5,
            name=("Taj Mahal", "Тадж-Махал"),
            build=when(("epoch_cards", 1, "oil"), ("tech_cards", 2, "society")),
            sources={"name": "spec: §19.8, E6"},
            note=f"{WONDER_LITERAL} In play together with the Pyramids of Giza (E6), so of another epoch.",
        ),
        wonder(
            "W07",
            nw,
            "information",
            "C24",
            6,
            name=("Eiffel Tower", ""),
            build=when(("epoch_cards", 1, "information"), ("cards", 10)),
            two_player=True,
            sources={"name": "reference: wonders"},
            note=REVIEW_NAME,
        ),
        wonder(
            "W08",
            nw,
            "information",
            "C26",
            6,
            name=("Manhattan Project", ""),
            build=when(("military", 6)),
            sources={"name": "reference: wonders"},
            note=REVIEW_NAME,
        ),
        wonder(
            "W09",
            nw,
            "space",
            "C29",
            7,
            name=("International Space Station", "Международная Космическая Станция"),
            build=when(("epoch_cards", 1, "space"), ("wonders", 1)),
            sources={
                "name": "spec: §19.8, E1",
                "epoch": "spec: §19.8, E1 (Space, stated)",
                "depicts": "spec: §19.8, E1 (Nuclear Submarine, stated)",
            },
            note=f"{LITERAL} The W number is a stand-in.",
        ),
        wonder(
            "W10",
            nw,
            "space",
            "C28",
            7,
            name=("Apollo Project", "Проект Аполлон"),
            build=when(("epoch_cards", 1, "space"), ("epoch_cards", 1, "information")),
            sources={
                "name": "spec: §19.8, E1",
                "epoch": "spec: §19.8, E1 (Space, stated)",
                "depicts": "spec: §19.8, E1 (Computer, stated)",
            },
            note=f"{LITERAL} The W number is a stand-in.",
        ),
    ]


UNNAMED_REN = "No source names the Renaissance wonders other than the Sydney Opera House."


def renaissance_wonders() -> list[Wonder]:
    ren = "renaissance"
    return [
        wonder("W11", ren, "horses", "C31", 2, glory=when(("resource_cards", 1, "horses")), tokens=2, note=UNNAMED_REN),
        wonder(
            "W12",
            ren,
            "horses",
            "C33",
            2,
            glory=when(("tech_cards", 2, "society")),
            tokens=2,
            two_player=True,
            note=UNNAMED_REN,
        ),
        wonder("W13", ren, "gunpowder", "C41", 3, glory=when(("military", 3)), tokens=2, note=UNNAMED_REN),
        wonder("W14", ren, "gunpowder", "C38", 3, glory=when(("epoch_cards", 2, "horses")), tokens=2, note=UNNAMED_REN),
        wonder("W15", ren, "oil", "C44", 4, glory=when(("vp", 4)), tokens=2, note=UNNAMED_REN),
        wonder(
            "W16",
            ren,
            "oil",
            "C46",
            4,
            glory=when(("epoch_cards", 1, "gunpowder"), ("tech_cards", 1, "attack")),
            tokens=3,
            two_player=True,
            note=UNNAMED_REN,
        ),
        wonder(
            "W17",
            ren,
            "information",
            "C50",
            5,
            name=("Sydney Opera House", "Сиднейский Оперный Театр"),
            glory=when(("recalled_vp", 4)),
            tokens=3,
            sources={"name": "spec: §19.8, E12", "tokens": "spec: §19.8, E12 (3, stated)"},
            note=f"{LITERAL} Its glory condition is met by taking back cards worth 6 VP "
            f"(E12); the threshold 4 and the epoch are stand-ins.",
        ),
        wonder("W18", ren, "information", "C51", 5, glory=when(("cards", 10)), tokens=3, note=UNNAMED_REN),
        wonder("W19", ren, "space", "C53", 6, glory=when(("wonders", 1), ("vp", 6)), tokens=3, note=UNNAMED_REN),
        wonder("W20", ren, "space", "C54", 6, glory=when(("epoch_cards", 2, "oil")), tokens=3, note=UNNAMED_REN),
    ]


NOTE = (
    "Provisional stand-in deck: no public list of the Guns & Steel cards exists (spec §19, "
    "D1-D6). Every field that the rulebook or a review establishes is cited in the entry's "
    "'sources'; every other field was chosen to obey the rules' constraints and to play well. "
    "Owners of the game can replace this file with a transcription "
    "(docs/games/guns-and-steel-data.md). Generated by make_provisional.py: do not edit by "
    "hand."
)


def build() -> DataFile:
    return DataFile(
        cards=start_cards() + new_world() + renaissance(),
        wonders=new_world_wonders() + renaissance_wonders(),
        sources=SOURCES,
        note=NOTE,
    )


def render(data: DataFile) -> str:
    """JSON with one line per card and per wonder, easy to read and to edit in a copy."""
    built = msgspec.to_builtins(data)
    top = {key: built[key] for key in ("note", "sources", "cards", "wonders") if key in built}
    return datafile.render(top, expand=("sources",))


main = datafile.generator(build, validate, render, Path(DATA_FILE))

if __name__ == "__main__":
    sys.exit(main())
