"""Locations that store goods on themselves (the card field ``storage``; Warehouses, R131, R168):
the Cleanup's storage step (R126.1) keeps up to the capacity on the card past the discard (R127),
the owner choosing which goods when they do not all fit; the goods lie in the open; lost, the
location leaves them in the personal supply until the Cleanup (R168, not R59c). The built-in
Warehouses has no capacity in any source (D8), so each test mutates a copy of the data."""

from __future__ import annotations

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

WAREHOUSES = "ROM019"
NAMES = ["Ana", "Boris"]


def data_with(tmp_path, **storage):
    """A copy of the built-in data whose Warehouses stores ``storage``."""
    return edited_data(tmp_path, {"romans": {WAREHOUSES: {"storage": storage}}})


@pytest.fixture
def game(tmp_path, monkeypatch):
    g = make_game(str(data_with(tmp_path, capacity=2)))
    monkeypatch.setattr(scenario, "_GAME", g)
    return g


def cleanup(game, st) -> list[dict]:
    """Run the Cleanup of the current round (R126) to its first decision."""
    st.stack.clear()
    st.phase = "cleanup"
    st.edited()
    ev: list[dict] = []
    game.advance(st, ev)
    return ev


def stored(game, st, owner: int, viewer: int | None = None) -> dict[str, dict[str, int]]:
    """The goods on ``owner``'s locations as ``viewer`` (default: the owner) sees them."""
    view = game.view(st, owner if viewer is None else viewer)
    return {loc["card"]: loc["stored"] for loc in view["seats"][owner]["locations"] if "stored" in loc}


def action_phase(st, seat: int) -> None:
    """Skip the rest of the round's start: ``seat``'s Action-phase turn."""
    st.schedule = []
    st.run.clear()
    scenario.begin(st, seat)
    st.edited()


def test_R126_R168_the_owner_chooses_what_fits_and_keeps_it_past_the_discard(game):
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, WAREHOUSES, "locations")
    supply(st, 0, wood=3, stone=1, gold=1, worker=2, raze=1)
    cleanup(game, st)
    d = decision(st)
    assert (d.kind, d.seats, d.args["texts"]) == ("option", [0], ["wood", "stone"])
    words = prompt_words(game, st, 0, "en", NAMES)
    assert words is not None and words["text"].startswith("Cleanup: choose a good to store on Warehouses")
    assert_illegal(game, st, 1, A.OPTION)  # the owner's choice
    evs = answer(game, st, 0, A.OPTION + 1)  # stone; then 1 wood fills the room, unasked
    assert [e for e in evs if e["type"] == "store"] == [
        {"type": "store", "seat": 0, "card": WAREHOUSES, "goods": ["stone:1", "wood:1"]}
    ]
    # R127: the rest is discarded; the board keeps its raze tokens (R131)
    assert goods(st, 0) == {"wood": 1, "stone": 1, "raze": 1}
    assert st.round == 2 and game.check_invariants(st) == []
    for seat in (0, 1):  # open to every seat, like the supply (R117)
        assert stored(game, st, 0, seat) == {WAREHOUSES: {"stone": 1, "wood": 1}}


def test_R131_what_the_board_keeps_anyway_takes_no_room(tmp_path, monkeypatch):
    g = make_game(str(data_with(tmp_path, capacity=2, goods=["raze", "food"])))
    monkeypatch.setattr(scenario, "_GAME", g)
    game, st = fresh("Romans", "Barbarians")
    give(game, st, 0, WAREHOUSES, "locations")
    supply(st, 0, raze=3, food=4)
    cleanup(game, st)  # the Roman board keeps raze tokens: only food is offered, so no choice
    assert goods(st, 0) == {"raze": 3, "food": 2}
    assert st.seats[0].stored == {game.index_of[WAREHOUSES]: {"food": 2}}
    assert game.check_invariants(st) == []


def test_R130_stored_goods_are_spent_like_the_supply_the_unstored_first(game):
    game, st = fresh("Romans", "Barbarians")
    w = give(game, st, 0, WAREHOUSES, "locations")
    supply(st, 0, wood=1)
    cleanup(game, st)
    assert goods(st, 0) == {"wood": 1}
    action_phase(st, 0)
    st.seats[0].wood = 2  # a production later
    give(game, st, 0, "COM074", "hand")  # Ruins: free; and a card that costs 1 wood
    cost_one_wood = next(
        c.id for c in game.cards if c.common and c.cost == {"wood": 1} and not c.discard and c.kind == "production"
    )
    give(game, st, 0, cost_one_wood, "hand")
    act(game, st, 0, "build", cost_one_wood)
    assert st.seats[0].wood == 1 and st.seats[0].stored == {w: {"wood": 1}}  # the unstored one went
    st.seats[0].wood = 0
    st.edited()
    assert stored(game, st, 0) == {WAREHOUSES: {}}  # nothing left to lie on it


def test_R168_R59c_lost_to_a_build_cost_its_goods_stay_in_the_supply_until_the_cleanup(game):
    game, st = fresh("Romans", "Barbarians")
    w = give(game, st, 0, WAREHOUSES, "locations")
    supply(st, 0, wood=1, food=1)
    cleanup(game, st)
    assert st.seats[0].stored == {w: {"wood": 1, "food": 1}}
    action_phase(st, 0)
    builder = next(c.id for c in game.cards if c.faction == "Romans" and c.discard and c.cost == {"food": 1})
    give(game, st, 0, builder, "hand")
    evs = act(game, st, 0, "build", builder)  # Warehouses, the one location, is discarded (R59)
    lost = [e for e in evs if e["type"] == "storage_lost"]
    assert lost == [{"type": "storage_lost", "seat": 0, "card": WAREHOUSES, "goods": ["wood:1"]}]
    assert goods(st, 0) == {"wood": 1} and st.seats[0].stored == {}  # the food paid the build
    cleanup(game, st)  # R168: discarded now, unless stored another way
    assert goods(st, 0) == {}


def test_storage_reads_in_english_and_russian(game):
    en = game.card_text(WAREHOUSES, "en")
    assert (
        "Storage: at each Cleanup it keeps up to 2 goods on itself (wood, stone, food); "
        "lost, they go to your supply until the Cleanup"
    ) in en
    ru = game.card_text(WAREHOUSES, "ru")
    assert any(line.startswith("Хранилище: при каждой очистке сохраняет на себе до 2 товаров") for line in ru)
    info = game.view(game.new(2, 0, {"factions": "Romans,Barbarians"}), 0)["cards"]
    assert all(c.get("storage") in (None, {"capacity": 2, "goods": ["wood", "stone", "food"]}) for c in info.values())


@pytest.mark.parametrize(
    ("storage", "message"),
    [
        ({"capacity": 0}, "ROM019: storage capacity 0: from 1 to 10 goods (R168)"),
        ({"capacity": 2, "goods": []}, "ROM019: storage stores no good"),
        ({"capacity": 2, "goods": ["defence"]}, "ROM019: storage good 'defence' is not a good of the supply"),
        ({"capacity": 2, "goods": ["wood", "wood"]}, "ROM019: storage names a good twice"),
    ],
)
def test_the_validator_checks_storage(tmp_path, storage, message):
    with pytest.raises(C.DataError) as info:
        C.load(data_with(tmp_path, **storage))
    assert message in str(info.value)


def test_games_with_a_storage_location_play_to_the_end_in_random_play(game):
    """Random play with a Roman Warehouses built from the start keeps every invariant."""
    import random

    seen: set[str] = set()
    for players, seed in ((2, 1), (3, 2)):
        factions = ",".join(["Romans", "Barbarians", "Japanese"][:players])
        st = game.new(players, seed, {"factions": factions})
        give(game, st, 0, WAREHOUSES, "locations")
        rng = random.Random(seed)
        while not st.over:
            seat = game.actors(st)[0]
            seen.update(e["type"] for e in game.apply(st, seat, rng.choice(game.legal(st, seat))))
            assert game.check_invariants(st) == []
    assert "store" in seen
