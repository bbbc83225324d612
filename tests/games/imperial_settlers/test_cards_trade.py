"""Deals with opponents' locations (the card field ``trade`` and the operation ``trade_deal``):
the Japanese Trade Route (R73, R156). The rulebook gives only how other cards treat such deals
(Broker R153, Spies R167, Robbers R174, Imperial Envoy R178, Hanseatic League R179) and that they
outlive the Trade Route (R156); their cost, yield, keeping, loss and scoring are the printed
card's (D6), so each test gives the built-in Trade Route an action and a ``trade`` of its own in a
copy of the data, which the built-in data never does."""

from __future__ import annotations

import json
import random

import pytest

from epochal.engine.locale import action_words, prompt_words, render
from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers import cards as C
from epochal.games.imperial_settlers import make_game
from tests.games.imperial_settlers import scenario
from tests.games.imperial_settlers.scenario import act, edited_data, fresh, give, goods, supply

ROUTE, ROUTE2 = "JAP021", "JAP022"  # Trade Route, two copies
LUMBER, QUARRY = "COM062", "EGY026"  # a common production location (1 wood); an Egyptian one (2 stone, deal: stone)
SAWMILL = "COM076"  # a common action location
ROBBERS, SPIES, BROKER = "BAR030", "ROM010", "JAP019"
MESSENGER, HANSA = "COM057", "COM061"  # Imperial Envoy (R178), Hanseatic League (R179)
FARM = "JAP001"  # a Japanese empire card with a deal bonus (1 worker)
BOARD_WOOD = 1  # the Japanese and the Roman boards each produce 1 wood (D4, A41)
NAMES = ["Ana", "Boris", "Chen", "Dana"]
ACTION = {"limit": 2, "pay": {"food": 1}, "do": [{"op": "trade_deal"}]}


def data_with(tmp_path, trade: dict, deck: str = "japanese", card: str = ROUTE, **fields):
    """A copy of the built-in data whose ``card`` has this ``trade`` and action."""
    return edited_data(tmp_path, {deck: {card: {"action": ACTION, "trade": trade, "unknown": [], **fields}}})


def with_trade(tmp_path, monkeypatch, **trade):
    g = make_game(str(data_with(tmp_path, {"yields": "production", "lost": "ends", **trade})))
    monkeypatch.setattr(scenario, "_GAME", g)
    return g


@pytest.fixture
def game(tmp_path, monkeypatch):
    return with_trade(tmp_path, monkeypatch, vp=1)


def route_position(*factions: str, **options):
    """Japanese seat 0 with a Trade Route and 2 food; seat 1 (Romans) with a Lumberjacks' Route."""
    game, st = fresh("Japanese", *(factions or ("Romans",)), **options)
    give(game, st, 0, ROUTE, "locations")
    give(game, st, 1, LUMBER, "locations")
    supply(st, 0, food=2)
    return game, st


def make_deal(game, st, target: str = LUMBER) -> list[dict]:
    """Seat 0 activates the Trade Route and deals with ``target`` (the engine picks it itself when
    it is the only one)."""
    ev = act(game, st, 0, "activate", ROUTE)
    if st.stack and st.stack[-1].kind == "pick":
        ev += act(game, st, 0, "pick", target)
    return ev


def picks(game, st, seat: int) -> list[int]:
    return sorted(a - game.action_space.pick for a in game.legal(st, seat) if a != A.END)


def production(game, st) -> None:
    st.stack.clear()
    st.phase = "production"
    st.edited()
    game.advance(st, [])


# --- making the deal (R73, R68) -------------------------------------------------------------------


def test_R73_the_japanese_make_a_deal_with_an_opponents_location_and_it_pays_at_once(game):
    game, st = route_position()
    give(game, st, 0, FARM, "locations")  # their own location is no target
    other = give(game, st, 1, "COM063", "locations")  # another Lumberjacks' Route
    lumber = game.index_of[LUMBER]
    ev = act(game, st, 0, "activate", ROUTE)
    assert goods(st, 0).get("food", 0) == 1  # the action's cost (the card's: D6)
    assert picks(game, st, 0) == sorted([lumber, other])  # the Ruins (no production) and the Farm (own) are not
    ev += act(game, st, 0, "pick", LUMBER)
    assert st.seats[0].trades == {lumber: game.index_of[ROUTE]}
    assert lumber in st.seats[1].locations  # the location stays its owner's
    assert goods(st, 0)["wood"] == 1  # its production, at once (R68)
    assert any(e["type"] == "trade_deal" and e["owner_seat"] == 1 for e in ev)
    assert st.seats[0].deals == []  # apart from the deals under the board
    assert game.check_invariants(st) == []


def test_R68_the_deal_pays_again_in_each_production_and_the_owner_still_produces(game):
    game, st = route_position()
    make_deal(game, st)
    supply(st, 0, wood=0)
    supply(st, 1, wood=0)
    production(game, st)
    assert st.seats[0].wood == BOARD_WOOD + 1 and st.seats[1].wood == BOARD_WOOD + 1


def test_a_location_carries_one_deal(game):
    game, st = route_position()
    make_deal(game, st)
    supply(st, 0, food=1)
    scenario.begin(st, 0)
    assert scenario.action_id(game, "activate", ROUTE) not in game.legal(st, 0)  # nothing left to deal with


def test_a_deal_yielding_fixed_goods_or_the_deal_bonus_and_only_in_production(tmp_path, monkeypatch):
    game = with_trade(tmp_path, monkeypatch, yields="goods", goods={"gold": 1, "vp": 1}, now=False)
    game, st = route_position()
    make_deal(game, st)
    assert goods(st, 0) == {"food": 1}  # not at once
    production(game, st)
    assert st.seats[0].gold == 1 and st.seats[0].vp == 1
    game = with_trade(tmp_path, monkeypatch, yields="deal", decks="empire", each_production=False)
    game, st = route_position("Egyptians")
    give(game, st, 1, QUARRY, "locations")
    give(game, st, 1, "EGY027", "locations")  # a second Quarry copy
    ev = act(game, st, 0, "activate", ROUTE)
    assert picks(game, st, 0) == sorted([game.index_of[QUARRY], game.index_of["EGY027"]])  # empire ones only
    ev += act(game, st, 0, "pick", QUARRY)
    assert st.seats[0].stone == 1  # the Quarry's deal bonus, not its production
    production(game, st)
    assert st.seats[0].stone == 1  # not again in Production


# --- when the location or the Trade Route is lost (R156, D6) ---------------------------------------


def test_R156_the_deals_stay_when_the_trade_route_is_razed(game):
    game, st = route_position("Barbarians")
    make_deal(game, st)
    scenario.begin(st, 1)
    supply(st, 1, raze=2)
    ev = act(game, st, 1, "raze", ROUTE)
    assert game.index_of[ROUTE] not in st.seats[0].locations
    assert st.seats[0].trades == {game.index_of[LUMBER]: game.index_of[ROUTE]}
    assert not any(e["type"] == "trade_ended" for e in ev)
    supply(st, 0, wood=0)
    production(game, st)
    assert st.seats[0].wood == BOARD_WOOD + 1  # the deal still pays by the lost card's trade


def test_D6_a_deal_ends_with_its_location_when_the_card_says_so(game):
    game, st = route_position()
    make_deal(game, st)
    supply(st, 0, raze=2)
    scenario.begin(st, 0)
    ev = act(game, st, 0, "raze", LUMBER)
    assert st.seats[0].trades == {} and any(e["type"] == "trade_ended" for e in ev)
    assert game.index_of[LUMBER] in st.seats[1].foundations


def test_D6_a_deal_that_stays_pays_after_its_location_is_gone(tmp_path, monkeypatch):
    game = with_trade(tmp_path, monkeypatch, lost="stays")
    game, st = route_position()
    make_deal(game, st)
    supply(st, 0, raze=2, wood=0)
    scenario.begin(st, 0)
    act(game, st, 0, "raze", LUMBER)
    lumber = game.index_of[LUMBER]
    assert lumber in st.seats[0].trades and lumber in st.seats[1].foundations
    supply(st, 0, wood=0)
    production(game, st)
    assert st.seats[0].wood == BOARD_WOOD + 1
    view = game.view(st, 1)
    assert view["seats"][0]["trades"] == [{"card": LUMBER, "by": ROUTE, "owner": -1}]
    assert game.check_invariants(st) == []


# --- the cards that treat such deals (R153, R167, R174, R178, R179) --------------------------------


def test_R153_the_broker_never_builds_a_deal_made_with_a_location(game):
    game, st = route_position(stand_ins="on")
    make_deal(game, st)
    give(game, st, 0, BROKER, "locations")
    supply(st, 0, worker=1, wood=5)
    scenario.begin(st, 0)
    assert scenario.action_id(game, "activate", BROKER) not in game.legal(st, 0)  # no deal of its own
    farm = give(game, st, 0, FARM, "deals")
    give(game, st, 0, "JAP002", "deals")  # another Farm
    act(game, st, 0, "activate", BROKER)
    assert picks(game, st, 0) == sorted([farm, game.index_of["JAP002"]])


def test_R167_spies_cannot_take_a_deal_made_with_a_location(game):
    game, st = route_position(stand_ins="on")
    make_deal(game, st)
    give(game, st, 1, SPIES, "locations")
    supply(st, 1, worker=1)
    scenario.begin(st, 1)
    assert scenario.action_id(game, "activate", SPIES) not in game.legal(st, 1)
    farm = give(game, st, 0, FARM, "deals")
    give(game, st, 0, "JAP002", "deals")
    act(game, st, 1, "activate", SPIES)
    assert picks(game, st, 1) == sorted([farm, game.index_of["JAP002"]])


def test_R174_robbers_may_cancel_a_deal_made_with_a_location_and_the_location_stays(game):
    game, st = route_position("Barbarians", stand_ins="on")
    make_deal(game, st)
    farm = give(game, st, 0, FARM, "deals")
    give(game, st, 1, ROBBERS, "locations")
    give(game, st, 1, LUMBER, "locations")
    supply(st, 1, worker=1)
    scenario.begin(st, 1)
    act(game, st, 1, "activate", ROBBERS)
    lumber = game.index_of[LUMBER]
    assert picks(game, st, 1) == sorted([farm, lumber])
    ev = act(game, st, 1, "pick", LUMBER)
    assert st.seats[0].trades == {} and st.seats[0].deals == [farm]
    assert lumber in st.seats[1].locations
    assert any(e["type"] == "trade_cancelled" and e["owner_seat"] == 0 for e in ev)


def test_R178_the_imperial_envoy_may_choose_a_deal_made_with_a_location(game):
    game, st = route_position()
    make_deal(game, st)
    give(game, st, 0, MESSENGER, "locations")
    supply(st, 0, worker=1, wood=0)
    scenario.begin(st, 0)
    give(game, st, 0, FARM, "deals")
    act(game, st, 0, "activate", MESSENGER)
    assert picks(game, st, 0) == sorted([game.index_of[FARM], game.index_of[LUMBER]])
    act(game, st, 0, "pick", LUMBER)
    assert st.seats[0].wood == 1  # the Lumberjacks' Route's production once more


def test_R179_the_hanseatic_league_may_give_up_a_deal_made_with_a_location(game):
    game, st = route_position()
    make_deal(game, st)
    give(game, st, 0, HANSA, "locations")
    supply(st, 0, worker=1)
    scenario.begin(st, 0)
    give(game, st, 0, FARM, "deals")
    act(game, st, 0, "activate", HANSA)
    assert picks(game, st, 0) == sorted([game.index_of[FARM], game.index_of[LUMBER]])
    ev = act(game, st, 0, "pick", LUMBER)
    assert st.seats[0].trades == {} and st.seats[0].vp == 2
    assert game.index_of[LUMBER] in st.seats[1].locations and st.seats[0].deals == [game.index_of[FARM]]
    assert any(e["type"] == "trade_given_up" for e in ev)


def test_R71_D6_a_deal_with_a_location_scores_as_its_card_says(game):
    game, st = route_position()
    make_deal(game, st)
    assert game.score_seat(st, 0).breakdown["trades"] == 1
    assert "trades" not in game.score_seat(st, 1).breakdown


# --- words, views, the validator, play ----------------------------------------------------------------


def test_the_trade_route_reads_in_english_and_russian_and_the_table_shows_the_deal(game):
    en = game.card_text(ROUTE, "en")
    assert any(
        "Deals with opponents' locations (any location) give that location's production at once and in "
        "every Production; when that location leaves play, the deal ends; losing this card ends none; at game "
        "end 1 VP per deal" in line
        for line in en
    )
    assert any("make a deal with a location of an opponent who has not passed" in line for line in en)
    ru = game.card_text(ROUTE, "ru")
    assert any("Сделки с локациями противников (любые локации) приносят производство этой локации" in x for x in ru)
    assert any("заключите сделку с локацией противника" in line for line in ru)
    game, st = route_position()
    make_deal(game, st)
    view = game.view(st, 1)
    assert view["seats"][0]["trades"] == [{"card": LUMBER, "by": ROUTE, "owner": 1}]
    lumber = next(loc for loc in view["seats"][1]["locations"] if loc["card"] == LUMBER)
    assert lumber["trade"] == 0
    assert view["cards"][ROUTE]["trade"] == {"yields": "production", "lost": "ends", "vp": 1, "kinds": list(C.KINDS)}


def test_prompts_and_log_lines_of_a_deal_with_a_location_in_both_languages(game):
    game, st = route_position()
    give(game, st, 1, "COM063", "locations")
    act(game, st, 0, "activate", ROUTE)
    assert game.describe_decision(st, 0)["form"] == "trade_deal"
    assert prompt_words(game, st, 0, "en", NAMES)["text"] == (
        "Trade Route: choose an opponent's location to make a deal with"
    )
    assert "выберите локацию противника для сделки" in prompt_words(game, st, 0, "ru", NAMES)["text"]
    pick = scenario.action_id(game, "pick", LUMBER)
    words = {lang: action_words(game, st, 0, pick, lang, NAMES) for lang in ("en", "ru")}
    assert words["en"] == "make a deal with Lumberjacks' Route" and "заключить сделку" in words["ru"]
    ev = act(game, st, 0, "pick", LUMBER)
    deal = next(e for e in ev if e["type"] == "trade_deal")
    line = render(game.name, deal, "en", NAMES, game.display_name)
    assert line == "Ana makes a deal with Lumberjacks' Route of Boris"
    assert "заключает сделку с локацией" in render(game.name, deal, "ru", NAMES, game.display_name)


@pytest.mark.parametrize(
    ("trade", "fields", "message"),
    [
        ({"yields": "goods", "lost": "ends"}, {}, "trade yields goods: name them in 'goods' (R68, D6)"),
        ({"yields": "deal", "lost": "ends", "goods": {"wood": 1}}, {}, "trade goods are for yields 'goods'"),
        ({"yields": "goods", "lost": "ends", "goods": {"samurai": 1}}, {}, "trade good 'samurai' is not a good"),
        ({"yields": "deal", "lost": "ends", "now": False, "each_production": False}, {}, "gives nothing (R68, D6)"),
        ({"yields": "deal", "lost": "ends", "kinds": []}, {}, "trade kinds names no kind of location"),
        ({"yields": "deal", "lost": "ends", "kinds": ["castle"]}, {}, "trade kind 'castle' is not a kind of location"),
        ({"yields": "deal", "lost": "ends", "vp": 21}, {}, "trade vp 21: from 0 to 20 (R71, R134)"),
    ],
)
def test_the_validator_checks_a_trade(tmp_path, trade, fields, message):
    with pytest.raises(C.DataError) as info:
        C.load(data_with(tmp_path, trade, **fields))
    assert message in str(info.value)


def test_the_validator_wants_a_trade_for_trade_deal_and_msgspec_the_required_fields(tmp_path):
    out = data_with(tmp_path, {"yields": "deal", "lost": "ends"})
    path = out / "japanese.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for entry in data["cards"]:
        if entry["id"] == ROUTE:
            del entry["trade"]
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(C.DataError) as info:
        C.load(out)
    assert "JAP021: trade_deal makes a deal as this card says: it needs the card's 'trade' (R73, D6)" in str(info.value)
    with pytest.raises(C.DataError) as info:
        C.load(data_with(tmp_path, {"yields": "deal"}))
    assert "lost" in str(info.value)


def test_the_built_in_trade_route_says_no_trade():
    game = make_game()
    c = game.cards[game.index_of[ROUTE]]
    assert c.trade is None and c.action is None and c.entry.provenance == "provisional"


def test_games_with_trade_routes_play_to_the_end_and_redeal_in_random_play(game):
    seen: set[str] = set()
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        factions = ",".join(["Japanese", "Romans", "Barbarians", "Egyptians"][:players])
        st = game.new(players, seed, {"factions": factions, "stand_ins": "on"})
        give(game, st, 0, ROUTE, "locations")
        give(game, st, 0, ROUTE2, "locations")
        rng = random.Random(seed)
        while not st.over:
            seat = game.actors(st)[0]
            if st.phase == "action" and st.seats[seat].food == 0 and rng.random() < 0.5:
                st.seats[seat].food = 1
                st.edited()
            seen.update(e["type"] for e in game.apply(st, seat, rng.choice(game.legal(st, seat))))
            assert game.check_invariants(st) == []
            if st.ply % 9 == 0:
                other = game.determinize(st, 1, random.Random(st.ply))
                assert other.seats[0].trades == st.seats[0].trades  # open: nothing to re-deal
                assert game.check_invariants(other) == []
        assert ("trades" in game.scores(st)[0].breakdown) == bool(st.seats[0].trades)
    assert "trade_deal" in seen
