"""Imperium's observation tensor for the research adapters (``Game.observation``).

Built from ``view(state, seat)`` only, so it holds what the seat may know: its own hand and
history, and of the others only what is open (play areas, discard piles, development areas,
tokens, sizes). Seats are relative: block 0 is the observing seat, then clockwise; blocks past
the player count stay zero. Cards are multi-hot over the game's card list; counts are raw.
"""

from __future__ import annotations

from epochal.engine import VectorLayout

from .cards import NATIONS, RESOURCES

PHASES = ("start", "activate", "cleanup", "next", "after_solstice", "end")
KINDS = ("turn", "activate", "card", "option", "may", "suit", "bt_source")
SLOTS = 5
DECKS = ("region", "uncivilised", "civilised", "main")


class ObservationLayout(VectorLayout):
    def __init__(self, game):
        super().__init__(game)
        n = game.n_cards
        seats = game.max_players

        part = self.part
        part("players", seats + 1)
        part("phase", len(PHASES))
        part("round", 1)
        part("flags", 4)  # scoring triggered, final round, over, collapsed
        part("decision_kind", len(KINDS) + 1)  # last = another kind or none
        part("decision_seat", seats)
        part("turn", seats)
        part("first", seats)
        part("market", SLOTS * n)  # per slot: one-hot card
        part("market_tokens", SLOTS * len(RESOURCES))
        part("market_unrest", SLOTS)
        part("decks", len(DECKS))
        part("piles", 4)  # fame, unrest, exile, King of Kings on B
        part("hand", n)
        part("history", n)
        self.seat_parts(
            seats,
            {
                "present": 1,
                "nation": len(NATIONS),
                "empire": 1,
                "tokens": len(RESOURCES) + 2,  # materials, population, progress, actions, exhausts
                "sizes": 4,  # hand, deck, nation deck, history
                **dict.fromkeys(("play", "exhausted", "discard", "development"), n),  # per card
                "score": 1,
                "winner": 1,
            },
        )

    def encode(self, view: dict) -> list[float]:
        out, put = self.new_vector()
        index_of = self.game.index_of
        n = self.game.n_cards
        me, rel = self.seat_relative(view)

        put("players", view["players"])
        put("phase", PHASES.index(view["phase"]) if view["phase"] in PHASES else 0)
        put("round", 0, view["round"])
        for i, flag in enumerate(("scoring_triggered", "final_round", "over", "collapsed")):
            put("flags", i, view[flag])
        self.put_decision(put, view, rel, KINDS)
        put("turn", rel(view["turn"]))
        put("first", rel(view["first"]))
        for slot, m in enumerate(view["market"]):
            if m["card"] is not None:
                put("market", slot * n + index_of[m["card"]])
            for r, res in enumerate(RESOURCES):
                put("market_tokens", slot * len(RESOURCES) + r, m["tokens"].get(res, 0))
            put("market_unrest", slot, m["unrest"])
        for d, name in enumerate(DECKS):
            put("decks", d, view["decks"].get(name, 0))
        put("piles", 0, view["fame"])
        put("piles", 1, view["unrest_pile"])
        put("piles", 2, view["exile"])
        put("piles", 3, view["king_of_kings"] == "B")
        mine = view["seats"][me]
        for card in mine.get("hand", []):
            put("hand", index_of[card])
        for card in mine.get("history", []):
            put("history", index_of[card])
        for s in view["seats"]:
            p = f"seat{rel(s['seat'])}."
            put(p + "present")
            put(p + "nation", NATIONS.index(s["nation"]))
            put(p + "empire", 0, s["state"] == "empire")
            for i, key in enumerate((*RESOURCES, "actions", "exhausts")):
                put(p + "tokens", i, s[key])
            for i, key in enumerate(("hand_size", "deck_size", "nation_deck", "history_size")):
                put(p + "sizes", i, s[key])
            for entry in s["play"]:
                put(p + "play", index_of[entry["card"]])
                if entry["exhausted"]:
                    put(p + "exhausted", index_of[entry["card"]])
            for card in s["discard"]:
                put(p + "discard", index_of[card])
            for card in s["development"]:
                put(p + "development", index_of[card])
        self.put_results(put, view, rel)
        return out
