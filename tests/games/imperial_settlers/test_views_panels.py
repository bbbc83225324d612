"""Imperial Settlers' table in the terminal (``Game.board_panels``): the round, phase, first player
and whose turn; every empire's goods, VP, board, deals, foundations, hand size and locations by
row with what lies on them; the seat's own hand with each card's text; the virtual opponent in the
solo mode. Words only (no card code, no key, no template brace), in the reader's language, and
nothing the seat may not see: a re-dealt state shows the same panels."""

from __future__ import annotations

import random
import re

import pytest

from .scenario import fresh, give, settlers, supply

RAW = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\b[A-Z]{3}\d{3}[a-z]?\b|[{}]|None|True|False|\(cs\)")
LATIN = re.compile(r"[A-Za-z]")
RULE = re.compile(r"\b[RA]\d+[a-z]?\b")


@pytest.fixture(scope="module")
def game():
    return settlers()


def text(panels: list[dict]) -> str:
    lines = []
    for panel in panels:
        lines.append(panel["title"])
        lines += ["\t".join(str(cell) for cell in row) for row in panel["rows"]]
    return "\n".join(lines)


def panel(panels: list[dict], title: str) -> dict:
    return next(p for p in panels if p["title"].startswith(title))


def cells(p: dict) -> dict[str, list[str]]:
    """A label -> its row's other cells."""
    return {str(row[0]): [str(c) for c in row[1:]] for row in p["rows"]}


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (3, {"lookout": "draft", "stand_ins": "on"}), (1, {}), (4, {})]
)
def test_random_games_show_words_only_and_nothing_a_re_deal_changes(game, players, options):
    rng = random.Random(players)
    st = game.new(players, rng.randrange(1000), options)
    checked = 0
    while not st.over:
        actors = game.actors(st)
        if rng.random() < 0.15:
            for seat in actors:
                for lang in ("en", "ru"):
                    panels = game.board_panels(st, seat, lang)
                    words = text(panels)
                    assert not RAW.search(words), RAW.search(words)
                    if lang == "ru":
                        assert not LATIN.search(RULE.sub("", words)), words
                    det = game.determinize(st, seat, random.Random(checked))
                    assert game.board_panels(det, seat, lang) == panels
                    checked += 1
        seat = rng.choice(actors)
        game.apply(st, seat, rng.choice(game.legal(st, seat)))
    assert checked > 10


def test_the_status_says_round_phase_first_player_and_whose_turn(game):
    _, st = fresh("Romans", "Barbarians", seat=1)
    st.round, st.first = 3, 0
    rows = [" ".join(r) for r in game.board_panels(st, 0, "ru")[0]["rows"]]
    assert rows[:3] == ["Раунд 3 из 5 Фаза действий", "Первый игрок: Игрок 1 (вы)", "Ходит: Игрок 2"]
    rows = [" ".join(r) for r in game.board_panels(st, 1, "en")[0]["rows"]]
    assert rows[:3] == ["Round 3 of 5 Action phase", "First player: Player 1", "Turn: Player 2 (you)"]


def test_each_empire_with_its_goods_vp_deals_foundations_and_hand_size(game):
    _, st = fresh("Romans", "Barbarians")
    supply(st, 0, wood=2, worker=5, raze=1)
    supply(st, 1, gold=1)
    st.seats[1].vp = 7
    give(game, st, 1, "BAR004", "deals")  # a deal for 1 gold
    give(game, st, 1, "COM046", "foundations")
    give(game, st, 1, "COM007")
    give(game, st, 1, "BAR001")  # in hand
    give(game, st, 0, "COM001")
    rows = cells(panel(game.board_panels(st, 0, "ru"), "Империи"))
    assert rows[""] == ["Игрок 1 (вы)", "Игрок 2"]
    assert rows["Империя"] == ["Римляне", "Варвары"]
    assert rows["ПО"] == ["0", "7"]
    assert rows["Личный запас"] == ["2 дерева\n5 рабочих\n1 жетон разрушений", "1 золотой"]
    deal = game.display_name("BAR004", "ru")
    assert rows["Сделки под планшетом"] == ["нет сделок", f"{deal}: 1 золотой"]
    assert rows["Фундаменты"] == ["—", game.display_name("COM046", "ru")]
    assert rows["На руке"] == ["общих 2, имперских 0", "общих 2, имперских 1"]  # and a Ruins each
    assert rows["Сохраняется при очистке"][1] == "рабочий"


def test_locations_by_row_with_tokens_samurai_and_uses(game):
    _, st = fresh("Japanese", "Romans")
    give(game, st, 0, "COM074", "locations")  # a Ruins, a feature
    castle = give(game, st, 0, "COM046", "locations")  # an action location
    field = give(game, st, 0, "COM025", "locations")  # a production location
    st.seats[0].used[castle] = 2
    st.seats[0].defended.append(field)
    mine = panel(game.board_panels(st, 1, "ru"), "Игрок 1, Японцы")
    assert mine["header"] and mine["rows"][0] == ["Производство", "Особенности", "Действия"]
    production, features, actions = mine["rows"][1]
    assert production == f"{game.display_name('COM025', 'ru')} (жетон обороны)"
    assert features == game.display_name("COM074", "ru")
    assert actions == f"{game.display_name('COM046', 'ru')} (использована 2 раза в этом раунде)"
    en = panel(game.board_panels(st, 0, "en"), "Player 1 (you), Japanese")
    assert en["rows"][1][2] == "Castle (used 2 times this round)"


def test_the_seat_sees_its_own_hand_with_each_cards_text_and_not_the_others(game):
    _, st = fresh("Romans", "Barbarians")
    give(game, st, 0, "COM001")
    give(game, st, 0, "COM025")
    give(game, st, 1, "COM046")  # a Castle in the other hand
    for lang, title in (("ru", "Ваша рука: 3 карточки"), ("en", "Your hand: 3 cards")):
        panels = game.board_panels(st, 0, lang)
        hand = panel(panels, title)
        assert [row[0] for row in hand["rows"]] == [game.display_name(c, lang) for c in ("COM074", "COM001", "COM025")]
        assert hand["rows"][2][1] == "\n".join(game.card_text("COM025", lang))
        assert game.display_name("COM046", lang) not in text(panels)
    st.seats[0].hand = []
    st.edited()
    assert panel(game.board_panels(st, 0, "ru"), "Ваша рука")["rows"] == [["нет карточек"]]


def test_face_down_foundations_are_named_only_to_their_owner(game):
    _, st = fresh("Romans", "Barbarians")
    give(game, st, 1, "COM046", "hidden_foundations")
    castle = game.display_name("COM046", "ru")
    own = cells(panel(game.board_panels(st, 1, "ru"), "Империи"))["Фундаменты"]
    assert own == ["—", f"{castle} (рубашкой вверх)"]
    other = game.board_panels(st, 0, "ru")
    assert cells(panel(other, "Империи"))["Фундаменты"] == ["—", "рубашкой вверх: 1"]
    assert castle not in text(other)


def test_the_solo_mode_shows_the_virtual_opponent(game):
    st = game.new(1, 3, {})
    while not st.virtual:
        seat = game.actors(st)[0]
        game.apply(st, seat, game.legal(st, seat)[0])
    panels = game.board_panels(st, 0, "ru")
    virtual = cells(panel(panels, "Виртуальный противник"))
    assert virtual["Его локации"] == ["\n".join(game.display_name(game.cards[k].id, "ru") for k in st.virtual)]
    targets = [game.display_name(game.attacks[i].target, "ru") for i in st.attack_row]
    assert virtual["Открытые карточки атаки, их цели"] == [", ".join(targets) or "—"]
    assert [p["title"] for p in panels][:2] == ["Поселенцы", "Империи"]
    en = cells(panel(game.board_panels(st, 0, "en"), "The virtual opponent"))
    assert "Its locations" in en
