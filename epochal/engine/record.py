"""Game records: ``{game, version, options, seats, seed, actions}`` as JSON, and replay.

Saves, the server, undo and bug reports all use records. Replay re-applies every action
through the rules, so a record that was tampered with is caught at the first action it breaks.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from .errors import IllegalAction, OptionError, RecordError
from .game import Game, get_game
from .state import State


class Record(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    game: str
    version: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    actions: list[tuple[int, int]]  # (seat, action id)
    data: str | None = None  # the card data set (see Game.data_id)
    scores: list[int] | None = None  # final totals, checked on replay

    def to_json(self) -> bytes:
        return msgspec.json.format(msgspec.json.encode(self), indent=1)


def new_record(game: Game, state: State, seed: int, seats: list[str]) -> Record:
    return Record(
        game=game.name,
        version=game.version,
        options=dict(state.options),
        seats=list(seats),
        seed=seed,
        actions=[],
        data=game.data_id(),
    )


def load_record(path: str | Path) -> Record:
    """A record from a regular file of at most 16 MiB (``datafile.read_bytes``)."""
    from epochal.datafile import read_bytes

    return parse_record(read_bytes(path, RecordError), str(path))


def parse_record(raw: bytes | str, where: str = "record") -> Record:
    try:
        return msgspec.json.decode(raw, type=Record)
    except msgspec.ValidationError as exc:  # (a subclass of DecodeError)
        raise RecordError(f"{where}: not a game record: {exc}") from None
    except msgspec.DecodeError as exc:
        raise RecordError(f"{where}: not valid JSON (truncated or corrupt?): {exc}") from None
    except RecursionError:
        raise RecordError(f"{where}: not a game record: nested too deeply") from None


def replay_states(
    record: Record,
    data: str | None = None,
    complete: bool = True,
    game: Game | None = None,
    events: list[list[dict]] | None = None,
) -> Iterator[State]:
    """Yield the initial state and the state after every action; RecordError on the first fault.

    ``complete=False`` accepts the record of a game still in progress (the web table rebuilds
    running games this way); by default a record must reach the end of the game. ``game``: the
    game object to replay with (default: the registered game the record names). ``events``: a
    list that receives the events of each action (the replay viewer's log), one list per action.
    """
    if game is None:
        try:
            game = get_game(record.game, data)
        except OptionError as exc:
            raise RecordError(str(exc)) from None
    elif game.name != record.game:
        raise RecordError(f"the record is of {record.game}, not {game.name}")
    if record.version != game.version:
        raise RecordError(
            f"record is for {record.game} version {record.version}, this engine plays version {game.version}"
        )
    if record.data is not None and record.data != game.data_id():
        raise RecordError(f"record was played with card data {record.data}, this engine has {game.data_id()}")
    try:
        state = game.new(len(record.seats), record.seed, record.options)
    except OptionError as exc:
        raise RecordError(f"record setup: {exc}") from None
    yield state
    for index, (seat, action) in enumerate(record.actions):
        try:
            happened = game.apply(state, seat, action)
        except IllegalAction as exc:
            raise RecordError(f"action #{index} (seat {seat}, id {action}) is illegal: {exc}") from None
        if events is not None:
            events.append(happened)
        yield state
    if complete and not state.over:
        raise RecordError(f"record ends after {len(record.actions)} actions but the game is not over (truncated?)")
    if record.scores is not None:
        totals = [s.total for s in game.scores(state)]
        if totals != record.scores:
            raise RecordError(f"replayed scores {totals} differ from the recorded {record.scores}")


def replay(record: Record, data: str | None = None, complete: bool = True) -> State:
    """The last state of ``record`` (``complete=False``: the record of a running game)."""
    *_, state = replay_states(record, data, complete)
    return state
