"""The effect interpreter: card effects are lists of operations, run on a stack of frames.

An operation that needs a choice pushes a ``Decision`` and returns WAIT; the seat's answer
resumes the frame where it stopped. Nothing blocks and nothing lives outside the state, so search
can copy a position in the middle of an effect. The vocabulary is documented in
docs/games/imperial-settlers-data.md; ``check_ops`` validates it when the data is loaded. The
handlers themselves are in ``ops.py``.
"""

from __future__ import annotations

from epochal.engine import Decision

from . import actions as A
from .cards import GOODS, RESOURCES
from .state import Frame

# op name -> allowed keys (besides "op"); the loader rejects anything else
OPS: dict[str, set[str]] = {
    "gain": set(GOODS) - {"samurai"},
    "gain_per": {"good", "colour", "samurai", "max"},
    "choose": {"options"},
    "look_empire": {"n", "keep"},
    "copy_production": {"other"},
    "deal_again": set(),
    "build_from_hand": {"deck"},
    "activate_other": set(),
    "samurai": {"n"},
    "steal": set(),
    "raze_location": {"protection"},
    "remove_location": set(),
    "take_raze_good": set(),
    "raze_own": set(),
    "cancel_deal": set(),
    "take_deal": set(),
    "build_deal": set(),
    "foundation_from_hand": set(RESOURCES),
}
PER_GOODS = ("wood", "stone", "food", "gold", "worker", "raze", "vp")

WAIT = -999  # a handler pushed a decision or a child frame; call it again later


def check_ops(ops, where: str = "") -> list[str]:
    """Problems in an op list (unknown ops or keys), for the loader."""
    if not isinstance(ops, list):
        return [f"{where}: an op list is a list"]
    problems = []
    for i, op in enumerate(ops):
        here = f"{where}[{i}]"
        if not isinstance(op, dict):
            problems.append(f"{here}: an operation is an object, not {op!r}")
            continue
        name = op.get("op")
        if name not in OPS:
            problems.append(f"{here}: unknown operation {name!r}")
            continue
        unknown = set(op) - OPS[name] - {"op"}
        if unknown:
            problems.append(f"{here}: {name} has no keys {sorted(unknown)}")
        if name == "gain":
            for good, n in op.items():
                if good != "op" and (not isinstance(n, int) or n < 1):
                    problems.append(f"{here}: gain {good} must be a positive integer")
        if name == "gain_per":
            if op.get("good") not in PER_GOODS:
                problems.append(f"{here}: gain_per of {op.get('good')!r}")
            if ("colour" in op) == bool(op.get("samurai")):
                problems.append(f"{here}: gain_per counts a colour or samurai")
        if name == "choose":
            options = op.get("options", [])
            if not 2 <= len(options) <= A.MAX_OPTIONS:
                problems.append(f"{here}: choose needs 2..{A.MAX_OPTIONS} options")
            for k, option in enumerate(options):
                problems += check_ops(option, f"{here}.options[{k}]")
        if name == "raze_location" and op.get("protection") not in ("pay", "ignore"):
            problems.append(f"{here}: raze_location protection is pay or ignore")
    return problems


def push_frame(st, seat: int, card: int, part: str, path=None, vars_=None) -> Frame:
    frame = Frame(seat=seat, card=card, part=part, path=list(path or []), vars=dict(vars_ or {}))
    st.run.append(frame)
    return frame


class EffectRunner:
    """Mixed into the game: runs frames, one operation at a time."""

    def op_list(self, fr: Frame) -> list:
        ops = self.programs[fr.part] if fr.card < 0 or fr.part in self.programs else self.prog[fr.card][fr.part]
        for step in fr.path:
            ops = ops[step]
        return ops

    def step(self, st, ev: list) -> None:
        fr = st.run[-1]
        ops = self.op_list(fr)
        if fr.pc >= len(ops) or fr.vars.get("_abort"):
            st.run.pop()
            return
        op = ops[fr.pc]
        name = op["op"]
        handler = getattr(self, ("sys" + name) if name.startswith("_") else "op_" + name)
        done = handler(st, fr, op, ev)
        if done is True:
            for key in [k for k in fr.vars if k.startswith("_") and k != "_abort"]:
                del fr.vars[key]
            fr.pc += 1

    def choose(
        self, st, fr: Frame, kind: str, options: list[int], optional: bool = False, seat: int | None = None, **args
    ):
        """An action id the seat picked from ``options``; None if there is nothing to pick or
        it declined (END); WAIT after asking. A single option is taken without asking."""
        if "_answer" in fr.vars:
            answer = fr.vars.pop("_answer")
            return None if answer == A.END else answer
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

    def pick_card(self, st, fr: Frame, cards: list[int], purpose: str, rule: str, optional: bool = False):
        """A card index chosen from ``cards``, None, or WAIT."""
        options = [self.layout.pick + k for k in dict.fromkeys(cards)]
        answer = self.choose(st, fr, "pick", options, optional, purpose=purpose, rule=rule)
        if answer is None or answer == WAIT:
            return answer
        return answer - self.layout.pick
