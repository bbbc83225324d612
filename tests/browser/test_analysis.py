"""The computer analysis on the replay page, in a real browser: a finished game is sent to analysis
with one click, the progress shows, then the chance-to-win graph (one line per seat the viewpoint
may see), and at a decision its options by chance to win with the best and the played one marked;
a click on the graph goes to a step. A seat's view shows only that seat's line and decisions, a
spectator's none. From the table's end screen one click queues the analysis and opens it, in
Russian on a phone, without horizontal scrolling.
"""

from __future__ import annotations

import re
import time

import httpx
import pytest

from epochal.server.process import ServerProcess

BOTS = [{"kind": "bot", "level": "random", "name": "Amira"}, {"kind": "bot", "level": "random", "name": "Boris"}]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Two finished two-bot Hadara games on a server that analyses with 20 iterations a decision."""
    folder = tmp_path_factory.mktemp("analysis")
    proc = ServerProcess(
        f"sqlite:///{folder / 'analysis.sqlite'}",
        bot_delay=0.0,
        log_path=folder / "server.log",
        extra_args=["--analysis-budget", "20", "--bot-processes", "0"],
    ).start()
    try:
        with httpx.Client(base_url=proc.url, timeout=10) as http:
            made = [
                http.post("/api/games", json={"game": "hadara", "seats": BOTS, "seed": seed}).json()["id"]
                for seed in (11, 12)
            ]
            deadline = time.monotonic() + 120
            for gid in made:
                while http.get(f"/api/games/{gid}").json()["status"] != "finished":
                    assert time.monotonic() < deadline, f"game {gid} did not finish"
                    time.sleep(0.1)
        yield proc, made
    finally:
        proc.stop()


def at(page, step: int, viewpoint: str) -> None:
    page.wait_for_selector(f"body[data-step='{step}'][data-viewpoint='{viewpoint}']")


def step_of(page) -> int:
    return int(page.evaluate("document.body.dataset.step"))


def options(page) -> list[dict]:
    """The options listed at the step: their win chance, and whether marked best or played."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=analysis-options] li')].map((li) => ({
             win: li.querySelector('.analysis-win').textContent, best: li.classList.contains('best'),
             played: li.classList.contains('played'), text: li.querySelector('.analysis-text').textContent}))"""
    )


def test_a_game_is_sent_to_analysis_and_its_graph_and_options_are_shown(games, new_page):
    proc, (gid, _) = games
    page = new_page("en")
    page.goto(f"{proc.url}/replay/{gid}?lang=en#step=0&seat=open")
    at(page, 0, "open")
    page.click("[data-testid=analyse]")
    progress = page.wait_for_selector("[data-testid=analysis-progress]").inner_text()
    assert re.match(r"Waiting for the analysis|Analysing", progress), progress
    page.wait_for_selector("[data-testid=analysis-graph]", timeout=120_000)
    assert page.locator("[data-testid=analysis-graph] polyline").count() == 2  # one line per seat
    summary = page.locator("[data-testid=analysis-summary] li")
    assert summary.count() == 2 and "Amira" in summary.nth(0).inner_text() and "Boris" in summary.nth(1).inner_text()
    assert re.search(r"\d+ inaccurac", summary.nth(0).inner_text())
    # the next decision: its options by chance to win, the best and the played one marked
    page.click("[data-testid=analysis-next]")
    page.wait_for_selector("[data-testid=analysis-options]")
    listed = options(page)
    assert len(listed) >= 2 and sum(o["best"] for o in listed) == 1 and sum(o["played"] for o in listed) == 1
    wins = [int(o["win"].rstrip("%")) for o in listed if o["win"] != "—"]
    assert wins == sorted(wins, reverse=True)
    assert all(o["text"] and "{" not in o["text"] for o in listed)
    # a marked move: its judgement in words
    page.click("[data-testid=analysis-next-marked]")
    page.wait_for_function(
        "() => /Inaccuracy|Mistake|Blunder/.test(document.querySelector('[data-testid=analysis-verdict]')?.textContent)"
    )
    marked = step_of(page)
    assert any(o["played"] and not o["best"] for o in options(page))
    # the graph: the step shown is marked, and a click goes to another step
    box = page.locator("[data-testid=analysis-graph]").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2)
    page.wait_for_function("s => Number(document.body.dataset.step) !== s", arg=marked)
    assert step_of(page) > marked
    now = page.locator("[data-testid=analysis-now]")
    assert float(now.get_attribute("x1")) > box["width"] * 0.6
    # a seat's view: its own line and its own decisions only
    page.select_option("[data-testid=replay-viewpoint]", "0")
    at(page, step_of(page), "0")
    page.wait_for_function("() => document.querySelectorAll('[data-testid=analysis-graph] polyline').length === 1")
    assert page.locator("[data-testid=analysis-summary] li").count() == 1
    for _ in range(3):
        page.click("[data-testid=analysis-next]")
        page.wait_for_selector("[data-testid=analysis-options]")
        assert page.locator("[data-testid=analysis-step] h3").inner_text().startswith("Amira")
    # a spectator's: none of it, and why
    page.select_option("[data-testid=replay-viewpoint]", "spectator")
    page.wait_for_selector("[data-testid=analysis-hidden]")
    assert page.locator("[data-testid=analysis-graph]").count() == 0
    # a reload finds the stored analysis at once, with no button to press
    page.goto(f"{proc.url}/replay/{gid}?lang=en#step=3&seat=open")
    page.wait_for_selector("[data-testid=analysis-graph]")
    assert page.locator("[data-testid=analyse]").count() == 0


def test_the_end_screen_sends_the_game_to_analysis_in_one_click_on_a_phone_in_russian(games, browser):
    proc, (_, gid) = games
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru", is_mobile=True, has_touch=True)
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        page.goto(f"{proc.url}/game/{gid}?lang=ru")
        page.wait_for_selector("[data-testid=end-screen]:not([hidden])")
        link = page.locator("[data-testid=analyse-link]")
        assert link.inner_text() == "Анализ партии"
        link.click()
        page.wait_for_selector("[data-testid=analysis-progress], [data-testid=analysis-graph]")
        assert page.locator("[data-testid=analyse]").count() == 0  # queued by the click already
        page.wait_for_selector("[data-testid=analysis-graph]", timeout=120_000)
        panel = page.locator("[data-testid=analysis]").inner_text()
        assert "Шансы на победу" in panel and "Компьютерный анализ" in panel
        page.click("[data-testid=analysis-next]")
        page.wait_for_selector("[data-testid=analysis-options]")
        assert "лучший" in page.locator("[data-testid=analysis-best]").inner_text()
        assert "ожидаемый счёт" in page.locator("[data-testid=analysis-options]").inner_text()
        wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert wide <= 0, f"{wide}px of horizontal scroll on a phone"
        # nothing untranslated: no word of the English page
        for english in ("Chance to win", "best", "played", "decision", "expected score"):
            assert english not in panel, english
    finally:
        ctx.close()
