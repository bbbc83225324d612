"""Hadara's cards and refusals in words of the reader's language.

Hadara's cards have no names in any source (the printed cards carry art, not titles), so a card
is named by what tells it apart: its colour, its epoch and its values (``card.name``: "Green
card I (food +2, 1 VP)"), and a purple card by a short label of its effect
(``effect.<PEn>``). Its text is a line per part (cost, track bonuses, VP, the purple effect
``pe.<PEn>`` with its parameters, the star), each from a template of ``locale/<lang>.json``.
Nothing here is copied from a rulebook: the words are generated from the card data.

Refusals (``decisions.refusal``: a reason and its numbers) are worded by ``why.<reason>``, the
same templates the page's "why not" list uses, so a refused action's English text and the
page's reason are one sentence.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from epochal.engine.locale import templates, ui_strings
from epochal.engine.messages import MessageError, format_message

from .cards import TRACKS

if TYPE_CHECKING:
    from .cards import Card
    from .rules import HadaraRules

ROMAN = ("", "I", "II", "III")


def template(game: HadaraRules, lang: str, key: str) -> str:
    """A template of ``locale/<lang>.json``, English filling a key the language lacks."""
    found = templates(game.name, lang).get(key) or templates(game.name, "en").get(key)
    if found is None:
        raise MessageError(f"no template {key!r} in {lang}")
    return found


def say(game: HadaraRules, lang: str, key: str, **args) -> str:
    return format_message(template(game, lang, key), args, lang)


# --- the card catalogue, names and texts -----------------------------------------------------


def card_catalog(game: HadaraRules) -> list[dict]:
    """Every epoch card: its id, its deck (colour), provenance (``epochal cards``, the gallery)."""
    return [
        {"id": c.id, "deck": c.color, "epoch": c.epoch, "implemented": True, "provenance": c.provenance}
        for c in game.data.cards
    ]


def display_name(game: HadaraRules, text: str, lang: str = "en") -> str | None:
    """A card id as the card's name in ``lang``; None for anything else (a term of an event is
    worded by its template)."""
    k = game.index_of.get(text)
    if k is None:
        return None
    return _name(game, k, lang)


@cache
def _name(game: HadaraRules, k: int, lang: str) -> str:
    c = game.data.cards[k]
    values = [say(game, lang, "card.bonus", track=t, n=b) for t, b in zip(TRACKS, c.bonus.as_tuple(), strict=True) if b]
    if c.effect is not None:
        values.insert(0, effect_words(game, c.effect, lang, "effect"))
    if c.vp:
        values.append(say(game, lang, "card.vp", n=c.vp))
    joined = template(game, lang, "card.join").join(values)
    key = "card.name" if values else "card.name.plain"
    return say(game, lang, key, color=c.color, epoch=ROMAN[c.epoch], values=joined)


def card_text(game: HadaraRules, card: str, lang: str = "en") -> list[str]:
    """The card's parts in words, a line each: its cost, its track bonuses, its VP, its purple
    effect, the star of an advanced-game card."""
    k = game.index_of.get(card)
    if k is None:
        return []
    c: Card = game.data.cards[k]
    lines = [say(game, lang, "card.cost", n=c.cost, sale=game.data.sale_value[c.epoch - 1])]
    bonuses = [
        say(game, lang, "card.bonus", track=t, n=b) for t, b in zip(TRACKS, c.bonus.as_tuple(), strict=True) if b
    ]
    if bonuses:
        lines.append(say(game, lang, "card.bonuses", bonuses=template(game, lang, "card.join").join(bonuses)))
    if c.effect is not None:
        lines.append(effect_words(game, c.effect, lang))
    if c.vp:
        lines.append(say(game, lang, "card.points", n=c.vp))
    if c.star:
        lines.append(say(game, lang, "card.star"))
    return lines


def effect_words(game: HadaraRules, effect, lang: str, kind: str = "pe") -> str:
    """A purple effect (a struct of ``vocab.py``) through ``pe.<PEn>`` (its full text) or
    ``effect.<PEn>`` (its short label, in a card's name), its fields the template's arguments:
    numbers stay numbers (for plural forms), a colour stays its key (for the cases a ``select``
    chooses), a price per epoch (PE5) is worded per epoch by ``pe.price``."""
    config = effect.__struct_config__
    args: dict[str, object] = {}
    for field in effect.__struct_fields__:
        value = getattr(effect, field)
        if isinstance(value, list):
            prices = [
                say(game, lang, "pe.price", n=price, epoch=ROMAN[e + 1])
                for e, price in enumerate(value)
                if price is not None
            ]
            args[field] = template(game, lang, "card.join").join(prices)
        else:
            args[field] = value
    return say(game, lang, f"{kind}.{config.tag}", **args)


# --- refusals in words -------------------------------------------------------------------------


def part_words(game: HadaraRules, lang: str, part: str, value):
    """One part of a refusal in the reader's words, as ``engine.locale`` words a description's:
    a card id as its name, another string as ``<part>.<value>`` or ``term.<value>`` of the board's
    words, a number as itself."""
    if isinstance(value, str):
        ui = ui_strings(game.name, lang)
        return display_name(game, value, lang) or ui.get(f"{part}.{value}") or ui.get(f"term.{value}") or value
    return value


def refusal_text(game: HadaraRules, item: dict, lang: str = "en") -> str:
    """A refusal (``decisions.refusal``) in words: ``why.<reason>.<form>`` or ``why.<reason>``."""
    args = {part: part_words(game, lang, part, value) for part, value in item.items()}
    keys = [f"why.{item['reason']}.{item['form']}"] if item.get("form") else []
    keys.append(f"why.{item['reason']}")
    for key in keys:
        for table in (templates(game.name, lang), templates(game.name, "en")):
            if key in table:
                return format_message(table[key], args, lang)
    raise MessageError(f"no template why.{item['reason']} in {lang}")
