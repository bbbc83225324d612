"""Hadara's heuristic bot: values every legal action with hand-tuned estimates, no search.

It reads only what its seat may see: its own hand, public boards, colony fronts (a colony's
back is estimated from the data set's tokens with the same front).
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from . import actions as A
from .effects import complete_sets
from .state import HadaraState, Seat

if TYPE_CHECKING:  # rules.py builds this bot: importing it here would close a circle
    from .rules import HadaraRules

# Rough VP worth of each purple effect to its owner (PE1..PE15).
EFFECT_VALUE = {
    "PE1": 3,
    "PE2": 2,
    "PE3": 3,
    "PE4": 4,
    "PE5": 4,
    "PE6": 3,
    "PE7": 3,
    "PE8": 5,
    "PE9": 4,
    "PE10": 5,
    "PE11": 6,
    "PE12": 4,
    "PE13": 4,
    "PE14": 4,
    "PE15": 4,
}


class HeuristicBot:
    name = "heuristic"
    coin = 0.4  # VP a coin is worth while there is time to spend it
    scarce_coin = 0.3  # extra worth of a coin while the purse is nearly empty
    income_factor = 0.5  # VP of one income point per income step still to come

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: HadaraRules, st: HadaraState, seat: int) -> int:
        legal = game.legal(st, seat)
        if len(legal) == 1:
            return legal[0]
        kind = st.stack[-1].kind
        me = st.seats[seat]
        if kind == "wheel":
            return self.rng.choice(legal)
        score = SCORES[kind]
        best = max(legal, key=lambda a: (score(self, game, st, me, a), self.rng.random()))
        return best

    # --- valuation ---------------------------------------------------------------------------
    @staticmethod
    def remaining_steps(st: HadaraState) -> int:
        """Income/colony/statue steps still to come this game after the current one."""
        per_epoch_left = 2 if st.step[0] == "A" else 1
        return per_epoch_left + 2 * (3 - st.epoch)

    def track_weights(self, game, st, me: Seat) -> list[float]:
        """VP a point on each track is worth to this seat now."""
        left = self.remaining_steps(st)
        income = self.income_factor * left
        reduction = game.fx.requirement_reduction(me)
        owned = {game.colonies[c].requirement for c in me.colonies}
        colony_gaps = [r - reduction - me.tracks[1] for r in game.requirements if r not in owned]
        slot_gaps = [
            sl.requirement - reduction - me.tracks[2]
            for sl, code in zip(game.slots, me.statues, strict=False)
            if code < 0
        ]
        military = self._threshold_weight(colony_gaps, left)
        culture = self._threshold_weight(slot_gaps, left)
        cards_soon = len(me.cards) + (6 if st.step[0] == "A" else 3)
        food = 1.2 if me.tracks[3] < cards_soon else 0.2
        w = [income, military, culture, food]
        for t in me.silver:  # a silver medal scores half its track
            w[t] += 0.5
        return w

    @staticmethod
    def _threshold_weight(gaps: list[int], left: int) -> float:
        """A point is worth more while a colony or statue is within reach of a few points."""
        ahead = [g for g in gaps if g > 0]
        if not ahead or left == 0:
            return 0.3
        nearest = min(ahead)
        return 0.5 + (2.5 if nearest <= 4 else 1.2 if nearest <= 8 else 0.6) * min(left, 3) / 3

    def card_value(self, game, st, me: Seat, k: int) -> float:
        w = self.track_weights(game, st, me)
        bonus = game.bonus_of[k]
        value = game.vp_of[k] + sum(w[t] * bonus[t] for t in range(4))
        effect = game.data.cards[k].effect
        if effect is not None:
            value += EFFECT_VALUE.get(type(effect).__struct_config__.tag, 2) * (0.5 + 0.25 * (4 - st.epoch))
        counts = [0] * 5
        for c in me.cards:
            counts[game.color_of[c]] += 1
        if me.gold or st.epoch == 3:  # completing sets of five colours
            before = complete_sets(counts, 0)
            counts[game.color_of[k]] += 1
            value += 7 * max(me.gold, 1) * (complete_sets(counts, 0) - before) * 0.6
        value += 0.4 * (4 - st.epoch)  # later discounts on this colour (R37)
        return value

    def coin_value(self, st, me: Seat) -> float:
        if st.epoch == 3 and st.step >= "B5":
            return 0.2  # after the last step a coin is 1/5 VP (R96)
        return self.coin + (self.scarce_coin if me.coins < 8 else 0.0)

    def net_buy(self, game, st, me: Seat, k: int) -> float:
        return self.card_value(game, st, me, k) - self.coin_value(st, me) * game.price(me, k)

    def net_sell(self, game, st, me: Seat, k: int) -> float:
        return self.coin_value(st, me) * game.sale_value(me, k)

    def _option(self, game, st, me, k: int, sell: bool) -> float:
        return self.net_sell(game, st, me, k) if sell else self.net_buy(game, st, me, k)

    # --- one method per decision kind ----------------------------------------------------------
    def _side(self, game, st, me, a):
        side = getattr(game.data.start_cards[me.start], "AB"[a - A.SIDE])
        return sum(side.tracks.as_tuple()) + 2 * self.coin * side.coins - 0.3 * side.initiative

    def _draw(self, game, st, me, a):
        d, sell = divmod(a - A.DRAW, 2)
        return self._option(game, st, me, me.hand[1 - d], bool(sell))

    def _take(self, game, st, me, a):
        p, sell = divmod(a - A.TAKE, 2)
        return self._option(game, st, me, st.piles[p][-1], bool(sell))

    def _colony(self, game, st, me, a):
        if a == A.PASS:
            return 0.0
        v = a - A.COLONY
        token = game.colonies[st.stacks[v][-1]]
        cost = game._colony_cost(st, me, v) or 0
        coin = self.coin_value(st, me)
        return token.front_vp + coin * token.plunder + 1.0 - coin * cost

    def _colony_mode(self, game, st, me, a):
        token = game.colonies[me.colonies[-1]]
        if a == A.PLUNDER:
            return token.front_vp + self.coin_value(st, me) * token.plunder
        same_front = [
            c
            for c in game.colonies
            if (c.requirement, c.front_vp, c.plunder, c.annex_cost)
            == (token.requirement, token.front_vp, token.plunder, token.annex_cost)
        ]
        w = self.track_weights(game, st, me)
        back = sum(c.back_vp + sum(w[t] * b for t, b in enumerate(c.back_bonus.as_tuple())) for c in same_front) / len(
            same_front
        )
        return back - self.coin_value(st, me) * token.annex_cost

    def _statue(self, game, st, me, a):
        if a == A.PASS:
            return 0.0
        code = a - A.STATUE
        slot, track, fd = code // 8, (code % 8) // 2, code % 2
        sl = game.slots[slot]
        w = self.track_weights(game, st, me)
        gain = sl.bonus if fd else (sl.bonus + game.fx.statue_boost(me)) * w[track]
        spare = me.tiles[track] - (1 if track in me.silver else 0)
        return sl.vp + gain + 0.1 * spare + 1.0

    def _tile(self, game, st, me, a):
        return self.track_weights(game, st, me)[a - A.TILE] + 0.1 * me.tiles[a - A.TILE]

    def _feed(self, game, st, me, a):
        if a == game.feed_all:  # the bot chooses its cards one by one
            return -1e9
        if a == A.FEED_PAY:
            return -self.coin_value(st, me) * game.fx.feed_payment(me)[0] - 0.5
        k = a - A.REMOVE
        value = self.card_value(game, st, me, k)
        if game.bonus_of[k][3]:  # removing food makes it worse (R69)
            value += 5 * game.bonus_of[k][3]
        return -value

    def _medals(self, game, st, me, a):
        silver, gold = game.medal_prices(st, me)
        scale = 1.0 if st.epoch == 3 else 0.8
        coin = self.coin_value(st, me)
        if a == A.PASS:
            return 0.0
        if a == A.GOLD:
            counts = [0] * 5
            for c in me.cards:
                counts[game.color_of[c]] += 1
            sets = complete_sets(counts, game.fx.jokers(me)) + (3 - st.epoch) * 0.8
            return scale * 7 * sets - coin * gold
        track = a - A.SILVER
        growth = 0 if st.epoch == 3 else 4 * (3 - st.epoch)
        return scale * math.ceil((me.tracks[track] + growth) / 2) - coin * silver


# The score of each legal answer, per kind of decision (a "wheel" is set at random).
SCORES = {
    "side": HeuristicBot._side,
    "draw": HeuristicBot._draw,
    "take": HeuristicBot._take,
    "colony": HeuristicBot._colony,
    "colony_mode": HeuristicBot._colony_mode,
    "statue": HeuristicBot._statue,
    "tile": HeuristicBot._tile,
    "feed": HeuristicBot._feed,
    "medals": HeuristicBot._medals,
}
