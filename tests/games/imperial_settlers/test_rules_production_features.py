"""Features in the Production phase: a feature works in its owner's turn and not while the
Production phase's effects run (R48, A10), unless its card says it "also works in the Production
phase" (Sphinx, R162; the trigger field ``in_production``). No built-in production razes or
builds, so each test gives Old Forest a production that razes one of your own locations, and the
Sphinx, whose feature no source states (D8), an "each time you raze" feature of its own."""

from __future__ import annotations

import pytest

from epochal.games.imperial_settlers import make_game
from tests.games.imperial_settlers import scenario
from tests.games.imperial_settlers.scenario import edited_data, fresh, give, pick

OLD_FOREST, QUARRY, GALLOWS, SPHINX = "COM007", "COM009", "COM005", "EGY019"
SPHINX_FEATURE = [{"on": "raze", "in_production": True, "do": [{"op": "gain", "gold": 1}]}]


def data_with(tmp_path, sphinx_triggers=SPHINX_FEATURE):
    return edited_data(
        tmp_path,
        {
            "common": {OLD_FOREST: {"production": [{"op": "raze_own"}]}},
            "egyptians": {SPHINX: {"triggers": sphinx_triggers}},
        },
    )


@pytest.fixture
def game(tmp_path, monkeypatch):
    g = make_game(str(data_with(tmp_path)))
    monkeypatch.setattr(scenario, "_GAME", g)
    return g


def production(game, st) -> list[dict]:
    """Run the Production phase (R41) to its first decision."""
    st.stack.clear()
    st.schedule = []
    st.phase = "production"
    st.edited()
    ev: list[dict] = []
    game.advance(st, ev)
    return ev


def test_R48_R162_in_production_only_the_feature_that_says_so_works(game):
    game, st = fresh("Egyptians", "Romans")
    for cid in (OLD_FOREST, QUARRY, GALLOWS, SPHINX):
        give(game, st, 0, cid, "locations")
    production(game, st)
    assert st.stack[-1].kind == "pick" and st.stack[-1].args["rule"] == "R172"
    vp, gold = st.seats[0].vp, st.seats[0].gold
    evs = pick(game, st, 0, QUARRY)  # Old Forest's production razes the Quarry
    assert any(e["type"] == "razed" and e["card"] == QUARRY for e in evs)
    assert st.seats[0].gold == gold + 1  # the Sphinx's feature works in Production (R162)
    assert st.seats[0].vp == vp  # the Gallows' does not (R48)
    assert game.check_invariants(st) == []


def test_R48_in_the_owners_turn_both_features_work(game):
    game, st = fresh("Egyptians", "Romans")
    for cid in (GALLOWS, SPHINX, QUARRY):
        give(game, st, 0, cid, "locations")
    give(game, st, 0, OLD_FOREST)
    st.seats[0].wood = 2
    vp, gold = st.seats[0].vp, st.seats[0].gold
    scenario.act(game, st, 0, "build", OLD_FOREST)  # its production runs at once (R61): a turn
    pick(game, st, 0, QUARRY)
    assert st.seats[0].gold == gold + 1 and st.seats[0].vp == vp + 1


def test_the_sphinx_feature_reads_in_english_and_russian(game):
    en = [line for line in game.card_text(SPHINX, "en") if line.startswith("Each time you raze")]
    assert en == ["Each time you raze: 1 gold (this feature also works in the Production phase)"]
    ru = [line for line in game.card_text(SPHINX, "ru") if line.startswith("Каждый раз, когда вы что-то разрушаете")]
    assert ru and ru[0].endswith("(эта особенность действует и в фазе производства)")
