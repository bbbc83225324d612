"""The OpenSpiel adapter: OpenSpiel's own checks on every registered game and player count.

``pyspiel.random_sim_test`` plays random games through the C++ side and checks the pyspiel
API: legal actions sorted and empty for the others, unique action strings, clone (string and
history equal, also after an action), serialization (``SerializeGameAndState`` and back) at
every early and every power-of-two step, observation and information-state strings and tensors
for every player at every node, returns within bounds and summing to the constant, and the
game length within ``max_game_length``. The rest checks what random play cannot: the engine's
legal actions, hidden information and perfect recall.
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

from epochal.adapters import max_game_length
from epochal.adapters.openspiel import DEAL_NODES, load, short_name
from epochal.engine import OptionError, game_names, get_game

# The adapters need Game.observation; a game without it fails the first test below, once.
GAMES = [name for name in game_names() if get_game(name).observation_size]
PLAYER_COUNTS = [
    (name, players) for name in GAMES for players in range(get_game(name).min_players, get_game(name).max_players + 1)
]
OPTION_SETS = [(name, options) for name in GAMES for options in get_game(name).option_sets()[1:]]


def ids(configs):
    return [
        f"{c[0]}-{c[1]}p" if isinstance(c[1], int) else c[0] + "-" + "-".join(f"{k}={v}" for k, v in c[1].items())
        for c in configs
    ]


def play(state, rng, steps):
    """Apply ``steps`` random actions (chance included) unless the game ends first."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.randrange(256))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def log_lines(info: str) -> list[str]:
    """The information state string without its last line (the current view)."""
    lines = info.split("\n")
    assert lines[-1].startswith("now ") or lines[-1] == "dealing"
    return lines[:-1]


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_provides_an_observation_tensor(name):
    game = get_game(name)
    assert game.observation_size, (
        f"{name} has no observation tensor: set Game.observation_layout_class (see "
        f"docs/adapters.md) to get the OpenSpiel and PettingZoo adapters"
    )
    state = game.new(game.min_players, 1)
    assert len(game.observation(state, 0)) == game.observation_size


# --- OpenSpiel's own tests ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=ids(PLAYER_COUNTS))
def test_random_sim_test_every_player_count(name, players):
    game = pyspiel.load_game(short_name(name), {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name,options", OPTION_SETS, ids=ids(OPTION_SETS))
def test_random_sim_test_every_option(name, options):
    game = load(name, players=get_game(name).min_players, **options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_fixed_deal(name):
    game = load(name, players=get_game(name).max_players, seed=11)
    assert game.new_initial_state().current_player() >= 0  # no chance node at all
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


# --- loading, parameters, the deal --------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_load_game_by_name_string_and_dict(name):
    epochal = get_game(name)
    game = pyspiel.load_game(short_name(name), {"players": epochal.max_players})
    assert game.num_players() == epochal.max_players
    assert game.num_distinct_actions() == epochal.num_actions
    assert game.observation_tensor_shape() == [epochal.observation_size]
    assert game.max_game_length() == max_game_length(epochal, epochal.max_players)
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0
    assert str(pyspiel.load_game(str(game))) == str(game)
    options = {o.name: str(o.choices[-1]) for o in epochal.options}
    again = pyspiel.load_game(short_name(name), {"players": epochal.min_players, **options})
    assert again.get_parameters()["players"] == epochal.min_players
    assert pyspiel.load_game(short_name(name)).num_players() == epochal.min_players


@pytest.mark.parametrize("name", GAMES)
def test_bad_parameters_are_refused(name):
    epochal = get_game(name)
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game(short_name(name), {"players": epochal.max_players + 1})
    with pytest.raises(Exception, match="parameter"):
        pyspiel.load_game(short_name(name), {"no_such_parameter": 1})
    for opt in epochal.options:
        with pytest.raises(Exception, match=opt.name):
            pyspiel.load_game(short_name(name), {opt.name: "no such value"})


@pytest.mark.parametrize("name", GAMES)
def test_deal_is_explicit_chance_and_matches_the_engine_seed(name):
    epochal = get_game(name)
    game = load(name, players=epochal.min_players)
    root = game.new_initial_state()
    for i in range(DEAL_NODES):
        assert root.is_chance_node()
        outcomes = root.chance_outcomes()
        assert len(outcomes) == 256 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
        root.apply_action((1234567 >> (8 * (DEAL_NODES - 1 - i))) & 255)
    assert not root.is_chance_node() and root.engine_seed == 1234567
    dealt = game.new_initial_state({"seed": 1234567})
    assert dealt.history() == root.history() and str(dealt) == str(root)
    engine = epochal.new(epochal.min_players, 1234567)
    assert root.engine_state().to_json() == engine.to_json()
    with pytest.raises(OptionError):
        game.new_initial_state({"seed": -1})


# --- clone and serialization ----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=ids(PLAYER_COUNTS))
def test_clone_and_serialization_are_independent_copies(name, players):
    game = load(name, players=players)
    rng = random.Random(players)
    state = play(game.new_initial_state(), rng, DEAL_NODES + 40)
    clone = state.clone()
    text = pyspiel.serialize_game_and_state(game, state)
    game2, copy = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    for other in (clone, copy):
        assert str(other) == str(state) and other.history() == state.history()
        for p in range(players):
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
    before = str(state)
    play(clone, random.Random(1), 30)
    assert str(state) == before, "playing the clone changed the original"
    # the deserialized copy plays on exactly as the original
    a, b = state.clone(), copy
    play(a, random.Random(5), 50)
    play(b, random.Random(5), 50)
    assert str(a) == str(b) and a.history() == b.history()


# --- the engine behind it ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=ids(PLAYER_COUNTS))
def test_legal_actions_and_players_match_the_engine(name, players):
    epochal = get_game(name)
    game = load(name, players=players)
    state = game.new_initial_state({"seed": 77})
    engine = epochal.new(players, 77)
    rng = random.Random(players)
    while not state.is_terminal():
        seat = state.current_player()
        actors = epochal.actors(engine)
        assert seat == min(actors)
        legal = state.legal_actions()
        assert legal == sorted(epochal.legal(engine, seat))
        mask = state.legal_actions_mask(seat)
        assert [a for a, bit in enumerate(mask) if bit] == legal
        for other in range(players):
            if other != seat:
                assert state.legal_actions(other) == []
        action = rng.choice(legal)
        state.apply_action(action)
        epochal.apply(engine, seat, action)
        assert state.engine_state().to_json() == engine.to_json()
    shares = state.returns()
    winners = epochal.winners(engine)
    assert abs(sum(shares) - 1.0) < 1e-12
    assert shares == [1 / len(winners) if p in winners else 0.0 for p in range(players)]


def simultaneous_state(game, players, seed):
    """A state where the current player answers a simultaneous decision and another seat still
    has to answer the same decision after it, with at least two choices."""
    rng = random.Random(seed)
    state = game.new_initial_state({"seed": seed})
    while not state.is_terminal():
        actors = game.epochal.actors(state.engine_state())
        if len(actors) > 1 and len(state.legal_actions()) > 1:
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    return None


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=ids(PLAYER_COUNTS))
def test_a_sequentialized_simultaneous_choice_stays_hidden(name, players):
    game = load(name, players=players)
    state = simultaneous_state(game, players, seed=3)
    if state is None:
        pytest.skip(f"{name} has no simultaneous decision")
    chooser = state.current_player()
    first, second = state.clone(), state.clone()
    first.apply_action(state.legal_actions()[0])
    second.apply_action(state.legal_actions()[-1])
    assert first.current_player() == second.current_player() != chooser
    others = [p for p in range(players) if p != chooser]
    for p in others:
        assert first.information_state_string(p) == second.information_state_string(p)
        assert first.observation_string(p) == second.observation_string(p)
        assert first.observation_tensor(p) == second.observation_tensor(p)
    assert first.information_state_string(chooser) != second.information_state_string(chooser)


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=ids(PLAYER_COUNTS))
def test_information_state_ignores_what_the_seat_cannot_see(name, players):
    """Two states that differ only in what seat p cannot see (re-dealt by the engine's
    determinize: decks, other seats' hands and secret choices) look the same to p."""
    epochal = get_game(name)
    game = load(name, players=players)
    rng = random.Random(players * 7)
    state = play(game.new_initial_state(), rng, DEAL_NODES)
    checked = 0
    while not state.is_terminal() and checked < 12:
        play(state, rng, rng.randrange(1, 12))
        for p in range(players):
            other = state.clone()
            other._core.state = epochal.determinize(state.engine_state(), p, random.Random(rng.random()))
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
        checked += 1


@pytest.mark.slow
@pytest.mark.parametrize("name,players", PLAYER_COUNTS, ids=ids(PLAYER_COUNTS))
def test_information_state_has_perfect_recall(name, players):
    """A seat's record of the past never changes and grows by one line per action, its own
    actions are written in it, and a different own action gives a different information state.
    The records are read every few actions (a record is as long as the game, so reading it after
    each one would cost the square of the game's length); the lines in between are each checked."""
    game = load(name, players=players)
    rng = random.Random(players)
    state = play(game.new_initial_state(), rng, DEAL_NODES)
    past = [log_lines(state.information_state_string(p)) for p in range(players)]
    since: list[tuple[int, int]] = []  # (seat, action) since the records were last read
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) > 1:
            a, b = state.clone(), state.clone()
            a.apply_action(legal[0])
            b.apply_action(legal[1])
            assert a.information_state_string(seat) != b.information_state_string(seat)
        action = rng.choice(legal)
        state.apply_action(action)
        since.append((seat, action))
        if len(since) < 8 and not state.is_terminal():
            continue
        for p in range(players):
            now = log_lines(state.information_state_string(p))
            assert now[: len(past[p])] == past[p] and len(now) == len(past[p]) + len(since)
            for line, (actor, done) in zip(now[len(past[p]) :], since, strict=True):
                assert (f"chose {done}" in line) == (p == actor)
            past[p] = now
        since = []


# --- observers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_observers(name):
    epochal = get_game(name)
    # two seats at least: the test compares what seats 0 and 1 see (a solo game has one seat)
    game = load(name, players=max(2, epochal.min_players))
    state = play(game.new_initial_state(), random.Random(2), DEAL_NODES + 20)
    default = make_observation(game)
    default.set_from(state, 0)
    assert default.tensor.shape == (epochal.observation_size,)
    assert np.array_equal(default.tensor, np.array(state.observation_tensor(0), np.float32))
    assert default.string_from(state, 0) == state.observation_string(0)
    info = make_observation(game, INFO_STATE_OBS_TYPE)
    assert info.tensor is None
    assert info.string_from(state, 1) == state.information_state_string(1)
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert public.string_from(state, 0) == public.string_from(state, 1)
    with pytest.raises(ValueError, match="unsupported observation type"):
        make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
        )
    before_deal = game.new_initial_state()
    assert before_deal.information_state_string(0) == before_deal.information_state_string(0)
    assert not any(before_deal.observation_tensor(0))
