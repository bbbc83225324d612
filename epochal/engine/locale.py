"""Event text from per-game locale templates (``locale/<lang>.json`` in the game's package), and
the words of the game's web table (``locale/ui.<lang>.json``).

Templates use ``{name}`` fields from the event; ``{seat}``, ``{first}`` and any ``{…_seat}`` render
as the seat's name; a card id or a game term renders as the game's ``display_name`` gives it.
An event without a template falls back to English, then to its type and arguments.
"""

from __future__ import annotations

import importlib.resources
import json
from collections.abc import Callable
from functools import cache

from .errors import OptionError
from .game import game_package

Label = Callable[[str, str], "str | None"]

LANGUAGES = ("en", "ru", "hu")


def _read(game: str, name: str) -> dict:
    """A JSON file of the game's ``locale/`` folder ({} when the game or the file is missing)."""
    try:
        text = importlib.resources.files(game_package(game)).joinpath("locale", name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OptionError):
        return {}
    return json.loads(text)


@cache
def templates(game: str, lang: str) -> dict[str, str]:
    """Event type -> template, from ``locale/<lang>.json``."""
    return _read(game, f"{lang}.json")


@cache
def ui_strings(game: str, lang: str) -> dict[str, str]:
    """Key -> text of the game's web table in ``lang``, English filling the keys ``lang`` lacks:
    ``locale/ui.<lang>.json``, flat keys (``"track.food"``), ``{name}`` placeholders."""
    return {**_read(game, "ui.en.json"), **_read(game, f"ui.{lang}.json")}


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
