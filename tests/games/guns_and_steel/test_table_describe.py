"""Guns & Steel's legal actions as descriptions (``describe_action``, table.py): each worded in
English and Russian by a template of its verb, naming nothing hidden from its seat (an opponent's
resource card is named by its resource only)."""

from __future__ import annotations

from epochal.engine import get_game
from epochal.engine.locale import action_words
from tests.games.guns_and_steel.scenario import act, surcharge_position
from tests.support.describe import check_descriptions


def test_every_legal_action_is_worded_in_each_language_and_names_nothing_hidden():
    options = ({}, {"theme": "renaissance"}, {"theme": "combined"})
    seen = check_descriptions(get_game("guns_and_steel"), ("en", "ru"), options=options)
    for verb in ("play_resource", "play_technology", "activate", "skip", "buy", "pass.purchase", "spend", "pay_all"):
        assert seen[verb], f"no {verb} seen: {sorted(seen)}"


def test_pay_all_names_every_card_and_temporary_resource_it_spends():
    game, st = surcharge_position()
    act(game, st, 0, "spend", "C01-red")
    act(game, st, 0, "spend", "C02-red")  # the rest: the temporary Horse, then both Iron cards
    a = game.action_space.pay_all
    d = game.describe_action(st, 0, a)
    assert d == {
        "verb": "pay_all",
        "cards": ["C04-red", "C05-red"],
        "from_cards": {"iron": 2},
        "temporary": {"horses": 1},
        "rule": "R79",
    }
    assert action_words(game, st, 0, a, "en") == (
        "pay the rest at once: spend Start card 4, Start card 5 (2 Iron) and the temporary 1 Horse"
    )
    assert action_words(game, st, 0, a, "ru") == (
        "оплатить остаток сразу — потратить карточки: Стартовая карточка 4, Стартовая карточка 5 "
        "(2 Железа); временные ресурсы: 1 Лошадь"
    )
    game, st = surcharge_position({})
    act(game, st, 0, "spend", "C04-red")
    act(game, st, 0, "spend", "C05-red")
    d = game.describe_action(st, 0, a)
    assert d["form"] == "cards" and d["from_cards"] == {"food": 2, "horses": 1}
    assert action_words(game, st, 0, a, "ru").endswith("(2 Еды, 1 Лошадь)")


def test_pay_all_with_temporary_resources_alone():
    game, st = surcharge_position({"iron": 1, "horses": 1})
    for key in ("C01-red", "C02-red", "C04-red"):
        act(game, st, 0, "spend", key)
    # the rest, 1 Iron and 1 Horse: the temporary ones go first, C05-red stays
    a = game.action_space.pay_all
    assert game.describe_action(st, 0, a)["form"] == "temporary"
    assert action_words(game, st, 0, a, "en") == "pay the rest at once with temporary resources: 1 Iron, 1 Horse"
    assert action_words(game, st, 0, a, "ru") == "оплатить остаток сразу временными ресурсами: 1 Железо, 1 Лошадь"
