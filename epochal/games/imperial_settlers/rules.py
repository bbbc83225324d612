"""Imperial Settlers' rules class: options, setup, the forward model, scoring and the
information tools need.

Rule numbers (R…, A…) refer to shared/rules/imperial-settlers.md. The class is small on purpose:
the card effects run on the engine's effect kernel with the handlers of ``effects.py``, the decisions
(``decisions.py``) and the automatic steps (``phases.py``) are functions in dispatch tables, the
shared steps are the functions of ``empire.py`` and ``activation.py``, and the solo mode is a
collaborator (``solo.SoloMode``, ``game.solo``). A round is a ``phase`` (lookout_start, lookout,
production, action_start, action, after_action, next_turn, cleanup; in solo then attack,
attack_next) plus the frames and decisions on the stacks.
"""

from __future__ import annotations

import hashlib
from typing import Any

from epochal.engine import Decision, Game, Option, Score, sides
from epochal.engine import rng as rngmod
from epochal.engine.effects import EffectRunner

from . import actions as A
from . import words
from .activation import action_of
from .cards import FACTIONS, Action, DataSet, copy_ids
from .decisions import hand_facts, legal, resolve, why_not
from .effects import handlers
from .empire import kept_count, kept_vp, location_owner, order, protection, stored_total, take_card
from .phases import phases
from .solo import SoloMode
from .state import VIRTUAL, Seat, SettlersState
from .vocab import PROGRAM_OPS, AnyOp, Choose, DiscardLocation, Exchange, PayCard, PayDeal, Place, Store, gain

ROUNDS = 5  # R5, R31
PHASES, LEGAL, RESOLVE = phases.table, legal.table, resolve.table
GOOD_WORTH = (
    ("wood", 1.0),
    ("stone", 1.0),
    ("food", 1.0),
    ("gold", 1.0),
    ("worker", 0.5),
    ("raze", 0.5),
)  # for estimate()
ROTATIONS = sides.rotations(FACTIONS)
PROGRAMS: dict[str, list[AnyOp]] = {
    "build": [DiscardLocation(), Place()],
    "exchange": [Exchange()],
    "store": [Store()],
}


class SettlersRules(Game):
    name = "imperial_settlers"
    title = "Imperial Settlers"
    version = "1"
    min_players = 1  # R3: solo, §19
    max_players = 4
    rounds = ROUNDS
    runner: EffectRunner  # the card effects (effects.py), composed in __init__
    options = (
        Option(
            "factions",
            ("rotate", *ROTATIONS),
            "rotate",
            "which empire each seat plays (R24): rotation:k gives seat i the empire k+i "
            "(Romans, Barbarians, Egyptians, Japanese); a comma list names them "
            "(Romans,Japanese); rotate moves on from game to game so every empire plays "
            "every seat",
            sides=FACTIONS,
        ),
        Option(
            "lookout",
            ("standard", "draft", "advanced"),
            "standard",
            "the Lookout phase: standard (R34), the alternative draft (R181-R185) or the advanced Lookout (R186-R190)",
        ),
        Option(
            "peaceful",
            ("off", "on"),
            "off",
            "the peaceful variant (R191-R193): an extra common card each Lookout, the Raze action only from hand",
        ),
        Option(
            "tiebreak_gold",
            ("excluded", "included"),
            "excluded",
            "A9: whether gold counts with workers and resources in the first tie-break (R137)",
        ),
        Option(
            "gold_substitutes",
            ("all_costs", "build_costs"),
            "all_costs",
            "A34: gold stands in for wood, stone or food in every cost (deals, activations), or only in build costs",
        ),
        Option(
            "stand_ins",
            ("off", "on"),
            "off",
            "provisional cards whose ability the rulebook describes but whose activation cost "
            "is unknown (Dark Chapel, Pack, Rabble, Mission, Robbers, Garrison, Negotiator, "
            "Chariot Builder, Sanctuary, Engineers, Spies): off, or on with stand-in costs",
        ),
        # the solo mode (§19); no effect with 2-4 players
        Option(
            "solo_japanese",
            ("empire_first", "common_first"),
            "empire_first",
            "A29 (solo, Japanese): the VP + VP rule that razes an empire location (R214) is "
            "tried before the common-location pair rule, or after it",
        ),
        Option(
            "solo_unrazeable",
            ("spared", "targets"),
            "spared",
            "A29 (solo, Japanese): the Shrine and the Gate, which cannot be razed (R79), are "
            "spared by the virtual opponent, or are targets of the VP + VP rule",
        ),
        Option(
            "solo_moved",
            ("first_then_match", "match_then_first"),
            "first_then_match",
            "A28.5 (solo): the two attack cards that razed go under the row newest first "
            "(the paired card ends last), or the paired card first",
        ),
        Option(
            "solo_pairs",
            ("multiset", "distinct"),
            "multiset",
            "A28.2, A28.6 (solo): a raze bonus is a multiset of goods (2 wood is hit by wood "
            "+ wood), or a set of distinct goods (a pair of equal goods never hits)",
        ),
        Option(
            "solo_count",
            ("present", "built"),
            "present",
            "A30, R220 (solo): the empire locations compared with the trophies are those in "
            "your empire at game end, or every empire location you built",
        ),
        Option(
            "solo_attack_deals",
            ("untouchable", "targets"),
            "untouchable",
            "A44 (solo): the revealed attack cards count as the virtual opponent's deals "
            "(R204) but no card takes or cancels them, or Robbers and Spies (stand-ins) may: "
            "a cancelled card leaves the game, a taken one pays its good each Production",
        ),
    )

    def __init__(self, data: DataSet, raw: bytes = b""):
        self.data = data
        self.cards = data.phys
        self.n_cards = len(self.cards)
        self.action_space = A.space(self.n_cards)
        self.num_actions = self.action_space.size
        self.index_of = {c.id: c.index for c in self.cards}
        self._digest = hashlib.sha256(raw).hexdigest()[:12]
        self._status: str | None = None  # data_status(), once asked
        self.card_infos: dict[tuple[int, bool], dict] = {}  # view.card_info, once per card
        self.attacks = data.attacks.cards  # R196, D3
        self.by_faction = {f: [c.index for c in self.cards if c.faction == f] for f in FACTIONS}
        self.common_cards = [c.index for c in self.cards if c.common]
        self.hand_facts = hand_facts(self.cards)  # decisions.turn_legal's, per card
        self.factions = [f for f in FACTIONS if self.by_faction[f] and f in data.boards]
        self.programs: dict[str, list[AnyOp]] = dict(PROGRAMS)
        for faction, board in data.boards.items():
            self.programs[f"board:{faction}"] = [*board.production]
        for i, attack in enumerate(self.attacks):  # A44: Spies
            self.programs[f"attack:{i}"] = [gain({attack.target: 1})]
        self.prog: list[dict[str, list[AnyOp]]] = []
        for c in self.cards:
            parts: dict[str, list[AnyOp]] = {"production": [*c.production], "bonus": [*c.bonus]}
            if c.deal is not None:
                parts["deal"] = [gain({c.deal: 1})]
            if c.raze is not None:
                parts["raze"] = [gain(c.raze)]
            if c.trade is not None and c.trade.goods:  # a deal it made with a location pays (D6)
                parts["trade"] = [gain(c.trade.goods)]
            for name in ("action", "stand_in"):
                act = getattr(c, name)
                if act is not None:
                    pays: list[AnyOp] = [PayCard() for _ in range(act.pay.get("card", 0))]
                    pays += [PayDeal() for _ in range(act.pay.get("deal", 0))]
                    parts[name] = pays + list(act.do)
            for i, t in enumerate(c.triggers):
                parts[f"trigger:{i}"] = [*t.do]
            self.prog.append(parts)
        used = {type(op) for ops in self.programs.values() for op in ops}
        used |= {type(op) for parts in self.prog for ops in parts.values() for op in _walk(ops)}
        missing = handlers.missing(used | set(PROGRAM_OPS))
        if missing:
            raise TypeError(f"operations without a handler: {missing}")
        self.runner = EffectRunner(self, self.op_list, handlers, end=A.END)
        self.solo = SoloMode(self)

    def op_list(self, fr) -> list[AnyOp]:
        """A frame's op list: a rules program, or a part of its card."""
        if fr.card < 0 or fr.part in self.programs:
            return self.programs[fr.part]
        return self.prog[fr.card][fr.part]

    # --- configuration -----------------------------------------------------------------------
    def configure(self, players, options):
        return sides.configure(super().configure, players, options, "factions", FACTIONS, "R4")

    def option_sets(self):
        sets = [{"factions": r} for r in ROTATIONS]
        for opt in self.options[1:]:
            if opt.name == "solo_attack_deals":  # played by stand-ins
                sets += [{opt.name: c, "stand_ins": "on"} for c in opt.choices if c != opt.default]
            else:
                sets += [{opt.name: c} for c in opt.choices if c != opt.default]
        return sets

    def options_for_game(self, options: dict | None, index: int, players: int) -> dict:
        """'rotate': game i of a series gives seat s the empire (offset + s), with the offset
        chosen so that over len(factions) games every empire sits at every seat."""
        options = dict(options or {})
        if options.get("factions", "rotate") == "rotate":
            options["factions"] = sides.series_rotation(index, players, len(self.factions))
        return options

    # --- words (words.py): names, card texts, prompts, refusals ----------------------------------
    def display_name(self, text: str, lang: str = "en") -> str | None:
        return words.display_name(self, text, lang)

    def card_text(self, card: str, lang: str = "en") -> list[str]:
        return words.card_text(self, card, lang)

    def describe_decision(self, state, seat: int) -> dict | None:
        return words.describe_decision(self, state, seat)

    def prompt_keys(self) -> set[str]:
        return set(words.PROMPT_KEYS)

    def why_not(self, state, seat: int) -> list[dict]:
        return words.why_not(self, state, seat)

    def data_id(self) -> str:
        return f"imperial-settlers#{self._digest}"

    def data_status(self) -> str:
        # Every view says it; the data set never changes under a game, so it is counted once.
        if self._status is None:
            self._status = self._count_status()
        return self._status

    def _count_status(self) -> str:
        counts: dict[str, int] = {}
        for e, _ in self.data.entries:
            counts[e.provenance] = counts.get(e.provenance, 0) + 1
        boards = sum(b.provenance != "exact" for b in self.data.boards.values())
        attacks = sum(a.provenance != "exact" for a in self.attacks)
        if set(counts) == {"exact"} and not boards and not attacks:
            return "exact"
        return (
            "provisional: "
            + ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
            + f" distinct cards; {boards} boards not checked; {attacks} of "
            f"{len(self.attacks)} solo attack cards provisional (see gaps())"
        )

    def heuristic_agent(self, seed: int = 0):
        from .bots import HeuristicBot

        return HeuristicBot(seed)

    def timeout_action(self, state, seat: int) -> int | None:
        """A seat out of time passes (R53) when passing is one of its answers;
        otherwise the server's bot chooses."""
        return A.PASS if A.PASS in self.legal(state, seat) else None

    # --- setup (R21-R29) -----------------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict | None = None) -> SettlersState:
        opts = self.configure(players, options)
        factions = sides.for_seats(opts["factions"], players, FACTIONS, self.factions)
        st = SettlersState(game=self.name, players=players, options=opts, rng=rngmod.seed_state(seed))
        st.common_deck = list(self.common_cards)  # R23
        for faction in factions:  # R24, R25
            st.seats.append(Seat(faction=faction, deck=list(self.by_faction[faction])))
        if players == 1:
            st.attack_deck = list(range(len(self.attacks)))  # R196.2
        # every deck shuffled, in this order: the common deck, the empire decks, the attack deck
        rngmod.shuffle_each(st, [st.common_deck, *(p.deck for p in st.seats), st.attack_deck])
        ev: list = []
        if players == 1:  # R196, R197
            self.solo.setup(st, ev)
        else:
            st.first = st.start_first = rngmod.randbelow(st, players)  # R28
        for seat in order(st):  # R28
            for _ in range(2):
                take_card(self, st, seat, "common", ev)
            for _ in range(2):
                take_card(self, st, seat, "empire", ev)
        st.phase = "lookout_start"
        self.advance(st, ev)
        return st

    # --- the forward model: the kernel's advance loop around these dispatch tables ------------
    def proceed(self, st, ev: list) -> None:
        PHASES[st.phase](self, st, ev)

    def decision_legal(self, st, decision: Decision, seat: int) -> list[int]:
        return LEGAL[decision.kind](self, st, decision, seat)

    def resolve(self, st, seat: int, action: int, ev: list) -> None:
        decision = st.stack[-1]
        RESOLVE[decision.kind](self, st, decision, seat, action, ev)

    def why_illegal(self, st, decision: Decision, seat: int, action: int) -> tuple[str, str]:
        return why_not(self, st, decision, seat, action)

    # --- what the views ask -----------------------------------------------------------------------
    def action_of(self, st, k: int) -> Action | None:
        return action_of(self, st, k)

    @staticmethod
    def location_owner(st, k: int) -> int:
        return location_owner(st, k)

    @staticmethod
    def protection(st, owner: int, k: int) -> int:
        return protection(st, owner, k)

    def target(self, i: int) -> str:
        """The good solo attack card ``i`` shows (R198)."""
        return self.attacks[i].target

    # --- scoring (R133-R137) ----------------------------------------------------------------------
    def score_seat(self, st, seat: int) -> Score:
        p = st.seats[seat]
        cards = self.cards
        common = sum(cards[k].vp for k in p.locations if cards[k].common)
        empire = sum(cards[k].vp for k in p.locations if not cards[k].common)
        breakdown = {"track": p.vp, "common_locations": common, "empire_locations": empire}
        keeping = [k for k in p.locations if cards[k].under is not None or cards[k].keeps is not None]
        if keeping:  # R134: a Gate's cards, a Shrine's goods
            breakdown["kept"] = sum(kept_vp(cards[k], kept_count(p, k)) for k in keeping)
        if any(q.trades or q.captured for q in st.seats):
            self._score_links(st, p, breakdown)
        if st.players == 1:  # R219: solo
            result = self.solo.result(st)
            breakdown.update(
                empire_count=result["empire_locations"], trophies=result["trophies"], won=int(result["won"])
            )
            return Score(total=result["score"], breakdown=breakdown)
        goods = p.worker + p.wood + p.stone + p.food  # R137, A9
        if st.options["tiebreak_gold"] == "included":
            goods += p.gold
        return Score(total=sum(breakdown.values()), breakdown=breakdown, tiebreak=(goods, len(p.hand)))

    def _score_links(self, st, p, breakdown: dict) -> None:
        """Deals made with locations score their maker's ``trade`` VP (D6; none under the board,
        R71); a captured location whose ``capture`` gives its VP to the captor moves from its
        owner's rows to the captor's (D7)."""
        cards = self.cards
        if p.trades:
            breakdown["trades"] = sum(cards[m].trade.vp for m in p.trades.values())
        moved = {k for q in st.seats for k, m in q.captured.items() if cards[m].capture.scores == "captor"}
        for k in p.locations:
            if k in moved:
                breakdown["common_locations" if cards[k].common else "empire_locations"] -= cards[k].vp
        if p.captured:
            breakdown["captured"] = sum(cards[k].vp for k in p.captured if k in moved)

    def scores(self, st) -> list[Score]:
        return [self.score_seat(st, s) for s in range(st.players)]

    def estimate(self, st) -> list[float]:
        """VP as they stand, plus what the position promises: goods this round (nothing once
        the seat passed, unless stored; next to nothing in the last round, where they only break
        ties), cards in hand, and production, deals and action locations for the rounds still to
        come."""
        if st.over:
            return [float(s.total) for s in self.scores(st)]
        left = ROUNDS - st.round + (0 if st.phase in ("action", "after_action", "next_turn", "cleanup") else 1)
        last = st.round >= ROUNDS
        out = []
        cards = self.cards
        for seat in range(st.players):
            p = st.seats[seat]
            total = self.solo.result(st)["final"] if st.players == 1 else self.score_seat(st, seat).total
            store = self.data.boards[p.faction].store
            goods = 0.0
            for good, worth in GOOD_WORTH:
                n = getattr(p, good)
                if n and not (p.passed and good != store):
                    goods += worth * n
            engine = 0.0
            for k in p.locations:
                kind = cards[k].kind
                engine += 1.0 if kind == "production" else 0.7 if kind == "action" else 0.0
            engine += 0.9 * len(p.deals)
            if last:
                out.append(total + 0.02 * goods + 0.02 * len(p.hand))
                continue
            out.append(
                total
                + 0.45 * goods
                + 0.6 * len(p.hand)
                + 0.9 * left * engine
                + 0.3 * len(p.foundations)
                + 0.2 * len(p.samurai)
                + 0.3 * len(p.defended)
            )
        if st.players == 1:
            out = [self.solo.estimate(st, out[0])]
        return out

    # --- information for tools --------------------------------------------------------------------
    def card_catalog(self) -> list[dict]:
        out: list[dict[str, Any]] = []
        for entry, faction in self.data.entries:
            out.append(
                {
                    "id": entry.id,
                    "copies": copy_ids(entry),
                    "deck": faction or "common",
                    "name": self.cards[self.index_of[entry.id]].name,
                    "implemented": True,
                    "provenance": entry.provenance,
                }
            )
        for a in self.attacks:  # the solo deck
            out.append(
                {
                    "id": a.id,
                    "copies": [a.id],
                    "deck": "attack",
                    "name": f"attack card: {a.target}",
                    "implemented": True,
                    "provenance": a.provenance,
                }
            )
        return out

    def gaps(self) -> list[dict]:
        """Every card (and board) whose data is not established: what is missing."""
        out: list[dict[str, Any]] = []
        for empire, board in self.data.boards.items():
            if board.provenance != "exact":
                out.append(
                    {
                        "id": f"board:{empire}",
                        "deck": empire,
                        "missing": ["checked board production and storage (D4)"],
                    }
                )
        for entry, faction in self.data.entries:
            missing = list(entry.unknown) + [f"conflict: {c}" for c in entry.conflicts]
            if missing or entry.provenance != "exact":
                out.append(
                    {
                        "id": entry.id,
                        "deck": faction or "common",
                        "name": self.cards[self.index_of[entry.id]].name,
                        "provenance": entry.provenance,
                        "missing": missing,
                        "stand_in": entry.stand_in is not None,
                    }
                )
        for a in self.attacks:  # D3, R15, R198
            if a.provenance != "exact":
                out.append(
                    {
                        "id": a.id,
                        "deck": "attack",
                        "name": f"attack card: {a.target}",
                        "provenance": a.provenance,
                        "missing": ["the printed attack target (D3, R198)", "the printed card code (R15)"],
                        "stand_in": a.provenance == "provisional",
                    }
                )
        return out

    def seat_labels(self, st) -> list[str]:
        return [p.faction for p in st.seats]

    def first_player(self, st) -> int:
        return st.start_first

    def check_invariants(self, st) -> list[str]:
        problems = []
        cards = self.cards
        places = st.common_deck + st.common_discard + st.table + sum(st.packets, []) + st.virtual + st.trophies
        factions = {p.faction for p in st.seats}
        for i, p in enumerate(st.seats):
            places += p.hand + p.deck + p.discard + p.locations + p.foundations + p.hidden_foundations + p.deals
            places += sum(p.under.values(), [])
            for good in ("wood", "stone", "food", "gold", "worker", "raze", "defence"):
                if getattr(p, good) < 0:
                    problems.append(f"seat {i} has {getattr(p, good)} {good}")
            for k in p.hand:
                if not cards[k].common and cards[k].faction != p.faction:
                    problems.append(f"seat {i} holds {cards[k].id} of another empire (R24)")
            for k in p.deck + p.discard:
                if cards[k].faction != p.faction:
                    problems.append(f"seat {i}'s empire piles hold {cards[k].id}")
            for k in p.defended:
                if k not in p.locations or not cards[k].common:
                    problems.append(f"seat {i}: a defence token off a common location (R108)")
            for k in p.samurai:
                if k not in p.locations or cards[k].faction != "Japanese":
                    problems.append(f"seat {i}: a samurai off a Japanese location (R142)")
            if len(set(p.defended)) != len(p.defended) or len(set(p.samurai)) != len(p.samurai):
                problems.append(f"seat {i}: two tokens on one location (R108, R142)")
            for k, goods in p.stored.items():
                storage = cards[k].storage
                if k not in p.locations or storage is None or sum(goods.values()) > storage.capacity:
                    problems.append(f"seat {i}: goods stored on {cards[k].id} beyond its storage (R168)")
            for k in [*p.under, *p.kept]:  # R152, R155
                keep = cards[k].under if k in p.under else cards[k].keeps
                if k not in p.locations or keep is None:
                    problems.append(f"seat {i}: cards or goods kept on {cards[k].id}, which keeps none (R152, R155)")
                elif keep.capacity is not None and kept_count(p, k) > keep.capacity:
                    problems.append(f"seat {i}: more on {cards[k].id} than its capacity (R152, R155)")
            for k, m in p.trades.items():  # R73
                if k in p.locations or cards[m].trade is None:
                    problems.append(f"seat {i}: a deal by trade with {cards[k].id} (R73)")
            for k, m in p.captured.items():  # R163, A16
                owner = location_owner(st, k)
                cap = cards[m].capture
                if owner in (i, -1, VIRTUAL) or cap is None:
                    problems.append(f"seat {i}: captured {cards[k].id}, not an opponent's location (R163)")
                elif sum(1 for x in p.captured.values() if x == m) > cap.tokens:
                    problems.append(f"seat {i}: more captures than {cards[m].id} has tokens (A16)")
            for k, n in p.used.items():
                act = self.action_of(st, k)
                if k not in p.locations or act is None or n > act.limit:
                    problems.append(f"seat {i}: {cards[k].id} used {n} times (R89)")
            if st.phase in ("lookout_start", "lookout") and st.round > 1:  # after Cleanup
                store = self.data.boards[p.faction].store
                for good in ("wood", "stone", "food", "gold", "worker", "raze", "defence"):
                    if good != store and getattr(p, good) > stored_total(p, good):
                        problems.append(f"seat {i} kept {good} through Cleanup (R127)")
                if p.defended or p.used:
                    problems.append(f"seat {i}: tokens on locations after Cleanup (R106)")
        pool = sorted(self.common_cards + [k for f in factions for k in self.by_faction[f]])
        if sorted(places) != pool:
            problems.append("cards are not each in exactly one place")
        return problems + self.solo.invariants(st)


def _walk(ops: list):
    """The operations of a list, and of the options of its choices."""
    for op in ops:
        yield op
        if isinstance(op, Choose):
            for option in op.options:
                yield from _walk(option)
