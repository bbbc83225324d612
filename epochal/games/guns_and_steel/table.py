"""Guns & Steel at the web table: each legal action's parts (``Game.describe_action``, worded by
the locale's ``action.<verb>`` templates, and placed by ``web/board.js`` on the thing it acts on),
and the fixed facts the board draws on every card's face (``faces``, sent with the constants).

A legal action's description is the view's entry for it (its kind and its target,
``view.legal_entry``) with the verb, the rule that allows it, and what it costs. A card's words
(its name and its text, both sides) come from the table's card catalogue (``words.py``).
"""

from __future__ import annotations

from . import actions as A
from . import effects as fx
from .cards import EPOCHS, RESOURCES, provenance
from .decisions import REFUSAL_OF_DECISION
from .rules import COLOURS, PHASE_OF
from .view import legal_entry

# The resources in their order (R11), the pyramid's rows bottom to top (R39), the four phases of
# a turn, and the seats' colours (R6).
CONSTANTS = {
    "resources": list(RESOURCES),
    "epochs": list(EPOCHS),
    "phases": [p for p in dict.fromkeys(PHASE_OF.values()) if p != "setup"],
    "colours": list(COLOURS),
}


def faces(game) -> dict[str, dict]:
    """What the board draws on each card and wonder of the data beside its words (its type, cost,
    VP, military strength, icons, epoch): the same for every seat and every language."""
    out: dict[str, dict] = {}
    for c in game.data.file.cards:
        out[c.id] = {
            "type": c.type,
            "resource": c.resource,
            "cost": dict(c.cost) if c.theme != "start" else None,  # start cards are never bought
            "vp": c.vp,
            "military": c.military,
            "response": c.response,
            "two_player": c.two_player,
            "provisional": provenance(c) != "exact",
            "named": bool(c.name),
            "start": c.theme == "start",
            "number": int(c.id[1:]),
        }
    for w in game.data.file.wonders:
        out[w.id] = {
            "wonder": True,
            "epoch": w.epoch,
            "vp": w.vp,
            "tokens": w.tokens,
            "two_player": w.two_player,
            "provisional": provenance(w) != "exact",
            "named": bool(w.name),
            "number": int(w.id[1:]),
        }
    return out


def ui(game, st, seat: int | None) -> dict:
    if seat is None:
        return {}
    return {"actions": {str(a): describe(game, st, seat, a) for a in game.legal(st, seat)}}


# The rule that allows each kind of action (a pass: the rule of the decision it ends).
RULES = {
    "start_resource": "R44",
    "play_resource": "R48",
    "play_technology": "R50",
    "spend": "R78",
    "respond": "R63",
    "respond_spend": "R63",
    "restore": "R35",
    "lose": "R66",
    "recall": "R85",
    "play_attack": "R58",
    "activate_attack": "R57",
    "claim": "R85",
    "glory": "R93",
    "give_wonder": "R66",
    "activate": "R51",
    "skip": "R52",
    "target": "R55",
    "take": "R55",
    "buy": "R74",
    "buy_stack": "R113",
    "move_glory": "A24",
    "pay_all": "R79",
}


def describe(game, st, seat: int, a: int) -> dict:
    """``Game.describe_action``: the view's entry for the seat's legal action ``a``, its kind as
    the verb, with the rule that allows it. ``form`` words a variant: a pass by the decision it
    ends (``purchase``, ``respond``, ...), a payment with a temporary resource (``temporary``), a
    resource handed over to the attacker (``hand_over``), a purchase with a surcharge for the
    connected cards below (``surcharge``), paying the rest at once with cards only (``cards``) or
    temporary resources only (``temporary``)."""
    entry = legal_entry(game, st, seat, a)
    entry.pop("id")
    entry.pop("text")
    verb = entry.pop("kind")
    out = {"verb": verb, **entry}
    top = st.stack[-1] if st.stack else None
    kind, arg = game.action_space.kind(a)
    if kind in A.CARD_BLOCKS:
        out["res"] = RESOURCES[game.res[arg]]
        if kind in ("respond", "respond_spend"):
            out["military"] = game.mil[arg]
    elif kind in A.WONDER_BLOCKS:
        out["vp"] = game.wonder_list[arg].vp
    elif kind == "spend_res":
        out["form"] = "temporary"
    elif kind == "target":
        out["target"] = arg
    elif kind == "take":
        out["target"] = out["seat"]
        out.pop("card", None)  # named by its zone position only: its other side is hidden (A33)
    elif kind in ("buy", "buy_stack"):
        out["cost"] = dict(game.civ[game.index_of[out["card"]]].cost)
        if out["surcharge"]:
            out["form"] = "surcharge"
    elif kind == "pay_all":
        # the words name every card and temporary resource it spends
        if not out["temporary"]:
            out["form"] = "cards"
        elif not out["cards"]:
            out["form"] = "temporary"
    if out.get("hand_over"):
        out["form"] = "hand_over"
    if kind == "pass":
        if top is not None:
            out["form"] = top.kind
            out["rule"] = REFUSAL_OF_DECISION.get(top.kind, ("", RULES.get(top.kind)))[1]
    else:
        out["rule"] = RULES.get(verb)
    if top is not None and top.kind == "activate_attack" and fx.reactivating(game, st):  # R53
        out["rule"] = "R53"
        if kind == "pass":
            out["form"] = "reactivate"
    if out.get("rule") is None:
        out.pop("rule", None)
    return out
