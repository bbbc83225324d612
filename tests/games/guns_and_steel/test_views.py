"""Views (the contract with the web table), hidden information (R33, A33, D14), determinization,
the observation tensor, action texts, locales, data tools and the heuristic bot."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys

from epochal.engine import locale
from epochal.games.guns_and_steel import make_game
from epochal.games.guns_and_steel.state import EMPTY
from tests.games.guns_and_steel.scenario import act, begin, fresh, k, place

CONTRACT = (
    "game",
    "players",
    "options",
    "theme",
    "data",
    "you",
    "turn",
    "first",
    "round",
    "ply",
    "over",
    "phase",
    "pyramid",
    "stacks",
    "wonders",
    "seats",
    "attack",
    "payment",
    "decision",
    "legal",
    "cards",
    "wonder_cards",
    "scores",
    "winners",
)
SEAT_KEYS = (
    "seat",
    "colour",
    "hand",
    "hand_count",
    "zone",
    "wonders",
    "vp_track",
    "glory_left",
    "temp",
    "military",
    "score",
)
CARD_KEYS = (
    "id",
    "name",
    "name_ru",
    "theme",
    "type",
    "resource",
    "cost",
    "vp",
    "military",
    "response",
    "two_player",
    "text",
    "provisional",
    "missing",
)


def random_states(game, players=3, seed=1, options=None, every=7):
    rng = random.Random(seed)
    st = game.new(players, seed, options)
    n = 0
    while not st.over:
        seat = game.actors(st)[0]
        if n % every == 0:
            yield st, seat
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
        n += 1
    yield st, 0


def test_view_has_every_field_of_the_contract():
    game = make_game()
    for theme in ("new_world", "renaissance", "combined"):
        for st, seat in random_states(game, 3, options={"theme": theme}, every=23):
            for who in (seat, None):
                view = game.view(st, who)
                json.dumps(view)
                assert all(key in view for key in CONTRACT)
                assert all(key in s for s in view["seats"] for key in SEAT_KEYS)
                assert all(key in c for c in view["cards"].values() for key in CARD_KEYS)
                assert view["data"]["provisional"] is True
                assert [len(r) for r in view["pyramid"]] == [len(r) for r in st.pyramid]
                assert (view["stacks"] is None) == (theme != "combined")
                assert (view["seats"][0]["vp_track"] is None) == (theme == "new_world")
                for entry in view["legal"]:
                    assert entry["text"] and entry["kind"] and not entry["text"].startswith("action ")
                for row in view["pyramid"]:
                    for slot in row:
                        assert slot["card"] is None or slot["card"] in view["cards"]


def test_A33_hands_and_hidden_backs_never_leak_to_other_seats():
    """Two positions that differ only in seat 1's hand and in which of its Food cards lies
    resource side up look the same to seat 0 and to a spectator."""
    game, st = fresh(3)
    place(game, st, 1, hand=["C02-blue", "C03-blue"], resource=["C01-blue"], tech=["C04-blue"])
    place(game, st, 0, hand=["C01-red", "C02-red"])
    begin(game, st, 0)
    other = st.clone()
    place(game, other, 1, hand=["C01-blue", "C03-blue"], resource=["C02-blue"], tech=["C04-blue"])
    for who in (0, 2, None):
        assert game.view(st, who) == game.view(other, who)
        assert game.observation(st, who) == game.observation(other, who)
    text = json.dumps(game.view(st, 0))
    assert "C01-blue" not in text and "C02-blue" not in text and "C03-blue" not in text
    assert game.view(st, 1) != game.view(other, 1)  # its owner sees


def test_R33_your_own_zone_shows_both_sides_to_you_only():
    game, st = fresh(3)
    place(game, st, 1, resource=["C01-blue"], tech=["C04-blue"])
    mine = game.view(st, 1)["seats"][1]["zone"]
    theirs = game.view(st, 0)["seats"][1]["zone"]
    assert mine == [
        {"card": "C01-blue", "side": "resource", "resource": "food"},
        {"card": "C04-blue", "side": "technology", "resource": "iron"},
    ]
    assert theirs == [
        {"card": None, "side": "resource", "resource": "food"},
        {"card": "C04-blue", "side": "technology", "resource": "iron"},
    ]


def test_determinize_keeps_the_view_resource_types_and_ownership_and_redeals_the_rest():
    game = make_game()
    rng = random.Random(4)
    changed = 0
    for theme in ("new_world", "combined"):
        for st, seat in random_states(game, 4, seed=3, options={"theme": theme}, every=11):
            det = game.determinize(st, seat, rng)
            assert game.view(det, seat) == game.view(st, seat)
            assert game.observation(det, seat) == game.observation(st, seat)
            assert game.check_invariants(det) == []
            for s in range(4):
                before, after = st.seats[s], det.seats[s]
                assert sorted(before.hand + before.zone) == sorted(after.hand + after.zone)
                assert [game.res[x] for x in before.zone] == [game.res[x] for x in after.zone]
                if s != seat:
                    changed += before.hand != after.hand or before.zone != after.zone
            for a, b in zip(st.stacks, det.stacks, strict=True):
                assert sorted(a) == sorted(b) and (not a or a[-1] == b[-1])
    assert changed


def test_D13_combined_stack_tops_are_open_the_rest_hidden():
    game = make_game()
    st = game.new(3, 5, {"theme": "combined"})
    view = game.view(st, None)
    for e, name in enumerate(("horses", "gunpowder", "oil", "information", "space")):
        stack = st.stacks[e]
        assert view["stacks"][name]["top"] == game.keys[stack[-1]]
        text = json.dumps(view)
        for x in stack[:-1]:
            if all(x not in row for row in st.pyramid):
                assert f'"{game.keys[x]}"' not in text


def test_observation_has_the_declared_size_for_every_seat_and_spectator():
    game = make_game()
    for st, _seat in random_states(game, 4, options={"theme": "renaissance"}, every=40):
        for s in (*range(4), None):
            vec = game.observation(st, s)
            assert len(vec) == game.observation_size and all(isinstance(x, float) for x in vec)


def test_every_event_has_an_english_and_a_russian_template():
    game = make_game()
    seen = set()
    for theme in ("new_world", "renaissance", "combined"):
        for seed in range(3):
            rng = random.Random(seed)
            st = game.new(4, seed, {"theme": theme})
            while not st.over:
                seat = game.actors(st)[0]
                for ev in game.apply(st, seat, rng.choice(game.legal(st, seat))):
                    seen.add(ev["type"])
                    for lang in ("en", "ru"):
                        text = locale.render(game.name, ev, lang, ["a", "b", "c", "d"])
                        assert not text.startswith(ev["type"] + " "), (lang, ev)
    en = locale.templates(game.name, "en")
    ru = locale.templates(game.name, "ru")
    # Russian alone names the cards whose printed name is English (translated, marked "*")
    translated = {key for key in ru if re.fullmatch(r"name\.[CW]\d\d", key)}
    assert set(en) == set(ru) - translated and seen <= set(en)


def test_private_events_name_hidden_cards_only_to_their_owner():
    game, st = fresh(3)
    place(game, st, 0, hand=["C01-red", "C02-red", "C03-red"])
    begin(game, st, 0)
    evs = act(game, st, 0, "play_resource", "C01-red")
    public = [e for e in evs if "to" not in e]
    assert all("C01-red" not in json.dumps(e) for e in public)
    assert any(e.get("card") == "C01-red" and e["to"] == [0] for e in evs if "to" in e)


def test_catalog_gaps_and_data_status_come_from_the_data():
    game = make_game()
    catalog = game.card_catalog()
    assert len(catalog) == 75
    assert {c["deck"] for c in catalog} == {"start", "new_world", "renaissance"}
    assert all(c["implemented"] for c in catalog)
    gaps = {g["id"]: g for g in game.gaps()}
    assert all(g["missing"] for g in gaps.values())
    assert game.data_status().startswith("provisional")
    assert game.data_id().startswith("guns-and-steel#")


def test_cli_cards_gaps_lists_the_missing_fields():
    result = subprocess.run(
        [sys.executable, "-m", "epochal.cli", "cards", "gaps", "guns_and_steel", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    gaps = json.loads(result.stdout)["gaps"]
    assert gaps and all(g["missing"] for g in gaps)


def test_heuristic_bot_beats_random():
    from epochal.sim.simulate import simulate

    game = make_game()
    for theme in ("new_world", "renaissance"):
        report = simulate(game, 2, 16, 7, ["heuristic", "random"], {"theme": theme})
        assert report["errors"] == 0
        assert report["wins"][0] >= 14, report


def test_empty_pyramid_slots_show_as_gaps():
    game, st = fresh(3)
    st.removed.append(st.pyramid[0][2])
    st.pyramid[0][2] = EMPTY
    slot = game.view(st, None)["pyramid"][0][2]
    assert slot == {"slot": "1.2", "card": None, "surcharge": None}
    assert k(game, "C01-red") in st.seats[0].hand


def test_event_texts_name_cards_wonders_and_resources_in_the_language_asked():
    game = make_game()
    barter = next(key for key, c in zip(game.keys, game.civ, strict=True) if c.name.get("en") == "Barter")
    ev = {"type": "spend", "seat": 0, "card": barter, "res": "food"}
    # the English name translates the Russian rulebook's: marked "*"; no id in the words
    assert locale.render(game.name, ev, "en", ["Ann"], game.display_name) == "Ann spends Barter* (Food)"
    ru = locale.render(game.name, ev, "ru", ["Аня"], game.display_name)
    assert ru == "Аня тратит карточку «Бартерная торговля» (Еда)"
    assert game.display_name("C01-red") == "Start card 1"  # no name: a provisional one, never the key
    assert game.display_name("C25", "ru") == "Технология 25 (предварительно)"
    assert game.display_name("W09") == "International Space Station*"
    assert game.display_name("nothing") is None
    hand_over = {"type": "hand_over", "seat": 1, "to_seat": 0, "card": barter, "res": "food"}
    text = locale.render(game.name, hand_over, "en", ["Ann", "Bob"], game.display_name)
    assert text == "Bob hands Food over to Ann (the card Barter*)"
