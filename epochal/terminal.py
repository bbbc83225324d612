"""The terminal game: one human seat against bots, choosing legal actions by number. The legal
actions and the events read in the chosen language (the game's locale templates)."""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console

from epochal.agents import make_agent
from epochal.engine import Game, new_record, visible
from epochal.engine.locale import action_words, render

# How the human's seat is named in the texts, per language (the bots go by their agent's name).
YOU = {"en": "seat {n} (you)", "ru": "место {n} (вы)", "hu": "{n}. hely (te)"}


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
    lang: str = "en",
) -> list[int]:
    """Play one game; returns the final totals. ``input_fn`` lets tests type for the human;
    ``lang`` is the language of the action list and the events."""
    seed = random.randrange(2**31) if seed is None else seed
    state = game.new(players, seed, options)
    you = YOU.get(lang, YOU["en"])
    names = [(you.format(n=s) if s == seat else f"{vs} {s}") for s in range(players)]
    record = new_record(game, state, seed, names)
    bots = {s: make_agent(vs, game, seed + s) for s in range(players) if s != seat}
    console.print(f"[bold]{game.title}[/bold], {players} players, seed {seed}. Card data: {game.data_status()}")
    while not state.over:
        for actor in game.actors(state):
            if actor not in game.actors(state):
                continue
            if actor == seat:
                action = _ask(game, state, seat, console, input_fn, lang, names)
            else:
                action = bots[actor].choose(game, state, actor)
            events = game.apply(state, actor, action)
            record.actions.append((actor, action))
            for ev in visible(events, seat):
                console.print("  " + render(game.name, ev, lang, names, game.display_name), markup=False)
    scores = game.scores(state)
    for s, sc in enumerate(scores):
        console.print(f"{names[s]:>14}: {sc.total:4d}  {sc.breakdown}")
    record.scores = [sc.total for sc in scores]
    if save:
        save.write_bytes(record.to_json())
        console.print(f"record saved to {save}")
    return record.scores


def _ask(game: Game, state, seat: int, console: Console, input_fn, lang: str, names: list[str]) -> int:
    view = game.view(state, seat)
    board = game.board_lines(view)
    if board:
        console.print()
        for line in board:
            console.print(line, markup=False)
    else:
        _summary(view, seat, console)
    legal = [item["id"] for item in view["legal"]]
    for n, action in enumerate(legal, 1):
        console.print(f"  {n:2d}. {action_words(game, state, seat, action, lang, names)}", markup=False)
    while True:
        answer = input_fn(f"choose 1-{len(legal)}: ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
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
