"""Event text from per-game locale templates (``games/<game>/locale/<lang>.json``).

Templates use ``{name}`` fields from the event; ``{seat}``, ``{first}`` and any ``{…_seat}`` render
as the seat's name; a card id or a game term renders as the game's ``display_name`` gives it.
An event without a template falls back to English, then to its type and arguments.
"""

from __future__ import annotations

import importlib.resources
import json
from collections.abc import Callable
from functools import cache

Label = Callable[[str, str], "str | None"]

LANGUAGES = ("en", "ru", "hu")


@cache
def templates(game: str, lang: str) -> dict[str, str]:
    try:
        text = (
            importlib.resources.files(f"epochal.games.{game}")
            .joinpath("locale", f"{lang}.json")
            .read_text(encoding="utf-8")
        )
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    return json.loads(text)


def render(game: str, ev: dict, lang: str = "en", names: list[str] | None = None, label: Label | None = None) -> str:
    def named(value):
        if label is not None and isinstance(value, str):
            return label(value, lang) or value
        if label is not None and isinstance(value, list):
            return [named(v) for v in value]
        if label is not None and isinstance(value, dict):
            return {named(k): v for k, v in value.items()}
        return value

    args = {k: _show(named(v)) for k, v in ev.items() if k not in ("type", "to")}
    for key, value in ev.items():
        if (key in ("seat", "first") or key.endswith("_seat")) and isinstance(value, int) and names:
            args[key] = names[value] if 0 <= value < len(names) else str(value)
    for table in (templates(game, lang), templates(game, "en")):
        template = table.get(ev["type"])
        if template:
            try:
                return template.format(**args)
            except (KeyError, IndexError, ValueError):
                continue
    return ev["type"] + " " + ", ".join(f"{k}={v}" for k, v in args.items())


def _show(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_show(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_show(v)}" for k, v in value.items() if v)
    return str(value)
