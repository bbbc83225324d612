"""The effect vocabulary (docs/games/imperial-settlers-data.md) and the goods and colours it
names. It sits below both the card loader (``cards.py``) and the handlers (``ops.py``), so
neither imports the other for it."""

from __future__ import annotations

from . import actions as A

RESOURCES = ("wood", "stone", "food")  # R11
SUPPLY = ("wood", "stone", "food", "gold", "worker", "raze", "defence")  # a personal supply
GOODS = (*SUPPLY, "vp", "card", "common_card", "empire_card", "samurai")  # R10 and card kinds
COLOURS = ("black", "purple", "blue", "brown", "gold", "red", "pink", "grey")  # R12; gold = yellow
PER_GOODS = ("wood", "stone", "food", "gold", "worker", "raze", "vp")
MAX_COUNT = 10  # goods in a cost, a payment, a gain or a raze bonus
MAX_VP = 20  # a card's end-game VP
MAX_OPS = 20  # operations in one list
MAX_OPTIONS = A.MAX_OPTIONS  # options of a "choose"

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
            if not 2 <= len(options) <= MAX_OPTIONS:
                problems.append(f"{here}: choose needs 2..{MAX_OPTIONS} options")
            for k, option in enumerate(options):
                problems += check_ops(option, f"{here}.options[{k}]")
        if name == "raze_location" and op.get("protection") not in ("pay", "ignore"):
            problems.append(f"{here}: raze_location protection is pay or ignore")
    return problems
