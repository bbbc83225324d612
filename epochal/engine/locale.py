"""Event text from per-game locale templates (``locale/<lang>.json`` in the game's package), the
words of a seat's legal actions (``action.<verb>`` templates in the same files), and the words of
the game's web table (``locale/ui.<lang>.json``).

Templates use ``{name}`` fields from the event; ``{seat}``, ``{first}`` and any ``{…_seat}`` render
as the seat's name; a card id or a game term renders as the game's ``display_name`` gives it.
An event without a template falls back to English, then to its type and arguments.
"""

from __future__ import annotations

import importlib.resources
import json
import sys
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from .errors import OptionError
from .game import game_package

if TYPE_CHECKING:
    from .game import Game
    from .state import State

Label = Callable[[str, str], "str | None"]

LANGUAGES = ("en", "ru", "hu")


def _read(package: str | None, name: str) -> dict:
    """A JSON file of the package's ``locale/`` folder ({} when the package or the file is missing)."""
    if package is None:
        return {}
    try:
        text = importlib.resources.files(package).joinpath("locale", name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    return json.loads(text)


def _registered(game: str) -> str | None:
    try:
        return game_package(game)
    except OptionError:
        return None


def locale_package(game: Game) -> str | None:
    """Where ``game``'s locale files are: the package its entry point names, else (a game not
    registered, as the template) the package its class is defined in."""
    package = _registered(game.name)
    if package is None:
        module = sys.modules.get(type(game).__module__)
        package = module.__package__ if module is not None else None
    return package


@cache
def _templates(package: str | None, lang: str) -> dict[str, str]:
    return _read(package, f"{lang}.json")


@cache
def _ui(package: str | None, lang: str) -> dict[str, str]:
    return {**_read(package, "ui.en.json"), **_read(package, f"ui.{lang}.json")}


def templates(game: str, lang: str) -> dict[str, str]:
    """Event type -> template, from ``locale/<lang>.json``."""
    return _templates(_registered(game), lang)


def ui_strings(game: str, lang: str) -> dict[str, str]:
    """Key -> text of the game's web table in ``lang``, English filling the keys ``lang`` lacks:
    ``locale/ui.<lang>.json``, flat keys (``"track.food"``), ``{name}`` placeholders."""
    return _ui(_registered(game), lang)


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


# --- a seat's legal actions in words ------------------------------------------------------------

# Description parts whose int value is a seat, rendered as the seat's name (as in events).
SEAT_PARTS = ("seat", "target", "owner", "first")


def action_words(
    game: Game, state: State, seat: int, action: int, lang: str = "en", names: list[str] | None = None
) -> str:
    """``seat``'s legal ``action`` in words of ``lang``: its description
    (``Game.describe_action``) through the game's templates (``describe_text``), or the game's
    ``action_text`` when no template words its verb."""
    text = describe_text(game, game.describe_action(state, seat, action), lang, names)
    return text if text is not None else game.action_text(state, seat, action)


def describe_text(game: Game, description: dict, lang: str = "en", names: list[str] | None = None) -> str | None:
    """An action's description in words of ``lang``; None when no template words its verb.

    The template is ``action.<verb>.<form>`` (when the description has a ``form``), else
    ``action.<verb>``, in ``locale/<lang>.json``, else in English. Its ``{part}`` fields are the
    description's parts, each in the reader's words: a seat (``target``, ``owner``, ``seat``) as
    its name; a string as the game's ``display_name`` gives it (a card's name), else as the
    board's word ``<part>.<value>`` (``track.food``), else as the word ``term.<value>`` of
    ``locale/ui.<lang>.json``; a dict of resource -> n as "word n, word n"; a list item by item."""
    package = locale_package(game)
    ui = _ui(package, lang)

    def word(part: str, value) -> str:
        if isinstance(value, str):
            return game.display_name(value, lang) or ui.get(f"{part}.{value}") or ui.get(f"term.{value}") or value
        if isinstance(value, dict):
            return ", ".join(f"{word(part, k)} {_show(v)}" for k, v in value.items() if v)
        if isinstance(value, list):
            return ", ".join(word(part, v) for v in value)
        if isinstance(value, int) and not isinstance(value, bool) and part in SEAT_PARTS:
            if names and 0 <= value < len(names):
                return names[value]
        return "" if value is None else _show(value)

    args = {part: word(part, value) for part, value in description.items()}
    verb, form = description.get("verb"), description.get("form")
    keys = [f"action.{verb}.{form}"] if form else []
    keys.append(f"action.{verb}")
    for key in keys:
        for table in (_templates(package, lang), _templates(package, "en")):
            template = table.get(key)
            if template:
                try:
                    return template.format(**args)
                except (KeyError, IndexError, ValueError):
                    continue
    return None
