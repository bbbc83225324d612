"""The decisions a seat answers, one entry per decision kind in three dispatch tables: its legal
answers (``legal``), what an answer does (``resolve``) and why an answer is not allowed (``why``).
The choices an effect asks through the kernel's ``choose`` (``card_source``, ``option``, ``pick``,
``steal``, ``exchange``) are answered by the frame that asked.

Rule numbers refer to shared/rules/imperial-settlers.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import Decision, event
from epochal.engine.effects import Registry

from . import actions as A
from .activation import action_of, can_activate, start_activation, start_build
from .empire import (
    after_raze,
    can_pay,
    discard_card,
    exchange_options,
    gold_ok,
    location_owner,
    opponents,
    pay,
    protection,
    raze_location,
    razeable,
)

if TYPE_CHECKING:
    from .rules import SettlersRules

legal = Registry("legal answers")
resolve = Registry("resolution")
why = Registry("reason")
CHOICES = ("card_source", "option", "pick", "steal", "exchange")  # asked by a running effect


# --- a turn of the Action phase (R49-R55, R95) -------------------------------------------------


def free_actions(game: SettlersRules, st, seat: int) -> list[int]:
    """Placing the defence token (R102, R108) and deploying samurai (R142): free, any
    time in your own turn (R55, A33)."""
    p = st.seats[seat]
    out = []
    cards = game.cards
    if p.defence > 0:
        defend = game.action_space.defend
        out += [defend + k for k in p.locations if cards[k].common and k not in p.defended]
    if p.worker > 0 and p.faction == "Japanese":
        samurai = game.action_space.samurai
        out += [samurai + k for k in p.locations if cards[k].faction == "Japanese" and k not in p.samurai]
    return out


@legal.on("turn")
def turn_legal(game: SettlersRules, st, d: Decision, seat: int) -> list[int]:
    """R50-R55: an action, a free action or passing."""
    p = st.seats[seat]
    L = game.action_space
    cards = game.cards
    out = [A.PASS] + free_actions(game, st, seat)
    gold_build = True
    food_ok = p.food > 0 or (p.gold > 0 and gold_ok(st, "deal"))
    japanese = p.faction == "Japanese"
    sites = len(p.locations) + len(p.foundations) + len(p.hidden_foundations)
    for k in p.hand:
        c = cards[k]
        if (not c.discard or sites >= c.discard) and can_pay(p, c.cost, 1, gold_build):
            out.append(L.build + k)  # R57
        if c.deal is not None and food_ok and c.faction == p.faction:
            out.append(L.deal + k)  # R67-R69
        if p.raze and c.raze is not None and (c.common or (japanese and c.faction == "Japanese")):
            out.append(L.raze_hand + k)  # R75-R77
    if p.raze >= 2 and st.options["peaceful"] == "off":  # R78, R192
        for q in opponents(st, seat):
            owner = st.seats[q]
            for k in owner.locations:
                if razeable(game, k) and 2 + (k in owner.defended) + (k in owner.samurai) <= p.raze:
                    out.append(L.raze + k)
        out += [L.raze + k for k in st.virtual if razeable(game, k)]  # R205
    for k in p.locations:  # R87-R91
        if cards[k].kind == "action":
            if can_activate(game, st, seat, k, 1):
                out.append(L.activate + k)
                if can_activate(game, st, seat, k, 2):
                    out.append(L.activate2 + k)
    if p.worker >= 2:  # R95
        out += exchange_options(st, seat)
    return out


@resolve.on("turn")
def turn(game: SettlersRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    st.stack.pop()
    p = st.seats[seat]
    kind, k = game.action_space.kind(action)
    if kind in ("defend", "samurai"):  # R55: turn goes on
        free_action(game, st, seat, action, ev)
        return
    st.phase = "after_action"
    if action == A.PASS:  # R53
        p.passed = True
        st.phase = "next_turn"
        ev.append(event("pass", seat=seat))
    elif kind == "build":  # R57
        ev.append(event("build_start", seat=seat, card=game.cards[k].id))
        start_build(game, st, seat, k, ev)
    elif kind == "deal":  # R69
        pay(st, seat, {"food": 1}, ev, 1, gold_ok(st, "deal"))
        p.hand.remove(k)
        p.deals.append(k)
        ev.append(event("deal", seat=seat, card=game.cards[k].id))
        game.runner.push(st, seat, k, "deal")
    elif kind == "raze_hand":  # R75
        p.raze -= 1
        p.hand.remove(k)
        discard_card(game, st, k)
        ev.append(event("raze_hand", seat=seat, card=game.cards[k].id))
        after_raze(game, st, seat, k)
    elif kind == "raze":  # R78, R80
        owner = location_owner(st, k)
        p.raze -= 2 + protection(st, owner, k)
        raze_location(game, st, seat, owner, k, ev)
    elif kind in ("activate", "activate2"):  # R88, R91
        start_activation(game, st, seat, k, 2 if kind == "activate2" else 1, ev)
    elif kind == "exchange":  # R96
        game.runner.push(st, seat, -1, "exchange", vars_={"next": A.EXCHANGE_GOODS[action - A.EXCHANGE]})


def free_action(game: SettlersRules, st, seat: int, action: int, ev: list) -> None:
    """The defence token (R102) or a samurai (R142) goes on a location."""
    p = st.seats[seat]
    kind, k = game.action_space.kind(action)
    if kind == "defend":  # R102
        p.defence -= 1
        p.defended.append(k)
        ev.append(event("defend", seat=seat, card=game.cards[k].id))
    else:  # R142
        p.worker -= 1
        p.samurai.append(k)
        ev.append(event("samurai", seat=seat, card=game.cards[k].id))


@why.on("turn")
def why_turn(game: SettlersRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    p = st.seats[seat]
    kind, k = game.action_space.kind(action)
    if kind in ("defend", "samurai"):
        return why_free(game, p, kind, k)
    if kind not in A.BLOCKS:
        if kind == "exchange":
            if p.worker < 2:
                return "exchanging needs 2 workers", "R96"
            return "that deck is empty", "A12"
        return "take one action or pass", "R50"
    c = game.cards[k]
    if kind == "pick":
        return "take one action or pass", "R50"
    if kind == "build":
        if k not in p.hand:
            return f"{c.id} is not in your hand", "R57"
        sites = len(p.locations) + len(p.foundations) + len(p.hidden_foundations)
        if c.discard and sites < c.discard:
            return f"{c.id} needs a location or foundation to discard", "R59"
        return f"you cannot pay the build cost of {c.id}", "R60" if p.gold else "R57"
    if kind == "deal":
        if k not in p.hand:
            return f"{c.id} is not in your hand", "R67"
        if c.common or c.faction != p.faction:
            return "deals are made with your empire cards only", "R67"
        if c.deal is None:
            return f"{c.id} shows no deal bonus", "R14"
        return "a deal costs 1 food", "R69"
    if kind == "raze_hand":
        if k not in p.hand:
            return f"{c.id} is not in your hand", "R75"
        if p.raze < 1:
            return "razing needs a raze token", "R74"
        if c.raze is None:
            return f"{c.id} shows no raze bonus", "R77"
        return "only common cards (and Japanese cards, for the Japanese) are razed", "R76"
    if kind == "raze":
        owner = location_owner(st, k)
        if owner == -1:
            return f"{c.id} is not a location", "R78"
        if owner == seat:
            return "you cannot raze a location in your own empire", "R78"
        if st.options["peaceful"] == "on":
            return "in the peaceful variant the Raze action razes cards in hand only", "R192"
        if owner >= 0 and st.seats[owner].passed:
            return "a player who has passed cannot be targeted", "R53"
        if c.unrazeable:
            return f"{c.id} cannot be razed", "R79"
        if not razeable(game, k):
            return "empire locations cannot be razed (only Japanese ones)", "R79"
        return (f"razing {c.id} needs {2 + protection(st, owner, k)} raze tokens", "R80")
    if kind in ("activate", "activate2"):
        if k not in p.locations:
            return f"{c.id} is not a location of yours", "R87"
        if c.kind != "action":
            return f"{c.id} is not an action location", "R87"
        act = action_of(game, st, k)
        if act is None:
            if c.stand_in is not None:
                return (
                    f"the activation cost of {c.id} is not established (option stand_ins=on plays a stand-in)",
                    "D2",
                )
            return f"the ability of {c.id} is not established (a provisional card)", "D2"
        times = 2 if kind == "activate2" else 1
        if times == 2 and act.limit < 2:
            return f"{c.id} cannot be activated twice in a round", "R91"
        if p.used.get(k, 0) + times > act.limit:
            return f"{c.id} was already used this round", "R89"
        return f"you cannot pay or use the action of {c.id} now", "R88"
    return "take one action or pass", "R50"


def why_free(game: SettlersRules, p, kind: str, k: int) -> tuple[str, str]:
    c = game.cards[k]
    if kind == "defend":
        if p.defence < 1:
            return "you have no defence token", "R101"
        if k not in p.locations:
            return f"{c.id} is not a location of yours", "R102"
        if not c.common:
            return "a defence token goes on a common location only", "R108"
        return f"{c.id} already holds a defence token", "R104"
    if p.faction != "Japanese":
        return "only the Japanese deploy samurai", "R142"
    if p.worker < 1:
        return "you have no worker to deploy", "R142"
    if k not in p.locations or c.faction != "Japanese":
        return "a samurai goes on one of your Japanese locations", "R142"
    return f"{c.id} already holds a samurai", "R142"


@legal.on("after")
def after_legal(game: SettlersRules, st, d: Decision, seat: int) -> list[int]:
    """A33: after the action, the free actions remain, or the turn ends."""
    return free_actions(game, st, seat) + [A.END]


@resolve.on("after")
def after(game: SettlersRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    st.stack.pop()
    if action == A.END:
        st.phase = "next_turn"
    else:
        free_action(game, st, seat, action, ev)


@why.on("after")
def why_after(game: SettlersRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    kind, k = game.action_space.kind(action)
    if kind in ("defend", "samurai"):
        return why_free(game, st.seats[seat], kind, k)
    return "after your action only free actions remain, or end the turn", "R55"


# --- the Lookout (R34, R181-R190) --------------------------------------------------------------


@legal.on("pick_table")
def pick_table_legal(game: SettlersRules, st, d: Decision, seat: int) -> list[int]:
    return [game.action_space.pick + k for k in st.table]


@resolve.on("pick_table")
def pick_table(game: SettlersRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    st.stack.pop()
    k = action - game.action_space.pick
    st.table.remove(k)
    st.seats[seat].hand.append(k)
    ev.append(event("take", seat=seat, card=game.cards[k].id))


@why.on("pick_table")
def why_pick_table(game: SettlersRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    return "take one of the face-up cards", d.args.get("rule", "R34")


@legal.on("draft")
def draft_legal(game: SettlersRules, st, d: Decision, seat: int) -> list[int]:
    return [game.action_space.pick + k for k in st.packets[seat]]


@resolve.on("draft")
def draft(game: SettlersRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    """R182, R183: every seat chooses at once; the choices are revealed when all are made."""
    d.chosen[seat] = action
    if d.waiting():
        return
    st.stack.pop()
    for s, a in sorted(d.chosen.items()):
        k = a - game.action_space.pick
        st.packets[s].remove(k)
        st.seats[s].hand.append(k)
        ev.append(event("drafted", to=[s], seat=s, card=game.cards[k].id))
    ev.append(event("draft_done"))


@why.on("draft")
def why_draft(game: SettlersRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    return "choose one card of your packet", d.args.get("rule", "R182")


# --- the solo Attack phase (R209.6) ------------------------------------------------------------


@resolve.on("attack_target")
def attack_target(game: SettlersRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    st.stack.pop()
    game.solo.attack_raze(st, action - game.action_space.pick, d.args["match"], d.args["rule"], ev)


# --- choices asked by a running effect, and the attack target ------------------------------------


@legal.on(*CHOICES, "attack_target")
def offered(game: SettlersRules, st, d: Decision, seat: int) -> list[int]:
    return game.runner.offered(d)


@resolve.on(*CHOICES)
def answer(game: SettlersRules, st, d: Decision, seat: int, action: int, ev: list) -> None:
    st.stack.pop()
    game.runner.answer(st, d, action)


def why_not(game: SettlersRules, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
    """Why ``action`` is no answer to ``d`` (the rules' ``why_illegal``)."""
    if not 0 <= action < game.num_actions:
        return f"unknown action id {action} (ids are 0..{game.num_actions - 1})", "protocol"
    reason = why.table.get(d.kind)
    if reason is not None:
        return reason(game, st, d, seat, action)
    return (
        f"not one of the offered choices ({d.args.get('purpose', d.kind)})",
        d.args.get("rule") or "protocol",
    )
