"""Browser tests: Playwright driving Debian's Chromium against a real ``epochal serve`` process.

They run in their own pytest invocation (``make test`` does both): each starts a server and a
browser, which is better done one at a time than squeezed between xdist workers.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from epochal.server.process import ServerProcess

CHROMIUM = os.environ.get("EPOCHAL_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOT_DELAY = 0.02  # bots keep their pacing logic, just fast enough for a test


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path):
    proc = ServerProcess(
        f"sqlite:///{tmp_path / 'browser.sqlite'}", bot_delay=BOT_DELAY, log_path=tmp_path / "server.log"
    ).start()
    yield proc
    proc.stop()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(lang: str = "en"):
        ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=lang)
        ctx.set_default_timeout(20_000)
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()


def create_game(server, seats: list[dict], **body) -> dict:
    r = httpx.post(f"{server.url}/api/games", json={"game": "hadara", "seats": seats, **body}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def seat_url(link: str, lang: str) -> str:
    return link.replace("#", f"?lang={lang}#")


def version(page) -> int:
    return int(page.evaluate("document.body.dataset.version || -1"))


def click_something(page, rng: random.Random) -> None:
    """Click one of the enabled legal-action controls and wait for the answer to be drawn."""
    before = version(page)
    buttons = page.locator("[data-action-id]:enabled")
    try:  # a position drawn a moment ago may be replaced by the next one: wait for its controls
        buttons.first.wait_for(state="attached", timeout=10_000)
    except PlaywrightTimeout:
        raise AssertionError(f"it is my turn but there is nothing to click: {page.inner_text('#banner')!r}") from None
    count = buttons.count()
    buttons.nth(rng.randrange(count)).click()
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
    # The socket's update may be drawn before the HTTP answer: the controls stay disabled until then.
    page.wait_for_selector("body:not(.busy)")


def my_turn_or_end(page) -> str:
    """Wait until the page shows either my turn or the end screen."""
    page.wait_for_selector("[data-testid=your-turn], [data-testid=end-screen]:not([hidden])", timeout=30_000)
    return "end" if page.locator("[data-testid=end-screen]").is_visible() else "turn"
