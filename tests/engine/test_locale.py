"""Event texts: templates per language, seat names, card names instead of card ids."""

from __future__ import annotations

from epochal.engine import get_game
from epochal.engine.locale import render


def test_card_ids_render_as_card_names_in_the_language_asked():
    game = get_game("imperium")
    cid = next(k for k, c in zip(game.index_of, game.cards, strict=True) if c.name_ru)
    card = game.cards[game.index_of[cid]]
    ev = {"type": "play", "seat": 0, "card": cid}
    assert render("imperium", ev, "en", ["Ann"], game.display_name) == f"Ann plays {card.name}"
    assert card.name_ru in render("imperium", ev, "ru", ["Ann"], game.display_name)


def test_without_a_label_or_for_unknown_ids_the_text_keeps_the_id():
    game = get_game("imperium")
    ev = {"type": "play", "seat": 0, "card": "no-such-card"}
    assert render("imperium", ev, "en", ["Ann"], game.display_name) == "Ann plays no-such-card"
    assert render("imperium", {**ev, "card": "1ROM6"}, "en", ["Ann"]) == "Ann plays 1ROM6"


def test_lists_of_card_ids_render_name_by_name():
    game = get_game("imperial_settlers")
    ids = ["COM001", "COM074"]
    text = render("imperial_settlers", {"type": "x", "cards": ids}, "en", None, game.display_name)
    for cid in ids:
        assert game.cards[game.index_of[cid]].name in text
