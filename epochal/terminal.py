"""The terminal game: one human seat against bots, choosing legal actions by number, drawn with
Rich in the chosen language. It shows what the web page shows, from the same words: the board
as panels (``Game.board_panels``, drawn again when another seat has moved), the prompt of the
decision and the card it is for, every legal action with the text of the card it acts on, the
things the seat cannot do now and why (with the rule and its summary), the game log, and the
final scores."""

from __future__ import annotations

import random
from pathlib import Path

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from epochal.agents import make_agent
from epochal.engine import Game, new_record, visible
from epochal.engine.locale import (
    action_words,
    cards_by_id,
    prompt_words,
    render,
    rules_summary,
    ui_strings,
    why_not_words,
)

# The terminal's own words, per language (a game's words come from its locale files).
WORDS = {
    "en": {
        "you": "{name} (you)",
        "seat": "Player {n}",
        "players": "{n} players",
        "seed": "seed {seed}",
        "provisional": "Provisional card data: some cards are stand-ins until checked against the printed game.",
        "choose": "choose 1-{n}: ",
        "again": "please type a number from 1 to {n}",
        "cannot": "Not possible now",
        "options": "Your options",
        "scores": "Final scores",
        "total": "Total",
        "saved": "record saved to {path}",
        "turn": "Your turn",
    },
    "ru": {
        "you": "{name} (вы)",
        "seat": "Игрок {n}",
        "players": "игроков: {n}",
        "seed": "зерно {seed}",
        "provisional": "Предварительные данные карт: часть карт — заменители, пока их не сверили с печатной игрой.",
        "choose": "выберите 1-{n}: ",
        "again": "введите число от 1 до {n}",
        "cannot": "Сейчас нельзя",
        "options": "Ваши варианты",
        "scores": "Итоговый счёт",
        "total": "Итого",
        "saved": "запись сохранена: {path}",
        "turn": "Ваш ход",
    },
    "hu": {
        "you": "{name} (te)",
        "seat": "{n}. játékos",
        "players": "{n} játékos",
        "seed": "mag {seed}",
        "provisional": "Ideiglenes kártyaadatok: néhány kártya helyettesítő, "
        "amíg a nyomtatott játékkal össze nem vetik.",
        "choose": "válassz 1-{n}: ",
        "again": "írj be egy számot 1 és {n} között",
        "cannot": "Most nem lehet",
        "options": "Lehetőségeid",
        "scores": "Végeredmény",
        "total": "Összesen",
        "saved": "a játszma mentve: {path}",
        "turn": "Te következel",
    },
}


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
    ``lang`` is the language of everything shown."""
    words = WORDS.get(lang, WORDS["en"])
    seed = random.randrange(2**31) if seed is None else seed
    state = game.new(players, seed, options)
    # "Player 2 (heuristic)": the seat's number as the board panels name it, and who plays it.
    names = [
        words["you"].format(name=words["seat"].format(n=s + 1))
        if s == seat
        else f"{words['seat'].format(n=s + 1)} ({vs})"
        for s in range(players)
    ]
    record = new_record(game, state, seed, names)
    bots = {s: make_agent(vs, game, seed + s) for s in range(players) if s != seat}
    title = ui_strings(game.name, lang).get("title", game.title)
    console.rule(f"[bold]{title}[/bold]")
    console.print(f"{words['players'].format(n=players)}, {words['seed'].format(seed=seed)}", markup=False)
    status = game.data_status().split(":")[0]
    if status == "provisional":
        console.print(words["provisional"], style="yellow", markup=False)
    others_moved = True  # the board is drawn again only when someone else has moved since
    while not state.over:
        for actor in game.actors(state):
            if actor not in game.actors(state):
                continue
            if actor == seat:
                if others_moved:
                    for panel in game.board_panels(state, seat, lang):
                        console.print(_panel(panel))
                others_moved = False
                action = _ask(game, state, seat, console, input_fn, lang, names)
            else:
                others_moved = True
                action = bots[actor].choose(game, state, actor)
            events = game.apply(state, actor, action)
            record.actions.append((actor, action))
            for ev in visible(events, seat):
                console.print("  " + render(game.name, ev, lang, names, game.display_name), markup=False)
    scores = game.scores(state)
    console.print(_scores(game, scores, names, lang))
    record.scores = [sc.total for sc in scores]
    if save:
        save.write_bytes(record.to_json())
        console.print(words["saved"].format(path=save), markup=False)
    return record.scores


def _ask(game: Game, state, seat: int, console: Console, input_fn, lang: str, names: list[str]) -> int:
    words = WORDS.get(lang, WORDS["en"])
    cards = cards_by_id(game, lang)
    prompt = prompt_words(game, state, seat, lang, names)
    head = Text(f"{words['turn']} — {prompt['text'] if prompt else ''}", style="bold cyan")
    parts: list = [head]
    if prompt and prompt.get("card") in cards:
        parts.append(_card(cards[prompt["card"]]))
    legal = game.legal(state, seat)
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(justify="right")
    table.add_column()
    for n, action in enumerate(legal, 1):
        card = game.describe_action(state, seat, action).get("card")
        text = Text(action_words(game, state, seat, action, lang, names))
        if isinstance(card, str) and card in cards and cards[card]["text"]:
            text.append("  — " + " · ".join(cards[card]["text"]), style="dim")
        table.add_row(f"{n:2d}.", text)
    parts.append(table)
    why = why_not_words(game, state, seat, lang, names)
    if why:
        summary = rules_summary(game.name, lang)
        notes = Table(show_header=False, box=None, padding=(0, 1), title=words["cannot"], title_justify="left")
        for item in why:
            what = cards[item["card"]]["name"] + ": " if item.get("card") in cards else ""
            rule = f" — {item['rule']}: {summary[item['rule']]}" if item.get("rule") in summary else ""
            notes.add_row("⊘", Text(what + item["text"]), Text(rule, style="dim"))
        parts.append(notes)
    console.print()
    console.print(Panel(Group(*parts), title=words["options"], title_align="left", border_style="cyan"))
    while True:
        answer = input_fn(words["choose"].format(n=len(legal))).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        console.print("  " + words["again"].format(n=len(legal)), markup=False)


def _card(card: dict) -> Panel:
    return Panel(Text("\n".join(card["text"])), title=card["name"], title_align="left", expand=False)


def _panel(panel: dict) -> Panel | Table:
    """A panel of ``Game.board_panels``: a title and rows of cells (the first row the header
    when ``header`` is set)."""
    rows = panel.get("rows", [])
    table = Table(show_header=bool(panel.get("header")), box=None, padding=(0, 1))
    width = max((len(r) for r in rows), default=0)
    header = rows[0] if panel.get("header") and rows else None
    for i in range(width):
        table.add_column(header[i] if header and i < len(header) else "")
    for row in rows[1:] if header else rows:
        table.add_row(*[str(cell) for cell in row])
    return Panel(table, title=panel.get("title"), title_align="left")


def _scores(game: Game, scores, names: list[str], lang: str) -> Table:
    words = WORDS.get(lang, WORDS["en"])
    ui = ui_strings(game.name, lang)
    table = Table(title=words["scores"])
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right")
    keys = [k for k in scores[0].breakdown] if scores else []
    for key in keys:
        table.add_row(ui.get(f"score.{key}", key), *[str(sc.breakdown.get(key, 0)) for sc in scores])
    table.add_row(f"[bold]{words['total']}[/bold]", *[f"[bold]{sc.total}[/bold]" for sc in scores])
    return table
