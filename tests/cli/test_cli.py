"""The command line: JSON reports, determinism, records, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from epochal.engine import get_game
from epochal.terminal import play_terminal


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "epochal.cli", *args], capture_output=True,
                          text=True, timeout=300)


def test_games_lists_hadara_with_data_status():
    result = run("games", "--json")
    assert result.returncode == 0
    games = {g["name"]: g for g in json.loads(result.stdout)["games"]}
    assert games["hadara"]["players"] == [2, 5]
    assert games["hadara"]["data"].startswith("provisional")
    assert "mode" in games["hadara"]["options"]


def test_simulate_json_is_one_object_and_reproducible():
    args = ("simulate", "hadara", "--players", "3", "--games", "20", "--seed", "1", "--json")
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    report = json.loads(first.stdout)
    for key in ("game", "players", "games", "decisions", "seconds", "decisions_per_second",
                "errors", "wins", "mean_scores"):
        assert key in report
    assert report["errors"] == 0 and report["games"] == 20
    other = json.loads(second.stdout)
    for key in ("decisions", "wins", "mean_scores"):
        assert report[key] == other[key]


def test_saved_records_replay_to_the_same_scores_and_corruption_is_rejected(tmp_path):
    result = run("simulate", "hadara", "-p", "4", "-n", "2", "--seed", "3", "--json",
                 "--save-records", str(tmp_path))
    assert result.returncode == 0, result.stderr
    path = tmp_path / "hadara-00001.json"
    record = json.loads(path.read_text())
    replayed = run("replay", str(path), "--json")
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["scores"] == record["scores"]

    corruptions = {
        "illegal.json": lambda r: r["actions"].__setitem__(5, [r["actions"][5][0], 9999]),
        "truncated_actions.json": lambda r: r.__setitem__("actions", r["actions"][:40]),
        "wrong_scores.json": lambda r: r["scores"].__setitem__(0, r["scores"][0] + 1),
        "wrong_seat.json": lambda r: r["actions"].__setitem__(0, [7, r["actions"][0][1]]),
    }
    for name, corrupt in corruptions.items():
        bad = json.loads(path.read_text())
        corrupt(bad)
        (tmp_path / name).write_text(json.dumps(bad))
    (tmp_path / "cut.json").write_text(path.read_text()[:200])
    (tmp_path / "notarecord.json").write_text('{"hello": 1}')
    expected = {"illegal.json": "action #5", "truncated_actions.json": "truncated",
                "wrong_scores.json": "differ", "wrong_seat.json": "action #0",
                "cut.json": "not valid JSON", "notarecord.json": "not a game record"}
    for name, words in expected.items():
        bad = run("replay", str(tmp_path / name))
        assert bad.returncode == 2, name
        assert words in bad.stderr and "Traceback" not in bad.stderr, (name, bad.stderr)


@pytest.mark.parametrize("args,words", [
    (("simulate", "nogame", "--players", "3"), "unknown game"),
    (("simulate", "hadara", "--players", "9"), "2 to 5 players"),
    (("simulate", "hadara", "--players", "3", "--games", "-5"), "--games"),
    (("simulate", "hadara", "--players", "three"), "--players"),
    (("simulate", "hadara", "--players", "3", "--agents", "genius"), "unknown agent"),
    (("simulate", "hadara", "--players", "3", "-o", "mode=weird"), "mode"),
    (("simulate", "hadara", "--players", "3", "-o", "nonsense"), "NAME=VALUE"),
    (("bench", "hadara", "--players", "3", "--seconds", "0"), "--seconds"),
    (("play", "hadara", "--players", "3", "--seat", "5"), "--seat"),
    (("cards", "validate", "nogame", "x.json"), "unknown game"),
    (("replay", "/no/such/record.json"), "cannot read"),
])
def test_bad_input_is_one_line_and_exit_code_2(args, words):
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0], result.stderr


def test_bench_reports_the_promised_fields():
    result = run("bench", "hadara", "--players", "3", "--seconds", "0.5", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for key in ("decisions_per_second", "clone_us", "apply_us", "legal_us"):
        assert report[key] > 0


def test_terminal_game_plays_to_the_end_with_typed_answers(tmp_path):
    from rich.console import Console
    console = Console(file=open(tmp_path / "out.txt", "w"), width=120)
    answers = iter(["", "abc", "99"] + ["1"] * 10_000)   # junk first: it asks again
    save = tmp_path / "game.json"
    scores = play_terminal(get_game("hadara"), 3, 0, "random", 5, {"mode": "basic"}, save,
                           console, input_fn=lambda prompt: next(answers))
    console.file.close()
    assert len(scores) == 3
    text = (tmp_path / "out.txt").read_text()
    assert "please type a number" in text
    replayed = run("replay", str(save), "--json")
    assert json.loads(replayed.stdout)["scores"] == scores
