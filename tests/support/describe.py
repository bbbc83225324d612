"""Checks every game's table tests share: each legal action's description (``describe_action``)
is worded by a template in every language of the game, without leftover fields, effect codes or
bare card ids, and names nothing hidden from its seat.

Random games of every player count are played and a sample of their positions checked: at each,
every legal action of every seat that owes a decision is described and worded in each language;
the descriptions must equal those of states in which everything the seat cannot see is
re-dealt (``determinize``), so no description names a hidden card.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

from epochal.engine import Game
from epochal.engine.locale import _templates, describe_text, locale_package

CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an effect code or a key (common_card, raze_hand)


def card_strings(value) -> list[str]:
    """Every string inside a description (for the card ids it names)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in card_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in card_strings(v)]
    return []


def check_words(game: Game, description: dict, langs: tuple[str, ...], names: list[str]) -> None:
    """The description is JSON-ready and worded in each language, by a template of its own."""
    json.dumps(description)
    verb = description["verb"]
    assert isinstance(verb, str) and verb != "action", f"no verb of the game's: {description}"
    ids = game.card_ids()
    package = locale_package(game)
    for lang in langs:
        table = _templates(package, lang)
        assert f"action.{verb}" in table, f"no {lang} template action.{verb}"
        if description.get("form"):
            assert f"action.{verb}.{description['form']}" in table, (
                f"no {lang} template action.{verb}.{description['form']}"
            )
        text = describe_text(game, description, lang, names)
        assert text, (lang, description)
        assert "{" not in text and "}" not in text, f"a field is left in {text!r}"
        assert not CODE.search(text), f"a code in {text!r} ({description})"
        rest = text
        for s in card_strings(description):
            shown = game.display_name(s, lang)
            if s in ids and shown:
                rest = rest.replace(shown, "")
        bare = [cid for cid in card_strings(description) if cid in ids and game.display_name(cid, lang) and cid in rest]
        assert not bare, f"card id {bare[0]} instead of its name in {text!r}"


def check_descriptions(
    game: Game, langs: tuple[str, ...], positions: int = 300, options: tuple[dict, ...] = ({},), seed: int = 0
) -> Counter:
    """Check ``positions`` random positions over every player count and the given options;
    returns how often each verb (and form) was seen."""
    seen: Counter = Counter()
    counts = range(game.min_players, game.max_players + 1)
    per_game = max(1, positions // (len(counts) * len(options)))
    rng = random.Random(seed)
    for players in counts:
        names = [f"Seat{i}" for i in range(players)]
        for opts in options:
            st = game.new(players, rng.randrange(2**31), opts)
            length = _length(game, players, opts)
            rate = min(1.0, per_game / max(1, length))
            while not st.over:
                actors = game.actors(st)
                if rng.random() < rate:
                    for seat in actors:
                        legal = game.legal(st, seat)
                        described = [game.describe_action(st, seat, a) for a in legal]
                        for d in described:
                            seen[d["verb"] if not d.get("form") else f"{d['verb']}.{d['form']}"] += 1
                            check_words(game, d, langs, names)
                        det = game.determinize(st, seat, random.Random(rng.random()))
                        again = [game.describe_action(det, seat, a) for a in legal]
                        assert again == described, "a description depends on a card its seat cannot see"
                        ui = game.table_ui(st, seat).get("actions", {})
                        for a, d in zip(legal, described, strict=True):
                            part = ui.get(str(a), ui.get(a))
                            assert part is not None and d.items() <= part.items(), (d, part)
                seat = rng.choice(actors)
                game.apply(st, seat, rng.choice(game.legal(st, seat)))
    return seen


_LENGTHS: dict = {}


def _length(game: Game, players: int, options: dict) -> int:
    """About how many decisions a game has (one random game, remembered)."""
    key = (game.name, players, json.dumps(options, sort_keys=True))
    if key not in _LENGTHS:
        st = game.new(players, 1, options)
        rng = random.Random(1)
        n = 0
        while not st.over:
            seat = rng.choice(game.actors(st))
            game.apply(st, seat, rng.choice(game.legal(st, seat)))
            n += 1
        _LENGTHS[key] = n
    return _LENGTHS[key]
