"""The command line: JSON reports, determinism, records, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import time

import pytest

from epochal.engine import get_game
from epochal.terminal import play_terminal


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "epochal.cli", *args], capture_output=True, text=True, timeout=300)


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
    for key in (
        "game",
        "players",
        "games",
        "decisions",
        "seconds",
        "decisions_per_second",
        "errors",
        "wins",
        "mean_scores",
    ):
        assert key in report
    assert report["errors"] == 0 and report["games"] == 20
    other = json.loads(second.stdout)
    for key in ("decisions", "wins", "mean_scores"):
        assert report[key] == other[key]


@pytest.mark.slow
def test_saved_records_replay_to_the_same_scores_and_corruption_is_rejected(tmp_path):
    result = run("simulate", "hadara", "-p", "4", "-n", "2", "--seed", "3", "--json", "--save-records", str(tmp_path))
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
    expected = {
        "illegal.json": "action #5",
        "truncated_actions.json": "truncated",
        "wrong_scores.json": "differ",
        "wrong_seat.json": "action #0",
        "cut.json": "not valid JSON",
        "notarecord.json": "not a game record",
    }
    for name, words in expected.items():
        bad = run("replay", str(tmp_path / name))
        assert bad.returncode == 2, name
        assert words in bad.stderr and "Traceback" not in bad.stderr, (name, bad.stderr)


@pytest.mark.parametrize(
    "args,words",
    [
        (("simulate", "nogame", "--players", "3"), "unknown game"),
        (("simulate", "hadara", "--players", "9"), "2 to 5 players"),
        (("simulate", "hadara", "--players", "3", "--games", "-5"), "--games"),
        (("simulate", "hadara", "--players", "three"), "--players"),
        (("simulate", "hadara", "--players", "3", "--agents", "genius"), "unknown agent"),
        (("simulate", "hadara", "--players", "3", "--agents", "planner"), "hadara has no planner bot"),
        (("simulate", "hadara", "--players", "3", "-o", "mode=weird"), "mode"),
        (("simulate", "hadara", "--players", "3", "-o", "nonsense"), "NAME=VALUE"),
        (("bench", "hadara", "--players", "3", "--seconds", "0"), "--seconds"),
        (("play", "hadara", "--players", "3", "--seat", "5"), "--seat"),
        (("play", "imperium", "--players", "2", "--lang", "hu"), "--lang 'hu' is not available for imperium"),
        (("cards", "validate", "nogame", "x.json"), "unknown game"),
        (("replay", "/no/such/record.json"), "cannot read"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args, words):
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0], result.stderr


def test_bench_reports_the_promised_fields():
    result = run("bench", "hadara", "--players", "3", "--seconds", "0.5", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for key in ("decisions_per_second", "decisions_per_cpu_second", "cpu_seconds", "clone_us", "apply_us", "legal_us"):
        assert report[key] > 0
    # real choices and the single-answer decisions the engine answered itself, beside the total
    assert report["total"] == report["decisions"] + report["automatic"]
    assert report["total_per_second"] >= report["decisions_per_second"]


def test_bench_table_shows_real_choices_automatic_steps_and_the_total():
    result = run("bench", "guns_and_steel", "--players", "2", "--seconds", "0.3")
    assert result.returncode == 0, result.stderr
    rows = {
        line.split("│")[1].strip(): [cell.strip() for cell in line.split("│")[2:4]]
        for line in result.stdout.splitlines()
        if line.count("│") == 4
    }
    counts = {label: int(cells[0].replace(",", "")) for label, cells in rows.items()}
    assert set(counts) == {"real choices", "automatic (single answer)", "total"}
    assert counts["total"] == counts["real choices"] + counts["automatic (single answer)"]
    assert counts["automatic (single answer)"] > 0


def test_terminal_game_plays_to_the_end_with_typed_answers(tmp_path):
    from rich.console import Console

    console = Console(file=open(tmp_path / "out.txt", "w"), width=120)
    answers = iter(["", "abc", "99"] + ["1"] * 10_000)  # junk first: it asks again
    save = tmp_path / "game.json"
    scores = play_terminal(
        get_game("hadara"), 3, 0, "random", 5, {"mode": "basic"}, save, console, input_fn=lambda prompt: next(answers)
    )
    console.file.close()
    assert len(scores) == 3
    text = (tmp_path / "out.txt").read_text()
    assert "please type a number" in text
    replayed = run("replay", str(save), "--json")
    assert json.loads(replayed.stdout)["scores"] == scores


class _Enough(Exception):
    pass


@pytest.mark.parametrize("name,lang,players", [("hadara", "ru", 3), ("hadara", "hu", 2), ("imperium", "ru", 2)])
def test_the_terminal_lists_the_actions_in_words_of_the_chosen_language(tmp_path, name, lang, players):
    """The action list reads as the game's words in the reader's language: no raw dicts, ids or
    codes (every action worded from its description by the game's templates)."""
    from rich.console import Console

    game = get_game(name)
    console = Console(file=open(tmp_path / "out.txt", "w"), width=200)
    asked = iter(range(40))

    def answer(prompt):
        if next(asked, None) is None:
            raise _Enough
        return "1"

    with pytest.raises(_Enough):
        play_terminal(game, players, 0, "random", 4, {}, None, console, input_fn=answer, lang=lang)
    console.file.close()
    item = re.compile(r"^│\s+\d+\.\s+(.*?)\s*│$")  # "│  1. ... │", the numbered list in its panel
    listed = [m[1] for line in (tmp_path / "out.txt").read_text().splitlines() if (m := item.match(line))]
    assert len(listed) > 40
    letters = {"ru": "абвгдежзийклмнопрстуфхцчшщыьэюя", "hu": "áéíóöőúüű"}[lang]
    assert all(any(ch in letters for ch in line.lower()) or line in ("пас", "passz") for line in listed), listed
    assert not [line for line in listed if "{" in line or "_" in line or line.startswith("action ")]


# --- F7: paths, records and agent budgets that used to crash or hang --------------------------


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    """A finished Hadara record, and a copy whose first seat is named by 1 MB of text."""
    folder = tmp_path_factory.mktemp("records")
    result = run("simulate", "hadara", "-p", "3", "-n", "1", "--save-records", str(folder))
    assert result.returncode == 0, result.stderr
    path = folder / "hadara-00000.json"
    big = json.loads(path.read_text())
    big["seats"][0] = "x" * (1 << 20)
    (folder / "big-name.json").write_text(json.dumps(big))
    (folder / "a-file").write_text("x")
    deep = json.dumps({**big, "seats": ["a", "b", "c"], "options": None})
    (folder / "deep.json").write_text(
        deep.replace('"options": null', '"options": {"mode": ' + "[" * 100_000 + "]" * 100_000 + "}")
    )
    return folder


F7_CASES = {
    "replay --data of a missing file": (("replay", "{rec}", "--data", "nope.json"), "nope.json: cannot read"),
    "replay of /dev/zero": (("replay", "/dev/zero"), "not a regular file"),
    "replay of a record nested 100k deep": (("replay", "{dir}/deep.json"), "nested too deeply"),
    "replay --data /dev/zero": (("replay", "{rec}", "--data", "/dev/zero"), "not a regular file"),
    "cards validate of /dev/zero": (("cards", "validate", "hadara", "/dev/zero"), "not a regular file"),
    "--save-records onto a file": (
        ("simulate", "hadara", "-p", "2", "-n", "1", "--save-records", "{dir}/a-file"),
        "not a directory",
    ),
    "--save-records below a file": (
        ("simulate", "hadara", "-p", "2", "-n", "1", "--save-records", "{dir}/a-file/records"),
        "cannot create the directory",
    ),
    "ismcts:nans": (("simulate", "hadara", "-p", "2", "--agents", "ismcts:nans,random"), "time budget"),
    "ismcts:infs": (("simulate", "hadara", "-p", "2", "--agents", "ismcts:infs,random"), "time budget"),
    "ismcts:-1s": (("simulate", "hadara", "-p", "2", "--agents", "ismcts:-1s,random"), "time budget"),
    "--agents ''": (("simulate", "hadara", "-p", "2", "--agents", ""), "separated by commas"),
    "--agents with an empty name": (("simulate", "hadara", "-p", "2", "--agents", "random,"), "separated by commas"),
}


@pytest.mark.parametrize("case", sorted(F7_CASES))
def test_bad_paths_and_budgets_are_one_error_line_at_once_F7(case, record):
    """F7: a missing or device --data, a device record, a --save-records that cannot be a
    directory, a NaN/infinite/negative ISMCTS budget and an empty --agents: each one ``error:``
    line, exit code 2, no traceback, at once (these used to traceback, exhaust memory, never
    finish, or be accepted)."""
    args, words = F7_CASES[case]
    args = [a.format(rec=record / "hadara-00000.json", dir=record) for a in args]
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "epochal.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_two_gigabytes,
    )
    elapsed = time.perf_counter() - start
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, (result.returncode, result.stderr[-500:])
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0], result.stderr
    assert elapsed < 5, f"{elapsed:.1f} s"  # about 0.3 s: start-up and one check


def test_a_record_with_a_huge_seat_name_replays_at_once_F7(record):
    """F7: a 1 MB seat name used to keep the text output busy for minutes; it is cut short."""
    start = time.perf_counter()
    result = run("replay", str(record / "big-name.json"))
    assert time.perf_counter() - start < 5
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first.startswith("seat 0 (xxxx") and "…)" in first and len(first) < 200


def test_save_refuses_a_path_it_could_not_write_F7(tmp_path):
    """F7: ``play --save`` onto a directory is refused before the game, not after it."""
    result = run("play", "hadara", "-p", "2", "--save", str(tmp_path))
    assert result.returncode == 2 and result.stderr.startswith("error: --save"), result.stderr


def _two_gigabytes():
    """The audit's limit: reading /dev/zero whole used to end in a MemoryError under it."""
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
