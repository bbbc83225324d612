"""A finished game's analysis as the web server runs it: in its worker process, a few decisions
per call, so the server hears the progress between calls (epochal/server/analysis.py).

These functions take and return plain values, and live outside the server package so that a
process started with ``spawn`` imports only the engine, the agents and this module. Each
decision is ``analysis.evaluate``'s, with the same seed and iteration budget as ``epochal analyse
RECORD --budget N`` (the numbers are the same), stored without the action words of one
language: each option carries its words in every language the game speaks, so a page is
answered in its own language without searching again.
"""

from __future__ import annotations

import msgspec

from epochal.engine import Record, get_game
from epochal.engine.locale import action_words

from .analysis import _states_at, decision_indices, evaluate

SEED = 1  # the analysis's seed: ``epochal analyse``'s default


def decisions_of(record_json: bytes, data: str | None) -> list[int]:
    """The indices of the record's decisions (actions of a seat with more than one choice)."""
    record = msgspec.json.decode(record_json, type=Record)
    return decision_indices(record, get_game(record.game, data))


def evaluate_decisions(
    record_json: bytes, data: str | None, indices: list[int], iterations: int, langs: list[str]
) -> list[dict]:
    """Decisions ``indices`` (ascending) of the record, each with its options' words in ``langs``:
    ``{index, seat, iterations, taken, best, win_before, win_after, loss, judgement, options:
    [{action, texts: {lang: words}, visits, win, score}]}``, options most visited first."""
    record = msgspec.json.decode(record_json, type=Record)
    game = get_game(record.game, data)  # loaded once per process and kept
    out = []
    for index, state in _states_at(record, game, indices):
        seat, taken = record.actions[index]
        found = evaluate(game, state, seat, index, taken, (iterations, None), SEED, langs[0], record.seats)
        options = [
            {
                "action": o.action,
                "texts": {lang: action_words(game, state, seat, o.action, lang, record.seats) for lang in langs},
                "visits": o.visits,
                "win": o.win,
                "score": o.score,
            }
            for o in found.options
        ]
        out.append(
            {
                "index": found.index,
                "seat": found.seat,
                "iterations": found.iterations,
                "taken": found.taken,
                "best": found.best,
                "win_before": found.win_before,
                "win_after": found.win_after,
                "loss": found.loss,
                "judgement": found.judgement,
                "options": options,
            }
        )
    return out
