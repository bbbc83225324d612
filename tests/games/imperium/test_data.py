"""The Imperium card database: the common deck's printed facts, checked card by card against
shared/rules/imperium.md (the nation decks' facts are in test_cards_<nation>.py)."""

from __future__ import annotations

import pytest

from epochal.games.imperium import cards as C

UNREST = tuple(f"1UNR{n}" for n in range(1, 13))

# --- card facts ----------------------------------------------------------------------------------
# suits, state, header icon, type/region icons (repeats as printed), player-count mark, flags;
# checked against shared/reference/imperium-cards.json.
FACTS = {
    "1CIV1": ("CIV", "empire", "attack", "", 4, "free"),
    "1CIV2": ("CIV", "empire", "", "", None, "free"),
    "1CIV3": ("CIV", "empire", "", "", None, "free"),
    "1CIV4": ("CIV", "empire", "attack", "", None, ""),
    "1CIV5": ("CIV", "empire", "attack", "", None, ""),
    "1CIV6": ("CIV", "empire", "pinned", "metropolis", None, ""),
    "1CIV7": ("CIV", "empire", "pinned", "metropolis", 4, ""),
    "1CIV8": ("CIV", "empire", "pinned", "", None, ""),
    "1CIV9": ("CIV", "empire", "pinned", "", 3, ""),
    "1CIV10": ("CIV", "empire", "pinned", "", None, ""),
    "1CIV11": ("CIV", "empire", "attack", "", None, ""),
    "1CIV12": ("CIV", "empire", "", "", None, ""),
    "1CIV13": ("CIV", "empire", "", "", None, "free"),
    "1CIV14": ("CIV", "empire", "pinned", "", None, ""),
    "1CIV15": ("CIV", "empire", "attack", "knight", None, ""),
    "1FAM1": ("FAM", None, "", "", None, ""),
    "1FAM2": ("FAM", None, "", "", None, "free"),
    "1FAM3": ("FAM", None, "attack", "", None, "free"),
    "1FAM4": ("FAM", None, "", "", None, "free"),
    "1FAM5": ("FAM", None, "", "", None, "free"),
    "1FAM6": ("FAM", None, "", "", None, "unplayable no_garrison"),
    "1FAM7": ("FAM", None, "", "", None, "unplayable no_garrison"),
    "1FAM8": ("FAM", None, "pinned", "", None, ""),
    "1FAM9": ("FAM", None, "", "", None, "unplayable no_garrison"),
    "1REG1": ("REG", None, "pinned", "", 3, ""),
    "1REG2": ("REG", None, "pinned", "", None, ""),
    "1REG3": ("REG", None, "pinned", "", None, ""),
    "1REG4": ("REG", None, "pinned", "production fertile", None, ""),
    "1REG5": ("REG", None, "pinned", "production river", None, ""),
    "1REG6": ("REG", None, "pinned", "production production fertile", None, ""),
    "1REG7": ("REG", None, "pinned", "production production river", None, ""),
    "1REG8": ("REG", None, "pinned", "production fertile", None, ""),
    "1REG9": ("REG", None, "pinned", "production river", None, ""),
    "1REG10": ("REG", None, "pinned", "production production fertile", None, ""),
    "1REG11": ("REG", None, "pinned", "production production river", None, ""),
    "1REG12": ("REG", None, "pinned", "production river", None, ""),
    "1REG13": ("REG", None, "pinned", "production fertile", None, ""),
    "1REG14": ("REG", "barbarian", "pinned", "", None, ""),
    "1TRI1": ("TRI", None, "", "", None, ""),
    "1TRI2": ("TRI", None, "", "", None, "free"),
    "1TRI3": ("TRI", None, "", "", None, ""),
    "1TRI4": ("TRI", None, "", "", None, "free"),
    "1TRI5": ("TRI", None, "pinned", "", None, ""),
    "1TRI6": ("TRI", None, "", "", 3, "free"),
    "1TRI7": ("TRI", None, "", "", None, "unplayable"),
    "1TRI8": ("TRI", None, "", "", None, ""),
    "1TRI9": ("TRI", "barbarian", "", "", None, "free"),
    "1TRI10": ("TRI", None, "pinned", "", 4, ""),
    "1TRI11": ("TRI", None, "", "", None, ""),
    "1UNC1": ("UNC", None, "pinned", "", 4, ""),
    "1UNC2": ("UNC", None, "", "mask", None, ""),
    "1UNC3": ("UNC", None, "", "", None, ""),
    "1UNC4": ("UNC", "barbarian", "pinned", "", None, ""),
    "1UNC5": ("UNC", "barbarian", "pinned", "", None, ""),
    "1UNC6": ("UNC", "barbarian", "pinned", "", None, ""),
    "1UNC7": ("UNC", None, "attack", "", None, ""),
    "1UNC8": ("UNC", None, "pinned", "", None, ""),
    "1UNC9": ("UNC", "barbarian", "", "", None, "free"),
    "1UNC10": ("UNC", None, "pinned", "", None, ""),
    "1UNC11": ("UNC", None, "pinned", "", None, ""),
    "1UNC12": ("UNC", None, "pinned", "", None, ""),
    "1UNC13": ("UNC", "barbarian", "", "", 3, "free"),
    "1UNC14": ("UNC+CIV", None, "pinned", "", 3, ""),
    "1UNC15": ("UNC+CIV", None, "pinned", "city", None, ""),
    "1UNC16": ("UNC+CIV", None, "pinned", "city", None, ""),
    "1UNC17": ("UNC+CIV", None, "pinned", "city", None, ""),
    "1UNC18": ("UNC+CIV", None, "", "", None, "free"),
    "1UNC19": ("UNC+CIV", None, "pinned", "", None, ""),
    "1UNC20": ("UNC+CIV", None, "", "", None, ""),
    "1UNC21": ("UNC+CIV", None, "", "", None, "free"),
    "1UNC22": ("UNC+CIV", None, "", "scroll", 3, "free"),
    **{u: ("UNR", None, "", "", None, "") for u in UNREST[:8]},
    "1UNR9": ("UNR", None, "", "", 3, ""),
    "1UNR10": ("UNR", None, "", "", 3, ""),
    "1UNR11": ("UNR", None, "", "", 4, ""),
    "1UNR12": ("UNR", None, "", "", 4, ""),
}
SHORT = {"REG": "region", "UNC": "uncivilised", "CIV": "civilised", "TRI": "tributary", "FAM": "fame", "UNR": "unrest"}


def test_R13_R27_common_deck_facts():
    """Suits (a dual card lists uncivilised then civilised, R22), state (R72), pinned/attack
    (R15), type and region icons with repeats (R17-R18), player-count marks (R25), free play
    (R74), "cannot be played" / "cannot be garrisoned"; the group sizes of R10."""
    cards = {c.id: c for c in C.load_file(C.DATA_DIR / "common.json")}
    assert set(cards) == set(FACTS)
    for card_id, (suits, state, head, icons, players, flags) in FACTS.items():
        c = cards[card_id]
        assert c.suits == [SHORT[x] for x in suits.split("+")], card_id
        assert c.state == state, card_id
        assert (c.pinned, c.attack) == (head == "pinned", head == "attack"), card_id
        assert c.types + c.regions == icons.split(), card_id
        assert c.players == players, card_id
        assert {f for f in ("free", "unplayable", "no_garrison") if getattr(c, f)} == set(flags.split()), card_id
    groups = {}
    for c in cards.values():
        groups[c.group] = groups.get(c.group, 0) + 1
    assert groups == {"market": 62, "fame": 8, "unrest": 12, "king_of_kings": 1}


@pytest.mark.parametrize("missing", ["greeks.json", "vikings.json"])
def test_a_data_directory_without_a_nation_file_is_refused_by_name(tmp_path, missing):
    for path in C.DATA_DIR.glob("*.json"):
        if path.name != missing:
            (tmp_path / path.name).write_bytes(path.read_bytes())
    with pytest.raises(C.DataError) as info:
        C.load(tmp_path)
    assert f"missing {missing}" in str(info.value)
