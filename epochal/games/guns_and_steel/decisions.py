"""What a seat may answer to each kind of decision, and what the answer does: ``legal`` and
``resolve`` map a decision's kind to ``legal(game, st, seat)`` and ``resolve(game, st, seat,
action, decision, events)``; ``why`` words a refused action.

A decision asked by a running effect (``effects.py``) belongs to the top frame of ``st.run``;
its answer changes that frame's variables and the effect's op runs again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import Decision, event
from epochal.engine.effects import Registry

from . import actions as A
from . import effects as fx
from . import payment as pay
from .cards import EPOCHS, RESOURCES
from .state import EMPTY, Payment
from .steps import PHASE_OF
from .vocab import Reactivate

if TYPE_CHECKING:
    from .rules import GunsRules
    from .state import GunsState

legal = Registry("legal")
resolve = Registry("resolve")


def card_arg(game: GunsRules, action: int) -> int:
    return game.action_space.kind(action)[1]


# --- setup and the phases of a turn (R44, R48-R52, R74-R83) --------------------------------------


@legal.on("start_resource")
def legal_start_resource(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    out = [game.action_space.start_resource + k for k in st.seats[seat].hand]
    if st.options["start_resource"] == "optional":  # A13
        out.append(A.PASS)
    return out


@resolve.on("start_resource")
def resolve_start_resource(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    if action == A.PASS:
        ev.append(event("no_start_resource", seat=seat))
        return
    play_to_zone(game, st, seat, card_arg(game, action), "start_resource", ev)


def play_to_zone(game: GunsRules, st: GunsState, seat: int, k: int, why: str, ev: list) -> None:
    """A card from hand into the zone resource side up: others see only its resource."""
    p = st.seats[seat]
    p.hand.remove(k)
    p.zone.append(k)
    ev.append(event(why, seat=seat, res=game.res_name(k)))
    ev.append(event(why + "_card", to=[seat], seat=seat, card=game.keys[k]))


@legal.on("play_resource")
def legal_play_resource(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    base = game.action_space.play_resource
    return [base + k for k in st.seats[seat].hand]


@resolve.on("play_resource")
def resolve_play_resource(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    play_to_zone(game, st, seat, card_arg(game, action), "play_resource", ev)  # R48
    st.step = "technology"


@legal.on("play_technology")
def legal_play_technology(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    base = game.action_space.play_technology
    return [base + k for k in st.seats[seat].hand]


@resolve.on("play_technology")
def resolve_play_technology(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    k = card_arg(game, action)  # R50
    p = st.seats[seat]
    p.hand.remove(k)
    p.zone.append(k)
    p.tech.append(k)
    ev.append(event("play_technology", seat=seat, card=game.keys[k], reveals=True))
    st.step = "effects"
    game.runner.ask(st, "activate", seat, card=k)


@legal.on("activate")
def legal_activate(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    k = st.stack[-1].args["card"]
    if game.effects[k] and game.can_activate(st, seat, k):
        return [A.ACTIVATE, A.SKIP]
    return [A.SKIP]


@resolve.on("activate")
def resolve_activate(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    k = d.args["card"]
    if action == A.SKIP:  # R52
        ev.append(event("skip", seat=seat, card=game.keys[k]))
        return
    ev.append(event("activate", seat=seat, card=game.keys[k]))  # R51
    game.runner.push(st, seat, card=k)


def single_payments(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    """One unit at a time: each resource-side zone card and each type of temporary resource that
    keeps the units paid so far inside an exact payment (R78, R79)."""
    p = st.seats[seat]
    assert st.payment is not None
    picks = pay.next_picks(game.available(p), st.payment)
    res = game.res
    base = game.action_space.spend
    tech = p.tech
    out = [base + k for k in p.zone if k not in tech and res[k] in picks]
    out += [A.SPEND_RES + t for t in picks if p.temp[t]]
    return out


def pay_all_plan(game: GunsRules, st: GunsState, seat: int, singles: list[int] | None = None) -> list[int]:
    """The single payments that "pay the rest" makes, in order, or [] when it is not offered.

    It is offered when the rest leaves the player nothing to choose: every exact way of finishing
    the payment spends the same resources (R79), and of each type it spends the temporary ones
    first (they are lost at the end of the turn, R88) and then either no zone card or all the
    zone cards of that type, so no choice of which card turns over (R34) is made for him. It
    needs two units left at least and two single answers (else the engine answers alone)."""
    if singles is None:
        singles = single_payments(game, st, seat)
    if len(singles) < 2:
        return []
    assert st.payment is not None
    p = st.seats[seat]
    rest = pay.rest_of(game.available(p), st.payment)
    if rest is None or sum(rest) < 2:
        return []
    res = game.res
    mine = game.resource_cards(p)
    temps: list[int] = []
    flipped: set[int] = set()
    for t, n in enumerate(rest):
        if not n:
            continue
        used = min(p.temp[t], n)
        temps += [A.SPEND_RES + t] * used
        cards = [k for k in mine if res[k] == t]
        if n > used:
            if len(cards) != n - used:
                return []  # which of these cards turns over is the player's choice
            flipped.update(cards)
    # the cards by resource (R11 order), so that the words naming them follow their resources
    base = game.action_space.spend
    return temps + [base + k for k in sorted(flipped, key=lambda k: (res[k], mine.index(k)))]


@legal.on("pay")
def legal_pay(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    out = single_payments(game, st, seat)
    if pay_all_plan(game, st, seat, out):
        out.append(game.action_space.pay_all)
    return out


@resolve.on("pay")
def resolve_pay(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    pm = st.payment
    assert pm is not None
    # "pay the rest" is the single payments it stands for, made one after the other
    units = pay_all_plan(game, st, seat) if action == game.action_space.pay_all else [action]
    for a in units:
        spend_unit(game, st, seat, pm, a, ev)
    if not pay.paid_off(pm):
        st.stack.append(d)
        return
    st.payment = None
    if pm.purpose == "buy":
        complete_purchase(game, st, pm, ev)


def spend_unit(game: GunsRules, st: GunsState, seat: int, pm: Payment, action: int, ev: list) -> None:
    """One unit of a payment: a zone card turns to its technology side (R34, R78), or a temporary
    resource is used up."""
    p = st.seats[seat]
    if action >= A.CARD_BASE:
        k = card_arg(game, action)
        t = game.res[k]
        p.tech.append(k)  # R34, R78
        ev.append(event("spend", seat=seat, card=game.keys[k], res=RESOURCES[t], reveals=True))
    else:
        t = action - A.SPEND_RES
        p.temp[t] -= 1
        ev.append(event("spend_temp", seat=seat, res=RESOURCES[t]))
    pm.paid[t] += 1
    pm.picked.append(t)


def buy_options(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    units = game.available(st.seats[seat])
    if not any(units):
        return []
    mode = pay.purchase_mode(st.options)
    out = []
    # pay.covers is False whenever the units are worth less than the cost plus the surcharge
    # (pay.value): that comparison first, and the surcharges only once a card passes it at 0.
    budget = pay.value(units)
    extra = None
    cost, worth = game.cost, game.cost_value
    for r, row in enumerate(st.pyramid):
        base = A.ROW_OFFSET[r]
        for i, k in enumerate(row):
            if k != EMPTY and worth[k] <= budget:
                if extra is None:
                    extra = game.slot_surcharges(st)
                surcharge = extra[base + i]
                if worth[k] + surcharge <= budget and pay.covers(units, cost[k], surcharge, mode):
                    out.append(A.BUY + base + i)
    for e, stack in enumerate(st.stacks):
        if stack and worth[stack[-1]] <= budget:
            surcharge = game.stack_surcharge(st, e)
            if worth[stack[-1]] + surcharge <= budget and pay.covers(units, cost[stack[-1]], surcharge, mode):
                out.append(A.BUY_STACK + e)
    return out


@legal.on("purchase")
def legal_purchase(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    return buy_options(game, st, seat) + [A.PASS]


@resolve.on("purchase")
def resolve_purchase(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    if action == A.PASS:  # R83
        ev.append(event("no_purchase", seat=seat))
        st.step = "end_of_turn"
        return
    kind, arg = game.action_space.kind(action)
    if kind == "buy":
        r, i = A.slot_of(arg)
        k = st.pyramid[r][i]
        pm = Payment(
            seat=seat,
            purpose="buy",
            card=k,
            cost=list(game.cost[k]),
            any=game.slot_surcharges(st)[arg],
            mode=pay.purchase_mode(st.options),
            slot=arg,
        )
    else:
        k = st.stacks[arg][-1]
        pm = Payment(
            seat=seat,
            purpose="buy",
            card=k,
            cost=list(game.cost[k]),
            any=game.stack_surcharge(st, arg),
            mode=pay.purchase_mode(st.options),
            stack=arg,
        )
    st.step = "paying"
    ev.append(event("buying", seat=seat, card=game.keys[k], surcharge=pm.any))
    if pay.paid_off(pm):
        complete_purchase(game, st, pm, ev)
        return
    st.payment = pm
    game.runner.ask(st, "pay", seat)


def complete_purchase(game: GunsRules, st: GunsState, pm: Payment, ev: list) -> None:
    k = pm.card
    if pm.slot >= 0:
        r, i = A.slot_of(pm.slot)
        st.pyramid[r][i] = EMPTY  # R40: no refill
    else:
        st.stacks[pm.stack].pop()
    p = st.seats[pm.seat]
    p.zone.append(k)  # R82, A6
    if st.options["bought_side"] == "technology":
        p.tech.append(k)
    paid = {RESOURCES[t]: pm.paid[t] for t in range(len(RESOURCES)) if pm.paid[t]}
    ev.append(event("buy", seat=pm.seat, card=game.keys[k], paid=paid))
    if pm.stack >= 0 and st.stacks[pm.stack]:
        top = game.keys[st.stacks[pm.stack][-1]]
        ev.append(event("stack_top", epoch=EPOCHS[pm.stack], row=pm.stack + 1, card=top, reveals=True))


# --- attacks and the choices of card effects (R55-R69) ---------------------------------------------


@legal.on("respond")
def legal_respond(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    p = st.seats[seat]
    resp = game.resp
    out = [game.action_space.respond + k for k in p.hand if resp[k]]  # R63(a)
    base = game.action_space.respond_spend
    out += [base + k for k in game.resource_cards(p)]  # R63(b), A15
    return out + [A.PASS]


@resolve.on("respond")
def resolve_respond(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    a = st.attack
    assert a is not None
    p = st.seats[seat]
    if action == A.PASS:
        a.responded.append(seat)
        a.step += 1
        ev.append(event("respond_done", seat=seat, strength=game.military(p)))
        return
    kind, k = game.action_space.kind(action)
    if kind == "respond":  # R63(a), R64
        p.hand.remove(k)
        p.zone.append(k)
        p.tech.append(k)
        ev.append(event("respond", seat=seat, card=game.keys[k], reveals=True))
    else:  # R63(b), R64
        p.tech.append(k)
        ev.append(event("respond_spend", seat=seat, card=game.keys[k], res=game.res_name(k), reveals=True))


@legal.on("restore")
def legal_restore(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    fr = st.run[-1]
    op = game.runner.ops(fr)[fr.pc]
    return [game.action_space.restore + k for k in fx.restorable(game, st, fr, op)]


@resolve.on("restore")
def resolve_restore(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    fr = st.run[-1]
    fx.restore(game, st, seat, card_arg(game, action), ev)
    fr.vars["_done"] = fr.vars.get("_done", 0) + 1


@legal.on("target")
def legal_target(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    fr = st.run[-1]
    op = game.runner.ops(fr)[fr.pc]
    return [A.TARGET + q for q in game.clockwise(st, seat)[1:] if fx.use_matches(game, st, q, op)]


@resolve.on("target")
def resolve_target(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    st.run[-1].vars["_target"] = action - A.TARGET
    ev.append(event("target", seat=seat, target_seat=action - A.TARGET))


@legal.on("take")
def legal_take(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    fr = st.run[-1]
    op = game.runner.ops(fr)[fr.pc]
    q = fr.vars["_target"]
    return [A.TAKE + q * A.ZONE_MAX + i for i in fx.use_matches(game, st, q, op)]


@resolve.on("take")
def resolve_take(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    fr = st.run[-1]
    q, i = divmod(action - A.TAKE, A.ZONE_MAX)
    fx.take(game, st, fr, game.runner.ops(fr)[fr.pc], q, st.seats[q].zone[i], ev)


@legal.on("lose", "hand_over")
def legal_lose(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    base = game.action_space.lose
    return [base + k for k in game.resource_cards(st.seats[seat])]


@resolve.on("lose", "hand_over")
def resolve_lose(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    fr = st.run[-1]
    fx.lose(game, st, fr, game.runner.ops(fr)[fr.pc], card_arg(game, action), ev)


@legal.on("give_wonder")
def legal_give_wonder(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    return [game.action_space.give_wonder + w for w in st.seats[seat].wonders]


@resolve.on("give_wonder")
def resolve_give_wonder(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    fx.give_wonder(game, st, st.run[-1], action - game.action_space.give_wonder, ev)


@legal.on("play_attack")
def legal_play_attack(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    fr = st.run[-1]
    base = game.action_space.play_attack
    out = [base + k for k in fx.attack_cards_payable(game, st, seat, st.seats[seat].hand)]
    if fr.vars.get("_played", 0):  # A18: one is a must
        out.append(A.PASS)
    return out


@resolve.on("play_attack")
def resolve_play_attack(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    fr = st.run[-1]
    if action == A.PASS:
        fr.vars["_stop"] = True
        return
    k = card_arg(game, action)  # R58: played and
    p = st.seats[seat]  # activated
    p.hand.remove(k)
    p.zone.append(k)
    p.tech.append(k)
    fr.vars["_played"] = fr.vars.get("_played", 0) + 1
    fr.vars["played"] = fr.vars.get("played", []) + [k]
    ev.append(event("play_attack", seat=seat, card=game.keys[k], reveals=True))
    game.runner.push(st, seat, card=k)


@legal.on("activate_attack")
def legal_activate_attack(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    base = game.action_space.activate_attack
    return [base + k for k in fx.activatable(game, st, st.run[-1])] + [A.PASS]


@resolve.on("activate_attack")
def resolve_activate_attack(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    fr = st.run[-1]
    if action == A.PASS:
        fr.vars["_stop"] = True
        return
    k = card_arg(game, action)  # R53, R57
    fr.vars["_used"] = fr.vars.get("_used", []) + [k]
    verb = "reactivate" if isinstance(game.runner.ops(fr)[fr.pc], Reactivate) else "activate_attack"
    ev.append(event(verb, seat=seat, card=game.keys[k]))
    game.runner.push(st, seat, card=k)


# --- the end of a turn: wonders, recall, glory (R84-R97, A24) --------------------------------------


@legal.on("claim")
def legal_claim(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    return [game.action_space.claim + w for w in game.claimable(st, seat)]


@resolve.on("claim")
def resolve_claim(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    game.claim(st, seat, action - game.action_space.claim, ev)  # R85.I


@legal.on("recall")
def legal_recall(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    base = game.action_space.recall
    return [base + k for k in game.resource_cards(st.seats[seat])] + [A.PASS]


@resolve.on("recall")
def resolve_recall(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    if action == A.PASS:
        st.step = "glory" if game.track(st) else "finish"
        return
    k = card_arg(game, action)  # R85.III, R92.II
    p = st.seats[seat]
    p.zone.remove(k)
    p.hand.append(k)
    p.recalled.append(k)
    ev.append(event("recall_resource", seat=seat, res=game.res_name(k)))
    ev.append(event("recall_resource_card", to=[seat], seat=seat, card=game.keys[k]))


@legal.on("glory")
def legal_glory(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    return [game.action_space.glory + w for w in game.glory_targets(st, seat)]


@resolve.on("glory")
def resolve_glory(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    w = action - game.action_space.glory  # R93.I
    e = st.wonders.index(w)
    st.glory[e][seat] += 1
    st.seats[seat].glory -= 1
    ev.append(event("glory", seat=seat, wonder=game.wkeys[w], tokens=st.glory[e][seat]))


@legal.on("move_glory")
def legal_move_glory(game: GunsRules, st: GunsState, seat: int) -> list[int]:
    out = []
    for w in game.glory_targets(st, seat):
        to = st.wonders.index(w)
        out += [A.MOVE_GLORY + 5 * to + e for e in range(5) if e != to and st.glory[e][seat]]
    return out + [A.PASS]


@resolve.on("move_glory")
def resolve_move_glory(game: GunsRules, st: GunsState, seat: int, action: int, d: Decision, ev: list) -> None:
    if action == A.PASS:
        return
    to, src = divmod(action - A.MOVE_GLORY, 5)  # A24
    st.glory[src][seat] -= 1
    st.glory[to][seat] += 1
    ev.append(
        event(
            "move_glory",
            seat=seat,
            wonder=game.wkeys[st.wonders[to]],
            from_wonder=game.wkeys[st.wonders[src]],
            tokens=st.glory[to][seat],
        )
    )


# --- refused actions ---------------------------------------------------------------------------

# (reason, rule) of a refused action, for the decisions where it does not depend on the action
REFUSAL_OF_DECISION = {
    "purchase": ("buy one card you can pay for, or pass", "R74"),
    "start_resource": ("play one of your start cards resource side up, or pass", "R44"),
    "restore": ("restore one of your technology-side cards the effect names", "R35"),
    "target": ("choose an opponent with a resource card the effect can use", "R55"),
    "take": ("choose a resource card of the chosen opponent", "R55"),
    "lose": ("spend one of your resource cards", "R66"),
    "hand_over": ("spend one of your resource cards", "R66"),
    "give_wonder": ("give one of your wonders", "R66"),
    "activate_attack": ("activate an Attack card technology side up in your zone, or stop", "R57"),
    "claim": ("take one wonder whose condition you meet", "R85"),
    "recall": ("take a resource-side card of your zone back, or stop", "R85"),
    "glory": ("place a glory token on a wonder whose condition you meet", "R93"),
    "move_glory": ("move one of your glory tokens onto a wonder whose condition you meet", "A24"),
}
PHASE_WORDS = {"play_resource": ("resource", "Resource", "R48"), "play_technology": ("technology", "Technology", "R50")}


def why(game: GunsRules, st: GunsState, d: Decision, seat: int, action: int) -> tuple[str, str]:
    """(reason, rule) for an action that is not among the decision's legal answers."""
    if not 0 <= action < game.num_actions:
        return f"unknown action id {action} (ids are 0..{game.num_actions - 1})", "protocol"
    kind, arg = game.action_space.kind(action)
    card = game.keys[arg] if kind in A.CARD_BLOCKS else None
    if kind in ("buy", "buy_stack"):
        return why_buy(game, st, d, kind, arg)
    if d.kind in PHASE_WORDS:
        return why_play(d.kind, kind, card)
    if kind in PHASE_WORDS:
        side, phase, rule = PHASE_WORDS[kind]
        now = PHASE_OF[st.step]
        return f"cards are played {side} side up only in the {phase} phase (now: {now})", rule
    if d.kind == "respond":
        if kind == "respond":
            if arg not in st.seats[seat].hand:
                return f"{card} is not in your hand", "R63"
            return f"{card} has no response icon: only response cards answer an attack", "R63"
        if kind == "respond_spend":
            return f"{card} is not a resource-side card of your zone", "R63"
        return "respond with a response card from hand, a resource of your zone, or pass", "R63"
    if kind == "pay_all":
        return why_pay_all(game, st, d, seat)
    if d.kind == "pay":
        if kind in ("spend", "spend_res"):
            return "that unit is not part of any minimal payment of the cost: no over-spending", "R79"
        return "finish the payment first: spend a resource", "R78"
    if d.kind == "activate":
        if action == A.ACTIVATE:
            k = d.args["card"]
            need, have = game.vp_need[k], st.seats[seat].vp
            if need > have:
                return f"activating it would cost {need} VP and you have {have}: VP never go below 0", "R71"
            return "you cannot pay this card's activation cost", "R51"
        return "activate the card just played or skip it", "R51"
    if d.kind == "play_attack":
        if kind == "pass":
            return "you hold an Attack card: play at least one", "R58"
        return "play an Attack card from your hand that you can activate", "R58"
    if d.kind == "activate_attack" and fx.reactivating(game, st):
        return "re-activate a technology of your zone that the effect names and you can pay for, or stop", "R53"
    if d.kind == "lose" and st.run and "attacker" not in st.run[-1].vars:
        return "spend one of your resource cards, your choice", "R54"  # each_other, each_player
    return REFUSAL_OF_DECISION.get(d.kind, (f"action {action} is not allowed now", "protocol"))


def why_pay_all(game: GunsRules, st: GunsState, d: Decision, seat: int) -> tuple[str, str]:
    """Why the rest of a payment may not be paid at once now (``pay_all_plan``)."""
    if d.kind != "pay" or st.payment is None:
        return "there is no payment under way", "R78"
    rest = pay.rest_of(game.available(st.seats[seat]), st.payment)
    if rest is None:
        return "the rest can be paid in more than one way: choose the resources one at a time", "R79"
    if sum(rest) < 2 or len(single_payments(game, st, seat)) < 2:
        return "one resource is left to choose: spend it", "R78"
    return "you choose which of your cards of one resource turn over: spend them one at a time", "R34"


def why_buy(game: GunsRules, st: GunsState, d: Decision, kind: str, arg: int) -> tuple[str, str]:
    if d.kind != "purchase":
        return f"cards are bought only in the Purchase phase (now: {PHASE_OF[st.step]})", "R74"
    if kind == "buy":
        r, i = A.slot_of(arg)
        if i >= len(st.pyramid[r]):
            return f"there is no pyramid slot {r + 1}.{i}", "R40"
        k = st.pyramid[r][i]
        if k == EMPTY:
            return f"slot {r + 1}.{i} is empty: its card was bought", "R40"
        extra = game.slot_surcharges(st)[arg]
        return f"you cannot pay {game.keys[k]}: its base cost plus {extra} for the connected cards below", "R76"
    if not st.stacks:
        return "development stacks exist only in the combined variant", "R113"
    if not st.stacks[arg]:
        return "that development stack is empty", "R113"
    return (
        "you cannot pay the top card of that stack: its base cost plus 1 per card of the lower epochs in the pyramid",
        "R113",
    )


def why_play(decision: str, kind: str, card: str | None) -> tuple[str, str]:
    """A refused answer in the Resource or Technology phase (R48, R50)."""
    if decision == "play_resource":
        if kind == "play_technology":
            return "first play a card resource side up: the Technology phase comes after the Resource phase", "R48"
        if kind == "play_resource":
            return f"{card} is not in your hand", "R48"
        return "in the Resource phase you play one card from your hand resource side up", "R48"
    if kind == "play_resource":
        return "the Resource phase is over: play a card technology side up", "R50"
    if kind == "play_technology":
        return f"{card} is not in your hand", "R50"
    return "in the Technology phase you play one card technology side up", "R50"
