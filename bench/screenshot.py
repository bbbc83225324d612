"""Take the README's screenshot: a Hadara game in progress, seen by its human seat.

    .venv/bin/python bench/screenshot.py [--out docs/img/hadara-table.png] [--lang en]

Starts a server on a scratch SQLite file, creates a game (one person, two bots), plays the
person's seat through the HTTP API with a simple preference for buying and building until
epoch II's discard-pile step, then photographs the seat's page in Debian's Chromium.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from epochal.server.process import ServerProcess  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def call(method: str, url: str, body=None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data, headers, method=method), timeout=10) as r:
        return json.loads(r.read())


def preference(view: dict, ui: dict, action: dict) -> float:
    """Higher is better: build things, buy good cards, never pass when something is possible."""
    hint = ui.get("actions", {}).get(str(action["id"]), {})
    kind = hint.get("kind")
    if kind in ("draw", "take"):
        card = view["cards"].get(hint["card"], {})
        worth = card.get("vp", 0) + sum(card.get("bonus", {}).values()) * 1.5
        return worth - (0 if not hint["sell"] else worth + 1)
    return {
        "colony": 8,
        "annex": 7,
        "statue": 6 - hint.get("face_down", 0),
        "silver": 5,
        "gold": 6,
        "side": 1 if hint.get("side") == "A" else 0,
        "wheel": 0,
        "tile": 1,
        "feed_pay": 3,
        "plunder": 2,
        "remove": -(view["cards"].get(hint.get("card"), {}).get("vp", 0)),
        "pass": -5,
    }.get(kind, 0)


def play_until(base: str, game_id: str, token: str, epoch: int, step: str) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        msg = call("GET", f"{base}/api/games/{game_id}/view", token=token)
        view, ui = msg["view"], msg["ui"]
        mine = view["legal"]
        if view["epoch"] == epoch and view["step"] == step and mine:
            return
        if not mine:
            time.sleep(0.02)
            continue
        best = max(mine, key=lambda a: preference(view, ui, a))
        call("POST", f"{base}/api/games/{game_id}/actions", {"action": best["id"], "version": msg["version"]}, token)
    raise RuntimeError("the game did not reach the wanted position in time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img" / "hadara-table.png"))
    parser.add_argument("--lang", default="en", choices=["en", "ru", "hu"])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--width", type=int, default=1440)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, ServerProcess(f"sqlite:///{tmp}/shot.sqlite", bot_delay=0.0) as server:
        game = call(
            "POST",
            f"{server.url}/api/games",
            {
                "game": "hadara",
                "seed": args.seed,
                "seats": [
                    {"kind": "human", "name": "Amira"},
                    {"kind": "bot", "level": "easy", "name": "Karim"},
                    {"kind": "bot", "level": "easy", "name": "Layla"},
                ],
            },
        )
        seat = game["seats"][0]
        play_until(server.url, game["id"], seat["token"], 2, "B1")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": args.width, "height": 1000}, device_scale_factor=1)
            page.goto(seat["link"].replace("#", f"?lang={args.lang}#"))
            page.wait_for_selector("[data-testid=your-turn]")
            page.wait_for_timeout(2200)  # let the fresh log lines fade
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=args.out, full_page=True)
            browser.close()
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
