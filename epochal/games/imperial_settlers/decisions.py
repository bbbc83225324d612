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
    any_captures,
    can_pay,
    captor_of,
    cost_check,
    discard_card,
    exchange_options,
    gold_ok,
    location_owner,
    opponents,
    own_captured,
    pay,
    protection,
    raze_location,
    razeable,
    tokens_of,
)
from .vocab import RESOURCES

if TYPE_CHECKING:
    from .rules import SettlersRules

legal = Registry("legal answers")
resolve = Registry("resolution")
why = Registry("reason")
CHOICES = ("card_source", "option", "pick", "steal", "exchange")  # asked by a running effect


# --- a turn of the Action phase (R49-R55, R95) -------------------------------------------------


def has_free_action(game: SettlersRules, st, seat: int) -> bool:
    """Whether ``free_actions`` offers any, without listing them (asked after every action)."""
    p = st.seats[seat]
    cards = game.cards
    if p.defence > 0 and any(cards[k].common and k not in p.defended for k in p.locations):
        return True
    return (
        p.worker > 0
        and p.faction == "Japanese"
        and any(cards[k].faction == "Japanese" and k not in p.samurai for k in p.locations)
    )


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


ANY_SEAT = "any"


def hand_facts(cards: list) -> list[tuple]:
    """Per card, what a turn asks of it in the hand, read off the card data once: its discard
    cost (R59) and its cost as ``cost_check`` takes it (R58); the faction whose seat may make a
    deal with it (R67-R69), None without a deal; and whose seat may raze it from the hand
    (R75-R77): any seat's a common card, only a Japanese seat a Japanese card (R13), None."""
    out = []
    for c in cards:
        deal = c.faction if c.deal is not None else None
        raze = None if c.raze is None else ANY_SEAT if c.common else "Japanese" if c.faction == "Japanese" else None
        out.append((c.discard, c.cost_key, deal, raze))
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
    sites = len(p.locations) + len(p.foundations) + len(p.hidden_foundations) - own_captured(game, st, p)  # R59d
    can_build = cost_check(p, gold_build)
    facts, build, deal, raze_hand = game.hand_facts, L.build, L.deal, L.raze_hand
    dealer = p.faction if food_ok else None
    razer = (ANY_SEAT, p.faction) if p.raze else ()
    for k in p.hand:
        discard, cost, deal_by, raze_by = facts[k]
        if (not discard or sites >= discard) and can_build(cost):
            out.append(build + k)  # R57
        if deal_by is not None and deal_by == dealer:
            out.append(deal + k)  # R67-R69
        if raze_by in razer:
            out.append(raze_hand + k)  # R75-R77
    if p.raze >= 2 and st.options["peaceful"] == "off":  # R78, R192
        for q in opponents(st, seat):
            owner = st.seats[q]
            for k in owner.locations:
                if razeable(game, k) and 2 + (k in owner.defended) + (k in owner.samurai) <= p.raze:
                    out.append(L.raze + k)
        out += [L.raze + k for k in st.virtual if razeable(game, k)]  # R205
    captures = any_captures(st)
    for k in p.locations:  # R87-R91
        if cards[k].kind == "action":
            if captures and not may_activate(game, st, seat, k):
                continue
            if can_activate(game, st, seat, k, 1):
                out.append(L.activate + k)
                if can_activate(game, st, seat, k, 2):
                    out.append(L.activate2 + k)
    for k in p.captured:  # D7: a captured action location, one count of uses with its owner (R163)
        if cards[k].kind == "action" and may_activate(game, st, seat, k):
            owner = st.seats[location_owner(st, k)]
            if can_activate(game, st, seat, k, 1, used_by=owner):
                out.append(L.activate + k)
                if can_activate(game, st, seat, k, 2, used_by=owner):
                    out.append(L.activate2 + k)
    if p.worker >= 2:  # R95
        out += exchange_options(st, seat)
    return out


def may_activate(game: SettlersRules, st, seat: int, k: int) -> bool:
    """Whether ``seat`` may activate location ``k`` as far as a capture goes: its owner unless
    the captor alone may, its captor if the capture's ``activate`` lets it (D7)."""
    cap = captor_of(st, k)
    if cap is None:
        return True
    capture = game.cards[cap[1]].capture
    share = capture.activate if capture is not None else "owner"
    return share == "both" or share == ("captor" if cap[0] == seat else "owner")


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
    r = refusal(game, st, seat, action)
    return english(game, r), r["rule"]


# Each refusal of a turn's action in the engine's English (the table words them through the
# locale's why.<reason> templates, words.py).
ENGLISH = {
    "exchange_workers": "exchanging needs 2 workers",
    "deck_empty": "that deck is empty",
    "one_action": "take one action or pass",
    "not_in_hand": "{card} is not in your hand",
    "build_discard": "{card} needs a location or foundation to discard",
    "build_cost": "you cannot pay the build cost of {card}",
    "deal_empire": "deals are made with your empire cards only",
    "no_deal_bonus": "{card} shows no deal bonus",
    "deal_food": "a deal costs 1 food",
    "raze_token": "razing needs a raze token",
    "no_raze_bonus": "{card} shows no raze bonus",
    "raze_hand_kind": "only common cards (and Japanese cards, for the Japanese) are razed",
    "not_location": "{card} is not a location",
    "raze_own": "you cannot raze a location in your own empire",
    "peaceful": "in the peaceful variant the Raze action razes cards in hand only",
    "passed": "a player who has passed cannot be targeted",
    "unrazeable": "{card} cannot be razed",
    "empire_location": "empire locations cannot be razed (only Japanese ones)",
    "raze_tokens": "razing {card} needs {n} raze tokens",
    "not_yours": "{card} is not a location of yours",
    "not_action": "{card} is not an action location",
    "stand_in_off": "the activation cost of {card} is not established (option stand_ins=on plays a stand-in)",
    "ability_unknown": "the ability of {card} is not established (a provisional card)",
    "not_twice": "{card} cannot be activated twice in a round",
    "used": "{card} was already used this round",
    "activate_cost": "you cannot pay the activation cost of {card}",
    "activate_nothing": "the action of {card} has nothing to act on now",
    "no_defence": "you have no defence token",
    "defence_common": "a defence token goes on a common location only",
    "defended": "{card} already holds a defence token",
    "japanese_only": "only the Japanese deploy samurai",
    "no_worker": "you have no worker to deploy",
    "samurai_where": "a samurai goes on one of your Japanese locations",
    "has_samurai": "{card} already holds a samurai",
}


def english(game: SettlersRules, r: dict) -> str:
    return ENGLISH[r["reason"]].format(**{k: v for k, v in r.items() if k in ("card", "n")})


def refused(reason: str, rule: str, verb: str | None = None, card: str | None = None, **parts) -> dict:
    return {"reason": reason, "rule": rule, "verb": verb, "card": card, **parts}


def have_of(p, cost: dict, gold: bool) -> dict:
    """What the seat has of the goods a cost names (gold too where it may stand in)."""
    goods = [g for g in cost if g in ("wood", "stone", "food", "gold", "worker", "raze")]
    if gold and any(g in RESOURCES for g in goods) and "gold" not in goods:
        goods.append("gold")
    return {g: getattr(p, g) for g in goods if getattr(p, g)}


def refusal(game: SettlersRules, st, seat: int, action: int) -> dict:
    """Why ``action`` is not a legal answer to the seat's turn: ``{reason, rule, verb, card, ...}``
    with the parts its sentence names (a card id, goods as tokens ``wood:2``, a number, a seat).
    The legal answers are ``turn_legal``'s; this names the first of its conditions that fails."""
    p = st.seats[seat]
    kind, k = game.action_space.kind(action)
    if kind in ("defend", "samurai"):
        return why_free(game, p, kind, k)
    if kind not in A.BLOCKS:
        if kind == "exchange":
            if p.worker < 2:
                return refused("exchange_workers", "R96", "exchange", have=p.worker)
            return refused("deck_empty", "A12", "exchange")
        return refused("one_action", "R50")
    c = game.cards[k]
    if kind == "pick":
        return refused("one_action", "R50")
    card = c.id
    if kind == "build":
        if k not in p.hand:
            return refused("not_in_hand", "R57", kind, card)
        sites = len(p.locations) + len(p.foundations) + len(p.hidden_foundations) - own_captured(game, st, p)
        if c.discard and sites < c.discard:  # R59, R59d
            return refused("build_discard", "R59", kind, card)
        have = have_of(p, c.cost, True)
        return refused(
            "build_cost",
            "R60" if p.gold else "R57",
            kind,
            card,
            cost=tokens_of(c.cost),
            have=tokens_of(have),
            form=None if have else "nothing",
        )
    if kind == "deal":
        if k not in p.hand:
            return refused("not_in_hand", "R67", kind, card)
        if c.common or c.faction != p.faction:
            return refused("deal_empire", "R67", kind, card)
        if c.deal is None:
            return refused("no_deal_bonus", "R14", kind, card)
        return refused("deal_food", "R69", kind, card)
    if kind == "raze_hand":
        if k not in p.hand:
            return refused("not_in_hand", "R75", kind, card)
        if p.raze < 1:
            return refused("raze_token", "R74", "raze", None)
        if c.raze is None:
            return refused("no_raze_bonus", "R77", kind, card)
        return refused("raze_hand_kind", "R76", kind, card)
    if kind == "raze":
        owner = location_owner(st, k)
        if owner == -1:
            return refused("not_location", "R78", kind, card)
        if owner == seat:
            return refused("raze_own", "R78", kind, card)
        if st.options["peaceful"] == "on":
            return refused("peaceful", "R192", kind, card)
        if owner >= 0 and st.seats[owner].passed:
            return refused("passed", "R53", kind, card, owner=owner)
        if c.unrazeable:
            return refused("unrazeable", "R79", kind, card)
        if not razeable(game, k):
            return refused("empire_location", "R79", kind, card)
        n = 2 + protection(st, owner, k)
        return refused("raze_tokens", "R80", kind, card, n=n, have=p.raze)
    if k not in p.locations and k not in p.captured:
        return refused("not_yours", "R87", "activate", card)
    if c.kind != "action":
        return refused("not_action", "R87", "activate", card)
    if not may_activate(game, st, seat, k):
        return refused("captured", "R163", "activate", card)
    holder = p if k in p.locations else st.seats[location_owner(st, k)]
    act = action_of(game, st, k)
    if act is None:
        if c.stand_in is not None:
            return refused("stand_in_off", "D2", "activate", card)
        return refused("ability_unknown", "D2", "activate", card)
    times = 2 if kind == "activate2" else 1
    if times == 2 and act.limit < 2:
        return refused("not_twice", "R91", "activate", card)
    if holder.used.get(k, 0) + times > act.limit:
        return refused("used", "R89" if holder is p else "R163", "activate", card, n=act.limit)
    gold = gold_ok(st, "activate")
    cost = {g: n * times for g, n in act.pay.items()}
    short_cards = cost.get("card", 0) > len(p.hand) or cost.get("deal", 0) > len(p.deals) + len(p.trades)
    if short_cards or not can_pay(p, act.pay, times, gold):
        have = have_of(p, cost, gold)
        if cost.get("card"):
            have["hand_card"] = len(p.hand)
        if cost.get("deal"):
            have["deal"] = len(p.deals) + len(p.trades)
        return refused(
            "activate_cost",
            "R88",
            "activate",
            card,
            cost=tokens_of(cost, pay=True),
            have=tokens_of(have),
            form=None if any(have.values()) else "nothing",
        )
    return refused("activate_nothing", "R88", "activate", card)


def why_free(game: SettlersRules, p, kind: str, k: int) -> dict:
    c = game.cards[k]
    if kind == "defend":
        if p.defence < 1:
            return refused("no_defence", "R101", kind)
        if k not in p.locations:
            return refused("not_yours", "R102", kind, c.id)
        if not c.common:
            return refused("defence_common", "R108", kind, c.id)
        return refused("defended", "R104", kind, c.id)
    if p.faction != "Japanese":
        return refused("japanese_only", "R142", kind)
    if p.worker < 1:
        return refused("no_worker", "R142", kind)
    if k not in p.locations or c.faction != "Japanese":
        return refused("samurai_where", "R142", kind, c.id)
    return refused("has_samurai", "R142", kind, c.id)


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
        r = why_free(game, st.seats[seat], kind, k)
        return english(game, r), r["rule"]
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
