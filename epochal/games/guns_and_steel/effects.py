"""Guns & Steel's card effects on the effect kernel (epochal/engine/effects.py): one handler per
operation of ``vocab.py``, registered in ``handlers``; the game composes them into its runner.

An op that needs a choice asks a ``Decision`` and returns ``WAIT``; the seat's answer
(``decisions.py``) changes the state and the frame's variables, and the op runs again until it
returns ``DONE``. Nested op lists (an attack's defeat consequences, each_player's and each_other's
``do``) run in frames of their own, carried out by the player they name as "you"; the attacker is
their ``attacker`` variable (in each_other's frames, ``player`` is the seat whose card acts).
Variables starting with "_" belong to the running op and are dropped when it is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import event
from epochal.engine.effects import DONE, WAIT, Frame, Registry

from . import payment as pay
from .state import Attack as AttackState
from .state import Payment
from .vocab import (
    ActivateAttacks,
    Attack,
    EachOther,
    EachPlayer,
    Gain,
    GiveWonder,
    HandOver,
    Lose,
    LoseVp,
    Pay,
    PayVp,
    PlayAttacks,
    Reactivate,
    Restore,
    Use,
    Vp,
)

if TYPE_CHECKING:
    from .rules import GunsRules
    from .state import GunsState

SPACE = pay.SPACE
handlers = Registry()


@handlers.on(Pay)
def pay_cost(game: GunsRules, st: GunsState, fr: Frame, op: Pay, ev: list):
    """The activation cost (R34b, R51): all leading pay ops are paid as one payment."""
    if fr.vars.get("_paying"):
        return DONE if st.payment is None else WAIT
    ops = game.runner.ops(fr)
    if any(isinstance(o, Pay) for o in ops[: fr.pc]):
        return DONE  # paid with the first pay op of the effect's head
    cost = pay.activation_cost(ops, fr.pc, game.res_index)
    mode = pay.activation_mode(st.options)
    if not pay.covers(game.available(st.seats[fr.seat]), cost, 0, mode):
        return game.runner.abort(fr)  # cannot be activated (R51)
    st.payment = Payment(seat=fr.seat, purpose="activate", card=fr.card, cost=list(cost), mode=mode)
    fr.vars["_paying"] = True
    if pay.paid_off(st.payment):
        st.payment = None
        return DONE
    return game.runner.ask(st, "pay", fr.seat)


@handlers.on(PayVp)
def pay_vp(game: GunsRules, st: GunsState, fr: Frame, op: PayVp, ev: list):
    """A VP cost (R71): activation was refused unless the VP card shows enough (can_activate);
    should it not, nothing more of the effect happens (R51)."""
    p = st.seats[fr.seat]
    if p.vp < op.n:
        return game.runner.abort(fr)
    p.vp -= op.n
    ev.append(event("pay_vp", seat=fr.seat, card=game.keys[fr.card], n=op.n, total=p.vp))
    return DONE


@handlers.on(Gain)
def gain(game: GunsRules, st: GunsState, fr: Frame, op: Gain, ev: list):
    p = st.seats[fr.seat]
    for name, n in op.res.items():
        p.temp[game.res_index[name]] += n
    ev.append(event("gain", seat=fr.seat, res=dict(op.res)))
    return DONE


def restorable(game: GunsRules, st: GunsState, fr: Frame, op: Restore) -> list[int]:
    p = st.seats[fr.seat]
    if op.res == "any":
        return list(p.tech)
    want = game.res_index[op.res]
    res = game.res
    return [k for k in p.tech if res[k] == want]


@handlers.on(Restore)
def restore_cards(game: GunsRules, st: GunsState, fr: Frame, op: Restore, ev: list):
    """Flip technology-side cards back (R35), as many as possible up to n (R51); the card
    itself may be one (R56, E3)."""
    left = op.n - fr.vars.get("_done", 0)
    cards = restorable(game, st, fr, op)
    if left <= 0 or not cards:
        return DONE
    if len(cards) <= left:
        for k in cards:
            restore(game, st, fr.seat, k, ev)
        return DONE
    return game.runner.ask(st, "restore", fr.seat)


def restore(game: GunsRules, st: GunsState, seat: int, k: int, ev: list) -> None:
    st.seats[seat].tech.remove(k)
    ev.append(event("restore", seat=seat, card=game.keys[k], res=game.res_name(k)))


@handlers.on(Vp)
def gain_vp(game: GunsRules, st: GunsState, fr: Frame, op: Vp, ev: list):
    game.gain_vp(st, fr.seat, op.n, ev, "card")  # R70, R73
    return DONE


def use_matches(game: GunsRules, st: GunsState, q: int, op: Use) -> list[int]:
    """Zone positions of opponent q's resource cards an op ``use`` may take."""
    p = st.seats[q]
    want = None if op.res == "any" else game.res_index[op.res]
    res = game.res
    tech = p.tech
    return [i for i, k in enumerate(p.zone) if k not in tech and (want is None or res[k] == want)]


@handlers.on(Use)
def use(game: GunsRules, st: GunsState, fr: Frame, op: Use, ev: list):
    """Use an opponent's resource (R55, E4): only an opponent with a matching resource card
    may be chosen; with none the op does nothing (A17)."""
    target = fr.vars.get("_target")
    if target is None:
        targets = [q for q in game.clockwise(st, fr.seat)[1:] if use_matches(game, st, q, op)]
        if not targets:
            ev.append(event("no_target", seat=fr.seat, card=game.keys[fr.card]))
            return DONE
        if len(targets) > 1:
            return game.runner.ask(st, "target", fr.seat)
        target = fr.vars["_target"] = targets[0]
        ev.append(event("target", seat=fr.seat, target_seat=target))
    left = op.n - fr.vars.get("_done", 0)
    matches = use_matches(game, st, target, op)
    if left <= 0 or not matches:
        return DONE
    if len(matches) <= left:
        zone = st.seats[target].zone
        for k in [zone[i] for i in matches]:
            take(game, st, fr, op, target, k, ev)
        return DONE
    return game.runner.ask(st, "take", fr.seat)


def take(game: GunsRules, st: GunsState, fr: Frame, op: Use, target: int, k: int, ev: list) -> None:
    """The opponent's card goes technology side up and yields him nothing (A16)."""
    st.seats[target].tech.append(k)
    if op.gain:
        st.seats[fr.seat].temp[game.res[k]] += 1
    fr.vars["_done"] = fr.vars.get("_done", 0) + 1
    ev.append(
        event(
            "use",
            seat=fr.seat,
            target_seat=target,
            card=game.keys[k],
            res=game.res_name(k),
            gain=op.gain,
            reveals=True,
        )
    )


@handlers.on(EachPlayer)
def each_player(game: GunsRules, st: GunsState, fr: Frame, op: EachPlayer, ev: list):
    """You first, then clockwise (A34); each carries the ops out as "you" (R23, R55)."""
    if fr.vars.get("_pushed"):
        return DONE
    fr.vars["_pushed"] = True
    inherited = {"attacker": fr.vars["attacker"]} if "attacker" in fr.vars else {}
    for q in reversed(game.clockwise(st, fr.seat)):
        game.runner.child(st, fr, [fr.pc, "do"], seat=q, share=False, player=fr.seat, **inherited)
    return WAIT


@handlers.on(EachOther)
def each_other(game: GunsRules, st: GunsState, fr: Frame, op: EachOther, ev: list):
    """Every other player, clockwise from you (A34), carries the ops out as "you", each making
    his own choices (which resources he spends, R54); the frames carry ``player``, the seat
    whose card acts, for the words of their decisions."""
    if fr.vars.get("_pushed"):
        return DONE
    fr.vars["_pushed"] = True
    for q in reversed(game.clockwise(st, fr.seat)[1:]):
        game.runner.child(st, fr, [fr.pc, "do"], seat=q, share=False, player=fr.seat)
    return WAIT


@handlers.on(Attack)
def attack(game: GunsRules, st: GunsState, fr: Frame, op: Attack, ev: list):
    """R60-R69: responses clockwise, then every weaker opponent is defeated."""
    stage = fr.vars.get("_stage")
    if stage is None:
        strength = game.military(st.seats[fr.seat])
        order = game.clockwise(st, fr.seat)[1:]
        st.attack = AttackState(attacker=fr.seat, card=fr.card, strength=strength, order=order)
        ev.append(event("attack", seat=fr.seat, card=game.keys[fr.card], strength=strength))
        stage = fr.vars["_stage"] = "respond"
    a = st.attack
    assert a is not None
    if stage == "respond":
        while a.step < len(a.order):
            q = a.order[a.step]
            if can_respond(game, st, q):
                return game.runner.ask(st, "respond", q)
            a.responded.append(q)
            a.step += 1
        for q in a.order:  # R66
            strength = game.military(st.seats[q])
            if strength < a.strength:
                a.defeated.append(q)
                ev.append(event("defeated", seat=q, attacker=a.attacker, strength=strength, against=a.strength))
            else:
                ev.append(event("undefeated", seat=q, attacker=a.attacker, strength=strength, against=a.strength))
        fr.vars["_stage"] = "vp"
        if op.defeated and a.defeated:
            for q in reversed(a.defeated):  # A34
                game.runner.child(st, fr, [fr.pc, "defeated"], seat=q, share=False, attacker=a.attacker)
            return WAIT
    if op.vp and game.track(st):  # R68
        for q in [a.attacker] + [q for q in a.order if q not in a.defeated]:
            game.gain_vp(st, q, op.vp, ev, "attack")
    st.attack = None
    return DONE


def can_respond(game: GunsRules, st: GunsState, q: int) -> bool:
    p = st.seats[q]
    resp = game.resp
    return any(resp[k] for k in p.hand) or len(p.zone) > len(p.tech)


@handlers.on(Lose, HandOver)
def lose_resources(game: GunsRules, st: GunsState, fr: Frame, op: Lose | HandOver, ev: list):
    """Spend n resources of the player's own choice (R66; outside an attack, R54); a Space pays
    2; with fewer, all he has, without being asked. The cards yield him nothing (R67)."""
    left = op.n - fr.vars.get("_done", 0)
    cards = game.resource_cards(st.seats[fr.seat])
    if left <= 0 or not cards:
        return DONE
    res = game.res
    if sum(2 if res[k] == SPACE else 1 for k in cards) <= left:
        for k in cards:
            lose(game, st, fr, op, k, ev)
        return DONE
    return game.runner.ask(st, "hand_over" if isinstance(op, HandOver) else "lose", fr.seat)


def lose(game: GunsRules, st: GunsState, fr: Frame, op: Lose | HandOver, k: int, ev: list) -> None:
    st.seats[fr.seat].tech.append(k)
    r = game.res[k]
    fr.vars["_done"] = fr.vars.get("_done", 0) + (2 if r == SPACE else 1)
    if isinstance(op, HandOver):
        attacker = fr.vars["attacker"]
        st.seats[attacker].temp[r] += 1
        ev.append(
            event("hand_over", seat=fr.seat, to_seat=attacker, card=game.keys[k], res=game.res_name(k), reveals=True)
        )
    else:
        ev.append(event("lose", seat=fr.seat, card=game.keys[k], res=game.res_name(k), reveals=True))


@handlers.on(GiveWonder)
def give_wonder_op(game: GunsRules, st: GunsState, fr: Frame, op: GiveWonder, ev: list):
    """R66, E6: the defeated player gives the attacker one of his wonders, his choice."""
    if fr.vars.get("_done"):
        return DONE
    p = st.seats[fr.seat]
    if not p.wonders:
        return DONE
    if len(p.wonders) == 1:
        give_wonder(game, st, fr, p.wonders[0], ev)
        return DONE
    return game.runner.ask(st, "give_wonder", fr.seat)


def give_wonder(game: GunsRules, st: GunsState, fr: Frame, w: int, ev: list) -> None:
    attacker = fr.vars["attacker"]
    st.seats[fr.seat].wonders.remove(w)
    st.seats[attacker].wonders.append(w)
    fr.vars["_done"] = True
    ev.append(event("give_wonder", seat=fr.seat, to_seat=attacker, wonder=game.wkeys[w]))


@handlers.on(LoseVp)
def lose_vp(game: GunsRules, st: GunsState, fr: Frame, op: LoseVp, ev: list):
    """Never below 0 (R71, A21)."""
    if not game.track(st):
        return DONE
    p = st.seats[fr.seat]
    lost = min(p.vp, op.n)
    p.vp -= lost
    ev.append(event("lose_vp", seat=fr.seat, n=lost, total=p.vp))
    if op.to_attacker and lost:
        game.gain_vp(st, fr.vars["attacker"], lost, ev, "attack")
    return DONE


def attack_cards_payable(game: GunsRules, st: GunsState, seat: int, cards: list[int]) -> list[int]:
    kind = game.kind
    return [k for k in cards if kind[k] == "attack" and game.can_activate(st, seat, k)]


@handlers.on(PlayAttacks)
def play_attacks(game: GunsRules, st: GunsState, fr: Frame, op: PlayAttacks, ev: list):
    """R57, R58, A18: at least one Attack card if you hold one you can activate, up to n;
    each goes technology side up and is activated."""
    if fr.vars.get("_played", 0) >= op.n or fr.vars.get("_stop"):
        return DONE
    if not attack_cards_payable(game, st, fr.seat, st.seats[fr.seat].hand):
        return DONE
    return game.runner.ask(st, "play_attack", fr.seat)


@handlers.on(ActivateAttacks)
def activate_attacks(game: GunsRules, st: GunsState, fr: Frame, op: ActivateAttacks, ev: list):
    """R53, R57: up to n Attack cards already technology side up in your zone."""
    if len(fr.vars.get("_used", [])) >= op.n or fr.vars.get("_stop"):
        return DONE
    if not activatable_attacks(game, st, fr):
        return DONE
    return game.runner.ask(st, "activate_attack", fr.seat)


def activatable_attacks(game: GunsRules, st: GunsState, fr: Frame) -> list[int]:
    """Attack cards that lay in the zone before this Tactics card acted: not one it just
    played from hand (that one was activated already, R58), nor one activated twice."""
    used = fr.vars.get("_used", []) + fr.vars.get("played", [])
    return [k for k in attack_cards_payable(game, st, fr.seat, st.seats[fr.seat].tech) if k not in used]


@handlers.on(Reactivate)
def reactivate(game: GunsRules, st: GunsState, fr: Frame, op: Reactivate, ev: list):
    """R53 (L164-166): up to n technologies already in your zone are activated again, each for
    its own cost; the player may stop at any time (R51: activating is a choice). Asked as the
    same decision as a Tactics card's activation of Attack cards."""
    if len(fr.vars.get("_used", [])) >= op.n or fr.vars.get("_stop"):
        return DONE
    if not activatable(game, st, fr):
        return DONE
    return game.runner.ask(st, "activate_attack", fr.seat)


def activatable(game: GunsRules, st: GunsState, fr: Frame) -> list[int]:
    """The zone cards the running ``activate_attacks`` or ``reactivate`` op may activate now."""
    op = game.runner.ops(fr)[fr.pc]
    if not isinstance(op, Reactivate):
        return activatable_attacks(game, st, fr)
    running = {f.card for f in st.run}  # "another technology": never one still acting (no loop)
    used = fr.vars.get("_used", [])
    kind = game.kind
    effects = game.effects
    return [
        k
        for k in st.seats[fr.seat].tech
        if k not in running
        and k not in used
        and effects[k]
        and (op.type == "any" or kind[k] == op.type)
        and game.can_activate(st, fr.seat, k)
    ]


def reactivating(game: GunsRules, st: GunsState) -> bool:
    """Is the decision on top a ``reactivate`` op's (R53), rather than a Tactics card's
    ``activate_attacks`` (R57)? Both ask ``activate_attack``."""
    if not st.run or not st.stack or st.stack[-1].kind != "activate_attack":
        return False
    fr = st.run[-1]
    ops = game.runner.ops(fr)
    return fr.pc < len(ops) and isinstance(ops[fr.pc], Reactivate)
