"""Imperium's forward model: options, setup, and the game's protocol around its parts.

Rule numbers refer to shared/rules/imperium.md. The card effects run on the engine's effect
kernel (``self.runner``) with the handlers of ``effects.py``; the decisions a seat answers are in
``decisions.py`` and the automatic steps of a round in ``phases.py`` (dispatch tables), run by the
kernel's advance loop. A turn is a ``phase`` (start, activate, cleanup, next, after_solstice)
plus the frames and decisions on the stacks.
"""

from __future__ import annotations

import hashlib
import json
from functools import partial
from typing import get_args

from epochal.engine import Decision, Game, Option, OptionError, Score, event, sides
from epochal.engine import rng as rngmod
from epochal.engine.effects import EffectRunner

from . import actions as A
from . import piles, prompts, scoring, shared, words
from .cards import BOXES, MARKET_SUITS, NATIONS, Card, Face
from .decisions import LEGAL, RESOLVE, why_not
from .effects import handlers, with_costs
from .phases import PHASES
from .piles import SLOT_DECK
from .state import Frame, ImperiumState, Seat, Slot
from .vocab import (
    STEPS,
    AnyOp,
    BreakThrough,
    CleanupDiscard,
    DeckOutUnrest,
    DiscardHand,
    DrawToLimit,
    ExhaustTokens,
    Filter,
    OfferReaction,
    PlaceMarketToken,
    Require,
    ResetTokens,
    SolsticeOrder,
    TakeUnrest,
    When,
    WhenGone,
)

DECK_SIZE = {2: 6, 3: 7, 4: 8}  # R50
COLLAPSE_POINTS = 50.0  # what an unrest card weighs in a collapsed game's final estimate (R224)
FAME_REMOVED = {2: 2, 3: 1, 4: 0}  # R49
START_TOKENS = {"3/2/1": (3, 2, 1), "2/3/1": (2, 3, 1)}  # R42, G5
ROTATIONS = sides.rotations(NATIONS)
EMPIRE_FROM_START = ("Atlanteans",)  # R37, R118: their state card starts and stays on Empire


class ImperiumRules(Game):
    runner: EffectRunner  # the card effects (effects.py), composed in __init__
    name = "imperium"
    title = "Imperium: Classics & Legends"
    version = "1"
    min_players = 2
    max_players = 4
    # No rollouts: the search takes the planner's play-outs of the turn choice and of each play
    # as its root's prior instead, and plays as well as with twelve random plies at equal time,
    # its iterations costing half (docs/benchmarks.md, "The planner as the search's prior").
    rollout_plies = 0
    # The lobby's hard level plays the planner: it beat the search at 2 s (6 of 10 games, 113.3
    # against 101.1) as at 200 ms (12 of 20), and answers in milliseconds (docs/benchmarks.md,
    # "The planner against the lobby's searches").
    bot_levels = {"hard": "planner"}
    options = (
        Option(
            "nations",
            ("rotate", *ROTATIONS),
            "rotate",
            "which nation each seat plays: rotation:k gives seat i nation k+i; a comma list "
            "names them (Romans,Celts); rotate moves on by the seat count from game to game",
            sides=NATIONS,
        ),
        Option(
            "power_side",
            ("A", "B"),
            "A",
            "R30: the power card's face; the rulebook suggests B for a first game, but side B "
            "texts are only partly known (R240-R247), so A is the default",
        ),
        Option(
            "unrest_under",
            ("unc_civ_tri", "reg_unc_civ"),
            "unc_civ_tri",
            "G9: which market cards get an unrest tucked under them",
        ),
        Option("start_tokens", ("3/2/1", "2/3/1"), "3/2/1", "G5: starting materials/population/progress"),
        Option(
            "breakthrough_fallback",
            ("progress", "materials", "population"),
            "progress",
            "G11: what 2 tokens a break through that finds nothing gives",
        ),
        Option(
            "power_vp_cap",
            ("capped", "uncapped"),
            "capped",
            "G35: whether a power card's VP line is capped at 10 like other variable VP",
        ),
        Option(
            "common_deck",
            BOXES,
            "classics",
            "R59: the common deck (market, fame, unrest, King of Kings) of one box, never both; "
            "any nation plays with either (R58), tributaries named after a chosen nation are "
            "swapped for the other deck's (R60-R62)",
        ),
    )

    def __init__(self, cards: list[Card], raw: bytes = b""):
        self.cards = cards
        self.n_cards = len(cards)
        self.action_space = A.space(self.n_cards)
        self.num_actions = self.action_space.size
        self.index_of = {c.id: i for i, c in enumerate(cards)}
        self._digest = hashlib.sha256(raw).hexdigest()[:12]
        marks = {c.provenance for c in cards}
        self._status = "exact" if marks == {"exact"} else "partial: " + ", ".join(sorted(marks))
        self.card_infos: dict[int, dict] = {}  # view.card_info, once per card
        self.by_nation = {n: [i for i, c in enumerate(cards) if c.deck == n] for n in NATIONS}
        self.nations = [n for n in NATIONS if self.by_nation[n]]  # those with card data
        self.common_of: dict[str, list[int]] = {}  # box -> its common deck's cards, in order
        for i, c in enumerate(cards):
            if c.deck == "common":
                self.common_of.setdefault(c.box or "classics", []).append(i)
        self.programs = PROGRAMS
        # The cards with a passive, and those whose passive watches the play area (when_gone):
        # the play area is searched for passives at every legality check and between every two
        # operations, and most cards have none.
        self.bearing = frozenset(i for i, c in enumerate(cards) if c.passive)
        # the cards that can never be played from the hand (playing.play_refusal's first test)
        self.never_played = frozenset(i for i, c in enumerate(cards) if c.unplayable or not (c.play or c.pinned))
        # the cards only the action token decides (playing.play_refusal's other tests pass
        # for them whatever the state): no state of their own, no printed restriction
        self.plain_play = frozenset(
            i
            for i, c in enumerate(cards)
            if i not in self.never_played
            and c.state not in ("empire", "barbarian")
            and not any(isinstance(op, Require) for op in c.play)
        )
        # the cards with a reactive exhaust ("when X, exhaust this card to ...") on either face:
        # shared.react looks at the play area after every play, acquisition, sinking ...
        self.reacting = frozenset(
            i
            for i, c in enumerate(cards)
            for face in (c, c.side_b)
            if face is not None and face.exhaust and type(face.exhaust[0]) is When
        )
        # the cards with an exhaust effect on either face (playing.exhaust_refusal's first test)
        self.exhausting = frozenset(
            i for i, c in enumerate(cards) if c.exhaust or (c.side_b is not None and c.side_b.exhaust)
        )
        # a card's VP when they do not depend on where it lies or what its owner has, else 0,
        # and the cards whose VP do (scoring.card_vp works theirs out): the search scores every
        # card of every seat at every iteration
        fixed = [0 if c.vp is None else c.vp if isinstance(c.vp, int) else c.vp.fixed for c in cards]
        self.fixed_vp = [0 if vp is None else vp for vp in fixed]
        self.situational_vp = frozenset(k for k, vp in enumerate(fixed) if vp is None)
        # the cards with a solstice effect (effects.sys_solstice_order lists a seat's at every
        # solstice, and asks again after each one)
        self.solstice_cards = frozenset(i for i, c in enumerate(cards) if c.solstice)
        self.when_gone = frozenset(i for i, c in enumerate(cards) if any(type(x) is WhenGone for x in c.passive))
        self.unrest_cards = frozenset(i for i, c in enumerate(cards) if "unrest" in c.suits)
        # a count's filter -> the cards it matches, each with how many it counts as
        # (scoring.counted): filled as the filters of the card data are first counted
        self.filter_weights: dict[int, tuple[Filter | None, dict[int, int]]] = {}
        # passive kind -> the cards with a passive of that kind on either face: shared.active
        # asks (several times per legal list) only about the seat's cards among these. Derived
        # from the card data alone, so no state, cloned or not, can see it out of step.
        holders: dict[type, set[int]] = {}
        for i, c in enumerate(cards):
            for face in (c, c.side_b):
                for x in face.passive if face is not None else ():
                    holders.setdefault(type(x), set()).add(i)
        self.passive_holders = {kind: frozenset(ks) for kind, ks in holders.items()}
        # the cards that watch between operations (shared.between_ops): a game whose pool holds
        # none of a kind skips that watch (ImperiumState.watch_play, watch_decks)
        self.deck_watching = self.passive_holders.get(DeckOutUnrest, frozenset())
        self.kok_index = next((i for i, c in enumerate(cards) if c.group == "king_of_kings"), -1)
        self.boxes = [b for b in BOXES if any(c.box == b for c in cards)]  # the common decks with data (R59)
        missing = handlers.missing([*get_args(AnyOp), *STEPS])
        if missing:
            raise TypeError(f"operations without a handler: {missing}")
        self.runner = EffectRunner(
            self,
            partial(shared.ops_of, self),
            with_costs(handlers),
            frame_type=Frame,
            frame_done=partial(shared.frame_done, self),
            between_ops=partial(shared.between_ops, self),
            end=A.END,
        )

    # --- configuration -----------------------------------------------------------------------
    def configure(self, players, options):
        out = sides.configure(super().configure, players, options, "nations", NATIONS, "R29")
        if out["common_deck"] not in self.boxes:
            raise OptionError(f"common_deck {out['common_deck']!r} has no card data here (R59)")
        return out

    def option_sets(self):
        # every other rotation: with two seats or more each nation still plays in the battery
        sets = [{"nations": r} for r in ROTATIONS[::2]]
        for opt in self.options[1:]:
            sets += [{opt.name: c} for c in opt.choices if c != opt.default]
        return sets

    def options_for_game(self, options: dict | None, index: int, players: int) -> dict:
        """'rotate': game i of a series gives each seat a nation so that over sixteen games every
        nation sits at every seat (``sides.series_rotation``)."""
        options = dict(options or {})
        if options.get("nations", "rotate") == "rotate":
            options["nations"] = sides.series_rotation(index, players, len(self.nations))
        return options

    def display_name(self, text: str, lang: str = "en") -> str | None:
        """A card id as the card's name in ``lang`` (words.card_name); an effect reference
        (words.ref: a choice's option, a may's offer) as its words."""
        if text in self.index_of:
            return words.card_name(self.cards[self.index_of[text]], lang)
        if text.startswith(words.REF):
            return words.ref_text(self, text, lang)
        if text.startswith(words.TOKENS_REF):
            return words.tokens_text(self, text, lang)
        return None

    def card_text(self, card: str, lang: str = "en") -> list[str]:
        return list(words.card_text(self, card, lang))

    def describe_decision(self, state, seat: int) -> dict | None:
        return prompts.describe_decision(self, state, seat)

    def prompt_keys(self) -> set[str]:
        return prompts.prompt_keys()

    def why_not(self, state, seat: int) -> list[dict]:
        return prompts.why_not(self, state, seat)

    def data_id(self) -> str:
        return f"imperium-classics#{self._digest}"

    def data_status(self) -> str:
        return self._status  # every view says it: counted once, the cards never change

    def heuristic_agent(self, seed: int = 0):
        from .bots import HeuristicBot

        return HeuristicBot(seed)

    def planner_agent(self, seed: int = 0):
        from .bots import PlannerBot

        return PlannerBot(seed)

    def face(self, card: int, side: str = "") -> Card | Face:
        c = self.cards[card]
        return c.side_b if side == "B" and c.side_b is not None else c

    def purpose(self, decision: Decision, name_card: bool = True) -> str:
        """What ``decision`` asks, in words; its card is named only when ``name_card``
        (otherwise "a hidden card": the wording for seats that may not see it). Decision texts
        never hold a card's name: a purpose that names one says ``{card}``."""
        text = decision.args.get("purpose") or decision.kind
        if "{card}" in text:
            k = decision.args.get("card", -1)
            text = text.replace("{card}", self.cards[k].name if name_card and k >= 0 else "a hidden card")
        return text

    # --- setup (R29-R55) ---------------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict | None = None) -> ImperiumState:
        opts = self.configure(players, options)
        nations = sides.for_seats(opts["nations"], players, NATIONS, self.nations)
        st = ImperiumState(game=self.name, players=players, options=opts, rng=rngmod.seed_state(seed))
        materials, population, progress = START_TOKENS[opts["start_tokens"]]
        supply_unrest = []
        for nation in nations:
            p = Seat(
                nation=nation,
                side=opts["power_side"],
                materials=materials,
                population=population,
                progress=progress,
                actions=3,
                exhausts=5,
            )
            for k in self.by_nation[nation]:
                card = self.cards[k]
                if card.players and players < card.players:
                    st.box.append(k)
                    continue
                where = card.location or "deck"
                if card.power:
                    p.power = k  # R30
                elif where == "in-play":
                    p.play.append(k)  # R31, R32: King Arthur's Court
                elif where == "accession":
                    p.nation_deck.insert(0, k)  # R34
                elif where == "nation":
                    p.nation_deck.append(k)  # R35
                elif where == "development":
                    p.development.append(k)  # R36
                elif where == "supply":
                    supply_unrest.append(k)  # R38
                elif where == "path":
                    p.path.insert(0, k)  # R33: the first listed lies on top
                else:
                    p.deck.append(k)  # R39
            accession = (
                p.nation_deck[:1] if p.nation_deck and self.cards[p.nation_deck[0]].location == "accession" else []
            )
            rest = p.nation_deck[len(accession) :]
            rngmod.shuffle(st, rest)
            p.nation_deck = accession + rest
            rngmod.shuffle(st, p.deck)
            st.seats.append(p)
            p.empire = nation in EMPIRE_FROM_START  # R37, R118
            for x in shared.active(self, st, len(st.seats) - 1, ExhaustTokens):
                p.exhausts = x.args.n  # R42: the Utopians take 3
        common = self.deal_common(st, opts["common_deck"], nations, players)  # R59-R62
        by_group: dict[str, list[int]] = {}
        for i in common:
            card = self.cards[i]
            if card.players and players < card.players:  # R45
                st.box.append(i)
                continue
            by_group.setdefault(self.category(card), []).append(i)
        st.unrest = by_group.get("unrest", []) + supply_unrest  # R46
        rngmod.shuffle(st, st.unrest)
        st.kok = self.kok_of(opts["common_deck"])  # R47
        fame = by_group.get("fame", [])
        rngmod.shuffle(st, fame)  # R48
        removed = FAME_REMOVED[players]  # R49
        st.box.extend(fame[len(fame) - removed :] if removed else [])
        st.fame = fame[: len(fame) - removed] if removed else fame
        main = by_group.get("tributary", [])
        for suit in ("region", "uncivilised", "civilised"):  # R50
            pool = by_group.get(suit, [])
            rngmod.shuffle(st, pool)
            st.decks[suit] = pool[: DECK_SIZE[players]]
            main += pool[DECK_SIZE[players] :]
        rngmod.shuffle(st, main)  # R51
        st.decks["main"] = main
        st.market = [Slot() for _ in SLOT_DECK]
        for slot in range(len(SLOT_DECK)):  # R52-R53
            piles.refill(self, st, slot, [])
        for s in st.market:  # R54, G10
            if (
                s.card >= 0
                and "civilised" in self.cards[s.card].suits
                and "uncivilised" not in self.cards[s.card].suits
            ):
                s.tokens["progress"] = 1
        st.first = st.turn = 0  # R55
        pool = self.pool(st)
        st.watch_play = not self.when_gone.isdisjoint(pool)
        st.watch_decks = not self.deck_watching.isdisjoint(pool)
        for seat in range(players):  # R40
            self.draw_plain(st, seat, 5)
        st.phase = "start"
        self.advance(st, [])
        return st

    def pool(self, st) -> list[int]:
        """Every card of the game: the chosen common deck's, the chosen nations' and the other
        deck's tributaries that replaced a nation's namesake (R58-R62)."""
        nations = {p.nation for p in st.seats}
        common = self.common_of.get(st.options["common_deck"], [])
        return sorted({*common, *(k for n in nations for k in self.by_nation[n])}) + st.mixed_in

    def kok_of(self, box: str) -> int:
        """The box's King of Kings (each box has its own, R47)."""
        return next((i for i in self.common_of.get(box, ()) if self.cards[i].group == "king_of_kings"), -1)

    def deal_common(self, st, box: str, nations: list[str], players: int) -> list[int]:
        """The common cards of ``box`` but King of Kings (R59), each tributary named after a
        chosen nation replaced by a random tributary of the other common deck (R60): one
        whose player-count mark excludes this game, or which is itself named after a chosen
        nation, is set aside and another drawn (R61). This happens before the cards for
        fewer players are removed (R62), which then applies to the replacements too. The
        replaced cards go to the box; the replacements are in ``st.mixed_in``."""
        common = [i for i in self.common_of.get(box, []) if self.cards[i].group != "king_of_kings"]
        guests = [
            i
            for other, cards in self.common_of.items()
            if other != box
            for i in cards
            if self.cards[i].group == "market" and self.cards[i].suits == ["tributary"]
        ]
        guests.sort()  # in the cards' order, whichever box they come from
        out: list[int] = []
        shuffled = False  # the other deck's tributaries are shuffled at the first swap only
        for i in common:
            if self.cards[i].nation not in nations:
                out.append(i)
                continue
            if not shuffled:
                rngmod.shuffle(st, guests)
                shuffled = True
            st.box.append(i)  # R60
            while guests:
                k = guests.pop()
                card = self.cards[k]
                if (card.players or 0) <= players and card.nation not in nations:  # R61
                    out.append(k)
                    st.mixed_in.append(k)
                    break
        return out

    @staticmethod
    def category(card: Card) -> str:
        """The setup category: a dual card counts as uncivilised (R22, R44)."""
        return card.suits[0] if card.suits else "none"

    # --- drawing and reshuffling (R95-R107) -----------------------------------------------------
    def draw_plain(self, st, seat: int, n: int) -> None:
        """Setup draw: no reshuffle can be needed."""
        p = st.seats[seat]
        for _ in range(min(n, len(p.deck))):
            p.hand.append(p.deck.pop())

    # --- the turn (R65-R68) ------------------------------------------------------------------------
    def advance(self, st, ev: list) -> None:
        Game.advance(self, st, ev)
        if st.collapsed and any(e.get("type") == "collapse" for e in ev):
            # R237, R270: end-of-game effects (Sumerians) also apply before a collapse is
            # decided; run here, once the operation that took the last unrest has stopped, so
            # the unrest just taken counts for its taker (G34)
            scoring.before_scoring(self, st, ev)
            scores = self.scores(st)
            ev += scoring.result_events(self, st, scores)
            ev.append(
                event(
                    "game_over",
                    collapsed=True,
                    scores=[s.total for s in scores],
                    unrest=[scoring.unrest_count(self, st, s) for s in range(st.players)],
                    winners=self.winners(st, scores),
                )
            )

    def proceed(self, st, ev: list) -> None:
        PHASES.table[st.phase](self, st, ev)

    # --- decisions (decisions.py) -------------------------------------------------------------------
    def decision_legal(self, st, decision: Decision, seat: int) -> list[int]:
        return LEGAL.table[decision.kind](self, st, decision, seat)

    def resolve(self, st, seat: int, action: int, ev: list) -> None:
        decision = st.stack.pop()
        RESOLVE.table[decision.kind](self, st, decision, seat, action, ev)

    def why_illegal(self, st, decision: Decision, seat: int, action: int) -> tuple[str, str]:
        return why_not(self, st, decision, seat, action)

    # --- scoring (R228-R237) ------------------------------------------------------------------------
    def score_seat(self, st, seat: int) -> Score:
        p = st.seats[seat]
        cards, power = self.card_points(st, seat)
        breakdown = {"progress": p.progress, "cards": cards, "power": power}  # R230
        return Score(
            total=sum(breakdown.values()),
            breakdown=breakdown,
            tiebreak=(-scoring.unrest_count(self, st, seat),) if st.collapsed else (),
        )

    def card_points(self, st, seat: int) -> tuple[int, int]:
        """The VP of a seat's cards and of its power card (R230): its score but the progress
        track, which the search's estimate adds up."""
        p = st.seats[seat]
        zones = scoring.scoring_zones(p)
        cards = sum(map(self.fixed_vp.__getitem__, zones))
        for k in self.situational_vp.intersection(zones):  # each card's VP stands alone: any order
            cards += scoring.card_vp(self, st, seat, k, self.cards[k].vp, True, zones)
        power = 0
        if p.power >= 0:
            face = self.face(p.power, p.side)
            capped = st.options["power_vp_cap"] == "capped"
            power = scoring.card_vp(self, st, seat, p.power, face.vp, capped, zones)
        return cards, power

    def scores(self, st) -> list[Score]:
        return [self.score_seat(st, s) for s in range(st.players)]

    def winners(self, st, scores: list[Score] | None = None) -> list[int]:
        """The winners; ``scores``: the scores, if worked out already."""
        scores = self.scores(st) if scores is None else scores
        if st.collapsed:  # R224-R225
            counts = [scoring.unrest_count(self, st, s) for s in range(st.players)]
            fewest = min(counts)
            tied = [s for s in range(st.players) if counts[s] == fewest]
            best = max(scores[s].total for s in tied)
            return [s for s in tied if scores[s].total == best]
        best = max(s.total for s in scores)
        return [i for i, s in enumerate(scores) if s.total == best]  # R236

    def estimate(self, st) -> list[float]:
        """VP as they stand, plus what the position promises: tokens, pinned cards in play,
        the Empire state, and fewer development cards left to buy. A game that ended in
        collapse is won by the fewest unrest cards, VP parting only those tied (R224-R225): its
        final estimate puts COLLAPSE_POINTS between two seats for each unrest card, so that a
        search ranks its ends as the rules do."""
        if st.over:
            scores = self.scores(st)
            if st.collapsed:
                return [s.total - COLLAPSE_POINTS * scoring.unrest_count(self, st, i) for i, s in enumerate(scores)]
            return [float(s.total) for s in scores]
        out = []
        for seat in range(st.players):
            p = st.seats[seat]
            cards, power = self.card_points(st, seat)
            score = p.progress + cards + power
            out.append(
                score
                + 0.35 * p.materials
                + 0.6 * p.population
                + 0.3 * p.actions
                + 0.8 * len(p.play)
                + (4.0 if p.empire else 0.0)
                + 0.4 * len(p.hand)
                - 1.5 * len(p.development)
            )
        return out

    def card_catalog(self) -> list[dict]:
        return [
            {
                "id": c.id,
                "deck": c.deck if c.deck != "common" else common_label(c),
                "name": c.name,
                "implemented": True,
                "provenance": c.provenance,
            }
            for c in self.cards
        ]

    def seat_labels(self, st) -> list[str]:
        return [p.nation for p in st.seats]

    def first_player(self, st) -> int:
        return st.first

    def check_invariants(self, st) -> list[str]:
        problems = []
        places = [*st.unrest, *st.exile, *st.box, *st.fame]
        if st.kok >= 0:
            places.append(st.kok)
        for deck in st.decks.values():
            places += deck
        for s in st.market:
            if s.card >= 0:
                places.append(s.card)
            if s.unrest >= 0:
                places.append(s.unrest)
        for i, p in enumerate(st.seats):
            places += p.hand + p.deck + p.discard + p.history + p.play + p.nation_deck + p.development
            places += p.sunken + p.path
            if p.quest >= 0:
                places.append(p.quest)
            for under in p.garrison.values():
                places += under
            if p.power >= 0:
                places.append(p.power)
            for res in ("materials", "population", "progress", "actions", "exhausts"):
                if getattr(p, res) < 0:
                    problems.append(f"seat {i} has {getattr(p, res)} {res}")
            if len(set(p.exhausted)) != len(p.exhausted):
                problems.append(f"seat {i}: a card holds two exhaust tokens (R77)")
            if (
                p.nation_deck
                and self.cards[p.nation_deck[0]].location == "accession"
                and any(self.cards[k].location == "accession" for k in p.nation_deck[1:])
            ):
                problems.append(f"seat {i}: the accession card is not at the bottom (R193)")
        if sorted(places) != sorted(self.pool(st)):
            problems.append("cards in play are not each in exactly one place")
        return problems


# Rules programs: op lists run like card effects, with their own steps (vocab.Step).
PROGRAMS: dict[str, list] = {
    "cleanup": [PlaceMarketToken(), ResetTokens(), CleanupDiscard(), DrawToLimit()],  # R84-R91
    "innovate": [DiscardHand(), BreakThrough(suits=list(MARKET_SUITS))],  # R82
    "reaction": [OfferReaction()],  # G24
    "solstice_order": [SolsticeOrder()],  # R108-R113
    "deck_out": [TakeUnrest()],  # R208: the Utopians' passive, the deck emptied other than by a draw
}


def common_label(c: Card) -> str:
    """A common card's coverage row: its group, and its box when it is not the Classics one
    (``common: market``, ``common (Legends): market``)."""
    return f"common: {c.group}" if c.box == "classics" else f"common ({(c.box or '').capitalize()}): {c.group}"


def dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False)
