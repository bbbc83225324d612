"""The effect interpreter: card effects are lists of operations, run on a stack of frames.

An operation that needs a choice pushes a ``Decision`` and returns; the seat's answer resumes the
frame where it stopped. Nothing blocks and nothing lives outside the state, so search can copy a
position in the middle of a card. The vocabulary is documented in docs/games/imperium-data.md;
``check_ops`` validates it when the data is loaded.
"""

from __future__ import annotations

from epochal.engine import Decision, event
from epochal.engine import rng as rngmod

from . import actions as A
from .state import Frame

RES = ("materials", "population", "progress")
GAINS = (*RES, "action")

# op name -> allowed keys (besides "op"); the loader rejects anything else
OPS: dict[str, set[str]] = {
    "gain": {*GAINS, "via"},
    "gain_per": {"res", "n", "count"},
    "pay": {*RES, "action"},
    "steal": {"res", "n", "else_unrest", "state", "in_play"},
    "return_exhaust": set(),
    "draw": {"n", "if_able", "per"},
    "discard": {"n", "may", "from"},
    "history": {"from", "may", "filter"},
    "top_of_deck": {"from", "may", "n"},
    "retrieve": {"filter", "n", "may", "to", "from"},
    "garrison": {"may", "filter"},
    "recall": {"filter", "may", "count_var"},
    "abandon": {"filter", "n", "may", "count_var", "self"},
    "take_unrest": {"n"},
    "return_unrest": {"from", "n", "up_to", "may"},
    "exile_market": {"may", "n"},
    "acquire": {"suits", "may", "filter", "n", "exile", "then_play", "token"},
    "break_through": {"suits", "may", "filter"},
    "develop": {"free", "may"},
    "look_fame": {"n", "take"},
    "nation_top_to_discard": set(),
    "nation_look": {"then"},
    "find": {"filter"},
    "exile_self": set(),
    "give_card": {"from"},
    "choose": {"options"},
    "may": {"do"},
    "if": {"cond", "do", "else"},
    "each_other": {"do", "safe"},
    "all_players": {"do", "safe"},
    "when": {"event", "do", "filter"},
    "hook": {"name", "args"},
    "end_trigger": {"why"},
    "require": {"in_play", "in_history"},
    "play_card": {"from", "filter", "free", "may"},
    "market_add": set(RES),
    "swap_exile": {"may"},
}
PASSIVES = {"hand_size", "attack_toll", "recall_to_avoid_attack", "hook", "args"}


def check_ops(ops: list, passive: bool = False, where: str = "") -> list[str]:
    """Problems in an op list (unknown ops or keys), for the loader."""
    problems = []
    for i, op in enumerate(ops):
        here = f"{where}[{i}]"
        if not isinstance(op, dict):
            problems.append(f"{here}: an operation is an object, not {op!r}")
            continue
        if passive:
            unknown = set(op) - PASSIVES
            if unknown:
                problems.append(f"{here}: unknown passive keys {sorted(unknown)}")
            if isinstance(op.get("args"), dict) and "do" in op["args"]:  # a passive that acts
                problems += check_ops(op["args"]["do"], where=f"{here}.args.do")
            continue
        name = op.get("op")
        if name not in OPS:
            problems.append(f"{here}: unknown operation {name!r}")
            continue
        if name == "hook":
            from .hooks import HOOKS
            from .ops import Operations

            if op.get("name") not in HOOKS and not hasattr(Operations, "hook_" + str(op.get("name"))):
                problems.append(f"{here}: no hook named {op.get('name')!r}")
        unknown = set(op) - OPS[name] - {"op"}
        if unknown:
            problems.append(f"{here}: {name} has no keys {sorted(unknown)}")
        for key in ("do", "else"):
            if key in op:
                problems += check_ops(op[key], where=f"{here}.{key}")
        if name == "choose":
            for k, option in enumerate(op.get("options", [])):
                problems += check_ops(option, where=f"{here}.options[{k}]")
    return problems


def costs(op: dict) -> dict[str, int]:
    return {k: v for k, v in op.items() if k in (*RES, "action")}


def op_list(game, frame: Frame) -> list:
    """The op list a frame runs: a card face's trigger, or a rules program, then the path."""
    if frame.card < 0:
        ops = game.programs[frame.trigger]
    else:
        source = game.face(frame.card, frame.face)
        ops = getattr(source, frame.trigger)
    for step in frame.path:
        ops = ops[step]
    return ops


def push_frame(
    st, seat: int, card: int, trigger: str, face: str = "", path=None, vars_=None, root: int = -1, by: int = -1
) -> Frame:
    frame = Frame(
        seat=seat,
        card=card,
        face=face,
        trigger=trigger,
        path=list(path or []),
        vars=dict(vars_ or {}),
        root=root,
        by=seat if by < 0 else by,
    )
    st.run.append(frame)
    return frame


def child(st, parent: Frame, path_suffix: list, seat: int | None = None) -> Frame:
    """A frame running a nested op list of ``parent`` (the same card and trigger)."""
    root = parent.root if parent.root >= 0 else st.run.index(parent)
    return push_frame(
        st,
        parent.seat if seat is None else seat,
        parent.card,
        parent.trigger,
        parent.face,
        parent.path + path_suffix,
        root=root,
        by=parent.by,
    )


def shared_vars(st, frame: Frame) -> dict:
    return st.run[frame.root].vars if frame.root >= 0 else frame.vars


def ask(st, seat: int, kind: str, **args) -> None:
    st.stack.append(Decision(kind=kind, seats=[seat], args=args))


# --- the interpreter ---------------------------------------------------------------------------

WAIT = -999  # a handler pushed a decision or a child frame; call it again later
SUIT_ORDER = ("region", "uncivilised", "civilised", "tributary")


class EffectRunner:
    """Mixed into the game: runs frames, one operation at a time."""

    # --- running ------------------------------------------------------------------------------
    def step(self, st, ev: list) -> None:
        fr = st.run[-1]
        ops = op_list(self, fr)
        if fr.pc >= len(ops) or fr.vars.get("_abort"):
            st.run.pop()
            self.frame_done(st, fr, ev)
            return
        op = ops[fr.pc]
        name = op["op"]
        handler = getattr(self, ("sys" + name) if name.startswith("_") else "op_" + name)
        done = handler(st, fr, op, ev)
        if st.over or not st.run or st.run[-1] is not fr and done is not True:
            return
        if done is True:
            for key in [k for k in fr.vars if k.startswith("_") and k != "_abort"]:
                del fr.vars[key]
            fr.pc += 1
            while st.reactions:  # offered between operations, never inside one
                seat, card, *amount = st.reactions.pop()
                push_frame(st, seat, -1, "reaction", vars_={"card": card, "amount": sum(amount)})
            self.flush_triggered(st)

    def frame_done(self, st, fr, ev: list) -> None:
        if fr.trigger == "play" and not fr.path and fr.card >= 0:  # R71 steps 3-4
            p = st.seats[fr.seat]
            card = self.cards[fr.card]
            if fr.card in p.play and not card.pinned:
                self.leave_play(st, fr.seat, fr.card)
                p.discard.append(fr.card)

    def choose(self, st, fr, kind: str, options: list[int], optional: bool = False, seat: int | None = None, **args):
        """An action id the seat (default: the frame's) picked from ``options``; None if there
        is nothing to pick or it declined (END); WAIT after asking.

        A purpose that names a card says ``{card}`` and passes the card's index as ``card``:
        the view words it for each seat, naming the card only to seats that may see it.
        Decision texts never hold a card's name."""
        if "_answer" in fr.vars:
            answer = fr.vars.pop("_answer")
            return None if answer == A.END else answer
        if not options:
            return None
        if len(options) == 1 and not optional:
            return options[0]
        st.stack.append(
            Decision(
                kind=kind,
                seats=[fr.seat if seat is None else seat],
                args={"frame": len(st.run) - 1, "options": options, "optional": optional, **args},
            )
        )
        return WAIT

    def purpose(self, decision, name_card: bool = True) -> str:
        """What ``decision`` asks, in words; its card is named only when ``name_card``
        (otherwise "a hidden card": the wording for seats that may not see it)."""
        text = decision.args.get("purpose") or decision.kind
        if "{card}" in text:
            k = decision.args.get("card", -1)
            text = text.replace("{card}", self.cards[k].name if name_card and k >= 0 else "a hidden card")
        return text

    def pick_card(
        self, st, fr, cards: list[int], optional: bool, purpose: str, rule: str = "", seat: int | None = None, **args
    ):
        """A card index chosen from ``cards``, None, or WAIT."""
        options = [self.layout.card + k for k in dict.fromkeys(cards)]
        answer = self.choose(st, fr, "card", options, optional, seat=seat, purpose=purpose, rule=rule, **args)
        if answer is None or answer == WAIT:
            return answer
        return answer - self.layout.card

    # --- resources (R152, R160-R166) -------------------------------------------------------------
    def can_pay(self, p, cost: dict) -> bool:
        return self._plan(p, cost) is not None

    @staticmethod
    def _plan(p, cost: dict):
        """How to pay: the named tokens first, progress for the shortfall (1 per population,
        1 per 2 materials). Progress is VP, so it is spent only when it must be (R165)."""
        materials = cost.get("materials", 0)
        population = cost.get("population", 0)
        progress = cost.get("progress", 0)
        actions = cost.get("action", 0)
        if p.actions < actions:
            return None
        use_m = min(materials, p.materials)
        use_p = min(population, p.population)
        need_g = progress + (population - use_p) + (materials - use_m + 1) // 2
        if need_g > p.progress:
            return None
        return use_m, use_p, need_g, actions

    def pay(self, st, seat: int, cost: dict, ev: list) -> bool:
        p = st.seats[seat]
        plan = self._plan(p, cost)
        if plan is None:
            return False
        use_m, use_p, use_g, actions = plan
        p.materials -= use_m
        p.population -= use_p
        p.progress -= use_g
        p.actions -= actions
        if any(plan):
            ev.append(event("pay", seat=seat, materials=use_m, population=use_p, progress=use_g, action=actions))
        return True

    def precondition(self, st, seat: int, ops: list, card: int) -> bool:
        """An effect that opens with a cost can only be used when the cost can be met (R78,
        R150, R164): a payment, discarding cards, or recalling a card of some kind."""
        if not ops:
            return True
        first = ops[0]
        p = st.seats[seat]
        name = first.get("op")
        if name in ("pay", "discard"):  # as a passive may lower it (Direct Democracy)
            first = self.discounted(st, seat, card, first)
        if name == "pay":  # a cost may follow another (Persians A)
            return self.can_pay(p, costs(first)) and self.precondition(st, seat, ops[1:], card)
        if (
            name == "return_unrest"
            and not first.get("may")
            and not first.get("up_to")
            and first.get("from") != ["self"]
        ):  # "return an unrest to ..." (Druids)
            return any(
                k != card and "unrest" in self.cards[k].suits
                for z in first.get("from", ["hand"])
                for k in getattr(p, z)
            )
        if name == "choose":  # at least one option must be affordable (R150)
            return any(self.precondition(st, seat, o, card) for o in first["options"])
        if name == "swap_exile" and not first.get("may"):  # R142
            return bool(st.exile) and any(s.card >= 0 for s in st.market)
        if name == "top_of_deck" and not first.get("may"):
            zone = getattr(p, first.get("from", "hand"))
            return len([k for k in zone if k != card]) >= first.get("n", 1)
        if name == "develop" and not first.get("free") and not first.get("may"):
            return not self.cannot_develop(p) and any(self.can_pay(p, self.cards[k].cost) for k in p.development)
        if name == "play_card" and not first.get("may"):
            return bool(self.play_card_candidates(st, seat, first, card))
        if name == "discard" and not first.get("may"):
            return len([k for k in p.hand if k != card]) >= first.get("n", 1)
        if name == "recall" and not first.get("may"):
            return any(self.cards[k].pinned and self.matches(k, first.get("filter")) for k in p.play)
        if name == "abandon" and not first.get("may") and not first.get("self"):
            return sum(1 for k in p.play if self.matches(k, first.get("filter"))) >= first.get("n", 1)
        if name == "require":
            if "in_history" in first and not any(self.matches(k, first["in_history"]) for k in p.history):
                return False
            wanted = first.get("in_play", [])  # a list: each one in play (Vinland)
            return all(
                any(self.matches(k, f) for k in p.play) for f in (wanted if isinstance(wanted, list) else [wanted])
            )
        return True

    def discounted(self, st, seat: int, card: int, op: dict) -> dict:
        """A ``pay`` or ``discard`` of ``card``'s effect as it really costs: a passive
        ``cost_discount`` (Direct Democracy: an unrest costs 1 material or 1 card less, to at
        least 1) lowers ``materials`` or the cards to discard for the cards its filter matches."""
        if card < 0:
            return op
        for args in self.hooks(st, seat, "cost_discount"):
            if not self.matches(card, args.get("filter")):
                continue
            op = dict(op)
            low = args.get("min", 1)
            if op.get("op") == "pay" and op.get("materials") and args.get("materials"):
                op["materials"] = max(min(low, op["materials"]), op["materials"] - args["materials"])
            if op.get("op") == "discard" and not op.get("from") and args.get("cards"):
                n = op.get("n", 1)
                op["n"] = max(min(low, n), n - args["cards"])
        return op

    # --- zones --------------------------------------------------------------------------------------
    def leave_play(self, st, seat: int, k: int) -> list[int]:
        """Take ``k`` out of the play area; returns its garrison cards, which follow it (R180)."""
        p = st.seats[seat]
        if k in p.play:
            p.play.remove(k)
        if k in p.exhausted:
            p.exhausted.remove(k)
        return p.garrison.pop(k, [])

    def to_history(self, st, seat: int, k: int, ev: list) -> None:
        p = st.seats[seat]
        if p.nation in ("Vikings",) or self.hooks(st, seat, "no_history"):  # R185, R240
            p.discard.append(k)
        else:
            p.history.append(k)
        ev.append(event("history", seat=seat, card=self.cards[k].id, to=[seat]))

    def remove_from(self, p, k: int, zones=("hand", "discard", "deck")) -> str | None:
        for zone in zones:
            cards = getattr(p, zone)
            if k in cards:
                cards.remove(k)
                return zone
        return None

    def matches(self, k: int, f: dict | None) -> bool:
        if not f:
            return True
        c = self.cards[k]
        suit = f.get("suit")
        if suit is not None:
            wanted = suit if isinstance(suit, list) else [suit]
            if not any(s in c.suits for s in wanted):
                return False
        if "not_suit" in f and f["not_suit"] in c.suits:
            return False
        if "type" in f and not any(t in c.types for t in f["type"]):
            return False
        if "region_type" in f:
            wanted = f["region_type"] if isinstance(f["region_type"], list) else [f["region_type"]]
            if not any(r in c.regions for r in wanted):
                return False
        if f.get("pinned") and not c.pinned:
            return False
        if "id" in f and c.id not in f["id"]:
            return False
        if "name" in f and c.name != f["name"]:
            return False
        if f.get("variable_vp") and not (isinstance(c.vp, dict) and "per" in c.vp):
            return False
        if "state" in f and c.state != f["state"]:
            return False
        if "attack" in f and c.attack != f["attack"]:
            return False
        return True

    def passives(self, st, seat: int) -> list[dict]:
        p = st.seats[seat]
        out = []
        for k in p.play:
            out += self.cards[k].passive
        if p.power >= 0:
            out += self.face(p.power, p.side).passive
        return out

    def hooks(self, st, seat: int, name: str) -> list[dict]:
        return [x.get("args", {}) for x in self.passives(st, seat) if x.get("hook") == name]

    # --- passives that act when something happens (Vikings, Celts, Chainmail, Longships) -----
    def flush_triggered(self, st) -> None:
        """Start the queued passive effects that ask (``st.triggered``), between operations."""
        while st.triggered:
            seat, card, i = st.triggered.pop()
            p = st.seats[seat]
            push_frame(st, seat, card, "passive", p.side if card == p.power else "", path=[i, "args", "do"])

    def trigger_passives(self, st, seat: int, name: str, card: int = -1) -> None:
        """Queue the ``do`` ops of each active passive ``{"hook": name}`` (whose ``filter``, if
        any, ``card`` matches); they run as the seat's own frames once the operation ends."""
        p = st.seats[seat]
        for k in [*p.play, p.power]:
            if k < 0:
                continue
            for i, x in enumerate(self.face(k, p.side if k == p.power else "").passive):
                args = x.get("args", {})
                if x.get("hook") == name and "do" in args and (card < 0 or self.matches(card, args.get("filter"))):
                    st.triggered.append([seat, k, i])

    def passive_gain(self, st, seat: int, name: str, card: int, ev: list) -> None:
        """Passives ``{"hook": name, "args": {"filter": F, "gain": {...}}}``: tokens at once."""
        p = st.seats[seat]
        for args in self.hooks(st, seat, name):
            if self.matches(card, args.get("filter")):
                for res, n in args.get("gain", {}).items():
                    setattr(p, res, getattr(p, res) + n)
                    ev.append(event("gain", seat=seat, res=res, n=n))

    def unrest_taken(self, st, seat: int, ev: list) -> None:
        """The seat took an unrest from the unrest pile (R147): Vikings look at their nation
        deck (R240, passive ``on_take_unrest``)."""
        self.trigger_passives(st, seat, "on_take_unrest")

    def card_gained(self, st, seat: int, k: int, ev: list) -> None:
        """The seat acquired or broke through for ``k`` (R130, R135): reactive exhausts
        ``when take_card`` (Celts A)."""
        self.react(st, seat, "take_card", ev, card=k)

    def on_played(self, st, seat: int, k: int, ev: list) -> None:
        """The seat played ``k`` (R71): Combs' exemption is used up; passives
        ``on_play_gain`` pay out (Chainmail)."""
        st.seats[seat].empire_next = False
        self.passive_gain(st, seat, "on_play_gain", k, ev)

    def may_play_empire(self, st, seat: int, k: int) -> bool:
        if st.seats[seat].empire_next:  # Combs, R122
            return True
        return any(self.matches(k, a.get("filter")) for a in self.hooks(st, seat, "play_empire"))

    def ignores_barbarian(self, st, seat: int, k: int) -> bool:
        return any(self.matches(k, a.get("filter")) for a in self.hooks(st, seat, "drop_barbarian"))

    # --- counting and VP (R227-R234) ----------------------------------------------------------------
    def count(self, st, seat: int, spec: dict, fr=None) -> int:
        p = st.seats[seat]
        if "var" in spec:
            return int(shared_vars(st, fr).get(spec["var"], 0)) if fr else 0
        if "resource" in spec:
            return getattr(p, spec["resource"])
        if "in_play" in spec:
            f = spec["in_play"]
            if "region_type" in f:
                wanted = f["region_type"] if isinstance(f["region_type"], list) else [f["region_type"]]
                rest = {x: v for x, v in f.items() if x != "region_type"}
                total = sum(self.cards[k].regions.count(w) for k in p.play if self.matches(k, rest) for w in wanted)
                if "production" in wanted and p.region_as_production:  # Agriculture
                    fertile = sum(self.cards[k].regions.count("fertile") for k in p.play)
                    total += 3 * min(p.region_as_production, fertile)
                return total
            return sum(self.region_weight(k) if f.get("suit") == "region" else 1 for k in p.play if self.matches(k, f))
        if "zone" in spec:
            zone = self.scoring_zones(p) if spec["zone"] == "all" else getattr(p, spec["zone"])
            f = spec.get("filter") or {}
            if "region_type" in f:  # "2 VP per {fertile}": the icons, repeats counted
                wanted = f["region_type"] if isinstance(f["region_type"], list) else [f["region_type"]]
                rest = {x: v for x, v in f.items() if x != "region_type"}
                return sum(self.cards[k].regions.count(w) for k in zone if self.matches(k, rest) for w in wanted)
            return sum(1 for k in zone if self.matches(k, spec.get("filter")))
        if "unrest_others" in spec:
            return sum(self.unrest_in_scoring(st, s) for s in range(st.players) if s != seat)
        raise ValueError(f"unknown count {spec}")

    def region_weight(self, k: int) -> int:
        return 1

    def unrest_in_scoring(self, st, seat: int) -> int:
        return sum(1 for k in self.scoring_zones(st.seats[seat]) if "unrest" in self.cards[k].suits)

    def card_vp(self, st, seat: int, k: int, vp, cap: bool = True) -> int:
        if vp is None:
            return 0
        if isinstance(vp, int):
            return vp
        if "fixed" in vp:
            return vp["fixed"]
        if "if" in vp:
            cond = vp["if"]
            ok = False
            if cond.get("in") == "history":
                ok = k in st.seats[seat].history
            elif cond.get("in") == "play":  # Vinland
                ok = k in st.seats[seat].play
            return vp["vp"] if ok else vp.get("else", 0)
        if "per" in vp:
            if vp["per"].get("garrison") == "self":  # the cards under this one (Sagas)
                n = len(st.seats[seat].garrison.get(k, []))
            else:
                n = self.count(st, seat, vp["per"])
            value = vp.get("vp", 1) * (n // vp.get("every", 1))
            return min(value, 10) if cap else value  # R233
        if "sum" in vp:  # several VP lines on one card, capped together
            value = sum(self.card_vp(st, seat, k, part, cap=False) for part in vp["sum"])
            return min(value, 10) if cap else value  # R233, G35
        return 0

    def before_scoring(self, st, ev: list) -> None:
        """End-of-game effects that move cards, before the winner is found (R237)."""
        for seat, p in enumerate(st.seats):
            for k in self.scoring_zones(p):
                for x in self.cards[k].passive:
                    if x.get("hook") == "return_unrest_at_end":
                        self._return_unrest_anywhere(st, seat, x.get("args", {}).get("n", 2), ev)

    def _return_unrest_anywhere(self, st, seat: int, n: int, ev: list) -> None:
        p = st.seats[seat]
        for zone in ("hand", "play", "discard", "deck", "history"):
            for k in [k for k in getattr(p, zone) if "unrest" in self.cards[k].suits]:
                if n == 0:
                    return
                getattr(p, zone).remove(k)
                st.unrest.append(k)
                n -= 1
                ev.append(event("return_unrest", seat=seat, card=self.cards[k].id))

    # --- drawing with reshuffles (R95-R107) -----------------------------------------------------------
    def draw_cards(self, st, fr, seat: int, n: int, reshuffle: bool, ev: list):
        """Draw ``n`` (kept in fr.vars["_left"] across a develop decision); True when done."""
        p = st.seats[seat]
        left = fr.vars.get("_left", n)
        while left > 0:
            if not p.deck:
                if not reshuffle or not p.discard and not self._reshuffle_gains(p):
                    break
                result = self.reshuffle(st, fr, seat, ev)
                if result == WAIT:
                    fr.vars["_left"] = left
                    return WAIT
                if not p.deck:
                    break
            k = p.deck.pop()
            p.hand.append(k)
            fr.vars.setdefault("drawn", []).append(k)
            left -= 1
            if not p.deck:
                self.deck_ran_out(st, seat, ev)
        ev.append(event("draw", seat=seat, n=n - left))
        fr.vars.pop("_left", None)
        return True

    def _reshuffle_gains(self, p) -> bool:
        """Can a reshuffle put a card into an empty discard pile (R98 step 1, R103 step 1)?"""
        if p.exhausts < 1:
            return False
        if p.empire:
            return bool(p.development) and not p.dev_exhausted
        return bool(p.nation_deck) and not p.nation_exhausted

    def deck_ran_out(self, st, seat: int, ev: list) -> None:
        for _args in self.hooks(st, seat, "deck_out_unrest"):  # R208
            card = self.take_from_unrest_pile(st, ev)
            if card >= 0:
                st.seats[seat].hand.append(card)

    def reshuffle(self, st, fr, seat: int, ev: list):
        p = st.seats[seat]
        if not p.empire:  # R98
            if p.nation_deck and not p.nation_exhausted and p.exhausts >= 1:
                self.nation_top_to_discard(st, seat, ev)
                p.exhausts -= 1
                p.nation_exhausted = True
        elif p.development and not p.dev_exhausted and p.exhausts >= 1 and not self.cannot_develop(p):  # R103
            affordable = [k for k in p.development if self.can_pay(p, self.cards[k].cost)]
            choice = self.pick_card(st, fr, affordable, True, "develop on reshuffle", "R103")
            if choice == WAIT:
                return WAIT
            if choice is not None:
                self.develop(st, seat, choice, True, ev)
                p.exhausts -= 1
                p.dev_exhausted = True
        rngmod.shuffle(st, p.discard)
        p.deck = p.discard + p.deck
        p.discard = []
        ev.append(event("reshuffle", seat=seat))
        return True

    @staticmethod
    def cannot_develop(p) -> bool:
        return p.nation in ("Vikings",)  # R174

    def nation_top_to_discard(self, st, seat: int, ev: list) -> None:
        p = st.seats[seat]
        if not p.nation_deck:
            return
        k = p.nation_deck.pop()
        card = self.cards[k]
        p.discard.append(k)
        ev.append(event("nation_card", seat=seat, card=card.id))
        if card.location == "accession":
            if p.nation == "Vikings":  # R101, R216
                self.trigger_end(st, f"{card.name} left the Viking nation deck (R216)", ev)
            else:
                p.empire = True  # R99
                ev.append(event("empire", seat=seat))

    def develop(self, st, seat: int, k: int, pay: bool, ev: list) -> None:
        p = st.seats[seat]
        if pay:
            self.pay(st, seat, self.cards[k].cost, ev)
        p.development.remove(k)
        p.discard.append(k)
        ev.append(event("develop", seat=seat, card=self.cards[k].id))
        if not p.development:
            self.trigger_end(st, f"seat {seat} developed its last card (R214)", ev)

    # --- the market -------------------------------------------------------------------------------------
    def market_cards(self, st, suits: list[str], f: dict | None = None, exile: bool = False):
        out = []
        for _slot, s in enumerate(st.market):
            if s.card < 0:
                continue
            if exile and any(s.tokens.values()):  # R141
                continue
            if suits and not any(x in self.cards[s.card].suits for x in suits):
                continue
            if self.matches(s.card, f):
                out.append(s.card)
        return out

    def slot_of(self, st, k: int) -> int:
        return next(i for i, s in enumerate(st.market) if s.card == k)

    def take_from_market(self, st, seat: int, k: int, keep_unrest: bool, ev: list) -> None:
        """Acquire (keep_unrest) or break through (return it) a market card (R130, R135)."""
        p = st.seats[seat]
        slot = self.slot_of(st, k)
        s = st.market[slot]
        for res, n in s.tokens.items():
            setattr(p, res, getattr(p, res) + n)
        if s.tokens.get("materials"):  # Carthaginians A: double them (a reaction)
            self.react(st, seat, "market_materials", ev, amount=s.tokens["materials"])
        p.hand.append(k)
        self.card_gained(st, seat, k, ev)  # Celts A
        unrest, s.unrest, s.card, s.tokens = s.unrest, -1, -1, {}
        ev.append(
            event(
                "acquire" if keep_unrest else "break_through",
                seat=seat,
                card=self.cards[k].id,
                unrest=unrest >= 0 and keep_unrest,
            )
        )
        if unrest >= 0:
            (p.hand if keep_unrest else st.unrest).append(unrest)
        self.refill(st, slot, ev)
