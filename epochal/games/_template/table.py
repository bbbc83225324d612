"""What the web table's board drawing (web/board.js) needs beside the view: the parts of each
legal action of the seat, so the page can put the action on the thing it acts on."""

from __future__ import annotations


def ui(game, st, seat: int | None) -> dict:
    if seat is None:
        return {"actions": {}}
    actions = {}
    for a in game.legal(st, seat):
        name, index = game.action_space.decode(a)
        if name == "play":
            actions[a] = {"kind": "play", "card": game.cards[index[0]].id}
        else:
            actions[a] = {"kind": "option", "n": index[0] + 1}
    return {"actions": actions}
