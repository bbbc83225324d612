"""Tournaments: seat rotation, statistics, ratings, reports, process and Ray backends."""

from __future__ import annotations

import json

import pytest

from epochal.engine import get_game
from epochal.sim.report import write_report
from epochal.sim.tournament import bradley_terry, game_options, run_tournament, seating, wilson


def test_seating_rotates_each_agent_over_each_seat():
    agents = ["a", "b", "c"]
    seen = {(seat, name) for i in range(3) for seat, name in enumerate(seating(agents, i))}
    assert seen == {(s, a) for s in range(3) for a in agents}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_within_each_block_every_agent_plays_every_seat_with_its_nation(players):
    """Nations rotate per block of K games, agents per game: every agent meets every nation.
    (Both rotating per game, a two-player series tied each agent to eight fixed nations.)"""
    game = get_game("imperium")
    agents = [f"agent {k}" for k in range(players)]
    played: dict[str, set] = {a: set() for a in agents}
    for block in range(16):
        pairs = set()
        for i in range(block * players, (block + 1) * players):
            labels = game.seat_labels(game.new(players, i, game_options(game, None, i, players)))
            pairs |= {(agent, seat, labels[seat]) for seat, agent in enumerate(seating(agents, i))}
            for seat, agent in enumerate(seating(agents, i)):
                played[agent].add(labels[seat])
        assert len(pairs) == players * players  # each agent in each seat, the seat's nation fixed
    assert all(len(nations) == 16 for nations in played.values())


def test_wilson_interval():
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.83 and 0.94 < high < 0.95
    assert wilson(0, 0) == (0.0, 0.0)


def test_bradley_terry_orders_agents_by_strength():
    matches = [{"agents": ["strong", "weak"], "scores": [10, 5]} for _ in range(9)]
    matches.append({"agents": ["weak", "strong"], "scores": [6, 4]})
    ratings = bradley_terry(matches, ["strong", "weak"])
    assert ratings["strong"] > 1500 > ratings["weak"]


def test_process_tournament_writes_json_and_html(tmp_path):
    result = run_tournament("hadara", 3, ["heuristic", "random", "random"], 6, seed=2, workers=2)
    stats = result["stats"]
    assert stats["errors"] == 0 and stats["finished"] == 6
    assert stats["per_agent"]["heuristic"]["games"] == 6
    assert stats["per_agent"]["random"]["games"] == 12
    assert [r["games"] for r in stats["per_seat"]] == [6, 6, 6]
    assert stats["first_player"]["games"] == 6
    assert stats["per_label"], "per start card statistics"
    json_path, html_path = write_report(result, tmp_path)
    assert json.loads(json_path.read_text())["stats"]["finished"] == 6
    page = html_path.read_text()
    assert page.count("<img") >= 5 and "data:image/png;base64," in page
    again = run_tournament("hadara", 3, ["heuristic", "random", "random"], 6, seed=2, workers=1)
    assert [m["scores"] for m in again["matches"]] == [m["scores"] for m in result["matches"]]


@pytest.mark.slow
def test_ray_backend_gives_the_same_results():
    pytest.importorskip("ray")
    local = run_tournament("hadara", 2, ["heuristic", "random"], 4, seed=5, workers=1)
    remote = run_tournament("hadara", 2, ["heuristic", "random"], 4, seed=5, workers=2, backend="ray")
    assert [m["scores"] for m in remote["matches"]] == [m["scores"] for m in local["matches"]]
    assert remote["backend"] == "ray"
