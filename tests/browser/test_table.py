"""The web table in a real browser: create, play to the end, secrecy, restart, languages."""

from __future__ import annotations

import random
import re

import httpx

from epochal.server.process import ServerProcess

from .conftest import BOT_DELAY, click_something, create_game, my_turn_or_end, seat_url, version

HUMAN = {"kind": "human"}


def test_create_in_the_lobby_and_play_a_whole_game_by_clicking(server, new_page):
    page = new_page("en")
    page.goto(f"{server.url}/?lang=en")
    page.select_option("[data-testid=game]", "hadara")
    page.select_option("[data-testid=players]", "3")
    page.select_option("[data-testid=seat-kind-0]", "human")
    page.select_option("[data-testid=seat-kind-1]", "bot")
    page.select_option("[data-testid=seat-level-1]", "easy")
    page.select_option("[data-testid=seat-kind-2]", "bot")
    page.select_option("[data-testid=seat-level-2]", "random")
    page.fill("[data-testid=seat-name-0]", "Amira")
    page.click("[data-testid=create]")
    link = page.locator("[data-testid=seat-link-0]").input_value()
    assert page.locator("[data-testid=spectator-link]").input_value() in link
    assert page.locator("[data-testid=seat-link-1]").count() == 0  # bots get no link
    game_id = re.search(r"/game/([^#?]+)", link).group(1)

    page.goto(seat_url(link, "en"))
    page.wait_for_selector("body[data-version]")  # the first view has been drawn
    assert page.locator("[data-testid=provisional-flag]").is_visible()
    rng = random.Random(7)
    clicks = 0
    while my_turn_or_end(page) == "turn":
        click_something(page, rng)
        clicks += 1
        assert clicks < 200, "the game does not end"
    summary = httpx.get(f"{server.url}/api/games/{game_id}").json()
    assert summary["status"] == "finished" and clicks >= 20

    table = page.locator("[data-testid=score-table]")
    header = table.locator("thead th").all_inner_texts()
    assert "Amira" in " ".join(header)
    categories = table.locator("tbody tr").evaluate_all("rows => rows.map(r => r.dataset.category)")
    assert categories == ["colonies", "statues", "silver", "gold", "cards", "coins", "total", "tiebreak"]
    assert table.locator("tbody tr[data-category=colonies] th").inner_text() == "Colonies"
    totals = [int(x) for x in table.locator("tr[data-category=total] td").all_inner_texts()]
    assert totals == summary["scores"]
    for seat in range(3):  # each column adds up to its total
        parts = [int(table.locator(f"tr[data-category={c}] td").nth(seat).inner_text()) for c in categories[:6]]
        assert sum(parts) == totals[seat]
    assert "Game over" in page.locator("[data-testid=turn-banner]").inner_text()
    assert page.locator("[data-testid=log] li").count() > 30
    page.click("[data-testid=close-end]")
    assert not page.locator("[data-testid=end-screen]").is_visible()
    page.click("[data-testid=show-scores]")
    assert page.locator("[data-testid=end-screen]").is_visible()


def test_another_seat_never_sees_my_hidden_cards(server, new_page):
    game = create_game(server, [HUMAN, HUMAN, {"kind": "bot", "level": "random"}], seed=5)
    pages, frames = {}, {0: [], 1: [], None: []}
    for seat in (0, 1, None):
        page = new_page("en")
        page.on(
            "websocket",
            lambda ws, seat=seat: ws.on(
                "framereceived",
                lambda f, seat=seat: frames[seat].append(f if isinstance(f, str) else f.get("payload", "")),
            ),
        )
        link = game["seats"][seat]["link"] if seat is not None else game["spectator_link"]
        page.goto(seat_url(link, "en"))
        pages[seat] = page
    rng = random.Random(3)
    checked = rounds = 0
    for _ in range(60):  # sides, the wheel, drafting, then phase B
        turns = [seat for seat in (0, 1) if pages[seat].locator("[data-testid=your-turn]").count()]
        if not turns:
            pages[0].wait_for_timeout(50)
            continue
        hands = {
            seat: pages[seat]
            .locator("[data-testid=hand] [data-card]")
            .evaluate_all("els => els.map(e => e.dataset.card)")
            for seat in turns
        }
        rounds += len([h for h in hands.values() if h]) == 2
        for seat, hand in hands.items():
            for other in (1 - seat, None):
                html = pages[other].content()
                for card in hand:
                    named = re.compile(rf"(?<![\w-]){re.escape(card)}(?![\w-])")
                    assert not named.search(html), f"seat {other} shows seat {seat}'s hidden card {card}"
                    assert not any(named.search(f) for f in frames[other]), f"seat {other} was sent {card}"
                    checked += 1
        for seat in turns:
            click_something(pages[seat], rng)
        if rounds >= 5:
            break
    assert rounds >= 5  # every drafting round of epoch I
    assert checked >= 40
    for seat in (0, 1):  # secret sales stay secret too
        sold = pages[seat].locator(".sold [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        for card in sold:
            named = re.compile(rf"(?<![\w-]){re.escape(card)}(?![\w-])")
            assert not named.search(pages[1 - seat].content()) and not named.search(pages[None].content())
            assert not any(named.search(f) for f in frames[1 - seat] + frames[None])


def test_the_server_is_killed_mid_game_and_the_page_carries_on(tmp_path, new_page):
    url = f"sqlite:///{tmp_path / 'restart.sqlite'}"
    server = ServerProcess(url, bot_delay=BOT_DELAY, log_path=tmp_path / "server.log").start()
    try:
        game = create_game(
            server, [HUMAN, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "random"}], seed=12
        )
        page = new_page("en")
        page.goto(seat_url(game["seats"][0]["link"], "en"))
        rng = random.Random(1)
        for _ in range(8):
            assert my_turn_or_end(page) == "turn"
            click_something(page, rng)
        my_turn_or_end(page)

        def position():
            return {
                "version": version(page),
                "status": page.inner_text("[data-testid=status]"),
                "coins": page.inner_text("[data-testid=coins-0]"),
                "seat": page.inner_text("[data-testid=seat-0]"),
                "board": page.inner_text("[data-testid=board]"),
                "actions": page.locator("[data-action-id]").evaluate_all("els => els.map(e => e.dataset.actionId)"),
            }

        before = position()
        server.kill()
        page.wait_for_selector("[data-testid=connection][data-state=reconnecting]")
        server = ServerProcess(url, port=server.port, bot_delay=BOT_DELAY, log_path=tmp_path / "server.log").start()
        page.wait_for_selector("[data-testid=connection][data-state=online]", timeout=30_000)
        my_turn_or_end(page)
        assert position() == before
        for _ in range(5):  # and the game goes on
            assert my_turn_or_end(page) == "turn"
            click_something(page, rng)
        assert version(page) > before["version"]
    finally:
        server.stop()


def test_the_page_in_russian_and_in_english(server, new_page):
    game = create_game(server, [HUMAN, {"kind": "bot", "level": "random"}], seed=3)
    page = new_page("ru")
    page.goto(seat_url(game["seats"][0]["link"], "ru"))
    page.wait_for_selector("[data-testid=your-turn]")
    assert page.inner_text("[data-testid=your-turn]") == "Ваш ход"
    assert "Предварительные данные карт" in page.inner_text("[data-testid=provisional-flag]")
    click_something(page, random.Random(2))  # choose a start side: the log fills
    page.wait_for_selector("[data-testid=your-turn]")
    board = page.inner_text("[data-testid=board]")
    assert "Экономика" in board and "Эпоха" in board and "Военное дело" in board
    log_ru = page.inner_text("[data-testid=log]")
    assert "Начинается эпоха 1" in log_ru and "begins" not in log_ru
    assert page.evaluate("document.documentElement.lang") == "ru"

    page.select_option("[data-testid=lang]", "en")
    page.wait_for_function("() => document.querySelector('[data-testid=log]').innerText.includes('Epoch 1 begins')")
    assert page.inner_text("[data-testid=your-turn]") == "Your turn"
    board = page.inner_text("[data-testid=board]")
    assert "Income" in board and "Epoch" in board and "Экономика" not in board
    assert "Начинается" not in page.inner_text("[data-testid=log]")
    assert "lang=en" in page.url

    lobby = new_page("ru")
    lobby.goto(f"{server.url}/?lang=ru")
    lobby.wait_for_selector("[data-testid=create]")
    assert lobby.inner_text("[data-testid=create]") == "Создать игру"
    lobby.select_option("[data-testid=lang]", "en")
    assert lobby.inner_text("[data-testid=create]") == "Create game"


def test_a_game_without_a_board_layout_is_playable_from_the_decision_panel(server, new_page):
    # Block the layout module, as for a newly registered game that has none yet.
    game = create_game(server, [HUMAN, {"kind": "bot", "level": "random"}], seed=6)
    page = new_page("en")
    page.route("**/static/games/*/board.js", lambda route: route.abort())
    page.goto(seat_url(game["seats"][0]["link"], "en"))
    page.wait_for_selector("body[data-version]")
    assert "no board drawing yet" in page.inner_text("[data-testid=board]")
    rng = random.Random(4)
    for _ in range(6):
        assert my_turn_or_end(page) == "turn"
        assert page.locator("[data-testid=decision] [data-action-id]").count()
        assert page.locator("[data-testid=board] [data-action-id]").count() == 0
        click_something(page, rng)
    assert page.locator("[data-testid=log] li").count() > 3


def test_a_seat_is_found_again_under_my_games_after_the_tab_is_closed(server, browser):
    """The lobby remembers the seats this browser was given (in the browser's storage only: the
    server's lobby lists no link), so closing the tab no longer loses the seat."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en")
    page = ctx.new_page()
    page.goto(f"{server.url}/?lang=en")
    page.select_option("[data-testid=game]", "hadara")
    page.select_option("[data-testid=players]", "2")
    page.select_option("[data-testid=seat-kind-0]", "human")
    page.select_option("[data-testid=seat-kind-1]", "bot")
    page.fill("[data-testid=seat-name-0]", "Amira")
    page.click("[data-testid=create]")
    link = page.locator("[data-testid=seat-link-0]").input_value()
    page.close()  # the tab is closed without copying the link

    lobby = ctx.new_page()
    lobby.goto(f"{server.url}/?lang=en")
    mine = lobby.locator("[data-testid=my-game]")
    mine.first.wait_for()
    assert mine.count() == 1 and "Amira" in mine.first.inner_text()
    lobby.wait_for_selector("[data-testid=my-game] .tag.turn")  # R21: every seat chooses a side first
    token = link.split("#seat=")[1]
    assert token not in httpx.get(f"{server.url}/api/games").text
    lobby.click("[data-testid=my-game-play]")
    lobby.wait_for_selector("[data-testid=your-turn]")
    assert lobby.title().startswith("●")  # the tab says it is my turn
    ctx.close()


def test_the_tab_says_when_it_is_my_turn_and_sound_and_notices_are_kept(server, browser):
    game = create_game(server, [HUMAN, {"kind": "bot", "level": "easy"}], seed=8)
    ctx = browser.new_context(locale="en")
    ctx.grant_permissions(["notifications"])
    page = ctx.new_page()
    page.goto(seat_url(game["seats"][0]["link"], "en"))
    page.wait_for_selector("[data-testid=your-turn]")
    assert page.title().startswith("●")
    assert page.get_attribute("#favicon", "href") == "/static/turn-icon.svg"
    page.check("[data-testid=turn-sound]")
    page.check("[data-testid=turn-notify]")  # granted: the setting stays on
    page.reload()
    page.wait_for_selector("[data-testid=your-turn]")
    assert page.is_checked("[data-testid=turn-sound]") and page.is_checked("[data-testid=turn-notify]")
    watcher = ctx.new_page()
    watcher.goto(f"{server.url}/game/{game['id']}?lang=en")
    watcher.wait_for_selector("body[data-version]")
    assert not watcher.title().startswith("●")
    assert watcher.get_attribute("#favicon", "href") == "/favicon.ico"
    ctx.close()
