"""Replays: any position of a finished game, seen from one seat exactly as that seat saw it, from
the spectators' place, or (where allowed) with every card face up.

A position is rebuilt from the record: every ``CHECKPOINT``-th state of a replay is kept, and
a step replays at most ``CHECKPOINT - 1`` actions from the one before it, so stepping through a
game of a thousand actions costs a clone and a few actions per step, not the whole game. The
last ``KEPT`` replays (a table's, or a record file's, by its content) stay in memory.

What a step answers has the shape of the table's ``hello`` message (the view, the board's data,
the seat's words and the log up to the step, each built by the same functions, words.py), so
the table's own drawing shows it.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from epochal.engine import Game, Record, State, replay_states
from epochal.engine.locale import action_words, render

from . import words

OPEN: Literal["open"] = "open"  # the viewpoint with every card face up
CHECKPOINT = 16  # every k-th position is kept; a step replays fewer than k actions
KEPT = 8  # replays kept in memory (least recently used go first)
Viewer = int | None | Literal["open"]  # a seat, a spectator (None), or every card face up


@dataclass
class Replayed:
    """A game replayed once: its record, some of its positions and each action's events."""

    game: Game
    record: Record
    names: list[str]
    kinds: list[str]
    by: list[str | None]  # who made each move when not its seat ("clock")
    checkpoints: list[State] = field(default_factory=list)  # the state after 0, k, 2k ... actions
    events: list[list[dict]] = field(default_factory=list)  # each action's events
    logs: dict[tuple[Any, str], list[dict]] = field(default_factory=dict)  # (viewer, lang) -> log
    face_up: bool = False  # the game has a face-up view (Game.open_view)

    @property
    def steps(self) -> int:
        return len(self.record.actions)

    def state(self, step: int) -> State:
        """The position after ``step`` actions (a fresh copy: the caller may change it)."""
        base = step - step % CHECKPOINT
        state = self.checkpoints[base // CHECKPOINT].clone()
        for seat, action in self.record.actions[base:step]:
            self.game.apply(state, seat, action)
        return state

    def log(self, viewer: Viewer, lang: str) -> list[dict]:
        """The whole log as ``viewer`` saw it, in ``lang`` (the entries of the table's ``hello``:
        an action whose events the viewer did not see has no entry). Face up, every event, the
        private ones with ``to``, the seats they were shown to."""
        key = (viewer, lang)
        if key not in self.logs:
            entries = []
            game, names = self.game, self.names
            for index, (events, (seat, _)) in enumerate(zip(self.events, self.record.actions, strict=True)):
                texts = (
                    [{**ev, "text": render(game.name, ev, lang, names, game.display_name)} for ev in events]
                    if viewer == OPEN
                    else words.event_texts(game, events, viewer, lang, names)
                )
                if texts:
                    entries.append({"index": index, "seat": seat, "by": self.by[index], "events": texts})
            self.logs[key] = entries
        return self.logs[key]


def build(game: Game, record: Record, kinds: list[str], by: dict[int, str], complete: bool) -> Replayed:
    """Replay ``record`` with ``game`` (RecordError on the first fault), keeping every
    ``CHECKPOINT``-th state and each action's events. Seconds for a long game: run it off the
    event loop."""
    replayed = Replayed(game, record, list(record.seats), kinds, [by.get(i) for i in range(len(record.actions))])
    for index, state in enumerate(replay_states(record, game=game, complete=complete, events=replayed.events)):
        if index % CHECKPOINT == 0:
            replayed.checkpoints.append(state.clone())
    replayed.face_up = game.open_view(replayed.checkpoints[0]) is not None
    return replayed


class Replays:
    """The replays kept in memory, least recently used first out."""

    def __init__(self, kept: int = KEPT):
        self.kept = kept
        self._cache: OrderedDict[str, Replayed] = OrderedDict()

    def get(self, key: str) -> Replayed | None:
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
        return found

    def put(self, key: str, replayed: Replayed) -> Replayed:
        self._cache[key] = replayed
        self._cache.move_to_end(key)
        while len(self._cache) > self.kept:
            self._cache.popitem(last=False)
        return replayed


def record_key(record: Record) -> str:
    """A record file's replay is found again by its content."""
    return "file:" + hashlib.sha256(msgspec.json.encode(record)).hexdigest()


def message(
    replayed: Replayed, step: int, viewer: Viewer, lang: str, open_allowed: bool, log_from: int = 0, **meta
) -> dict:
    """The position after ``step`` actions as ``viewer`` saw it, in the shape of the table's
    ``hello`` (view, ui, action_texts, prompt, why_not, log, meta) plus the replay's own parts:
    ``step``, ``steps``, ``acted`` (the seat of each action) and ``action`` (the step's action in
    words, for its own seat and face up; to the others it is what the log showed them). The log
    holds the entries of the actions ``log_from`` to ``step`` (a page that has the earlier ones
    asks only for the rest)."""
    game, names = replayed.game, replayed.names
    seat = viewer if isinstance(viewer, int) else None
    told = None  # the step's action in words, for those who knew it
    if step and (viewer == OPEN or viewer == replayed.record.actions[step - 1][0]):
        actor, action = replayed.record.actions[step - 1]
        state = replayed.state(step - 1)
        told = {"seat": actor, "text": action_words(game, state, actor, action, lang, names)}
        game.apply(state, actor, action)
    else:
        state = replayed.state(step)
    body: dict[str, Any] = {
        "type": "replay",
        "step": step,
        "steps": replayed.steps,
        "seat": seat,
        "viewpoint": viewer if viewer is not None else "spectator",
        "open_allowed": open_allowed,
        "acted": [s for s, _ in replayed.record.actions],
    }
    if viewer == OPEN:
        body["view"], body["ui"], body["action_texts"] = game.open_view(state), game.table_ui(state, None), {}
        # the seats' hidden answers to a simultaneous decision, each in words
        chosen = state.stack[-1].chosen if state.stack and not state.over else {}
        body["choices"] = [{"seat": s, "text": action_words(game, state, s, a, lang, names)} for s, a in chosen.items()]
    else:
        body["view"], body["ui"] = game.view(state, seat), game.table_ui(state, seat)
        body["action_texts"] = words.action_texts(game, state, seat, lang, names)
        body.update(words.decision_words(game, state, seat, lang, names))
    body["action"] = told
    body["log_from"] = log_from
    body["log"] = [e for e in replayed.log(viewer, lang) if log_from <= e["index"] < step]
    body["meta"] = {
        "game": game.name,
        "title": game.title,
        "seat": seat,
        "names": names,
        "kinds": replayed.kinds,
        "levels": [None] * len(names),
        "stand_ins": [None] * len(names),
        "status": "finished" if state.over else "running",
        "actors": game.actors(state),
        "lang": lang,
        "replay": True,
        **meta,
    }
    return body
