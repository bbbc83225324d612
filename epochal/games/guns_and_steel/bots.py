"""Guns & Steel's heuristic bot: rules of thumb per decision, one-ply greedy for the rest.

It buys the most valuable card it can pay for (VP first, then what the card does), but never the
last Space card while behind (that ends the game, R102(2)); it plays its weakest technology as the
resource and its strongest as the technology; activates an effect when it gives more than it
costs; pays with temporary resources first, then the cheapest cards (Information and Space last);
answers an attack only when it can reach the attacker's strength (R66: ties favour the defender);
takes the starting resource; claims the wonder with the most VP and puts glory tokens where a
wonder is nearest to completion. Everything is computed from what the seat may see.
"""

from __future__ import annotations

from epochal.agents.greedy import GreedyAgent

from . import actions as A
from .state import EMPTY
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

UNIT = (1.0, 1.1, 1.2, 1.3, 1.4, 1.8, 3.2)  # what a resource unit is worth to keep (R12)


def ops_value(ops, track: bool) -> float:
    """A rough worth of carrying these ops out, in resource units."""
    total = 0.0
    for op in ops:
        if isinstance(op, Pay):
            total -= sum(op.res.values()) * 1.1
        elif isinstance(op, Gain):
            total += sum(
                n * UNIT[i]
                for i, n in enumerate(
                    op.res.get(name, 0)
                    for name in ("food", "iron", "horses", "gunpowder", "oil", "information", "space")
                )
            )
        elif isinstance(op, Restore):
            total += 1.0 * op.n
        elif isinstance(op, Vp):
            total += 2.5 * op.n if track else 0.0
        elif isinstance(op, Use):
            total += 1.4 * op.n if op.gain else 0.6 * op.n
        elif isinstance(op, PayVp):
            total -= 2.5 * op.n
        elif isinstance(op, EachPlayer):
            total += 0.4 * ops_value(op.do, track) - 0.4 * penalty(losses(op.do), track)
        elif isinstance(op, EachOther):  # what the others lose, less what they gain
            total += 0.5 * penalty(losses(op.do), track) - 0.4 * ops_value(op.do, track)
        elif isinstance(op, Attack):
            total += 0.8 + 0.7 * penalty(op.defeated, track) + (2.0 * op.vp if track else 0.0)
        elif isinstance(op, PlayAttacks):
            total += 1.5 * op.n
        elif isinstance(op, ActivateAttacks):
            total += 1.2 * op.n
        elif isinstance(op, Reactivate):
            total += 1.0 * op.n
    return total


def losses(ops) -> list:
    return [op for op in ops if isinstance(op, (Lose, LoseVp))]


def penalty(ops, track: bool) -> float:
    """What a defeated opponent loses, in resource units."""
    total = 0.0
    for op in ops:
        if isinstance(op, (Lose, HandOver)):
            total += 1.2 * op.n * (2 if isinstance(op, HandOver) else 1)
        elif isinstance(op, GiveWonder):
            total += 5.0
        elif isinstance(op, LoseVp):
            total += (2.5 if track else 0.0) * op.n * (2 if op.to_attacker else 1)
        else:
            total += 0.5
    return total


class Judge:
    """Card and position values for one game object (cached per game)."""

    def __init__(self, game):
        self.game = game
        self.tech = {}

    def tech_value(self, k: int, track: bool) -> float:
        key = (k, track)
        if key not in self.tech:
            g = self.game
            self.tech[key] = ops_value(g.effects[k], track) + 0.3 * g.mil[k]
        return self.tech[key]

    def card_worth(self, st, k: int) -> float:
        """What owning card k is worth: its VP, what it does, what its resource side pays."""
        g = self.game
        return 2.0 * g.vp[k] + 0.8 * self.tech_value(k, g.track(st)) + UNIT[g.res[k]] + 0.4 * g.mil[k]


_JUDGES: dict[int, Judge] = {}


def judge(game) -> Judge:
    j = _JUDGES.get(id(game))
    if j is None or j.game is not game:
        j = _JUDGES[id(game)] = Judge(game)
    return j


def prefer(game, st, seat: int, legal: list[int]):
    d = st.stack[-1]
    chooser = CHOOSERS.get(d.kind)
    return chooser(game, st, seat, legal, d) if chooser else None


def _cards(game, legal):
    out = []
    for a in legal:
        kind, arg = game.action_space.kind(a)
        if kind in A.CARD_BLOCKS:
            out.append((a, arg))
    return out


def choose_resource_card(game, st, seat, legal, d):
    """Play the weakest technology as the resource; among equals the more valuable resource."""
    j = judge(game)
    track = game.track(st)
    return min(_cards(game, legal), key=lambda ak: j.tech_value(ak[1], track) - 0.3 * UNIT[game.res[ak[1]]])[0]


def choose_start_resource(game, st, seat, legal, d):
    cards = _cards(game, legal)
    if not cards:
        return A.PASS
    return choose_resource_card(game, st, seat, [a for a, _ in cards], d)


def choose_technology(game, st, seat, legal, d):
    """The card whose effect is worth most now (an effect it cannot pay is worth little)."""
    j = judge(game)
    track = game.track(st)
    p = st.seats[seat]

    def worth(k: int) -> float:
        value = j.tech_value(k, track)
        if not game.can_activate(st, seat, k):
            value = 0.3 * game.mil[k]
        if game.kind[k] == "attack":
            mine = game.military(p) + game.mil[k]
            weaker = sum(1 for q in range(st.players) if q != seat and game.military(st.seats[q]) < mine)
            value *= 0.4 + 0.6 * weaker / max(1, st.players - 1)
        return value

    return max(_cards(game, legal), key=lambda ak: worth(ak[1]))[0]


def choose_activate(game, st, seat, legal, d):
    k = d.args["card"]
    if A.ACTIVATE not in legal:
        return A.SKIP
    value = ops_value(game.effects[k], game.track(st))
    return A.ACTIVATE if value > 0 else A.SKIP


def choose_pay(game, st, seat, legal, d):
    """Temporary resources first (they are lost at the end of the turn), then the cheapest."""
    temps = [a for a in legal if A.SPEND_RES <= a < A.SPEND_RES + 7]
    if temps:
        return min(temps)
    return min(_cards(game, legal), key=lambda ak: UNIT[game.res[ak[1]]])[0]


def choose_purchase(game, st, seat, legal, d):
    j = judge(game)
    me = game.score_seat(st, seat).total
    best_other = max(game.score_seat(st, q).total for q in range(st.players) if q != seat)
    best, best_value = A.PASS, 0.0
    for a in legal:
        kind, arg = game.action_space.kind(a)
        if kind == "buy":
            r, i = A.slot_of(arg)
            k = st.pyramid[r][i]
            extra = game.slot_surcharges(st)[arg]
            if (
                r == 4
                and sum(x != EMPTY for x in st.pyramid[4]) == 1
                and not st.stacks
                and me + game.vp[k] <= best_other
            ):
                continue  # the last Space card ends the game
        elif kind == "buy_stack":
            k = st.stacks[arg][-1]
            extra = game.stack_surcharge(st, arg)
        else:
            continue
        value = j.card_worth(st, k) - 0.35 * (extra + sum(game.cost[k]))
        if value > best_value:
            best, best_value = a, value
    return best


def choose_respond(game, st, seat, legal, d):
    """Answer only when the attacker's strength can be reached; strongest answer first."""
    a = st.attack
    p = st.seats[seat]
    now = game.military(p)
    if now >= a.strength:
        return A.PASS
    options = _cards(game, legal)
    reach = now + sum(game.mil[k] for _, k in options)
    if reach < a.strength:
        return A.PASS
    useful = [(act, k) for act, k in options if game.mil[k] > 0]
    if not useful:
        return A.PASS
    return max(useful, key=lambda ak: (game.mil[ak[1]], -UNIT[game.res[ak[1]]]))[0]


def choose_best_resource(game, st, seat, legal, d):
    return max(_cards(game, legal), key=lambda ak: UNIT[game.res[ak[1]]])[0]


def choose_cheapest_resource(game, st, seat, legal, d):
    return min(_cards(game, legal), key=lambda ak: UNIT[game.res[ak[1]]])[0]


def choose_target(game, st, seat, legal, d):
    return max(legal, key=lambda a: game.score_seat(st, a - A.TARGET).total)


def choose_take(game, st, seat, legal, d):
    def unit(a):
        q, i = divmod(a - A.TAKE, A.ZONE_MAX)
        return UNIT[game.res[st.seats[q].zone[i]]]

    return max(legal, key=unit)


def choose_give_wonder(game, st, seat, legal, d):
    return min(legal, key=lambda a: game.wonder_list[a - game.action_space.give_wonder].vp)


def choose_play_attack(game, st, seat, legal, d):
    cards = _cards(game, legal)
    if not cards:
        return A.PASS
    j = judge(game)
    return max(cards, key=lambda ak: j.tech_value(ak[1], game.track(st)) + game.mil[ak[1]])[0]


def choose_activate_attack(game, st, seat, legal, d):
    cards = _cards(game, legal)
    return cards[0][0] if cards else A.PASS


def choose_claim(game, st, seat, legal, d):
    return max(legal, key=lambda a: game.wonder_list[a - game.action_space.claim].vp)


def choose_recall(game, st, seat, legal, d):
    """Keep resources in the zone for buying; take one back only to meet a glory condition."""
    if not game.track(st):
        return A.PASS
    before = set(game.glory_targets(st, seat))
    for a, _k in _cards(game, legal):
        trial = st.clone()
        game.apply(trial, seat, a)
        if set(game.glory_targets(trial, seat)) - before:
            return a
    return A.PASS


def glory_need(game, st, seat, w: int) -> int:
    e = st.wonders.index(w)
    return max(1, game.wonder_list[w].tokens) - st.glory[e][seat]


def choose_glory(game, st, seat, legal, d):
    def rank(a):
        w = a - game.action_space.glory
        return (-glory_need(game, st, seat, w), game.wonder_list[w].vp)

    return max(legal, key=rank)


def choose_move_glory(game, st, seat, legal, d):
    for a in legal:
        if a == A.PASS:
            continue
        to, _ = divmod(a - A.MOVE_GLORY, 5)
        if glory_need(game, st, seat, st.wonders[to]) <= 1:
            return a
    return A.PASS


CHOOSERS = {
    "start_resource": choose_start_resource,
    "play_resource": choose_resource_card,
    "play_technology": choose_technology,
    "activate": choose_activate,
    "pay": choose_pay,
    "purchase": choose_purchase,
    "respond": choose_respond,
    "restore": choose_best_resource,
    "target": choose_target,
    "take": choose_take,
    "lose": choose_cheapest_resource,
    "hand_over": choose_cheapest_resource,
    "give_wonder": choose_give_wonder,
    "play_attack": choose_play_attack,
    "activate_attack": choose_activate_attack,
    "claim": choose_claim,
    "recall": choose_recall,
    "glory": choose_glory,
    "move_glory": choose_move_glory,
}


class HeuristicBot(GreedyAgent):
    name = "heuristic"

    def __init__(self, seed: int = 0):
        super().__init__(seed, prefer)
