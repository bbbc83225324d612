"""Imperial Settlers' forward model: setup, the four phases, the five actions, scoring.

Rule numbers (R…, A…) refer to shared/rules/imperial-settlers.md. The card effects run in
``effects.py``/``ops.py``, the solo mode's additions in ``solo.py``; this module holds the game's
structure around them. A round is a ``phase`` (lookout_start, lookout, production, action_start,
action, after_action, next_turn, cleanup; in solo then attack, attack_next) plus the frames and
decisions on the stacks.
"""

from __future__ import annotations

import hashlib
from math import gcd

from epochal.engine import Decision, Game, Option, OptionError, Score, event
from epochal.engine import rng as rngmod
from epochal.engine.effects import EffectRunner

from . import actions as A
from .cards import FACTIONS, DataSet
from .ops import Operations, handlers
from .solo import Solo
from .state import Player, SettlersState
from .vocab import (
    ActivateOther,
    AnyOp,
    BuildDeal,
    BuildFromHand,
    CancelDeal,
    Choose,
    CopyProduction,
    DealAgain,
    DiscardLocation,
    Exchange,
    FoundationFromHand,
    Gain,
    PayCard,
    PayDeal,
    Place,
    RazeLocation,
    RazeOwn,
    RemoveLocation,
    Steal,
    TakeDeal,
    TakeRazeGood,
    gain,
)

ROUNDS = 5  # R5, R31
GOOD_WORTH = (
    ("wood", 1.0),
    ("stone", 1.0),
    ("food", 1.0),
    ("gold", 1.0),
    ("worker", 0.5),
    ("raze", 0.5),
)  # for estimate()
ROTATIONS = tuple(f"rotation:{k}" for k in range(len(FACTIONS)))
PROGRAMS: dict[str, list[AnyOp]] = {
    "build": [DiscardLocation(), Place()],
    "exchange": [Exchange()],
}


class SettlersRules(Solo, Operations, Game):
    name = "imperial_settlers"
    title = "Imperial Settlers"
    version = "1"
    min_players = 1  # R3: solo, §19
    max_players = 4
    rounds = ROUNDS
    options = (
        Option(
            "factions",
            ("rotate", *ROTATIONS),
            "rotate",
            "which empire each seat plays (R24): rotation:k gives seat i the empire k+i "
            "(Romans, Barbarians, Egyptians, Japanese); a comma list names them "
            "(Romans,Japanese); rotate moves on from game to game so every empire plays "
            "every seat",
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
        self.layout = A.Layout(self.n_cards)
        self.num_actions = self.layout.size
        self.index_of = {c.id: c.index for c in self.cards}
        self._digest = hashlib.sha256(raw).hexdigest()[:12]
        self.attacks = data.attacks.cards  # R196, D3
        self.by_faction = {f: [c.index for c in self.cards if c.faction == f] for f in FACTIONS}
        self.common_cards = [c.index for c in self.cards if c.common]
        self.factions = [f for f in FACTIONS if self.by_faction[f] and f in data.boards]
        self.programs: dict[str, list[AnyOp]] = dict(PROGRAMS)
        for faction, board in data.boards.items():
            self.programs[f"board:{faction}"] = list(board.production)
        for i, attack in enumerate(self.attacks):  # A44: Spies
            self.programs[f"attack:{i}"] = [gain({attack.target: 1})]
        self.prog: list[dict[str, list[AnyOp]]] = []
        for c in self.cards:
            parts: dict[str, list[AnyOp]] = {"production": list(c.production), "bonus": list(c.bonus)}
            if c.deal is not None:
                parts["deal"] = [gain({c.deal: 1})]
            if c.raze is not None:
                parts["raze"] = [gain(c.raze)]
            for name in ("action", "stand_in"):
                act = getattr(c, name)
                if act is not None:
                    parts[name] = (
                        [PayCard()] * act.pay.get("card", 0) + [PayDeal()] * act.pay.get("deal", 0) + list(act.do)
                    )
            for i, t in enumerate(c.triggers):
                parts[f"trigger:{i}"] = t.do
            self.prog.append(parts)
        self.runner = EffectRunner(self, self.op_list, handlers, end=A.END)

    def op_list(self, fr) -> list[AnyOp]:
        """A frame's op list: a rules program, or a part of its card."""
        if fr.card < 0 or fr.part in self.programs:
            return self.programs[fr.part]
        return self.prog[fr.card][fr.part]

    # --- configuration -----------------------------------------------------------------------
    def configure(self, players, options):
        options = dict(options or {})
        factions = options.get("factions")
        if isinstance(factions, str) and ("," in factions or factions in FACTIONS):
            names = [n.strip() for n in factions.split(",")]
            if any(n not in FACTIONS for n in names) or len(set(names)) != len(names):
                raise OptionError(f"factions must be distinct names from {', '.join(FACTIONS)}, got {factions!r} (R4)")
            options.pop("factions")
            out = super().configure(players, options)
            if len(names) != players:
                raise OptionError(f"{len(names)} factions named for {players} players")
            out["factions"] = ",".join(names)
            return out
        return super().configure(players, options)

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
            n = len(self.factions)
            step = n // gcd(players, n)
            options["factions"] = f"rotation:{(index * players + index // step) % n}"
        return options

    def factions_for(self, players: int, value: str) -> list[str]:
        if "," in value or value in FACTIONS:
            names = value.split(",")
        else:
            offset = int(value.split(":")[1]) if value.startswith("rotation:") else 0
            names = [self.factions[(offset + i) % len(self.factions)] for i in range(players)]
        missing = [n for n in names if n not in self.factions]
        if missing:
            raise OptionError(f"no card data for {', '.join(missing)}")
        return names

    def display_name(self, text: str, lang: str = "en") -> str | None:
        if text not in self.index_of:
            return None
        card = self.cards[self.index_of[text]]
        return (card.entry.name_ru if lang == "ru" and card.entry.name_ru else card.name) or None

    def data_id(self) -> str:
        return f"imperial-settlers#{self._digest}"

    def data_status(self) -> str:
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

    # --- setup (R21-R29) -----------------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict | None = None) -> SettlersState:
        opts = self.configure(players, options)
        factions = self.factions_for(players, opts["factions"])
        st = SettlersState(game=self.name, players=players, options=opts, rng=rngmod.seed_state(seed))
        st.common_deck = list(self.common_cards)
        rngmod.shuffle(st, st.common_deck)  # R23
        for faction in factions:  # R24, R25
            p = Player(faction=faction, deck=list(self.by_faction[faction]))
            rngmod.shuffle(st, p.deck)
            st.seats.append(p)
        ev: list = []
        if players == 1:  # R196, R197
            self.solo_setup(st, ev)
        else:
            st.first = st.start_first = rngmod.randbelow(st, players)  # R28
        for seat in self.order(st):  # R28
            for _ in range(2):
                self.take_card(st, seat, "common", ev)
            for _ in range(2):
                self.take_card(st, seat, "empire", ev)
        st.phase = "lookout_start"
        self.advance(st, ev)
        return st

    def order(self, st) -> list[int]:
        """The seats from the first player clockwise (R35, R42, R50)."""
        return [(st.first + i) % st.players for i in range(st.players)]

    # --- the round -----------------------------------------------------------------------------
    def proceed(self, st: SettlersState, ev: list) -> None:
        getattr(self, "_phase_" + st.phase)(st, ev)

    # Lookout (R34-R40, R181-R191)
    def _phase_lookout_start(self, st, ev):
        ev.append(event("round", round=st.round, first=st.first))
        for seat in self.order(st):  # R34.1, R181, R186, R201.1
            self.take_card(st, seat, "empire", ev)
        if st.options["peaceful"] == "on":  # R191
            for seat in self.order(st):
                self.take_card(st, seat, "common", ev)
        st.schedule = self.lookout_schedule(st)
        st.phase = "lookout"

    def lookout_schedule(self, st) -> list[list]:
        n = st.players
        order = self.order(st)
        mode = st.options["lookout"]
        if n == 1:  # R201 (any lookout)
            return self.solo_schedule()
        if mode == "draft":  # R182-R184
            return [["packets", 3], ["draft", "R182"], ["pass"], ["draft", "R183"], ["discard"]]
        if mode == "advanced":  # R187-R190
            steps: list[list] = [["reveal", 5]]
            for i, seat in enumerate(order):
                if i >= 2:
                    steps.append(["reveal", 1])
                steps.append(["pick", seat, "R189"])
            for i, seat in enumerate(order):
                if 1 <= i < n - 1:
                    steps.append(["reveal", 1])
                steps.append(["pick", seat, "R189"])
            return steps + [["discard"]]
        return (
            [["reveal", n + 1]]
            + [["pick", s, "R34"] for s in order]
            + [["discard"]]
            + [["reveal", n + 1]]
            + [["pick", s, "R34"] for s in reversed(order)]
            + [["discard"]]
        )

    def _phase_lookout(self, st, ev):
        if not st.schedule:
            st.phase = "production"
            return
        step = st.schedule.pop(0)
        kind = step[0]
        if kind == "reveal":
            for _ in range(step[1]):
                k = self.draw_common(st, ev)
                if k >= 0:
                    st.table.append(k)
                    ev.append(event("reveal", card=self.cards[k].id, reveals=True))
        elif kind == "pick":
            if st.table:
                st.stack.append(Decision(kind="pick_table", seats=[step[1]], args={"rule": step[2]}))
        elif kind == "discard":
            for k in st.table:  # R34: no effect
                st.common_discard.append(k)
            for packet in st.packets:
                st.common_discard.extend(packet)
            if st.table or any(st.packets):
                ev.append(event("lookout_discard", cards=[self.cards[k].id for k in st.table + sum(st.packets, [])]))
            st.table = []
            st.packets = []
        elif kind == "packets":
            st.packets = []
            for seat in range(st.players):
                packet = []
                for _ in range(step[1]):
                    k = self.draw_common(st, ev)
                    if k >= 0:
                        packet.append(k)
                st.packets.append(packet)
                ev.append(event("packet", to=[seat], seat=seat, cards=[self.cards[k].id for k in packet]))
        elif kind == "draft":
            seats = [s for s in range(st.players) if st.packets[s]]
            if seats:
                st.stack.append(Decision(kind="draft", seats=seats, args={"rule": step[1]}))
        elif kind == "virtual":  # R201.3, R201.5
            self.lookout_virtual(st, step[1], ev)
        elif kind == "pass":  # R182: clockwise
            n = st.players
            st.packets = [st.packets[(s - 1) % n] for s in range(n)]
            for seat in range(n):
                ev.append(event("packet", to=[seat], seat=seat, cards=[self.cards[k].id for k in st.packets[seat]]))

    # Production (R41-R48)
    def _phase_production(self, st, ev):
        ev.append(event("production", round=st.round))
        frames = []
        for seat in self.order(st):  # R42
            p = st.seats[seat]
            frames.append((seat, -1, f"board:{p.faction}"))  # R41.1, R44
            frames += [(seat, k, "deal") for k in p.deals]  # R41.2, R68
            frames += [(seat, -1, f"attack:{i}") for i in p.attack_deals]  # A44 (Spies)
            frames += [
                (seat, k, "production")
                for k in p.locations  # R41.3
                if self.cards[k].kind == "production"
            ]
        for seat, card, part in reversed(frames):
            self.runner.push(st, seat, card, part)
        st.phase = "action_start"

    # Action (R49-R55)
    def _phase_action_start(self, st, ev):
        for p in st.seats:
            p.passed = False
        st.turn = st.first  # R50
        st.phase = "action"
        ev.append(event("action_phase", round=st.round))

    def _phase_action(self, st, ev):
        for i in range(st.players):  # R54
            seat = (st.turn + i) % st.players
            if not st.seats[seat].passed:
                st.turn = seat
                st.stack.append(Decision(kind="turn", seats=[seat]))
                return
        st.phase = "cleanup"

    def _phase_after_action(self, st, ev):
        if self.free_actions(st, st.turn):  # A33
            st.stack.append(Decision(kind="after", seats=[st.turn]))
        else:
            st.phase = "next_turn"

    def _phase_next_turn(self, st, ev):
        st.turn = (st.turn + 1) % st.players
        st.phase = "action"

    # Cleanup (R125-R132)
    def _phase_cleanup(self, st, ev):
        solo = st.players == 1
        if st.round >= ROUNDS:  # R125, R133
            if solo:  # R206, A27, R207
                st.phase = "attack"
                return
            self.finish(st, ev)
            return
        for seat, p in enumerate(st.seats):
            store = self.data.boards[p.faction].store  # R126.1, R131
            kept = {}
            for good in ("wood", "stone", "food", "gold", "worker", "raze", "defence"):
                if good == store:
                    if getattr(p, good):
                        kept[good] = getattr(p, good)
                else:
                    setattr(p, good, 0)  # R127
            p.defended = []  # R106
            p.used = {}  # R94
            ev.append(event("cleanup", seat=seat, kept=kept))
        st.first = (st.first + 1) % st.players  # R126.3
        if solo:  # R199, R207
            st.phase = "attack"
            return
        st.round += 1  # R128
        st.phase = "lookout_start"

    def finish(self, st, ev) -> None:
        st.over = True
        st.phase = "end"
        st.stack.clear()
        ev.append(event("game_over", scores=[s.total for s in self.scores(st)], winners=self.winners(st)))
        if st.players == 1:  # R219-R221
            result = self.solo_result(st)
            ev.append(
                event(
                    "solo_won" if result["won"] else "solo_lost",
                    seat=0,
                    empire=result["empire_locations"],
                    trophies=result["trophies"],
                    score=result["final"],
                    title=result.get("title", ""),
                    title_ru=result.get("title_ru", ""),
                )
            )

    # --- what a seat may do -----------------------------------------------------------------------
    def decision_legal(self, st, frame: Decision, seat: int) -> list[int]:
        kind = frame.kind
        if kind == "turn":
            return self._legal_turn(st, seat)
        if kind == "after":
            return self.free_actions(st, seat) + [A.END]
        if kind == "pick_table":
            return [self.layout.pick + k for k in st.table]
        if kind == "draft":
            return [self.layout.pick + k for k in st.packets[seat]]
        options = list(frame.args["options"])
        if frame.args.get("optional"):
            options.append(A.END)
        return options

    def free_actions(self, st, seat: int) -> list[int]:
        """Placing the defence token (R102, R108) and deploying samurai (R142): free, any
        time in your own turn (R55, A33)."""
        p = st.seats[seat]
        out = []
        cards = self.cards
        if p.defence > 0:
            defend = self.layout.defend
            out += [defend + k for k in p.locations if cards[k].common and k not in p.defended]
        if p.worker > 0 and p.faction == "Japanese":
            samurai = self.layout.samurai
            out += [samurai + k for k in p.locations if cards[k].faction == "Japanese" and k not in p.samurai]
        return out

    def _legal_turn(self, st, seat: int) -> list[int]:
        p = st.seats[seat]
        L = self.layout
        cards = self.cards
        out = [A.PASS] + self.free_actions(st, seat)
        gold_build = True
        food_ok = p.food > 0 or (p.gold > 0 and self.gold_ok(st, "deal"))
        japanese = p.faction == "Japanese"
        sites = len(p.locations) + len(p.foundations) + len(p.hidden_foundations)
        for k in p.hand:
            c = cards[k]
            if (not c.discard or sites >= c.discard) and self.can_pay(p, c.cost, 1, gold_build):
                out.append(L.build + k)  # R57
            if c.deal is not None and food_ok and c.faction == p.faction:
                out.append(L.deal + k)  # R67-R69
            if p.raze and c.raze is not None and (c.common or (japanese and c.faction == "Japanese")):
                out.append(L.raze_hand + k)  # R75-R77
        if p.raze >= 2 and st.options["peaceful"] == "off":  # R78, R192
            for q in self.opponents(st, seat):
                owner = st.seats[q]
                for k in owner.locations:
                    if self.razeable(k) and 2 + (k in owner.defended) + (k in owner.samurai) <= p.raze:
                        out.append(L.raze + k)
            out += [L.raze + k for k in st.virtual if self.razeable(k)]  # R205
        for k in p.locations:  # R87-R91
            if cards[k].kind == "action":
                if self.can_activate(st, seat, k, 1):
                    out.append(L.activate + k)
                    if self.can_activate(st, seat, k, 2):
                        out.append(L.activate2 + k)
        if p.worker >= 2:  # R95
            out += self.exchange_options(st, seat)
        return out

    def action_of(self, st, k: int):
        c = self.cards[k]
        if c.action is not None:
            return c.action
        if c.stand_in is not None and st.options["stand_ins"] == "on":
            return c.stand_in
        return None

    def can_activate(self, st, seat: int, k: int, times: int, ignore_used: bool = False, supply=None) -> bool:
        act = self.action_of(st, k)
        if act is None:
            return False
        p = st.seats[seat]
        if not ignore_used and p.used.get(k, 0) + times > act.limit:  # R89, R91
            return False
        s = supply or p
        pay = act.pay
        if not self.can_pay(s, pay, times, self.gold_ok(st, "activate")):
            return False
        if pay.get("card", 0) * times > len(p.hand) or pay.get("deal", 0) * times > len(p.deals):
            return False
        return self.feasible(st, seat, k, act, times, s)

    def feasible(self, st, seat: int, k: int, act, times: int, s) -> bool:
        """Can the action's effect do something? (An effect that needs a target or a payment
        is offered only when it has one.)"""
        if not act.do:
            return True
        op = act.do[0]
        kind = type(op)
        if kind is Gain or kind is Choose:
            return True
        p = st.seats[seat]
        rest = Remaining(s, act.pay, times, self.gold_ok(st, "activate"))
        if kind is DealAgain:
            return bool(p.deals)
        if kind is CopyProduction:
            return any(self.cards[j].kind == "production" for j in p.locations)
        if kind is BuildFromHand:
            return any(
                self.cards[j].faction == p.faction and self.can_pay(rest, self.cards[j].cost, 1, True) for j in p.hand
            )
        if kind is BuildDeal:
            return any(
                self.cards[j].faction == p.faction and self.can_pay(rest, self.cards[j].cost, 1, True) for j in p.deals
            )
        if kind is ActivateOther:
            return any(
                j != k
                and self.action_of(st, j) is not None
                and not any(type(o) is ActivateOther for o in self.action_of(st, j).do)
                and self.can_activate(st, seat, j, 1, True, rest)
                for j in p.locations
            )
        if kind is Steal:
            return bool(self.steal_options(st, seat))
        if kind is RazeLocation:
            return bool(self.raze_targets(st, seat, op.protection, rest.raze))
        if kind is RemoveLocation:
            return bool(self.other_locations(st, seat))
        if kind is TakeRazeGood:
            return any(self.gang_goods(j) for j in self.other_locations(st, seat))
        if kind is RazeOwn:
            return any(self.cards[j].common and self.razeable(j) for j in p.locations)
        if kind is CancelDeal or kind is TakeDeal:
            return bool(self.deal_targets(st, seat) or self.attack_deal_targets(st))
        if kind is FoundationFromHand:
            return len(p.hand) > act.pay.get("card", 0) * times
        return True

    # --- answers -------------------------------------------------------------------------------
    def resolve(self, st, seat: int, action: int, ev: list) -> None:
        frame = st.stack[-1]
        if frame.kind == "draft":  # simultaneous
            frame.chosen[seat] = action
            if frame.waiting():
                return
            st.stack.pop()
            for s, a in sorted(frame.chosen.items()):
                k = a - self.layout.pick
                st.packets[s].remove(k)
                st.seats[s].hand.append(k)
                ev.append(event("drafted", to=[s], seat=s, card=self.cards[k].id))
            ev.append(event("draft_done"))
            return
        st.stack.pop()
        kind = frame.kind
        if kind == "turn":
            self._answer_turn(st, seat, action, ev)
        elif kind == "after":
            if action == A.END:
                st.phase = "next_turn"
            else:
                self._free_action(st, seat, action, ev)
        elif kind == "pick_table":
            k = action - self.layout.pick
            st.table.remove(k)
            st.seats[seat].hand.append(k)
            ev.append(event("take", seat=seat, card=self.cards[k].id))
        elif kind == "attack_target":  # R209.6
            self.attack_raze(st, action - self.layout.pick, frame.args["match"], frame.args["rule"], ev)
        else:
            self.runner.answer(st, frame, action)

    def _free_action(self, st, seat, action, ev):
        p = st.seats[seat]
        kind, k = self.layout.kind(action)
        if kind == "defend":  # R102
            p.defence -= 1
            p.defended.append(k)
            ev.append(event("defend", seat=seat, card=self.cards[k].id))
        else:  # R142
            p.worker -= 1
            p.samurai.append(k)
            ev.append(event("samurai", seat=seat, card=self.cards[k].id))

    def _answer_turn(self, st, seat, action, ev):
        p = st.seats[seat]
        kind, k = self.layout.kind(action)
        if kind in ("defend", "samurai"):  # R55: turn goes on
            self._free_action(st, seat, action, ev)
            return
        st.phase = "after_action"
        if action == A.PASS:  # R53
            p.passed = True
            st.phase = "next_turn"
            ev.append(event("pass", seat=seat))
        elif kind == "build":  # R57
            ev.append(event("build_start", seat=seat, card=self.cards[k].id))
            self.start_build(st, seat, k, ev)
        elif kind == "deal":  # R69
            self.pay(st, seat, {"food": 1}, ev, 1, self.gold_ok(st, "deal"))
            p.hand.remove(k)
            p.deals.append(k)
            ev.append(event("deal", seat=seat, card=self.cards[k].id))
            self.runner.push(st, seat, k, "deal")
        elif kind == "raze_hand":  # R75
            p.raze -= 1
            p.hand.remove(k)
            self.discard_card(st, k)
            ev.append(event("raze_hand", seat=seat, card=self.cards[k].id))
            self.after_raze(st, seat, k)
        elif kind == "raze":  # R78, R80
            owner = self.location_owner(st, k)
            p.raze -= 2 + self.protection(st, owner, k)
            self.raze_location(st, seat, owner, k, ev)
        elif kind in ("activate", "activate2"):  # R88, R91
            self.start_activation(st, seat, k, 2 if kind == "activate2" else 1, ev)
        elif kind == "fixed" and A.EXCHANGE <= action < A.EXCHANGE + 5:  # R96
            self.runner.push(st, seat, -1, "exchange", vars_={"next": A.EXCHANGE_GOODS[action - A.EXCHANGE]})

    def start_build(self, st, seat: int, k: int, ev: list, waive: bool = False) -> None:
        self.pay(st, seat, self.cards[k].cost, ev, 1, True)
        self.runner.push(st, seat, k, "build", vars_={"waive": waive})

    def start_activation(self, st, seat: int, k: int, times: int, ev: list, count_use: bool = True) -> None:
        p = st.seats[seat]
        act = self.action_of(st, k)
        if count_use:
            p.used[k] = p.used.get(k, 0) + times
        self.pay(st, seat, act.pay, ev, times, self.gold_ok(st, "activate"))
        ev.append(event("activate", seat=seat, card=self.cards[k].id, times=times))
        part = "action" if self.cards[k].action is not None else "stand_in"
        for _ in range(times):
            self.runner.push(st, seat, k, part)

    # --- illegal actions --------------------------------------------------------------------------
    def why_illegal(self, st, frame: Decision, seat: int, action: int) -> tuple[str, str]:
        if not 0 <= action < self.num_actions:
            return f"unknown action id {action} (ids are 0..{self.num_actions - 1})", "protocol"
        p = st.seats[seat]
        kind, k = self.layout.kind(action)
        if frame.kind == "turn":
            return self._why_turn(st, seat, p, kind, k, action)
        if frame.kind == "after":
            if kind in ("defend", "samurai"):
                return self._why_free(st, p, kind, k)
            return "after your action only free actions remain, or end the turn", "R55"
        if frame.kind == "pick_table":
            return "take one of the face-up cards", frame.args.get("rule", "R34")
        if frame.kind == "draft":
            return "choose one card of your packet", frame.args.get("rule", "R182")
        return (
            f"not one of the offered choices ({frame.args.get('purpose', frame.kind)})",
            frame.args.get("rule") or "protocol",
        )

    def _why_free(self, st, p, kind, k) -> tuple[str, str]:
        c = self.cards[k]
        if kind == "defend":
            if p.defence < 1:
                return "you have no defence token", "R101"
            if k not in p.locations:
                return f"{c.id} is not a location of yours", "R102"
            if not c.common:
                return "a defence token goes on a common location only", "R108"
            return f"{c.id} already holds a defence token", "R104"
        if p.faction != "Japanese":
            return "only the Japanese deploy samurai", "R142"
        if p.worker < 1:
            return "you have no worker to deploy", "R142"
        if k not in p.locations or c.faction != "Japanese":
            return "a samurai goes on one of your Japanese locations", "R142"
        return f"{c.id} already holds a samurai", "R142"

    def _why_turn(self, st, seat, p, kind, k, action) -> tuple[str, str]:
        if kind in ("defend", "samurai"):
            return self._why_free(st, p, kind, k)
        if kind == "fixed":
            if A.EXCHANGE <= action < A.EXCHANGE + 5:
                if p.worker < 2:
                    return "exchanging needs 2 workers", "R96"
                return "that deck is empty", "A12"
            return "take one action or pass", "R50"
        c = self.cards[k]
        if kind == "pick":
            return "take one action or pass", "R50"
        if kind == "build":
            if k not in p.hand:
                return f"{c.id} is not in your hand", "R57"
            sites = len(p.locations) + len(p.foundations) + len(p.hidden_foundations)
            if c.discard and sites < c.discard:
                return f"{c.id} needs a location or foundation to discard", "R59"
            return f"you cannot pay the build cost of {c.id}", "R60" if p.gold else "R57"
        if kind == "deal":
            if k not in p.hand:
                return f"{c.id} is not in your hand", "R67"
            if c.common or c.faction != p.faction:
                return "deals are made with your empire cards only", "R67"
            if c.deal is None:
                return f"{c.id} shows no deal bonus", "R14"
            return "a deal costs 1 food", "R69"
        if kind == "raze_hand":
            if k not in p.hand:
                return f"{c.id} is not in your hand", "R75"
            if p.raze < 1:
                return "razing needs a raze token", "R74"
            if c.raze is None:
                return f"{c.id} shows no raze bonus", "R77"
            return "only common cards (and Japanese cards, for the Japanese) are razed", "R76"
        if kind == "raze":
            owner = self.location_owner(st, k)
            if owner == -1:
                return f"{c.id} is not a location", "R78"
            if owner == seat:
                return "you cannot raze a location in your own empire", "R78"
            if st.options["peaceful"] == "on":
                return "in the peaceful variant the Raze action razes cards in hand only", "R192"
            if owner >= 0 and st.seats[owner].passed:
                return "a player who has passed cannot be targeted", "R53"
            if c.unrazeable:
                return f"{c.id} cannot be razed", "R79"
            if not self.razeable(k):
                return "empire locations cannot be razed (only Japanese ones)", "R79"
            return (f"razing {c.id} needs {2 + self.protection(st, owner, k)} raze tokens", "R80")
        if kind in ("activate", "activate2"):
            if k not in p.locations:
                return f"{c.id} is not a location of yours", "R87"
            if c.kind != "action":
                return f"{c.id} is not an action location", "R87"
            act = self.action_of(st, k)
            if act is None:
                if c.stand_in is not None:
                    return (
                        f"the activation cost of {c.id} is not established (option stand_ins=on plays a stand-in)",
                        "D2",
                    )
                return f"the ability of {c.id} is not established (a provisional card)", "D2"
            times = 2 if kind == "activate2" else 1
            if times == 2 and act.limit < 2:
                return f"{c.id} cannot be activated twice in a round", "R91"
            if p.used.get(k, 0) + times > act.limit:
                return f"{c.id} was already used this round", "R89"
            return f"you cannot pay or use the action of {c.id} now", "R88"
        return "take one action or pass", "R50"

    # --- scoring (R133-R137) ----------------------------------------------------------------------
    def score_seat(self, st, seat: int) -> Score:
        p = st.seats[seat]
        cards = self.cards
        common = sum(cards[k].vp for k in p.locations if cards[k].common)
        empire = sum(cards[k].vp for k in p.locations if not cards[k].common)
        breakdown = {"track": p.vp, "common_locations": common, "empire_locations": empire}
        if st.players == 1:  # R219: solo
            result = self.solo_result(st)
            breakdown.update(
                empire_count=result["empire_locations"], trophies=result["trophies"], won=int(result["won"])
            )
            return Score(total=result["score"], breakdown=breakdown)
        goods = p.worker + p.wood + p.stone + p.food  # R137, A9
        if st.options["tiebreak_gold"] == "included":
            goods += p.gold
        return Score(total=sum(breakdown.values()), breakdown=breakdown, tiebreak=(goods, len(p.hand)))

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
            total = self.solo_result(st)["final"] if st.players == 1 else self.score_seat(st, seat).total
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
            out = [self.solo_estimate(st, out[0])]
        return out

    # --- information for tools --------------------------------------------------------------------
    def card_catalog(self) -> list[dict]:
        out = []
        for entry, faction in self.data.entries:
            from .cards import copy_ids

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
        out = []
        for faction, board in self.data.boards.items():
            if board.provenance != "exact":
                out.append(
                    {
                        "id": f"board:{faction}",
                        "deck": faction,
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
            for k, n in p.used.items():
                act = self.action_of(st, k)
                if k not in p.locations or act is None or n > act.limit:
                    problems.append(f"seat {i}: {cards[k].id} used {n} times (R89)")
            if st.phase in ("lookout_start", "lookout") and st.round > 1:  # after Cleanup
                store = self.data.boards[p.faction].store
                for good in ("wood", "stone", "food", "gold", "worker", "raze", "defence"):
                    if good != store and getattr(p, good):
                        problems.append(f"seat {i} kept {good} through Cleanup (R127)")
                if p.defended or p.used:
                    problems.append(f"seat {i}: tokens on locations after Cleanup (R106)")
        pool = sorted(self.common_cards + [k for f in factions for k in self.by_faction[f]])
        if sorted(places) != pool:
            problems.append("cards are not each in exactly one place")
        return problems + self.solo_invariants(st)


class Remaining:
    """A supply after an activation's payment, to check what the effect can then afford."""

    __slots__ = ("wood", "stone", "food", "gold", "worker", "raze")

    def __init__(self, p, cost: dict, times: int, gold_ok: bool):
        gold = p.gold - cost.get("gold", 0) * times
        for good in ("wood", "stone", "food"):
            need = cost.get(good, 0) * times
            have = getattr(p, good)
            if need > have:
                gold -= need - have
            setattr(self, good, max(0, have - need))
        self.gold = gold
        self.worker = p.worker - cost.get("worker", 0) * times
        self.raze = p.raze - cost.get("raze", 0) * times
