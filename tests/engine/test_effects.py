"""The effect kernel (epochal/engine/effects.py) on a toy vocabulary: operations run in order,
a choice waits for its answer, nested lists run in child frames sharing the root's variables,
an abort stops the rest of the frame, and the kernel's advance loop answers forced decisions."""

from __future__ import annotations

import msgspec
import pytest

from epochal.engine import Decision, Game, State
from epochal.engine.effects import DONE, WAIT, EffectRunner, Frame, Registry


class Gain(msgspec.Struct, tag_field="op", tag="gain", forbid_unknown_fields=True):
    n: int


class Pick(msgspec.Struct, tag_field="op", tag="pick", forbid_unknown_fields=True):
    options: list[int]


class Each(msgspec.Struct, tag_field="op", tag="each", forbid_unknown_fields=True):
    do: list[Gain | Pick | Stop]


class Stop(msgspec.Struct, tag_field="op", tag="stop", forbid_unknown_fields=True):
    pass


Op = Gain | Pick | Each | Stop
handlers = Registry()


@handlers.on(Gain)
def gain(game, st, fr, op, ev):
    st.gold[fr.seat] += op.n
    ev.append({"type": "gain", "seat": fr.seat, "n": op.n})
    return DONE


@handlers.on(Pick)
def pick(game, st, fr, op, ev):
    answer = game.runner.choose(st, fr, "pick", op.options, purpose="pick a number")
    if answer == WAIT:
        return WAIT
    game.runner.shared_vars(st, fr)["picked"] = answer
    return DONE


@handlers.on(Each)
def each(game, st, fr, op, ev):
    if fr.vars.get("_pushed"):
        return DONE
    fr.vars["_pushed"] = True
    for seat in reversed(range(st.players)):
        game.runner.child(st, fr, [fr.pc, "do"], seat=seat)
    return WAIT


@handlers.on(Stop)
def stop(game, st, fr, op, ev):
    return game.runner.abort(fr)


class ToyFrame(Frame, kw_only=True):
    face: str = ""


class ToyState(State, kw_only=True):
    gold: list[int] = []
    run: list[ToyFrame] = []
    started: bool = False


class Toy(Game):
    name = "toy"
    title = "Toy"
    min_players = max_players = 2
    num_actions = 10

    def __init__(self, program: list) -> None:
        self.program = msgspec.convert(program, list[Op])
        self.runner = EffectRunner(self, lambda fr: self.program, handlers, frame_type=ToyFrame, end=9)

    def new(self, players: int, seed: int, options: dict | None = None) -> State:
        st = ToyState(game="toy", players=players, options={}, rng=seed, gold=[0] * players)
        self.advance(st, [])
        return st

    def proceed(self, st, ev: list) -> None:
        if st.started:
            st.over = True
            return
        st.started = True
        self.runner.push(st, 0, card=0, part="play", face="B")

    def decision_legal(self, st, d: Decision, seat: int) -> list[int]:
        return list(d.args["options"])

    def resolve(self, st, seat: int, action: int, ev: list) -> None:
        self.runner.answer(st, st.stack.pop(), action)

    def scores(self, st):
        return []

    def view(self, st, seat):
        return {}

    def determinize(self, st, seat, rng):
        return st.clone()


def test_operations_run_in_order_and_a_choice_waits_for_its_answer():
    game = Toy([{"op": "gain", "n": 2}, {"op": "pick", "options": [3, 4]}, {"op": "gain", "n": 1}])
    st = game.new(2, 1)
    assert st.gold == [2, 0] and [d.kind for d in st.stack] == ["pick"]
    assert st.stack[-1].args["frame"] == 0 and st.stack[-1].args["purpose"] == "pick a number"
    events = game.apply(st, 0, 4)
    assert st.gold == [3, 0] and st.over
    assert events == [{"type": "gain", "seat": 0, "n": 1}]


def test_a_single_option_is_taken_without_asking():
    game = Toy([{"op": "pick", "options": [5]}, {"op": "gain", "n": 1}])
    st = game.new(2, 1)
    assert st.over and st.gold == [1, 0]


def test_nested_lists_run_for_each_seat_in_child_frames_sharing_the_root_variables():
    game = Toy([{"op": "each", "do": [{"op": "gain", "n": 1}, {"op": "pick", "options": [1, 2]}]}])
    st = game.new(2, 1)
    assert [f.seat for f in st.run] == [0, 1, 0] and st.stack[-1].seats == [0]
    assert st.run[-1].root == 0 and st.run[-1].path == [0, "do"] and st.run[-1].face == "B"
    game.apply(st, 0, 2)
    assert st.run[0].vars["picked"] == 2 and st.stack[-1].seats == [1]
    game.apply(st, 1, 1)
    assert st.gold == [1, 1] and st.over


def test_a_frame_keeps_its_list_found_once_and_neither_stores_nor_copies_it():
    game = Toy([{"op": "each", "do": [{"op": "gain", "n": 1}, {"op": "pick", "options": [1, 2]}]}])
    st = game.new(2, 1)
    child = st.run[-1]
    assert child.__dict__["ops"] is game.program[0].do  # found once, through its path
    assert b"ops" not in st.to_json()
    copy = st.clone()
    assert "ops" not in copy.run[-1].__dict__ and game.runner.ops(copy.run[-1]) is game.program[0].do
    game.apply(copy, 0, 2)  # the copy plays on, finding its lists again
    assert copy.gold == [1, 1] and copy.run[0].vars["picked"] == 2  # and the second seat gained


def test_an_abort_stops_the_rest_of_the_frame_and_keeps_what_was_done():
    game = Toy([{"op": "gain", "n": 2}, {"op": "stop"}, {"op": "gain", "n": 5}])
    st = game.new(2, 1)
    assert st.over and st.gold == [2, 0]


def test_an_optional_choice_declined_with_end_gives_none():
    game = Toy([])
    st = game.new(2, 1)
    fr = ToyFrame(seat=0)
    st.run.append(fr)
    assert game.runner.choose(st, fr, "pick", [1], optional=True) == WAIT
    game.runner.answer(st, st.stack.pop(), 9)
    assert game.runner.choose(st, fr, "pick", [1], optional=True) is None


def test_unknown_fields_are_refused_when_the_data_loads():
    with pytest.raises(msgspec.ValidationError):
        Toy([{"op": "gain", "n": 1, "m": 2}])


def test_a_registry_refuses_two_handlers_for_one_operation_and_lists_the_missing():
    reg = Registry("handler")
    reg.on(Gain)(lambda *a: DONE)
    with pytest.raises(ValueError):
        reg.on(Gain)(lambda *a: DONE)
    assert reg.missing([Gain, Pick]) == [Pick]


def test_an_optional_choice_offers_its_options_and_the_end():
    game = Toy([])
    st = game.new(2, 1)
    fr = ToyFrame(seat=0)
    st.run.append(fr)
    game.runner.choose(st, fr, "pick", [3, 4], optional=True)
    assert game.runner.offered(st.stack[-1]) == [3, 4, 9]
