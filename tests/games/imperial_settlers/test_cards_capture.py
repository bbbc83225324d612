"""Captures of opponents' locations (the card field ``capture`` and the operation ``capture``):
the Egyptian Temple of Ra (R163, R164). The rulebook gives that a capture pays nothing at once,
that a captured location pays no 'discard a location' cost, that one count of uses holds between
owner and captor, and that razing a captured location gives the captor the wood and the token back
while the foundation stays the owner's; the capture's cost and targets, how production and
activation are shared, how captures end and who scores are the printed card's (D7), so each test
gives the built-in Temple of Ra an action and a ``capture`` of its own in a copy of the data."""

from __future__ import annotations

import random

import pytest

from epochal.engine.locale import action_words, prompt_words, render, why_not_words
from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers import cards as C
from epochal.games.imperial_settlers import make_game
from tests.games.imperial_settlers import scenario
from tests.games.imperial_settlers.scenario import act, edited_data, fresh, give, supply

TEMPLE = "EGY013"
LUMBER, LUMBER2 = "COM062", "COM063"  # common production locations: 1 wood
SAWMILL = "COM076"  # a common action location: twice a round, 1 wood for 1 VP
GARDENS = "ROM009"  # a Roman empire location that discards a location to build
NAMES = ["Ana", "Boris", "Chen", "Dana"]
ACTION = {"limit": 2, "pay": {"worker": 1}, "do": [{"op": "capture"}]}


def data_with(tmp_path, capture: dict):
    return edited_data(tmp_path, {"egyptians": {TEMPLE: {"action": ACTION, "capture": capture, "unknown": []}}})


def with_capture(tmp_path, monkeypatch, **capture):
    g = make_game(str(data_with(tmp_path, {"production": "captor", "activate": "both", **capture})))
    monkeypatch.setattr(scenario, "_GAME", g)
    return g


@pytest.fixture
def game(tmp_path, monkeypatch):
    return with_capture(tmp_path, monkeypatch)


def temple_position(*factions: str, **options):
    """Egyptian seat 0 with a Temple of Ra and 2 workers; seat 1 (Romans) with two Lumberjacks'
    Routes and a Sawmill (and its Ruins)."""
    game, st = fresh("Egyptians", *(factions or ("Romans",)), **options)
    give(game, st, 0, TEMPLE, "locations")
    for card in (LUMBER, LUMBER2, SAWMILL):
        give(game, st, 1, card, "locations")
    supply(st, 0, worker=2)
    return game, st


def capture(game, st, target: str, seat: int = 0) -> list[dict]:
    scenario.begin(st, seat)
    ev = act(game, st, seat, "activate", TEMPLE)
    if st.stack and st.stack[-1].kind == "pick":
        ev += act(game, st, seat, "pick", target)
    return ev


def production(game, st) -> None:
    st.stack.clear()
    st.phase = "production"
    st.edited()
    game.advance(st, [])


def picks(game, st, seat: int) -> list[int]:
    return sorted(a - game.action_space.pick for a in game.legal(st, seat) if a != A.END)


# --- the capture and production (R163, D7) ---------------------------------------------------------


def test_R163_a_capture_takes_an_opponents_location_and_pays_nothing_at_once(game):
    game, st = temple_position()
    ev = act(game, st, 0, "activate", TEMPLE)
    give(game, st, 0, "COM074", "locations")
    targets = [game.index_of[c] for c in (LUMBER, LUMBER2, SAWMILL)]
    assert picks(game, st, 0) == sorted(targets)  # not its own locations
    before = {g: getattr(st.seats[0], g) for g in ("wood", "stone", "food", "gold", "vp")}
    ev += act(game, st, 0, "pick", LUMBER)
    assert st.seats[0].captured == {game.index_of[LUMBER]: game.index_of[TEMPLE]}
    assert {g: getattr(st.seats[0], g) for g in before} == before  # R163: no goods at the capture
    assert game.index_of[LUMBER] in st.seats[1].locations  # still the owner's
    assert any(e["type"] == "capture" and e["owner_seat"] == 1 for e in ev)
    assert game.check_invariants(st) == []


@pytest.mark.parametrize(("share", "captor", "owner"), [("captor", 1, 1), ("owner", 0, 2), ("both", 1, 2)])
def test_D7_a_captured_production_location_produces_as_the_card_shares_it(tmp_path, monkeypatch, share, captor, owner):
    with_capture(tmp_path, monkeypatch, production=share)
    game, st = temple_position()
    capture(game, st, LUMBER)
    supply(st, 0, wood=0)
    supply(st, 1, wood=0)
    production(game, st)
    board = 1  # the Roman board's wood; the Egyptian board gives none (D4)
    assert st.seats[0].wood == captor and st.seats[1].wood == board + owner


# --- activation: one count of uses (R163) ----------------------------------------------------------


def test_R163_a_location_its_owner_used_up_cannot_be_activated_by_the_captor(game):
    game, st = temple_position()
    capture(game, st, SAWMILL)
    saw = game.index_of[SAWMILL]
    st.seats[1].used[saw] = 2  # the owner used it twice this round
    supply(st, 0, wood=2)
    scenario.begin(st, 0)
    assert game.action_space.activate + saw not in game.legal(st, 0)
    st.seats[1].used = {saw: 1}
    st.edited()
    assert game.action_space.activate + saw in game.legal(st, 0)
    assert game.action_space.activate2 + saw not in game.legal(st, 0)
    act(game, st, 0, "activate", SAWMILL)
    assert st.seats[0].vp == 1 and st.seats[1].used == {saw: 2}  # counted on the owner's
    supply(st, 1, wood=1)
    scenario.begin(st, 1)
    assert game.action_space.activate + saw not in game.legal(st, 1)
    assert game.check_invariants(st) == []


def test_D7_a_capture_may_leave_activation_to_the_captor_alone(tmp_path, monkeypatch):
    with_capture(tmp_path, monkeypatch, activate="captor")
    game, st = temple_position()
    capture(game, st, SAWMILL)
    supply(st, 1, wood=2)
    scenario.begin(st, 1)
    saw = game.index_of[SAWMILL]
    assert game.action_space.activate + saw not in game.legal(st, 1)
    why = {w["card"]: w["text"] for w in why_not_words(game, st, 1, "en", NAMES)}
    assert "Sawmill is captured" in why[SAWMILL]
    assert "захвачена" in {w["card"]: w["text"] for w in why_not_words(game, st, 1, "ru", NAMES)}[SAWMILL]


def test_D7_a_capture_may_leave_activation_to_the_owner_alone(tmp_path, monkeypatch):
    with_capture(tmp_path, monkeypatch, activate="owner")
    game, st = temple_position()
    capture(game, st, SAWMILL)
    supply(st, 0, wood=2)
    scenario.begin(st, 0)
    assert game.action_space.activate + game.index_of[SAWMILL] not in game.legal(st, 0)


# --- what a capture changes: the discard cost, razing, the end (R59d, R164, A16, A17) --------------


def test_R59d_a_captured_location_pays_no_discard_cost_by_any_player(game):
    game, st = temple_position()
    capture(game, st, LUMBER)
    p = st.seats[1]
    for k in list(p.locations):
        if k != game.index_of[LUMBER]:
            scenario.take_anywhere(st, k)
    st.edited()
    give(game, st, 1, GARDENS)
    supply(st, 1, wood=2, stone=2)
    scenario.begin(st, 1)
    assert scenario.action_id(game, "build", GARDENS) not in game.legal(st, 1)  # its only location is captured
    why = {w["card"]: w["text"] for w in why_not_words(game, st, 1, "en", NAMES)}
    assert GARDENS in why
    give(game, st, 1, LUMBER2, "locations")
    scenario.begin(st, 1)
    act(game, st, 1, "build", GARDENS)  # the one free location pays, without asking
    assert game.index_of[LUMBER] in p.locations and game.index_of[LUMBER2] not in p.locations


def test_R164_razing_a_captured_location_gives_the_captor_the_wood_and_the_token(game):
    game, st = temple_position("Romans", "Barbarians")
    capture(game, st, LUMBER)
    supply(st, 0, wood=0)
    supply(st, 1, wood=0)
    supply(st, 2, raze=2)
    scenario.begin(st, 2)
    ev = act(game, st, 2, "raze", LUMBER)
    lumber = game.index_of[LUMBER]
    assert lumber in st.seats[1].foundations  # the owner's foundation
    assert st.seats[0].wood == 1 and st.seats[1].wood == 0  # the captor's wood
    assert st.seats[0].captured == {} and any(e["type"] == "capture_ended" for e in ev)
    assert game.check_invariants(st) == []


def test_A16_a_temple_captures_no_more_than_its_tokens(tmp_path, monkeypatch):
    with_capture(tmp_path, monkeypatch, tokens=1)
    game, st = temple_position()
    capture(game, st, LUMBER)
    scenario.begin(st, 0)
    assert scenario.action_id(game, "activate", TEMPLE) not in game.legal(st, 0)


def test_D7_protected_locations_only_when_the_card_says_so(tmp_path, monkeypatch):
    with_capture(tmp_path, monkeypatch, protected=False, kinds=["production"])
    game, st = temple_position()
    st.seats[1].defended = [game.index_of[LUMBER]]
    st.edited()
    act(game, st, 0, "activate", TEMPLE)
    assert st.seats[0].captured == {game.index_of[LUMBER2]: game.index_of[TEMPLE]}  # the only target


def test_A17_captures_survive_cleanup_unless_the_card_ends_them_there(tmp_path, monkeypatch):
    for ends, kept in (([], True), (["cleanup"], False)):
        with_capture(tmp_path, monkeypatch, ends=ends)
        game, st = temple_position()
        capture(game, st, LUMBER)
        st.stack.clear()
        st.phase = "cleanup"
        st.edited()
        game.advance(st, [])
        assert bool(st.seats[0].captured) == kept
        assert game.check_invariants(st) == []


def test_D7_captures_end_with_the_temple_when_the_card_says_so(tmp_path, monkeypatch):
    for ends, kept in (([], True), (["lost"], False)):
        with_capture(tmp_path, monkeypatch, ends=ends)
        game, st = temple_position("Romans", stand_ins="on")
        capture(game, st, LUMBER)
        give(game, st, 1, "ROM008", "locations")  # Engineers: discards another player's location
        supply(st, 1, worker=1)
        scenario.begin(st, 1)
        act(game, st, 1, "activate", "ROM008")  # the Temple is seat 0's only location: no question
        assert game.index_of[TEMPLE] not in st.seats[0].locations
        assert bool(st.seats[0].captured) == kept


def test_D7_the_captor_scores_a_captured_location_when_the_card_says_so(tmp_path, monkeypatch):
    with_capture(tmp_path, monkeypatch, scores="captor")
    game, st = temple_position()
    before = game.score_seat(st, 1).breakdown["common_locations"]
    capture(game, st, LUMBER)
    assert game.score_seat(st, 1).breakdown["common_locations"] == before - 1
    assert game.score_seat(st, 0).breakdown["captured"] == 1


# --- words, views, the validator, play ------------------------------------------------------------


def test_the_temple_of_ra_reads_in_english_and_russian_and_the_table_shows_the_capture(game):
    en = game.card_text(TEMPLE, "en")
    assert (
        "Captures opponents' locations (any location), up to 4 at a time; nothing at the capture; a captured "
        "production location produces for the captor, not its owner; a captured action location is activated by "
        "either, one count of uses between them; its end-game VP are its owner's; the capture ends when the "
        "location leaves play (the captor gets the wood of its razing)"
    ) in en
    assert "Action (cost: 1 worker): capture a location of an opponent who has not passed; up to twice a round" in en
    ru = game.card_text(TEMPLE, "ru")
    assert any(line.startswith("Захватывает локации противников (любые локации), до 4 одновременно") for line in ru)
    game, st = temple_position()
    act(game, st, 0, "activate", TEMPLE)
    assert prompt_words(game, st, 0, "en", NAMES)["text"] == "Temple of Ra: choose an opponent's location to capture"
    assert "для захвата" in prompt_words(game, st, 0, "ru", NAMES)["text"]
    assert action_words(game, st, 0, scenario.action_id(game, "pick", LUMBER), "en", NAMES) == (
        "capture Lumberjacks' Route"
    )
    ev = act(game, st, 0, "pick", LUMBER)
    line = render(game.name, next(e for e in ev if e["type"] == "capture"), "ru", NAMES, game.display_name)
    assert line == "Ana захватывает «Тропа лесорубов*» игрока Boris"
    view = game.view(st, 1)
    assert view["seats"][0]["captured"] == [{"card": LUMBER, "by": TEMPLE, "owner": 1}]
    assert next(loc for loc in view["seats"][1]["locations"] if loc["card"] == LUMBER)["captured"] == 0


@pytest.mark.parametrize(
    ("capture", "message"),
    [
        ({"production": "captor", "activate": "both", "tokens": 0}, "capture tokens 0: from 1 to 10 (R148, A16)"),
        ({"production": "captor", "activate": "both", "kinds": []}, "capture kinds names no kind of location"),
        ({"production": "captor", "activate": "both", "ends": ["cleanup", "cleanup"]}, "ends names a way twice"),
        ({"production": "thief", "activate": "both"}, "production"),
        ({"activate": "both"}, "production"),
    ],
)
def test_the_validator_checks_a_capture(tmp_path, capture, message):
    with pytest.raises(C.DataError) as info:
        C.load(data_with(tmp_path, capture))
    assert message in str(info.value)


def test_the_built_in_temple_of_ra_captures_nothing():
    game = make_game()
    c = game.cards[game.index_of[TEMPLE]]
    assert c.capture is None and c.action is None and c.entry.provenance == "provisional"


def test_games_with_a_temple_of_ra_play_to_the_end_and_redeal_in_random_play(tmp_path, monkeypatch):
    seen: set[str] = set()
    for share, players, seed in (("captor", 2, 6), ("both", 3, 7), ("owner", 4, 8)):
        game = with_capture(tmp_path, monkeypatch, production=share, activate=share, scores="captor", ends=["lost"])
        factions = ",".join(["Egyptians", "Romans", "Barbarians", "Japanese"][:players])
        st = game.new(players, seed, {"factions": factions, "stand_ins": "on"})
        give(game, st, 0, TEMPLE, "locations")
        rng = random.Random(seed)
        while not st.over:
            seat = game.actors(st)[0]
            if st.phase == "action" and seat == 0 and st.seats[0].worker == 0:
                st.seats[0].worker = 1
                st.edited()
            seen.update(e["type"] for e in game.apply(st, seat, rng.choice(game.legal(st, seat))))
            assert game.check_invariants(st) == []
            if st.ply % 9 == 0:
                other = game.determinize(st, 1, random.Random(st.ply))
                assert other.seats[0].captured == st.seats[0].captured  # open: nothing to re-deal
                assert game.check_invariants(other) == []
        assert ("captured" in game.scores(st)[0].breakdown) == bool(st.seats[0].captured)
    assert "capture" in seen
