"""What a listener reads of a position, in its language: the log's event texts it may see, the
words of its legal actions, what it is deciding and what it cannot do now. Shared by the live
table's messages (service.py) and the replays of finished games (replay.py), so a replayed step
reads exactly as the seat read it then."""

from __future__ import annotations

from epochal.engine import Game, State, visible
from epochal.engine.locale import action_words, prompt_words, render, why_not_words


def event_texts(game: Game, events: list[dict], seat: int | None, lang: str, names: list[str]) -> list[dict]:
    """The events ``seat`` may see (None: a spectator), each with its ``text`` in ``lang``."""
    return [{**ev, "text": render(game.name, ev, lang, names, game.display_name)} for ev in visible(events, seat)]


def action_texts(game: Game, state: State, seat: int | None, lang: str, names: list[str]) -> dict[str, str]:
    """The seat's legal actions in words of ``lang``, by id: each action's description
    (``Game.describe_action``) through the game's locale templates (``{}``: a spectator, or a
    seat with no decision)."""
    if seat is None:
        return {}
    return {str(a): action_words(game, state, seat, a, lang, names) for a in game.legal(state, seat)}


def decision_words(game: Game, state: State, seat: int | None, lang: str, names: list[str]) -> dict:
    """What the seat is deciding (``prompt``: its sentence and the card it is for) and what it
    cannot do now and why (``why_not``), in words of ``lang``; nothing for a spectator or a seat
    that decides nothing."""
    if seat is None or seat not in game.actors(state):
        return {}
    return {
        "prompt": prompt_words(game, state, seat, lang, names),
        "why_not": why_not_words(game, state, seat, lang, names),
    }
