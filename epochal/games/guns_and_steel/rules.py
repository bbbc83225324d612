"""Guns & Steel's forward model: setup, the four phases of a turn, purchases, wonders, the end.

Rule numbers (R…, E…, A…, D…) refer to shared/rules/guns-and-steel.md. The game is composed of
tables kept in modules of its own: the card effects (``effects.py``: one handler per operation of
``vocab.py``, run by the engine's effect kernel, ``self.runner``), the decisions (``decisions.py``:
what each kind of decision allows and what an answer does), and the automatic steps of a turn
(``steps.py``: setup, turn_start, resource, technology, effects, purchase, paying, end_of_turn,
recall, recall_resources, glory, glory_claim, finish; ``PHASE_OF`` gives the phase the view shows).
The payment algebra is in ``payment.py``.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import get_args

from epochal.engine import Decision, Game, Option, Score, event
from epochal.engine import rng as rngmod
from epochal.engine.effects import EffectRunner

from . import actions as A
from . import decisions
from . import payment as pay
from .cards import EPOCHS, RESOURCES, START_IDS, DataSet, display_name, missing, provenance
from .effects import handlers
from .state import EMPTY, GunsState, Seat
from .steps import PHASE_OF as PHASE_OF  # the view and the table name it from here
from .steps import STEPS
from .vocab import AnyOp, EachPlayer, LoseVp

COLOURS = ("red", "blue", "green", "yellow")  # R6
THEMES = ("new_world", "renaissance", "combined")
GLORY_TOKENS = 5  # R38
COMBINED_ROWS = (6, 5, 4, 3, 2)  # R109
START_RESOURCE_SEATS = {2: (1,), 3: (2,), 4: (2, 3)}  # R44: turn positions


@lru_cache(maxsize=1 << 14)
def surcharges(rows: tuple[int, ...], occupied: int) -> tuple[int, ...]:
    """The surcharge of every slot id (R76b, R77): the occupied slots reachable by downward paths
    through occupied slots only; -1 for an empty slot. ``occupied`` is a bit mask of slot ids."""
    out = [-1] * A.SLOTS
    for r, n in enumerate(rows):
        for i in range(n):
            if not occupied >> A.slot_id(r, i) & 1:
                continue
            seen = set()
            todo = [(r, i)]
            while todo:
                a, b = todo.pop()
                if a == 0:
                    continue
                for c, d in ((a - 1, b), (a - 1, b + 1)):
                    s = A.slot_id(c, d)
                    if d < rows[c] and occupied >> s & 1 and s not in seen:
                        seen.add(s)
                        todo.append((c, d))
            out[A.slot_id(r, i)] = len(seen)
    return tuple(out)


class GunsRules(Game):
    runner: EffectRunner  # the card effects (effects.py), composed in __init__
    name = "guns_and_steel"
    title = "Guns & Steel"
    version = "1"
    min_players = 2  # R2
    max_players = 4
    options = (
        Option(
            "theme",
            THEMES,
            "new_world",
            "R3, R107-R114: play the New World cards, the Renaissance cards (VP card, glory "
            "tokens), or both combined (small pyramid and development stacks, Renaissance "
            "wonders and end of turn)",
        ),
        Option(
            "exchange",
            ("one_step", "any_higher"),
            "one_step",
            "A5 (i): 2 identical resources become 1 of the next type up (E10), or 1 of any "
            "higher type up to Information; 2 Information -> 1 Space either way",
        ),
        Option(
            "exchange_in",
            ("purchase", "always"),
            "purchase",
            "A5 (iii): exchanges only in the Purchase phase (the only place the rule is "
            "given), or also when paying an activation cost",
        ),
        Option(
            "bought_side",
            ("technology", "resource"),
            "technology",
            "A6, R82: a bought card goes into your zone technology side up (not activated), or resource side up",
        ),
        Option(
            "nw_wonder_check",
            ("recall", "every_turn"),
            "recall",
            "A19 [New World]: the wonder check runs only on a recall turn, before the recall "
            "(R84, R85), or at the end of every turn (L209-210)",
        ),
        Option(
            "start_resource",
            ("optional", "mandatory"),
            "optional",
            "A13, R44: the later seats may play one start card resource side up before the game, or must",
        ),
        Option(
            "vp15",
            ("active", "any"),
            "active",
            "A25, R102(3) [Renaissance/combined]: the 15-VP end checks the active player only, or every player",
        ),
        Option(
            "tiebreak",
            ("shared", "wonders"),
            "shared",
            "A26, R106: a tie is a shared victory, or more wonders wins and then it is shared",
        ),
        Option(
            "two_player_wonders",
            ("remove", "keep"),
            "remove",
            "A11, R39.2: with two players the wonders with the two-player icon are removed "
            "too (the other of the pair is used), or kept",
        ),
        Option(
            "space_end",
            ("pyramid_and_stack", "pyramid"),
            "pyramid_and_stack",
            "A27, R102(2) [combined]: the game ends when the last Space card of the pyramid "
            "and of the Space stack is bought, or of the pyramid alone",
        ),
        Option(
            "round_limit",
            ("60_rounds", "30_rounds"),
            "60_rounds",
            "a safety net, not a rule: after this many full rounds the game ends and is "
            "scored as usual (random play may never buy the last Space card)",
        ),
    )

    def __init__(self, data: DataSet):
        self.data = data
        self._digest = hashlib.sha256(data.raw).hexdigest()[:12]
        self._status: str | None = None  # data_status(), once asked
        self.card_infos: dict[int, dict] = {}  # view.card_info, once per card
        self.wonder_infos: dict[int, dict] = {}  # view.wonder_info, once per wonder
        start = [data.cards[i] for i in START_IDS]
        theme = [data.cards[f"C{n:02d}"] for n in range(6, 56)]
        self.civ = [start[j] for _ in COLOURS for j in range(5)] + theme
        self.keys = [f"{start[j].id}-{colour}" for colour in COLOURS for j in range(5)] + [c.id for c in theme]
        self.index_of = {key: i for i, key in enumerate(self.keys)}
        self.n_cards = len(self.civ)
        self.colour_of = [c for c in range(len(COLOURS)) for _ in range(5)] + [-1] * len(theme)
        self.res_index = {name: i for i, name in enumerate(RESOURCES)}
        self.res = [self.res_index[c.resource] for c in self.civ]
        self.epoch = [EPOCHS.index(c.resource) if c.theme != "start" else -1 for c in self.civ]
        self.vp = [c.vp for c in self.civ]
        self.mil = [c.military for c in self.civ]
        self.resp = [c.response for c in self.civ]
        self.kind = [c.type for c in self.civ]
        self.theme_of = [c.theme for c in self.civ]
        self.cost = [pay.units_of(c.cost, RESOURCES) for c in self.civ]
        # pay.value of each cost, made once from the costs above: no units worth less can pay it
        # (pay.covers), which rules most of the pyramid out of a purchase at one comparison
        self.cost_value = [pay.value(cost) for cost in self.cost]
        self.effects = [c.effect for c in self.civ]
        self.pay_cost = [
            pay.activation_cost(c.effect, 0, self.res_index) if pay.pays_resources(c.effect) else None for c in self.civ
        ]
        # VP an activation costs (R71): its pay_vp ops, and what each_player takes from you
        self.vp_cost = [pay.vp_cost(c.effect) for c in self.civ]
        self.vp_need = [cost + each_player_vp(c.effect) for cost, c in zip(self.vp_cost, self.civ, strict=True)]
        self.wonder_list = [data.wonders[f"W{n:02d}"] for n in range(1, 21)]
        self.wkeys = [w.id for w in self.wonder_list]
        self.windex = {w: i for i, w in enumerate(self.wkeys)}
        self.wepoch = [EPOCHS.index(w.epoch) for w in self.wonder_list]
        self.depicts = [self.index_of[w.depicts] if w.depicts in self.index_of else -1 for w in self.wonder_list]
        self.build = [compile_clauses(w.build, self.res_index) for w in self.wonder_list]
        self.glory_rule = [compile_clauses(w.glory, self.res_index) for w in self.wonder_list]
        self.action_space = A.space(self.n_cards, len(self.wonder_list))
        self.num_actions = self.action_space.size
        self.max_n = max([1] + [op_count(c.effect) for c in self.civ])
        effects = self.effects
        self.runner = EffectRunner(self, lambda fr: effects[fr.card], handlers)
        missing = handlers.missing(get_args(AnyOp))
        if missing:
            raise TypeError(f"operations without a handler: {missing}")
        self._legal = decisions.legal.table
        self._resolve = decisions.resolve.table

    def option_sets(self) -> list[dict]:
        """The battery's option sets: each option that acts in one theme only is run there."""
        only = {"vp15": "renaissance", "space_end": "combined"}
        sets: list[dict] = [{}]
        for opt in self.options:
            for choice in opt.choices:
                if choice != opt.default:
                    extra = {"theme": only[opt.name]} if opt.name in only else {}
                    sets.append({opt.name: choice, **extra})
        return sets

    # --- information for tools ----------------------------------------------------------------
    def data_id(self) -> str:
        return f"guns-and-steel#{self._digest}"

    def data_status(self) -> str:
        # Every view says it; the data set never changes under a game, so it is counted once.
        if self._status is None:
            self._status = self._count_status()
        return self._status

    def _count_status(self) -> str:
        entries = self.data.entries()
        exact = sum(provenance(e) == "exact" for e in entries)
        if exact == len(entries):
            return "exact"
        return (
            f"provisional: {len(entries) - exact} of {len(entries)} cards and wonders are "
            f"stand-ins where no source gives the data (D1-D6; see gaps())"
        )

    def provisional(self) -> bool:
        return self.data_status() != "exact"

    def card_catalog(self) -> list[dict]:
        out = []
        for e in self.data.entries():
            out.append(
                {"id": e.id, "deck": e.theme, "name": display_name(e), "implemented": True, "provenance": provenance(e)}
            )
        return out

    def gaps(self) -> list[dict]:
        """Every card and wonder with the fields no source establishes."""
        out = []
        for e in self.data.entries():
            fields = missing(e)
            if fields:
                out.append(
                    {
                        "id": e.id,
                        "deck": e.theme,
                        "name": display_name(e),
                        "provenance": provenance(e),
                        "missing": fields,
                    }
                )
        return out

    def heuristic_agent(self, seed: int = 0):
        from .bots import HeuristicBot

        return HeuristicBot(seed)

    def seat_labels(self, st) -> list[str]:
        order = [(st.first + i) % st.players for i in range(st.players)]
        names = ("first", "second", "third", "fourth")
        return [names[order.index(s)] for s in range(st.players)]

    def first_player(self, st) -> int:
        return st.first

    def timeout_action(self, state, seat: int) -> int | None:
        """A seat out of time passes when passing is one of its answers (the action phase, a response);
        otherwise the server's bot chooses."""
        return A.PASS if A.PASS in self.legal(state, seat) else None

    # --- setup (R37-R44) ----------------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict | None = None) -> GunsState:
        opts = self.configure(players, options)
        st = GunsState(game=self.name, players=players, options=opts, rng=rngmod.seed_state(seed))
        ev: list = []
        theme = opts["theme"]
        track = theme != "new_world"
        for s in range(players):  # R37, R38
            st.seats.append(Seat(hand=[s * 5 + j for j in range(5)], glory=GLORY_TOKENS if track else 0))
        themes = themes_in_play(theme)
        in_play = [k for k in range(self.n_cards) if self.theme_of[k] in themes]
        if players == 2:  # R39.2, A27
            st.removed = [k for k in in_play if self.civ[k].two_player]
            if st.removed:
                ev.append(event("removed", cards=[self.keys[k] for k in st.removed]))
        stacks = [[k for k in in_play if self.epoch[k] == e and k not in st.removed] for e in range(5)]
        for stack in stacks:  # R39.3, R108
            rngmod.shuffle(st, stack)
        if theme == "combined":  # R109, R110
            st.pyramid = [stack[len(stack) - n :] for stack, n in zip(stacks, COMBINED_ROWS, strict=False)]
            st.stacks = [stack[: len(stack) - n] for stack, n in zip(stacks, COMBINED_ROWS, strict=False)]
        else:
            st.pyramid = stacks  # R39.4, R40
        wonder_theme = "renaissance" if track else "new_world"  # R111
        for e in range(5):
            pair = [
                w
                for w in range(len(self.wonder_list))
                if self.wonder_list[w].theme == wonder_theme and self.wepoch[w] == e
            ]
            if players == 2 and opts["two_player_wonders"] == "remove":  # A11
                kept = [w for w in pair if not self.wonder_list[w].two_player]
                pair = kept or pair
            w, why = self.choose_wonder(st, pair)
            st.wonders.append(w)
            ev.append(event("wonder_chosen", epoch=EPOCHS[e], row=e + 1, wonder=self.wkeys[w], why=why))
        st.glory = [[0] * players for _ in range(5)]
        st.first = st.turn = rngmod.randbelow(st, players)  # R44, D11
        st.start_queue = [(st.first + i) % players for i in START_RESOURCE_SEATS[players]]
        ev.append(event("setup", first=st.first, theme=theme))
        st.step = "setup"
        self.advance(st, ev)
        return st

    def choose_wonder(self, st, pair: list[int]) -> tuple[int, str]:
        """R43, A12, R112: the wonder whose depicted card lies further left in the pyramid;
        when only one depicted card lies there, that one; when none does, one at random."""
        if len(pair) == 1:
            return pair[0], "two_player"
        where = []
        for w in pair:
            x = None
            for r, row in enumerate(st.pyramid):
                if self.depicts[w] in row:
                    x = row.index(self.depicts[w]) + r / 2  # R39.4: half shifts
            where.append(x)
        placed = [(x, w) for x, w in zip(where, pair, strict=False) if x is not None]
        if not placed:
            return pair[rngmod.randbelow(st, len(pair))], "random"
        if len(placed) == 1:
            return placed[0][1], "only"
        placed.sort()
        if placed[0][0] == placed[1][0]:
            return pair[rngmod.randbelow(st, len(pair))], "random"
        return placed[0][1], "left"

    # --- the turn -----------------------------------------------------------------------------
    # --- what a seat holds and may pay -------------------------------------------------------------
    def resource_cards(self, p: Seat) -> list[int]:
        tech = p.tech
        return [k for k in p.zone if k not in tech]

    def available(self, p: Seat) -> tuple:
        """Units a player may pay with: resource-side zone cards and temporary resources."""
        counts = list(p.temp)
        res = self.res
        tech = p.tech
        for k in p.zone:
            if k not in tech:
                counts[res[k]] += 1
        return tuple(counts)

    def military(self, p: Seat) -> int:
        mil = self.mil
        return sum(mil[k] for k in p.tech)  # R61, R65, A20

    def can_activate(self, st: GunsState, seat: int, k: int) -> bool:
        """Activation needs the card's cost to be payable now (R51, A17), and no effect may take
        the player below 0 VP (R71)."""
        if self.vp_need[k] > st.seats[seat].vp:
            return False
        cost = self.pay_cost[k]
        if cost is None:
            return True
        return pay.covers(self.available(st.seats[seat]), cost, 0, pay.activation_mode(st.options))

    def track(self, st: GunsState) -> bool:
        """Is there a VP card? Not in New World (R73)."""
        return st.options["theme"] != "new_world"

    def gain_vp(self, st: GunsState, seat: int, n: int, ev: list, why: str) -> None:
        if n and self.track(st):
            st.seats[seat].vp += n
            ev.append(event("vp", seat=seat, n=n, total=st.seats[seat].vp, why=why))

    # --- the turn (steps.py) ------------------------------------------------------------------------
    def clockwise(self, st, seat: int) -> list[int]:
        return [(seat + i) % st.players for i in range(st.players)]

    def proceed(self, st, ev: list) -> None:
        STEPS[st.step](self, st, ev)

    # --- wonders ------------------------------------------------------------------------------
    def owner(self, st, w: int) -> int:
        for s, p in enumerate(st.seats):
            if w in p.wonders:
                return s
        return -1

    def claimable(self, st, seat: int) -> list[int]:
        """[NW] wonders beside the pyramid whose build condition you meet (R85.I, R90)."""
        return [w for w in st.wonders if self.owner(st, w) < 0 and meets(self, st, seat, self.build[w])]

    def glory_targets(self, st, seat: int) -> list[int]:
        """[REN] wonders beside the pyramid whose glory condition you meet (R93, A23)."""
        return [w for w in st.wonders if self.owner(st, w) < 0 and meets(self, st, seat, self.glory_rule[w])]

    def claim(self, st, seat: int, w: int, ev: list) -> None:
        st.seats[seat].wonders.append(w)  # R28, R85, R93.II
        ev.append(event("claim", seat=seat, wonder=self.wkeys[w]))
        e = st.wonders.index(w)
        tokens = st.glory[e]
        if any(tokens):
            for s, n in enumerate(tokens):
                st.seats[s].glory += n
            ev.append(event("glory_returned", wonder=self.wkeys[w], tokens=list(tokens)))
            st.glory[e] = [0] * st.players

    # --- purchases (R74-R83, R113) --------------------------------------------------------------
    def slot_surcharges(self, st) -> tuple[int, ...]:
        return surcharges(tuple(len(row) for row in st.pyramid), occupied_mask(st))

    def stack_surcharge(self, st, e: int) -> int:
        """R113: 1 per card of the lower epochs still in the pyramid."""
        return sum(1 for row in st.pyramid[:e] for k in row if k != EMPTY)

    # --- decisions (decisions.py) -----------------------------------------------------------------
    def decision_legal(self, st, d: Decision, seat: int) -> list[int]:
        return self._legal[d.kind](self, st, seat)

    def resolve(self, st, seat: int, action: int, ev: list) -> None:
        d = st.stack.pop()
        self._resolve[d.kind](self, st, seat, action, d, ev)

    def why_illegal(self, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
        return decisions.why(self, st, d, seat, action)

    def res_name(self, k: int) -> str:
        return RESOURCES[self.res[k]]

    # --- scoring (R104-R106) --------------------------------------------------------------------
    def score_seat(self, st, seat: int) -> Score:
        p = st.seats[seat]
        vp = self.vp
        cards = sum(vp[k] for k in p.hand) + sum(vp[k] for k in p.zone)
        wonders = sum(self.wonder_list[w].vp for w in p.wonders)
        track = p.vp if self.track(st) else 0
        tiebreak = (len(p.wonders),) if st.options["tiebreak"] == "wonders" else ()
        return Score(
            total=cards + wonders + track,
            breakdown={"cards": cards, "wonders": wonders, "vp_track": track},
            tiebreak=tiebreak,
        )

    def scores(self, st) -> list[Score]:
        return [self.score_seat(st, s) for s in range(st.players)]

    def estimate(self, st) -> list[float]:
        """The score as it stands plus a little for what it can still buy or defend: resources
        in the zone and this turn's temporary ones, military strength, and a card being bought."""
        if st.over:
            return [float(s.total) for s in self.scores(st)]
        out = []
        for s, p in enumerate(st.seats):
            total = float(self.score_seat(st, s).total)
            units = self.available(p)
            total += 0.35 * pay.value(units) + 0.1 * self.military(p) + 0.15 * len(p.hand)
            out.append(total)
        pm = st.payment
        if pm is not None and pm.purpose == "buy":
            out[pm.seat] += self.vp[pm.card] + 0.5
        return out

    # --- bounds and invariants ------------------------------------------------------------------
    def max_game_length(self, players: int) -> int:
        """A true upper bound on the actions of one game; each term names what it counts.

        ``cards`` bounds every pile (a hand, a zone, the units of a payment, the cards a choice
        offers); ``max_n`` bounds the ops of one effect and the choices each asks of one player;
        an op may ask every player (each_player, an attack's defeated), and an attack asks every
        opponent for responses. A turn activates at most ``1 + max_n`` cards (a Tactics card's
        plays and activations, R57, R58)."""
        cards = 5 * players + 2 * 25  # R6, R108
        responses = (players - 1) * (cards + 1)  # R62, R63
        per_op = players * (cards + players) + responses  # R55, R66
        effect = cards + self.max_n * per_op  # R51 pay, ops
        activations = 1 + self.max_n  # R57, R58
        turn = (
            2  # R48, R50
            + activations * (effect + 1)  # R51, R59
            + 1
            + cards  # R74-R79
            + 1
            + (cards + 1)
            + 2
        )  # R85, R92, R93
        rounds = max(int(c.split("_")[0]) for c in next(o.choices for o in self.options if o.name == "round_limit"))
        return players + rounds * players * turn

    def check_invariants(self, st) -> list[str]:
        problems = []
        themes = themes_in_play(st.options["theme"])
        expected = sorted(
            [k for s in range(st.players) for k in range(s * 5, s * 5 + 5)]
            + [k for k in range(self.n_cards) if self.theme_of[k] in themes]
        )
        places = [k for row in st.pyramid for k in row if k != EMPTY]
        places += [k for stack in st.stacks for k in stack] + st.removed
        for s, p in enumerate(st.seats):
            places += p.hand + p.zone
            for k in p.hand + p.zone:
                if self.colour_of[k] >= 0 and self.colour_of[k] != s:
                    problems.append(f"seat {s} holds {self.keys[k]} of another colour (R37)")
            if any(k not in p.zone for k in p.tech) or len(set(p.tech)) != len(p.tech):
                problems.append(f"seat {s}: a technology-side card outside the zone")
            if min(p.temp) < 0:
                problems.append(f"seat {s} has negative temporary resources {p.temp}")
            if p.vp < 0:
                problems.append(f"seat {s} has {p.vp} VP (R71)")
            if not self.track(st) and (p.vp or p.glory):
                problems.append(f"seat {s}: VP card or glory tokens in New World (R73)")
            tokens = p.glory + sum(st.glory[e][s] for e in range(5))
            if self.track(st) and tokens != GLORY_TOKENS:
                problems.append(f"seat {s} has {tokens} glory tokens, not 5 (R38)")
            if len(p.zone) > A.ZONE_MAX:
                problems.append(f"seat {s}: zone larger than the action space allows")
        if sorted(places) != expected:
            problems.append("civilization cards are not each in exactly one place")
        owned = [w for p in st.seats for w in p.wonders]
        if len(set(owned)) != len(owned) or any(w not in st.wonders for w in owned):
            problems.append("a wonder is owned twice or was never beside the pyramid")
        for e, w in enumerate(st.wonders):
            if self.owner(st, w) >= 0 and any(st.glory[e]):
                problems.append(f"glory tokens lie on the claimed wonder {self.wkeys[w]} (R93)")
        return problems


# --- set-up and wonder conditions ------------------------------------------------------------------


def compile_clauses(clauses, res_index: dict[str, int]) -> tuple:
    """Wonder clauses as (what, of, at_least), resources as indices (R25.6, R25.6b)."""
    out = []
    for c in clauses:
        of = res_index[c.of] if c.what in ("resource_cards", "epoch_cards") else c.of
        out.append((c.what, of, c.at_least))
    return tuple(out)


def each_player_vp(ops) -> int:
    """The VP the card's ``each_player`` ops take from the player carrying it out, who may not use
    an effect that could take him below 0 VP (R71; the others only clamp at 0, A21)."""
    return sum(o.n for op in ops if isinstance(op, EachPlayer) for o in op.do if isinstance(o, LoseVp))


def op_count(ops) -> int:
    """A bound on the choices one effect can ask for (for ``max_game_length``)."""
    total = 0
    for op in ops:
        total += 1 + getattr(op, "n", 0)
        total += op_count(getattr(op, "do", []) or getattr(op, "defeated", []))
    return total


def themes_in_play(theme: str) -> tuple[str, ...]:
    return ("new_world", "renaissance") if theme == "combined" else (theme,)


def count(game: GunsRules, st: GunsState, seat: int, what: str, of) -> int:
    p = st.seats[seat]
    res = game.res
    if what == "resource_cards":
        tech = p.tech
        return sum(1 for k in p.zone if k not in tech and res[k] == of)
    if what == "tech_cards":
        kind = game.kind
        return sum(1 for k in p.tech if kind[k] == of)
    if what == "military":
        return game.military(p)
    if what == "cards":
        return len(p.hand) + len(p.zone)
    if what == "epoch_cards":
        return sum(1 for k in p.hand if res[k] == of) + sum(1 for k in p.zone if res[k] == of)
    if what == "recalled_vp":
        return sum(game.vp[k] for k in p.recalled)
    if what == "vp":
        return p.vp
    return len(p.wonders)


def meets(game: GunsRules, st: GunsState, seat: int, clauses: tuple) -> bool:
    return all(count(game, st, seat, what, of) >= n for what, of, n in clauses)


def occupied_mask(st: GunsState) -> int:
    mask = 0
    for r, row in enumerate(st.pyramid):
        base = A.ROW_OFFSET[r]
        for i, k in enumerate(row):
            if k != EMPTY:
                mask |= 1 << (base + i)
    return mask
