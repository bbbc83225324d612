"""What each seat may know: its view, the texts of its choices, and re-dealt states for search.

Hidden: the other seats' hands and the deck. Everything else is public.
"""

from __future__ import annotations

import random

from epochal.engine.hidden import redeal


def view(game, st, seat: int | None, face_up: bool = False) -> dict:
    """``face_up``: with ``seat`` None, every seat's hand shown (``open_view``)."""
    decision = st.stack[-1] if st.stack else None
    out = {
        "turn": st.turn,
        "over": st.over,
        "deck": len(st.deck),
        "discard": [game.cards[k].id for k in st.discard],
        "seats": [
            {
                "seat": i,
                "gold": s.gold,
                "hand_size": len(s.hand),
                **({"hand": [game.cards[k].id for k in s.hand]} if i == seat or face_up else {}),
            }
            for i, s in enumerate(st.seats)
        ],
        "decision": None,
    }
    if decision is not None:
        out["decision"] = {
            "kind": decision.kind,
            "seats": list(decision.seats),
            "purpose": decision.args.get("purpose", decision.kind),
            "rule": decision.args.get("rule", ""),
        }
    if seat is not None:
        out["legal"] = [{"id": a, "text": action_text(game, st, seat, a)} for a in game.legal(st, seat)]
    return out


def open_view(game, st) -> dict:
    """A finished game's replay with every card face up: every seat's hand (the deck's order
    stays hidden, as it was from every seat)."""
    return view(game, st, None, face_up=True)


def action_text(game, st, seat: int, action: int) -> str:
    name, index = game.action_space.decode(action)
    if name == "play":
        return f"play {game.cards[index[0]].name['en']}"
    return f"option {index[0] + 1}"


def determinize(game, st, seat: int, rng: random.Random):
    """A clone in which the cards ``seat`` cannot see (the others' hands, the deck) are
    re-dealt; the card a running effect belongs to is on the table, so it stays."""
    clone = st.clone()
    clone.rng = rng.getrandbits(64)  # future draws must not be the real ones
    places = [(s.hand, j) for i, s in enumerate(clone.seats) if i != seat for j in range(len(s.hand))]
    places += [(clone.deck, j) for j in range(len(clone.deck))]
    redeal({"unseen": places}, rng)
    return clone
