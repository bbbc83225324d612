"""Play series of games between agents, headless, reproducibly.

Game ``i`` of a series started with seed ``s`` uses seed ``derive(s, i)`` for the game and for
each agent, so a series gives the same results on every run and any game can be replayed alone.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from epochal.agents import make_agent
from epochal.engine import Game, Record, new_record
from epochal.engine.rng import derive


@dataclass
class GameResult:
    seed: int
    decisions: int
    record: Record  # kept for every game, an error included: it reproduces the error
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    error: str | None = None
    labels: list[str] = field(default_factory=list)


def play_game(game: Game, players: int, seed: int, agent_names: list[str], options: dict | None = None) -> GameResult:
    """One game; an exception inside the rules is caught and reported, never raised, and so is
    a game that runs past ``game.decision_limit`` (its agents never end it)."""
    agents = [make_agent(name, game, derive(seed, 1000 + s)) for s, name in enumerate(agent_names)]
    state = game.new(players, seed, options)
    record = new_record(game, state, seed, agent_names)
    result = GameResult(seed=seed, decisions=0, record=record)
    limit = game.decision_limit(players)
    try:
        while not state.over:
            for seat in game.actors(state):
                if seat not in game.actors(state):
                    continue
                if result.decisions >= limit:
                    raise RuntimeError(f"the game did not end within {limit} decisions")
                action = agents[seat].choose(game, state, seat)
                game.apply(state, seat, action)
                record.actions.append((seat, action))
                result.decisions += 1
        result.scores = [s.total for s in game.scores(state)]
        result.winners = game.winners(state)
        result.labels = game.seat_labels(state)
        record.scores = result.scores
    except Exception as exc:  # the report counts errors; the record reproduces them
        result.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
    return result


def simulate(
    game: Game,
    players: int,
    games: int,
    seed: int,
    agent_names: list[str],
    options: dict | None = None,
    save_records: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict:
    start = time.perf_counter()
    wins = [0] * players
    totals = [0] * players
    decisions = errors = finished = 0
    first_error = None
    if save_records is not None:
        save_records.mkdir(parents=True, exist_ok=True)
    per_label: dict[str, list[int]] = {}
    for i in range(games):
        result = play_game(game, players, derive(seed, i), agent_names, game.options_for_game(options, i, players))
        decisions += result.decisions
        if result.error:
            errors += 1
            first_error = first_error or {"game": i, "seed": result.seed, "error": result.error}
        else:
            finished += 1
            for s in result.winners:
                wins[s] += 1
            for s, v in enumerate(result.scores):
                totals[s] += v
            for s, label in enumerate(result.labels):
                games_won = per_label.setdefault(label, [0, 0])
                games_won[0] += 1
                games_won[1] += s in result.winners
        if save_records is not None:
            (save_records / f"{game.name}-{i:05d}.json").write_bytes(result.record.to_json())
        if progress:
            progress(i + 1)
    seconds = time.perf_counter() - start
    report = {
        "game": game.name,
        "players": players,
        "games": games,
        "seed": seed,
        "agents": agent_names,
        "options": game.configure(players, options),
        "data": game.data_id(),
        "data_status": game.data_status(),
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 1) if seconds else None,
        "errors": errors,
        "wins": wins,
        "win_rate": [round(w / finished, 4) if finished else None for w in wins],
        "mean_scores": [round(t / finished, 2) if finished else None for t in totals],
    }
    if per_label:
        report["per_label"] = {
            k: {"games": n, "wins": w, "win_rate": round(w / n, 4)} for k, (n, w) in sorted(per_label.items())
        }
    if first_error:
        report["first_error"] = first_error
    return report
