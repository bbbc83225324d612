"""What one seat may see, action texts, card texts, and determinization for search.

Hidden (A33, R33, D14): every hand but your own (its size is open), and the technology side of a
card another player keeps resource side up in his zone (its resource is open). Open: the pyramid,
every technology-side card, temporary resources, military strength, wonders, glory tokens, the VP
cards. The set of cards a player owns is open too (his start cards and what he bought), so his
score is. [COMB] The top card of each development stack is open and the rest hidden (D13 leaves it
open; the top is what a buyer would take, so it is shown).
"""

from __future__ import annotations

from epochal.engine.hidden import shuffle

from . import actions as A
from .cards import (
    EPOCHS,
    RESOURCES,
    ActivateAttacks,
    Attack,
    EachOther,
    EachPlayer,
    Gain,
    GiveWonder,
    HandOver,
    Lose,
    LoseVp,
    Pay,
    PayVp,
    PlayAttacks,
    Reactivate,
    Restore,
    Use,
    Vp,
    display_name,
    missing,
    provenance,
)
from .decisions import pay_all_plan
from .effects import reactivating
from .rules import COLOURS, PHASE_OF
from .state import EMPTY

PROMPTS = {
    "start_resource": "Play one start card resource side up before the game, or pass (R44)",
    "play_resource": "Resource phase: play one card from your hand resource side up (R48)",
    "play_technology": "Technology phase: play one card from your hand technology side up (R50)",
    "activate": "Activate the card you just played, or skip its effect (R51, R52)",
    "pay": "Pay: spend one resource at a time (R78, R79)",
    "purchase": "Purchase phase: buy one card you can pay for, or pass (R74)",
    "respond": "You are attacked: play response cards, spend resources to reveal military, or pass (R63)",
    "restore": "Restore one of your technology-side cards (R35)",
    "target": "Choose the opponent whose resource the effect uses (R55)",
    "take": "Choose which of that opponent's resource cards to use (R55)",
    "lose": "You are defeated: spend one of your resource cards (R66)",
    "hand_over": "You are defeated: hand one of your resources over to the attacker (R66)",
    "give_wonder": "You are defeated: give the attacker one of your wonders (R66)",
    "play_attack": "Play an Attack card from your hand; it is activated at once (R58)",
    "activate_attack": "Activate an Attack card of your zone, or stop (R57)",
    "claim": "Take one wonder whose build condition you meet (R85)",
    "recall": "Take a resource-side card back into your hand, or stop (R85, R92)",
    "glory": "Place a glory token on a wonder whose condition you meet (R93)",
    "move_glory": "Move one of your glory tokens onto a wonder whose condition you meet, or pass (A24)",
}
REACTIVATE = "Re-activate a technology of your zone, or stop (R53)"
LOSE_BY_EFFECT = "A card's effect: spend one of your resource cards, your choice (R54)"
CLAUSE_WORDS = {
    "resource_cards": "{n} {of} resource card(s) in your zone",
    "tech_cards": "{n} {of} card(s) technology side up in your zone",
    "military": "military strength {n}",
    "cards": "{n} civilization cards",
    "epoch_cards": "{n} {of} card(s) owned",
    "recalled_vp": "{n} VP on the cards taken back this turn",
    "vp": "{n} VP on your VP card",
    "wonders": "{n} wonder(s)",
}


# --- card texts --------------------------------------------------------------------------------


def res_text(res: dict) -> str:
    return ", ".join(f"{n} {name}" for name, n in res.items() if n) or "nothing"


def describe_op(op) -> str:
    if isinstance(op, Pay):
        return f"pay {res_text(op.res)}"
    if isinstance(op, PayVp):
        return f"pay {op.n} VP"
    if isinstance(op, Gain):
        return f"gain {res_text(op.res)} for this turn"
    if isinstance(op, Restore):
        what = "card" if op.res == "any" else f"{op.res} card"
        return f"restore up to {op.n} {what}{'s' if op.n > 1 else ''} of yours"
    if isinstance(op, Vp):
        return f"gain {op.n} VP"
    if isinstance(op, Use):
        what = "resource" if op.res == "any" else f"{op.res} resource"
        gain = " (you gain it this turn)" if op.gain else ""
        return f"use {op.n} {what}{'s' if op.n > 1 else ''} of one opponent{gain}"
    if isinstance(op, EachPlayer):
        return f"each player, you first: {describe_ops(op.do)}"
    if isinstance(op, EachOther):
        return f"each other player, clockwise from you: {describe_ops(op.do)}"
    if isinstance(op, Attack):
        parts = ["attack every opponent"]
        if op.defeated:
            parts.append(f"each defeated one: {describe_ops(op.defeated)}")
        if op.vp:
            parts.append(f"{op.vp} VP to you and to every undefeated opponent")
        return "; ".join(parts)
    if isinstance(op, HandOver):
        return f"hands {op.n} resource{'s' if op.n > 1 else ''} over to the attacker"
    if isinstance(op, Lose):
        return f"loses {op.n} resource{'s' if op.n > 1 else ''} of their choice"
    if isinstance(op, GiveWonder):
        return "gives the attacker a wonder"
    if isinstance(op, LoseVp):
        return f"loses {op.n} VP" + (" to the attacker" if op.to_attacker else "")
    if isinstance(op, PlayAttacks):
        return f"play up to {op.n} Attack card{'s' if op.n > 1 else ''} from your hand and activate each"
    if isinstance(op, ActivateAttacks):
        return f"activate up to {op.n} Attack card{'s' if op.n > 1 else ''} of your zone"
    if isinstance(op, Reactivate):
        what = "technolog" + ("ies" if op.n > 1 else "y") + ("" if op.type == "any" else f" ({op.type})")
        return f"re-activate up to {op.n} {what} of your zone, each for its own cost"
    return type(op).__name__


def describe_ops(ops) -> str:
    return "; ".join(describe_op(op) for op in ops) or "no effect"


def clause_text(clauses) -> str:
    return ", ".join(CLAUSE_WORDS[c.what].format(n=c.at_least, of=c.of or "") for c in clauses) or "none"


def card_info(game, k: int) -> dict:
    """A card's facts as views show them (a copy: the words are worked out once per card)."""
    info = game.card_infos.get(k)
    if info is None:
        info = game.card_infos[k] = _card_info(game, k)
    return dict(info)


def _card_info(game, k: int) -> dict:
    c = game.civ[k]
    return {
        "id": c.id,
        "name": c.name.get("en", ""),
        "name_ru": c.name.get("ru"),
        "theme": c.theme,
        "type": c.type,
        "resource": c.resource,
        "cost": dict(c.cost),
        "vp": c.vp,
        "military": c.military,
        "response": c.response,
        "two_player": c.two_player,
        "text": describe_ops(c.effect),
        "provisional": provenance(c) != "exact",
        "missing": missing(c),
        "colour": COLOURS[game.colour_of[k]] if game.colour_of[k] >= 0 else None,
    }


def wonder_info(game, w: int) -> dict:
    """A wonder's facts as views show them (a copy, worked out once per wonder)."""
    info = game.wonder_infos.get(w)
    if info is None:
        info = game.wonder_infos[w] = _wonder_info(game, w)
    return dict(info)


def _wonder_info(game, w: int) -> dict:
    # Not the card the wonder depicts (R26): setup has used it (R43), and a card id in a view
    # reads as a card its seat can see, wherever that card lies hidden.
    x = game.wonder_list[w]
    condition = clause_text(x.build) if x.theme == "new_world" else clause_text(x.glory)
    return {
        "id": x.id,
        "name": x.name.get("en", ""),
        "name_ru": x.name.get("ru"),
        "epoch": x.epoch,
        "vp": x.vp,
        "text": condition,
        "tokens": x.tokens,
        "two_player": x.two_player,
        "provisional": provenance(x) != "exact",
        "missing": missing(x),
    }


# --- the view ----------------------------------------------------------------------------------


def view(game, st, seat: int | None, face_up: bool = False) -> dict:
    """``face_up``: with ``seat`` None, the finished game's replay with every seat's own cards
    shown (``open_view``)."""
    track = game.track(st)
    keys = game.keys
    shown: set[int] = set()
    extra = game.slot_surcharges(st)
    pyramid = []
    for r, row in enumerate(st.pyramid):
        entries = []
        for i, k in enumerate(row):
            if k != EMPTY:
                shown.add(k)
            entries.append(
                {
                    "slot": f"{r + 1}.{i}",
                    "card": keys[k] if k != EMPTY else None,
                    "surcharge": extra[A.slot_id(r, i)] if k != EMPTY else None,
                }
            )
        pyramid.append(entries)
    stacks = None
    if st.stacks:
        stacks = {}
        for e, stack in enumerate(st.stacks):
            if stack:
                shown.add(stack[-1])
            stacks[EPOCHS[e]] = {
                "count": len(stack),
                "top": keys[stack[-1]] if stack else None,
                "surcharge": game.stack_surcharge(st, e),
            }
    wonders = []
    for e, w in enumerate(st.wonders):
        owner = game.owner(st, w)
        wonders.append(
            {
                "epoch": EPOCHS[e],
                "wonder": game.wkeys[w],
                "taken_by": owner if owner >= 0 else None,
                "glory": list(st.glory[e]),
            }
        )
    seats = []
    for i, p in enumerate(st.seats):
        zone = []
        for k in p.zone:
            tech = k in p.tech
            visible = tech or i == seat or face_up
            if visible:
                shown.add(k)
            zone.append(
                {
                    "card": keys[k] if visible else None,
                    "side": "technology" if tech else "resource",
                    "resource": RESOURCES[game.res[k]],
                }
            )
        if i == seat or face_up:
            shown.update(p.hand)
        seats.append(
            {
                "seat": i,
                "colour": COLOURS[i],
                "hand": [keys[k] for k in p.hand] if i == seat or face_up else None,
                "hand_count": len(p.hand),
                "zone": zone,
                "wonders": [game.wkeys[w] for w in p.wonders],
                "vp_track": p.vp if track else None,
                "glory_left": p.glory if track else None,
                "temp": {RESOURCES[t]: n for t, n in enumerate(p.temp) if n},
                "military": game.military(p),
                "score": game.score_seat(st, i).total,
            }
        )
    attack = None
    if st.attack is not None:
        a = st.attack
        top = st.stack[-1] if st.stack else None
        waiting = top.seats[0] if top is not None and top.kind == "respond" else None
        attack = {
            "attacker": a.attacker,
            "card": keys[a.card],
            "strength": a.strength,
            "waiting": waiting,
            "responded": list(a.responded),
            "defeated": list(a.defeated),
        }
        shown.add(a.card)
    payment = None
    if st.payment is not None:
        pm = st.payment
        payment = {
            "for": keys[pm.card],
            "seat": pm.seat,
            "purpose": pm.purpose,
            "cost": {RESOURCES[t]: n for t, n in enumerate(pm.cost) if n},
            "any": pm.any,
            "paid": [RESOURCES[t] for t in pm.picked],
        }
        shown.add(pm.card)
    # a spectator has no legal actions
    entries = [legal_entry(game, st, seat, a) for a in game.legal(st, seat)] if seat is not None else []
    for entry in entries:
        if entry.get("card"):
            shown.add(game.index_of[entry["card"]])
    out = {
        "game": game.name,
        "players": st.players,
        "options": dict(st.options),
        "theme": st.options["theme"],
        "data": {"status": game.data_status(), "provisional": game.provisional()},
        "you": seat,
        "turn": st.turn,
        "first": st.first,
        "round": st.round,
        "ply": st.ply,
        "over": st.over,
        "phase": PHASE_OF[st.step],
        "pyramid": pyramid,
        "stacks": stacks,
        "wonders": wonders,
        "seats": seats,
        "attack": attack,
        "payment": payment,
        "decision": decision_view(game, st),
        "legal": entries,
        "cards": {keys[k]: card_info(game, k) for k in sorted(shown)},
        "wonder_cards": {game.wkeys[w]: wonder_info(game, w) for w in st.wonders},
        "scores": ([{"total": s.total, **s.breakdown} for s in game.scores(st)] if st.over else None),
        "winners": game.winners(st) if st.over else None,
    }
    return out


def open_view(game, st) -> dict:
    """Every hand and the technology side of every card kept resource side up, face up; the
    order of the development stacks stays hidden, as it was from every seat."""
    return view(game, st, None, face_up=True)


def decision_view(game, st) -> dict:
    if st.over or not st.stack:
        return {"kind": "over", "seat": None, "prompt": "The game is over"}
    d = st.stack[-1]
    prompt = PROMPTS.get(d.kind, d.kind)
    if d.kind == "lose" and st.run and "attacker" not in st.run[-1].vars:  # each_other, each_player
        prompt = LOSE_BY_EFFECT
    if reactivating(game, st):
        prompt = REACTIVATE
    return {"kind": d.kind, "seat": d.seats[0], "prompt": prompt}


def legal_entry(game, st, seat: int, a: int) -> dict:
    kind, arg = game.action_space.kind(a)
    entry = {"id": a, "text": action_text(game, st, seat, a), "kind": kind}
    if kind in A.CARD_BLOCKS:
        entry["card"] = game.keys[arg]
    elif kind == "spend_res":
        entry["kind"] = "spend"
        entry["res"] = RESOURCES[arg]
    elif kind in ("activate", "skip"):
        entry["card"] = game.keys[st.stack[-1].args["card"]]
    elif kind == "buy":
        r, i = A.slot_of(arg)
        entry["slot"] = f"{r + 1}.{i}"
        entry["card"] = game.keys[st.pyramid[r][i]]
        entry["surcharge"] = game.slot_surcharges(st)[arg]
    elif kind == "buy_stack":
        entry["epoch"] = EPOCHS[arg]
        entry["card"] = game.keys[st.stacks[arg][-1]]
        entry["surcharge"] = game.stack_surcharge(st, arg)
    elif kind == "target":
        entry["seat"] = arg
    elif kind == "take":
        q, i = divmod(arg, A.ZONE_MAX)
        entry.update(seat=q, index=i, card=None, res=RESOURCES[game.res[st.seats[q].zone[i]]])
    elif kind in A.WONDER_BLOCKS:
        entry["wonder"] = game.wkeys[arg]
    elif kind == "move_glory":
        to, src = divmod(arg, 5)
        entry.update(wonder=game.wkeys[st.wonders[to]], **{"from": game.wkeys[st.wonders[src]]})
    elif kind == "pay_all":
        entry.update(pay_all_parts(game, st, seat))
    if kind == "lose" and st.stack and st.stack[-1].kind == "hand_over":
        entry["hand_over"] = True
    return entry


def pay_all_parts(game, st, seat: int) -> dict:
    """What "pay the rest" spends: ``cards`` (the zone cards it turns over, by resource),
    ``from_cards`` (their resources) and ``temporary`` (the temporary resources it uses), each
    count a dict of resource -> n in the order of R11."""
    cards: list[int] = []
    temporary = [0] * len(RESOURCES)
    for a in pay_all_plan(game, st, seat):
        kind, arg = game.action_space.kind(a)
        if kind == "spend_res":
            temporary[arg] += 1
        else:
            cards.append(arg)
    from_cards = [0] * len(RESOURCES)
    for k in cards:
        from_cards[game.res[k]] += 1
    return {
        "cards": [game.keys[k] for k in cards],
        "from_cards": {RESOURCES[t]: n for t, n in enumerate(from_cards) if n},
        "temporary": {RESOURCES[t]: n for t, n in enumerate(temporary) if n},
    }


def card_name(game, k: int) -> str:
    c = game.civ[k]
    name = display_name(c)
    return f"{name} ({game.keys[k]})" if name != c.id else game.keys[k]


def action_text(game, st, seat: int, a: int) -> str:
    kind, arg = game.action_space.kind(a)
    top = st.stack[-1] if st.stack else None
    if kind in A.CARD_BLOCKS:
        name = card_name(game, arg)
        res = RESOURCES[game.res[arg]]
        return {
            "start_resource": f"play {name} resource side up ({res})",
            "play_resource": f"play {name} resource side up ({res})",
            "play_technology": f"play {name} technology side up",
            "spend": f"pay with {name} ({res})",
            "respond": f"respond with {name} (military {game.mil[arg]})",
            "respond_spend": f"spend {name} ({res}) to reveal its military {game.mil[arg]}",
            "restore": f"restore {name} to its resource side ({res})",
            "lose": (
                f"hand {name} ({res}) over to the attacker"
                if top is not None and top.kind == "hand_over"
                else f"lose {name} ({res})"
            ),
            "recall": f"take {name} ({res}) back into your hand",
            "play_attack": f"play and activate {name}",
            "activate_attack": f"activate {name}",
        }[kind]
    if kind in A.WONDER_BLOCKS:
        w = game.wonder_list[arg]
        name = display_name(w)
        return {
            "claim": f"take the wonder {name} ({w.vp} VP)",
            "glory": f"place a glory token on {name}",
            "give_wonder": f"give {name} to the attacker",
        }[kind]
    if kind == "pass":
        if top is None:
            return "pass"
        if reactivating(game, st):
            return "activate no more cards"
        return {
            "purchase": "buy nothing",
            "respond": "stop responding",
            "start_resource": "take no starting resource",
            "recall": "keep the rest",
            "play_attack": "play no more Attack cards",
            "activate_attack": "activate no more Attack cards",
            "move_glory": "move no glory token",
        }.get(top.kind, "pass")
    if kind in ("activate", "skip"):  # legal only while the card's Activate decision is on top
        name = card_name(game, st.stack[-1].args["card"])
        return f"activate {name}" if kind == "activate" else f"do not activate {name}"
    if kind == "spend_res":
        return f"pay with a temporary {RESOURCES[arg]}"
    if kind == "pay_all":
        parts = pay_all_parts(game, st, seat)
        spent = []
        if parts["cards"]:
            names = ", ".join(card_name(game, game.index_of[key]) for key in parts["cards"])
            spent.append(f"{names} ({res_text(parts['from_cards'])})")
        if parts["temporary"]:
            spent.append(f"temporary {res_text(parts['temporary'])}")
        return "pay the rest at once: " + " and ".join(spent)
    if kind == "target":
        return f"choose seat {arg} ({COLOURS[arg]})"
    if kind == "take":
        q, i = divmod(arg, A.ZONE_MAX)
        k = st.seats[q].zone[i]
        return f"use the {RESOURCES[game.res[k]]} resource of seat {q} (zone position {i})"
    if kind == "buy":
        r, i = A.slot_of(arg)
        k = st.pyramid[r][i]
        extra = game.slot_surcharges(st)[arg]
        cost = res_text(game.civ[k].cost)
        return f"buy {card_name(game, k)} for {cost}" + (f" + {extra} any" if extra else "")
    if kind == "buy_stack":
        k = st.stacks[arg][-1]
        extra = game.stack_surcharge(st, arg)
        return f"buy {card_name(game, k)} from the {EPOCHS[arg]} stack for {res_text(game.civ[k].cost)}" + (
            f" + {extra} any" if extra else ""
        )
    if kind == "move_glory":
        to, src = divmod(arg, 5)
        return (
            f"move a glory token from {display_name(game.wonder_list[st.wonders[src]])} "
            f"to {display_name(game.wonder_list[st.wonders[to]])}"
        )
    return f"action {a}"


# --- determinization -----------------------------------------------------------------------------


def determinize(game, st, seat: int, rng):
    """Re-deal what ``seat`` cannot see. For each other seat, the cards hidden from ``seat`` (its
    hand and its resource-side zone cards) are permuted among those positions, a card going to a
    zone position only if its resource matches; ownership never changes (R33, A33, D14). [COMB]
    The cards below each development stack's top are shuffled within the stack."""
    out = st.clone()
    out.rng = rng.getrandbits(64)
    res = game.res
    for i, p in enumerate(out.seats):
        if i == seat:
            continue
        slots = [j for j, k in enumerate(p.zone) if k not in p.tech]
        pool = sorted([p.zone[j] for j in slots] + p.hand)  # the deal must not depend on where they lay
        shuffle(pool, rng)
        shuffle(slots, rng)
        for j in slots:
            want = res[p.zone[j]]
            pick = next(x for x, k in enumerate(pool) if res[k] == want)
            p.zone[j] = pool.pop(pick)
        p.hand = pool
        if p.recalled:
            # Cards taken back this turn are in the hand; which ones is partly hidden (a
            # resource side's card), so the list keeps its length with cards of the re-dealt
            # hand (E12 counts their VP), chosen without looking at the true list.
            p.recalled = pool[: len(p.recalled)]
    for stack in out.stacks:
        if len(stack) > 2:
            below = sorted(stack[:-1])
            shuffle(below, rng)
            stack[:-1] = below
    return out
