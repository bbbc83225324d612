"""``epochal analyse``: one JSON object, reproducible for a seed and an iteration budget, blind to
what the deciding seat could not see, and one ``error:`` line with exit code 2 for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import msgspec
import pytest

from epochal.engine import get_game
from epochal.sim.simulate import play_game


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "epochal.cli", *args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("records") / "hadara.json"
    path.write_bytes(play_game(get_game("hadara"), 2, 5, ["random", "random"]).record.to_json())
    return path


def test_json_is_one_reproducible_object(record_file):
    args = ("analyse", str(record_file), "--seat", "0", "--budget", "15", "--seed", "3", "--json")
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    (analysis,) = json.loads(first.stdout)["analyses"]
    assert analysis["file"] == str(record_file) and analysis["game"] == "hadara" and analysis["seat"] == 0
    assert analysis["iterations"] == 15 and analysis["deterministic"] is True
    assert analysis["decisions"] and {d["seat"] for d in analysis["decisions"]} == {0}
    decision = analysis["decisions"][0]
    for key in ("index", "taken", "taken_text", "best", "best_text", "win_before", "win_after", "loss", "judgement"):
        assert key in decision
    assert {"action", "text", "parts", "visits", "win", "score"} <= set(decision["options"][0])
    (summary,) = analysis["summary"]
    assert summary["decisions"] == len(analysis["decisions"])
    assert len(summary["series"]) == len(analysis["decisions"])


def test_the_table_names_the_actions_and_the_seats(record_file):
    result = run("analyse", str(record_file), "--seat", "1", "--budget", "10")
    assert result.returncode == 0, result.stderr
    assert "win before" in result.stdout and "blunders" in result.stdout
    assert "side" in result.stdout  # Hadara's words for the first choice (play side A/B of a start card)


def test_two_records_that_differ_only_in_a_hidden_choice_get_the_same_evaluation(tmp_path):
    """Hadara's draw: both seats keep one of their two cards at once, unseen by the other. Two
    games that part at seat 0's pick give seat 1's pick, made without seeing it, the same
    evaluation; both games are then played to their end, so both records are complete."""
    game = get_game("hadara")
    base = play_game(game, 2, 9, ["random", "random"]).record
    state = game.new(2, base.seed, base.options)
    for index in range(len(base.actions)):
        seat, action = base.actions[index]
        waiting = game.actors(state)
        if len(waiting) == 2 and seat == waiting[0] and len(game.legal(state, seat)) > 1:
            break
        game.apply(state, seat, action)
    else:
        pytest.fail("no simultaneous pick in the game")
    other_pick = next(a for a in game.legal(state, seat) if a != base.actions[index][1])
    second = state.clone()
    game.apply(second, seat, other_pick)
    first = state.clone()
    game.apply(first, seat, base.actions[index][1])
    later = base.actions[index + 1][0]
    assert later != seat and game.view(first, later) == game.view(second, later)
    actions = base.actions[:index] + [(seat, other_pick)]
    while not second.over:  # play the other game out
        s = game.actors(second)[0]
        a = game.legal(second, s)[len(actions) % len(game.legal(second, s))]
        game.apply(second, s, a)
        actions.append((s, a))
    (tmp_path / "a.json").write_bytes(base.to_json())
    (tmp_path / "b.json").write_bytes(msgspec.structs.replace(base, actions=actions, scores=None).to_json())
    result = run(
        "analyse",
        str(tmp_path / "a.json"),
        str(tmp_path / "b.json"),
        "--seat",
        str(later),
        "--budget",
        "25",
        "--json",
        "--workers",
        "2",
    )
    assert result.returncode == 0, result.stderr
    a, b = json.loads(result.stdout)["analyses"]
    da = next(d for d in a["decisions"] if d["index"] == index + 1)
    db = next(d for d in b["decisions"] if d["index"] == index + 1)
    assert da["options"] == db["options"] and da["best"] == db["best"]
    assert a["decisions"] != b["decisions"], "the games part afterwards: the test proves something"


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory, record_file):
    base = tmp_path_factory.mktemp("bad")
    raw = json.loads(record_file.read_text())

    def write(name: str, change) -> None:
        data = json.loads(json.dumps(raw))
        change(data)
        (base / name).write_text(json.dumps(data))

    write("version.json", lambda r: r.__setitem__("version", "0-old"))
    write("truncated.json", lambda r: (r.__setitem__("actions", r["actions"][:30]), r.pop("scores", None)))
    write("illegal.json", lambda r: r["actions"].__setitem__(3, [r["actions"][3][0], 99999]))
    write("nogame.json", lambda r: r.__setitem__("game", "chess"))
    (base / "cut.json").write_text(record_file.read_text()[:150])
    (base / "notarecord.json").write_text('{"hello": 1}')
    other = play_game(get_game("imperium"), 2, 1, ["random", "random"]).record
    (base / "imperium.json").write_bytes(other.to_json())
    return base


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("NOFILE",), "cannot read"),
        (("BAD/cut.json",), "not valid JSON"),
        (("BAD/notarecord.json",), "not a game record"),
        (("BAD/version.json",), "version 0-old"),
        (("BAD/truncated.json",), "truncated"),
        (("BAD/illegal.json",), "action #3"),
        (("BAD/nogame.json",), "unknown game"),
        (("REC", "BAD/imperium.json"), "different games"),
        (("REC", "--budget", "fast"), "--budget"),
        (("REC", "--budget", "0"), "--budget"),
        (("REC", "--budget", "-20ms"), "--budget"),
        (("REC", "--seat", "2"), "--seat must be 0..1"),
        (("REC", "--seat", "-1"), "--seat must be 0..1"),
        (("REC", "--seat", "north"), "--seat"),
        (("REC", "--workers", "0"), "--workers"),
        (("REC", "--backend", "threads"), "--backend"),
        (("REC", "--lang", "xx"), "--lang"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_code_2(args, words, record_file, bad_files):
    def path(a: str) -> str:
        if a == "REC":
            return str(record_file)
        if a == "NOFILE":
            return str(bad_files / "missing.json")
        return str(bad_files / a[4:]) if a.startswith("BAD/") else a

    result = run("analyse", *map(path, args))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0], result.stderr
    assert result.stdout == ""


def test_ray_missing_is_one_error_line(record_file):
    args = ["analyse", str(record_file), "--backend", "ray"]
    code = (
        f"import sys\nsys.modules['ray'] = None\nsys.argv = ['epochal', *{args!r}]\n"
        "import epochal.cli\nepochal.cli.main()\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "pip install 'epochal[lab]'" in lines[0]
