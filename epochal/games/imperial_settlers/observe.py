"""Imperial Settlers' observation tensor for the research adapters (``Game.observation``).

Built from ``view(state, seat)`` only, so it holds what the seat may know: its own hand and
packet, and of the others only what is open (supplies, locations with their tokens, foundations,
deals, discard piles, hand sizes). Seats are relative: block 0 is the observing seat, then
clockwise; blocks past the player count stay zero. Cards are counted per distinct card (copies
add up); counts are raw. A solo block at the end holds the attack row (one-hot target per
position, newest first), the attack deck size, the cancelled and taken attack cards by target, the
virtual opponent's locations and trophy pile, and the empire locations counted against them.
"""

from __future__ import annotations

from epochal.engine import VectorLayout

from .actions import ATTACK_CARDS
from .cards import ATTACK_TARGETS, FACTIONS

PHASES = (
    "lookout_start",
    "lookout",
    "production",
    "action_start",
    "action",
    "after_action",
    "next_turn",
    "cleanup",
    "end",
    "attack",
    "attack_next",
)
KINDS = ("turn", "after", "pick_table", "draft", "pick", "card_source", "option", "steal", "exchange", "attack_target")
SUPPLY = ("wood", "stone", "food", "gold", "worker", "raze", "defence")


class ObservationLayout(VectorLayout):
    def __init__(self, game):
        super().__init__(game)
        entries = [e.id for e, _ in game.data.entries]
        self.entry_index = {e: i for i, e in enumerate(entries)}
        self.entry_of = {c.id: self.entry_index[c.entry.id] for c in game.cards}
        n = len(entries)
        seats = game.max_players

        part = self.part
        part("players", seats + 1)
        part("round", 1)
        part("phase", len(PHASES))
        part("over", 1)
        part("decision_kind", len(KINDS) + 1)  # last = another kind or none
        part("decision_seat", seats)
        part("turn", seats)
        part("first", seats)
        part("common_deck", 1)
        part("common_discard", n)
        part("table", n)
        part("hand", n)
        part("packet", n)
        cards = ("locations", "used", "defence", "samurai", "foundations", "deals", "discard")  # per card
        self.seat_parts(
            seats,
            {
                "present": 1,
                "faction": len(FACTIONS),
                "supply": len(SUPPLY),
                "counts": 6,  # vp, passed, hands, deck, hidden
                **dict.fromkeys(cards, n),
                "score": 1,
                "winner": 1,
            },
        )
        goods = len(ATTACK_TARGETS)
        part("solo.present", 1)
        part("solo.attack_row", ATTACK_CARDS * goods)
        part("solo.attack_deck", 1)
        part("solo.attack_gone", goods)
        part("solo.attack_deals", goods)
        part("solo.virtual", n)
        part("solo.trophies", n)
        part("solo.counts", 3)  # trophies, empire locations, attacks left

    def encode(self, view: dict) -> list[float]:
        out, put = self.new_vector()
        parts = self.parts
        entry_of = self.entry_of
        me, rel = self.seat_relative(view)

        def add(name: str, card: str, value: float = 1.0) -> None:
            off, length = parts[name]
            out[off + entry_of[card]] += value

        put("players", view["players"])
        put("round", 0, view["round"])
        put("phase", PHASES.index(view["phase"]) if view["phase"] in PHASES else 0)
        put("over", 0, view["over"])
        self.put_decision(put, view, rel, KINDS)
        put("turn", rel(view["turn"]))
        put("first", rel(view["first"]))
        put("common_deck", 0, view["common_deck"])
        for card in view["common_discard"]:
            add("common_discard", card)
        for card in view["table"]:
            add("table", card)
        mine = view["seats"][me]
        for card in mine.get("hand", []):
            add("hand", card)
        for card in mine.get("packet", []):
            add("packet", card)
        for s in view["seats"]:
            p = f"seat{rel(s['seat'])}."
            put(p + "present")
            put(p + "faction", FACTIONS.index(s["faction"]))
            for i, good in enumerate(SUPPLY):
                put(p + "supply", i, s["supply"][good])
            for i, value in enumerate(
                (s["vp"], s["passed"], s["hand_common"], s["hand_empire"], s["deck"], len(s["hidden_foundations"]))
            ):
                put(p + "counts", i, value)
            for loc in s["locations"]:
                add(p + "locations", loc["card"])
                if loc["used"]:
                    add(p + "used", loc["card"], loc["used"])
                if loc["defence"]:
                    add(p + "defence", loc["card"])
                if loc["samurai"]:
                    add(p + "samurai", loc["card"])
            for card in s["foundations"]:
                add(p + "foundations", card)
            for card in s["deals"]:
                add(p + "deals", card)
            for card in s["discard"]:
                add(p + "discard", card)
        solo = view.get("solo")
        if solo:
            goods = len(ATTACK_TARGETS)
            put("solo.present")
            for i, card in enumerate(solo["attack_row"][:ATTACK_CARDS]):
                put("solo.attack_row", i * goods + ATTACK_TARGETS.index(card["target"]))
            put("solo.attack_deck", 0, solo["attack_deck"])
            for card in solo["attack_gone"]:
                off, _ = parts["solo.attack_gone"]
                out[off + ATTACK_TARGETS.index(card["target"])] += 1.0
            for card in mine.get("attack_deals", []):
                off, _ = parts["solo.attack_deals"]
                out[off + ATTACK_TARGETS.index(card["target"])] += 1.0
            for card in solo["virtual_locations"]:
                add("solo.virtual", card)
            for card in solo["trophies"]:
                add("solo.trophies", card)
            for i, value in enumerate((len(solo["trophies"]), solo["empire_locations"], solo["attacks_left"])):
                put("solo.counts", i, value)
        self.put_results(put, view, rel)
        return out
