"""ICU-style message templates: the words of every locale file, with plural forms and choices.

A template is text with ``{name}`` fields, and two ICU MessageFormat arguments for the words that
change with a number or a value::

    "{n, plural, one {# монета} few {# монеты} many {# монет} other {# монеты}}"
    "{side, select, A {the day side} other {the night side}}"

``#`` inside a plural branch is the number; ``=0`` picks an exact number before the language's
plural categories (CLDR's, from Babel: Russian one/few/many/other, English and Hungarian
one/other). Templates are parsed by ``pyicumessageformat`` once and kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from babel import Locale
from pyicumessageformat import Parser

_PARSER = Parser({"allow_tags": False, "strict": False})


class MessageError(ValueError):
    """A template that does not parse, or names a field its arguments lack."""


@cache
def _parsed(template: str) -> list:
    try:
        return _PARSER.parse(template)
    except SyntaxError as exc:
        raise MessageError(f"template {template!r} does not parse: {exc}") from None


@cache
def _plural_rule(lang: str):
    return Locale.parse(lang).plural_form


def plural_category(lang: str, n: float) -> str:
    """CLDR's plural category of ``n`` in ``lang``: one, few, many or other (and zero, two)."""
    return _plural_rule(lang)(abs(n))


def format_message(template: str, args: Mapping[str, object], lang: str = "en") -> str:
    """``template`` with ``args`` filled in, in ``lang``'s plural rules; a field ``args`` lack
    raises ``MessageError``."""
    return _render(_parsed(template), args, lang, None)


def _render(nodes: list, args: Mapping[str, object], lang: str, number) -> str:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            out.append(node)
            continue
        name = node["name"]
        if node.get("hash"):
            out.append(_number(number if number is not None else args.get(name)))
            continue
        if name not in args:
            raise MessageError(f"the template names {{{name}}}, which is not given")
        value = args[name]
        kind = node.get("type")
        if kind == "plural":
            n = _as_number(value, name)
            options = node["options"]
            branch = next(
                (options[key] for key in (f"={_number(n)}", plural_category(lang, n)) if key in options),
                options["other"],
            )
            out.append(_render(branch, args, lang, n - node.get("offset", 0)))
        elif kind == "select":
            options = node["options"]
            out.append(_render(options.get(str(value), options["other"]), args, lang, number))
        else:
            out.append(str(value))
    return "".join(out)


def _as_number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise MessageError(f"{{{name}}} is not a number")
    try:
        return float(value) if isinstance(value, str) else value
    except ValueError:
        raise MessageError(f"{{{name}}} is not a number") from None


def _number(n) -> str:
    return str(int(n)) if isinstance(n, float) and n.is_integer() else str(n)
