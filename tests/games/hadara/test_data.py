"""The Hadara card database: built-in data, validator and loader.

Rule numbers (R*, PE*, EX*, D*) refer to shared/rules/hadara.md; "facts D*" to
shared/reference/hadara-facts.md.
"""

from __future__ import annotations

import json
from collections import Counter

import msgspec
import pytest

from epochal.games.hadara import cards as hc
from epochal.games.hadara.cards import BUILTIN, COLOR_TRACK, TRACKS, Bonus, DataError, DataSet, load, validate
from epochal.games.hadara.data import make_provisional
from epochal.games.hadara.vocab import BuyDownRequirement, ColorPatron, LowerRequirements, MedalPrices, SaleBonus

replace = msgspec.structs.replace


@pytest.fixture(scope="module")
def data() -> DataSet:
    return load()


# --- helpers ------------------------------------------------------------------------------------


def assert_problem(problems: list[str], *fragments: str) -> None:
    """Some problem contains every fragment (typically the item, the field and the rule)."""
    assert any(all(f in p for f in fragments) for p in problems), (fragments, problems)


def change_card(data: DataSet, card_id: str, **changes) -> DataSet:
    return replace(data, cards=[replace(c, **changes) if c.id == card_id else c for c in data.cards])


def change_colony(data: DataSet, colony_id: str, **changes) -> DataSet:
    return replace(data, colonies=[replace(c, **changes) if c.id == colony_id else c for c in data.colonies])


def change_start(data: DataSet, which: int, side: str | None = None, **changes) -> DataSet:
    def apply(card):
        if card.number != which:
            return card
        if side is None:
            return replace(card, **changes)
        return replace(card, **{side: replace(getattr(card, side), **changes)})

    return replace(data, start_cards=[apply(c) for c in data.start_cards])


def change_slot(data: DataSet, index: int, **changes) -> DataSet:
    slots = list(data.statue_slots)
    slots[index] = replace(slots[index], **changes)
    return replace(data, statue_slots=slots)


def card(data: DataSet, card_id: str):
    return next(c for c in data.cards if c.id == card_id)


def raw_builtin() -> dict:
    return json.loads(BUILTIN.read_text(encoding="utf-8"))


# --- the built-in file --------------------------------------------------------------------------


def test_builtin_file_loads_and_validates(data):
    assert data.format == hc.FORMAT
    assert validate(data) == []
    assert data.provisional


def test_builtin_file_is_what_make_provisional_writes():
    """hadara.json is generated; editing it by hand instead of the script is caught here."""
    assert make_provisional.render(make_provisional.build()) == BUILTIN.read_text(encoding="utf-8")
    assert make_provisional.main(["--check"]) == 0


def test_provenance_counts_are_reported(data):
    assert data.provenance_counts() == {
        "cards": {"exact": 1, "partial": 1, "provisional": 160},
        "start_cards": {"exact": 0, "partial": 1, "provisional": 4},
        "colonies": {"exact": 1, "partial": 2, "provisional": 22},
        "statue_slots": {"exact": 0, "partial": 3, "provisional": 1},
        "medal_prices": {"exact": 0, "partial": 0, "provisional": 1},
    }


def test_EX4_card_is_exact_in_builtin(data):
    c = card(data, "I-BLU-04")
    assert (c.epoch, c.color, c.cost, c.vp, c.bonus) == (1, "blue", 3, 2, Bonus(culture=2, food=1))
    assert (c.provenance, c.source) == ("exact", "hadara.md EX4")


def test_EX20_yellow_card_is_partial_in_builtin(data):
    c = card(data, "I-YEL-05")
    assert c.bonus == Bonus(income=1, military=1) and c.provenance == "partial"
    assert "EX20" in c.source


def test_EX11_colony_is_exact_in_builtin(data):
    c = next(c for c in data.colonies if c.id == "C03-1")
    assert (c.requirement, c.front_vp, c.plunder, c.annex_cost, c.back_bonus, c.back_vp) == (
        3,
        2,
        3,
        1,
        Bonus(income=1, military=1),
        2,
    )
    assert (c.provenance, c.source) == ("exact", "hadara.md EX11")


def test_EX12_EX13_colonies_are_partial_in_builtin(data):
    by_id = {c.id: c for c in data.colonies}
    ex12, ex13 = by_id["C09-1"], by_id["C15-1"]
    assert (ex12.annex_cost, ex12.back_bonus, ex12.back_vp) == (1, Bonus(military=2, culture=1), 5)
    assert (ex13.plunder, ex13.front_vp) == (5, 8)
    assert ex12.provenance == ex13.provenance == "partial"


def test_EX2_start_card_side_A_in_builtin(data):
    c = next(c for c in data.start_cards if c.number == 2)
    assert (c.A.initiative, c.A.coins, c.A.tracks) == (2, 8, Bonus(2, 1, 3, 4))
    assert c.provenance == "partial" and "EX2" in c.source


def test_EX14_EX15_EX16_statue_slots_in_builtin(data):
    slots = [(s.requirement, s.vp, s.bonus) for s in data.statue_slots]
    assert (6, 4) in [(r, v) for r, v, _ in slots]  # EX14
    assert any(x == 3 and r <= 13 for r, _, x in slots)  # EX15
    assert any(v == 14 and x == 4 and r <= 20 for r, v, x in slots)  # EX16
    assert sorted(x for _, _, x in slots) == [2, 3, 4, 6]  # facts D6


def test_R43_sale_value_builtin(data):
    assert data.sale_value == [2, 3, 4]


# --- the provisional design of the built-in set (choices, not rules: the validator ignores them) -


def test_R5_counts_per_epoch_and_colour_builtin(data):
    counts = Counter((c.epoch, c.color) for c in data.cards)
    for epoch in (1, 2, 3):
        assert [counts[epoch, col] for col in hc.COLORS] == [10, 10, 10, 10, 14]
        stars = [c for c in data.cards if c.epoch == epoch and c.star]
        assert len(stars) == 4 and all(c.color == "purple" for c in stars)  # D3: 10 + 4
    assert len(data.cards) == 162


def test_R7_coloured_cards_raise_their_track_and_one_or_two_tracks(data):
    """Built-in design per R7 and facts D1: main bonus on the colour's track, at most 2 tracks."""
    for c in data.cards:
        if c.color != "purple":
            raised = [t for t in TRACKS if getattr(c.bonus, t)]
            assert COLOR_TRACK[c.color] in raised and len(raised) <= 2, c.id


def test_design_costs_and_rewards_grow_per_epoch(data):
    for epoch, (low, high) in {1: (1, 6), 2: (5, 11), 3: (9, 16)}.items():
        costs = [c.cost for c in data.cards if c.epoch == epoch]
        assert min(costs) == low and max(costs) == high
    assert max(c.vp for c in data.cards) == 12  # facts D1: 12 VP exist
    for color in COLOR_TRACK:
        totals = [
            sum(sum(c.bonus.as_tuple()) for c in data.cards if (c.epoch, c.color) == (e, color)) for e in (1, 2, 3)
        ]
        assert totals == sorted(totals) and len(set(totals)) == 3


def test_PE1_to_PE15_all_in_basic_game_and_stars_add_more(data):
    def tags(cards):
        return Counter(type(c.effect).__struct_config__.tag for c in cards if c.effect)

    basic = tags(c for c in data.cards if not c.star)
    star = tags(c for c in data.cards if c.star)
    assert set(basic) == {f"PE{n}" for n in range(1, 16)}
    assert len(star) >= 8  # advanced games add copies
    epoch1_basic = tags(c for c in data.cards if c.epoch == 1 and not c.star)
    assert {"PE1", "PE2"} <= set(epoch1_basic)  # weak hint A2
    patrons = [c for c in data.cards if isinstance(c.effect, ColorPatron)]
    assert sorted(c.effect.color for c in patrons) == ["blue", "green", "red", "yellow"]
    assert {c.star for c in patrons} == {True, False}


def test_PE5_prices_are_a_discount_on_the_medal_table(data):
    pe5 = [c.effect for c in data.cards if isinstance(c.effect, MedalPrices)]
    assert pe5 and all(e.silver == [None, 4, 15] and e.gold == [None, 6, 22] for e in pe5)
    table = data.medal_prices
    for epoch in (1, 2):
        assert pe5[0].silver[epoch] < table.silver[epoch] and pe5[0].gold[epoch] < table.gold[epoch]
    assert table.silver == sorted(table.silver) and table.gold == sorted(table.gold)  # facts D7


def test_D4_start_cards_initiative_is_the_number(data):
    for c in data.start_cards:
        assert c.A.initiative == c.B.initiative == c.number
    coins = [c.A.coins for c in sorted(data.start_cards, key=lambda c: c.number)]
    assert coins == sorted(coins)  # an earlier first player has less capital


def test_D5_colonies_grow_with_requirement(data):
    by_value: dict[int, list] = {}
    for c in data.colonies:
        by_value.setdefault(c.requirement, []).append(c)
        assert c.annex_cost in (1, 2)  # facts D5
    assert sorted(by_value) == [3, 9, 15, 21, 30]
    values = sorted(by_value)
    for low, high in zip(values, values[1:], strict=False):
        assert max(c.front_vp for c in by_value[low]) < min(c.front_vp for c in by_value[high])
        assert max(c.plunder for c in by_value[low]) <= min(c.plunder for c in by_value[high])


# --- validator: epoch cards ---------------------------------------------------------------------


@pytest.mark.parametrize("field, value", [("cost", -1), ("vp", -2)])
def test_R6_card_numbers_non_negative(data, field, value):
    problems = validate(change_card(data, "I-BLU-03", **{field: value}))
    assert_problem(problems, "card I-BLU-03", f"{field} {value} must be >= 0")


@pytest.mark.parametrize("track", TRACKS)
def test_R6_card_bonus_non_negative(data, track):
    problems = validate(change_card(data, "II-RED-07", bonus=Bonus(**{track: -1})))
    assert_problem(problems, "card II-RED-07", f"bonus.{track} -1 must be >= 0")


def test_R5_unique_card_ids(data):
    cards = list(data.cards)
    cards[1] = replace(cards[1], id=cards[0].id)
    assert_problem(validate(replace(data, cards=cards)), "card I-BLU-01", "id used 2 times")


def test_R5_epoch_must_be_1_to_3(data):
    problems = validate(change_card(data, "III-GRN-02", epoch=4))
    assert_problem(problems, "card III-GRN-02", "epoch 4 must be 1, 2 or 3")
    assert_problem(problems, "cards: epoch III has 9 green cards, expected 10 (R5)")


def test_R5_counts_per_epoch_and_colour_violation(data):
    problems = validate(replace(data, cards=[c for c in data.cards if c.id != "II-RED-01"]))
    assert_problem(problems, "cards: epoch II has 9 red cards, expected 10")
    problems = validate(change_card(data, "I-YEL-01", color="purple"))
    assert_problem(problems, "epoch I has 9 yellow cards")
    assert_problem(problems, "epoch I has 15 purple cards, expected 14")


def test_R6_effect_only_on_purple_cards(data):
    problems = validate(change_card(data, "I-GRN-01", effect=SaleBonus()))
    assert_problem(problems, "card I-GRN-01", "effect PE1", "only purple cards carry effects")


def test_R13_star_only_on_purple_cards(data):
    problems = validate(change_card(data, "III-BLU-09", star=True))
    assert_problem(problems, "card III-BLU-09", "star", "only purple")


def test_D3_at_least_ten_purple_cards_without_star(data):
    problems = validate(change_card(data, "II-PUR-06", star=True))
    assert_problem(problems, "epoch II has 9 purple cards without a star", "(R13, D3)")


def test_PE15_exactly_four_patrons_one_per_colour(data):
    patron = next(c for c in data.cards if isinstance(c.effect, ColorPatron) and c.effect.color == "green")
    problems = validate(change_card(data, patron.id, effect=ColorPatron(color="red")))
    assert_problem(problems, "PE15 for green on 0 cards")
    assert_problem(problems, "PE15 for red on 2 cards", patron.id)
    problems = validate(change_card(data, patron.id, effect=None))
    assert_problem(problems, "cards: 3 PE15 colour patron cards, expected 4")


@pytest.mark.parametrize(
    "effect, fragment",
    [
        (BuyDownRequirement(coins_per_point=-3), "effect PE2 coins_per_point -3 must be >= 0"),
        (LowerRequirements(points=-4), "effect PE10 points -4 must be >= 0"),
        (MedalPrices(silver=[None, -4, 15]), "effect PE5 silver[1] -4 must be >= 0"),
        (MedalPrices(gold=[6, 22]), "effect PE5 gold has 2 entries, expected 3"),
    ],
)
def test_PE_parameters_checked(data, effect, fragment):
    assert_problem(validate(change_card(data, "I-PUR-06", effect=effect)), "card I-PUR-06", fragment)


def test_EX24_card_vp_values_1_to_6_occur(data):
    cards = [replace(c, vp=7) if c.vp == 5 else c for c in data.cards]
    assert_problem(validate(replace(data, cards=cards)), "cards: no item is worth 5 VP", "EX24")


# --- validator: stated facts --------------------------------------------------------------------


@pytest.mark.parametrize(
    "field, value, fragment",
    [
        ("cost", 4, "cost 4, but hadara.md EX4 states 3"),
        ("vp", 3, "vp 3, but hadara.md EX4 states 2"),
        ("epoch", 2, "epoch 2, but hadara.md EX4 states 1"),
        ("bonus", Bonus(culture=2), "bonus CULTURE +2, but hadara.md EX4 states CULTURE +2 FOOD +1"),
    ],
)
def test_EX4_exact_card_must_match(data, field, value, fragment):
    assert_problem(validate(change_card(data, "I-BLU-04", **{field: value})), "card I-BLU-04", fragment)


def test_EX4_card_must_exist_even_when_not_cited(data):
    changed = change_card(data, "I-BLU-04", source="", cost=4)
    assert_problem(validate(changed), "cards: no card matches hadara.md EX4")
    assert validate(change_card(data, "I-BLU-04", source="", provenance="provisional")) == []


def test_EX20_yellow_card_must_match(data):
    problems = validate(change_card(data, "I-YEL-05", bonus=Bonus(income=2)))
    assert_problem(problems, "card I-YEL-05", "bonus INCOME +2, but hadara.md EX20 states")


@pytest.mark.parametrize(
    "colony_id, field, value, fragment",
    [
        ("C03-1", "plunder", 4, "plunder 4, but hadara.md EX11 states 3"),
        ("C03-1", "back_bonus", Bonus(income=1), "back_bonus INCOME +1, but hadara.md EX11"),
        ("C03-1", "front_vp", 1, "front_vp 1, but hadara.md EX11 states 2"),
        ("C09-1", "back_vp", 6, "back_vp 6, but hadara.md EX12 states 5"),
        ("C09-1", "annex_cost", 2, "annex_cost 2, but hadara.md EX12 states 1"),
        ("C15-1", "front_vp", 7, "front_vp 7, but hadara.md EX13 states 8"),
    ],
)
def test_EX11_EX12_EX13_colonies_must_match(data, colony_id, field, value, fragment):
    assert_problem(validate(change_colony(data, colony_id, **{field: value})), f"colony {colony_id}", fragment)


def test_EX12_requirement_at_most_12(data):
    """EX12 only bounds the requirement; moving the token to another stack breaks it."""
    colonies = [
        replace(c, requirement=15) if c.id == "C09-1" else replace(c, requirement=9) if c.id == "C15-2" else c
        for c in data.colonies
    ]
    problems = validate(replace(data, colonies=colonies))
    assert_problem(problems, "colony C09-1", "requirement 15, but hadara.md EX12 states <= 12")


def test_EX2_start_card_must_match(data):
    problems = validate(change_start(data, 2, "A", coins=9))
    assert_problem(problems, "start card 2", "A.coins 9, but hadara.md EX2 states 8")
    # stated on side B instead of A is accepted: the spec only presumes side A
    card2 = next(c for c in data.start_cards if c.number == 2)
    assert validate(change_start(data, 2, A=card2.B, B=card2.A)) == []


@pytest.mark.parametrize(
    "index, field, value, fragment",
    [
        (0, "vp", 5, "statue slot 1: vp 5, but hadara.md EX14 states 4"),
        (1, "requirement", 14, "statue slot 2: requirement 14, but hadara.md EX15 states <= 13"),
        (2, "bonus", 3, "statue slot 3: bonus 3, but hadara.md EX16 states 4"),
    ],
)
def test_EX14_EX15_EX16_statue_slots_must_match(data, index, field, value, fragment):
    assert_problem(validate(change_slot(data, index, **{field: value})), fragment)


def test_EX14_slot_must_exist_when_not_cited(data):
    problems = validate(change_slot(data, 0, source="", requirement=5))
    assert_problem(problems, "statue_slots: no statue slot matches hadara.md EX14")


# --- validator: start cards ---------------------------------------------------------------------


def test_D4_five_start_cards(data):
    problems = validate(replace(data, start_cards=data.start_cards[:4]))
    assert_problem(problems, "start_cards: 4 cards, expected 5")


def test_D4_start_card_numbers_1_to_5_unique(data):
    problems = validate(change_start(data, 5, number=6))
    assert_problem(problems, "start card 6: number must be 1 to 5")
    problems = validate(change_start(data, 5, number=4))
    assert_problem(problems, "start card 4: number used 2 times")


@pytest.mark.parametrize("side", ["A", "B"])
def test_R29_R83_initiative_unique_for_every_choice_of_sides(data, side):
    problems = validate(change_start(data, 1, side, initiative=3))
    assert_problem(problems, "start card 3", f"equals start card 1 {side}.initiative", "R29")


def test_R23_start_values_non_negative(data):
    problems = validate(change_start(data, 4, "B", coins=-1, tracks=Bonus(food=-2)))
    assert_problem(problems, "start card 4", "B.coins -1 must be >= 0")
    assert_problem(problems, "start card 4", "B.tracks.food -2 must be >= 0")


# --- validator: colonies ------------------------------------------------------------------------


def test_R52_back_vp_at_least_front_vp(data):
    problems = validate(change_colony(data, "C21-2", back_vp=9))
    assert_problem(problems, "colony C21-2", "back_vp 9 must be >= front_vp 10 (R52)")


@pytest.mark.parametrize("field", ["annex_cost", "plunder", "front_vp", "requirement"])
def test_R52_colony_numbers_non_negative(data, field):
    problems = validate(change_colony(data, "C30-4", **{field: -1}))
    assert_problem(problems, "colony C30-4", f"{field} -1 must be >= 0")


def test_R50_back_bonus_non_negative(data):
    problems = validate(change_colony(data, "C21-3", back_bonus=Bonus(culture=-1)))
    assert_problem(problems, "colony C21-3", "back_bonus.culture -1 must be >= 0")


def test_R15_twenty_five_unique_colonies(data):
    problems = validate(replace(data, colonies=data.colonies[:24]))
    assert_problem(problems, "colonies: 24 tokens, expected 25")
    assert_problem(problems, "requirement 30 has 4 tokens, expected 5")
    problems = validate(change_colony(data, "C21-5", id="C21-4"))
    assert_problem(problems, "colony C21-4: id used 2 times")


def test_D5_five_stacks_of_five(data):
    problems = validate(change_colony(data, "C30-5", requirement=40))
    assert_problem(problems, "colonies: requirement 40 has 1 tokens")
    assert_problem(problems, "colonies: 6 requirement values")


@pytest.mark.parametrize(
    "values, ok",
    [
        ([3, 9, 15, 21, 30], True),
        ([3, 12, 15, 20, 25], True),
        ([3, 9, 15, 19, 30], False),  # b must exceed 19 (EX13)
        ([4, 9, 15, 21, 30], False),  # 3 is stated (EX11)
        ([3, 9, 16, 21, 30], False),  # 15 is stated (EX25)
    ],
)
def test_D5_requirement_values_3_a_15_b_c(data, values, ok):
    old = sorted({c.requirement for c in data.colonies})
    mapping = dict(zip(old, values, strict=True))
    colonies = [replace(c, requirement=mapping[c.requirement]) for c in data.colonies]
    problems = validate(replace(data, colonies=colonies))
    if ok:
        assert problems == []
    else:
        assert_problem(problems, f"colonies: requirement values {values} do not fit", "D5")


def test_EX24_colony_vp_values_occur(data):
    colonies = [
        replace(c, front_vp=c.front_vp + 1, back_vp=c.back_vp + 1) if 11 in (c.front_vp, c.back_vp) else c
        for c in data.colonies
    ]
    assert_problem(validate(replace(data, colonies=colonies)), "colonies: no item is worth 11 VP")


# --- validator: statue slots, medals, sale value, format ----------------------------------------


def test_R9_four_statue_slots(data):
    problems = validate(replace(data, statue_slots=data.statue_slots + data.statue_slots[:1]))
    assert_problem(problems, "statue_slots: 5 slots, expected 4")


@pytest.mark.parametrize("field", ["requirement", "vp", "bonus"])
def test_R55_statue_slot_numbers_non_negative(data, field):
    assert_problem(validate(change_slot(data, 3, **{field: -1})), "statue slot 4", f"{field} -1 must be >= 0")


def test_R72_medal_prices_three_epochs_non_negative(data):
    table = replace(data.medal_prices, silver=[6, 9], gold=[8, -12, 28])
    problems = validate(replace(data, medal_prices=table))
    assert_problem(problems, "medal_prices: silver has 2 prices, expected 3")
    assert_problem(problems, "medal_prices: gold[1] -12 must be >= 0")


def test_R43_sale_value_violation(data):
    assert_problem(validate(replace(data, sale_value=[2, 3])), "sale_value: [2, 3]", "R43")
    assert_problem(validate(replace(data, sale_value=[2, 3, 5])), "sale_value", "R43")


def test_format_name_checked(data):
    assert_problem(validate(replace(data, format="epochal-hadara-data/0")), "format:")


# --- loader: malformed files --------------------------------------------------------------------


def write(tmp_path, text: str):
    path = tmp_path / "my-hadara.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_missing_file_raises_DataError_naming_the_file(tmp_path):
    path = tmp_path / "absent.json"
    with pytest.raises(DataError, match="absent.json: cannot read"):
        load(path)


def test_bad_json_raises_DataError(tmp_path):
    path = write(tmp_path, '{"format": "epochal-hadara-data/1", ')
    with pytest.raises(DataError, match="my-hadara.json: not valid JSON"):
        load(path)


def test_wrong_type_raises_DataError_naming_the_field(tmp_path):
    raw = raw_builtin()
    raw["cards"][3]["cost"] = "three"
    with pytest.raises(DataError, match=r"my-hadara.json: .*cards\[3\]\.cost"):
        load(write(tmp_path, json.dumps(raw)))


def test_unknown_field_raises_DataError(tmp_path):
    raw = raw_builtin()
    raw["colonies"][0]["colour"] = "red"
    with pytest.raises(DataError, match=r"my-hadara.json: .*unknown field `colour`"):
        load(write(tmp_path, json.dumps(raw)))


def test_unknown_effect_tag_raises_DataError(tmp_path):
    raw = raw_builtin()
    raw["cards"][40]["effect"] = {"pe": "PE16"}
    with pytest.raises(DataError, match="my-hadara.json: .*PE16"):
        load(write(tmp_path, json.dumps(raw)))


def test_constraint_violation_raises_DataError_listing_problems(tmp_path):
    raw = raw_builtin()
    raw["cards"][2]["cost"] = -1  # I-BLU-03
    raw["colonies"][1]["back_vp"] = 0  # C03-2
    with pytest.raises(DataError) as caught:
        load(write(tmp_path, json.dumps(raw)))
    message = str(caught.value)
    assert "my-hadara.json" in message
    assert "card I-BLU-03: cost -1 must be >= 0" in message
    assert "colony C03-2: back_vp 0 must be >= front_vp 1 (R52)" in message


def test_roundtrip_of_a_modified_file_loads(tmp_path):
    """An owner's file with other (valid) numbers is accepted: design choices are not rules."""
    raw = raw_builtin()
    for item in raw["cards"]:
        if item["provenance"] == "provisional":
            item["cost"] += 1
    raw["medal_prices"] = {"silver": [1, 2, 3], "gold": [3, 2, 1]}
    loaded = load(write(tmp_path, json.dumps(raw)))
    assert card(loaded, "I-BLU-01").cost == 2
