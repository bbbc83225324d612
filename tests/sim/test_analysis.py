"""Record analysis: reproducible for a seed and an iteration budget, blind to what the deciding
seat could not see, the same on processes as serially, and losses classed by the documented
thresholds."""

from __future__ import annotations

import random

import msgspec
import pytest

from epochal.engine import Record, get_game, replay_states
from epochal.sim.analysis import CHUNK, THRESHOLDS, analyse_record, evaluate, judge, parse_analysis_budget
from epochal.sim.simulate import play_game

GAMES = ("guns_and_steel", "hadara", "imperial_settlers", "imperium")


def random_record(name: str, players: int = 2, seed: int = 3, actions: int | None = None) -> Record:
    """A random game's record, cut after ``actions`` actions when given."""
    record = play_game(get_game(name), players, seed, ["random"] * players).record
    if actions is not None:
        record = msgspec.structs.replace(record, actions=record.actions[:actions], scores=None)
    return record


def test_an_iteration_budget_gives_the_same_analysis_and_the_seed_matters():
    record = random_record("hadara", actions=14)
    first = analyse_record(record, budget=30, seed=4, complete=False)
    again = analyse_record(record, budget="30", seed=4, complete=False)
    assert first.to_builtins() == again.to_builtins()
    assert first.deterministic and first.iterations == 30 and first.seconds is None
    assert len(first.decisions) >= 8
    other = analyse_record(record, budget=30, seed=5, complete=False)
    assert [d.options for d in other.decisions] != [d.options for d in first.decisions]


def test_every_decision_reports_its_options_in_words_with_consistent_numbers():
    record = random_record("hadara", actions=20)
    game = get_game("hadara")
    analysis = analyse_record(record, budget=40, seed=1, complete=False)
    states = [s.clone() for s in replay_states(record, complete=False, game=game)]
    expected = [i for i, (s, _) in enumerate(record.actions) if len(game.legal(states[i], s)) > 1]
    assert [d.index for d in analysis.decisions] == expected
    for d in analysis.decisions:
        seat, taken = record.actions[d.index]
        assert (d.seat, d.taken) == (seat, taken)
        assert sorted(o.action for o in d.options) == sorted(game.legal(states[d.index], seat))
        assert sum(o.visits for o in d.options) == d.iterations == 40
        assert all(o.text and not o.text.startswith("action ") and "verb" in o.parts for o in d.options)
        best = d.options[0]
        assert best.action == d.best and best.visits == max(o.visits for o in d.options)
        assert d.win_before == best.win and d.best_text == best.text
        chosen = next(o for o in d.options if o.action == taken)
        assert d.win_after == chosen.win and d.taken_text == chosen.text
        if d.best == d.taken:
            assert d.loss == 0 and d.judgement is None
        else:
            assert d.loss == round(max(0.0, d.win_before - d.win_after), 4)
            assert d.judgement == judge(d.loss)
        assert all(0 <= o.win <= 1 for o in d.options if o.win is not None)
    summary = {s.seat: s for s in analysis.summary}
    for seat in (0, 1):
        mine = [d for d in analysis.decisions if d.seat == seat]
        assert summary[seat].decisions == len(mine)
        assert summary[seat].blunders == sum(d.judgement == "blunder" for d in mine)
        assert [p.index for p in summary[seat].series] == [d.index for d in mine]
        assert [p.after for p in summary[seat].series] == [d.win_after for d in mine]
    assert analysis.summary[0].name == record.seats[0]


def test_the_loss_of_the_best_action_is_zero():
    record = random_record("hadara", actions=12)
    game = get_game("hadara")
    index, state = next(
        (i, s) for i, s in enumerate(replay_states(record, complete=False, game=game)) if len(game.legal(s, 0)) > 2
    )
    seat = record.actions[index][0]
    probe = evaluate(game, state, seat, index, record.actions[index][1], (40, None), 2)
    best = evaluate(game, state, seat, index, probe.best, (40, None), 2)
    assert best.taken == best.best and best.loss == 0 and best.judgement is None
    worst = min((o for o in probe.options if o.win is not None), key=lambda o: o.win)
    bad = evaluate(game, state, seat, index, worst.action, (40, None), 2)
    assert bad.loss == round(bad.win_before - worst.win, 4) > 0
    assert bad.options == best.options, "what was played does not change the search"


def test_the_thresholds_class_losses():
    assert dict(THRESHOLDS) == {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.20}
    assert [judge(x) for x in (None, 0.0, 0.0499, 0.05, 0.0999, 0.1, 0.1999, 0.2, 0.9)] == [
        None,
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_budgets_are_checked():
    assert parse_analysis_budget(500) == (500, None)
    assert parse_analysis_budget("250ms") == (None, 0.25)
    for bad in ("fast", "0", "-3", "0ms", "nanms", "99999s", "20000000", True):
        with pytest.raises(ValueError):
            parse_analysis_budget(bad)


@pytest.mark.parametrize(("name", "players"), [(g, 2) for g in GAMES] + [("imperial_settlers", 1), ("hadara", 4)])
def test_the_evaluation_does_not_depend_on_cards_the_seat_could_not_see(name, players):
    """At several decisions, the true state and re-deals of it from the deciding seat's view
    (other hands, deck orders, hidden picks and the state's generator all differ) get the same
    evaluation, option for option."""
    game = get_game(name)
    record = random_record(name, players, seed=8)
    states = [s.clone() for s in replay_states(record, game=game)]
    picks = [i for i in range(len(record.actions)) if len(game.legal(states[i], record.actions[i][0])) > 1]
    checked = differed = 0
    for index in random.Random(1).sample(picks, 4):
        seat, taken = record.actions[index]
        true = states[index]
        for redeal_seed in (1, 2):
            other = game.determinize(true, seat, random.Random(redeal_seed))
            assert game.view(other, seat) == game.view(true, seat)
            differed += other.to_json() != true.to_json()
            a = evaluate(game, true, seat, index, taken, (25, None), 6)
            b = evaluate(game, other, seat, index, taken, (25, None), 6)
            assert a == b, (name, index)
            checked += 1
    assert checked == 8 and differed, "the re-deals must hide something to prove anything"


def test_a_seat_deciding_in_a_simultaneous_step_is_the_root_of_its_search():
    """Hadara's draw: every seat keeps one of its two cards at once. The search of a seat that
    answers while an earlier seat still chooses spends its iterations on its own actions."""
    game = get_game("hadara")
    record = random_record("hadara", players=3, seed=2)
    seen = 0
    for index, state in enumerate(replay_states(record, game=game)):
        if index == len(record.actions):
            break
        seat, taken = record.actions[index]
        waiting = game.actors(state)
        if len(waiting) > 1 and seat != min(waiting) and len(game.legal(state, seat)) > 1:
            e = evaluate(game, state, seat, index, taken, (30, None), 1)
            assert sum(o.visits for o in e.options) == 30
            seen += 1
            if seen == 2:
                break
    assert seen == 2


def test_processes_give_the_serial_analysis():
    record = random_record("hadara", actions=40)
    serial = analyse_record(record, budget=20, seed=2, complete=False)
    calls = []
    parallel = analyse_record(
        record, budget=20, seed=2, complete=False, workers=2, progress=lambda done, total: calls.append((done, total))
    )
    assert parallel.to_builtins() == serial.to_builtins()
    total = len(serial.decisions)
    assert calls[-1] == (total, total) and len(calls) == -(-total // CHUNK)


@pytest.mark.slow
def test_ray_gives_the_serial_analysis():
    pytest.importorskip("ray")
    record = random_record("hadara", actions=24)
    serial = analyse_record(record, budget=15, seed=2, complete=False, seat=1)
    remote = analyse_record(record, budget=15, seed=2, complete=False, seat=1, workers=2, backend="ray")
    assert remote.to_builtins() == serial.to_builtins()


def test_one_seat_and_a_time_budget():
    record = random_record("hadara", actions=16)
    mine = analyse_record(record, seat=1, budget="30ms", complete=False)
    assert mine.decisions and {d.seat for d in mine.decisions} == {1}
    assert [s.seat for s in mine.summary] == [1]
    assert not mine.deterministic and mine.seconds == 0.03 and mine.iterations is None
    assert all(d.iterations >= 1 for d in mine.decisions)


def test_words_in_russian():
    record = random_record("hadara", actions=6)
    analysis = analyse_record(record, budget=10, complete=False, lang="ru")
    text = " ".join(o.text for d in analysis.decisions for o in d.options)
    assert any("а" <= ch <= "я" for ch in text.lower()), text
