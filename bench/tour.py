"""Look at the web table as a player would: every game, in each language, on a laptop and a phone.

    .venv/bin/python bench/tour.py [--games hadara,imperium] [--langs en,ru] [--moves 12]
                                   [--out /tmp/tour] [--sizes 1280x800,390x844] [--docs]

Starts a server on a scratch SQLite file; for each game creates a table (one person, bots in the
other seats), plays the person's seat for a number of moves by the first legal action the view
offers that is not a pass, then opens the seat's page at each size and language, saves a
screenshot, and reports the page's width (``scrollWidth``; a phone must not scroll sideways) and
the visible words that look like raw identifiers (``snake_case``, card ids). ``--docs`` writes the
pictures the README and docs/web.md show (``docs/img/<game>-<lang>-<width>.png``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from epochal.server.process import ServerProcess  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
GAMES = {
    "hadara": {},
    "guns_and_steel": {},
    "imperium": {"nations": "Romans,Celts,Greeks"},
    "imperial_settlers": {},
}
# Words a person should never read: snake_case, card ids such as 1CAR16 or I-GRN-07, rule codes.
RAW = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|\b\d[A-Z]{2,}\d+\b|\b[IV]+-[A-Z]{3}-\d+\b|\bPE\d+\b")


def call(method: str, url: str, body=None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data, headers, method=method), timeout=10) as r:
        return json.loads(r.read())


def play(base: str, game_id: str, token: str, moves: int) -> None:
    """Make ``moves`` of the seat's moves, waiting for the bots between them."""
    made, deadline = 0, time.monotonic() + 60
    while made < moves and time.monotonic() < deadline:
        msg = call("GET", f"{base}/api/games/{game_id}/view", token=token)
        legal = msg["view"]["legal"]
        if msg["view"].get("over"):
            return
        if not legal:
            time.sleep(0.05)
            continue
        texts = [a.get("text", "") for a in legal]
        pick = next((a for a, t in zip(legal, texts, strict=True) if "pass" not in t.lower()), legal[0])
        call("POST", f"{base}/api/games/{game_id}/actions", {"action": pick["id"], "version": msg["version"]}, token)
        made += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--langs", default="en,ru")
    parser.add_argument("--sizes", default="1280x800,390x844")
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default="/tmp/tour")
    parser.add_argument("--lobby", action="store_true", help="photograph the lobby too")
    parser.add_argument("--docs", action="store_true", help="write docs/img/<game>-<lang>-<width>.png")
    args = parser.parse_args()
    out = ROOT / "docs" / "img" if args.docs else Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(x) for x in s.split("x")) for s in args.sizes.split(",")]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, ServerProcess(f"sqlite:///{tmp}/tour.sqlite", bot_delay=0.0) as server:
        pages = []
        if args.lobby:
            pages += [("lobby", lang, f"{server.url}/?lang={lang}") for lang in args.langs.split(",")]
        for name in args.games.split(","):
            seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy", "name": "Boris"}]
            if name != "imperial_settlers":
                seats.append({"kind": "bot", "level": "easy", "name": "Vera"})
            game = call(
                "POST",
                f"{server.url}/api/games",
                {"game": name, "seed": args.seed, "seats": seats, "options": GAMES[name]},
            )
            seat = game["seats"][0]
            play(server.url, game["id"], seat["token"], args.moves)
            for lang in args.langs.split(","):
                pages.append((name, lang, seat["link"].replace("#", f"?lang={lang}#")))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, lang, url in pages:
                for width, height in sizes:
                    page = browser.new_page(viewport={"width": width, "height": height}, locale=lang)
                    page.goto(url)
                    page.wait_for_selector("[data-testid=turn-banner]:not(:empty), .lobby, form", timeout=20_000)
                    page.wait_for_timeout(2500)
                    path = out / f"{name.replace('_', '-')}-{lang}-{width}.png"
                    page.screenshot(path=str(path), full_page=not args.docs)
                    scroll = page.evaluate("document.documentElement.scrollWidth")
                    words = sorted(set(RAW.findall(page.evaluate("document.body.innerText"))))
                    print(
                        f"{path.name}: width {scroll}{' (scrolls sideways)' if scroll > width else ''}"
                        f"{'; raw: ' + ', '.join(words[:12]) if words else ''}"
                    )
                    page.close()
            browser.close()


if __name__ == "__main__":
    main()
