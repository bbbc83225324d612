"""Card coverage: per deck, how many cards the engine implements and a test exercises.

A card counts as implemented when its data loads (every operation and hook it names exists);
as tested when a test in ``tests/games/<game>/`` is marked ``@covers("<card id>")``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from epochal.engine import get_game

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "games"


def tested_ids(game_name: str) -> set[str] | None:
    """Card ids named by ``covers`` marks on the test functions of ``tests/games/<game>/``."""
    folder = TESTS / game_name
    if not folder.is_dir():
        return None
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    found: set[str] = set()
    for path in sorted(folder.glob("test_*.py")):
        module = importlib.import_module(f"tests.games.{game_name}.{path.stem}")
        for value in vars(module).values():
            found.update(getattr(value, "covers", ()) if callable(value) else ())
    return found


def coverage(game_name: str) -> dict:
    game = get_game(game_name)
    tested = tested_ids(game_name)
    decks: dict[str, dict] = {}
    for card in game.card_catalog():
        row = decks.setdefault(
            card["deck"], {"cards": 0, "implemented": 0, "tested": 0, "not_exact": [], "untested": []}
        )
        row["cards"] += 1
        row["implemented"] += card["implemented"]
        if card["provenance"] != "exact":
            row["not_exact"].append(card["id"])
        if tested is not None and card["implemented"] and card["id"] in tested:
            row["tested"] += 1
        elif tested is not None:
            row["untested"].append(card["id"])
    total = {k: sum(d[k] for d in decks.values()) for k in ("cards", "implemented", "tested")}
    return {"game": game_name, "decks": decks, "total": total, "tests_found": tested is not None}
