"""Guns & Steel's observation tensor for the research adapters (``Game.observation``).

Built from ``view(state, seat)`` only, so it holds what the seat may know: its own hand and its own
zone's backs, and of the others only what is open (technology-side cards, the resources of their
resource-side cards, temporary resources, military, VP cards, glory tokens, wonders, hand sizes).
Seats are relative: block 0 is the observing seat, then clockwise; blocks past the player count
stay zero. Civilization cards are one-hot over the 70 card keys (start cards per colour); counts
are raw.
"""

from __future__ import annotations

from epochal.engine import VectorLayout

from .cards import EPOCHS, RESOURCES, TYPES
from .rules import THEMES

PHASES = ("setup", "resource", "technology", "purchase", "end_of_turn")
KINDS = (
    "start_resource",
    "play_resource",
    "play_technology",
    "activate",
    "pay",
    "purchase",
    "respond",
    "restore",
    "target",
    "take",
    "lose",
    "hand_over",
    "give_wonder",
    "play_attack",
    "activate_attack",
    "claim",
    "recall",
    "glory",
    "move_glory",
    "over",
)


class ObservationLayout(VectorLayout):
    def __init__(self, game):
        super().__init__(game)
        self.card_of = {key: i for i, key in enumerate(game.keys)}
        self.wonder_of = {key: i for i, key in enumerate(game.wkeys)}
        n = len(game.keys)
        nw = len(game.wkeys)
        seats = game.max_players

        part = self.part
        part("players", seats + 1)
        part("theme", len(THEMES))
        part("round", 1)
        part("phase", len(PHASES))
        part("over", 1)
        part("decision_kind", len(KINDS) + 1)
        part("decision_seat", seats)
        part("turn", seats)
        part("first", seats)
        part("pyramid", n)
        part("surcharge", n)
        part("stack_count", len(EPOCHS))
        part("stack_top", n)
        part("wonder_chosen", nw)
        part("wonder_glory", nw * seats)
        part("hand", n)
        part("attack", 3 + seats)  # present, strength, card's military, waiting
        part("payment", 2 + 2 * len(RESOURCES))  # present, any, cost, paid
        self.seat_parts(
            seats,
            {
                "present": 1,
                "tech": n,
                "own_resource": n,
                "resources": len(RESOURCES),
                "temp": len(RESOURCES),
                "tech_types": len(TYPES),
                "counts": 5,  # hand, military, vp, glory, score
                "wonders": nw,
                "winner": 1,
            },
        )

    def encode(self, view: dict) -> list[float]:
        # Every write adds: a seat's tech_types count its technology cards of each type.
        out, put = self.new_vector(accumulate=True)
        card_of = self.card_of
        wonder_of = self.wonder_of
        me, rel = self.seat_relative(view)
        seats = self.game.max_players

        put("players", view["players"])
        put("theme", THEMES.index(view["theme"]))
        put("round", 0, view["round"])
        put("phase", PHASES.index(view["phase"]))
        put("over", 0, view["over"])
        kind = view["decision"]["kind"]
        put("decision_kind", KINDS.index(kind) if kind in KINDS else len(KINDS))
        if view["decision"]["seat"] is not None:
            put("decision_seat", rel(view["decision"]["seat"]))
        put("turn", rel(view["turn"]))
        put("first", rel(view["first"]))
        for row in view["pyramid"]:
            for slot in row:
                if slot["card"]:
                    put("pyramid", card_of[slot["card"]])
                    put("surcharge", card_of[slot["card"]], slot["surcharge"])
        for e, epoch in enumerate(EPOCHS):
            stack = (view["stacks"] or {}).get(epoch)
            if stack:
                put("stack_count", e, stack["count"])
                if stack["top"]:
                    put("stack_top", card_of[stack["top"]])
        for entry in view["wonders"]:
            w = wonder_of[entry["wonder"]]
            put("wonder_chosen", w)
            for s, n in enumerate(entry["glory"]):
                put("wonder_glory", w * seats + rel(s), n)
        mine = view["seats"][me]
        for key in mine["hand"] or []:
            put("hand", card_of[key])
        attack = view["attack"]
        if attack:
            put("attack", 0)
            put("attack", 1, attack["strength"])
            put("attack", 2, view["cards"][attack["card"]]["military"])
            if attack["waiting"] is not None:
                put("attack", 3 + rel(attack["waiting"]))
        payment = view["payment"]
        if payment:
            put("payment", 0)
            put("payment", 1, payment["any"])
            for name, n in payment["cost"].items():
                put("payment", 2 + RESOURCES.index(name), n)
            for name in payment["paid"]:
                put("payment", 2 + len(RESOURCES) + RESOURCES.index(name))
        winners = view["winners"] or []
        for s in view["seats"]:
            p = f"seat{rel(s['seat'])}."
            put(p + "present")
            for z in s["zone"]:
                if z["side"] == "technology":
                    put(p + "tech", card_of[z["card"]])
                    put(p + "tech_types", TYPES.index(view["cards"][z["card"]]["type"]))
                else:
                    put(p + "resources", RESOURCES.index(z["resource"]))
                    if z["card"]:
                        put(p + "own_resource", card_of[z["card"]])
            for name, n in s["temp"].items():
                put(p + "temp", RESOURCES.index(name), n)
            for i, value in enumerate(
                (s["hand_count"], s["military"], s["vp_track"] or 0, s["glory_left"] or 0, s["score"])
            ):
                put(p + "counts", i, value)
            for key in s["wonders"]:
                put(p + "wonders", wonder_of[key])
            if s["seat"] in winners:
                put(p + "winner")
        return out
