"""Guns & Steel's table in the terminal (``board_panels``, panels.py): in each language it reads as
words (no ids, keys or unfilled fields), names the seat's own hand with each card's text, shows
an attack or a payment under way, and nothing the seat may not see: a re-dealt state draws the
same panels (A33, R33, D14)."""

from __future__ import annotations

import random
import re

import pytest

from epochal.games.guns_and_steel import make_game
from epochal.games.guns_and_steel.words import card_text, display_name
from tests.games.guns_and_steel.scenario import begin, fresh, place

LANGS = ("en", "ru")
THEMES = ("new_world", "renaissance", "combined")
# What a person must never read: snake_case, card and wonder ids (C07, C03-green, W12), unfilled
# fields, Python's words.
RAW = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\b[CW]\d{2}\b|[{}]|None|True|False")
GAME = make_game()


def cells(panels: list[dict]) -> list[str]:
    out = []
    for panel in panels:
        out.append(panel["title"])
        out += [str(cell) for row in panel["rows"] for cell in row]
    return out


def titles(panels: list[dict]) -> list[str]:
    return [p["title"] for p in panels]


def positions(theme: str, players: int, seed: int, every: int = 5):
    """(state, seat to act) at every ``every``-th decision of a random game, and the end."""
    st = GAME.new(players, seed, {"theme": theme})
    rng = random.Random(seed)
    n = 0
    while not st.over:
        seat = GAME.actors(st)[0]
        if n % every == 0:
            yield st, seat
        GAME.apply(st, seat, rng.choice(GAME.legal(st, seat)))
        n += 1
    yield st, 0


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("theme,players,seed", [("new_world", 3, 3), ("renaissance", 2, 1), ("combined", 4, 2)])
def test_panels_read_as_words_and_show_nothing_hidden(lang, theme, players, seed):
    for st, actor in positions(theme, players, seed):
        for seat in {actor, (actor + 1) % players}:
            panels = GAME.board_panels(st, seat, lang)
            assert panels and all(isinstance(p["title"], str) and p["title"] for p in panels)
            assert all(isinstance(cell, (str, int)) for p in panels for row in p["rows"] for cell in row)
            found = [c for c in cells(panels) if RAW.search(c)]
            assert not found, (lang, theme, found)
            redealt = GAME.determinize(st, seat, random.Random(seed))
            assert GAME.board_panels(redealt, seat, lang) == panels, (lang, theme, st.ply)


def test_A33_another_seats_hand_and_hidden_backs_change_nothing_it_may_not_see():
    """Two positions that differ only in seat 1's hand and in which of its Food cards lies resource
    side up draw the same panels for seat 0 and 2; seat 1 sees the difference."""
    game, st = fresh(3)
    place(game, st, 1, hand=["C02-blue", "C03-blue"], resource=["C01-blue"], tech=["C04-blue"])
    place(game, st, 0, hand=["C01-red", "C02-red"])
    begin(game, st, 0)
    other = st.clone()
    place(game, other, 1, hand=["C01-blue", "C03-blue"], resource=["C02-blue"], tech=["C04-blue"])
    for lang in LANGS:
        for seat in (0, 2):
            assert game.board_panels(st, seat, lang) == game.board_panels(other, seat, lang)
        assert game.board_panels(st, 1, lang) != game.board_panels(other, 1, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_seat_sees_its_hand_with_each_cards_text_and_where_the_game_stands(lang):
    st, seat = next((st, s) for st, s in positions("renaissance", 3, 4, every=1) if st.round >= 3)
    panels = GAME.board_panels(st, seat, lang)
    view = GAME.view(st, seat)
    hand = view["seats"][seat]["hand"]
    mine = panels[titles(panels).index({"en": "Your hand ({n})", "ru": "Ваша рука ({n})"}[lang].format(n=len(hand)))]
    for row, key in zip(mine["rows"], hand, strict=True):
        assert row == [display_name(GAME, key, lang), "\n".join(card_text(GAME, key, lang))]
    status = dict(map(tuple, panels[0]["rows"]))
    player, you = {"en": ("Player", ", you)"), "ru": ("Игрок", ", вы)")}[lang]
    words = {
        "en": ("Card set", "Renaissance", "Round", "Phase"),
        "ru": ("Набор карточек", "Ренессанс", "Раунд", "Фаза"),
    }
    theme, renaissance, round_, phase = words[lang]
    assert status[theme] == renaissance and status[round_] == st.round and phase in status
    # every seat has its zone panel, the seat's own first and marked as the reader's
    seats = [t for t in titles(panels) if t.startswith(player + " ")]
    assert len(seats) == 3 and seats[0].startswith(f"{player} {seat + 1} (") and you in seats[0]


def test_the_pyramid_lists_every_row_top_down_with_costs_surcharges_and_gaps():
    st, seat = next((st, s) for st, s in positions("new_world", 3, 3, every=1) if st.round >= 4)
    view = GAME.view(st, seat)
    pyramid = GAME.board_panels(st, seat, "ru")[1]
    assert pyramid["title"] == "Пирамида технологий" and pyramid["header"]
    rows = pyramid["rows"][1:]
    slots = [slot for row in reversed(view["pyramid"]) for slot in row]
    assert len(rows) == len(slots)
    assert [r[0] for r in rows if r[0]] == ["Космос", "Информация", "Нефть", "Порох", "Лошади"]
    for row, slot in zip(rows, slots, strict=True):
        if slot["card"] is None:
            assert row[1:] == ["(куплена)", "", ""]
        else:
            assert row[1] == display_name(GAME, slot["card"], "ru")
            assert row[2].endswith(f"+{slot['surcharge']} на выбор") == bool(slot["surcharge"])
    assert any(s["card"] is None for s in slots)


def test_wonders_show_their_condition_vp_and_owner_or_glory_tokens():
    st = GAME.new(3, 5, {"theme": "renaissance"})
    st.glory[1][2] = 2
    wonders = GAME.board_panels(st, 0, "ru")[2]
    assert wonders["title"] == "Чудеса Света"
    assert wonders["rows"][0] == ["Чудо", "Условие", "ПО", "Постройка"]
    row = wonders["rows"][2]  # the Gunpowder epoch's wonder
    assert row[0].endswith("\nэпоха Пороха") and isinstance(row[2], int)
    assert "жетона Славы" in row[1]  # its tokens to build it, in words
    assert row[3] == "Игрок 3 (зелёный): 2 жетона Славы"


def test_an_attack_and_a_payment_under_way_have_their_panels():
    attack = payment = None
    for theme, seed in (("new_world", 3), ("renaissance", 5), ("combined", 6)):
        for st, seat in positions(theme, 3, seed, every=1):
            if st.attack is not None and attack is None:
                attack = (GAME.board_panels(st, seat, "ru")[-1], st)
            if st.payment is not None and payment is None:
                payment = (GAME.board_panels(st, seat, "ru")[-1], st)
        if attack and payment:
            break
    assert attack and payment
    panel, st = attack
    assert "атакует карточкой «" in panel["title"] and "военная мощь" in panel["title"]
    assert len(panel["rows"]) == st.players - 1
    assert all(row[1].startswith("военная мощь ") for row in panel["rows"])
    panel, st = payment
    assert panel["title"].startswith(("Покупка: ", "Оплата активации: "))
    labels = [row[0] for row in panel["rows"]]
    assert labels[-2:] == ["К оплате", "Оплачено"]
