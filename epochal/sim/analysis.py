"""Analysis of a game record: every decision evaluated by ISMCTS from the deciding seat's
information set, with the loss of the action taken against the search's best (docs/analysis.md).

A decision is an action of the record whose seat had more than one legal action. Its search
starts from the true state but reads nothing there that the seat could not see: each iteration
re-deals the hidden cards and re-seeds the state's random generator (``game.determinize``), and
the action words come from ``describe_action``, which names only what the seat may see.

For each legal action:

``win``
    the mean search reward of the iterations that began with it: the logistic of the seat's
    estimated lead over the best other seat (``agents.ismcts.rewards_of``; 12 points of lead
    read as 73%), at the end of each iteration's rollout. A win chance read from the
    estimated lead, as lichess reads one from a centipawn score; a finished game scores its
    final lead the same way.
``score``
    the mean of the seat's estimated final score (``game.estimate``) at the same moments.

The best action is the one the search visited most (the one the ISMCTS bot would play; ties
go to the higher ``win``, then to the earlier legal action). ``win_before`` is the best
action's ``win``, ``win_after`` the taken action's, and the loss their difference (never
below 0: an action the search tried less but scored higher is not held against the player).
Losses of at least 0.05, 0.10 and 0.20 mark an inaccuracy, a mistake and a blunder.

Each decision's search has its own generator, seeded with ``derive(seed, index)`` (``index``:
the action's position in the record), so an iteration budget gives the same analysis serially,
on processes or on Ray, in any order. A time budget depends on the machine's speed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import msgspec

from epochal.agents.base import MAX_ITERATIONS, MAX_SECONDS
from epochal.agents.ismcts import ISMCTSAgent, parse_budget
from epochal.engine import Game, Record, RecordError, State, get_game, replay_states
from epochal.engine.errors import OptionError
from epochal.engine.locale import action_words
from epochal.engine.rng import derive

# The least loss in win probability of each class, worst first.
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
DEFAULT_BUDGET = "500"
DIGITS = 4  # win probabilities and losses are rounded to this many decimals (scores to 2)
CHUNK = 8  # decisions per job of a parallel run: each job replays its record up to its last one


class OptionEval(msgspec.Struct):
    """One legal action of a decision, as the search saw it."""

    action: int  # the action id
    text: str  # the action in words of the analysis's language
    parts: dict[str, Any]  # ``describe_action``'s parts, for a page to word in its own language
    visits: int
    win: float | None  # None: the budget never tried it
    score: float | None


class DecisionEval(msgspec.Struct):
    """One decision: the state before action ``index`` of the record is replay step ``index``."""

    index: int  # the action's position in the record (0-based)
    seat: int
    iterations: int
    taken: int
    taken_text: str
    best: int
    best_text: str
    win_before: float  # the best action's win probability
    win_after: float | None  # the taken action's (None: never tried)
    loss: float | None
    judgement: str | None  # "inaccuracy", "mistake", "blunder" or None
    options: list[OptionEval]  # most visited first


class Point(msgspec.Struct):
    index: int
    before: float
    after: float | None


class SeatSummary(msgspec.Struct):
    seat: int
    name: str
    decisions: int
    average_loss: float | None
    inaccuracies: int
    mistakes: int
    blunders: int
    series: list[Point]  # the seat's win probability at each of its decisions, for a graph


class Analysis(msgspec.Struct):
    game: str
    version: str
    seats: list[str]
    actions: int  # the record's length
    seat: int | None  # the one seat analysed, or None: every seat
    budget: str
    iterations: int | None  # per decision, for an iteration budget
    seconds: float | None  # per decision, for a time budget
    seed: int
    deterministic: bool  # an iteration budget: the same record and seed give the same analysis
    lang: str
    thresholds: dict[str, float]
    decisions: list[DecisionEval]
    summary: list[SeatSummary]

    def to_builtins(self) -> dict:
        return msgspec.to_builtins(self)


def parse_analysis_budget(budget: str | int) -> tuple[int | None, float | None]:
    """(iterations, None) or (None, seconds) per decision; ValueError for anything else."""
    if isinstance(budget, bool):
        raise ValueError(f"a budget is an iteration count or a time, not {budget!r}")
    iterations, seconds = parse_budget(str(budget))
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:  # NaN too
        raise ValueError(f"a time budget is more than 0 and at most {MAX_SECONDS:.0f}s, not {budget!r}")
    if iterations is not None and iterations > MAX_ITERATIONS:
        raise ValueError(f"a budget is at most {MAX_ITERATIONS} iterations, not {budget!r}")
    return iterations, seconds


def judge(loss: float | None) -> str | None:
    """The class of a loss in win probability (None: no fault, or not known)."""
    if loss is None:
        return None
    for name, least in THRESHOLDS:
        if loss >= least:
            return name
    return None


def decision_indices(record: Record, game: Game, seat: int | None = None, complete: bool = True) -> list[int]:
    """The actions of ``record`` to evaluate: those of a seat with more than one legal action
    (only ``seat``'s when given). Replays the whole record: RecordError on any fault."""
    out = []
    for index, state in enumerate(replay_states(record, complete=complete, game=game)):
        if index < len(record.actions):
            actor = record.actions[index][0]
            if (seat is None or actor == seat) and len(game.legal(state, actor)) > 1:
                out.append(index)
    return out


def evaluate(
    game: Game,
    state: State,
    seat: int,
    index: int,
    taken: int,
    budget: tuple[int | None, float | None],
    seed: int,
    lang: str = "en",
    names: list[str] | None = None,
) -> DecisionEval:
    """Search ``seat``'s decision in ``state`` (the state before action ``index``, ``taken``)."""
    iterations, seconds = budget
    searcher = ISMCTSAgent(iterations, seconds, seed=derive(seed, index))
    root = searcher.search(game, state, seat)
    stats = []
    for order, action in enumerate(game.legal(state, seat)):
        child = root.children.get(action)
        visits = child.visits if child else 0
        means = root.means(action)  # with Imperium's prior knowledge (agents.ismcts.Root)
        win = round(means[0], DIGITS) if means else None
        score = round(means[1], 2) if means else None
        stats.append((visits, -1.0 if win is None else win, -order, action, win, score))
    stats.sort(reverse=True)  # most visited first, then the higher win, then the earlier legal action
    options = [
        OptionEval(
            action=action,
            text=action_words(game, state, seat, action, lang, names),
            parts=game.describe_action(state, seat, action),
            visits=visits,
            win=win,
            score=score,
        )
        for visits, _, _, action, win, score in stats
    ]
    best = options[0]
    chosen = next(o for o in options if o.action == taken)
    assert best.win is not None  # at least one iteration ran, and it tried a legal action
    loss = None if chosen.win is None else round(max(0.0, best.win - chosen.win), DIGITS)
    return DecisionEval(
        index=index,
        seat=seat,
        iterations=searcher.last_iterations,
        taken=taken,
        taken_text=chosen.text,
        best=best.action,
        best_text=best.text,
        win_before=best.win,
        win_after=chosen.win,
        loss=loss,
        judgement=judge(loss),
        options=options,
    )


def _states_at(record: Record, game: Game, indices: Iterable[int]) -> Iterator[tuple[int, State]]:
    """The state before each of ``indices`` (ascending), replaying no further than the last."""
    wanted = sorted(indices)
    if not wanted:
        return
    pending = iter(wanted)
    target: int | None = next(pending)
    for index, state in enumerate(replay_states(record, complete=False, game=game)):
        if index == target:
            yield index, state
            target = next(pending, None)
            if target is None:
                return


def evaluate_chunk(
    record_json: bytes,
    data: str | None,
    indices: list[int],
    budget: tuple[int | None, float | None],
    seed: int,
    lang: str,
) -> list[dict]:
    """Decisions ``indices`` of a record (runs in a worker process or a Ray task)."""
    record = msgspec.json.decode(record_json, type=Record)
    game = get_game(record.game, data)
    out = []
    for index, state in _states_at(record, game, indices):
        seat, taken = record.actions[index]
        out.append(msgspec.to_builtins(evaluate(game, state, seat, index, taken, budget, seed, lang, record.seats)))
    return out


def summarise(record: Record, decisions: list[DecisionEval], seat: int | None) -> list[SeatSummary]:
    seats = range(len(record.seats)) if seat is None else [seat]
    out = []
    for s in seats:
        mine = [d for d in decisions if d.seat == s]
        losses = [d.loss for d in mine if d.loss is not None]
        counts = {name: sum(1 for d in mine if d.judgement == name) for name, _ in THRESHOLDS}
        out.append(
            SeatSummary(
                seat=s,
                name=record.seats[s],
                decisions=len(mine),
                average_loss=round(sum(losses) / len(losses), DIGITS) if losses else None,
                inaccuracies=counts["inaccuracy"],
                mistakes=counts["mistake"],
                blunders=counts["blunder"],
                series=[Point(index=d.index, before=d.win_before, after=d.win_after) for d in mine],
            )
        )
    return out


class _Job(msgspec.Struct):
    record: int  # which record of the batch
    indices: list[int]


def analyse_records(
    records: list[Record],
    data: str | None = None,
    seat: int | None = None,
    budget: str | int = DEFAULT_BUDGET,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
    backend: str = "process",
    lang: str = "en",
    complete: bool = True,
    game: Game | None = None,
) -> list[Analysis]:
    """Analyse several records in one pool of workers; see ``analyse_record``."""
    iterations, seconds = parse_analysis_budget(budget)
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if backend not in ("process", "ray"):
        raise ValueError(f"the backend is process or ray, not {backend!r}")
    games, wanted = [], []
    for record in records:
        g = game if game is not None and game.name == record.game else _game_of(record, data)
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < len(record.seats)):
            raise OptionError(f"seat must be 0..{len(record.seats) - 1} for this record, not {seat!r}")
        games.append(g)
        wanted.append(decision_indices(record, g, seat, complete))
    total = sum(map(len, wanted))
    results: list[dict[int, DecisionEval]] = [{} for _ in records]

    def collect(r: int, found: list[dict]) -> None:
        for d in found:
            e = msgspec.convert(d, DecisionEval)
            results[r][e.index] = e
        if progress:
            progress(sum(map(len, results)), total)

    parallel = backend == "ray" or workers > 1
    if not parallel:
        for r, (record, g) in enumerate(zip(records, games, strict=True)):
            for index, state in _states_at(record, g, wanted[r]):
                actor, taken = record.actions[index]
                e = evaluate(g, state, actor, index, taken, (iterations, seconds), seed, lang, record.seats)
                collect(r, [msgspec.to_builtins(e)])
    else:
        jobs = [
            _Job(record=r, indices=indices[i : i + CHUNK])
            for r, indices in enumerate(wanted)
            for i in range(0, len(indices), CHUNK)
        ]
        encoded = [msgspec.json.encode(record) for record in records]
        args = [(encoded[j.record], data, j.indices, (iterations, seconds), seed, lang) for j in jobs]
        if backend == "ray":
            from epochal.sim.tournament import run_ray

            run_ray(
                [(j.record, *a) for j, a in zip(jobs, args, strict=True)],
                workers,
                lambda out: collect(out[0], out[1]),
                task=_tagged_chunk,
            )
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(evaluate_chunk, *a): j.record for j, a in zip(jobs, args, strict=True)}
                for future in as_completed(futures):
                    collect(futures[future], future.result())
    return [
        _analysis(record, g, seat, str(budget), iterations, seconds, seed, lang, [found[i] for i in sorted(found)])
        for record, g, found in zip(records, games, results, strict=True)
    ]


def _tagged_chunk(r: int, *args) -> tuple[int, list[dict]]:
    return r, evaluate_chunk(*args)


def _game_of(record: Record, data: str | None) -> Game:
    try:
        return get_game(record.game, data)
    except OptionError as exc:
        raise RecordError(str(exc)) from None


def _analysis(record, game, seat, budget, iterations, seconds, seed, lang, decisions) -> Analysis:
    return Analysis(
        game=record.game,
        version=game.version,
        seats=list(record.seats),
        actions=len(record.actions),
        seat=seat,
        budget=budget.strip(),
        iterations=iterations,
        seconds=seconds,
        seed=seed,
        deterministic=iterations is not None,
        lang=lang,
        thresholds={name: least for name, least in THRESHOLDS},
        decisions=decisions,
        summary=summarise(record, decisions, seat),
    )


def analyse_record(
    record: Record,
    game: Game | None = None,
    seat: int | None = None,
    budget: str | int = DEFAULT_BUDGET,
    seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
    backend: str = "process",
    lang: str = "en",
    data: str | None = None,
    complete: bool = True,
) -> Analysis:
    """Evaluate every decision of ``record`` (only ``seat``'s when given) with ISMCTS.

    ``game``: the game object to replay with (default: the registered game the record names,
    bound to the card data file ``data``; worker processes always use ``get_game(record.game,
    data)``). ``budget``: per decision, an iteration count (``500``, ``"2000"``) or a time
    (``"500ms"``, ``"2s"``), which is not reproducible. ``progress(done, total)`` is called
    after each decision (after each chunk of ``CHUNK`` decisions in parallel). ``workers`` > 1
    evaluates decisions on that many processes, ``backend="ray"`` on Ray (the ``lab`` extra).
    ``complete=False`` accepts the record of an unfinished game.

    Raises RecordError for a record that does not replay (another engine version, an illegal
    or missing action), OptionError for a bad seat, ValueError for a bad budget, workers or
    backend, ``extras.MissingExtra`` for Ray when it is not installed.
    """
    return analyse_records([record], data, seat, budget, seed, progress, workers, backend, lang, complete, game=game)[0]
