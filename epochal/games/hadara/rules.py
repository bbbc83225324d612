"""Hadara's forward model: setup, the epoch steps, legal actions, apply, scoring.

Rule numbers refer to ``shared/rules/hadara.md``. Each step of R27 is a ``_run_<step>`` method
that either pushes the decision it needs onto ``state.stack`` or finishes the step; each
decision kind has a ``_legal_<kind>`` and an ``_apply_<kind>`` method. A decision with one
legal answer is resolved on the spot, so seats are only asked real questions.
"""

from __future__ import annotations

import hashlib
import math

from epochal.engine import Decision, Game, Option, Score, event
from epochal.engine import rng as rngmod

from . import actions as A
from .cards import COLOR_TRACK, COLORS, TRACKS, DataSet, FullSilver
from .effects import Effects, complete_sets
from .state import HadaraState, Seat

# Board order of the five decks, clockwise (R11 leaves it free; red is followed by yellow as in EX9).
BOARD = ("blue", "green", "red", "yellow", "purple")
CRESTS = ("monkey", "dragon", "lion", "pegasus", "scarab")  # seat i holds crest i (D8)
PURPLE = COLORS.index("purple")
STEPS = ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6")
STEP_KIND = {
    "A1": "wheel",
    "A2": "draw",
    "A3": "income",
    "A4": "colony",
    "A5": "statue",
    "B1": "take",
    "B2": "income",
    "B3": "colony",
    "B4": "statue",
    "B5": "feed",
    "B6": "medals",
}
ROUNDS = 5  # R36: five drawing rounds per epoch
MAX_MEDALS = 2  # R72: two silver and two gold per game
DONE = 1000  # Seat.took after a seat passes a step
ROMAN = ("", "I", "II", "III")


class HadaraRules(Game):
    name = "hadara"
    title = "Hadara"
    version = "1"
    min_players = 2
    max_players = 5
    options = (
        Option("mode", ("advanced", "basic"), "advanced", "R93-R94: basic = first game (side A, no star cards)"),
        Option("pe4_facedown", ("ru", "hu"), "ru", "A3: a PE4 card gives face-down statues +2 VP (ru) or nothing (hu)"),
        Option(
            "tiebreak",
            ("leftover", "total"),
            "leftover",
            "A7/R98: ties broken by coins left after the 5:1 trade, or by all coins",
        ),
        Option(
            "joker_sets",
            ("both", "gold_only"),
            "both",
            "A20: the PE12 joker also completes PE11 sets, or only gold medal sets",
        ),
    )

    def __init__(self, data: DataSet, path: str | None = None, raw: bytes = b""):
        self.data = data
        self.path = path
        self._digest = hashlib.sha256(raw).hexdigest()[:12]
        cards = data.cards
        self.n_cards = len(cards)
        self.num_actions = A.num_actions(self.n_cards)
        self.card_id = [c.id for c in cards]
        self.index_of = {c.id: i for i, c in enumerate(cards)}
        self.epoch_of = [c.epoch for c in cards]
        self.color_of = [COLORS.index(c.color) for c in cards]
        self.cost_of = [c.cost for c in cards]
        self.vp_of = [c.vp for c in cards]
        self.bonus_of = [c.bonus.as_tuple() for c in cards]
        self.star_of = [c.star for c in cards]
        self.fx = Effects([c.effect for c in cards])
        # colour index -> track index it feeds (None for purple), R7
        self.track_of_color = [TRACKS.index(COLOR_TRACK[c]) if c in COLOR_TRACK else None for c in COLORS]
        self.board_color = [COLORS.index(c) for c in BOARD]
        self.requirements = sorted({col.requirement for col in data.colonies})
        self.colonies = data.colonies
        self.slots = data.statue_slots

    # --- identity of the data set ------------------------------------------------------------
    def data_id(self) -> str:
        return f"{self.data.name}#{self._digest}"

    def data_status(self) -> str:
        if not self.data.provisional:
            return "exact"
        counts = self.data.provenance_counts()
        parts = [
            f"{kind} {c['exact']} exact/{c['partial']} partial/{c['provisional']} provisional"
            for kind, c in counts.items()
        ]
        return "provisional: " + "; ".join(parts)

    def heuristic_agent(self, seed: int = 0):
        from .bots import HeuristicBot

        return HeuristicBot(seed)

    # --- setup (R11-R24) ---------------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict | None = None) -> HadaraState:
        opts = self.configure(players, options)
        st = HadaraState(game=self.name, players=players, options=opts, rng=rngmod.seed_state(seed))
        starts = list(range(len(self.data.start_cards)))
        rngmod.shuffle(st, starts)  # R20
        st.seats = [
            Seat(start=starts[i], tiles=[2, 2, 2, 2], statues=[-1] * len(self.slots)) for i in range(players)
        ]  # R22
        for req in self.requirements:  # R15
            tokens = [i for i, c in enumerate(self.colonies) if c.requirement == req]
            rngmod.shuffle(st, tokens)
            st.stacks.append(tokens[:players])
            st.colony_box.extend(tokens[players:])
        st.piles = [[] for _ in BOARD]
        st.decks = [[] for _ in BOARD]
        if opts["mode"] == "advanced":  # R21, R94
            st.stack.append(Decision(kind="side", seats=list(range(players))))
        else:
            for seat in st.seats:
                seat.side = "A"  # R93
            self._apply_start_cards(st, [])
        self.advance(st, [])
        return st

    def _side(self, st: HadaraState, seat: Seat):
        card = self.data.start_cards[seat.start]
        return card.A if seat.side == "A" else card.B

    def _apply_start_cards(self, st: HadaraState, ev: list) -> None:
        for i, seat in enumerate(st.seats):  # R23
            side = self._side(st, seat)
            seat.base = list(side.tracks.as_tuple())
            seat.tracks = list(seat.base)
            seat.coins = side.coins
            ev.append(
                event(
                    "start",
                    seat=i,
                    card=self.data.start_cards[seat.start].number,
                    side=seat.side,
                    tracks=list(seat.tracks),
                    coins=seat.coins,
                    initiative=side.initiative,
                )
            )
        order = sorted(range(st.players), key=lambda i: self._side(st, st.seats[i]).initiative)
        if st.players == 2:  # R24.3, R29
            st.first = [order[0], order[1], order[0]]
            bonus = [order[1]]
        else:
            st.first = order[:3]
            bonus = order[3:]  # R24.2 (N = 4, 5)
        for i in bonus:
            st.seats[i].coins += 1
        ev.append(event("first_players", first=list(st.first), compensated=bonus))

    # --- the step machine --------------------------------------------------------------------
    def advance(self, st: HadaraState, ev: list) -> None:
        """Run automatic steps until a seat owes a real decision or the game ends."""
        while not st.over:
            if st.stack:
                frame = st.stack[-1]
                if len(frame.seats) == 1:
                    legal = self.decision_legal(st, frame, frame.seats[0])
                    if len(legal) == 1:
                        self.resolve(st, frame.seats[0], legal[0], ev)
                        continue
                return
            if st.step == "setup":  # start cards applied
                self._start_epoch(st, ev)
                continue
            getattr(self, "_run_" + STEP_KIND[st.step])(st, ev)

    def _next_step(self, st: HadaraState, ev: list) -> None:
        if st.step == "B6":
            if st.epoch == 3:  # R77
                st.over = True
                st.step = "end"
                ev.append(event("game_over", scores=[s.total for s in self.scores(st)], winners=self.winners(st)))
                return
            self._start_epoch(st, ev)
            return
        st.step = STEPS[STEPS.index(st.step) + 1]
        st.turn = 0
        for seat in st.seats:
            seat.took = seat.bought_points = seat.fed_paid = 0
        ev.append(event("step", step=st.step))

    def order(self, st: HadaraState) -> list[int]:
        """Turn order of the current epoch: the first player, then clockwise (R28)."""
        f = st.first[st.epoch - 1]
        return [(f + i) % st.players for i in range(st.players)]

    def _start_epoch(self, st: HadaraState, ev: list) -> None:  # R29-R30, R14
        st.epoch += 1
        n = st.players
        basic = st.options["mode"] == "basic"
        for pos, color in enumerate(self.board_color):
            cards = [
                k
                for k in range(self.n_cards)
                if self.epoch_of[k] == st.epoch and self.color_of[k] == color and not (basic and self.star_of[k])
            ]
            rngmod.shuffle(st, cards)
            st.decks[pos] = cards[: 2 * n]
            st.box.extend(cards[2 * n :])
        for seat in st.seats:  # last epoch's secret sales no longer matter to anyone
            st.out.extend(seat.sold_secret)
            seat.sold_secret = []
        st.step = "A1"
        st.turn = st.round = 0
        ev.append(event("epoch", epoch=st.epoch, first=st.first[st.epoch - 1]))

    # A1 (R31)
    def _run_wheel(self, st, ev):
        st.stack.append(Decision(kind="wheel", seats=[st.first[st.epoch - 1]]))

    # A2 (R33-R36)
    def _run_draw(self, st, ev):
        if st.round == ROUNDS:
            self._next_step(st, ev)
            return
        for i, seat in enumerate(st.seats):
            deck = st.decks[self.deck_at(st, i)]
            seat.hand = [deck.pop(), deck.pop()]
            ev.append(event("drew", to=[i], cards=[self.card_id[k] for k in seat.hand]))
        st.stack.append(Decision(kind="draw", seats=self.order(st)))

    def deck_at(self, st: HadaraState, seat: int) -> int:
        """Board position of the deck seat's crest points at this round (R31, R35)."""
        return (seat + st.wheel + st.round) % len(BOARD)

    # A3, B2 (R45, PE8)
    def _run_income(self, st, ev):
        for i in self.order(st):
            seat = st.seats[i]
            tax = self.fx.development_tax(seat)
            seat.coins += seat.tracks[0] + tax
            ev.append(event("income", seat=i, coins=seat.tracks[0], tax=tax))
        self._next_step(st, ev)

    def _run_sequential(self, st, ev, kind):
        """Colony, statue, medal steps: each seat in turn order may act, then passes on."""
        order = self.order(st)
        while st.turn < len(order):
            i = order[st.turn]
            if st.seats[i].took != DONE and len(self._legal_kind(st, kind, i)) > 1:
                st.stack.append(Decision(kind=kind, seats=[i]))
                return
            st.turn += 1
        self._next_step(st, ev)

    def _run_colony(self, st, ev):  # A4, B3
        self._run_sequential(st, ev, "colony")

    def _run_statue(self, st, ev):  # A5, B4
        self._run_sequential(st, ev, "statue")

    def _run_medals(self, st, ev):  # B6
        self._run_sequential(st, ev, "medals")

    # B1 (R63-R65)
    def _run_take(self, st, ev):
        if not any(st.piles):
            self._next_step(st, ev)
            return
        order = self.order(st)
        st.stack.append(Decision(kind="take", seats=[order[st.turn % len(order)]]))

    # B5 (R67-R71, PE6, PE7)
    def _run_feed(self, st, ev):
        order = self.order(st)
        while st.turn < len(order):
            i = order[st.turn]
            seat = st.seats[i]
            if self.hunger(seat) > 0:
                st.stack.append(Decision(kind="feed", seats=[i]))
                return
            surplus = self.fx.food_surplus(seat, seat.tracks[3] - len(seat.cards))
            if surplus:
                seat.coins += surplus
                ev.append(event("food_surplus", seat=i, coins=surplus))
            ev.append(event("fed", seat=i))
            st.turn += 1
        self._next_step(st, ev)

    @staticmethod
    def hunger(seat: Seat) -> int:
        """Cards still to remove (or pay for with PE6) in Feeding."""
        return len(seat.cards) - seat.tracks[3] - seat.fed_paid

    # --- legal actions -----------------------------------------------------------------------
    def decision_legal(self, st, frame: Decision, i: int) -> list[int]:
        return self._legal_kind(st, frame.kind, i)

    def _legal_kind(self, st, kind: str, i: int) -> list[int]:
        return getattr(self, "_legal_" + kind)(st, i)

    def _legal_side(self, st, i):
        return [A.SIDE, A.SIDE + 1]

    def _legal_wheel(self, st, i):
        return list(range(A.WHEEL, A.WHEEL + len(BOARD)))

    def _legal_draw(self, st, i):
        seat = st.seats[i]
        out = []
        for d in (0, 1):
            keep = seat.hand[1 - d]
            if self.price(seat, keep) <= seat.coins:
                out.append(A.draw(d, False))
            out.append(A.draw(d, True))
        return out

    def _legal_take(self, st, i):
        seat = st.seats[i]
        out = []
        for p, pile in enumerate(st.piles):
            if pile:
                if self.price(seat, pile[-1]) <= seat.coins:
                    out.append(A.take(p, False))
                out.append(A.take(p, True))
        return out

    def _legal_colony(self, st, i):
        seat = st.seats[i]
        out = [A.PASS]
        if seat.took >= self.fx.per_step(seat):
            return out
        for v, stack in enumerate(st.stacks):
            if stack and self._colony_cost(st, seat, v) is not None:
                out.append(A.COLONY + v)
        return out

    def _legal_colony_mode(self, st, i):
        seat = st.seats[i]
        token = self.colonies[seat.colonies[-1]]
        if seat.coins >= token.annex_cost:
            return [A.PLUNDER, A.ANNEX]
        return [A.PLUNDER]  # R51

    def _legal_statue(self, st, i):
        seat = st.seats[i]
        out = [A.PASS]
        if seat.took >= self.fx.per_step(seat):
            return out
        tracks = [t for t in range(4) if seat.tiles[t] > 0]
        for s, slot in enumerate(self.slots):
            if seat.statues[s] == -1 and self._buy_down(seat, slot.requirement, seat.tracks[2]) is not None:
                out.extend(A.statue(s, t, fd) for t in tracks for fd in (False, True))
        return out

    def _legal_tile(self, st, i):
        seat = st.seats[i]
        return [A.TILE + t for t in range(4) if seat.tiles[t] > 0]

    def _legal_feed(self, st, i):
        seat = st.seats[i]
        out = []
        pay = self.fx.feed_payment(seat)
        if pay and seat.fed_paid < pay[1] and seat.coins >= pay[0]:
            out.append(A.FEED_PAY)
        out.extend(sorted(A.REMOVE + k for k in set(seat.cards)))
        return out

    def _legal_medals(self, st, i):
        seat = st.seats[i]
        silver, gold = self.medal_prices(st, seat)
        out = [A.PASS]
        if len(seat.silver) < MAX_MEDALS and seat.coins >= silver:
            out.extend(A.SILVER + t for t in range(4) if seat.tiles[t] > 0)
        if seat.gold < MAX_MEDALS and seat.coins >= gold:
            out.append(A.GOLD)
        return out

    # --- prices and requirements -------------------------------------------------------------
    def price(self, seat: Seat, card: int) -> int:
        """R37: printed cost minus one per owned card of the same colour, never below 0."""
        color = self.color_of[card]
        owned = sum(1 for k in seat.cards if self.color_of[k] == color)
        return max(0, self.cost_of[card] - owned)

    def sale_value(self, seat: Seat, card: int) -> int:
        """R43 plus PE1."""
        return self.data.sale_value[self.epoch_of[card] - 1] + self.fx.sale_bonus(seat)

    def medal_prices(self, st: HadaraState, seat: Seat) -> tuple[int, int]:
        table = self.data.medal_prices
        silver, gold = table.silver[st.epoch - 1], table.gold[st.epoch - 1]
        pe5_silver, pe5_gold = self.fx.medal_prices(seat, st.epoch)  # PE5
        return (silver if pe5_silver is None else pe5_silver, gold if pe5_gold is None else pe5_gold)

    def _buy_down(self, seat: Seat, requirement: int, value: int):
        """Coins to pay so that ``value`` meets ``requirement`` (R46a, R56, PE10, PE2).

        None when out of reach. PE2 buys exactly the points that are missing; buying more would
        change nothing.
        """
        missing = requirement - self.fx.requirement_reduction(seat) - value
        if missing <= 0:
            return 0
        pe2 = self.fx.buy_down(seat)
        if pe2 is None:
            return None
        per_point, cap = pe2
        if seat.bought_points + missing > cap or seat.coins < missing * per_point:
            return None
        return missing * per_point

    def _colony_cost(self, st, seat: Seat, v: int):
        requirement = self.requirements[v]
        if any(self.colonies[c].requirement == requirement for c in seat.colonies):
            return None  # R53
        return self._buy_down(seat, requirement, seat.tracks[1])

    # --- resolving answers ----------------------------------------------------------------------
    def resolve(self, st, i: int, action: int, ev: list) -> None:
        frame = st.stack[-1]
        if len(frame.seats) > 1:  # simultaneous
            frame.chosen[i] = action
            if frame.waiting():
                return
        st.stack.pop()
        getattr(self, "_apply_" + frame.kind)(st, i, action, frame, ev)

    def _apply_side(self, st, i, action, frame, ev):  # R21
        for s, choice in frame.chosen.items():
            st.seats[s].side = "AB"[choice - A.SIDE]
        self._apply_start_cards(st, ev)

    def _apply_wheel(self, st, i, action, frame, ev):  # R31
        st.wheel = action - A.WHEEL
        ev.append(
            event(
                "wheel",
                seat=i,
                orientation=st.wheel,
                decks={CRESTS[s]: BOARD[self.deck_at(st, s)] for s in range(st.players)},
            )
        )
        self._next_step(st, ev)

    def _apply_draw(self, st, i, action, frame, ev):  # R33-R35
        for s in self.order(st):
            seat = st.seats[s]
            code = frame.chosen[s] - A.DRAW
            discard, keep = seat.hand[code // 2], seat.hand[1 - code // 2]
            seat.hand = []
            st.piles[self.deck_at(st, s)].append(discard)
            ev.append(event("discarded", seat=s, card=self.card_id[discard]))
            if code % 2:
                self._sell(st, s, keep, ev, secret=True)
            else:
                self._buy(st, s, keep, ev)
        st.round += 1  # R35: turn the wheel
        ev.append(event("wheel_turned", round=st.round))

    def _apply_take(self, st, i, action, frame, ev):  # R63-R64
        code = action - A.TAKE
        pile = st.piles[code // 2]
        card = pile.pop()
        ev.append(
            event("took", seat=i, card=self.card_id[card], pile=BOARD[code // 2], reveals=bool(pile))
        )  # the next card shows
        if code % 2:
            self._sell(st, i, card, ev, secret=False)
        else:
            self._buy(st, i, card, ev)
        st.turn += 1

    def _apply_colony(self, st, i, action, frame, ev):  # R46-R49
        seat = st.seats[i]
        if action == A.PASS:
            seat.took = DONE
            ev.append(event("passed", seat=i, step="colony"))
            return
        v = action - A.COLONY
        cost = self._colony_cost(st, seat, v)
        self._pay_buy_down(seat, cost)
        token = st.stacks[v].pop()
        if st.stacks[v]:
            ev.append(event("colony_top", requirement=self.requirements[v], reveals=True))
        seat.colonies.append(token)
        seat.annexed.append(False)
        seat.took += 1
        tribute = self.fx.colony_tribute(seat)  # PE9
        seat.coins += tribute
        col = self.colonies[token]
        ev.append(event("colony", seat=i, colony=col.id, requirement=col.requirement, paid=cost, tribute=tribute))
        st.stack.append(Decision(kind="colony_mode", seats=[i]))

    def _pay_buy_down(self, seat: Seat, coins: int) -> None:  # PE2
        if coins:
            per_point = self.fx.buy_down(seat)[0]
            seat.bought_points += coins // per_point
            seat.coins -= coins

    def _apply_colony_mode(self, st, i, action, frame, ev):  # R49-R50
        seat = st.seats[i]
        token = seat.colonies[-1]
        col = self.colonies[token]
        if action == A.PLUNDER:
            seat.coins += col.plunder
            ev.append(event("plundered", seat=i, colony=col.id, coins=col.plunder))
        else:
            seat.coins -= col.annex_cost
            seat.annexed[-1] = True
            self._gain(seat, col.back_bonus.as_tuple())
            ev.append(
                event(
                    "annexed",
                    seat=i,
                    colony=col.id,
                    paid=col.annex_cost,
                    bonus=list(col.back_bonus.as_tuple()),
                    vp=col.back_vp,
                    reveals=True,
                )
            )  # the back is shown

    def _apply_statue(self, st, i, action, frame, ev):  # R56-R58
        seat = st.seats[i]
        if action == A.PASS:
            seat.took = DONE
            ev.append(event("passed", seat=i, step="statue"))
            return
        code = action - A.STATUE
        slot_index, track, face_down = code // 8, (code % 8) // 2, code % 2
        slot = self.slots[slot_index]
        cost = self._buy_down(seat, slot.requirement, seat.tracks[2])
        self._pay_buy_down(seat, cost)
        seat.tiles[track] -= 1
        seat.statues[slot_index] = track * 2 + face_down
        seat.took += 1
        if not face_down:
            seat.tracks[track] += slot.bonus + self.fx.statue_boost(seat)  # R57, PE4
        ev.append(event("statue", seat=i, slot=slot_index, track=TRACKS[track], face_down=bool(face_down), paid=cost))

    def _apply_tile(self, st, i, action, frame, ev):  # PE3
        seat = st.seats[i]
        track = action - A.TILE
        card = frame.args["card"]
        seat.tiles[track] -= 1
        seat.held[card] = track
        seat.tracks[track] += self.fx.tile_holder(card).track_bonus
        ev.append(event("tile_held", seat=i, card=self.card_id[card], track=TRACKS[track]))

    def _apply_feed(self, st, i, action, frame, ev):  # R67-R69, PE6
        seat = st.seats[i]
        if action == A.FEED_PAY:
            coins = self.fx.feed_payment(seat)[0]
            seat.coins -= coins
            seat.fed_paid += 1
            ev.append(event("fed_with_coins", seat=i, coins=coins))
            return
        card = action - A.REMOVE
        self._remove(st, seat, card)
        ev.append(event("removed", seat=i, card=self.card_id[card]))

    def _apply_medals(self, st, i, action, frame, ev):  # R72-R74
        seat = st.seats[i]
        silver, gold = self.medal_prices(st, seat)
        if action == A.PASS:
            seat.took = DONE
            ev.append(event("passed", seat=i, step="medals"))
        elif action == A.GOLD:
            seat.coins -= gold
            seat.gold += 1
            ev.append(event("gold_medal", seat=i, paid=gold))
        else:
            track = action - A.SILVER
            seat.coins -= silver
            seat.tiles[track] -= 1
            seat.silver.append(track)
            ev.append(event("silver_medal", seat=i, track=TRACKS[track], paid=silver))

    # --- buying, selling, removing ------------------------------------------------------------
    def _gain(self, seat: Seat, deltas, sign: int = 1) -> None:
        tracks = seat.tracks
        for t in range(4):
            tracks[t] += sign * deltas[t]

    def _buy(self, st, i: int, card: int, ev: list) -> None:  # R37-R41
        seat = st.seats[i]
        price = self.price(seat, card)
        seat.coins -= price
        self._patron_shift(seat, card, +1)
        seat.cards.append(card)
        self._gain(seat, self.bonus_of[card])
        self._booster_shift(seat, card, +1)
        ev.append(event("bought", seat=i, card=self.card_id[card], price=price))
        if self.fx.tile_holder(card) and any(seat.tiles):  # PE3: must place
            st.stack.append(Decision(kind="tile", seats=[i], args={"card": card}))

    def _patron_shift(self, seat: Seat, card: int, sign: int) -> None:
        """PE15: gaining or losing ``card`` moves the tracks its colour patrons watch."""
        color = self.color_of[card]
        track = self.track_of_color[color]
        if track is not None:
            for patron in self.fx.patrons(seat):
                if COLORS.index(patron.color) == color:
                    seat.tracks[track] += sign * patron.per_card
        patron = self.fx.patron(card)
        if patron is not None:
            watched = COLORS.index(patron.color)
            count = sum(1 for k in seat.cards if self.color_of[k] == watched)
            seat.tracks[self.track_of_color[watched]] += sign * patron.per_card * count

    def _booster_shift(self, seat: Seat, card: int, sign: int) -> None:
        """PE4 counts statues already created: gaining or losing the card moves their tracks."""
        boost = self.fx.statue_boost_of(card)
        if boost:
            for code in seat.statues:
                if code >= 0 and code % 2 == 0:
                    seat.tracks[code // 2] += sign * boost

    def _sell(self, st, i: int, card: int, ev: list, secret: bool) -> None:  # R43
        seat = st.seats[i]
        coins = self.sale_value(seat, card)
        seat.coins += coins
        if secret:  # a Phase A sale: the others never see the card
            seat.sold_secret.append(card)
            ev.append(event("sold", seat=i, coins=coins, color=COLORS[self.color_of[card]]))
            ev.append(event("sold_card", to=[i], card=self.card_id[card]))
        else:
            st.out.append(card)
            ev.append(event("sold", seat=i, coins=coins, card=self.card_id[card]))

    def _remove(self, st, seat: Seat, card: int) -> None:  # R68-R69
        seat.cards.remove(card)
        self._patron_shift(seat, card, -1)
        self._gain(seat, self.bonus_of[card], -1)
        st.out.append(card)
        if card in seat.held:  # PE3 tile returns
            track = seat.held.pop(card)
            seat.tiles[track] += 1
            seat.tracks[track] -= self.fx.tile_holder(card).track_bonus
        self._booster_shift(seat, card, -1)

    # --- conservation laws (checked by the engine battery after every action) -----------------
    def formula_tracks(self, seat: Seat) -> list[int]:
        """R81: a track is the sum of everything that raised it and is still owned."""
        tracks = list(seat.base)
        for k in seat.cards:
            for t, b in enumerate(self.bonus_of[k]):
                tracks[t] += b
            patron = self.fx.patron(k)
            if patron is not None:
                watched = COLORS.index(patron.color)
                count = sum(1 for c in seat.cards if self.color_of[c] == watched)
                tracks[self.track_of_color[watched]] += patron.per_card * count
        for c, annexed in zip(seat.colonies, seat.annexed, strict=False):
            if annexed:
                for t, b in enumerate(self.colonies[c].back_bonus.as_tuple()):
                    tracks[t] += b
        boost = self.fx.statue_boost(seat)
        for s, code in enumerate(seat.statues):
            if code >= 0 and code % 2 == 0:
                tracks[code // 2] += self.slots[s].bonus + boost
        for k, t in seat.held.items():
            tracks[t] += self.fx.tile_holder(k).track_bonus
        return tracks

    def check_invariants(self, st: HadaraState) -> list[str]:
        problems = []
        if not st.seats[0].base:
            return problems  # start cards not applied yet
        places = [*st.box, *st.out]
        for pile in (*st.decks, *st.piles):
            places.extend(pile)
        for seat in st.seats:
            places += seat.cards + seat.hand + seat.sold_secret
        expected = sorted(
            k
            for k in range(self.n_cards)
            if self.epoch_of[k] <= st.epoch and not (st.options["mode"] == "basic" and self.star_of[k])
        )
        if sorted(places) != expected:
            problems.append("cards of the epochs so far are not each in exactly one place")
        tokens = [*st.colony_box]
        for stack in st.stacks:
            tokens.extend(stack)
        for i, seat in enumerate(st.seats):
            tokens.extend(seat.colonies)
            if seat.coins < 0:
                problems.append(f"seat {i} has {seat.coins} coins (R38)")
            if seat.tracks != self.formula_tracks(seat):
                problems.append(f"seat {i} tracks {seat.tracks} differ from R81's {self.formula_tracks(seat)}")
            used = list(seat.tiles)
            for code in seat.statues:
                if code >= 0:
                    used[code // 2] += 1
            for t in [*seat.silver, *seat.held.values()]:
                used[t] += 1
            if used != [2, 2, 2, 2]:
                problems.append(f"seat {i} bonus tiles do not add up to 2 per colour (R62)")
            reqs = [self.colonies[c].requirement for c in seat.colonies]
            if len(set(reqs)) != len(reqs):
                problems.append(f"seat {i} owns two colonies of one requirement (R53)")
            if len(seat.silver) > MAX_MEDALS or seat.gold > MAX_MEDALS:
                problems.append(f"seat {i} has more than two medals of a kind (R72)")
        if sorted(tokens) != list(range(len(self.colonies))):
            problems.append("colony tokens are not each in exactly one place")
        if any(len(p) > st.players for p in st.piles):
            problems.append("a discard pile holds more than N cards (R36)")
        return problems

    # --- illegal actions: the reason and the rule ---------------------------------------------
    def why_illegal(self, st, frame: Decision, i: int, action: int) -> tuple[str, str]:
        seat = st.seats[i]
        kind = frame.kind
        if not 0 <= action < self.num_actions:
            return f"unknown action id {action} (ids are 0..{self.num_actions - 1})", "protocol"
        expected = {
            "side": "choose a start card side",
            "wheel": "set the wheel",
            "draw": "discard one drawn card and buy or sell the other",
            "take": "take the top card of a discard pile",
            "colony": "take a colony or pass",
            "colony_mode": "plunder or annex the new colony",
            "statue": "create a statue or pass",
            "tile": "place a bonus tile on the card",
            "feed": "remove a card (or pay with PE6)",
            "medals": "buy medals or pass",
        }
        rule_of = {
            "side": "R21",
            "wheel": "R31",
            "draw": "R33",
            "take": "R63",
            "colony": "R46",
            "colony_mode": "R49",
            "statue": "R56",
            "tile": "PE3",
            "feed": "R67",
            "medals": "R72",
        }
        if kind == "draw" and A.DRAW <= action < A.TAKE:
            keep = seat.hand[1 - (action - A.DRAW) // 2]
            return self._unaffordable(seat, keep)
        if kind == "take" and A.TAKE <= action < A.COLONY:
            pile = st.piles[(action - A.TAKE) // 2]
            if not pile:
                return "that discard pile is empty", "R63"
            return self._unaffordable(seat, pile[-1])
        if kind == "colony" and A.COLONY <= action < A.PLUNDER:
            v = action - A.COLONY
            req = self.requirements[v]
            if seat.took >= self.fx.per_step(seat):
                return "only one colony per Colony step (two with PE13)", "R46"
            if not st.stacks[v]:
                return f"no colony with requirement {req} is left", "R16"
            if any(self.colonies[c].requirement == req for c in seat.colonies):
                return f"you already own a colony with requirement {req}", "R53"
            return (f"military {seat.tracks[1]} is below the requirement {req} (after PE10/PE2)", "R46")
        if kind == "colony_mode" and action == A.ANNEX:
            return "not enough coins to annex this colony; plunder it", "R51"
        if kind == "statue" and A.STATUE <= action < A.SILVER:
            code = action - A.STATUE
            s, track = code // 8, (code % 8) // 2
            if seat.took >= self.fx.per_step(seat):
                return "only one statue per Statue step (two with PE13)", "R54"
            if all(x != -1 for x in seat.statues):
                return "all four statue slots are used", "R54"
            if seat.statues[s] != -1:
                return f"statue slot {s + 1} is already used", "R56"
            if seat.tiles[track] == 0:
                return f"no unused {TRACKS[track]} bonus tile left", "R62"
            return (
                f"culture {seat.tracks[2]} is below the slot's requirement "
                f"{self.slots[s].requirement} (after PE10/PE2)",
                "R56",
            )
        if kind == "medals" and action in (A.GOLD, *range(A.SILVER, A.SILVER + 4)):
            silver, gold = self.medal_prices(st, seat)
            if action == A.GOLD:
                if seat.gold >= MAX_MEDALS:
                    return "at most two gold medals per game", "R72"
                return f"a gold medal costs {gold} coins, you have {seat.coins}", "R72"
            if len(seat.silver) >= MAX_MEDALS:
                return "at most two silver medals per game", "R72"
            if seat.tiles[action - A.SILVER] == 0:
                return f"no unused {TRACKS[action - A.SILVER]} bonus tile left", "R73"
            return f"a silver medal costs {silver} coins, you have {seat.coins}", "R72"
        if kind == "feed" and action >= A.REMOVE:
            return "you can only remove a card you own", "R67"
        if kind == "feed" and action == A.FEED_PAY:
            return "PE6 payment not available (no PE6 card, limit reached or too few coins)", "PE6"
        if kind == "tile" and A.TILE <= action < A.FEED_PAY:
            return f"no unused {TRACKS[action - A.TILE]} bonus tile left", "PE3"
        return f"now you must {expected[kind]}", rule_of[kind]

    def _unaffordable(self, seat: Seat, card: int) -> tuple[str, str]:
        return (
            f"{self.card_id[card]} costs {self.price(seat, card)} coins after discounts, "
            f"you have {seat.coins}; sell it instead",
            "R38",
        )

    # --- scoring (R96-R98) ---------------------------------------------------------------------
    def score_seat(self, st: HadaraState, seat: Seat) -> Score:
        colonies = sum(
            self.colonies[c].back_vp if annexed else self.colonies[c].front_vp
            for c, annexed in zip(seat.colonies, seat.annexed, strict=False)
        )
        face_down = [s for s, code in enumerate(seat.statues) if code >= 0 and code % 2]
        statues = sum(self.slots[s].vp for s, code in enumerate(seat.statues) if code >= 0)
        statues += sum(self.slots[s].bonus for s in face_down)
        if st.options["pe4_facedown"] == "ru":  # A3
            statues += self.fx.statue_facedown_vp(seat) * len(face_down)
        halves = sorted((math.ceil(seat.tracks[t] / 2), seat.tracks[t]) for t in seat.silver)
        silver = sum(h for h, _ in halves)
        if halves and self.fx.has(seat, FullSilver):  # PE14
            best = max(full - half for half, full in halves)
            silver += best
        counts = [0] * 5
        for k in seat.cards:
            if not self.fx.is_joker(k):
                counts[self.color_of[k]] += 1
        jokers = self.fx.jokers(seat)
        sets = complete_sets(counts, jokers)
        pe11_sets = sets if st.options["joker_sets"] == "both" else complete_sets(counts, 0)
        gold = 7 * seat.gold * sets + self.fx.set_bonus(seat) * pe11_sets  # R88, PE11
        cards = sum(self.vp_of[k] for k in seat.cards)
        coins = seat.coins // 5
        left = seat.coins % 5 if st.options["tiebreak"] == "leftover" else seat.coins
        breakdown = {
            "colonies": colonies,
            "statues": statues,
            "silver": silver,
            "gold": gold,
            "cards": cards,
            "coins": coins,
        }
        return Score(total=sum(breakdown.values()), breakdown=breakdown, tiebreak=(left,))

    def scores(self, st: HadaraState) -> list[Score]:
        return [self.score_seat(st, seat) for seat in st.seats]

    def seat_labels(self, st: HadaraState) -> list[str]:
        return [f"start card {self.data.start_cards[s.start].number}{s.side}" for s in st.seats]

    def first_player(self, st: HadaraState) -> int | None:
        return st.first[0] if st.first else None

    def estimate(self, st: HadaraState) -> list[float]:
        """The score as it stands plus the income still to come, coins at 1/5 VP (R96)."""
        if st.over or not st.seats[0].base:
            return [float(s.total) for s in self.scores(st)] if st.over else [0.0] * st.players
        position = STEPS.index(st.step) if st.step in STEPS else 0
        incomes_left = 2 * (3 - st.epoch) + (position < 2) + (position < 6)
        out = []
        for seat in st.seats:
            score = self.score_seat(st, seat)
            coins = seat.coins + incomes_left * seat.tracks[0]
            out.append(score.total - score.breakdown["coins"] + coins / 5)
        return out
