"""Imperial Settlers at the web table (``Game.table_ui``): what each legal action acts on, the
empire boards, and card effects as data, for the page's drawing (``web/board.js``).

The decoding mirrors ``actions.py``. Each legal action of the seat is described
(``Game.describe_action``, worded by the locale's ``action.<verb>`` templates) by its verb, the
rule that allows it and the card it acts on, with where that card lies (``hand``, ``table``, ``packet``, ``location``,
``foundation``, ``hidden_foundation``, ``deal``) and whose it is, so the page can put the control
on that card; goods a description pays or gains are also given as tokens (``costs``, ``pays``,
``gains``: ``wood:2``), which the templates word with their plural forms. For each card the seat's
view shows (``view.shown_cards``: the view's own rule) ``cards`` gives its operation lists and the
kinds of its text lines (``lines``), so the page can take the catalogue's words of a card's effects
and draw its cost, deal and raze bonus (which a copy may change) as tokens. The empire boards (production and
storage) are public. In the solo mode the virtual opponent's locations are razing targets
(``where``: ``virtual``) and its revealed attack cards may be chosen (verb ``attack``).
"""

from __future__ import annotations

import msgspec

from . import actions as A
from . import words
from .cards import COLOURS, KINDS, RESOURCES, SUPPLY
from .empire import tokens_of
from .view import running_card, shown_cards
from .vocab import Choose

# The location kinds in the order of an empire's rows (R17), the card colours in the order a row
# sorts them (R12), and a personal supply's goods in the order the board shows them.
CONSTANTS = {"kinds": list(KINDS), "colours": list(COLOURS), "supply": list(SUPPLY)}


def ui(game, st, seat: int | None) -> dict:
    shown = shown_cards(game, st, seat)
    out = {
        "boards": {p.faction: board(game, p.faction) for p in st.seats},
        "cards": {
            game.cards[k].id: {**effects(game, st, k), "lines": words.line_kinds(game, k)} for k in sorted(shown)
        },
        "rounds": 5,
    }
    if seat is None:
        return out
    frame = st.stack[-1] if st.stack else None
    legal = game.legal(st, seat)
    out["actions"] = {str(a): describe(game, st, seat, a) for a in legal}
    if frame is not None and legal:
        out["purpose"] = frame.args.get("purpose")
        source = running_card(st, frame)
        if source is not None and source in shown:
            out["source"] = game.cards[source].id
    return out


def entries(game) -> dict[str, str]:
    """Each copy's id -> its card's id (the first copy's), under which the catalogue names and
    words it (a copy differs at most in its cost, raze bonus or deal, which the board draws)."""
    return {c.id: c.entry.id for c in game.cards if c.id != c.entry.id}


def looks(game) -> dict[str, dict]:
    """Each card's kind, colours, VP and deck kind (the catalogue's first copy), so that a card's
    face can be drawn from the catalogue alone (the card gallery, the prompt's card)."""
    out: dict[str, dict] = {}
    for c in game.cards:
        if c.id == c.entry.id:
            out[c.id] = {"kind": c.kind, "colours": list(c.entry.colours), "vp": c.vp, "empire": not c.common}
    return out


def board(game, faction: str) -> dict:
    b = game.data.boards[faction]
    return {
        "production": msgspec.to_builtins(b.production),
        "store": b.store,
        "provenance": b.provenance,
        "note": b.note,
    }


def effects(game, st, k: int) -> dict:
    """A card's parts as operation lists (see docs/games/imperial-settlers-data.md)."""
    c = game.cards[k]
    out: dict = {}
    if c.production:
        out["production"] = msgspec.to_builtins(c.production)
    if c.bonus:
        out["bonus"] = msgspec.to_builtins(c.bonus)
    act = c.action
    stand_in = False
    if act is None and c.stand_in is not None and st.options.get("stand_ins") == "on":
        act, stand_in = c.stand_in, True
    if act is not None:
        out["action"] = {
            "pay": dict(act.pay),
            "do": msgspec.to_builtins(act.do),
            "limit": act.limit,
            "stand_in": stand_in,
        }
    if c.triggers:
        out["triggers"] = [{"on": t.on, "colour": t.colour, "do": msgspec.to_builtins(t.do)} for t in c.triggers]
    return out


def place(game, st, seat: int, k: int) -> tuple[str, int | None]:
    """Where card k lies, as the seat sees it, and whose it is."""
    for i, p in enumerate(st.seats):
        if k in p.locations:
            return "location", i
        if k in p.deals:
            return "deal", i
        if k in p.foundations:
            return "foundation", i
        if i == seat and k in p.hand:
            return "hand", i
        if i == seat and k in p.hidden_foundations:
            return "hidden_foundation", i
    if k in getattr(st, "virtual", []):
        return "virtual", None
    if k in st.table:
        return "table", None
    if st.packets and seat < len(st.packets) and k in st.packets[seat]:
        return "packet", seat
    return "elsewhere", None


# The rule that allows each action a seat takes on its own (a choice inside an effect carries the
# rule its effect gave it).
RULES = {
    "build": "R57",
    "deal": "R67",
    "raze_hand": "R75",
    "raze": "R78",
    "activate": "R87",
    "activate2": "R91",
    "defend": "R102",
    "samurai": "R142",
    "pass": "R53",
    "end": "R55",
    "stop": "R97",
    "source": "R118",
    "exchange": "R95",
    "steal": "R169",
}


def describe(game, st, seat: int, a: int) -> dict:
    """``Game.describe_action``: the seat's legal action ``a``. A choice an effect asks carries
    the rule and the purpose its decision names."""
    frame = st.stack[-1] if st.stack else None
    out = _describe(game, st, seat, frame, a)
    verb = out["verb"]
    rule = RULES.get(verb) or (frame.args.get("rule") if frame is not None else None)
    if verb == "pick" and frame is not None and frame.kind == "pick_table":
        rule = frame.args.get("rule", "R34")
    elif verb == "pick" and frame is not None and frame.kind == "draft":
        rule = frame.args.get("rule", "R182")
    if rule:
        out["rule"] = rule
    return out


def _describe(game, st, seat: int, frame, a: int) -> dict:
    kind, k = game.action_space.kind(a)
    if kind in A.BLOCKS:
        c = game.cards[k]
        where, owner = place(game, st, seat, k)
        out = {"verb": kind, "card": c.id, "where": where, "owner": owner}
        if kind == "build":
            out.update(cost=dict(c.cost), discard=c.discard, costs=tokens_of(c.cost))
            form = "_".join(w for w, on in (("free", not c.cost), ("discard", c.discard)) if on)
            if form:
                out["form"] = form
        elif kind == "deal":
            out.update(good=c.deal, pay={"food": 1}, pays=["food:1"], gains=tokens_of({c.deal: 1}))
        elif kind == "raze_hand":
            out.update(bonus=dict(c.raze or {}), pay={"raze": 1}, pays=["raze:1"], gains=tokens_of(c.raze or {}))
        elif kind == "raze":
            extra = game.protection(st, owner, k) if owner is not None else 0
            out.update(
                bonus=dict(c.raze or {}),
                pay={"raze": 2 + extra},
                pays=tokens_of({"raze": 2 + extra}),
                gains=tokens_of(c.raze or {}),
            )
            if owner is None:
                out["form"] = "virtual"
        elif kind in ("activate", "activate2"):
            act = game.action_of(st, k)
            times = 2 if kind == "activate2" else 1
            pay = {g: n * times for g, n in act.pay.items()}
            out.update(times=times, pay=pay, pays=tokens_of(pay, pay=True))
            if act.pay:
                out["form"] = "pay"
        elif kind == "pick":
            if frame is not None and frame.kind == "pick_table":
                out.update(purpose="take", form="take")
            elif frame is not None and frame.kind == "draft":
                out.update(purpose="keep", form="keep")
            else:
                purpose = frame.args.get("purpose") if frame is not None else None
                out["purpose"] = purpose
                if purpose in words.PURPOSES:
                    out["form"] = words.PURPOSES[purpose]
        return out
    if a == A.PASS:
        return {"verb": "pass"}
    if a == A.END:
        if frame is not None and frame.kind == "after":
            return {"verb": "end"}
        if frame is not None and frame.kind == "exchange":
            return {"verb": "stop"}
        return {"verb": "decline", "purpose": frame.args.get("purpose") if frame is not None else None}
    if a in (A.CARD_COMMON, A.CARD_EMPIRE):
        deck = "common" if a == A.CARD_COMMON else "empire"
        return {"verb": "source", "deck": deck, "form": deck}
    if A.EXCHANGE <= a < A.EXCHANGE + 5:
        good = A.EXCHANGE_GOODS[a - A.EXCHANGE]
        return {"verb": "exchange", "good": good, "pay": {"worker": 2}, "gains": tokens_of({good: 1})}
    if A.OPTION <= a < A.OPTION + A.MAX_OPTIONS:
        n = a - A.OPTION
        out = {"verb": "option", "n": n, "number": n + 1}
        texts = frame.args.get("texts", []) if frame is not None else []
        ops = choice_ops(game, st, frame)
        if ops is not None and n < len(ops):
            out["ops"] = ops[n]
            if ops[n] and all(op["op"] == "gain" for op in ops[n]):  # an option of goods, in words
                gained: dict = {}
                for op in ops[n]:
                    for good, k in op.items():
                        if good != "op":
                            gained[good] = gained.get(good, 0) + k
                out.update(gains=tokens_of(gained), form="goods")
        elif n < len(texts) and frame is not None and frame.args.get("purpose") == "store a good":
            out.update(good=texts[n], gains=tokens_of({texts[n]: 1}), form="store")  # R126.1, R168
        elif n < len(texts) and frame is not None and frame.args.get("purpose") == "put a good on the location":
            out.update(good=texts[n], gains=tokens_of({texts[n]: 1}), form="put_on")  # R155
        elif n < len(texts) and texts[n] in RESOURCES:
            out.update(good=texts[n], gains=tokens_of({texts[n]: 1}), form="good")
        return out
    attack = getattr(A, "ATTACK", None)
    if attack is not None and attack <= a < attack + A.ATTACK_CARDS and a - attack < len(game.attacks):
        i = a - attack
        purpose = frame.args.get("purpose") if frame is not None else None
        out = {"verb": "attack", "attack": game.attacks[i].id, "target": game.target(i), "purpose": purpose}
        if purpose in words.PURPOSES:
            out["form"] = words.PURPOSES[purpose]
        return out
    if A.STEAL <= a < A.STEAL + 12:
        q, r = divmod(a - A.STEAL, 3)
        return {"verb": "steal", "owner": q, "good": RESOURCES[r], "gains": tokens_of({RESOURCES[r]: 1})}
    return {"verb": "action", "id": a}


def choice_ops(game, st, frame) -> list | None:
    """The options of a running "choose" operation, as operation lists."""
    if frame is None or frame.kind != "option":
        return None
    i = frame.args.get("frame")
    if i is None or not 0 <= i < len(st.run):
        return None
    fr = st.run[i]
    ops = game.runner.ops(fr)
    if fr.pc < len(ops) and isinstance(ops[fr.pc], Choose):
        return msgspec.to_builtins(ops[fr.pc].options)
    return None
