"""Imperium's table in the terminal (``board_panels``): every panel in words of the reader's
language, naming only what the seat may see (the same panels on a re-dealt position), the
market's tokens and tucked unrest, each seat's tokens and piles, exhausted and garrisoned cards,
and the seat's own hand with each card's text. On the scenario helpers (scenario.py)."""

from __future__ import annotations

import random
import re

import pytest

from tests.games.imperium.scenario import fresh, give, idx, put_in_market

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b\d[A-Z]{2,}\d+\b|[{}]|effect:|tokens:|None|True|False")
LATIN = re.compile(r"\b(?![IVXLCDM]+\b)\w*[A-Za-z]")  # a Roman numeral (Philip II) is no English


def cells(panels: list[dict]) -> list[str]:
    return [p["title"] for p in panels] + [str(c) for p in panels for row in p["rows"] for c in row]


def panel(panels: list[dict], title: str) -> dict:
    return next(p for p in panels if p["title"] == title)


def row(p: dict, label: str) -> list:
    return next(r for r in p["rows"] if r[0] == label)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_panels_are_words_and_name_no_card_the_seat_cannot_see(players):
    """Through random games: no raw identifier in either language, no English on a Russian
    panel, and the same panels for the position and for one re-dealt for the seat."""
    game = fresh("Romans", "Celts", activate=False)[0]
    rng = random.Random(players)
    st = game.new(players, players)
    for step in range(160):
        if st.over:
            break
        seat = game.actors(st)[0]
        if step % 4 == 0:
            redealt = game.determinize(st, seat, random.Random(step))
            for lang in ("en", "ru"):
                panels = game.board_panels(st, seat, lang)
                words = cells(panels)
                assert not [c for c in words if RAW.search(c)], lang
                assert lang == "en" or not [c for c in words if LATIN.search(c)]
                assert panels == game.board_panels(redealt, seat, lang)
        game.apply(st, seat, rng.choice(game.legal(st, seat)))


def test_the_seat_sees_its_own_hand_with_the_cards_text_and_only_the_size_of_the_others():
    game, st = fresh("Romans", "Celts", activate=False)
    give(game, st, 0, "1ROM9")
    give(game, st, 1, "1CEL9")  # the Celts' hand: never named to the Romans
    panels = game.board_panels(st, 0, "en")
    hand = panel(panels, "Your hand")
    named = {r[0] for r in hand["rows"]}
    assert named == {game.display_name(game.cards[k].id, "en") for k in st.seats[0].hand}
    prosperity = next(r for r in hand["rows"] if r[0] == "Prosperity")
    assert prosperity[1].split("\n") == game.card_text("1ROM9", "en")
    celts_card = game.display_name("1CEL9", "en")
    assert not [c for c in cells(panels) if celts_card in c]
    seats = panel(panels, "Players")
    assert seats["rows"][0] == ["", "Player 1 (you)", "Player 2"]
    assert row(seats, "Cards in hand") == ["Cards in hand", "6", "6"]


def test_the_market_shows_each_cards_categories_tokens_and_tucked_unrest_in_russian():
    game, st = fresh("Romans", "Celts", activate=False)
    put_in_market(game, st, 0, "1REG6", {"materials": 2})
    put_in_market(game, st, 2, "1CIV2", {"progress": 5})
    st.market[2].unrest = st.unrest.pop()
    market = panel(game.board_panels(st, 0, "ru"), "Рынок")
    assert market["header"] and market["rows"][0] == ["Карта", "Категория", "На карте"]
    assert market["rows"][1] == ["Лес*", "регион", "2 жетона ресурсов"]
    assert market["rows"][3] == [
        "Образование",
        "цивилизация",
        "5 жетонов модернизации\nпод картой — карта беспорядков",
    ]
    english = panel(game.board_panels(st, 0, "en"), "Market")["rows"][3]
    assert english == ["Education", "civilised", "5 progress\nan unrest card lies under it"]


def test_the_decks_and_each_seats_state_tokens_and_piles_use_the_rulebooks_russian_terms():
    game, st = fresh("Romans", "Celts", activate=False)
    st.seats[1].empire = True
    st.seats[1].materials = 7
    panels = game.board_panels(st, 0, "ru")
    decks = panel(panels, "Колоды")["rows"]
    assert decks[0] == ["Основная колода", str(len(st.decks["main"])), "Колода славы", str(len(st.fame))]
    assert decks[1][2:] == ["Колода беспорядков", str(len(st.unrest))]
    assert decks[2][2:] == ["Колода изгнания", "0"]
    assert decks[3][2] == "«Царь царей»: сторона А"
    seats = panel(panels, "Игроки")
    assert seats["rows"][0] == ["", "Игрок 1 (вы)", "Игрок 2"]
    assert row(seats, "Народ") == ["Народ", "Римляне", "Кельты"]
    assert row(seats, "Период") == ["Период", "Варварство", "Цивилизация"]
    assert row(seats, "Ресурсы") == ["Ресурсы", "3", "7"]
    for label in ("Население", "Модернизация", "Жетоны действий", "Жетоны эксплуатации", "Карт на руке"):
        row(seats, label)
    for label in ("Личная колода", "Личный сброс", "Летопись", "Колода усиления"):
        row(seats, label)
    status = panels[0]["rows"]
    assert status[0] == ["Раунд 1 · ходит Игрок 1 (вы)"]
    assert status[1] == ["Первым в этом раунде ходит: Игрок 1 (вы)"]
    assert status[-1][0].startswith("* — наш перевод")


def test_a_seats_areas_mark_exhausted_and_garrisoned_cards_and_name_its_development_cards():
    game, st = fresh("Romans", "Celts", activate=False)
    p = st.seats[1]
    region = give(game, st, 1, "1REG6", "play")
    give(game, st, 1, "1REG1", "play")
    p.garrison[region] = [idx(game, "1UNC3")]
    p.exhausted = [region, p.power]
    p.nation_exhausted = True
    areas = panel(game.board_panels(st, 0, "ru"), "Игрок 2 · Кельты")["rows"]
    assert areas[0] == ["Карта способности", "«Кельты» (эксплуатирована)"]
    assert areas[1] == [
        "Игровая область",
        "«Лес*» (эксплуатирована; карты укрепления: «Старейшины*»), «Дикие земли*»",
    ]
    assert areas[2][0] == "Область прогресса" and "«Кельтская инновация*»" in areas[2][1]
    assert areas[3] == ["Колода усиления", "эксплуатирована"]
    mine = panel(game.board_panels(st, 0, "en"), "Player 1 (you) · Romans")["rows"]
    assert mine[1] == ["Play area", "no cards"]


def test_copies_of_one_card_in_hand_are_listed_once_with_their_number():
    game, st = fresh("Romans", "Celts")
    p = st.seats[0]
    unrest = [k for k in st.unrest if not game.cards[k].players][:2]
    for k in unrest:
        st.unrest.remove(k)
    p.hand = [*unrest, idx(game, "1ROM9")]
    st.edited()
    hand = panel(game.board_panels(st, 0, "ru"), "Ваша рука")["rows"]
    assert [r[0] for r in hand] == ["Беспорядки ×2", "Процветание"]
