"""The shape of the code, as the architecture asks it (docs/engine.md, *Adding a game*):

* every game package holds the modules of the template's shape (epochal/games/_template/), with
  ``steps.py`` or ``phases.py`` for its automatic steps;
* no game's rules class (the ``Game`` subclass ``make_game`` returns, with its bases inside the
  game's package; the kernel's ``Game`` does not count) has more than ``MAX_METHODS`` methods:
  what grows past that belongs in the package's modules (decisions, phases, effects, view);
* no ``getattr`` (``setattr``, ``hasattr``, ``delattr``) finds an attribute by a name built at
  run time (an f-string, a concatenation, ``%`` or ``str.format``): a dispatch table says what
  can be called, a built name hides it from readers, type checkers and searches.
"""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest

from epochal.engine import Game
from tests.conftest import ROOT

GAMES_DIR = ROOT / "epochal" / "games"
GAMES = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())
TEMPLATE = GAMES_DIR / "_template"
STEPS = {"steps.py", "phases.py"}  # either holds a game's automatic steps
MAX_METHODS = 45
ATTRIBUTE_BUILTINS = {"getattr", "setattr", "hasattr", "delattr"}
# Calls allowed to build an attribute name, each with its reason: (file, line text). None now.
BUILT_NAMES_ALLOWED: set[tuple[str, str]] = set()


def shape(folder) -> set[str]:
    """The modules and folders that make a game package's shape (the steps module as one)."""
    names = {p.name for p in folder.iterdir() if p.suffix == ".py" or (p.is_dir() and p.name != "__pycache__")}
    return {"steps.py|phases.py" if n in STEPS else n for n in names}


def test_the_template_has_the_shape_the_docs_list():
    expected = {"vocab.py", "cards.py", "state.py", "actions.py", "effects.py", "decisions.py", "rules.py"}
    expected |= {"view.py", "bots.py", "table.py", "locale", "web", "data", "steps.py|phases.py", "__init__.py"}
    assert shape(TEMPLATE) == expected


@pytest.mark.parametrize("game", [g for g in GAMES if g != "_template"])
def test_each_game_package_has_the_modules_of_the_template(game):
    # Hadara's vocab.py holds its purple effects PE1-PE15, passive effects with parameters, and
    # its effects.py the standing queries over them (PassiveEffects) instead of operation
    # handlers: its cards carry no operation lists for the effect kernel.
    assert shape(TEMPLATE) - shape(GAMES_DIR / game) == set()


def rules_methods(cls: type, package: str) -> set[str]:
    """The methods defined in ``cls`` and in its bases inside ``package``."""
    names = set()
    for klass in cls.__mro__:
        if klass.__module__ == package or klass.__module__.startswith(package + "."):
            names |= {
                name
                for name, value in vars(klass).items()
                if inspect.isfunction(value) or isinstance(value, (staticmethod, classmethod, property))
            }
    return names


@pytest.mark.parametrize("game", GAMES)
def test_no_rules_class_has_more_than_45_methods(game):
    package = f"epochal.games.{game}"
    game_object = importlib.import_module(package).make_game()
    assert isinstance(game_object, Game)
    methods = rules_methods(type(game_object), package)
    assert len(methods) <= MAX_METHODS, sorted(methods)


def built_names(tree: ast.AST) -> list[ast.Call]:
    calls = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ATTRIBUTE_BUILTINS:
            if len(node.args) < 2:
                continue
            name = node.args[1]
            built = isinstance(name, ast.JoinedStr) or isinstance(name, ast.BinOp)
            built |= isinstance(name, ast.Call) and isinstance(name.func, ast.Attribute) and name.func.attr == "format"
            if built:
                calls.append(node)
    return calls


def test_no_attribute_is_found_by_a_built_name():
    found = []
    for path in sorted((ROOT / "epochal").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for call in built_names(ast.parse(source)):
            where = (str(path.relative_to(ROOT)), lines[call.lineno - 1].strip())
            if where not in BUILT_NAMES_ALLOWED:
                found.append(f"{where[0]}:{call.lineno}: {where[1]}")
    assert found == []


def test_the_check_sees_built_names():
    source = 'getattr(self, "_" + kind)\ngetattr(x, f"on_{k}")\nsetattr(x, "{}".format(k), 1)\ngetattr(x, name)\n'
    assert [c.lineno for c in built_names(ast.parse(source))] == [1, 2, 3]
