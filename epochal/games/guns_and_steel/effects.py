"""The effect interpreter: a card's technology effect is a list of ops (``cards.py``), run on a
stack of frames in the state.

An op that needs a choice pushes a ``Decision`` and returns False; the seat's answer (``resolve``
in rules.py) changes the state and the frame's variables, and the op is called again until it
returns True. Nested op lists (an attack's defeat consequences, each_player's ``do``) run in frames
of their own, carried out by the player they name as "you". Nothing blocks, so search can copy a
position in the middle of an attack. Variables starting with "_" belong to the running op and are
dropped when it is done.
"""

from __future__ import annotations

from epochal.engine import Decision, event

from . import payment as pay
from .cards import (
    ActivateAttacks,
    Attack,
    EachPlayer,
    Gain,
    GiveWonder,
    HandOver,
    Lose,
    LoseVp,
    PlayAttacks,
    Restore,
    Use,
    Vp,
)
from .cards import Pay as PayOp
from .state import Attack as AttackState
from .state import Frame, Payment

SPACE = pay.SPACE


class EffectRunner:
    """Mixed into the game: runs frames one op at a time."""

    # --- frames -----------------------------------------------------------------------------
    def op_list(self, fr: Frame) -> list:
        ops = self.effects[fr.card]
        path = fr.path
        for i in range(0, len(path), 2):
            ops = getattr(ops[path[i]], path[i + 1])
        return ops

    def push_frame(self, st, seat: int, card: int, path=(), **vars_) -> None:
        st.run.append(Frame(seat=seat, card=card, path=list(path), vars=vars_))

    def step(self, st, ev: list) -> None:
        fr = st.run[-1]
        ops = self.op_list(fr)
        if fr.pc >= len(ops) or fr.vars.get("abort"):
            st.run.pop()
            return
        op = ops[fr.pc]
        if self.handlers[type(op)](self, st, fr, op, ev):
            if fr.vars:
                for key in [k for k in fr.vars if k[0] == "_"]:
                    del fr.vars[key]
            fr.pc += 1

    def ask(self, st, kind: str, seat: int, **args) -> bool:
        st.stack.append(Decision(kind=kind, seats=[seat], args=args))
        return False

    # --- helpers ------------------------------------------------------------------------------
    def resource_cards(self, p) -> list[int]:
        tech = p.tech
        return [k for k in p.zone if k not in tech]

    def available(self, p) -> tuple:
        """Units a player may pay with: resource-side zone cards and temporary resources."""
        counts = list(p.temp)
        res = self.res
        tech = p.tech
        for k in p.zone:
            if k not in tech:
                counts[res[k]] += 1
        return tuple(counts)

    def military(self, p) -> int:
        mil = self.mil
        return sum(mil[k] for k in p.tech)  # R61, R65, A20

    def activation_mode(self, st) -> int:
        if st.options["exchange_in"] == "always":  # A5 (iii)
            return pay.ANY_HIGHER if st.options["exchange"] == "any_higher" else pay.ONE_STEP
        return pay.NO_EXCHANGE

    def purchase_mode(self, st) -> int:
        return pay.ANY_HIGHER if st.options["exchange"] == "any_higher" else pay.ONE_STEP

    def can_activate(self, st, seat: int, k: int) -> bool:
        """Activation needs the card's cost to be payable now (R51, A17)."""
        cost = self.pay_cost[k]
        if cost is None:
            return True
        return pay.covers(self.available(st.seats[seat]), cost, 0, self.activation_mode(st))

    def flip_to_tech(self, p, k: int) -> None:
        p.tech.append(k)

    def track(self, st) -> bool:
        """Is there a VP card? Not in New World (R73)."""
        return st.options["theme"] != "new_world"

    def gain_vp(self, st, seat: int, n: int, ev: list, why: str) -> None:
        if n and self.track(st):
            st.seats[seat].vp += n
            ev.append(event("vp", seat=seat, n=n, total=st.seats[seat].vp, why=why))

    # --- ops ----------------------------------------------------------------------------------
    def op_pay(self, st, fr, op, ev) -> bool:
        """The activation cost (R34b, R51): all leading pay ops are paid as one payment."""
        if fr.vars.get("_paying"):
            return st.payment is None
        ops = self.op_list(fr)
        if fr.pc > 0 and isinstance(ops[fr.pc - 1], PayOp):
            return True
        cost = self.pay_cost_at(ops, fr.pc)
        mode = self.activation_mode(st)
        p = st.seats[fr.seat]
        if not pay.covers(self.available(p), cost, 0, mode):
            fr.vars["abort"] = True  # cannot be activated (R51)
            return True
        st.payment = Payment(seat=fr.seat, purpose="activate", card=fr.card, cost=list(cost), mode=mode)
        fr.vars["_paying"] = True
        if self.payment_done(st.payment):
            st.payment = None
            return True
        return self.ask(st, "pay", fr.seat)

    def op_gain(self, st, fr, op, ev) -> bool:
        p = st.seats[fr.seat]
        for name, n in op.res.items():
            p.temp[self.res_index[name]] += n
        ev.append(event("gain", seat=fr.seat, res=dict(op.res)))
        return True

    def restorable(self, st, fr, op) -> list[int]:
        p = st.seats[fr.seat]
        if op.res == "any":
            return list(p.tech)
        want = self.res_index[op.res]
        res = self.res
        return [k for k in p.tech if res[k] == want]

    def op_restore(self, st, fr, op, ev) -> bool:
        """Flip technology-side cards back (R35), as many as possible up to n (R51); the card
        itself may be one (R56, E3)."""
        left = op.n - fr.vars.get("_done", 0)
        cards = self.restorable(st, fr, op)
        if left <= 0 or not cards:
            return True
        if len(cards) <= left:
            for k in cards:
                self.restore(st, fr.seat, k, ev)
            return True
        return self.ask(st, "restore", fr.seat)

    def restore(self, st, seat: int, k: int, ev: list) -> None:
        st.seats[seat].tech.remove(k)
        ev.append(event("restore", seat=seat, card=self.keys[k], res=self.res_name(k)))

    def op_vp(self, st, fr, op, ev) -> bool:
        self.gain_vp(st, fr.seat, op.n, ev, "card")  # R70, R73
        return True

    def use_matches(self, st, q: int, op) -> list[int]:
        """Zone positions of opponent q's resource cards an op ``use`` may take."""
        p = st.seats[q]
        want = None if op.res == "any" else self.res_index[op.res]
        res = self.res
        tech = p.tech
        return [i for i, k in enumerate(p.zone) if k not in tech and (want is None or res[k] == want)]

    def op_use(self, st, fr, op, ev) -> bool:
        """Use an opponent's resource (R55, E4): only an opponent with a matching resource card
        may be chosen; with none the op does nothing (A17)."""
        target = fr.vars.get("_target")
        if target is None:
            targets = [q for q in self.clockwise(st, fr.seat)[1:] if self.use_matches(st, q, op)]
            if not targets:
                ev.append(event("no_target", seat=fr.seat, card=self.keys[fr.card]))
                return True
            if len(targets) > 1:
                return self.ask(st, "target", fr.seat)
            target = fr.vars["_target"] = targets[0]
            ev.append(event("target", seat=fr.seat, target_seat=target))
        left = op.n - fr.vars.get("_done", 0)
        matches = self.use_matches(st, target, op)
        if left <= 0 or not matches:
            return True
        if len(matches) <= left:
            zone = st.seats[target].zone
            for k in [zone[i] for i in matches]:
                self.take(st, fr, op, target, k, ev)
            return True
        return self.ask(st, "take", fr.seat)

    def take(self, st, fr, op, target: int, k: int, ev: list) -> None:
        """The opponent's card goes technology side up and yields him nothing (A16)."""
        self.flip_to_tech(st.seats[target], k)
        if op.gain:
            st.seats[fr.seat].temp[self.res[k]] += 1
        fr.vars["_done"] = fr.vars.get("_done", 0) + 1
        ev.append(
            event(
                "use",
                seat=fr.seat,
                target_seat=target,
                card=self.keys[k],
                res=self.res_name(k),
                gain=op.gain,
                reveals=True,
            )
        )

    def op_each_player(self, st, fr, op, ev) -> bool:
        """You first, then clockwise (A34); each carries the ops out as "you" (R23, R55)."""
        if fr.vars.get("_pushed"):
            return True
        fr.vars["_pushed"] = True
        for q in reversed(self.clockwise(st, fr.seat)):
            self.push_frame(st, q, fr.card, fr.path + [fr.pc, "do"], **self.inherited(fr))
        return False

    def inherited(self, fr) -> dict:
        return {"attacker": fr.vars["attacker"]} if "attacker" in fr.vars else {}

    def op_attack(self, st, fr, op, ev) -> bool:
        """R60-R69: responses clockwise, then every weaker opponent is defeated."""
        stage = fr.vars.get("_stage")
        if stage is None:
            attacker = st.seats[fr.seat]
            strength = self.military(attacker)
            order = self.clockwise(st, fr.seat)[1:]
            st.attack = AttackState(attacker=fr.seat, card=fr.card, strength=strength, order=order)
            ev.append(event("attack", seat=fr.seat, card=self.keys[fr.card], strength=strength))
            stage = fr.vars["_stage"] = "respond"
        a = st.attack
        if stage == "respond":
            while a.step < len(a.order):
                q = a.order[a.step]
                if self.can_respond(st, q):
                    return self.ask(st, "respond", q)
                a.responded.append(q)
                a.step += 1
            for q in a.order:  # R66
                strength = self.military(st.seats[q])
                if strength < a.strength:
                    a.defeated.append(q)
                    ev.append(event("defeated", seat=q, attacker=a.attacker, strength=strength, against=a.strength))
                else:
                    ev.append(event("undefeated", seat=q, attacker=a.attacker, strength=strength, against=a.strength))
            fr.vars["_stage"] = "vp"
            if op.defeated and a.defeated:
                for q in reversed(a.defeated):  # A34
                    self.push_frame(st, q, fr.card, fr.path + [fr.pc, "defeated"], attacker=a.attacker)
                return False
        if op.vp and self.track(st):  # R68
            for q in [a.attacker] + [q for q in a.order if q not in a.defeated]:
                self.gain_vp(st, q, op.vp, ev, "attack")
        st.attack = None
        return True

    def can_respond(self, st, q: int) -> bool:
        p = st.seats[q]
        resp = self.resp
        return any(resp[k] for k in p.hand) or len(p.zone) > len(p.tech)

    def op_lose(self, st, fr, op, ev) -> bool:
        """Spend n resources of the defeated player's choice (R66); a Space pays 2; with fewer,
        all he has. The cards yield him nothing (R67)."""
        left = op.n - fr.vars.get("_done", 0)
        p = st.seats[fr.seat]
        cards = self.resource_cards(p)
        if left <= 0 or not cards:
            return True
        if sum(2 if self.res[k] == SPACE else 1 for k in cards) <= left:
            for k in cards:
                self.lose(st, fr, op, k, ev)
            return True
        return self.ask(st, "hand_over" if isinstance(op, HandOver) else "lose", fr.seat)

    def lose(self, st, fr, op, k: int, ev: list) -> None:
        p = st.seats[fr.seat]
        self.flip_to_tech(p, k)
        r = self.res[k]
        fr.vars["_done"] = fr.vars.get("_done", 0) + (2 if r == SPACE else 1)
        if isinstance(op, HandOver):
            attacker = fr.vars["attacker"]
            st.seats[attacker].temp[r] += 1
            ev.append(
                event(
                    "hand_over", seat=fr.seat, to_seat=attacker, card=self.keys[k], res=self.res_name(k), reveals=True
                )
            )
        else:
            ev.append(event("lose", seat=fr.seat, card=self.keys[k], res=self.res_name(k), reveals=True))

    def op_give_wonder(self, st, fr, op, ev) -> bool:
        """R66, E6: the defeated player gives the attacker one of his wonders, his choice."""
        if fr.vars.get("_done"):
            return True
        p = st.seats[fr.seat]
        if not p.wonders:
            return True
        if len(p.wonders) == 1:
            self.give_wonder(st, fr, p.wonders[0], ev)
            return True
        return self.ask(st, "give_wonder", fr.seat)

    def give_wonder(self, st, fr, w: int, ev: list) -> None:
        attacker = fr.vars["attacker"]
        st.seats[fr.seat].wonders.remove(w)
        st.seats[attacker].wonders.append(w)
        fr.vars["_done"] = True
        ev.append(event("give_wonder", seat=fr.seat, to_seat=attacker, wonder=self.wkeys[w]))

    def op_lose_vp(self, st, fr, op, ev) -> bool:
        """Never below 0 (R71, A21)."""
        if not self.track(st):
            return True
        p = st.seats[fr.seat]
        lost = min(p.vp, op.n)
        p.vp -= lost
        ev.append(event("lose_vp", seat=fr.seat, n=lost, total=p.vp))
        if op.to_attacker and lost:
            self.gain_vp(st, fr.vars["attacker"], lost, ev, "attack")
        return True

    def attack_cards_payable(self, st, seat: int, cards) -> list[int]:
        kind = self.kind
        return [k for k in cards if kind[k] == "attack" and self.can_activate(st, seat, k)]

    def op_play_attacks(self, st, fr, op, ev) -> bool:
        """R57, R58, A18: at least one Attack card if you hold one you can activate, up to n;
        each goes technology side up and is activated."""
        played = fr.vars.get("_played", 0)
        if played >= op.n or fr.vars.get("_stop"):
            return True
        if not self.attack_cards_payable(st, fr.seat, st.seats[fr.seat].hand):
            return True
        return self.ask(st, "play_attack", fr.seat)

    def op_activate_attacks(self, st, fr, op, ev) -> bool:
        """R53, R57: up to n Attack cards already technology side up in your zone."""
        used = fr.vars.get("_used", [])
        if len(used) >= op.n or fr.vars.get("_stop"):
            return True
        if not self.activatable_attacks(st, fr):
            return True
        return self.ask(st, "activate_attack", fr.seat)

    def activatable_attacks(self, st, fr) -> list[int]:
        """Attack cards that lay in the zone before this Tactics card acted: not one it just
        played from hand (that one was activated already, R58), nor one activated twice."""
        used = fr.vars.get("_used", []) + fr.vars.get("played", [])
        p = st.seats[fr.seat]
        return [k for k in self.attack_cards_payable(st, fr.seat, p.tech) if k not in used]

    # --- payments -----------------------------------------------------------------------------
    def pay_cost_at(self, ops, pc: int) -> tuple:
        cost = [0] * 7
        while pc < len(ops) and isinstance(ops[pc], PayOp):
            for name, n in ops[pc].res.items():
                cost[self.res_index[name]] += n
            pc += 1
        return tuple(cost)

    def payment_done(self, payment: Payment) -> bool:
        return pay.covers(tuple(payment.paid), tuple(payment.cost), payment.any, payment.mode)

    def payment_picks(self, st) -> tuple[int, ...]:
        """Resource types the payer may spend next (R79: inside a minimal covering set)."""
        pm = st.payment
        p = st.seats[pm.seat]
        now = self.available(p)
        paid = pm.paid
        total = tuple(now[t] + paid[t] for t in range(7))
        return pay.legal_picks(total, tuple(paid), tuple(pm.cost), pm.any, pm.mode)


HANDLERS = {
    PayOp: EffectRunner.op_pay,
    Gain: EffectRunner.op_gain,
    Restore: EffectRunner.op_restore,
    Vp: EffectRunner.op_vp,
    Use: EffectRunner.op_use,
    EachPlayer: EffectRunner.op_each_player,
    Attack: EffectRunner.op_attack,
    Lose: EffectRunner.op_lose,
    HandOver: EffectRunner.op_lose,
    GiveWonder: EffectRunner.op_give_wonder,
    LoseVp: EffectRunner.op_lose_vp,
    PlayAttacks: EffectRunner.op_play_attacks,
    ActivateAttacks: EffectRunner.op_activate_attacks,
}
EffectRunner.handlers = HANDLERS
