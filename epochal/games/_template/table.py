"""What the web table's board drawing (web/board.js) needs beside the view: the parts of each
legal action of the seat (``Game.describe_action``), so the page can put the action on the thing
it acts on and word it through the game's locale (``action.<verb>`` templates)."""

from __future__ import annotations

CONSTANTS: dict = {}  # ``Game.table_constants``: the board lays nothing out by a fixed list


def ui(game, st, seat: int | None) -> dict:
    if seat is None:
        return {"actions": {}}
    return {"actions": {a: describe(game, st, seat, a) for a in game.legal(st, seat)}}


def describe(game, st, seat: int, a: int) -> dict:
    """``Game.describe_action``: a card the seat plays from its hand (R3), or an option of the
    effect it carries out (R7), with the card whose effect offers it (on the table, seen by all)."""
    name, index = game.action_space.decode(a)
    if name == "play":
        return {"verb": "play", "card": game.cards[index[0]].id, "rule": "R3"}
    out = {"verb": "option", "n": index[0] + 1, "rule": "R7"}
    card = st.stack[-1].args.get("card", -1) if st.stack else -1
    if card >= 0:
        out["card"] = game.cards[card].id
    return out
