"""Every game's tests have the same shape: tests/games/<game>/ holds exactly

    __init__.py
    scenario.py        helpers that build positions (shared ones live in tests/support/)
    test_rules.py      one test or more per numbered rule of the spec, named after it: test_R42_...
    test_examples.py   the spec's worked examples as scenarios: test_E3_...
    test_cards.py      what each card does when played
    test_data.py       the card data file: its facts, the validator, the loader
    test_views.py      what each seat may see: views, hidden information, texts, the bot

and nothing else but a required file split by topic, ``test_<kind>_<topic>.py`` with ``<kind>``
one of rules, examples, cards, data, views (test_cards_romans.py, test_rules_solo.py), and the
tests of the game's web table module (table.py), ``test_table.py`` or ``test_table_<topic>.py``.
Rule ids are written in test names as the specs print them: test_R42_..., not test_r42_....
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

REQUIRED = {
    "__init__.py",
    "scenario.py",
    "test_rules.py",
    "test_examples.py",
    "test_cards.py",
    "test_data.py",
    "test_views.py",
}
SPLIT = re.compile(r"test_(rules|examples|cards|data|views)_[a-z0-9_]+\.py|test_table(_[a-z0-9_]+)?\.py")
GAMES = sorted(
    p.name
    for p in (ROOT / "epochal" / "games").iterdir()
    if (p / "__init__.py").exists() and not p.name.startswith("_")
)
LOWER_RULE_ID = re.compile(r"_(r|a|d|e|g|pe|ex)\d+[a-z]?(?=_|$)")


def test_the_games_are_found():
    assert {"hadara", "imperium", "imperial_settlers", "guns_and_steel"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_the_test_files_of_the_shape_and_no_others(game):
    folder = ROOT / "tests" / "games" / game
    files = {p.name for p in folder.iterdir() if p.is_file() and p.suffix == ".py"} if folder.is_dir() else set()
    assert REQUIRED - files == set(), f"tests/games/{game}/ lacks these"
    assert {f for f in files - REQUIRED if not SPLIT.fullmatch(f)} == set(), "not of the shape (see this module)"


@pytest.mark.parametrize("game", GAMES)
def test_rule_ids_in_test_names_are_upper_case(game):
    names = []
    for path in sorted((ROOT / "tests" / "games" / game).glob("test_*.py")):
        names += re.findall(r"^def (test_\w+)\(", path.read_text(), re.M)
    assert [n for n in names if LOWER_RULE_ID.search(n)] == []
