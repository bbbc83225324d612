"""Every game says everything in every language it offers: each decision has a prompt, each
operation of its effect vocabulary a text template, each card a text, each rule cited a summary.

The words come from the game's ``locale/<lang>.json`` (engine.locale); these tests check that
no template is missing, that random games meet only decisions with a prompt, and that no
sentence a person reads carries an identifier of the engine.
"""

from __future__ import annotations

import importlib
import random
import re

import msgspec
import pytest

from epochal.engine import game_names, get_game
from epochal.engine.locale import card_texts, locale_package, prompt_words, rules_summary, templates, why_not_words
from epochal.games._template import make_game as make_template


def game_of(name: str):
    """A registered game, or the template (which every new game starts from)."""
    return make_template() if name == "_template" else get_game(name)


GAMES = [*sorted(game_names()), "_template"]
LANGS = {name: [lang for lang in ("en", "ru", "hu") if templates(game_of(name), lang)] for name in GAMES}
CASES = [(name, lang) for name in GAMES for lang in LANGS[name]]
# What a person must never read: snake_case words, card ids (1CAR16, I-GRN-07, COM062), the
# vocabulary's effect codes (PE8), a template's unfilled field, Python's reprs, a language code "(cs)".
RAW = re.compile(
    r"\b[a-z0-9]+_[a-z0-9_]+\b|\b\d[A-Z]{2,}\d+\b|\b[IV]+-[A-Z]{3}-\d+\b|\b[A-Z]{3}\d{3}\b|\bPE\d+\b|[{}]|None|True|False|\(cs\)"
)
RULE = re.compile(r"\b(R\d+[a-z]?)\b")


def vocabulary(name: str) -> list[type[msgspec.Struct]]:
    """The tagged structs of the game's vocab module a card's data may name: not a base of others
    (the template's ``Op``), not the engine's own steps (tags starting with ``_``, on no card)."""
    module = importlib.import_module(f"{locale_package(game_of(name))}.vocab")
    found = []
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, msgspec.Struct) and value.__module__ == module.__name__:
            config = value.__struct_config__
            if isinstance(config.tag, str) and not config.tag.startswith("_") and not value.__subclasses__():
                found.append(value)
    return found


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_decision_kind_has_a_prompt_template(name, lang):
    game = game_of(name)
    keys = game.prompt_keys()
    assert keys, f"{name} names no prompt keys (Game.prompt_keys)"
    assert sorted(keys - templates(game, lang).keys()) == []


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_operation_of_the_vocabulary_has_a_text_template(name, lang):
    keys = {f"{t.__struct_config__.tag_field}.{t.__struct_config__.tag}" for t in vocabulary(name)}
    assert keys
    assert sorted(keys - templates(game_of(name), lang).keys()) == []


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_card_has_a_name_and_a_text_in_words(name, lang):
    cards = card_texts(game_of(name), lang)
    assert cards
    faulty = {}
    for card in cards:
        words = " ".join([card["name"], *card["text"]])
        if not card["text"] or RAW.search(words):
            faulty[card["id"]] = words
    assert faulty == {}


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_random_games_meet_only_decisions_with_a_prompt_in_words(name, lang):
    """Every decision of a few random games has a sentence from a template (not the kind's
    bare name), and every "why not" reason is worded and cites a rule the summary explains."""
    game = game_of(name)
    keys = game.prompt_keys()
    summary = rules_summary(game, lang)
    for seed in range(3):
        rng = random.Random(seed)
        players = game.max_players if game.min_players > 1 else 1
        state = game.new(max(players, game.min_players), seed)
        names = [f"P{i}" for i in range(state.players)] if hasattr(state, "players") else None
        for _ in range(400):
            actors = game.actors(state)
            if not actors:
                break
            seat = actors[0]
            description = game.describe_decision(state, seat)
            assert description is not None, f"no prompt at {game.view(state, seat).get('step')}"
            key = f"prompt.{description['kind']}"
            assert key in keys or f"{key}.{description.get('form')}" in keys, key
            prompt = prompt_words(game, state, seat, lang, names)
            assert prompt and not RAW.search(prompt["text"]), prompt
            for item in why_not_words(game, state, seat, lang, names):
                assert not RAW.search(item["text"]), item
                assert item["rule"] is None or item["rule"] in summary, item
            game.apply(state, seat, rng.choice(game.legal(state, seat)))


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_rule_the_words_cite_has_a_summary(name, lang):
    game = game_of(name)
    summary = rules_summary(game, lang)
    assert summary, f"{name} has no locale/rules.{lang}.json"
    cited = set()
    for text in templates(game, lang).values():
        cited.update(RULE.findall(text))
    assert sorted(cited - summary.keys()) == []
