"""Hadara's table in the terminal (``board_panels``, panels.py): in each language it reads as
words (no ids, codes or unfilled fields), names the seat's own drawn cards with their text, and
shows nothing the seat may not see: a re-dealt state draws the same panels."""

from __future__ import annotations

import random
import re

import pytest

from epochal.games.hadara.state import BOARD
from tests.games.hadara.scenario import (
    FOOD,
    blank,
    colony_of,
    find_card,
    give,
    give_colony,
    give_statue,
    hadara,
    put,
    variant,
)

LANGS = ("en", "ru", "hu")
# What a person must never read (as test_views_words.py): snake_case, card ids, effect codes,
# unfilled fields, Python's words, a step code.
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[IV]+-[A-Z]{3}-\d+\b|\bPE\d+\b|[{}]|None|True|False|\b[AB][1-6]\b")


def cells(panels: list[dict]) -> list[str]:
    out = []
    for panel in panels:
        out.append(panel["title"])
        out += [str(cell) for row in panel["rows"] for cell in row]
    return out


def text(panels: list[dict]) -> str:
    return "\n".join(cells(panels))


def positions(players: int, seed: int, every: int = 7):
    """(state, seat) at every ``every``-th decision of a random game, the state left as it is."""
    game = hadara()
    st = game.new(players, seed)
    rng = random.Random(seed)
    n = 0
    while not st.over:
        seat = game.actors(st)[0]
        if n % every == 0:
            yield game, st, seat
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
        n += 1


def drawing(round_: int):
    """A 3-player game at a seat's choice in drawing round ``round_`` (0-based) of epoch I."""
    return next(
        (game, st, seat)
        for game, st, seat in positions(3, 4, every=1)
        if st.step == "A2" and st.round == round_ and st.seats[seat].hand
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 3), (5, 2)])
def test_panels_read_as_words_and_show_nothing_hidden(lang, players, seed):
    for game, st, seat in positions(players, seed):
        panels = game.board_panels(st, seat, lang)
        assert panels and all(isinstance(p["title"], str) and p["title"] for p in panels)
        assert all(isinstance(cell, (str, int)) for p in panels for row in p["rows"] for cell in row)
        found = [c for c in cells(panels) if RAW.search(c)]
        assert not found, (lang, st.step, found)
        redealt = game.determinize(st, seat, random.Random(seed))
        assert game.board_panels(redealt, seat, lang) == panels, (lang, st.step)


@pytest.mark.parametrize("lang", LANGS)
def test_the_seat_sees_its_drawn_cards_with_their_text_and_not_the_others(lang):
    game, st, seat = drawing(0)
    panels = game.board_panels(st, seat, lang)
    assert panels[-1]["title"] == {"en": "Your cards", "ru": "Ваши карты", "hu": "A lapjaid"}[lang]
    for row, k in zip(panels[-1]["rows"], st.seats[seat].hand, strict=True):
        card = game.card_id[k]
        assert row == [game.display_name(card, lang), "\n".join(game.card_text(card, lang))]
    # another seat's drawn cards show only as their number
    other = (seat + 1) % st.players
    assert st.seats[other].hand
    hand = {"en": "2 in hand", "ru": "на руке: 2", "hu": "2 lap a kézben"}[lang]
    players = next(p for p in panels if p["header"])
    assert hand in [row[1 + other] for row in players["rows"]]


def test_where_the_game_stands_the_decks_and_who_draws_from_them():
    game, st, seat = drawing(1)
    status, board = game.board_panels(st, seat, "ru")[:2]
    first = st.first[0] + 1
    crest = ["Обезьяна", "Дракон", "Лев"][st.first[0]]
    assert status["rows"][0] == ["Эпоха I · Фаза А · Раунды выбора карт"]
    assert ["раунд 2 из 5"] in status["rows"]
    first_row = [f"первый игрок: Игрок {first} · {crest}" + (" (вы)" if st.first[0] == seat else "")]
    assert first_row in status["rows"]
    assert board["title"] == "Колоды и стопки сброса"
    mine = BOARD[game.deck_at(st, seat)]
    row = board["rows"][BOARD.index(mine)]
    assert row[0].splitlines()[-1].startswith("берёт карты: ") and "(вы)" in row[0]
    assert row[1] == f"в колоде: {len(st.decks[BOARD.index(mine)])}\nв стопке: {len(st.piles[BOARD.index(mine)])}"
    for p, pile in enumerate(st.piles):
        top = board["rows"][p][2]
        assert top == "пусто" if not pile else top.splitlines()[0] == game.display_name(game.card_id[pile[-1]], "ru")


def test_seats_cards_colonies_statues_and_medals_in_russian():
    game, st = blank(players=2, epoch=2, step="B6")
    green = find_card(game, color="green", epoch=1)
    give(game, st, 0, green)
    give_colony(game, st, 0, colony_of(game, 3)[0], annexed=True)
    give_colony(game, st, 1, colony_of(game, 9)[0])
    give_statue(game, st, 1, 0, FOOD, face_down=True)
    st.seats[1].silver = [FOOD]
    st.seats[1].tiles[FOOD] -= 1
    st.seats[1].gold = 2
    st.seats[0].coins = 7
    put(st, 0, "medals")
    panels = game.board_panels(st, 0, "ru")
    players = next(p for p in panels if p["header"])
    assert players["rows"][0] == ["", "Игрок 1 · Обезьяна (вы)", "Игрок 2 · Дракон"]
    rows = {row[0]: row[1:] for row in players["rows"]}
    assert rows["Монеты"][0] == 7
    assert rows["Карты"] == [1, 0]
    assert rows["Колонии"][0].startswith("колония 3, присоединена: ")
    assert rows["Колонии"][1] == f"колония 9: {game.colonies[colony_of(game, 9)[0]].front_vp} ПО"
    slot = game.slots[0]
    statue = f"культура {slot.requirement} ({slot.vp} ПО): лицевой стороной вниз: +{slot.bonus} ПО"
    assert rows["Статуи"] == ["—", statue]
    assert rows["Медали"] == ["—", "серебряная медаль: сельское хозяйство\n2 золотые медали"]
    assert rows["Неиспользованные бонусные жетоны"][1] == "экономика 2\nвоенное дело 2\nкультура 2"  # food's both used
    tableau = next(p for p in panels if p["title"] == "Карты: Игрок 1 · Обезьяна (вы)")
    assert tableau["rows"] == [["Зелёные карты", game.display_name(game.card_id[green], "ru")]]
    assert not [p for p in panels if p["title"].startswith("Карты: Игрок 2")]  # no cards, no panel


@pytest.mark.parametrize(
    "coins,plunder,annex",
    [(1, "+1 монета", "за 1 монету"), (3, "+3 монеты", "за 3 монеты"), (5, "+5 монет", "за 5 монет")],
)
def test_colony_words_use_russian_plural_forms(coins, plunder, annex):
    _, st = blank(players=2, epoch=1, step="B3")
    token = st.stacks[0][-1]
    game = variant(colonies={token: {"annex_cost": coins, "plunder": coins}})
    row = game.board_panels(st, 0, "ru")[2]["rows"][0]
    assert row[0] == f"военное дело ≥ {game.requirements[0]}"
    assert row[2] == f"разграбить: {plunder}, {game.colonies[token].front_vp} ПО"
    assert row[3] == f"присоединить {annex}"
