"""The table in words and parts: what the web table's board drawing (web/board.js) needs beside
the view, the parts of each legal action of the seat (``Game.describe_action``) and of its
decision (``Game.describe_decision``), each card's text from its operations, and the board as
panels for the terminal. The locale's templates word them (``action.<verb>``, ``prompt.<kind>``,
``op.<tag>``)."""

from __future__ import annotations

from epochal.engine.locale import struct_text, ui_strings

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


PROMPT_KEYS = frozenset({"prompt.play", "prompt.option"})  # ``Game.prompt_keys``


def decision(game, st, seat: int) -> dict | None:
    """``Game.describe_decision``: a card to play (R3), or an option of the effect the seat
    carries out (R7), for the card whose effect offers it."""
    d = st.stack[-1] if st.stack else None
    if d is None or seat not in d.seats:
        return None
    if d.kind == "play":
        return {"kind": "play", "gold": st.seats[seat].gold}
    card = d.args.get("card", -1)
    return {"kind": "option", "card": game.cards[card].id if card >= 0 else None}


def catalog(game) -> list[dict]:
    """``Game.card_catalog``: every card of the deck, all implemented (the template's own rules)."""
    return [{"id": c.id, "deck": "deck", "implemented": True, "provenance": "exact"} for c in game.cards]


def card_text(game, card: str, lang: str) -> list[str]:
    """``Game.card_text``: a line per operation of the card's effect."""
    return [struct_text(game, op, lang) for op in game.cards[game.index_of[card]].effect]


def panels(game, st, seat: int, lang: str) -> list[dict]:
    """``Game.board_panels``: everyone's gold and hand size, and the seat's own hand, from its view."""
    v, words = game.view(st, seat), ui_strings(game, lang)
    seats = [
        [words.get("player", "Player {n}").replace("{n}", str(s["seat"] + 1)), s["gold"], s["hand_size"]]
        for s in v["seats"]
    ]
    hand = [[game.display_name(c, lang), "; ".join(card_text(game, c, lang))] for c in v["seats"][seat]["hand"]]
    return [
        {"title": words["gold"], "rows": [["", words["gold"], words["hand"]], *seats], "header": True},
        {"title": words["hand"], "rows": hand},
    ]
