"""Tournaments: agents rotated over seats, played in parallel (processes or Ray), with statistics.

Game ``i`` seats agent ``(seat + i) mod K`` at each seat, so over every K games each agent has
played each seat once. A game whose seats get sides (nations, factions) changes them from one
block of K games to the next, not from game to game: within a block every agent plays every
seat with its side. (Changed every game, the sides moved on in step with the agents, and in a
two-player Imperium tournament the first agent only ever played eight of the sixteen nations,
the second the other eight.) Every game is seeded from the tournament seed, so a tournament is
reproducible for agents with iteration budgets (time budgets depend on the machine).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field

from epochal.engine import get_game
from epochal.engine.rng import derive
from epochal.extras import require


@dataclass
class Match:
    index: int
    seed: int
    agents: list[str]  # by seat
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    decisions: int = 0
    labels: list[str] = field(default_factory=list)  # per seat: nation, faction, start card
    first_player: int | None = None
    error: str | None = None


def seating(agents: list[str], index: int) -> list[str]:
    k = len(agents)
    return [agents[(seat + index) % k] for seat in range(k)]


def game_options(game, options: dict | None, index: int, players: int) -> dict | None:
    """Game ``index``'s options: its sides (nations, factions) change per block of ``players``
    games, in which the agents take every seat in turn (``seating``)."""
    return game.options_for_game(options, index // players, players)


def play_match(
    game_name: str, data: str | None, players: int, index: int, seed: int, agents: list[str], options: dict | None
) -> dict:
    """One game of the tournament (runs in a worker process or a Ray task)."""
    from epochal.sim.simulate import play_game

    game = get_game(game_name, data)
    result = play_game(game, players, seed, agents, options)
    match = Match(index=index, seed=seed, agents=agents, decisions=result.decisions, error=result.error)
    if not result.error:
        match.scores, match.winners = result.scores, result.winners
        from epochal.engine import replay

        final = replay(result.record)
        match.labels = game.seat_labels(final)
        match.first_player = game.first_player(final)
    return asdict(match)


def run_tournament(
    game_name: str,
    players: int,
    agents: list[str],
    games: int,
    seed: int = 1,
    workers: int = 1,
    backend: str = "process",
    options: dict | None = None,
    data: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict:
    if len(agents) != players:
        raise ValueError(f"{len(agents)} agents for {players} seats")
    game = get_game(game_name, data)
    jobs = [
        (game_name, data, players, i, derive(seed, i), seating(agents, i), game_options(game, options, i, players))
        for i in range(games)
    ]
    matches: list[dict] = []

    def collect(result: dict) -> None:
        matches.append(result)
        if progress:
            progress(len(matches))

    if backend == "ray":
        run_ray(jobs, workers, collect)
    elif workers <= 1:
        for job in jobs:
            collect(play_match(*job))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for future in as_completed([pool.submit(play_match, *job) for job in jobs]):
                collect(future.result())
    matches.sort(key=lambda m: m["index"])
    return {
        "game": game_name,
        "players": players,
        "agents": agents,
        "games": games,
        "seed": seed,
        "workers": workers,
        "backend": backend,
        "options": game.configure(players, options),
        "data": game.data_id(),
        "data_status": game.data_status(),
        "stats": statistics(matches, agents, players),
        "matches": matches,
    }


def run_ray(jobs: list, workers: int, collect, task: Callable = play_match) -> None:
    """Run ``task(*job)`` for every job on Ray (a cluster at $RAY_ADDRESS, else a local one of
    ``workers`` CPUs), passing each result to ``collect`` as it arrives."""
    ray = require("ray", "lab", "the ray backend")

    started = not ray.is_initialized()
    if started:
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        remote = ray.remote(task)
        pending = [remote.remote(*job) for job in jobs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            collect(ray.get(done[0]))
    finally:
        if started:
            ray.shutdown()


# --- statistics -----------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class _Tally:
    """Wins (a shared win counts 1/k) out of games."""

    wins: float = 0.0
    games: int = 0

    def add(self, won: float) -> None:
        self.wins += won
        self.games += 1


def _rate(wins: float, n: int) -> dict:
    low, high = wilson(wins, n)
    return {
        "games": n,
        "wins": round(wins, 3),
        "win_rate": round(wins / n, 4) if n else None,
        "ci95": [round(low, 4), round(high, 4)],
    }


def statistics(matches: list[dict], agents: list[str], players: int) -> dict:
    """Win rates (a shared win counts 1/k) per agent, per seat, per first player and label."""
    ok = [m for m in matches if not m["error"]]
    by_agent = {a: _Tally() for a in dict.fromkeys(agents)}
    by_seat = [_Tally() for _ in range(players)]
    by_label: dict[str, _Tally] = {}
    first = _Tally()
    scores: dict[str, list[int]] = {a: [] for a in by_agent}
    for m in ok:
        share = 1.0 / len(m["winners"])
        for seat, agent in enumerate(m["agents"]):
            won = share if seat in m["winners"] else 0.0
            by_agent[agent].add(won)
            by_seat[seat].add(won)
            scores[agent].append(m["scores"][seat])
            if m["labels"]:
                by_label.setdefault(m["labels"][seat], _Tally()).add(won)
        if m["first_player"] is not None:
            first.add(share if m["first_player"] in m["winners"] else 0.0)
    return {
        "finished": len(ok),
        "errors": len(matches) - len(ok),
        "per_agent": {
            a: {
                **_rate(t.wins, t.games),
                "mean_score": round(sum(scores[a]) / len(scores[a]), 2) if scores[a] else None,
            }
            for a, t in by_agent.items()
        },
        "per_seat": [_rate(t.wins, t.games) for t in by_seat],
        "first_player": _rate(first.wins, first.games) if first.games else None,
        "per_label": {k: _rate(t.wins, t.games) for k, t in sorted(by_label.items())},
        "ratings": bradley_terry(ok, list(by_agent)),
        "mean_length": round(sum(m["decisions"] for m in ok) / len(ok), 1) if ok else None,
    }


def bradley_terry(matches: list[dict], agents: list[str], rounds: int = 200) -> dict[str, float]:
    """Elo-scaled Bradley-Terry ratings from every pair of seats held by different agents.

    A game is read as pairwise results: the higher score beats the lower, equal scores draw.
    The fit (Hunter's MM algorithm) does not depend on the order games finished in.
    """
    if len(agents) < 2:
        return {a: 1500.0 for a in agents}
    wins = {a: {b: 0.5 for b in agents if b != a} for a in agents}  # a weak prior: no infinities
    for m in matches:
        for i, a in enumerate(m["agents"]):
            for j, b in enumerate(m["agents"]):
                if a != b and i < j:
                    si, sj = m["scores"][i], m["scores"][j]
                    wins[a][b] += 1.0 if si > sj else 0.5 if si == sj else 0.0
                    wins[b][a] += 1.0 if sj > si else 0.5 if si == sj else 0.0
    strength = {a: 1.0 for a in agents}
    for _ in range(rounds):
        new = {}
        for a in agents:
            total_wins = sum(wins[a].values())
            denom = sum((wins[a][b] + wins[b][a]) / (strength[a] + strength[b]) for b in agents if b != a)
            new[a] = total_wins / denom if denom else strength[a]
        norm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / norm for a, v in new.items()}
    return {a: round(1500 + 400 * math.log10(v), 1) for a, v in strength.items()}
