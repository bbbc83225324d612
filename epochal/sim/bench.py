"""Random-play throughput and the cost of the engine's primitive operations."""

from __future__ import annotations

import random
import time

from epochal.engine import Game, OptionError, State
from epochal.engine.rng import derive


def _random_states(game: Game, players: int, seed: int, count: int, options=None) -> list[tuple[State, int]]:
    """Positions sampled along random games: (state, seat with a decision)."""
    rng = random.Random(seed)
    samples: list[tuple[State, int]] = []
    g = 0
    while len(samples) < count:
        state = game.new(players, derive(seed, g), options)
        g += 1
        while not state.over:
            seat = game.actors(state)[0]
            if rng.random() < 0.05:
                samples.append((state.clone(), seat))
            game.apply(state, seat, rng.choice(game.legal(state, seat)))
    return samples[:count]


def _per_call_us(fn, items, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, (time.perf_counter() - t) / len(items))
    return best * 1e6


def bench(game: Game, players: int, seconds: float = 5.0, seed: int = 1, options=None) -> dict:
    """Random play for ``seconds`` (wall clock; the rate per CPU second of this process is
    given beside it), then the per-call costs on sampled positions.

    ``decisions`` are the real choices: answers a seat gave to ``apply``. ``automatic`` are the
    decisions that had a single answer, which the engine answered itself inside ``apply`` (and
    ``new``); ``total`` is both, the count that is like Catanatron's ticks (bench/catan.py).
    """
    rng = random.Random(seed)
    decisions = games = 0
    answered = game.answered
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = game.new(players, derive(seed, games), options)
        games += 1
        while not state.over:
            seat = game.actors(state)[0]
            game.apply(state, seat, rng.choice(game.legal(state, seat)))
            decisions += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu  # the process's own time: on a shared machine the fairer figure
    automatic = game.answered - answered
    samples = _random_states(game, players, seed + 1, 300, options)
    clone_us = _per_call_us(lambda s: s[0].clone(), samples)
    legal_us = _per_call_us(lambda s: game.legal(s[0], s[1]), samples)
    moves = [(s.clone(), seat, rng.choice(game.legal(s, seat))) for s, seat in samples]
    copies = [[(s.clone(), seat, a) for s, seat, a in moves] for _ in range(3)]
    best = float("inf")
    for batch in copies:
        t = time.perf_counter()
        for s, seat, a in batch:
            game.apply(s, seat, a)
        best = min(best, (time.perf_counter() - t) / len(batch))
    return {
        "game": game.name,
        "players": players,
        "seconds": round(elapsed, 3),
        "games": games,
        "decisions": decisions,
        "decisions_per_second": round(decisions / elapsed, 1),
        "cpu_seconds": round(cpu, 3),
        "decisions_per_cpu_second": round(decisions / max(cpu, 1e-9), 1),
        "automatic": automatic,
        "automatic_per_second": round(automatic / elapsed, 1),
        "total": decisions + automatic,
        "total_per_second": round((decisions + automatic) / elapsed, 1),
        "games_per_second": round(games / elapsed, 2),
        "clone_us": round(clone_us, 2),
        "apply_us": round(best * 1e6, 2),
        "legal_us": round(legal_us, 2),
    }


def bench_search(game: Game, players: int, seconds: float, seed: int, options, agent: str) -> dict:
    """ISMCTS iterations per second over positions sampled from random games."""
    from epochal.agents import make_agent
    from epochal.agents.ismcts import ISMCTSAgent

    spec = agent if ":" in agent else "ismcts:200ms"
    searcher = make_agent(spec, game, seed)
    if not isinstance(searcher, ISMCTSAgent):
        raise OptionError(f"the search benchmark measures an ISMCTS agent, not {spec!r}")
    samples = _random_states(game, players, seed, 50, options)
    iterations = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, seat = samples[decisions % len(samples)]
        seat = min(game.actors(state))
        if len(game.legal(state, seat)) > 1:
            searcher.choose(game, state, seat)
            iterations += searcher.last_iterations
        decisions += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game.name,
        "players": players,
        "agent": spec,
        "seconds": round(elapsed, 3),
        "decisions": decisions,
        "iterations": iterations,
        "iterations_per_second": round(iterations / elapsed, 1),
    }
