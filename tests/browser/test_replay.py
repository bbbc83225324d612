"""The replay page in a real browser, for every game: a finished game of bots is stepped through
with the buttons and the arrow keys from two seats' views and face up, a step's link is opened
directly, a record file is opened, and the page fits a phone.

The engine replays the same record beside the page, so each step's check knows the truth: in a
seat's view no card another seat hid from it may be drawn (by id on the board's elements, or by
a name no card the seat sees has), and face up every seat's hand is drawn.
"""

from __future__ import annotations

import json

import httpx
import pytest

from epochal.engine import get_game, parse_record, replay_states
from epochal.engine.hidden import seen_cards
from epochal.server.process import ServerProcess

from .conftest import BOT_DELAY

GAMES = ("hadara", "guns_and_steel", "imperium", "imperial_settlers")
BOTS = [{"kind": "bot", "level": "random", "name": "Amira"}, {"kind": "bot", "level": "random", "name": "Boris"}]
# What the board draws of the position: the cards by id (G&S keeps a card's copy in data-key), and
# its words.
BOARD = """() => ({
  ids: [...document.querySelectorAll('#board [data-card], #board [data-key]')]
         .flatMap((e) => [e.dataset.card, e.dataset.key]).filter(Boolean),
  text: document.getElementById('board').innerText,
})"""


class Finished:
    """A finished game on the server, and its positions as the engine replays them."""

    def __init__(self, url: str, name: str, gid: str):
        self.name, self.id = name, gid
        self.game = get_game(name)
        self.record = parse_record(httpx.get(f"{url}/api/games/{gid}/record", timeout=10).content)
        self.states = [s.clone() for s in replay_states(self.record, game=self.game)]
        cards = httpx.get(f"{url}/api/meta/{name}/cards?lang=en", timeout=10).json()["cards"]
        self.names = {i: c["name"] for c in cards for i in [c["id"], *c.get("copies", [])]}

    @property
    def steps(self) -> int:
        return len(self.record.actions)

    def hidden(self, step: int, seat: int) -> set[str]:
        """The cards some seat saw at ``step`` and ``seat`` did not."""
        state = self.states[step]
        return seen_cards(self.game, self.game.open_view(state)) - seen_cards(self.game, self.game.view(state, seat))

    def hands(self, step: int) -> set[str]:
        """Every card in a seat's hand at ``step`` (the face-up view draws them all)."""
        opened = self.game.open_view(self.states[step])
        return {c for s in opened["seats"] for c in (s.get("hand") or [])}

    def rich_step(self, seat: int) -> int:
        """A step in the first half where another seat hides several cards from ``seat``."""
        return max(range(1, self.steps // 2), key=lambda n: (len(self.hidden(n, seat)), -n))


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """One finished two-bot game of each game, shared by the module's tests."""
    folder = tmp_path_factory.mktemp("replay")
    proc = ServerProcess(f"sqlite:///{folder / 'replay.sqlite'}", bot_delay=0.0, log_path=folder / "server.log").start()
    try:
        made = {}
        with httpx.Client(base_url=proc.url, timeout=10) as http:
            for name in GAMES:
                r = http.post("/api/games", json={"game": name, "seats": BOTS, "seed": 11})
                assert r.status_code == 201, r.text
                made[name] = r.json()["id"]
            for gid in made.values():
                wait_finished(http, gid)
        yield proc, {name: Finished(proc.url, name, gid) for name, gid in made.items()}
    finally:
        proc.stop()


def wait_finished(http: httpx.Client, gid: str) -> None:
    import time

    deadline = time.monotonic() + 120
    while http.get(f"/api/games/{gid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, f"game {gid} did not finish"
        time.sleep(0.1 + BOT_DELAY)


def at(page, step: int, viewpoint: str) -> None:
    page.wait_for_selector(f"body[data-step='{step}'][data-viewpoint='{viewpoint}']")
    page.wait_for_function("() => document.querySelector('#board').textContent.trim().length > 0")


def check_seat(page, fin: Finished, step: int, seat: int) -> int:
    """Nothing another seat hid from ``seat`` is drawn; returns how many hidden cards were looked for."""
    hidden = fin.hidden(step, seat)
    drawn = page.evaluate(BOARD)
    assert not set(drawn["ids"]) & hidden, (fin.name, step, seat, sorted(set(drawn["ids"]) & hidden))
    seen_names = {fin.names.get(c) for c in seen_cards(fin.game, fin.game.view(fin.states[step], seat))}
    for card in hidden:
        name = fin.names.get(card)
        if name and name not in seen_names:  # a name only a hidden card has
            assert name not in drawn["text"], (fin.name, step, seat, card, name)
    assert page.evaluate("location.hash") == f"#step={step}&seat={seat}"
    return len(hidden)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_is_stepped_through_from_two_seats_and_face_up(games, new_page, name):
    proc, finished = games
    fin = finished[name]
    page = new_page("en")
    looked = 0
    for seat in (0, 1):
        start = fin.rich_step(seat)
        page.goto(f"{proc.url}/replay/{fin.id}?lang=en#step={start}&seat={seat}")  # a step's own link
        at(page, start, str(seat))
        assert page.locator("[data-testid=replay-viewpoint]").input_value() == str(seat)
        looked += check_seat(page, fin, start, seat)
        page.click("[data-testid=replay-forward]")
        at(page, start + 1, str(seat))
        looked += check_seat(page, fin, start + 1, seat)
        page.keyboard.press("ArrowRight")
        at(page, start + 2, str(seat))
        looked += check_seat(page, fin, start + 2, seat)
        page.keyboard.press("ArrowLeft")
        page.click("[data-testid=replay-back]")
        at(page, start, str(seat))
        looked += check_seat(page, fin, start, seat)
        assert page.locator("[data-testid=replay-step]").inner_text() == f"Step {start} of {fin.steps}"
    assert looked > 3, "the chosen steps hid no card: the test would prove nothing"
    # face up, from the same step: every seat's hand is drawn
    page.select_option("[data-testid=replay-viewpoint]", "open")
    at(page, start, "open")
    drawn = set(page.evaluate(BOARD)["ids"])
    assert fin.hands(start) and fin.hands(start) <= drawn, (name, sorted(fin.hands(start) - drawn))
    assert page.evaluate("location.hash") == f"#step={start}&seat=open"
    # the ends: Home and End, and the buttons that lead there
    page.keyboard.press("End")
    at(page, fin.steps, "open")
    assert page.locator("[data-testid=replay-scores] [data-testid=score-table]").is_visible()
    assert page.locator("[data-testid=replay-forward]").is_disabled()
    page.click("[data-testid=replay-first]")
    at(page, 0, "open")
    assert page.locator("[data-testid=log] li").count() == 0
    page.click("[data-testid=replay-last]")
    at(page, fin.steps, "open")
    # the step's action is marked in the log
    assert page.locator("[data-testid=log-current]").count() <= 1


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_fits_a_phone_in_russian(games, browser, name):
    proc, finished = games
    fin = finished[name]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru", is_mobile=True, has_touch=True)
    try:
        page = ctx.new_page()
        step = fin.steps // 2
        page.goto(f"{proc.url}/replay/{fin.id}?lang=ru#step={step}&seat=1")
        at(page, step, "1")
        assert "Шаг" in page.locator("[data-testid=replay-step]").inner_text()
        for viewpoint in ("open", "0"):
            page.select_option("[data-testid=replay-viewpoint]", viewpoint)
            at(page, step, viewpoint)
            wide = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert wide <= 0, f"{name}: {wide}px of horizontal scroll on a phone"
    finally:
        ctx.close()


def test_the_table_and_the_lobby_lead_to_the_replay_and_a_record_file_opens(games, new_page, tmp_path):
    proc, finished = games
    fin = finished["hadara"]
    page = new_page("ru")
    page.goto(f"{proc.url}/game/{fin.id}?lang=ru")
    page.wait_for_selector("[data-testid=end-screen]:not([hidden])")
    page.click("[data-testid=replay-link]")
    at(page, 0, "open")  # a finished game opens at the setup, face up
    assert page.url.split("#")[0].endswith(f"/replay/{fin.id}?lang=ru")
    page.goto(f"{proc.url}/?lang=ru")
    page.wait_for_selector(f"[data-game-id='{fin.id}'] [data-testid=replay-link]")
    page.click("[data-testid=replay-file-link]")
    page.wait_for_selector("[data-testid=record-picker]:not([hidden])")
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "hadara"}')
    page.set_input_files("[data-testid=record-file]", str(bad))
    page.wait_for_selector("[data-testid=file-error]:not([hidden])")
    assert "не удаётся" in page.locator("[data-testid=file-error]").inner_text()
    good = tmp_path / "record.json"
    good.write_text(json.dumps(json.loads(fin.record.to_json())))
    page.set_input_files("[data-testid=record-file]", str(good))
    at(page, 0, "open")
    page.keyboard.press("ArrowRight")
    at(page, 1, "open")
    assert page.locator("[data-testid=replay-step]").inner_text() == f"Шаг 1 из {fin.steps}"
    page.reload()  # the file is kept for the tab: the same step comes back
    at(page, 1, "open")
