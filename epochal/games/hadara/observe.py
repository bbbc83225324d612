"""Hadara's observation tensor for the research adapters (``Game.observation``).

The vector is built from ``view(state, seat)`` and nothing else, so it holds exactly what the
seat may know (spec Appendix A): never a deck, the box, another seat's hand or secret sales, an
unflipped colony back or another seat's simultaneous choice.

Seats are relative: block 0 is the observing seat, block 1 the next seat clockwise, and so on;
blocks past the player count stay zero. Counts are raw (coins, track values, pile sizes);
flags and one-hots are 0/1. ``describe`` lists the named slices for documentation and tests.
"""

from __future__ import annotations

from epochal.engine import VectorLayout

from .cards import COLORS, TRACKS
from .state import BOARD, ROUNDS, STEPS

STEP_NAMES = ("setup", *STEPS, "end")
KINDS = ("side", "wheel", "draw", "take", "colony", "colony_mode", "statue", "tile", "feed", "medals")
SIDES = ("A", "B")


class ObservationLayout(VectorLayout):
    """Named slices of the vector, fixed for one game object (its data set)."""

    def __init__(self, game):
        super().__init__(game)
        n_cards = game.n_cards
        seats = game.max_players
        reqs = len(game.requirements)
        slots = len(game.slots)

        part = self.part
        # the table
        part("players", seats + 1)  # one-hot player count
        part("epoch", 4)  # one-hot 0 (setup) .. 3
        part("step", len(STEP_NAMES))  # one-hot
        part("round", ROUNDS + 1)  # one-hot Phase A drawing round
        part("wheel", len(BOARD))  # one-hot orientation (once set)
        part("first_players", 3 * seats)  # per epoch: one-hot relative seat
        part("over", 1)
        part("decision_kind", len(KINDS) + 1)  # one-hot, last = no decision
        part("decision_seats", seats)  # relative seats asked
        part("decision_waiting", seats)  # relative seats still to answer
        part("my_choice", game.num_actions)  # own hidden simultaneous answer
        part("deck_size", len(BOARD))
        part("pile_size", len(BOARD))
        part("pile_top", len(BOARD) * n_cards)  # per board position: one-hot card
        part("crest_deck", seats * len(BOARD))  # A2: deck each relative seat draws from
        part("colony_left", reqs)
        part("colony_top", reqs * 4)  # present, vp, plunder, annex cost
        part("out_pile", 1)
        # the observing seat's secrets
        part("hand", n_cards)
        part("sold_this_epoch", n_cards)
        # every seat, relative order
        self.seat_parts(
            seats,
            {
                "present": 1,
                "coins": 1,
                "tracks": len(TRACKS),
                "side": len(SIDES),
                "initiative": 1,
                "start_card": len(game.data.start_cards),
                "cards": n_cards,  # owned cards, multi-hot
                "colors": len(COLORS),  # owned cards per colour
                "colonies": reqs * 3,  # per requirement: owned, annexed, vp
                "statues": slots * (2 + len(TRACKS)),  # filled, track one-hot, face down
                "unused_tiles": len(TRACKS),
                "silver": len(TRACKS),  # silver medals per track
                "gold": 1,
                "held_tiles": len(TRACKS),  # PE3 tiles per track
                "hand_size": 1,
                "score": 1,  # final total (when over)
                "winner": 1,
            },
        )
        self.req_index = {v: i for i, v in enumerate(game.requirements)}
        self.start_index = {c.number: i for i, c in enumerate(game.data.start_cards)}

    def encode(self, view: dict) -> list[float]:
        game = self.game
        out, put = self.new_vector()
        parts = self.parts
        index_of = game.index_of
        n_cards = game.n_cards
        me, rel = self.seat_relative(view)

        put("players", view["players"])
        put("epoch", view["epoch"])
        put("step", STEP_NAMES.index(view["step"]))
        put("round", view["round"])
        if view["epoch"] > 0:
            put("wheel", view["wheel"])
        for e, seat in enumerate(view["first_players"]):
            put("first_players", e * game.max_players + rel(seat))
        put("over", 0, view["over"])
        decision = view["decision"]
        if decision is None:
            put("decision_kind", len(KINDS))
        else:
            put("decision_kind", KINDS.index(decision["kind"]))
            for s in decision["seats"]:
                put("decision_seats", rel(s))
            for s in decision["waiting"]:
                put("decision_waiting", rel(s))
            if "your_choice" in decision:
                put("my_choice", decision["your_choice"])
        for b, pos in enumerate(view["board"]):
            put("deck_size", b, pos["deck"])
            put("pile_size", b, pos["pile"])
            if pos["top"] is not None:
                put("pile_top", b * n_cards + index_of[pos["top"]])
        for crest_seat, color in enumerate(view["crest_decks"].values()):
            put("crest_deck", rel(crest_seat) * len(BOARD) + BOARD.index(color))
        for v, stack in enumerate(view["colonies"]):
            put("colony_left", v, stack["left"])
            top = stack["top"]
            if top is not None:
                put("colony_top", 4 * v, 1)
                put("colony_top", 4 * v + 1, top["vp"])
                put("colony_top", 4 * v + 2, top["plunder"])
                put("colony_top", 4 * v + 3, top["annex_cost"])
        put("out_pile", 0, view["out_pile"])
        scores = view["scores"]
        winners = view["winners"] or []
        for entry in view["seats"]:
            seat = entry["seat"]
            p = f"seat{rel(seat)}."
            if seat == view["you"]:
                for card in entry.get("hand", []):
                    put("hand", index_of[card])
                for card in entry.get("sold_this_epoch", []):
                    put("sold_this_epoch", index_of[card])
            put(p + "present")
            put(p + "coins", 0, entry["coins"])
            for t, track in enumerate(TRACKS):
                put(p + "tracks", t, entry["tracks"].get(track, 0))  # {} before R23
                put(p + "unused_tiles", t, entry["unused_tiles"].get(track, 0))
            if entry["side"] is not None:
                put(p + "side", SIDES.index(entry["side"]))
                put(p + "initiative", 0, entry["initiative"])
            if entry["start_card"] is not None:
                put(p + "start_card", self.start_index[entry["start_card"]])
            for card in entry["cards"]:
                k = index_of[card]
                put(p + "cards", k)
                off, _ = parts[p + "colors"]
                out[off + game.color_of[k]] += 1.0
            for col in entry["colonies"]:
                v = self.req_index[col["requirement"]]
                put(p + "colonies", 3 * v)
                put(p + "colonies", 3 * v + 1, col["annexed"])
                put(p + "colonies", 3 * v + 2, col["back"]["vp"] if col["annexed"] else col["vp"])
            width = 2 + len(TRACKS)
            for s, statue in enumerate(entry["statues"]):
                if statue is not None:
                    put(p + "statues", s * width)
                    put(p + "statues", s * width + 1 + TRACKS.index(statue["track"]))
                    put(p + "statues", s * width + 1 + len(TRACKS), statue["face_down"])
            off, _ = parts[p + "silver"]
            for track in entry["silver"]:
                out[off + TRACKS.index(track)] += 1.0
            put(p + "gold", 0, entry["gold"])
            off, _ = parts[p + "held_tiles"]
            for track in entry["held_tiles"].values():
                out[off + TRACKS.index(track)] += 1.0
            put(p + "hand_size", 0, entry["hand_size"])
            if scores is not None:
                put(p + "score", 0, scores[seat]["total"])
                put(p + "winner", 0, seat in winners)
        return out
