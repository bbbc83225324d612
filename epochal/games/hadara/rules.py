"""Hadara's forward model: setup, the epoch steps, legal actions, apply, scoring.

Rule numbers refer to ``shared/rules/hadara.md``. The rules class composes dispatch tables kept
in modules of their own: each step of R27 is a function of ``steps.py`` that either pushes the
decision it needs onto ``state.stack`` or finishes the step (the game's ``proceed``); each decision
kind has its legal answers and its resolution in ``decisions.py``. The engine's advance loop
resolves a decision with one legal answer on the spot, so seats are only asked real questions.
The purple cards' effects are standing modifiers, asked through ``self.fx`` (``effects.py``).
"""

from __future__ import annotations

import hashlib
import math

from epochal.engine import Decision, Game, Option, Score
from epochal.engine import rng as rngmod

from . import actions as A
from . import decisions
from .cards import COLOR_TRACK, COLORS, TRACKS, DataSet
from .decisions import MAX_MEDALS
from .effects import PassiveEffects, complete_sets
from .state import BOARD, STEPS, HadaraState, Seat
from .state import CRESTS as CRESTS  # the view and the table name it from here
from .steps import RUN, start_epoch
from .vocab import FullSilver, SetBonus

# players (two to five) -> first player -> the turn order (R28), asked several times a ply
ORDERS = {n: [tuple((f + i) % n for i in range(n)) for f in range(n)] for n in range(2, 6)}


class HadaraRules(Game):
    name = "hadara"
    title = "Hadara"
    version = "1"
    min_players = 2
    max_players = 5
    # Its estimate does not see what military, culture and food will win at the next colony,
    # statue and feeding steps; a few random plies do. At equal time, the search with none or
    # with 2 won 32.5% against 12, with 8 53.5% (100 games), and an iteration with 8 costs a
    # fifth less (docs/benchmarks.md, "Hadara's search over 5,000 iterations a second").
    rollout_plies = 8
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
        self.action_space = A.space(self.n_cards)
        self.num_actions = self.action_space.size
        self.feed_all = self.action_space.feed_all  # after the card block: its id depends on the data
        self.card_id = [c.id for c in cards]
        self.index_of = {c.id: i for i, c in enumerate(cards)}
        self.epoch_of = [c.epoch for c in cards]
        self.color_of = [COLORS.index(c.color) for c in cards]
        self.cost_of = [c.cost for c in cards]
        self.vp_of = [c.vp for c in cards]
        self.bonus_of = [c.bonus.as_tuple() for c in cards]
        self.star_of = [c.star for c in cards]
        # (epoch, colour index, basic mode) -> that epoch's deck of the colour, in card order,
        # before the shuffle (R14, R30; R94: no star cards in the basic game). Read by
        # steps.start_epoch; derived from the lists above, never changed (it deals copies).
        self.deck_cards: dict[tuple[int, int, bool], list[int]] = {}
        for basic in (False, True):
            for k in range(self.n_cards):
                if not (basic and self.star_of[k]):
                    self.deck_cards.setdefault((self.epoch_of[k], self.color_of[k], basic), []).append(k)
        self.fx = PassiveEffects([c.effect for c in cards])
        # colour index -> track index it feeds (None for purple), R7
        self.track_of_color = [TRACKS.index(COLOR_TRACK[c]) if c in COLOR_TRACK else None for c in COLORS]
        self.board_color = [COLORS.index(c) for c in BOARD]
        self.requirements = sorted({col.requirement for col in data.colonies})
        self.colonies = data.colonies
        self.slots = data.statue_slots
        # what scoring reads of them, as lists: (front, back) VP per colony token, VP and
        # face-down bonus per statue slot (R96)
        self.colony_vp = [(col.front_vp, col.back_vp) for col in self.colonies]
        self.slot_vp = [slot.vp for slot in self.slots]
        self.slot_bonus = [slot.bonus for slot in self.slots]
        self.legal_of = decisions.legal.table  # decision kind -> legal(game, st, seat)
        self.resolve_of = decisions.resolve.table

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

    def timeout_action(self, state, seat: int) -> int | None:
        """A seat out of time passes a step it may pass (a colony, a statue, buying medals);
        otherwise the server's bot chooses."""
        return A.PASS if A.PASS in self.legal(state, seat) else None

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
            decisions.apply_start_cards(self, st, [])
        self.advance(st, [])
        return st

    # --- the steps (steps.py) ----------------------------------------------------------------
    def proceed(self, st, ev: list) -> None:
        if st.step == "setup":  # start cards applied
            start_epoch(self, st, ev)
        else:
            RUN[st.step](self, st, ev)

    def order(self, st: HadaraState) -> tuple[int, ...]:
        """Turn order of the current epoch: the first player, then clockwise (R28)."""
        return ORDERS[st.players][st.first[st.epoch - 1]]

    def deck_at(self, st: HadaraState, seat: int) -> int:
        """Board position of the deck seat's crest points at this round (R31, R35)."""
        return (seat + st.wheel + st.round) % len(BOARD)

    @staticmethod
    def hunger(seat: Seat) -> int:
        """Cards still to remove (or pay for with PE6) in Feeding."""
        return len(seat.cards) - seat.tracks[3] - seat.fed_paid

    # --- decisions (decisions.py) -------------------------------------------------------------
    def decision_legal(self, st, frame: Decision, i: int) -> list[int]:
        return self.legal_of[frame.kind](self, st, i)

    def resolve(self, st, i: int, action: int, ev: list) -> None:
        frame = st.stack[-1]
        if len(frame.seats) > 1:  # simultaneous
            frame.chosen[i] = action
            if frame.waiting():
                return
        st.stack.pop()
        self.resolve_of[frame.kind](self, st, i, action, frame, ev)

    def why_illegal(self, st, frame: Decision, i: int, action: int) -> tuple[str, str]:
        return decisions.why(self, st, frame, i, action)

    # --- prices and requirements -------------------------------------------------------------
    def price(self, seat: Seat, card: int, counts: list[int] | None = None) -> int:
        """R37: printed cost minus one per owned card of the same colour, never below 0.

        ``counts``: the seat's ``color_counts`` as they stand, when a caller prices several
        cards at once (so that the seat's cards are counted once, not once per card).
        """
        color = self.color_of[card]
        if counts is None:
            owned = sum(1 for k in seat.cards if self.color_of[k] == color)
        else:
            owned = counts[color]
        return max(0, self.cost_of[card] - owned)

    def color_counts(self, seat: Seat) -> list[int]:
        """The seat's cards per colour index."""
        counts = [0] * len(COLORS)
        color_of = self.color_of
        for k in seat.cards:
            counts[color_of[k]] += 1
        return counts

    def sale_value(self, seat: Seat, card: int) -> int:
        """R43 plus PE1."""
        return self.data.sale_value[self.epoch_of[card] - 1] + self.fx.sale_bonus(seat)

    def medal_prices(self, st: HadaraState, seat: Seat) -> tuple[int, int]:
        table = self.data.medal_prices
        silver, gold = table.silver[st.epoch - 1], table.gold[st.epoch - 1]
        pe5_silver, pe5_gold = self.fx.medal_prices(seat, st.epoch)  # PE5
        return (silver if pe5_silver is None else pe5_silver, gold if pe5_gold is None else pe5_gold)

    def _buy_down(self, seat: Seat, requirement: int, value: int, reach: tuple | None = None):
        """Coins to pay so that ``value`` meets ``requirement`` (R46a, R56, PE10, PE2).

        None when out of reach. PE2 buys exactly the points that are missing; buying more would
        change nothing. ``reach``: the seat's ``_reach(value)``, when a caller weighs several
        requirements against one value.
        """
        lowered, pe2 = self._reach(seat, value) if reach is None else reach
        missing = requirement - lowered
        if missing <= 0:
            return 0
        if pe2 is None:
            return None
        per_point, cap = pe2
        if seat.bought_points + missing > cap or seat.coins < missing * per_point:
            return None
        return missing * per_point

    def _reach(self, seat: Seat, value: int) -> tuple:
        """What ``_buy_down`` asks of a seat's cards: ``value`` raised by PE10, and PE2's terms."""
        return value + self.fx.requirement_reduction(seat), self.fx.buy_down(seat)

    def _colony_cost(self, st, seat: Seat, v: int, reach: tuple | None = None):
        requirement = self.requirements[v]
        if any(self.colonies[c].requirement == requirement for c in seat.colonies):
            return None  # R53
        return self._buy_down(seat, requirement, seat.tracks[1], reach)

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
                fed = self.track_of_color[watched]
                assert fed is not None  # a patron watches a colour that feeds a track (PE15)
                tracks[fed] += patron.per_card * count
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

    def check_invariants(self, st) -> list[str]:
        problems: list[str] = []
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

    # --- scoring (R96-R98) ---------------------------------------------------------------------
    def score_seat(self, st: HadaraState, seat: Seat) -> Score:
        colonies, statues, silver, gold, cards = self.points(st, seat)
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

    def points(self, st: HadaraState, seat: Seat) -> tuple[int, int, int, int, int]:
        """The VP of a seat's colonies, statues, silver and gold medals and cards (R96), without
        its coins: what ``score_seat`` details and the search's estimate adds up."""
        colony_vp = self.colony_vp
        colonies = 0
        for c, annexed in zip(seat.colonies, seat.annexed, strict=False):
            colonies += colony_vp[c][annexed]
        statues = face_down = 0
        for slot, code in enumerate(seat.statues):
            if code >= 0:
                statues += self.slot_vp[slot]
                if code % 2:
                    statues += self.slot_bonus[slot]
                    face_down += 1
        if face_down and st.options["pe4_facedown"] == "ru":  # A3
            statues += self.fx.statue_facedown_vp(seat) * face_down
        silver = sum(self.silver_vp(seat)) if seat.silver else 0
        gold = 0
        if seat.gold or self.fx.has(seat, SetBonus):
            sets, pe11_sets, _ = self.color_sets(st, seat)
            gold = 7 * seat.gold * sets + self.fx.set_bonus(seat) * pe11_sets  # R88, PE11
        return colonies, statues, silver, gold, sum(map(self.vp_of.__getitem__, seat.cards))

    def silver_vp(self, seat: Seat) -> list[int]:
        """R87: each silver medal's VP, half its track rounded up; PE14: the one gaining most in full."""
        vp = [math.ceil(seat.tracks[t] / 2) for t in seat.silver]
        if vp and self.fx.has(seat, FullSilver):
            gains = [seat.tracks[t] - half for t, half in zip(seat.silver, vp, strict=True)]
            best = gains.index(max(gains))
            vp[best] = seat.tracks[seat.silver[best]]
        return vp

    def color_sets(self, st: HadaraState, seat: Seat) -> tuple[int, int, list[int]]:
        """R88: complete sets of five colours for the gold medals (PE12 jokers filling one gap
        each), the sets PE11 counts (A20: the option joker_sets), and the cards per colour."""
        counts = [0] * 5
        for k in seat.cards:
            if not self.fx.is_joker(k):
                counts[self.color_of[k]] += 1
        sets = complete_sets(counts, self.fx.jokers(seat))
        pe11_sets = sets if st.options["joker_sets"] == "both" else complete_sets(counts, 0)
        return sets, pe11_sets, counts

    def score_notes(self, st: HadaraState, seat: Seat) -> dict:
        """The numbers behind each score row, for the end screen's explanation of a cell."""
        sets, pe11_sets, counts = self.color_sets(st, seat)
        placed = [code for code in seat.statues if code >= 0]
        return {
            "colonies": {"n": len(seat.colonies), "annexed": sum(seat.annexed)},
            "statues": {"n": len(placed), "down": sum(code % 2 for code in placed)},
            "silver": {
                "n": len(seat.silver),
                "medals": [
                    {"track": TRACKS[t], "value": seat.tracks[t], "vp": vp}
                    for t, vp in zip(seat.silver, self.silver_vp(seat), strict=True)
                ],
            },
            "gold": {
                "medals": seat.gold,
                "sets": sets,
                "bonus": self.fx.set_bonus(seat) * pe11_sets,
                "jokers": self.fx.jokers(seat),
                "missing": [COLORS[c] for c, n in enumerate(counts) if n <= sets],
            },
            "cards": {"n": len(seat.cards)},
            "coins": {"coins": seat.coins, "vp": seat.coins // 5, "left": seat.coins % 5},
        }

    def scores(self, st) -> list[Score]:
        return [self.score_seat(st, seat) for seat in st.seats]

    def seat_labels(self, st) -> list[str]:
        return [f"start card {self.data.start_cards[s.start].number}{s.side}" for s in st.seats]

    def first_player(self, st) -> int | None:
        return st.first[0] if st.first else None

    def estimate(self, st) -> list[float]:
        """The final score each seat is heading for: its score, and what its coins, income to
        come and tracks will bring, with the weights of its epoch and phase in ``ESTIMATE``,
        fitted to the final scores of played games."""
        if st.over or not st.seats[0].base:
            return [float(s.total) for s in self.scores(st)] if st.over else [0.0] * st.players
        weights = ESTIMATE[(max(st.epoch, 1), "B" if st.step.startswith("B") else "A")]
        one, w_points, w_coins, w_income, w_military, w_culture, w_food = weights
        left = incomes_left(st)
        out = []
        for seat in range(st.players):  # the fit's weighted sum, written out in the same order
            points, coins, income, military, culture, food = estimate_features(self, st, seat, left)
            out.append(
                one
                + (
                    w_points * points
                    + w_coins * coins
                    + w_income * income
                    + w_military * military
                    + w_culture * culture
                    + w_food * food
                )
            )
        return out


def incomes_left(st: HadaraState) -> int:
    """The income steps still to come (R27): two per epoch after this one, and this epoch's
    A3 and B2 if not yet past."""
    position = STEPS.index(st.step) if st.step in STEPS else 0
    return 2 * (3 - st.epoch) + (position < 2) + (position < 6)


def estimate_features(game: HadaraRules, st: HadaraState, seat: int, left: int | None = None) -> list[float]:
    """What ``estimate`` weighs for a seat: its score without the coins, its coins, its income
    times the income steps still to come (``left``: ``incomes_left``), and its military,
    culture and food tracks."""
    p = st.seats[seat]
    tracks = p.tracks
    return [
        sum(game.points(st, p)),
        p.coins,
        tracks[0] * (incomes_left(st) if left is None else left),
        tracks[1],
        tracks[2],
        tracks[3],
    ]


# (epoch, phase) -> the weights of 1 and of each of ``estimate_features``: a least-squares fit
# of the final score, made by bench/hadara_estimate.py (which prints this table) on seeded
# games of the heuristic bot with some random moves. Before it the estimate was the score
# plus the coins and income to come at 1/5 VP: it explained far less of the final score, and
# the search needed twelve random plies to see what tracks bring.
ESTIMATE: dict[tuple[int, str], tuple[float, ...]] = {
    (1, "A"): (96.76, 1.00, 1.16, 0.47, 0.00, 0.04, 0.91),  # 19304 positions, R² 0.01 (old 0.00)
    (1, "B"): (71.17, 1.00, 0.41, 0.58, 0.40, 0.96, 1.16),  # 19496 positions, R² 0.07 (old 0.03)
    (2, "A"): (38.88, 1.00, 0.14, 0.82, 1.23, 1.91, 1.31),  # 17290 positions, R² 0.22 (old 0.11)
    (2, "B"): (32.37, 1.00, 0.20, 0.76, 0.48, 0.96, 0.79),  # 22514 positions, R² 0.27 (old 0.18)
    (3, "A"): (11.10, 1.00, 0.23, 0.84, 0.66, 1.03, 0.32),  # 18260 positions, R² 0.57 (old 0.48)
    (3, "B"): (5.32, 1.00, 0.33, 1.09, 0.13, 0.26, 0.00),  # 19624 positions, R² 0.66 (old 0.61)
}
