"""The install: the base serves the web table and the CLI without the extras, a missing extra is
one line naming it, and requirements.lock pins what pyproject.toml pins."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

import pytest

from tests.conftest import ROOT

EXTRA_MODULES = ("pyspiel", "pettingzoo", "gymnasium", "numpy", "ray", "matplotlib")


def _name(requirement: str) -> str:
    return re.split(r"[\[=<>!~; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _locked() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if "==" in line and not line.lstrip().startswith("#"):
            name, version = line.split("==")
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    return pins


def test_every_pin_of_pyproject_is_the_locked_version():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    locked = _locked()
    differ = {}
    for requirement in requirements:
        version = requirement.split("==")[1] if "==" in requirement else None
        if locked.get(_name(requirement)) != version:
            differ[requirement] = locked.get(_name(requirement))
    assert differ == {}


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_the_web_table_the_cli_and_the_games_import_no_extra():
    code = (
        "import sys\n"
        "import epochal.cli, epochal.server, epochal.sim.report, epochal.sim.tournament\n"
        "from epochal.engine import game_names, get_game\n"
        "epochal.server.create_app\n"
        "[get_game(name) for name in game_names()]\n"
        f"print(sorted(m for m in {EXTRA_MODULES!r} if m in sys.modules))\n"
    )
    result = _run(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "blocked,args,extra",
    [
        ("ray", ["tournament", "hadara", "-p", "2", "--agents", "random,random", "-n", "1", "--backend", "ray"], "lab"),
        (
            "matplotlib",
            ["tournament", "hadara", "-p", "2", "--agents", "random,random", "-n", "1", "--out", "OUT"],
            "lab",
        ),
    ],
)
def test_a_command_that_needs_a_missing_extra_says_which_in_one_line(blocked, args, extra, tmp_path):
    args = [str(tmp_path / "out") if a == "OUT" else a for a in args]
    code = (
        f"import sys\nsys.modules[{blocked!r}] = None\nsys.argv = ['epochal', *{args!r}]\n"
        "import epochal.cli\nepochal.cli.main()\n"
    )
    result = _run(code)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert f"pip install 'epochal[{extra}]'" in result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("module", ["epochal.adapters.openspiel", "epochal.adapters.pettingzoo"])
def test_an_adapter_without_the_research_extra_names_it(module):
    result = _run(f"import sys\nsys.modules['numpy'] = None\nimport {module}\n")
    assert result.returncode == 1
    assert "MissingExtra" in result.stderr
    assert "pip install 'epochal[research]'" in result.stderr
