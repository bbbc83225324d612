"""The observation machinery games share: ``VectorLayout`` and ``Game.observation_layout_class``."""

from __future__ import annotations

import pytest

from epochal.adapters import require_observation
from epochal.engine import Game, OptionError, State, VectorLayout


class Counter(Game):
    """A one-seat game of no interest whose view is its ply count."""

    name = "counter"
    title = "Counter"
    min_players = max_players = 1
    num_actions = 1

    def new(self, players, seed, options=None):
        return State(game=self.name, players=players, options={}, rng=seed)

    def decision_legal(self, state, decision, seat):
        return []

    def resolve(self, state, seat, action, events):
        """A game without decisions has nothing to resolve."""

    def proceed(self, state, events):
        """Its only automatic step ends it."""
        state.over = True

    def view(self, state, seat):
        return {"players": 3, "you": seat, "ply": state.ply}

    def determinize(self, state, seat, rng):
        return state

    def scores(self, state):
        return []


class PlyLayout(VectorLayout):
    def __init__(self, game):
        super().__init__(game)
        self.part("ply", 1)
        self.part("seats", 3)

    def encode(self, view):
        out, put = self.new_vector()
        me, rel = self.seat_relative(view)
        put("ply", 0, view["ply"])
        put("seats", rel(me))
        return out


class CounterWithLayout(Counter):
    observation_layout_class = PlyLayout


def test_a_game_without_a_layout_has_no_tensor_and_the_adapters_refuse_it():
    game = Counter()
    assert game.observation_layout is None
    assert game.observation_size is None
    assert game.observation(game.new(1, 0), 0) is None
    with pytest.raises(OptionError, match="no observation tensor"):
        require_observation(game)


def test_a_named_layout_gives_size_and_vector_built_from_the_view():
    game = CounterWithLayout()
    assert game.observation_layout is game.observation_layout  # built once per game object
    assert game.observation_layout.describe() == {"ply": (0, 1), "seats": (1, 3)}
    assert game.observation_size == require_observation(game) == 4
    state = game.new(1, 0)
    state.ply = 7
    assert game.observation(state, 0) == [7.0, 1.0, 0.0, 0.0]


def test_the_writer_sets_or_adds_and_drops_an_index_outside_its_part():
    layout = PlyLayout(None)
    out, put = layout.new_vector()
    put("seats", 1, 2)
    put("seats", 1, 5)
    put("ply", 1)  # would be slot 0 of "seats"
    put("ply", -1)
    assert out == [0.0, 0.0, 5.0, 0.0]
    out, add = layout.new_vector(accumulate=True)
    add("seats", 1, 2)
    add("seats", 1, 5)
    assert out == [0.0, 0.0, 7.0, 0.0] and all(type(x) is float for x in out)


def test_seats_are_counted_clockwise_from_the_observer_and_a_spectator_sees_as_seat_0():
    me, rel = VectorLayout.seat_relative({"players": 3, "you": 2})
    assert me == 2 and [rel(s) for s in range(3)] == [1, 2, 0]
    me, rel = VectorLayout.seat_relative({"players": 3, "you": None})
    assert me == 0 and [rel(s) for s in range(3)] == [0, 1, 2]
