"""Imperial Settlers at the web table (``table_ui``): every legal action described, nothing hidden
named.

Random games under every Lookout and with the stand-in cards are played to the end; at every
decision ``table_ui`` for the deciding seat, for a seat that is waiting and for a spectator
is checked against that seat's own view: it describes exactly the seat's legal actions, puts each
card action on a card the view shows, where the view shows it, and names no other card. Where the
engine has the solo mode, solo games are played too: the virtual opponent's locations are razing
targets.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from epochal.engine.game import get_game
from epochal.games.imperial_settlers import actions as A
from epochal.games.imperial_settlers import table as layout

CARD_ID = re.compile(r"\b(?:COM|ROM|BAR|EGY|JAP)\d{3}\b")
GAMES = [
    (2, {}),
    (3, {"lookout": "draft"}),
    (4, {"lookout": "advanced"}),
    (2, {"stand_ins": "on"}),
    (3, {"stand_ins": "on", "peaceful": "on"}),
    (4, {"stand_ins": "on"}),
    (2, {"lookout": "draft", "stand_ins": "on"}),
    (3, {"gold_substitutes": "build_costs", "stand_ins": "on"}),
]
FIXED = {"pass", "end", "stop", "decline", "source", "exchange", "option", "steal", "attack"}


@pytest.fixture(scope="module")
def game():
    return get_game("imperial_settlers")


def where_in_view(view: dict, seat: int, card: str) -> tuple[str, int | None]:
    """Where the seat's own view shows a card (the page looks for it there)."""
    for s in view["seats"]:
        if any(loc["card"] == card for loc in s["locations"]):
            return "location", s["seat"]
        if card in s["deals"]:
            return "deal", s["seat"]
        if card in s["foundations"]:
            return "foundation", s["seat"]
        if card in s.get("hand", []):
            return "hand", s["seat"]
        if card in s.get("hidden_foundation_cards", []):
            return "hidden_foundation", s["seat"]
    if card in (view.get("solo") or {}).get("virtual_locations", []):
        return "virtual", None
    if card in view["table"]:
        return "table", None
    if card in view["seats"][seat].get("packet", []):
        return "packet", seat
    return "elsewhere", None


def check_names(ui: dict, view: dict, who) -> None:
    named = set(CARD_ID.findall(json.dumps(ui)))
    assert named <= set(view["cards"]), f"seat {who}'s ui names {sorted(named - set(view['cards']))}"
    assert set(ui["cards"]) == set(view["cards"]), f"seat {who}: card effects differ from the view's cards"


def check_seat(game, st, seat: int, kinds: Counter) -> None:
    view = game.view(st, seat)
    ui = game.table_ui(st, seat)
    check_names(ui, view, seat)
    legal = game.legal(st, seat)
    assert set(ui.get("actions", {})) == {str(a) for a in legal}
    me = st.seats[seat]
    for a in legal:
        d = ui["actions"][str(a)]
        kind = d["verb"]
        kinds[kind if kind != "pick" else f"pick:{d['where']}"] += 1
        if kind in FIXED:
            assert "card" not in d
            continue
        assert kind in A.BLOCKS, d
        card = d["card"]
        assert card in view["cards"]
        assert (d["where"], d["owner"]) == where_in_view(view, seat, card), (d, a)
        assert d["where"] != "elsewhere"
        if kind in ("build", "deal", "raze_hand"):
            assert d["where"] == "hand" and d["owner"] == seat
        elif kind == "raze":
            assert (d["where"] == "location" and d["owner"] != seat) or (d["where"] == "virtual" and d["owner"] is None)
            assert me.raze >= d["pay"]["raze"] >= 2 and d["bonus"]
        elif kind in ("activate", "activate2", "defend", "samurai"):
            assert d["where"] == "location" and d["owner"] == seat
        elif kind == "pick":
            assert d["purpose"]
    for d in ui.get("actions", {}).values():
        if d["verb"] == "option":
            assert "ops" in d or "good" in d or "text" in d
        if d["verb"] == "exchange":
            assert d["good"] in A.EXCHANGE_GOODS
        if d["verb"] == "steal":
            assert d["owner"] != seat and d["good"] in ("wood", "stone", "food")
        if d["verb"] == "attack":
            assert d["attack"] in {x["id"] for x in view["solo"]["attack_row"]} and d["purpose"]


def test_ui_describes_every_legal_action_and_names_only_visible_cards(game):
    kinds: Counter = Counter()
    games = list(GAMES)
    if game.min_players == 1:  # the solo mode (§19)
        games += [(1, {}), (1, {"stand_ins": "on", "solo_attack_deals": "targets"})]
    for i, (players, options) in enumerate(games):
        st = game.new(players, 100 + i, options)
        rng = random.Random(i)
        step = 0
        while not st.over:
            actors = game.actors(st)
            for seat in actors:
                check_seat(game, st, seat, kinds)
            waiting = [s for s in range(players) if s not in actors]
            if waiting and step % 5 == 0:
                check_seat(game, st, rng.choice(waiting), kinds)
            if step % 7 == 0:
                spectator = game.table_ui(st, None)
                check_names(spectator, game.view(st, None), None)
                assert "actions" not in spectator
                assert set(spectator["boards"]) == {p.faction for p in st.seats}
            seat = rng.choice(actors)
            st_actions = game.legal(st, seat)
            game.apply(st, seat, rng.choice(st_actions))
            step += 1
        final = game.table_ui(st, None)
        check_names(final, game.view(st, None), None)
        assert game.table_ui(st, 0)["actions"] == {}
    for kind in (
        "build",
        "deal",
        "raze_hand",
        "raze",
        "activate",
        "defend",
        "pass",
        "end",
        "exchange",
        "source",
        "pick:table",
        "pick:packet",
        "pick:location",
    ):
        assert kinds[kind], f"no {kind} action was seen: {sorted(kinds)}"


def test_a_choice_between_effects_is_sent_as_its_operations(game):
    """An 'option' decision carries each option's operation list, for the page to draw."""
    found = 0
    for seed in range(300):
        st = game.new(2, seed, {"stand_ins": "on", "factions": "Egyptians,Barbarians"})
        rng = random.Random(seed)
        while not st.over and found < 3:
            seat = game.actors(st)[0]
            legal = game.legal(st, seat)
            if st.stack and st.stack[-1].kind == "option":
                ui = layout.ui(game, st, seat)
                options = [d for d in ui["actions"].values() if d["verb"] == "option"]
                assert options and all("ops" in d or "good" in d for d in options)
                for d in options:
                    if "ops" in d:
                        assert all(isinstance(op, dict) and "op" in op for op in d["ops"])
                found += 1
            game.apply(st, seat, rng.choice(legal))
        if found >= 3:
            break
    assert found


def test_the_boards_are_public_and_effects_follow_the_option_stand_ins(game):
    st = game.new(4, 3, {"stand_ins": "off"})
    ui = game.table_ui(st, None)
    assert set(ui["boards"]) == {"Romans", "Barbarians", "Egyptians", "Japanese"}
    for _faction, b in ui["boards"].items():
        assert b["store"] in ("wood", "stone", "food", "gold", "worker", "raze", "defence")
        assert b["production"] and b["production"][0]["op"] == "gain"
    stand_in = next(c for c in game.cards if c.stand_in is not None and c.action is None)
    off = layout.effects(game, st, stand_in.index)
    on = layout.effects(game, game.new(2, 3, {"stand_ins": "on"}), stand_in.index)
    assert "action" not in off and on["action"]["stand_in"] is True
