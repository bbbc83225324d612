"""The ``epochal`` command: list games, simulate, benchmark, replay, play in the terminal.

Bad input never shows a traceback: it prints one ``error:`` line and exits with code 2. Files
are read with a size cap (``datafile.MAX_BYTES``, 16 MiB) and only when they are regular files,
so a device or a pipe named as a record or a data file is refused at once.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypedDict

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from typer._click.exceptions import NoArgsIsHelpError  # typer does not re-export it

from epochal import datafile, extras
from epochal.engine import IllegalAction, OptionError, RecordError, game_names, game_package, get_game, load_record
from epochal.engine import replay as replay_record
from epochal.problems import KERNEL, Problems

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Epochal: civilization-building card games to play, simulate and study.",
)
cards_app = typer.Typer(no_args_is_help=True, help="Card data: validate an owner's data file.")
app.add_typer(cards_app, name="cards")

out = Console()
err = Console(stderr=True)


class UsageError(Exception):
    """Bad input from the command line: one line, exit code 2."""


def _game(name: str, data: Path | None):
    if data is not None:  # a regular file (or directory of them), size-capped
        datafile.check_source(data, UsageError)
    try:
        return get_game(name, str(data) if data else None)
    except (OptionError, ValueError) as exc:
        raise UsageError(str(exc)) from None


def _check_lang(game_name: str, lang: str) -> None:
    from epochal.engine.locale import LANGUAGES, templates

    langs = [code for code in LANGUAGES if templates(game_name, code)]
    if lang not in langs:
        raise UsageError(f"--lang {lang!r} is not available for {game_name} (languages: {', '.join(langs)})")


SHOWN_NAME = 40  # characters of a seat name the text output prints


def _load_record(path: Path):
    """A game record from ``path``: a regular file of at most 16 MiB, parsed."""
    try:
        return load_record(path)
    except RecordError as exc:
        raise UsageError(str(exc)) from None


def _shown(name: str) -> str:
    return name if len(name) <= SHOWN_NAME else name[: SHOWN_NAME - 1] + "…"


def _writable_dir(path: Path, flag: str) -> None:
    """Create ``path`` if needed; refuse it now, not after the games, if it cannot be written."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(f"{flag} {path}: exists and is not a directory") from None
    except OSError as exc:
        raise UsageError(f"{flag} {path}: cannot create the directory: {exc.strerror or exc}") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise UsageError(f"{flag} {path}: the directory is not writable")


def _writable_file(path: Path, flag: str) -> None:
    """Refuse now a file the command would write at its end and could not."""
    if path.is_dir():
        raise UsageError(f"{flag} {path}: is a directory")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"{flag} {path}: no directory {parent}")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"{flag} {path}: not writable")


def _options(game, players: int, pairs: list[str]) -> dict:
    known = {o.name: o for o in game.options}
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise UsageError(f"--option wants NAME=VALUE, got {pair!r}")
        choices = {str(c): c for c in known[key].choices} if key in known else {}
        options[key] = choices.get(value, value)
    try:
        return game.configure(players, options)
    except OptionError as exc:
        raise UsageError(str(exc)) from None


def _check_count(name: str, value: int, low: int = 1) -> None:
    if value < low:
        raise UsageError(f"{name} must be at least {low}, not {value}")


def _emit_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


PLAYERS = typer.Option(..., "--players", "-p", help="Number of players.")
DATA = typer.Option(None, "--data", help="Card data file to play with instead of the built-in one.")
OPTION = typer.Option([], "--option", "-o", help="Rules option NAME=VALUE (see `epochal games`).")


class _OptionRow(TypedDict):
    choices: list[Any]
    default: Any
    help: str


class _GameRow(TypedDict):
    name: str
    title: str
    players: list[int]  # fewest, most
    options: dict[str, _OptionRow]
    data: str


@app.command()
def games(as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout.")):
    """The registered games: player counts, options, card data status."""
    rows: list[_GameRow] = []
    for name in game_names():
        game = get_game(name)
        rows.append(
            {
                "name": name,
                "title": game.title,
                "players": [game.min_players, game.max_players],
                "options": {
                    o.name: {"choices": list(o.choices), "default": o.default, "help": o.help} for o in game.options
                },
                "data": game.data_status(),
            }
        )
    if as_json:
        _emit_json({"games": rows})
        return
    table = Table(title="Epochal games")
    for col in ("game", "players", "options (default first)", "card data"):
        table.add_column(col, overflow="fold")
    for r in rows:

        def choices(v: _OptionRow) -> str:
            values = [v["default"]] + [c for c in v["choices"] if c != v["default"]]
            return "|".join(map(str, values if len(values) <= 4 else values[:3] + ["…"]))

        opts = "\n".join(f"{k}: {choices(v)}" for k, v in r["options"].items())
        table.add_row(f"{r['name']}\n{r['title']}", f"{r['players'][0]}-{r['players'][1]}", opts, r["data"])
    out.print(table)


@app.command()
def simulate(
    game_name: str = typer.Argument(..., metavar="GAME"),
    players: int = PLAYERS,
    games_: int = typer.Option(100, "--games", "-n", help="Games to play."),
    seed: int = typer.Option(1, "--seed", help="Seed of the series."),
    agents: str | None = typer.Option(None, "--agents", help="Agents per seat, e.g. heuristic,random,random."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
    save_records: Path | None = typer.Option(None, "--save-records", help="Write every game's record to DIR."),
    option: list[str] = OPTION,
    data: Path | None = DATA,
):
    """Play GAMES games between agents and report wins, scores, speed and errors."""
    from epochal.agents import parse_agents
    from epochal.sim.simulate import simulate as run

    game = _game(game_name, data)
    _check_count("--games", games_)
    options = _options(game, players, option)
    try:
        names = parse_agents(agents, game, players)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    if save_records is not None:
        _writable_dir(save_records, "--save-records")
    with _progress(games_, f"{game_name} x{players}") as tick:
        try:
            report = run(game, players, games_, seed, names, options, save_records, tick)
        except OSError as exc:  # the disk filled up, the directory went away ...
            raise UsageError(f"--save-records {save_records}: cannot write: {exc.strerror or exc}") from None
    if as_json:
        _emit_json(report)
        return
    table = Table(title=f"{game.title}: {games_} games, {players} players, seed {seed}")
    for col in ("seat", "agent", "wins", "win rate", "mean score"):
        table.add_column(col)
    for s in range(players):
        table.add_row(
            str(s), names[s], str(report["wins"][s]), str(report["win_rate"][s]), str(report["mean_scores"][s])
        )
    out.print(table)
    out.print(
        f"{report['decisions']} decisions in {report['seconds']} s "
        f"({report['decisions_per_second']}/s), errors: {report['errors']}"
    )
    if report.get("first_error"):
        out.print(report["first_error"]["error"])


class _progress:
    """A Rich progress bar on stderr when stderr is a terminal; silent otherwise."""

    def __init__(self, total: int, label: str):
        self.total, self.label = total, label
        self.bar: Progress | None = None

    def __enter__(self) -> Callable[..., None] | None:
        if not err.is_terminal:
            return None
        bar = self.bar = Progress(
            TextColumn(self.label),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        )
        bar.start()
        task = bar.add_task(self.label, total=self.total)
        # done, and the total when it is known only once the work has started
        return lambda done, total=None: bar.update(task, completed=done, total=total)

    def __exit__(self, *exc):
        if self.bar:
            self.bar.stop()


@app.command()
def bench(
    game_name: str = typer.Argument(..., metavar="GAME"),
    players: int = typer.Option(3, "--players", "-p", help="Number of players."),
    seconds: float = typer.Option(5.0, "--seconds", help="How long to measure."),
    seed: int = typer.Option(1, "--seed"),
    agent: str = typer.Option(
        "random", "--agent", help="random: engine throughput; ismcts[:BUDGET]: search iterations per second."
    ),
    as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
    option: list[str] = OPTION,
    data: Path | None = DATA,
):
    """Engine throughput (decisions/s, clone/apply/legal µs), or ISMCTS iterations per second."""
    from epochal.sim.bench import bench as run
    from epochal.sim.bench import bench_search

    game = _game(game_name, data)
    options = _options(game, players, option)
    if seconds <= 0:
        raise UsageError(f"--seconds must be positive, not {seconds}")
    if agent == "random":
        report = run(game, players, seconds, seed, options)
    elif agent.split(":")[0] == "ismcts":
        try:
            report = bench_search(game, players, seconds, seed, options, agent)
        except OptionError as exc:
            raise UsageError(str(exc)) from None
    else:
        raise UsageError(f"--agent must be random or ismcts[:BUDGET], not {agent!r}")
    if as_json:
        _emit_json(report)
        return
    steps: tuple[str, ...] = ()
    if agent == "random":
        steps = ("decisions", "automatic", "total")
        # real choices, the single-answer decisions the engine answered itself, and both
        table = Table(title=f"{game.title}: {players} players, {report['games']} games in {report['seconds']} s")
        for col in ("", "count", "per second"):
            table.add_column(col, justify="right" if col else "left")
        for key, label in zip(steps, ("real choices", "automatic (single answer)", "total"), strict=True):
            table.add_row(label, f"{report[key]:,}", f"{report[key + '_per_second']:,.0f}")
        out.print(table)
    for key, value in report.items():
        if key.removesuffix("_per_second") not in steps:
            out.print(f"{key:>22}: {value}")


@app.command()
def tournament(
    game_name: str = typer.Argument(..., metavar="GAME"),
    players: int = PLAYERS,
    agents: str = typer.Option(..., "--agents", help="One agent per seat, e.g. ismcts:200ms,heuristic,random."),
    games_: int = typer.Option(100, "--games", "-n"),
    workers: int = typer.Option(1, "--workers", "-w", help="Parallel worker processes (or Ray CPUs)."),
    backend: str = typer.Option("process", "--backend", help="process or ray."),
    seed: int = typer.Option(1, "--seed"),
    out_dir: Path | None = typer.Option(None, "--out", help="Write tournament.json and report.html here."),
    as_json: bool = typer.Option(False, "--json", help="The statistics as one JSON object on stdout."),
    option: list[str] = OPTION,
    data: Path | None = DATA,
):
    """Agents rotated over seats; win rates with 95% intervals, ratings, an HTML report."""
    from epochal.agents import parse_agents
    from epochal.sim.report import write_report
    from epochal.sim.tournament import run_tournament

    game = _game(game_name, data)
    _check_count("--games", games_)
    _check_count("--workers", workers)
    if backend not in ("process", "ray"):
        raise UsageError(f"--backend must be process or ray, not {backend!r}")
    if backend == "ray":
        extras.require("ray", "lab", "--backend ray")
    if out_dir is not None:
        extras.require("matplotlib", "lab", "--out (the report's plots)")
    options = _options(game, players, option)
    try:
        names = parse_agents(agents, game, players)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    if out_dir is not None:
        _writable_dir(out_dir, "--out")
    with _progress(games_, f"{game_name} tournament") as tick:
        result = run_tournament(
            game_name, players, names, games_, seed, workers, backend, options, str(data) if data else None, tick
        )
    stats = result["stats"]
    if out_dir is not None:
        json_path, html_path = write_report(result, out_dir)
        err.print(f"wrote {json_path} and {html_path}")
    if as_json:
        _emit_json({k: v for k, v in result.items() if k != "matches"})
        return
    table = Table(title=f"{game.title}: {games_} games, {players} players")
    for col in ("agent", "seats", "win rate", "95% CI", "mean score", "rating"):
        table.add_column(col)
    for name, r in stats["per_agent"].items():
        table.add_row(
            name,
            str(r["games"]),
            str(r["win_rate"]),
            f"{r['ci95'][0]}-{r['ci95'][1]}",
            str(r["mean_score"]),
            str(stats["ratings"][name]),
        )
    out.print(table)
    out.print(f"errors: {stats['errors']}")


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game record (JSON)."),
    as_json: bool = typer.Option(False, "--json"),
    data: Path | None = DATA,
):
    """Replay a record through the rules and print the final scores."""
    record = _load_record(file)
    game = _game(record.game, data)  # a bad --data is one error line, before replaying
    try:
        state = replay_record(record, str(data) if data else None)
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    scores = game.scores(state)
    result = {
        "game": record.game,
        "actions": len(record.actions),
        "scores": [s.total for s in scores],
        "breakdown": [s.breakdown for s in scores],
        "winners": game.winners(state),
    }
    if as_json:
        _emit_json(result)
        return
    for seat, (name, sc) in enumerate(zip(record.seats, scores, strict=False)):
        mark = "  winner" if seat in result["winners"] else ""
        out.print(f"seat {seat} ({_shown(name)}): {sc.total}  {sc.breakdown}{mark}", markup=False, highlight=False)


@app.command()
def analyse(
    files: list[Path] = typer.Argument(..., metavar="RECORD...", help="Game records (JSON) of finished games."),
    seat: int | None = typer.Option(None, "--seat", help="Only this seat's decisions (0-based)."),
    budget: str = typer.Option(
        "500",
        "--budget",
        help="Search per decision: iterations (500, 2000: reproducible) or a time (500ms, 2s: "
        "depends on the machine, not reproducible).",
    ),
    seed: int = typer.Option(1, "--seed", help="Seed of the searches."),
    workers: int = typer.Option(1, "--workers", "-w", help="Parallel worker processes (or Ray CPUs)."),
    backend: str = typer.Option("process", "--backend", help="process or ray."),
    lang: str = typer.Option("en", "--lang", help="Language of the action words (en, ru; hu for Hadara)."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object on stdout."),
    data: Path | None = DATA,
):
    """Evaluate every decision with ISMCTS from the deciding seat's information set: each legal
    action's win probability and expected score, the loss of the action taken against the best,
    inaccuracies, mistakes and blunders (docs/analysis.md)."""
    from epochal.sim.analysis import analyse_records, parse_analysis_budget

    try:
        parse_analysis_budget(budget)
    except ValueError as exc:
        raise UsageError(f"--budget: {exc}") from None
    _check_count("--workers", workers)
    if backend not in ("process", "ray"):
        raise UsageError(f"--backend must be process or ray, not {backend!r}")
    if backend == "ray":
        extras.require("ray", "lab", "--backend ray")
    records = [_load_record(file) for file in files]
    names = {record.game for record in records}
    if len(names) > 1:
        raise UsageError(f"the records are of different games ({', '.join(sorted(names))}); analyse each game apart")
    game = _game(records[0].game, data)  # a bad --data is one error line, before replaying
    _check_lang(game.name, lang)
    for file, record in zip(files, records, strict=True):
        if seat is not None and not 0 <= seat < len(record.seats):
            raise UsageError(f"--seat must be 0..{len(record.seats) - 1} for {file}, not {seat}")
    with _progress(1, "analysis") as tick:
        try:
            results = analyse_records(
                records,
                str(data) if data else None,
                seat,
                budget,
                seed,
                tick,
                workers,
                backend,
                lang,
            )
        except RecordError as exc:
            raise UsageError(str(exc)) from None
    if as_json:
        _emit_json(
            {"analyses": [{"file": str(file), **a.to_builtins()} for file, a in zip(files, results, strict=True)]}
        )
        return
    for file, result in zip(files, results, strict=True):
        _print_analysis(str(file), game.title, result)


def _print_analysis(file: str, title: str, result) -> None:
    from rich.text import Text

    def pct(win: float | None) -> str:
        return "-" if win is None else f"{100 * win:.1f}%"

    what = f"{result.iterations} iterations" if result.iterations is not None else f"{result.budget} (not reproducible)"
    table = Table(title=Text(f"{title}: {file} — {what} per decision, seed {result.seed}"))
    for col in ("#", "seat", "played", "best", "win before", "win after", "loss", "class"):
        wide = col in ("seat", "played", "best")
        table.add_column(col, overflow="fold", no_wrap=not wide, ratio=2 if wide else None)
    for d in result.decisions:
        table.add_row(
            str(d.index),
            Text(f"{d.seat} {_shown(result.seats[d.seat])}"),
            Text(d.taken_text),
            Text("=" if d.best == d.taken else d.best_text),
            pct(d.win_before),
            pct(d.win_after),
            pct(d.loss),
            d.judgement or "",
        )
    out.print(table)
    summary = Table(title=Text(f"{file}: per seat"))
    for col in ("seat", "decisions", "average loss", "inaccuracies", "mistakes", "blunders"):
        summary.add_column(col)
    for s in result.summary:
        summary.add_row(
            Text(f"{s.seat} ({_shown(s.name)})"),
            str(s.decisions),
            pct(s.average_loss),
            str(s.inaccuracies),
            str(s.mistakes),
            str(s.blunders),
        )
    out.print(summary)


@app.command()
def play(
    game_name: str = typer.Argument(..., metavar="GAME"),
    players: int = PLAYERS,
    seat: int = typer.Option(0, "--seat", help="Your seat."),
    vs: str = typer.Option("heuristic", "--vs", help="Agent for the other seats."),
    seed: int | None = typer.Option(None, "--seed"),
    option: list[str] = OPTION,
    data: Path | None = DATA,
    save: Path | None = typer.Option(None, "--save", help="Write the record here at the end."),
    lang: str = typer.Option("en", "--lang", help="Language of the actions and events (en, ru; hu for Hadara)."),
):
    """Play in the terminal against bots, choosing among the legal actions by number."""
    from epochal.terminal import play_terminal

    game = _game(game_name, data)
    options = _options(game, players, option)
    if not 0 <= seat < players:
        raise UsageError(f"--seat must be 0..{players - 1}, not {seat}")
    _check_lang(game.name, lang)
    if save is not None:
        _writable_file(save, "--save")
    try:
        from epochal.agents import make_agent

        make_agent(vs, game)
    except OptionError as exc:
        raise UsageError(str(exc)) from None
    play_terminal(game, players, seat, vs, seed, options, save, out, lang=lang)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on."),
    port: int = typer.Option(8000, "--port", help="TCP port."),
    database: str | None = typer.Option(
        None,
        "--database",
        help="SQLAlchemy URL; default: $EPOCHAL_DATABASE_URL, else the "
        "SQLite file epochal.sqlite in the working directory.",
    ),
    bot_delay: float = typer.Option(0.8, "--bot-delay", help="Seconds between bot moves."),
    bot_processes: int | None = typer.Option(
        None,
        "--bot-processes",
        help="Worker processes in which search bots (normal, hard) "
        "think; 0: in threads of the server process. Default: $EPOCHAL_BOT_PROCESSES, else "
        "the number of CPUs.",
    ),
    data_set: list[str] = typer.Option(
        [], "--data-set", help="Extra card data set GAME=KEY=FILE offered in the lobby (repeatable)."
    ),
    max_body: int | None = typer.Option(
        None,
        "--max-body",
        help="Largest request body and WebSocket message, in bytes. Default: $EPOCHAL_MAX_BODY, else 65536.",
    ),
    create_rate: float | None = typer.Option(
        None,
        "--create-rate",
        help="Games one client address may create per minute; 0: no limit. Default: $EPOCHAL_CREATE_RATE, else 30.",
    ),
    archive_after: float | None = typer.Option(
        None,
        "--archive-after",
        help="Days an unfinished game may go untouched before it is "
        "archived (not replayed at start-up). Default: $EPOCHAL_ARCHIVE_AFTER, else 30.",
    ),
    allowed_origin: list[str] = typer.Option(
        [],
        "--allowed-origin",
        help="An origin (https://host[:port]) besides the server's own "
        "whose pages may open WebSockets (repeatable). Default: $EPOCHAL_ALLOWED_ORIGINS, "
        "comma-separated.",
    ),
    analysis_budget: int | None = typer.Option(
        None,
        "--analysis-budget",
        help="ISMCTS iterations per decision when a finished game is sent to analysis; 0: no "
        "analysis. Default: $EPOCHAL_ANALYSIS_BUDGET, else 500.",
    ),
    log_level: str = typer.Option("info", "--log-level"),
):
    """Run the web table: lobby and games in the browser at http://HOST:PORT/."""
    import uvicorn

    from epochal.agents.base import MAX_ITERATIONS
    from epochal.server import create_app, default_bot_processes, default_database_url
    from epochal.server.app import (
        default_allowed_origins,
        default_analysis_budget,
        default_archive_after,
        default_create_rate,
        default_max_body,
    )

    if not 0 < port < 65536:
        raise UsageError(f"--port must be 1..65535, not {port}")
    try:
        max_body = default_max_body() if max_body is None else max_body
        create_rate = default_create_rate() if create_rate is None else create_rate
        archive_after = default_archive_after() if archive_after is None else archive_after
        allowed_origin = allowed_origin or default_allowed_origins()
        analysis_budget = default_analysis_budget() if analysis_budget is None else analysis_budget
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for flag, value in (("--max-body", max_body), ("--create-rate", create_rate), ("--archive-after", archive_after)):
        if not 0 <= value < float("inf"):
            raise UsageError(f"{flag} must be 0 or more, not {value}")
    for origin in allowed_origin:
        if not origin.strip().lower().startswith(("http://", "https://")):
            raise UsageError(f"--allowed-origin wants http(s)://host[:port], not {origin!r}")
    if not 0 <= analysis_budget <= MAX_ITERATIONS:
        raise UsageError(f"--analysis-budget must be 0 to {MAX_ITERATIONS}, not {analysis_budget}")
    if bot_delay < 0:
        raise UsageError(f"--bot-delay must be 0 or more, not {bot_delay}")
    if bot_processes is None:
        try:
            bot_processes = default_bot_processes()
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if bot_processes < 0:
        raise UsageError(f"--bot-processes must be 0 or more, not {bot_processes}")
    sets: dict[str, dict[str, str]] = {}
    for spec in data_set:
        parts = spec.split("=", 2)
        if len(parts) != 3 or parts[0] not in game_names() or parts[1] == "builtin":
            raise UsageError(
                f"--data-set wants GAME=KEY=FILE with a known game and a key other than 'builtin', got {spec!r}"
            )
        _game(parts[0], Path(parts[2]))  # validates the file now, not mid-game
        sets.setdefault(parts[0], {})[parts[1]] = str(Path(parts[2]).resolve())
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    url = database or default_database_url()
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        raise UsageError(f"--database: not a database URL: {url!r}") from None
    err.print(f"Epochal web table on http://{host}:{port}/  (database: {shown})")
    # No per-message compression: a view is a few kB of JSON, and deflating it for every
    # listener cost a quarter of the server's CPU under load.
    uvicorn.run(
        create_app(
            url,
            bot_delay=bot_delay,
            data_sets=sets,
            bot_processes=bot_processes,
            max_body=max_body,
            create_rate=create_rate,
            archive_after=archive_after,
            allowed_origins=allowed_origin,
            analysis_budget=analysis_budget,
        ),
        host=host,
        port=port,
        log_level=log_level,
        access_log=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        ws_per_message_deflate=False,
    )


@cards_app.command("validate")
def cards_validate(
    game_name: str = typer.Argument(..., metavar="GAME"),
    file: Path = typer.Argument(..., help="The data file to check."),
    lang: str = typer.Option("en", "--lang", help="Language of the problems (en, ru; hu for Hadara)."),
):
    """Check a card data file against every constraint the rules record."""
    if game_name not in game_names():
        raise UsageError(f"unknown game {game_name!r} (games: {', '.join(game_names())})")
    _check_lang(game_name, lang)
    catalog = Problems(game_package(game_name), KERNEL)  # the problems in --lang (epochal.problems)
    try:
        datafile.check_source(file)
        game = get_game(game_name, str(file))
    except datafile.DataError as exc:
        if lang == "en" or not exc.problems:
            raise UsageError(catalog.translate(str(exc), lang)) from None
        raise UsageError(f"{file}: " + "; ".join(catalog.translate(p, lang) for p in exc.problems)) from None
    out.print(f"{file}: valid {game_name} data ({game.data_status()})")


@cards_app.command("coverage")
def cards_coverage(game_name: str = typer.Argument(..., metavar="GAME"), as_json: bool = typer.Option(False, "--json")):
    """Per deck: cards, implemented in the engine, covered by a test."""
    from epochal.coverage import coverage

    _game(game_name, None)
    report = coverage(game_name)
    if as_json:
        _emit_json(report)
        return
    table = Table(title=f"{game_name}: card coverage")
    for col in ("deck", "cards", "implemented", "tested", "not exact"):
        table.add_column(col)
    for deck, row in report["decks"].items():
        table.add_row(
            deck, str(row["cards"]), str(row["implemented"]), str(row["tested"]), ", ".join(row["not_exact"]) or "-"
        )
    t = report["total"]
    table.add_row("total", str(t["cards"]), str(t["implemented"]), str(t["tested"]), "")
    out.print(table)
    if not report["tests_found"]:
        out.print("(no tests directory beside the package: tested counts unknown)")


@cards_app.command("gaps")
def cards_gaps(game_name: str = typer.Argument(..., metavar="GAME"), as_json: bool = typer.Option(False, "--json")):
    """Every card whose data is not established, with what is missing."""
    game = _game(game_name, None)
    gaps = game.gaps() if hasattr(game, "gaps") else []
    if as_json:
        _emit_json({"game": game_name, "gaps": gaps})
        return
    table = Table(title=f"{game_name}: card data not established ({len(gaps)})")
    table.add_column("card")
    table.add_column("missing")
    for gap in gaps:
        table.add_row(gap["id"], "; ".join(gap["missing"]))
    out.print(table)


def main() -> None:
    try:
        app(standalone_mode=False)
    except UsageError as exc:
        _fail(str(exc))
    except typer.TyperException as exc:  # a parsing error of the command line
        if isinstance(exc, NoArgsIsHelpError):
            exc.show()
            sys.exit(2)
        _fail(exc.format_message() if hasattr(exc, "format_message") else str(exc))
    except (IllegalAction, OptionError, RecordError, datafile.DataError, extras.MissingExtra) as exc:
        _fail(str(exc))
    except typer.Abort:
        err.print("aborted")
        sys.exit(130)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)


def _fail(message: str) -> None:
    err.print(f"error: {' '.join(message.split())}", markup=False, highlight=False, soft_wrap=True)
    sys.exit(2)


if __name__ == "__main__":
    main()
