"""The Guns & Steel card database: the built-in provisional deck obeys every constraint the spec
records (R6, R9, R26, R39.2, R40, R42, R43, R73, §19), carries and cites every established fact
(§19.7, §19.8, the reference file's names), invents no names, and is reproduced by its generator;
the validator rejects broken files naming the card and the rule."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from epochal.games.guns_and_steel import cards as C
from epochal.games.guns_and_steel.data import make_provisional

DATA = C.load()
BY_NAME = {c.name["en"]: c for c in DATA.file.cards if c.name.get("en")}
WONDER_BY_NAME = {w.name["en"]: w for w in DATA.file.wonders if w.name.get("en")}


def ops_of(effect: list) -> list:
    """Every op of an effect, nested ones included."""
    found = []
    for op in effect:
        found.append(op)
        found += ops_of(getattr(op, "do", []) or getattr(op, "defeated", []))
    return found


def tags(effect: list) -> set[str]:
    return {op.__struct_config__.tag for op in ops_of(effect)}


def cited(entry, *fields: str) -> bool:
    return all(entry.sources.get(f, "").split(":")[0] in DATA.file.sources for f in fields)


# --- the built-in file ----------------------------------------------------------------------


def test_builtin_file_loads_and_validate_finds_nothing():
    assert DATA.path == C.DATA_FILE
    assert C.validate(DATA.file) == []
    assert set(DATA.file.sources) == {"spec", "reference"}


def test_R6_counts_per_theme_and_epoch_in_id_order():
    assert [c.id for c in DATA.theme_cards("start")] == list(C.START_IDS)
    for theme, (lo, hi) in C.THEME_IDS.items():
        cards = DATA.theme_cards(theme)
        assert [c.id for c in cards] == [f"C{i:02d}" for i in range(lo, hi + 1)]
        epochs = [c.resource for c in cards]
        assert epochs == [e for e, n in C.EPOCH_COUNTS.items() for _ in range(n)]
        assert all(cited(c, "resource") for c in cards)
    for theme, (lo, hi) in C.WONDER_IDS.items():
        wonders = DATA.theme_wonders(theme)
        assert [w.id for w in wonders] == [f"W{i:02d}" for i in range(lo, hi + 1)]
        assert sorted(w.epoch for w in wonders) == sorted(C.EPOCHS * 2)  # R42


def test_R9_start_cards_give_three_food_two_iron_and_stay_basic():
    start = DATA.theme_cards("start")
    assert sorted(c.resource for c in start) == ["food"] * 3 + ["iron"] * 2
    for c in start:
        assert not c.cost and not c.two_player and not c.name  # §19.2
        assert c.military <= 1 and c.vp == 0
        assert not tags(c.effect) & {"vp", "lose_vp"}
        assert all(op.vp == 0 for op in ops_of(c.effect) if isinstance(op, C.Attack))
        assert cited(c, "cost", "two_player") and "resource" not in c.sources  # D3
    kinds = {t for c in start for t in tags(c.effect)}
    assert {"restore", "attack"} <= kinds  # §19.2 reviews


def test_R73_vp_ops_only_in_renaissance_and_renaissance_uses_them():
    def vp_ops(cards):
        found = set()
        for c in cards:
            for op in ops_of(c.effect):
                if isinstance(op, (C.Vp, C.LoseVp)):
                    found.add(op.__struct_config__.tag)
                if isinstance(op, C.Attack) and op.vp:
                    found.add("attack vp")
        return found

    assert vp_ops(DATA.theme_cards("new_world")) == set()
    assert vp_ops(DATA.theme_cards("start")) == set()
    assert vp_ops(DATA.theme_cards("renaissance")) == {"vp", "lose_vp", "attack vp"}


# Operations the vocabulary holds so that an owner's card can say them, which no source states
# for a card of the built-in deck (its data is never filled from memory): test_cards_vocabulary.py
# plays each of them.
FOR_OWNERS = {"each_other", "pay_vp", "reactivate"}


def test_D15_every_op_and_every_clause_kind_is_used():
    used = {t for c in DATA.file.cards for t in tags(c.effect)}
    every = {op.__struct_config__.tag for op in C.AnyOp.__args__}
    assert used == every - FOR_OWNERS
    clauses = {cl.what for w in DATA.file.wonders for cl in (*w.build, *w.glory)}
    assert clauses == set(C.COUNTS)


def test_R20_R57_types_fit_their_effects_and_military_sits_on_fighting_cards():
    for c in DATA.file.cards:
        kinds = tags(c.effect)
        if c.type == "attack":
            assert "attack" in kinds, c.id
        if c.type == "tactics":
            assert kinds & {"play_attacks", "activate_attacks"}, c.id
        if c.military:
            assert c.type in ("attack", "tactics") or c.response, c.id
        if c.type != "society" and c.theme != "start":
            assert c.military >= 1, c.id


def test_A29_costs_rise_by_epoch_and_are_paid_in_earlier_resources():
    for theme in C.THEME_IDS:
        previous_low = 0
        for epoch in C.EPOCHS:
            cards = [c for c in DATA.theme_cards(theme) if c.resource == epoch]
            for c in cards:
                rank = C.RESOURCES.index(epoch)
                assert all(C.RESOURCES.index(r) < rank for r in c.cost), c.id
            totals = [sum(c.cost.values()) for c in cards]
            assert min(totals) >= previous_low, (theme, epoch)
            previous_low = min(totals)
            vps = [c.vp for c in cards]
            assert max(vps) <= C.EPOCHS.index(epoch) + 1 + (epoch == "space")


# --- established facts (§19.7, §19.8, reference) ---------------------------------------------

NAMED = {  # English name: (theme, epoch or None when a stand-in, type or None, Russian name)
    "Nuclear Submarine": ("new_world", "space", "attack", "Атомная Подводная Лодка"),
    "Computer": ("new_world", "space", None, "Компьютер"),
    "Tank": ("new_world", "information", None, "Танк"),
    "Cannons": ("new_world", "oil", None, "Пушки"),
    "Charge": ("new_world", "gunpowder", None, "Натиск"),
    "Knights": ("new_world", None, None, "Рыцари"),
    "Blitzkrieg": ("new_world", None, "tactics", "Блицкриг"),
    "Flank Attack": (None, None, "tactics", "Фланговый удар"),
    "Satellite": (None, None, "tactics", "Спутник"),
    "Mining": (None, None, "society", "Добыча"),
    "Agriculture": (None, None, "society", "Сельское хозяйство"),
    "Code of Laws": (None, None, "society", "Свод законов"),
    "Trade": (None, None, "society", "Торговля"),
    "Tribute": (None, None, "society", "Дань"),
    "Calendar": ("renaissance", None, "society", "Календарь"),
    "Theology": ("renaissance", None, "society", "Теология"),
    "Barter": ("new_world", None, "society", "Бартерная торговля"),
    "Metalworking": ("new_world", None, "society", "Обработка металлов"),
    "Horse Archers": (None, "gunpowder", None, "Конные лучники"),
}
REVIEW_NAMED = {"Domestication": "horses", "Currency": "horses"}  # reference: bottom row


@pytest.mark.parametrize("name", sorted(NAMED))
def test_s19_7_named_card_sits_where_the_spec_infers_it(name):
    theme, epoch, kind, russian = NAMED[name]
    card = BY_NAME[name]
    assert card.name["ru"] == russian and cited(card, "name")
    assert "literal translation" in card.note and "D2" in card.note
    assert card.theme in ((theme,) if theme else ("new_world", "renaissance"))
    if epoch:
        assert card.resource == epoch
    if kind:
        assert card.type == kind and cited(card, "type")


@pytest.mark.parametrize(
    "name,cost",
    [
        ("Computer", {"horses": 1, "gunpowder": 1, "oil": 2}),  # E10
        ("Cannons", {"gunpowder": 2}),  # E8
        ("Horse Archers", {"iron": 1, "horses": 1}),  # E13
    ],
)
def test_E8_E10_E13_stated_costs_are_exact_and_cited(name, cost):
    card = BY_NAME[name]
    assert card.cost == cost and cited(card, "cost")


def test_E6_responses_and_military_of_the_attack_example():
    for name in ("Charge", "Knights", "Blitzkrieg"):
        assert BY_NAME[name].response and cited(BY_NAME[name], "response")
    for name in ("Charge", "Knights", "Tank"):
        assert BY_NAME[name].military > 0
    submarine = BY_NAME["Nuclear Submarine"]
    attack = next(op for op in submarine.effect if isinstance(op, C.Attack))
    assert any(isinstance(op, C.GiveWonder) for op in attack.defeated)


def test_E6_military_values_fit_the_narrated_totals():
    """The attacker reached 7 with the Submarine among other cards; Andrey reached exactly 7 with
    Blitzkrieg and Tank added to his zone; Katya stayed below 7 after adding Knights and Charge."""
    assert BY_NAME["Nuclear Submarine"].military <= 7
    assert BY_NAME["Blitzkrieg"].military + BY_NAME["Tank"].military <= 7
    assert BY_NAME["Knights"].military + BY_NAME["Charge"].military < 7


def test_E5_tactics_cards_play_attack_cards():
    for name in ("Blitzkrieg", "Flank Attack", "Satellite"):
        assert "play_attacks" in tags(BY_NAME[name].effect)


def test_E3_self_restoring_cards_restore_their_own_resource():
    for name in ("Mining", "Agriculture", "Code of Laws"):
        card = BY_NAME[name]
        assert any(isinstance(op, C.Restore) and op.res == card.resource for op in card.effect)


def test_E4_trade_tribute_use_and_calendar_theology_restore_for_all_and_give_vp():
    for name in ("Trade", "Tribute"):
        assert "use" in tags(BY_NAME[name].effect)
    for name in ("Calendar", "Theology"):
        effect = BY_NAME[name].effect
        assert any(isinstance(op, C.EachPlayer) and any(isinstance(o, C.Restore) for o in op.do) for op in effect)
        assert any(isinstance(op, C.Vp) for op in effect)


def test_E8_E10_barter_and_metalworking_do_what_the_examples_show():
    barter = BY_NAME["Barter"]
    assert barter.effect == [C.Pay(res={"food": 1}), C.Gain(res={"gunpowder": 1})]
    metalworking = BY_NAME["Metalworking"]
    assert metalworking.effect == [C.Gain(res={"iron": 2})]
    assert cited(barter, "effect") and cited(metalworking, "effect")


def test_reference_names_bottom_row_cards():
    for name, epoch in REVIEW_NAMED.items():
        card = BY_NAME[name]
        assert card.theme == "new_world" and card.resource == epoch
        assert card.sources["name"].startswith("reference:") and "ru" not in card.name


def test_no_invented_names():
    allowed = set(NAMED) | set(REVIEW_NAMED)
    assert set(BY_NAME) == allowed
    for c in DATA.file.cards:
        if c.name:
            assert cited(c, "name"), c.id
        else:
            assert C.display_name(c) == c.id
    nw_wonders = {w.name["en"] for w in DATA.theme_wonders("new_world")}
    assert nw_wonders == {
        "Pyramids of Giza",
        "Hanging Gardens",
        "Angkor Wat",
        "Himeji Castle",
        "Great Mosque of Djenné",
        "Taj Mahal",
        "Eiffel Tower",
        "Manhattan Project",
        "International Space Station",
        "Apollo Project",
    }
    named_ren = [w for w in DATA.theme_wonders("renaissance") if w.name]
    assert [w.name["en"] for w in named_ren] == ["Sydney Opera House"]
    for w in DATA.file.wonders:
        assert not w.name or cited(w, "name"), w.id


def test_E1_space_wonders_depict_submarine_and_computer():
    iss = WONDER_BY_NAME["International Space Station"]
    apollo = WONDER_BY_NAME["Apollo Project"]
    assert (iss.epoch, apollo.epoch) == ("space", "space")
    assert DATA.cards[iss.depicts] is BY_NAME["Nuclear Submarine"]
    assert DATA.cards[apollo.depicts] is BY_NAME["Computer"]
    assert cited(iss, "name", "epoch", "depicts") and cited(apollo, "name", "epoch", "depicts")


def meets(clauses: list[C.Clause], counts: dict) -> bool:
    return all(counts.get((cl.what, cl.of), 0) >= cl.at_least for cl in clauses)


def test_E11_himeji_and_gardens_both_met_by_two_horses_and_three_tactics():
    himeji, gardens = WONDER_BY_NAME["Himeji Castle"], WONDER_BY_NAME["Hanging Gardens"]
    weakest = sorted(c.military for c in DATA.file.cards if c.type == "tactics" and c.theme in ("start", "new_world"))[
        :3
    ]
    zone = {("resource_cards", "horses"): 2, ("tech_cards", "tactics"): 3, ("military", None): sum(weakest)}
    for w in (himeji, gardens):
        assert {cl.what for cl in w.build} <= {"resource_cards", "tech_cards", "military"}
        assert meets(w.build, zone), w.id
    assert himeji.vp > gardens.vp
    assert himeji.epoch != gardens.epoch  # both lay beside one pyramid (R42)


def test_E6_taj_mahal_and_pyramids_lie_in_one_game():
    assert WONDER_BY_NAME["Taj Mahal"].epoch != WONDER_BY_NAME["Pyramids of Giza"].epoch


def test_E12_sydney_opera_house_three_tokens_and_recalled_vp():
    sydney = WONDER_BY_NAME["Sydney Opera House"]
    assert sydney.theme == "renaissance" and sydney.tokens == 3 and cited(sydney, "tokens")
    assert [(cl.what, cl.of) for cl in sydney.glory] == [("recalled_vp", None)]
    assert sydney.glory[0].at_least <= 6


def test_R25_wonders_of_each_theme_carry_their_own_condition():
    for w in DATA.theme_wonders("new_world"):
        assert w.build and not w.glory and not w.tokens
    for w in DATA.theme_wonders("renaissance"):
        assert w.glory and not w.build and 1 <= w.tokens <= 5


def test_R26_R43_each_pair_depicts_two_cards_of_its_own_epoch_and_theme():
    for theme in C.WONDER_IDS:
        for epoch in C.EPOCHS:
            pair = [w for w in DATA.theme_wonders(theme) if w.epoch == epoch]
            assert len({w.depicts for w in pair}) == 2
            for w in pair:
                card = DATA.cards[w.depicts]
                assert (card.theme, card.resource) == (theme, epoch)


def test_R39_2_two_player_icons_leave_a_six_row_pyramid():
    for theme in C.THEME_IDS:
        rows = [sum(not c.two_player for c in DATA.theme_cards(theme) if c.resource == e) for e in C.EPOCHS]
        assert rows == [6, 5, 4, 3, 2]
        marked = [w for w in DATA.theme_wonders(theme) if w.two_player]
        assert len(marked) == 2 and len({w.epoch for w in marked}) == 2
        for w in DATA.theme_wonders(theme):  # A11: the kept wonder finds its card
            assert not DATA.cards[w.depicts].two_player, w.id
    assert not any(
        cited(e, "two_player")
        for e in (*DATA.theme_cards("new_world"), *DATA.theme_cards("renaissance"), *DATA.file.wonders)
    )  # D4


# --- provenance -------------------------------------------------------------------------------


def test_provenance_every_entry_is_provisional_and_gaps_name_the_missing_fields():
    for entry in (*DATA.file.cards, *DATA.file.wonders):
        assert C.provenance(entry) == "provisional", entry.id
    computer = BY_NAME["Computer"]
    assert "cost" not in C.missing(computer) and "name" not in C.missing(computer)
    assert {"type", "vp", "military", "effect", "two_player"} <= set(C.missing(computer))
    unnamed = DATA.cards["C11"]
    assert C.missing(unnamed) == list(C.CARD_FIELDS)
    iss = WONDER_BY_NAME["International Space Station"]
    assert C.missing(iss) == ["vp", "two_player", "build", "glory", "tokens"]
    listed = C.gaps(DATA)
    assert len(listed) == 55 + 20
    assert {"id": "C21", "missing": C.missing(DATA.cards["C21"])} in listed


def test_provenance_an_entry_citing_every_field_is_exact():
    card = DATA.cards["C21"]
    full = C.Civ(
        id=card.id,
        theme=card.theme,
        resource=card.resource,
        type=card.type,
        sources={f: "spec: a transcription" for f in C.CARD_FIELDS},
    )
    assert C.provenance(full) == "exact" and C.missing(full) == []


def test_generator_reproduces_the_committed_file_byte_for_byte():
    text = make_provisional.render(make_provisional.build())
    assert C.DATA_FILE.read_bytes() == text.encode("utf-8")
    assert make_provisional.main(["--check"]) == 0


# --- the validator rejects broken files --------------------------------------------------------


def raw() -> dict:
    return json.loads(C.DATA_FILE.read_text(encoding="utf-8"))


def entry(data: dict, ident: str) -> dict:
    group = data["cards"] if ident.startswith("C") else data["wonders"]
    return next(e for e in group if e["id"] == ident)


def rejected(tmp_path, data, *words: str) -> str:
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(C.DataError) as info:
        C.load(path)
    message = str(info.value)
    assert message.startswith(str(path))
    for word in words:
        assert word in message, message
    return message


def test_R6_rejects_a_wrong_epoch_count(tmp_path):
    data = raw()
    entry(data, "C12")["resource"] = "gunpowder"
    rejected(tmp_path, data, "new_world horses: cards", "the box has C06-C12 (R6)", "new_world gunpowder:")


def test_R6_rejects_a_duplicate_id(tmp_path):
    data = raw()
    entry(data, "C07")["id"] = "C06"
    rejected(tmp_path, data, "card C06: id used twice", "missing ['C07']")


def test_D15_rejects_an_unknown_op_naming_its_path(tmp_path):
    data = raw()
    entry(data, "C06")["effect"] = [{"op": "fly"}]
    rejected(tmp_path, data, "'fly'", "$.cards[5].effect[0]")


def test_R73_rejects_a_vp_op_on_a_new_world_card(tmp_path):
    data = raw()
    entry(data, "C06")["effect"].append({"op": "vp", "n": 1})
    rejected(tmp_path, data, "card C06: only Renaissance cards move the VP card (R70, R73)")


def test_R66_rejects_an_attack_only_op_outside_an_attack(tmp_path):
    data = raw()
    effect = entry(data, "C08")["effect"]
    effect.append({"op": "lose", "n": 1})
    rejected(tmp_path, data, f"card C08: effect[{len(effect) - 1}]: lose names who loses", "(R54, R66)")
    effect[-1] = {"op": "each_other", "do": [{"op": "hand_over"}]}
    rejected(tmp_path, data, f"card C08: effect[{len(effect) - 1}].do[0]: hand_over gives to the attacker", "(R66)")


def test_R59_rejects_an_attack_inside_an_attack(tmp_path):
    data = raw()
    entry(data, "C11")["effect"][0]["defeated"].append({"op": "attack"})
    rejected(tmp_path, data, "card C11: effect[0].defeated[1]: an attack belongs to the card", "(R59")


def test_R26_rejects_a_wonder_depicting_another_themes_card(tmp_path):
    data = raw()
    entry(data, "W01")["depicts"] = "C31"
    rejected(tmp_path, data, "wonder W01: depicts 'C31', not a card of its theme (R26)")


def test_R43_rejects_a_wonder_depicting_another_row_or_its_partners_card(tmp_path):
    data = raw()
    entry(data, "W01")["depicts"] = "C13"
    rejected(tmp_path, data, "wonder W01: depicts C13, a gunpowder card", "(R43, E1, A12)")
    data = raw()
    entry(data, "W02")["depicts"] = entry(data, "W01")["depicts"]
    rejected(tmp_path, data, "new_world wonders of epoch horses: both depict the same card", "(R43)")


def test_R40_rejects_two_player_marks_that_break_the_pyramid(tmp_path):
    data = raw()
    entry(data, "C06")["two_player"] = True
    rejected(tmp_path, data, "new_world: without its two-player cards the rows hold [5, 5, 4, 3, 2]", "(R39.2, R40)")


def test_A11_rejects_a_pair_of_two_player_wonders(tmp_path):
    data = raw()
    entry(data, "W11")["two_player"] = False
    for w in ("W01", "W02"):
        entry(data, w)["two_player"] = True
    rejected(tmp_path, data, "new_world wonders of epoch horses: both carry the two-player icon", "(A11)")


def test_R73_R85_R38_rejects_wonder_conditions_the_theme_cannot_check(tmp_path):
    data = raw()
    entry(data, "W03")["build"] = [{"what": "vp", "at_least": 3}]
    entry(data, "W12")["tokens"] = 6
    entry(data, "W13")["build"] = [{"what": "military", "at_least": 2}]
    rejected(
        tmp_path,
        data,
        "wonder W03: build counts vp",
        "(R73)",
        "wonder W12: 6 glory tokens, but a player has only 5 (R38)",
        "wonder W13: Renaissance checks only the glory condition (R93, A23)",
    )


def test_rejects_an_uncited_source_key(tmp_path):
    data = raw()
    entry(data, "C21")["sources"]["cost"] = "rulebook: page 12"
    rejected(tmp_path, data, "card C21: source 'rulebook' of cost is not described")


def test_rejects_a_file_that_is_not_json(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"cards": [', encoding="utf-8")
    with pytest.raises(C.DataError, match="not valid JSON"):
        C.load(path)


def test_rejects_a_missing_file(tmp_path):
    with pytest.raises(C.DataError, match="cannot read"):
        C.load(tmp_path / "x.json")


# --- the command line -------------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "epochal.cli", *args], capture_output=True, text=True, timeout=120)


def test_cli_cards_validate_accepts_the_builtin_file_and_rejects_a_broken_one(tmp_path):
    good = cli("cards", "validate", "guns_and_steel", str(C.DATA_FILE))
    assert good.returncode == 0, good.stderr
    assert "valid guns_and_steel data" in " ".join(good.stdout.split())  # rich wraps lines
    data = raw()
    entry(data, "C06")["two_player"] = True
    broken = tmp_path / "x.json"
    broken.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    bad = cli("cards", "validate", "guns_and_steel", str(broken))
    assert bad.returncode == 2
    lines = bad.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "R39.2" in lines[0], bad.stderr
