"""Locations that keep things to the end of the game (the card fields ``under`` and ``keeps``, the
operations ``tuck`` and ``put_on``): the Gate's cards under it (R152) and the Shrine's goods on it
(R155) never go back, survive every Cleanup (R129), score at the end by the card's formula (R134)
and, lost in a way other than razing, are discarded with it (A15, R59c). The rulebook gives
neither the capacity nor the VP formula (D8), nor when cards or goods are put there: each test
gives the built-in Gate and Shrine a trigger, a capacity and a formula of its own in a copy of the
data, which the built-in data never does."""

from __future__ import annotations

import random

import pytest

from epochal.engine.locale import prompt_words
from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers import cards as C
from epochal.games.imperial_settlers import make_game
from tests.games.imperial_settlers import scenario
from tests.games.imperial_settlers.scenario import (
    act,
    answer,
    assert_illegal,
    decision,
    edited_data,
    fresh,
    give,
    goods,
    supply,
)

GATE, SHRINE = "JAP013", "JAP015"
NAMES = ["Ana", "Boris"]
# each time its owner builds, the Gate takes a card from the hand, the Shrine two goods
GATE_DATA = {"under": {"vp": 1, "per": 2}, "triggers": [{"on": "build", "do": [{"op": "tuck"}]}]}
SHRINE_DATA = {
    "keeps": {"capacity": 3, "vp": 2, "max": 4},
    "triggers": [{"on": "build", "do": [{"op": "put_on", "n": 2}]}],
}


def data_with(tmp_path, changes: dict[str, dict]):
    """A copy of the built-in data whose Japanese cards ``changes`` names have these fields."""
    return edited_data(tmp_path, {"japanese": changes})


@pytest.fixture
def game(tmp_path, monkeypatch):
    g = make_game(str(data_with(tmp_path, {GATE: GATE_DATA, SHRINE: SHRINE_DATA})))
    monkeypatch.setattr(scenario, "_GAME", g)
    return g


def cleanup(game, st) -> list[dict]:
    st.stack.clear()
    st.phase = "cleanup"
    st.edited()
    ev: list[dict] = []
    game.advance(st, ev)
    return ev


def location(game, st, owner: int, card: str, viewer: int | None) -> dict:
    view = game.view(st, viewer)
    return next(loc for loc in view["seats"][owner]["locations"] if loc["card"] == card)


def gate_position(game):
    """Japanese seat 0 with a Gate built, two hand cards besides the Ruins it builds."""
    game, st = fresh("Japanese", "Romans")
    give(game, st, 0, GATE, "locations")
    give(game, st, 0, "COM001")
    give(game, st, 0, "COM002")
    return game, st


# --- the Gate: cards under it (R152) --------------------------------------------------------------


def test_R152_a_card_put_under_the_gate_leaves_the_hand_for_good(game):
    game, st = gate_position(game)
    act(game, st, 0, "build", "COM074")  # the Ruins: the trigger asks for a card
    d = decision(st)
    assert (d.kind, d.seats, d.args["purpose"], d.args["rule"]) == (
        "pick",
        [0],
        "put a card under the location",
        "R152",
    )
    assert sorted(game.legal(st, 0)) == sorted(
        [A.END, *(game.action_space.pick + game.index_of[c] for c in ("COM001", "COM002"))]
    )
    words = prompt_words(game, st, 0, "en", NAMES)
    assert words is not None and words["text"] == (
        "Gate: choose a card of your hand to put under it for the rest of the game, or stop"
    )
    ru = prompt_words(game, st, 0, "ru", NAMES)
    assert ru is not None and ru["text"].startswith("«Врата»: выберите карточку с руки, чтобы подложить её")
    assert_illegal(game, st, 1, game.action_space.pick + game.index_of["COM001"])
    evs = answer(game, st, 0, game.action_space.pick + game.index_of["COM002"])
    tucked = [e for e in evs if e["type"] == "tuck"]
    assert tucked == [{"type": "tuck", "seat": 0, "card": GATE, "n": 1}]  # which card: nobody else learns
    assert st.seats[0].under == {game.index_of[GATE]: [game.index_of["COM002"]]}
    assert [game.cards[k].id for k in st.seats[0].hand] == ["COM001"]
    assert game.check_invariants(st) == []


def test_R152_the_others_see_how_many_cards_lie_under_it_never_which(game):
    game, st = gate_position(game)
    act(game, st, 0, "build", "COM074")
    answer(game, st, 0, game.action_space.pick + game.index_of["COM002"])
    mine = location(game, st, 0, GATE, 0)
    assert mine["under"] == ["common"] and mine["under_cards"] == ["COM002"]
    theirs = location(game, st, 0, GATE, 1)
    assert theirs["under"] == ["common"] and "under_cards" not in theirs
    assert "COM002" not in game.view(st, 1)["cards"] and "COM002" not in game.view(st, None)["cards"]
    assert location(game, st, 0, GATE, None).get("under_cards") is None


def test_R152_a_redeal_for_the_others_changes_the_card_under_the_gate_not_its_back(game):
    game, st = gate_position(game)
    act(game, st, 0, "build", "COM074")
    answer(game, st, 0, game.action_space.pick + game.index_of["COM002"])
    g = game.index_of[GATE]
    seen = set()
    for seed in range(20):
        other = game.determinize(st, 1, random.Random(seed))
        (k,) = other.seats[0].under[g]
        assert game.cards[k].common  # its back, the common deck, is open
        seen.add(k)
        assert game.check_invariants(other) == []
        mine = game.determinize(st, 0, random.Random(seed))
        assert mine.seats[0].under[g] == [game.index_of["COM002"]]  # the owner knows it
    assert len(seen) > 1


def test_R129_R134_cards_under_the_gate_survive_cleanup_and_score_at_the_end(game):
    game, st = gate_position(game)
    g = game.index_of[GATE]
    st.seats[0].under = {g: [game.index_of["COM001"], game.index_of["COM002"], game.index_of["COM003"]]}
    for c in ("COM001", "COM002", "COM003"):
        st.seats[0].hand.remove(game.index_of[c]) if game.index_of[c] in st.seats[0].hand else None
        for pile in (st.common_deck,):
            while game.index_of[c] in pile:
                pile.remove(game.index_of[c])
    st.edited()
    assert game.check_invariants(st) == []
    cleanup(game, st)
    assert len(st.seats[0].under[g]) == 3
    score = game.score_seat(st, 0)
    assert score.breakdown["kept"] == 1  # 1 VP for every 2 cards: 3 cards give 1
    assert "kept" not in game.score_seat(st, 1).breakdown  # no such location: no such row


def test_A15_the_gate_discarded_to_pay_a_build_takes_its_cards_to_the_discard(game):
    game, st = gate_position(game)
    g = game.index_of[GATE]
    act(game, st, 0, "build", "COM074")
    answer(game, st, 0, game.action_space.pick + game.index_of["COM002"])
    scenario.begin(st, 0)
    st.seats[0].locations.remove(game.index_of["COM074"])  # the Gate is the one location left
    st.common_discard.append(game.index_of["COM074"])
    builder = next(
        c.id for c in game.cards if c.faction == "Japanese" and c.discard and c.cost == {"wood": 1} and c.id != GATE
    )
    give(game, st, 0, builder)
    supply(st, 0, wood=1)
    evs = act(game, st, 0, "build", builder)
    assert {"type": "tucked_lost", "seat": 0, "card": GATE, "n": 1} in evs
    assert g not in st.seats[0].under and game.index_of["COM002"] in st.common_discard
    assert game.check_invariants(st) == []


# --- the Shrine: goods on it (R155) ---------------------------------------------------------------


def shrine_position(game):
    game, st = fresh("Japanese", "Romans")
    give(game, st, 0, SHRINE, "locations")
    supply(st, 0, wood=2, food=1, gold=1)
    return game, st


def test_R155_goods_put_on_the_shrine_leave_the_supply_and_lie_open(game):
    game, st = shrine_position(game)
    act(game, st, 0, "build", "COM074")
    d = decision(st)
    assert (d.kind, d.args["texts"], d.args["rule"]) == ("option", ["wood", "food"], "R155")  # its goods: resources
    words = prompt_words(game, st, 0, "en", NAMES)
    assert words is not None and words["text"].startswith("Shrine: choose a good of your supply to put on it")
    evs = answer(game, st, 0, A.OPTION)  # wood; then the second of two
    assert [e["goods"] for e in evs if e["type"] == "put_on"] == [["wood:1"]]
    evs = answer(game, st, 0, A.OPTION + 1)  # food
    assert goods(st, 0) == {"wood": 1, "gold": 1}
    assert st.seats[0].kept == {game.index_of[SHRINE]: {"wood": 1, "food": 1}}
    for viewer in (0, 1, None):  # open, like the supply (R117)
        assert location(game, st, 0, SHRINE, viewer)["kept"] == {"wood": 1, "food": 1}
    assert game.check_invariants(st) == []


def test_R155_the_player_may_stop_and_the_capacity_holds(game):
    game, st = shrine_position(game)
    act(game, st, 0, "build", "COM074")
    answer(game, st, 0, A.END)  # "may": none put
    assert st.seats[0].kept == {} and goods(st, 0) == {"wood": 2, "food": 1, "gold": 1}
    k = game.index_of[SHRINE]
    st.seats[0].kept = {k: {"stone": 3}}  # full: capacity 3
    scenario.begin(st, 0)
    give(game, st, 0, "COM073")
    evs = act(game, st, 0, "build", "COM073")
    assert "put_on" not in [e["type"] for e in evs] and decision(st).kind != "option"


def test_R129_R134_the_shrines_goods_survive_cleanup_and_score_by_its_formula(game):
    game, st = shrine_position(game)
    k = game.index_of[SHRINE]
    st.seats[0].kept = {k: {"wood": 2, "stone": 1}}
    st.edited()
    cleanup(game, st)
    assert st.seats[0].kept == {k: {"wood": 2, "stone": 1}} and game.check_invariants(st) == []
    assert game.score_seat(st, 0).breakdown["kept"] == 4  # 2 VP each, at most 4
    p = st.seats[0]
    assert game.score_seat(st, 0).tiebreak[0] == p.worker + p.wood + p.stone + p.food  # not the Shrine's (A9)


def test_kept_locations_read_in_english_and_russian(game):
    en = game.card_text(GATE, "en")
    line = "Cards put under it never go back to your hand and stay to the end of the game; at game end "
    assert line + "1 VP for every 2 cards under it" in en
    assert any("Each time you build" in line and "put a card from your hand under this location" in line for line in en)
    ru = game.card_text(SHRINE, "ru")
    assert (
        "Положенные на неё товары (дерево, камень, еда) остаются до конца игры: их нельзя потратить, при очистке "
        "они не сбрасываются (не больше 3); в конце игры 2 ПО за каждый товар на ней (не больше 4 ПО)"
    ) in ru
    info = game.view(game.new(2, 0, {"factions": "Japanese,Romans"}), 0)["cards"]
    assert all(c.get("keeps") in (None, {"capacity": 3, "vp": 2, "max": 4}) for c in info.values())


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {GATE: {"triggers": [{"on": "build", "do": [{"op": "tuck"}]}]}},
            "JAP013: tuck puts cards under this location: it needs the card's 'under'",
        ),
        (
            {SHRINE: {"bonus": [{"op": "put_on"}]}},
            "JAP015: put_on puts goods on this location: it needs the card's 'keeps'",
        ),
        ({GATE: {"under": {"capacity": 0}}}, "JAP013: under capacity 0: from 1 to 20 (R152)"),
        ({GATE: {"under": {"goods": ["wood"]}}}, "JAP013: under holds cards, not goods"),
        ({SHRINE: {"keeps": {"goods": ["defence"]}}}, "JAP015: keeps good 'defence' is not a good of the supply"),
        ({SHRINE: {"keeps": {"vp": 21}}}, "JAP015: keeps vp 21: from 0 to 20 (R134)"),
        ({SHRINE: {"keeps": {"per": 0}}}, "JAP015: keeps per 0: from 1 to 10 (R134)"),
        ({SHRINE: {"bonus": [{"op": "put_on", "n": 0}], "keeps": {}}}, "bonus[0].n"),
    ],
)
def test_the_validator_checks_kept_locations(tmp_path, changes, message):
    with pytest.raises(C.DataError) as info:
        C.load(data_with(tmp_path, changes))
    assert message in str(info.value)


def test_games_with_a_gate_and_a_shrine_play_to_the_end_in_random_play(game):
    seen: set[str] = set()
    for players, seed in ((2, 1), (3, 2)):
        factions = ",".join(["Japanese", "Romans", "Barbarians"][:players])
        st = game.new(players, seed, {"factions": factions})
        give(game, st, 0, GATE, "locations")
        give(game, st, 0, SHRINE, "locations")
        rng = random.Random(seed)
        while not st.over:
            seat = game.actors(st)[0]
            seen.update(e["type"] for e in game.apply(st, seat, rng.choice(game.legal(st, seat))))
            assert game.check_invariants(st) == []
            if seed == 1 and st.ply % 7 == 0:
                other = game.determinize(st, 1, random.Random(st.ply))
                assert game.check_invariants(other) == []
        keeping = {game.index_of[GATE], game.index_of[SHRINE]} & set(st.seats[0].locations)
        assert ("kept" in game.scores(st)[0].breakdown) == bool(keeping)
    assert {"tuck", "put_on"} <= seen
