"""The effect kernel: card effects as lists of typed operations, run one at a time on a stack of
frames kept in the state.

A game declares its operations as ``msgspec`` structs (a tagged union, validated when the card
data loads) and writes one handler per operation, registered in a ``Registry``::

    handlers = Registry()

    @handlers.on(Gain)
    def gain(game, st, fr, op, ev) -> bool:
        st.seats[fr.seat].gold += op.n
        return DONE

A handler returns ``DONE`` when its operation is over; anything else (``WAIT``) means "call me
again": it pushed a ``Decision`` (``ask``, ``choose``) or a child frame (``push``, ``child``), and
runs again once that is answered or finished. Nothing blocks and nothing lives outside the
state, so search can copy a position in the middle of a card.

Frame variables whose names start with ``_`` belong to the running operation and are dropped when
it is done; ``_abort`` stops the frame ("as far as possible": the operations before it stay
done). Several frames running the parts of one effect share the variables of their ``root``.

``EffectRunner`` is composed into a game (``game.runner``), not mixed into it: it knows the game only
through the functions it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import msgspec

from .state import Decision

DONE = True
WAIT = -999  # a handler asked or pushed a frame: call it again later (an int: answers are ints)
ABORT = "_abort"
ANSWER = "_answer"


class Frame(msgspec.Struct, kw_only=True, dict=True):
    """A running effect: which op list (a card's part, or a rules program) and where in it.

    The list a frame runs is looked up once and kept in the frame's ``__dict__`` (``ops``),
    which is not a field: not stored, not copied by a clone, found again when needed. Its
    fields say which list it is, and none of them changes once the frame is made."""

    seat: int
    card: int = -1  # the card whose effect runs (-1: a rules program)
    part: str = ""  # which of the card's op lists (play, exhaust, production, ...) or a program
    path: list[Any] = []  # into the op list: e.g. [2, "options", 1]
    pc: int = 0
    vars: dict[str, Any] = {}
    root: int = -1  # index of the frame holding the shared variables (-1: itself)
    by: int = -1  # the seat whose card made this frame (another seat's frames in an attack)


class Op(msgspec.Struct, tag_field="op", forbid_unknown_fields=True, omit_defaults=True):
    """Base of a game's operations (its ``vocab.py``): each subclass is one operation, tagged by
    the data's ``op`` field; an unknown field is refused as the data loads, and fields left at
    their default are left out when an operation is written back."""


Handler = Callable[..., Any]


class Registry:
    """A dispatch table filled by decorators: operation types (or hook names) to functions."""

    def __init__(self, name: str = "handler") -> None:
        self.name = name
        self.table: dict[Hashable, Handler] = {}

    def on(self, *keys: Hashable) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            for key in keys:
                if key in self.table:
                    raise ValueError(f"two {self.name}s for {key!r}")
                self.table[key] = fn
            return fn

        return register

    def __getitem__(self, key: Hashable) -> Handler:
        return self.table[key]

    def __contains__(self, key: Hashable) -> bool:
        return key in self.table

    def get(self, key: Hashable) -> Handler | None:
        return self.table.get(key)

    def missing(self, keys) -> list:
        """Keys without a handler: a game checks its whole vocabulary once at start-up."""
        return [k for k in keys if k not in self.table]


def op_path(ops: list, path: list) -> list:
    """The nested op list a path leads to: ints index lists, strings name a struct's field."""
    for step in path:
        ops = getattr(ops, step) if isinstance(step, str) and not isinstance(ops, dict) else ops[step]
    return ops


class EffectRunner:
    """Runs frames for a game: ``ops_of(frame)`` gives a frame's op list (before its path);
    ``handlers`` maps an op's type to ``handler(game, st, frame, op, events)``.

    ``frame_done(st, frame, events)`` runs when a frame ends; ``between_ops(st)`` runs after
    each finished operation (reactions and triggered passives start there, never inside one).
    """

    def __init__(
        self,
        game: Any,
        ops_of: Callable[[Frame], list],
        handlers: Registry,
        frame_type: type[Frame] = Frame,
        frame_done: Callable[[Any, Frame, list], None] | None = None,
        between_ops: Callable[[Any], None] | None = None,
        end: int = -1,
    ) -> None:
        self.game = game
        self.ops_of = ops_of
        self.handlers = handlers.table
        self.frame_type = frame_type
        self.frame_done = frame_done
        self.between_ops = between_ops
        self.end = end  # the action id that declines an optional choice
        # the fields a game's frame type adds to the kernel's, which a child frame copies
        self.extra_fields = tuple(f for f in frame_type.__struct_fields__ if f not in _OWN_FIELDS)

    # --- frames -----------------------------------------------------------------------------
    def ops(self, frame: Frame) -> list:
        ops = frame.__dict__.get("ops")
        if ops is None:
            ops = self.ops_of(frame)
            if frame.path:
                ops = op_path(ops, frame.path)
            frame.__dict__["ops"] = ops
        return ops

    def push(self, st, seat: int, card: int = -1, part: str = "", path=(), vars_=None, **fields) -> Frame:
        frame = self.frame_type(seat=seat, card=card, part=part, path=list(path), vars=dict(vars_ or {}), **fields)
        st.run.append(frame)
        return frame

    def child(
        self, st, parent: Frame, path_suffix: list, seat: int | None = None, share: bool = True, **vars_
    ) -> Frame:
        """A frame running a nested op list of ``parent`` (the same card and part); with
        ``share`` it reads and writes the variables of the parent's root frame."""
        fields = {f: getattr(parent, f) for f in self.extra_fields}
        if share:
            fields["root"] = parent.root if parent.root >= 0 else st.run.index(parent)
        fields["by"] = parent.by
        frame = self.frame_type(
            seat=parent.seat if seat is None else seat,
            card=parent.card,
            part=parent.part,
            path=parent.path + list(path_suffix),
            vars=vars_,
            **fields,
        )
        st.run.append(frame)
        return frame

    @staticmethod
    def shared_vars(st, frame: Frame) -> dict:
        return st.run[frame.root].vars if frame.root >= 0 else frame.vars

    # --- running ----------------------------------------------------------------------------
    @staticmethod
    def running(st) -> bool:
        """Is an effect running (a frame on the state's ``run`` stack)?"""
        return bool(st.run)

    def step(self, st, ev: list) -> None:
        """Run the effects: the top frame's operations one after another, ending each frame
        when its list is done (or aborted), until a decision is asked, no frame is left or the
        game is over. That is what the advance loop does (it looks for a decision first, and
        steps while none is pending and a frame runs), without coming back to it after each
        operation."""
        run = st.run
        handlers, game = self.handlers, self.game
        between_ops, frame_done = self.between_ops, self.frame_done
        while True:
            fr = run[-1]
            ops = fr.__dict__.get("ops")  # self.ops(fr), without a call more per frame
            if ops is None:
                ops = self.ops(fr)
            while fr.pc < len(ops) and not fr.vars.get(ABORT):
                op = ops[fr.pc]
                kind: type = type(op)  # a type is hashable (mypy does not see it of type[Any])
                done = handlers[kind](game, st, fr, op, ev)
                if done is not True or st.over or not run:
                    break  # it asked or pushed a frame (or the game ended)
                frame_vars = fr.vars
                if frame_vars:
                    for key in [k for k in frame_vars if k[0] == "_" and k != ABORT]:
                        del frame_vars[key]
                fr.pc += 1
                if between_ops:
                    between_ops(st)
                if run[-1] is not fr or st.stack or st.over:
                    break  # something comes before the frame's next operation
            else:
                run.pop()
                if frame_done:
                    frame_done(st, fr, ev)
            if st.over or st.stack or not run:
                return

    # --- choices ----------------------------------------------------------------------------
    @staticmethod
    def ask(st, kind: str, seat: int, **args) -> int:
        """Push a decision for ``seat``; the handler runs again once it is answered."""
        st.stack.append(Decision(kind=kind, seats=[seat], args=args))
        return WAIT

    def choose(self, st, fr: Frame, kind: str, options: list[int], optional: bool = False, seat=None, **args):
        """An action id the seat (default: the frame's) picked from ``options``; None if there
        is nothing to pick or it declined (``end``); ``WAIT`` after asking. A single option
        that must be taken is taken without asking. The answer comes back through the frame's
        ``_answer`` variable (``answer``).

        A purpose that names a card says ``{card}`` and passes the card's index as ``card``: the
        view words it for each seat, naming the card only to seats that may see it."""
        if ANSWER in fr.vars:
            answer = fr.vars.pop(ANSWER)
            return None if answer == self.end else answer
        if not options:
            return None
        if len(options) == 1 and not optional:
            return options[0]
        st.stack.append(
            Decision(
                kind=kind,
                seats=[fr.seat if seat is None else seat],
                args={"frame": len(st.run) - 1, "options": options, "optional": optional, **args},
            )
        )
        return WAIT

    def offered(self, decision: Decision) -> list[int]:
        """The answers a ``choose`` decision allows: its options, and ``end`` when optional."""
        options = decision.args["options"]
        return [*options, self.end] if decision.args.get("optional") else list(options)

    @staticmethod
    def answer(st, decision: Decision, action: int) -> None:
        """Give a ``choose`` decision's answer to the frame that asked."""
        st.run[decision.args["frame"]].vars[ANSWER] = action

    @staticmethod
    def abort(fr: Frame) -> bool:
        """Stop the frame after this operation: what cannot be done is not done (as far as
        possible); the operations already done stay done."""
        fr.vars[ABORT] = True
        return DONE


_OWN_FIELDS = {"seat", "card", "part", "path", "pc", "vars", "root", "by"}
