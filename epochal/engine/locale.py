"""Event text from per-game locale templates (``locale/<lang>.json`` in the game's package), the
words of a seat's legal actions (``action.<verb>`` templates in the same files), and the words of
the game's web table (``locale/ui.<lang>.json``).

Templates are ICU-style messages (``engine.messages``: ``{name}`` fields, plural forms, choices)
with fields from the event; ``{seat}``, ``{first}`` and any ``{…_seat}`` render as the seat's
name; a card id or a game term renders as the game's ``display_name`` gives it. An event without
a template falls back to English, then to its type and arguments.

The same files word a seat's current decision (``prompt.<kind>``: ``prompt_words``), the things
the seat cannot do now and why (``why.<reason>``: ``why_not_words``), a card's effects
(``<tag_field>.<tag>`` per operation of the game's vocabulary: ``struct_text``) and the rules
summary (``locale/rules.<lang>.json``: ``rules_summary``).
"""

from __future__ import annotations

import importlib.resources
import json
import sys
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

import msgspec

from .errors import OptionError
from .game import game_package
from .messages import MessageError, format_message

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


def _package_of(game: str | Game) -> str | None:
    """The package of a game given by its registered name or as a game object (a game not
    registered, as the template, is found by its class)."""
    return _registered(game) if isinstance(game, str) else locale_package(game)


def templates(game: str | Game, lang: str) -> dict[str, str]:
    """Event type -> template, from ``locale/<lang>.json``."""
    return _templates(_package_of(game), lang)


def ui_strings(game: str | Game, lang: str) -> dict[str, str]:
    """Key -> text of the game's web table in ``lang``, English filling the keys ``lang`` lacks:
    ``locale/ui.<lang>.json``, flat keys (``"track.food"``), ``{name}`` placeholders."""
    return _ui(_package_of(game), lang)


def render(game: str, ev: dict, lang: str = "en", names: list[str] | None = None, label: Label | None = None) -> str:
    def named(value):
        if label is not None and isinstance(value, str):
            return label(value, lang) or value
        if label is not None and isinstance(value, list):
            return [named(v) for v in value]
        if label is not None and isinstance(value, dict):
            return {named(k): v for k, v in value.items()}
        return value

    package = _registered(game)

    def shown(value):
        if isinstance(value, dict):
            counted = [_count(package, lang, k, n) for k, n in value.items() if n]
            if counted and None not in counted:
                return ", ".join(c for c in counted if c is not None)
        return _show(named(value))

    args = {k: shown(v) for k, v in ev.items() if k not in ("type", "to")}
    for key, value in ev.items():
        if (key in ("seat", "first") or key.endswith("_seat")) and isinstance(value, int) and names:
            args[key] = names[value] if 0 <= value < len(names) else str(value)
    for table in (templates(game, lang), templates(game, "en")):
        template = table.get(ev["type"])
        if template:
            try:
                return format_message(template, args, lang)
            except MessageError:
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
    verb, form = description.get("verb"), description.get("form")
    return _worded(game, "action", verb, form, description, lang, names)


def _worded(game: Game, kind: str, name, form, parts: dict, lang: str, names: list[str] | None) -> str | None:
    """``parts`` through the template ``<kind>.<name>.<form>`` or ``<kind>.<name>`` of ``lang``,
    else of English; None when neither has one that fits."""
    package = locale_package(game)
    args = {part: _word(game, package, lang, part, value, names) for part, value in parts.items()}
    keys = [f"{kind}.{name}.{form}"] if form else []
    keys.append(f"{kind}.{name}")
    for key in keys:
        for table in (_templates(package, lang), _templates(package, "en")):
            template = table.get(key)
            if template:
                try:
                    return format_message(template, args, lang)
                except MessageError:
                    continue
    return None


def _word(game: Game, package: str | None, lang: str, part: str, value, names: list[str] | None):
    """One part of a description in the reader's words (numbers stay numbers, for plurals)."""
    ui = _ui(package, lang)
    if isinstance(value, str):
        return game.display_name(value, lang) or ui.get(f"{part}.{value}") or ui.get(f"term.{value}") or value
    if isinstance(value, dict):
        return ", ".join(_counted(game, package, lang, part, k, v, names) for k, v in value.items() if v)
    if isinstance(value, list):
        return ", ".join(str(_word(game, package, lang, part, v, names)) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        if part in SEAT_PARTS and names and 0 <= value < len(names):
            return names[value]
        return value
    return "" if value is None else _show(value)


def _count(package: str | None, lang: str, key, n) -> str | None:
    """``n`` of ``key`` (a resource, a good) through the game's template ``count.<key>``
    ("{n, plural, one {# монета} ...}"); None when it has none."""
    template = _template(package, lang, f"count.{key}") if isinstance(key, str) else None
    if template is None or isinstance(n, bool) or not isinstance(n, int):
        return None
    try:
        return format_message(template, {"n": n}, lang)
    except MessageError:
        return None


def _counted(game: Game, package: str | None, lang: str, part: str, key, n, names: list[str] | None) -> str:
    """``n`` of ``key`` in words: its ``count.<key>`` template, else "word n"."""
    return _count(package, lang, key, n) or f"{_word(game, package, lang, part, key, names)} {_show(n)}"


# --- a seat's decision, the things it cannot do, card texts, the rules summary ---------------------


def prompt_words(game: Game, state: State, seat: int, lang: str = "en", names: list[str] | None = None) -> dict | None:
    """What ``seat`` is deciding, in words of ``lang``: ``{"text", "card"}`` from
    ``Game.describe_decision`` through the template ``prompt.<kind>`` (``.<form>``); None when
    the seat decides nothing or the game describes no decision."""
    description = game.describe_decision(state, seat)
    if description is None:
        return None
    text = _worded(game, "prompt", description["kind"], description.get("form"), description, lang, names)
    return {"text": text or description["kind"], "card": description.get("card")}


def why_not_words(game: Game, state: State, seat: int, lang: str = "en", names: list[str] | None = None) -> list[dict]:
    """The things ``seat`` would expect to do now but cannot, each ``{"card", "verb", "text",
    "rule"}``: ``Game.why_not`` through the templates ``why.<reason>``."""
    out = []
    for item in game.why_not(state, seat):
        text = _worded(game, "why", item["reason"], item.get("form"), item, lang, names)
        out.append(
            {
                "card": item.get("card"),
                "verb": item.get("verb"),
                "text": text or item["reason"],
                "rule": item.get("rule"),
            }
        )
    return out


def struct_text(game: Game, value, lang: str = "en", names: list[str] | None = None) -> str:
    """A typed operation of the game's vocabulary (any tagged ``msgspec.Struct``: an effect
    kernel ``Op``, a passive, a Hadara purple effect) in words of ``lang``, through the template
    ``<tag_field>.<tag>`` (``op.gain``, ``pe.PE4``). Its fields are the template's arguments:
    a nested operation as its own text, a list of operations as their texts joined by the
    template ``<tag_field>.join`` (default "; "), anything else as ``describe_text`` words a
    part. A list of such lists (a choice's options) joins them by ``<tag_field>.or`` (default
    " / "). A missing template raises ``MessageError``: every operation must have one (tested)."""
    package = locale_package(game)
    config = value.__struct_config__
    key = f"{config.tag_field}.{config.tag}"

    def ops(part) -> str | None:
        """A list of operations (or of lists of them) in words; None when ``part`` is none."""
        if isinstance(part, msgspec.Struct) and part.__struct_config__.tag is not None:
            return struct_text(game, part, lang, names)
        if not isinstance(part, list | tuple) or not part:
            return None
        if all(isinstance(p, msgspec.Struct) for p in part):
            joiner = _template(package, lang, f"{part[0].__struct_config__.tag_field}.join") or "; "
            return joiner.join(struct_text(game, p, lang, names) for p in part)
        inner = [ops(p) for p in part]
        if any(text is None for text in inner):
            return None
        return (_template(package, lang, f"{config.tag_field}.or") or " / ").join(t for t in inner if t)

    args = {}
    for field in value.__struct_fields__:
        part = getattr(value, field)
        text = ops(part)
        args[field] = text if text is not None else _word(game, package, lang, field, part, names)
    template = _template(package, lang, key)
    if template is None:
        raise MessageError(f"no template {key!r} in {lang}")
    return format_message(template, args, lang)


def _template(package: str | None, lang: str, key: str) -> str | None:
    return _templates(package, lang).get(key) or _templates(package, "en").get(key)


def rules_summary(game: str | Game, lang: str) -> dict[str, str]:
    """The game's rules in our own words, rule number -> summary, from
    ``locale/rules.<lang>.json`` (English where ``lang`` has none)."""
    return _rules(_package_of(game), lang)


@cache
def _rules(package: str | None, lang: str) -> dict[str, str]:
    return {**_read(package, "rules.en.json"), **_read(package, f"rules.{lang}.json")}


@cache
def card_texts(game: Game, lang: str) -> list[dict]:
    """Every card of the game's data in words of ``lang``: ``{"id", "copies", "deck", "name", "text"}``,
    ``text`` being ``Game.card_text``'s lines. The catalogue is the same for every seat (it says
    nothing of where a card is), so one list serves the table, the card gallery and the terminal."""
    return [
        {
            "id": entry["id"],
            "copies": list(entry.get("copies", ())),  # the other ids the same card goes by
            "deck": entry.get("deck"),
            "name": game.display_name(entry["id"], lang) or entry["id"],
            "text": game.card_text(entry["id"], lang),
        }
        for entry in game.card_catalog()
    ]


@cache
def cards_by_id(game: Game, lang: str) -> dict[str, dict]:
    """``card_texts`` by every id a card goes by (each copy's too)."""
    return {key: card for card in card_texts(game, lang) for key in (card["id"], *card["copies"])}
