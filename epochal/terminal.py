"""The terminal game: one human seat against bots, choosing legal actions by number."""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console

from epochal.agents import make_agent
from epochal.engine import Game, new_record, visible
from epochal.engine.locale import render


def play_terminal(
    game: Game,
    players: int,
    seat: int,
    vs: str,
    seed: int | None,
    options: dict,
    save: Path | None,
    console: Console,
    input_fn=input,
) -> list[int]:
    """Play one game; returns the final totals. ``input_fn`` lets tests type for the human."""
    seed = random.randrange(2**31) if seed is None else seed
    state = game.new(players, seed, options)
    names = [(f"seat {s} (you)" if s == seat else f"{vs} {s}") for s in range(players)]
    record = new_record(game, state, seed, names)
    bots = {s: make_agent(vs, game, seed + s) for s in range(players) if s != seat}
    console.print(f"[bold]{game.title}[/bold], {players} players, seed {seed}. Card data: {game.data_status()}")
    while not state.over:
        for actor in game.actors(state):
            if actor not in game.actors(state):
                continue
            if actor == seat:
                action = _ask(game, state, seat, console, input_fn)
            else:
                action = bots[actor].choose(game, state, actor)
            events = game.apply(state, actor, action)
            record.actions.append((actor, action))
            for ev in visible(events, seat):
                console.print("  " + render(game.name, ev, "en", names, game.display_name), markup=False)
    scores = game.scores(state)
    for s, sc in enumerate(scores):
        console.print(f"{names[s]:>14}: {sc.total:4d}  {sc.breakdown}")
    record.scores = [sc.total for sc in scores]
    if save:
        save.write_bytes(record.to_json())
        console.print(f"record saved to {save}")
    return record.scores


def _ask(game: Game, state, seat: int, console: Console, input_fn) -> int:
    view = game.view(state, seat)
    board = game.board_lines(view)
    if board:
        console.print()
        for line in board:
            console.print(line, markup=False)
    else:
        _summary(view, seat, console)
    legal = view["legal"]
    for n, item in enumerate(legal, 1):
        console.print(f"  {n:2d}. {item['text']}", markup=False)
    while True:
        answer = input_fn(f"choose 1-{len(legal)}: ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]["id"]
        console.print(f"  please type a number from 1 to {len(legal)}")


def _summary(view: dict, seat: int, console: Console) -> None:
    me = view["seats"][seat]
    where = "  ".join(f"{k} {view[k]}" for k in ("epoch", "step", "round", "phase") if k in view)
    facts = "  ".join(
        f"{k} {v}" for k, v in me.items() if k not in ("seat", "hand") and isinstance(v, (int, str)) and v != ""
    )
    console.print(f"\n[bold]{where}[/bold]", markup=True)
    console.print(f"  {facts}", markup=False)
    for key in ("tracks",):
        if key in me:
            console.print(f"  {key}: {me[key]}", markup=False)
    if me.get("hand"):
        console.print(f"  your hand: {', '.join(me['hand'])}", markup=False)
