"""The card database: counts, the validator, provenance and gaps, and a fact check against a
reference transcription of the cards kept outside the repository (facts only: copies, colours,
types, costs, discarded locations, raze bonuses, deals, simple production).

The fact check reads ``$EPOCHAL_REFERENCE_DIR/imperial-settlers-cards.json`` and is skipped
when the variable is not set (.ci/run sets it when the reference folder is there)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import msgspec
import pytest

from epochal.games.imperial_settlers import cards as C
from epochal.games.imperial_settlers import make_game

REFERENCE = Path(os.environ.get("EPOCHAL_REFERENCE_DIR") or "/nonexistent") / "imperial-settlers-cards.json"
GOOD = {"raze_token": "raze", "faction_card": "empire_card"}


def test_section2_deck_sizes_and_ids():
    game = make_game()
    assert len(game.cards) == 84 + 4 * 30
    assert len(game.common_cards) == 84
    for faction in C.FACTIONS:
        assert len(game.by_faction[faction]) == 30
        code = C.CODES[faction]
        assert [game.cards[k].id for k in game.by_faction[faction]] == [f"{code}{i:03d}" for i in range(1, 31)]
    assert [game.cards[k].id for k in game.common_cards] == [f"COM{i:03d}" for i in range(1, 85)]


def test_D5_common_colour_counts():
    game = make_game()
    counts: dict[str, int] = {}
    for k in game.common_cards:
        colours = game.cards[k].colours or {"none"}
        for colour in colours:
            counts[colour] = counts.get(colour, 0) + 1
    assert counts == {
        "brown": 16,
        "grey": 13,
        "red": 12,
        "pink": 12,
        "gold": 10,
        "blue": 8,
        "black": 6,
        "purple": 1,
        "none": 6,
    }


def test_D2_faction_decks_follow_three_six_nine():
    game = make_game()
    for faction in C.FACTIONS:
        copies = sorted(e.copies for e, f in game.data.entries if f == faction)
        assert copies == [1] * 9 + [2] * 6 + [3] * 3


def test_R13_uses_per_deck():
    game = make_game()
    for c in game.cards:
        if c.common:
            assert c.deal is None and c.discard == 0
        else:
            assert c.deal is not None  # every empire card deals
        if c.faction in ("Romans", "Barbarians", "Egyptians"):
            assert c.raze is None
        if c.faction == "Japanese":
            assert c.raze == {"vp": 1}


def test_A18_R134_location_vp_by_deck():
    game = make_game()
    assert {c.vp for c in game.cards if c.common} == {1}
    assert {c.vp for c in game.cards if not c.common} == {2}


def test_validator_names_file_card_and_field(tmp_path):
    data = json.loads((C.DATA_DIR / "common.json").read_text())
    data["cards"][0]["colours"] = ["teal"]
    data["cards"][1]["action"] = {"limit": 3, "pay": {"gem": 1}, "do": [{"op": "fly"}]}
    (tmp_path / "common.json").write_text(json.dumps(data))
    with pytest.raises(C.DataError) as info:
        C.load(tmp_path)
    text = str(info.value)
    assert "COM001: unknown colour 'teal'" in text
    assert "COM002: an action on a feature location" in text
    assert "unknown operation 'fly'" in text and "pays unknown good 'gem'" in text


def test_loader_rejects_unknown_fields(tmp_path):
    data = json.loads((C.DATA_DIR / "common.json").read_text())
    data["cards"][0]["flavour"] = "x"
    (tmp_path / "common.json").write_text(json.dumps(data))
    with pytest.raises(C.DataError):
        C.load(tmp_path)


def test_gaps_list_every_card_whose_data_is_not_established():
    game = make_game()
    gaps = {g["id"]: g for g in game.gaps()}
    for entry, _ in game.data.entries:
        listed = entry.id in gaps
        assert listed == bool(entry.unknown or entry.conflicts or entry.provenance != "exact")
        if entry.provenance == "provisional":
            assert gaps[entry.id]["missing"]
    assert {g for g in gaps if g.startswith("board:")} == {f"board:{f}" for f in C.FACTIONS}
    # the four common cards on which the two sources disagree
    assert {g["id"] for g in gaps.values() if g["deck"] == "common"} == {"COM001", "COM036", "COM069", "COM079"}


def test_card_catalog_one_row_per_distinct_card():
    game = make_game()
    catalog = game.card_catalog()
    assert len(catalog) == 54 + 4 * 18 + 16  # + the solo attack cards
    assert sum(len(row["copies"]) for row in catalog) == 220  # §2: 220 cards in all
    assert {row["provenance"] for row in catalog} == {"exact", "partial", "provisional"}
    assert [row["provenance"] for row in catalog if row["deck"] == "attack"] == ["provisional"] * 16  # D3


def test_every_card_has_a_source_and_a_name():
    game = make_game()
    for entry, faction in game.data.entries:
        assert entry.source
        assert entry.name or entry.name_cs
        if faction is not None and not entry.name:
            assert any(u.startswith("English name") for u in entry.unknown)


@pytest.mark.skipif(not REFERENCE.exists(), reason="EPOCHAL_REFERENCE_DIR names no reference folder")
def test_facts_agree_with_the_reference_file():
    game = make_game()
    ref = json.loads(REFERENCE.read_text())
    entries = {e.id: e for e, _ in game.data.entries}
    assert len(ref) == len(entries)
    for r in ref:
        first = r["source_ids"][0].upper()
        e = entries[first]
        where = f"{r['id']} / {first}"
        assert e.copies == r["copies"], where
        assert e.kind == r["category"], where
        assert sorted(e.colours) == sorted(c for c in r["colour"] if c != "none"), where
        assert e.cost == r["cost"], where
        assert e.discard == r["foundation"], where
        raze = {GOOD.get(k, k): v for k, v in (r["raze_reward"] or {}).items()} or None
        assert e.raze == raze, where
        ids = C.copy_ids(e)
        per_copy = r.get("deal_reward_per_copy") or [r["deal_reward"]] * r["copies"]
        ours = [game.cards[game.index_of[cid]].deal for cid in ids]
        assert ours == [GOOD.get(d, d) if d else None for d in per_copy], where
        production = r["production"]
        if (
            production
            and "scaling" not in production
            and "or_instead" not in production
            and "copy_another_production" not in production["gain"]
        ):
            gain = {GOOD.get(k, k): v for k, v in production["gain"].items()}
            assert msgspec.to_builtins(e.production) == [{"op": "gain", **gain}], where
        if r.get("name_en"):
            assert e.name.lower() == r["name_en"].lower(), where


def test_copy_variants():
    game = make_game()

    def card(cid):
        return game.cards[game.index_of[cid]]

    assert card("COM014").raze == {"worker": 1, "wood": 1} and card("COM012").raze == {"worker": 2}
    assert card("COM035").cost == {"stone": 2} and card("COM035").raze == {"stone": 1, "vp": 1}
    assert card("COM048").cost == {"stone": 2} and card("COM046").cost == {"wood": 1, "stone": 1}
    assert card("COM055").cost == {"wood": 2}
    assert [card(f"JAP02{i}").deal for i in (1, 2, 3)] == ["food", "worker", "vp"]
    assert [card(f"ROM00{i}").deal for i in (3, 4, 5)] == ["gold", "gold", "stone"]


def test_data_files_are_the_projects_own_structure():
    for path in sorted(Path(C.DATA_DIR).glob("*.json")):
        raw = json.loads(path.read_text())
        assert set(raw) <= {"deck", "faction", "name_ru", "board", "sources", "cards", "note"}
        for card in raw["cards"]:
            assert "effect_en" not in card and "effect_structured" not in card


def test_a_data_directory_without_an_empire_file_is_refused_by_name(tmp_path):
    for path in Path(C.DATA_DIR).glob("*.json"):
        if path.name != "egyptians.json":
            (tmp_path / path.name).write_bytes(path.read_bytes())
    with pytest.raises(C.DataError) as info:
        C.load(tmp_path)
    assert "egyptians.json: missing" in str(info.value)
