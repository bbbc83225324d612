"""What a seat decides now and what it cannot do, as parts for the locale's templates
(``Game.describe_decision``: ``prompt.<kind>.<form>``; ``Game.why_not``: ``why.<reason>``).

A choice a running effect asks is named by its purpose (the decision's ``purpose``, an English
phrase the effect gives); ``FORMS`` turns each purpose into the form of its templates. The card
whose effect asks is the frame's card (``source``), shown beside the prompt; what a choose's option
or a may's offer does is an effect reference (``words.ref``) that ``display_name`` words in the
reader's language.

Rule numbers refer to shared/rules/imperium.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import Decision

from . import actions as A
from . import playing, shared, words
from .vocab import AttackToll, Choose, Develop, Discard, MarketAdd, MarketToken, May, PayToAvoidAttack

if TYPE_CHECKING:
    from .rules import ImperiumRules
    from .state import Frame

# purpose of a running effect's choice -> the form of its prompt and its answers' words
FORMS = {
    "discard": "discard",
    "discard, or abandon a card garrisoned under {card}": "discard_garrison",
    "exhaust {card} to discard one card fewer": "discard_fewer",
    "discard at clean-up": "cleanup_discard",
    "put into history": "history",
    "put on top of your deck": "top_of_deck",
    "take from your discard pile": "retrieve_discard",
    "take from your history": "retrieve_history",
    "garrison": "garrison",
    "garrison this card under a region": "garrison_self",
    "recall": "recall",
    "abandon": "abandon",
    "return an unrest": "return_unrest",
    "give a card": "give",
    "exile from the market": "exile_market",
    "add tokens to a market card": "market_add",
    "take a card from the exile pile": "swap_in",
    "swap {card} with a market card": "swap_out",
    "acquire": "acquire",
    "play a card from your hand": "play_hand",
    "play a card from your discard pile": "play_discard",
    "develop": "develop",
    "develop on reshuffle": "develop_reshuffle",
    "take a fame card": "take_fame",
    "find a card": "find",
    "recall or exhaust a card to avoid the attack": "shield",
    "place a token on a market card": "market_token",
    "abandon {card} to swap a hand card with the top of your nation deck": "sacred_swap",
    "use an opponent's exhaust effect": "ambassador",
    "may": "may",
    "move the top card of your nation deck to its bottom": "nation_bottom",
    "shuffle your nation deck": "nation_shuffle",
    "pay to attack": "toll",
    "exhaust {card}": "reaction",
    "look at the top card of your nation deck": "sacred_look",
    "choose": "choose",
    "{card}: discard / back on top / history": "marvellous",
    "break through: declare a category": "break_through",
    "declare a category": "gamble",
    "break through for the declared category": "bt_source",
    "apply a solstice effect": "solstice_order",
    "put the fame cards back": "fame_order",
    "sink": "sink",
    "pay to avoid the attack": "avoid_pay",
    "exile from your hand": "exile_hand",
    "activate a quest": "quest_activate",
    "exile a quest": "quest_exile",
    "take the active quest": "quest_hand",
    "discard the active quest": "quest_discard",
    "exile": "exile_card",
    "take a token from": "steal_from",
}
KINDS = {  # decision kind -> the forms its purposes take
    "card": (
        "discard",
        "discard_garrison",
        "cleanup_discard",
        "history",
        "top_of_deck",
        "retrieve_discard",
        "retrieve_history",
        "garrison",
        "garrison_self",
        "recall",
        "abandon",
        "return_unrest",
        "give",
        "exile_market",
        "market_add",
        "swap_in",
        "swap_out",
        "acquire",
        "play_hand",
        "play_discard",
        "develop",
        "develop_reshuffle",
        "take_fame",
        "find",
        "shield",
        "market_token",
        "sacred_swap",
        "ambassador",
        "bt_source",
        "solstice_order",
        "fame_order",
        "sink",
        "exile_hand",
        "quest_activate",
        "quest_exile",
        "quest_hand",
        "quest_discard",
        "exile_card",
    ),
    "may": (
        "may",
        "may_other",
        "nation_bottom",
        "nation_shuffle",
        "toll",
        "reaction",
        "sacred_look",
        "discard_fewer",
        "avoid_pay",
    ),
    "option": ("choose", "marvellous", "steal_from"),
    "suit": ("break_through", "gamble"),
    "bt_source": ("bt_source",),
}
SUITS = ("region", "uncivilised", "civilised", "tributary")


def prompt_keys() -> set[str]:
    keys = {"prompt.turn", "prompt.activate"}
    for kind, forms in KINDS.items():
        keys.add(f"prompt.{kind}")
        keys.update(f"prompt.{kind}.{form}" for form in forms)
    return keys


def form(d: Decision) -> str:
    return FORMS.get(d.args.get("purpose", ""), "")


def frame_of(st, d: Decision) -> Frame | None:
    i = d.args.get("frame", -1)
    return st.run[i] if 0 <= i < len(st.run) else None


def asking_op(game: ImperiumRules, st, d: Decision):
    """The operation whose handler asked ``d`` (None for the rules' own decisions)."""
    fr = frame_of(st, d)
    if fr is None:
        return None
    ops = game.runner.ops(fr)
    return ops[fr.pc] if fr.pc < len(ops) else None


def source(game: ImperiumRules, st, d: Decision) -> str:
    """The card whose effect asks (its id), or the rules program that asks (a term)."""
    fr = frame_of(st, d)
    if fr is None:
        return ""
    if fr.card >= 0:
        return game.cards[fr.card].id
    k = fr.vars.get("card", -1)
    return game.cards[k].id if isinstance(k, int) and k >= 0 else fr.part


def option_ref(game: ImperiumRules, st, d: Decision, n: int, mood: str = "imp") -> str | None:
    """What option ``n`` of a choose does, as an effect reference."""
    fr = frame_of(st, d)
    op = asking_op(game, st, d)
    if fr is None or fr.card < 0 or not isinstance(op, Choose):
        return None
    return words.ref(game.cards[fr.card].id, fr.face, fr.part, [*fr.path, fr.pc, "options", n], mood)


def offer_ref(game: ImperiumRules, st, d: Decision) -> str | None:
    """What a may offers (its ``do``), or what exhausting a reactive card does."""
    fr = frame_of(st, d)
    op = asking_op(game, st, d)
    if fr is None:
        return None
    if isinstance(op, May) and fr.card >= 0:
        return words.ref(game.cards[fr.card].id, fr.face, fr.part, [*fr.path, fr.pc, "do"], "inf")
    k = d.args.get("card", -1)
    if form(d) == "reaction" and k >= 0:
        face = shared.side_of(st.seats[fr.seat], k)
        return words.ref(game.cards[k].id, face, "exhaust", [0, "do"], "purpose")
    return None


def tokens_ref(amounts: dict) -> str:
    return words.tokens_ref(amounts)


# --- describe_decision ---------------------------------------------------------------------------


def describe_decision(game: ImperiumRules, st, seat: int) -> dict | None:
    d = st.stack[-1] if st.stack else None
    if d is None or seat not in d.seats or st.over:
        return None
    p = st.seats[seat]
    if d.kind == "turn":
        unrest = sum(1 for k in p.hand if "unrest" in game.cards[k].suits)
        return {"kind": "turn", "unrest": unrest, "holding": "yes" if unrest else "no", "rule": "R67"}
    if d.kind == "activate":
        return {"kind": "activate", "actions": p.actions, "exhausts": p.exhausts, "rule": "R69"}
    out: dict = {"kind": d.kind, "source": source(game, st, d), "rule": d.args.get("rule")}
    fr = frame_of(st, d)
    shown = fr.card if fr is not None and fr.card >= 0 else d.args.get("card", -1)
    if shown is not None and shown >= 0:
        out["card"] = game.cards[shown].id
    name = form(d)
    if d.kind == "card":
        name = name if name in KINDS["card"] else ""
        op = asking_op(game, st, d)
        left = fr.vars.get("_n") if fr is not None else None
        out["n"] = left if isinstance(left, int) else getattr(op, "n", 1) if isinstance(op, Discard) else 1
        out["more"] = "yes" if out["n"] > 1 else "no"  # "(3 to go)"
        if name == "give" and fr is not None:
            out["target"] = (fr.vars.get("_targets") or [seat])[0]
        if name == "shield" and fr is not None:
            out["owner"] = fr.by
        if name in ("market_add", "market_token"):
            out["tokens"] = tokens_ref(market_tokens(game, st, seat, op))
        if name == "swap_out":
            out["swapped"] = game.cards[d.args["card"]].id
        if name == "discard_garrison":  # Stone Heads
            out["heads"] = game.cards[d.args["card"]].id
    elif d.kind == "may":
        if name == "may" and fr is not None and fr.by != seat:
            name = "may_other"
            out["owner"] = fr.by
        offer = offer_ref(game, st, d)
        if offer:
            out["text"] = offer
        if name == "toll":
            out["target"] = d.args.get("target")
            out["tokens"] = tokens_ref(toll(game, st, d))
        if name == "reaction":
            out["card"] = game.cards[d.args["card"]].id
        if name == "discard_fewer":  # Step Pyramids
            out["pyramid"] = game.cards[d.args["card"]].id
        if name == "avoid_pay" and fr is not None:  # Daochang (R145)
            out["owner"] = fr.by
            fees = shared.active(game, st, seat, PayToAvoidAttack)
            out["tokens"] = tokens_ref(dict(fees[0].args) if fees else {})
    elif d.kind == "option" and name == "marvellous":
        out["drawn"] = game.cards[d.args["card"]].id
    elif d.kind == "option" and name == "steal_from":  # R170, G29
        op = asking_op(game, st, d)
        out["res"] = getattr(op, "res", "")
    elif d.kind == "bt_source":
        suit = d.args.get("suit") or (fr.vars.get("_suit") if fr is not None else "")
        out["category"] = suit
    if name in KINDS.get(d.kind, ()):
        out["form"] = name
    return out


def market_tokens(game: ImperiumRules, st, seat: int, op) -> dict:
    """The tokens a market_add puts on a card, or the clean-up token (R84-R86)."""
    if isinstance(op, MarketAdd):
        return {res: getattr(op, res) for res in shared.RES if getattr(op, res)}
    tokens: dict = {"progress": 1}
    for x in shared.active(game, st, seat, MarketToken):
        tokens = dict(x.args)
    return tokens


def toll(game: ImperiumRules, st, d: Decision) -> dict:
    target = d.args.get("target", -1)
    if target < 0:
        return {}
    for k in st.seats[target].play:
        for x in game.cards[k].passive:
            if isinstance(x, AttackToll):
                return dict(x.args)
    return {}


# --- why_not -------------------------------------------------------------------------------------


def why_not(game: ImperiumRules, st, seat: int) -> list[dict]:
    """Cards the seat would expect to play or exhaust, develop, acquire or choose but cannot,
    with the reason the rules give (the same checks legality uses: playing.refusal)."""
    d = st.stack[-1] if st.stack else None
    if d is None or seat not in d.seats or st.over:
        return []
    out: list[dict] = []
    p = st.seats[seat]
    if d.kind == "activate":
        for k in dict.fromkeys(p.hand):
            reason = playing.play_refusal(game, st, seat, k)
            if reason is not None:
                out.append(worded(game, st, seat, k, "play", *reason))
        for k in dict.fromkeys([*shared.power_cards(p), *p.play]):
            if not game.face(k, shared.side_of(p, k)).exhaust:
                continue
            reason = playing.exhaust_refusal(game, st, seat, k)
            if reason is not None:
                out.append(worded(game, st, seat, k, "exhaust", *reason))
        return out
    if d.kind == "option":
        op = asking_op(game, st, d)
        fr = frame_of(st, d)
        if isinstance(op, Choose) and fr is not None:
            for i, option in enumerate(op.options):
                if A.OPTION + i in d.args["options"]:
                    continue
                item = {"reason": "option", "verb": "option", "card": None, "rule": "R164"}
                item["text"] = option_ref(game, st, d, i, "inf")
                reason = playing.refusal_of(game, st, seat, option, fr.card)
                if reason is not None and reason[0] == "cost":
                    item.update(cost_parts(p, reason[2]["cost"]), form="cost")
                out.append(item)
        return out
    if d.kind == "card" and form(d) in ("develop", "develop_reshuffle"):
        op = asking_op(game, st, d)
        free = isinstance(op, Develop) and op.free
        offered = {a - game.action_space.card for a in d.args["options"]}
        for k in p.development:
            if k not in offered and not free:
                cost = shared.dev_cost(game, st, seat, k)
                out.append(worded(game, st, seat, k, "develop", "cost", "R171", {"cost": cost}))
        return out
    if d.kind == "card" and form(d) == "acquire":
        offered = {a - game.action_space.card for a in d.args["options"]}
        for slot in st.market:
            if slot.card >= 0 and slot.card not in offered:
                out.append({"reason": "not_asked", "verb": "acquire", "card": game.cards[slot.card].id, "rule": "R130"})
    return out


def worded(game: ImperiumRules, st, seat: int, k: int, verb: str, reason: str, rule: str | None, parts: dict) -> dict:
    """A refusal's parts for its template: a payment as what it needs and what the seat has,
    an operation as the words of its reference."""
    if "cost" in parts:
        parts = {**parts, **cost_parts(st.seats[seat], parts["cost"])}
    return {"reason": reason, "verb": verb, "card": game.cards[k].id, "rule": rule, **parts}


def cost_parts(p, cost: dict) -> dict:
    """What a payment needs and what the seat has that could pay it ("needs 4 materials, you
    have 1 material and 2 progress"), as token references."""
    kinds = [res for res in shared.RES if cost.get(res)]
    if kinds:  # progress stands in for materials and population (R165)
        kinds = [res for res in shared.RES if res in kinds or res == "progress"]
    have = {res: getattr(p, res) for res in kinds}
    if cost.get("action"):
        have["action"] = p.actions
    return {"cost": tokens_ref(cost), "have": tokens_ref(have)}
