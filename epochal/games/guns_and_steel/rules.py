"""Guns & Steel's forward model: setup, the four phases of a turn, purchases, wonders, the end.

Rule numbers (R…, E…, A…, D…) refer to shared/rules/guns-and-steel.md. The card effects run in
``effects.py``, the payment algebra in ``payment.py``. A turn is a ``step`` (setup, turn_start,
resource, technology, effects, purchase, paying, end_of_turn, recall, recall_resources, glory,
glory_claim, finish) plus the frames and decisions on the stacks; ``PHASE_OF`` gives the phase the
view shows.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from epochal.engine import Decision, Game, Option, Score, event
from epochal.engine import rng as rngmod

from . import actions as A
from . import payment as pay
from .cards import EPOCHS, RESOURCES, START_IDS, DataSet, display_name, missing, provenance
from .cards import Pay as PayOp
from .effects import EffectRunner
from .state import EMPTY, GunsState, Payment, Seat

COLOURS = ("red", "blue", "green", "yellow")  # R6
THEMES = ("new_world", "renaissance", "combined")
GLORY_TOKENS = 5  # R38
VP_TO_END = 15  # R102(3)
COMBINED_ROWS = (6, 5, 4, 3, 2)  # R109
START_RESOURCE_SEATS = {2: (1,), 3: (2,), 4: (2, 3)}  # R44: turn positions
PHASE_OF = {
    "setup": "setup",
    "turn_start": "resource",
    "resource": "resource",
    "technology": "technology",
    "effects": "technology",
    "purchase": "purchase",
    "paying": "purchase",
    "end_of_turn": "end_of_turn",
    "recall": "end_of_turn",
    "recall_resources": "end_of_turn",
    "glory": "end_of_turn",
    "glory_claim": "end_of_turn",
    "finish": "end_of_turn",
    "over": "end_of_turn",
}
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


class GunsRules(EffectRunner, Game):
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
        self.effects = [c.effect for c in self.civ]
        self.pay_cost = [
            self.pay_cost_at(c.effect, 0) if c.effect and isinstance(c.effect[0], PayOp) else None for c in self.civ
        ]
        self.wonder_list = [data.wonders[f"W{n:02d}"] for n in range(1, 21)]
        self.wkeys = [w.id for w in self.wonder_list]
        self.windex = {w: i for i, w in enumerate(self.wkeys)}
        self.wepoch = [EPOCHS.index(w.epoch) for w in self.wonder_list]
        self.depicts = [self.index_of[w.depicts] if w.depicts in self.index_of else -1 for w in self.wonder_list]
        self.build = [self.compile(w.build) for w in self.wonder_list]
        self.glory_rule = [self.compile(w.glory) for w in self.wonder_list]
        self.layout = A.space(self.n_cards, len(self.wonder_list))
        self.num_actions = self.layout.size
        self.max_n = max([1] + [self.op_count(c.effect) for c in self.civ])

    def compile(self, clauses) -> tuple:
        """Wonder clauses as (what, of, at_least), resources as indices (R25.6, R25.6b)."""
        out = []
        for c in clauses:
            of = self.res_index[c.of] if c.what in ("resource_cards", "epoch_cards") else c.of
            out.append((c.what, of, c.at_least))
        return tuple(out)

    def op_count(self, ops) -> int:
        """A bound on the choices one effect can ask for (for ``max_game_length``)."""
        total = 0
        for op in ops:
            total += 1 + getattr(op, "n", 0)
            total += self.op_count(getattr(op, "do", []) or getattr(op, "defeated", []))
        return total

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
        entries = [*self.data.file.cards, *self.data.file.wonders]
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
        for e in [*self.data.file.cards, *self.data.file.wonders]:
            out.append(
                {"id": e.id, "deck": e.theme, "name": display_name(e), "implemented": True, "provenance": provenance(e)}
            )
        return out

    def gaps(self) -> list[dict]:
        """Every card and wonder with the fields no source establishes."""
        out = []
        for e in [*self.data.file.cards, *self.data.file.wonders]:
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

    # --- setup (R37-R44) ----------------------------------------------------------------------
    def themes_in_play(self, theme: str) -> tuple[str, ...]:
        return ("new_world", "renaissance") if theme == "combined" else (theme,)

    def new(self, players: int, seed: int, options: dict | None = None) -> GunsState:
        opts = self.configure(players, options)
        st = GunsState(game=self.name, players=players, options=opts, rng=rngmod.seed_state(seed))
        ev: list = []
        theme = opts["theme"]
        track = theme != "new_world"
        for s in range(players):  # R37, R38
            st.seats.append(Seat(hand=[s * 5 + j for j in range(5)], glory=GLORY_TOKENS if track else 0))
        themes = self.themes_in_play(theme)
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
            ev.append(event("wonder_chosen", epoch=EPOCHS[e], wonder=self.wkeys[w], why=why))
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
    def clockwise(self, st, seat: int) -> list[int]:
        return [(seat + i) % st.players for i in range(st.players)]

    def advance(self, st: GunsState, ev: list) -> None:
        while not st.over:
            if st.stack:
                d = st.stack[-1]
                seat = d.seats[0]
                legal = self.decision_legal(st, d, seat)
                if len(legal) == 1:
                    self.resolve(st, seat, legal[0], ev)
                    continue
                return
            if st.run:
                self.step(st, ev)
                continue
            getattr(self, "_step_" + st.step)(st, ev)

    def _step_setup(self, st, ev):
        if st.start_queue:  # R44
            seat = st.start_queue.pop(0)
            self.ask(st, "start_resource", seat)
            return
        st.step = "turn_start"

    def _step_turn_start(self, st, ev):
        p = st.seats[st.turn]
        p.recalled = []
        ev.append(event("turn", seat=st.turn, round=st.round))
        st.step = "resource"

    def _step_resource(self, st, ev):
        if st.seats[st.turn].hand:  # R48, R46
            self.ask(st, "play_resource", st.turn)
        else:
            st.step = "technology"

    def _step_technology(self, st, ev):
        if st.seats[st.turn].hand:  # R50, R46
            self.ask(st, "play_technology", st.turn)
        else:
            st.step = "purchase"

    def _step_effects(self, st, ev):
        st.step = "purchase"

    def _step_purchase(self, st, ev):
        self.ask(st, "purchase", st.turn)  # R74, R83

    def _step_paying(self, st, ev):
        st.step = "end_of_turn"

    def _step_end_of_turn(self, st, ev):
        p = st.seats[st.turn]
        st.recalling = len(p.hand) <= 1  # R84, R91
        st.step = "recall"
        if self.track(st):
            return
        if st.recalling or st.options["nw_wonder_check"] == "every_turn":  # R85.I, A19
            if self.claimable(st, st.turn):
                self.ask(st, "claim", st.turn)

    def _step_recall(self, st, ev):
        p = st.seats[st.turn]
        if st.recalling:  # R85.II, R92.I, A22
            back = list(p.tech)
            p.hand.extend(back)
            p.zone = [k for k in p.zone if k not in back]
            p.tech = []
            p.recalled.extend(back)
            if back:
                ev.append(event("recall", seat=st.turn, cards=[self.keys[k] for k in back]))
            st.step = "recall_resources"
        else:
            st.step = "glory" if self.track(st) else "finish"

    def _step_recall_resources(self, st, ev):
        if self.resource_cards(st.seats[st.turn]):  # R85.III, R92.II
            self.ask(st, "recall", st.turn)
        else:
            st.step = "glory" if self.track(st) else "finish"

    def _step_glory(self, st, ev):
        st.step = "glory_claim"
        p = st.seats[st.turn]
        met = self.glory_targets(st, st.turn)  # R93.I
        if not met:
            return
        if p.glory:
            self.ask(st, "glory", st.turn)
        elif any(st.glory[e][st.turn] for e in range(5)):  # A24
            self.ask(st, "move_glory", st.turn)

    def _step_glory_claim(self, st, ev):
        for e, w in enumerate(st.wonders):  # R93.II
            needed = max(1, self.wonder_list[w].tokens)
            if self.owner(st, w) < 0 and st.glory[e][st.turn] >= needed:
                self.claim(st, st.turn, w, ev)
                break
        st.step = "finish"

    def _step_finish(self, st, ev):
        for s, p in enumerate(st.seats):  # R88, R97
            if any(p.temp):
                ev.append(event("temp_lost", seat=s, res={RESOURCES[t]: n for t, n in enumerate(p.temp) if n}))
                p.temp = [0] * 7
        st.recalling = False
        reason = self.end_reason(st)  # R89, R98, R102
        if reason:
            self.finish(st, ev, reason)
            return
        st.turn = (st.turn + 1) % st.players
        if st.turn == st.first:
            st.round += 1
        st.step = "turn_start"

    def end_reason(self, st) -> str | None:
        if all(self.owner(st, w) >= 0 for w in st.wonders):  # R102(1)
            return "last_wonder"
        space = not any(k != EMPTY for k in st.pyramid[4])  # R102(2)
        if space and st.stacks and st.options["space_end"] == "pyramid_and_stack":
            space = not st.stacks[4]  # A27
        if space:
            return "last_space"
        if self.track(st):  # R102(3), A25
            seats = [st.turn] if st.options["vp15"] == "active" else range(st.players)
            if any(st.seats[s].vp >= VP_TO_END for s in seats):
                return "vp15"
        if (st.turn + 1) % st.players == st.first and st.round >= self.round_limit(st):
            return "round_limit"
        return None

    def round_limit(self, st) -> int:
        return int(st.options["round_limit"].split("_")[0])

    def finish(self, st, ev, reason: str) -> None:
        st.over = True  # R103
        st.step = "over"
        st.stack.clear()
        st.run.clear()
        st.payment = None
        st.attack = None
        ev.append(
            event("game_over", reason=reason, scores=[s.total for s in self.scores(st)], winners=self.winners(st))
        )

    # --- wonders ------------------------------------------------------------------------------
    def owner(self, st, w: int) -> int:
        for s, p in enumerate(st.seats):
            if w in p.wonders:
                return s
        return -1

    def count(self, st, seat: int, what: str, of) -> int:
        p = st.seats[seat]
        res = self.res
        if what == "resource_cards":
            tech = p.tech
            return sum(1 for k in p.zone if k not in tech and res[k] == of)
        if what == "tech_cards":
            kind = self.kind
            return sum(1 for k in p.tech if kind[k] == of)
        if what == "military":
            return self.military(p)
        if what == "cards":
            return len(p.hand) + len(p.zone)
        if what == "epoch_cards":
            return sum(1 for k in p.hand if res[k] == of) + sum(1 for k in p.zone if res[k] == of)
        if what == "recalled_vp":
            return sum(self.vp[k] for k in p.recalled)
        if what == "vp":
            return p.vp
        return len(p.wonders)

    def meets(self, st, seat: int, clauses: tuple) -> bool:
        return all(self.count(st, seat, what, of) >= n for what, of, n in clauses)

    def claimable(self, st, seat: int) -> list[int]:
        """[NW] wonders beside the pyramid whose build condition you meet (R85.I, R90)."""
        return [w for w in st.wonders if self.owner(st, w) < 0 and self.meets(st, seat, self.build[w])]

    def glory_targets(self, st, seat: int) -> list[int]:
        """[REN] wonders beside the pyramid whose glory condition you meet (R93, A23)."""
        return [w for w in st.wonders if self.owner(st, w) < 0 and self.meets(st, seat, self.glory_rule[w])]

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
    def occupied_mask(self, st) -> int:
        mask = 0
        for r, row in enumerate(st.pyramid):
            base = A.ROW_OFFSET[r]
            for i, k in enumerate(row):
                if k != EMPTY:
                    mask |= 1 << (base + i)
        return mask

    def slot_surcharges(self, st) -> tuple[int, ...]:
        return surcharges(tuple(len(row) for row in st.pyramid), self.occupied_mask(st))

    def stack_surcharge(self, st, e: int) -> int:
        """R113: 1 per card of the lower epochs still in the pyramid."""
        return sum(1 for row in st.pyramid[:e] for k in row if k != EMPTY)

    def buy_options(self, st, seat: int) -> list[int]:
        units = self.available(st.seats[seat])
        if not any(units):
            return []
        mode = self.purchase_mode(st)
        out = []
        extra = self.slot_surcharges(st)
        cost = self.cost
        for r, row in enumerate(st.pyramid):
            base = A.ROW_OFFSET[r]
            for i, k in enumerate(row):
                if k != EMPTY and pay.covers(units, cost[k], extra[base + i], mode):
                    out.append(A.BUY + base + i)
        for e, stack in enumerate(st.stacks):
            if stack and pay.covers(units, cost[stack[-1]], self.stack_surcharge(st, e), mode):
                out.append(A.BUY_STACK + e)
        return out

    # --- what a seat may do ---------------------------------------------------------------------
    def decision_legal(self, st, d: Decision, seat: int) -> list[int]:
        return getattr(self, "_legal_" + d.kind)(st, seat)

    def _legal_start_resource(self, st, seat):
        out = [self.layout.start_resource + k for k in st.seats[seat].hand]
        if st.options["start_resource"] == "optional":  # A13
            out.append(A.PASS)
        return out

    def _legal_play_resource(self, st, seat):
        base = self.layout.play_resource
        return [base + k for k in st.seats[seat].hand]

    def _legal_play_technology(self, st, seat):
        base = self.layout.play_technology
        return [base + k for k in st.seats[seat].hand]

    def _legal_activate(self, st, seat):
        k = st.stack[-1].args["card"]
        if self.effects[k] and self.can_activate(st, seat, k):
            return [A.ACTIVATE, A.SKIP]
        return [A.SKIP]

    def _legal_pay(self, st, seat):
        picks = self.payment_picks(st)
        p = st.seats[seat]
        res = self.res
        base = self.layout.spend
        tech = p.tech
        out = [base + k for k in p.zone if k not in tech and res[k] in picks]
        out += [A.SPEND_RES + t for t in picks if p.temp[t]]
        return out

    def _legal_purchase(self, st, seat):
        return self.buy_options(st, seat) + [A.PASS]

    def _legal_respond(self, st, seat):
        p = st.seats[seat]
        resp = self.resp
        out = [self.layout.respond + k for k in p.hand if resp[k]]  # R63(a)
        base = self.layout.respond_spend
        out += [base + k for k in self.resource_cards(p)]  # R63(b), A15
        return out + [A.PASS]

    def _legal_restore(self, st, seat):
        fr = st.run[-1]
        op = self.op_list(fr)[fr.pc]
        return [self.layout.restore + k for k in self.restorable(st, fr, op)]

    def _legal_target(self, st, seat):
        fr = st.run[-1]
        op = self.op_list(fr)[fr.pc]
        return [A.TARGET + q for q in self.clockwise(st, seat)[1:] if self.use_matches(st, q, op)]

    def _legal_take(self, st, seat):
        fr = st.run[-1]
        op = self.op_list(fr)[fr.pc]
        q = fr.vars["_target"]
        return [A.TAKE + q * A.ZONE_MAX + i for i in self.use_matches(st, q, op)]

    def _legal_lose(self, st, seat):
        base = self.layout.lose
        return [base + k for k in self.resource_cards(st.seats[seat])]

    _legal_hand_over = _legal_lose

    def _legal_give_wonder(self, st, seat):
        return [self.layout.give_wonder + w for w in st.seats[seat].wonders]

    def _legal_play_attack(self, st, seat):
        fr = st.run[-1]
        base = self.layout.play_attack
        out = [base + k for k in self.attack_cards_payable(st, seat, st.seats[seat].hand)]
        if fr.vars.get("_played", 0):  # A18: one is a must
            out.append(A.PASS)
        return out

    def _legal_activate_attack(self, st, seat):
        base = self.layout.activate_attack
        return [base + k for k in self.activatable_attacks(st, st.run[-1])] + [A.PASS]

    def _legal_claim(self, st, seat):
        return [self.layout.claim + w for w in self.claimable(st, seat)]

    def _legal_recall(self, st, seat):
        base = self.layout.recall
        return [base + k for k in self.resource_cards(st.seats[seat])] + [A.PASS]

    def _legal_glory(self, st, seat):
        return [self.layout.glory + w for w in self.glory_targets(st, seat)]

    def _legal_move_glory(self, st, seat):
        out = []
        for w in self.glory_targets(st, seat):
            to = st.wonders.index(w)
            out += [A.MOVE_GLORY + 5 * to + e for e in range(5) if e != to and st.glory[e][seat]]
        return out + [A.PASS]

    # --- carrying an answer out ---------------------------------------------------------------
    def resolve(self, st, seat: int, action: int, ev: list) -> None:
        d = st.stack.pop()
        getattr(self, "_resolve_" + d.kind)(st, seat, action, d, ev)

    def card_arg(self, action: int) -> int:
        return self.layout.kind(action)[1]

    def _resolve_start_resource(self, st, seat, action, d, ev):
        if action == A.PASS:
            ev.append(event("no_start_resource", seat=seat))
            return
        self.play_to_zone(st, seat, self.card_arg(action), "start_resource", ev)

    def play_to_zone(self, st, seat: int, k: int, why: str, ev: list) -> None:
        """A card from hand into the zone resource side up: others see only its resource."""
        p = st.seats[seat]
        p.hand.remove(k)
        p.zone.append(k)
        ev.append(event(why, seat=seat, res=self.res_name(k)))
        ev.append(event(why + "_card", to=[seat], seat=seat, card=self.keys[k]))

    def _resolve_play_resource(self, st, seat, action, d, ev):
        self.play_to_zone(st, seat, self.card_arg(action), "play_resource", ev)  # R48
        st.step = "technology"

    def _resolve_play_technology(self, st, seat, action, d, ev):
        k = self.card_arg(action)  # R50
        p = st.seats[seat]
        p.hand.remove(k)
        p.zone.append(k)
        p.tech.append(k)
        ev.append(event("play_technology", seat=seat, card=self.keys[k], reveals=True))
        st.step = "effects"
        self.ask(st, "activate", seat, card=k)

    def _resolve_activate(self, st, seat, action, d, ev):
        k = d.args["card"]
        if action == A.SKIP:  # R52
            ev.append(event("skip", seat=seat, card=self.keys[k]))
            return
        ev.append(event("activate", seat=seat, card=self.keys[k]))  # R51
        self.push_frame(st, seat, k)

    def _resolve_pay(self, st, seat, action, d, ev):
        pm = st.payment
        p = st.seats[seat]
        if action >= A.CARD_BASE:
            k = self.card_arg(action)
            t = self.res[k]
            self.flip_to_tech(p, k)  # R34, R78
            ev.append(event("spend", seat=seat, card=self.keys[k], res=RESOURCES[t], reveals=True))
        else:
            t = action - A.SPEND_RES
            p.temp[t] -= 1
            ev.append(event("spend_temp", seat=seat, res=RESOURCES[t]))
        pm.paid[t] += 1
        pm.picked.append(t)
        if not self.payment_done(pm):
            st.stack.append(d)
            return
        st.payment = None
        if pm.purpose == "buy":
            self.complete_purchase(st, pm, ev)

    def _resolve_purchase(self, st, seat, action, d, ev):
        if action == A.PASS:  # R83
            ev.append(event("no_purchase", seat=seat))
            st.step = "end_of_turn"
            return
        kind, arg = self.layout.kind(action)
        if kind == "buy":
            r, i = A.slot_of(arg)
            k = st.pyramid[r][i]
            extra = self.slot_surcharges(st)[arg]
            pm = Payment(
                seat=seat,
                purpose="buy",
                card=k,
                cost=list(self.cost[k]),
                any=extra,
                mode=self.purchase_mode(st),
                slot=arg,
            )
        else:
            k = st.stacks[arg][-1]
            pm = Payment(
                seat=seat,
                purpose="buy",
                card=k,
                cost=list(self.cost[k]),
                any=self.stack_surcharge(st, arg),
                mode=self.purchase_mode(st),
                stack=arg,
            )
        st.step = "paying"
        ev.append(event("buying", seat=seat, card=self.keys[k], surcharge=pm.any))
        if self.payment_done(pm):
            self.complete_purchase(st, pm, ev)
            return
        st.payment = pm
        self.ask(st, "pay", seat)

    def complete_purchase(self, st, pm: Payment, ev: list) -> None:
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
        ev.append(event("buy", seat=pm.seat, card=self.keys[k], paid=[RESOURCES[t] for t in pm.picked]))
        if pm.stack >= 0 and st.stacks[pm.stack]:
            ev.append(event("stack_top", epoch=EPOCHS[pm.stack], card=self.keys[st.stacks[pm.stack][-1]], reveals=True))

    def _resolve_respond(self, st, seat, action, d, ev):
        a = st.attack
        p = st.seats[seat]
        if action == A.PASS:
            a.responded.append(seat)
            a.step += 1
            ev.append(event("respond_done", seat=seat, strength=self.military(p)))
            return
        kind, k = self.layout.kind(action)
        if kind == "respond":  # R63(a), R64
            p.hand.remove(k)
            p.zone.append(k)
            p.tech.append(k)
            ev.append(event("respond", seat=seat, card=self.keys[k], reveals=True))
        else:  # R63(b), R64
            self.flip_to_tech(p, k)
            ev.append(event("respond_spend", seat=seat, card=self.keys[k], res=self.res_name(k), reveals=True))

    def _resolve_restore(self, st, seat, action, d, ev):
        fr = st.run[-1]
        self.restore(st, seat, self.card_arg(action), ev)
        fr.vars["_done"] = fr.vars.get("_done", 0) + 1

    def _resolve_target(self, st, seat, action, d, ev):
        st.run[-1].vars["_target"] = action - A.TARGET
        ev.append(event("target", seat=seat, target_seat=action - A.TARGET))

    def _resolve_take(self, st, seat, action, d, ev):
        fr = st.run[-1]
        q, i = divmod(action - A.TAKE, A.ZONE_MAX)
        self.take(st, fr, self.op_list(fr)[fr.pc], q, st.seats[q].zone[i], ev)

    def _resolve_lose(self, st, seat, action, d, ev):
        fr = st.run[-1]
        self.lose(st, fr, self.op_list(fr)[fr.pc], self.card_arg(action), ev)

    _resolve_hand_over = _resolve_lose

    def _resolve_give_wonder(self, st, seat, action, d, ev):
        self.give_wonder(st, st.run[-1], action - self.layout.give_wonder, ev)

    def _resolve_play_attack(self, st, seat, action, d, ev):
        fr = st.run[-1]
        if action == A.PASS:
            fr.vars["_stop"] = True
            return
        k = self.card_arg(action)  # R58: played and
        p = st.seats[seat]  # activated
        p.hand.remove(k)
        p.zone.append(k)
        p.tech.append(k)
        fr.vars["_played"] = fr.vars.get("_played", 0) + 1
        fr.vars["played"] = fr.vars.get("played", []) + [k]
        ev.append(event("play_attack", seat=seat, card=self.keys[k], reveals=True))
        self.push_frame(st, seat, k)

    def _resolve_activate_attack(self, st, seat, action, d, ev):
        fr = st.run[-1]
        if action == A.PASS:
            fr.vars["_stop"] = True
            return
        k = self.card_arg(action)  # R53, R57
        fr.vars["_used"] = fr.vars.get("_used", []) + [k]
        ev.append(event("activate_attack", seat=seat, card=self.keys[k]))
        self.push_frame(st, seat, k)

    def _resolve_claim(self, st, seat, action, d, ev):
        self.claim(st, seat, action - self.layout.claim, ev)  # R85.I

    def _resolve_recall(self, st, seat, action, d, ev):
        if action == A.PASS:
            st.step = "glory" if self.track(st) else "finish"
            return
        k = self.card_arg(action)  # R85.III, R92.II
        p = st.seats[seat]
        p.zone.remove(k)
        p.hand.append(k)
        p.recalled.append(k)
        ev.append(event("recall_resource", seat=seat, res=self.res_name(k)))
        ev.append(event("recall_resource_card", to=[seat], seat=seat, card=self.keys[k]))

    def _resolve_glory(self, st, seat, action, d, ev):
        w = action - self.layout.glory  # R93.I
        e = st.wonders.index(w)
        st.glory[e][seat] += 1
        st.seats[seat].glory -= 1
        ev.append(event("glory", seat=seat, wonder=self.wkeys[w], tokens=st.glory[e][seat]))

    def _resolve_move_glory(self, st, seat, action, d, ev):
        if action == A.PASS:
            return
        to, src = divmod(action - A.MOVE_GLORY, 5)  # A24
        st.glory[src][seat] -= 1
        st.glory[to][seat] += 1
        ev.append(
            event(
                "move_glory",
                seat=seat,
                wonder=self.wkeys[st.wonders[to]],
                from_wonder=self.wkeys[st.wonders[src]],
                tokens=st.glory[to][seat],
            )
        )

    def res_name(self, k: int) -> str:
        return RESOURCES[self.res[k]]

    # --- illegal actions ----------------------------------------------------------------------
    def why_illegal(self, st, d: Decision, seat: int, action: int) -> tuple[str, str]:
        if not 0 <= action < self.num_actions:
            return f"unknown action id {action} (ids are 0..{self.num_actions - 1})", "protocol"
        kind, arg = self.layout.kind(action)
        p = st.seats[seat]
        phase = PHASE_OF[st.step]
        card = self.keys[arg] if kind in A.CARD_BLOCKS else None
        if kind in ("buy", "buy_stack"):
            if d.kind != "purchase":
                return f"cards are bought only in the Purchase phase (now: {phase})", "R74"
            if kind == "buy":
                r, i = A.slot_of(arg)
                if i >= len(st.pyramid[r]):
                    return f"there is no pyramid slot {r + 1}.{i}", "R40"
                k = st.pyramid[r][i]
                if k == EMPTY:
                    return f"slot {r + 1}.{i} is empty: its card was bought", "R40"
                extra = self.slot_surcharges(st)[arg]
                return (
                    f"you cannot pay {self.keys[k]}: its base cost plus {extra} for the connected cards below",
                    "R76",
                )
            if not st.stacks:
                return "development stacks exist only in the combined variant", "R113"
            if not st.stacks[arg]:
                return "that development stack is empty", "R113"
            return (
                "you cannot pay the top card of that stack: its base cost plus 1 per card "
                "of the lower epochs in the pyramid",
                "R113",
            )
        if d.kind == "play_resource":
            if kind == "play_technology":
                return (
                    "first play a card resource side up: the Technology phase comes after the Resource phase",
                    "R48",
                )
            if kind == "play_resource":
                return f"{card} is not in your hand", "R48"
            return "in the Resource phase you play one card from your hand resource side up", "R48"
        if d.kind == "play_technology":
            if kind == "play_resource":
                return "the Resource phase is over: play a card technology side up", "R50"
            if kind == "play_technology":
                return f"{card} is not in your hand", "R50"
            return "in the Technology phase you play one card technology side up", "R50"
        if kind in ("play_resource", "play_technology"):
            rule = "R48" if kind == "play_resource" else "R50"
            return (
                f"cards are played {kind.split('_')[1]} side up only in the "
                f"{'Resource' if rule == 'R48' else 'Technology'} phase (now: {phase})",
                rule,
            )
        if d.kind == "respond":
            if kind == "respond":
                if arg not in p.hand:
                    return f"{card} is not in your hand", "R63"
                return f"{card} has no response icon: only response cards answer an attack", "R63"
            if kind == "respond_spend":
                return f"{card} is not a resource-side card of your zone", "R63"
            return "respond with a response card from hand, a resource of your zone, or pass", "R63"
        if d.kind == "pay":
            if kind in ("spend", "spend_res"):
                return ("that unit is not part of any minimal payment of the cost: no over-spending", "R79")
            return "finish the payment first: spend a resource", "R78"
        if d.kind == "activate":
            if action == A.ACTIVATE:
                return "you cannot pay this card's activation cost", "R51"
            return "activate the card just played or skip it", "R51"
        if d.kind == "play_attack":
            if kind == "pass":
                return "you hold an Attack card: play at least one", "R58"
            return "play an Attack card from your hand that you can activate", "R58"
        if d.kind in REFUSAL_OF_DECISION:
            return REFUSAL_OF_DECISION[d.kind]
        return f"action {action} is not allowed now", "protocol"

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
        themes = self.themes_in_play(st.options["theme"])
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
