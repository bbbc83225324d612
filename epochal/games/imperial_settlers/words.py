"""Imperial Settlers in the reader's words: card names, each card's text generated from its typed
operations, goods with their plural forms, the sentence for each decision and the things a seat
cannot do now, and why.

Every sentence comes from a template of ``locale/<lang>.json`` (ICU-style, ``engine.messages``):
``count.<good>`` words a number of goods, ``op.<tag>`` an operation of ``vocab.py``, ``card.<line>``
a line of a card's text, ``prompt.<kind>[.<form>]`` a decision, ``why.<reason>[.<form>]`` a
refusal. Parts a template takes from the engine's wording (``engine.locale``) are plain values: a
card id (worded by ``display_name``), a goods token such as ``"wood:2"`` (worded as "2 wood"), a
good's key (its word), a seat, a number.

Names: a card's name in the reader's language is its edition's name where a source gives it
(``name``, ``name_ru``); otherwise our translation of a known name's meaning (``translated``),
marked as unofficial with a trailing "*" (``cards.display_name``); ``name_sources`` tells the
board which names are known, for the hover.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from epochal.engine.locale import templates, ui_strings
from epochal.engine.messages import format_message

from . import actions as A
from .cards import display_name as entry_name
from .cards import official_name
from .decisions import refusal
from .empire import tokens_of
from .view import running_card, shown_cards
from .vocab import (
    RESOURCES,
    Choose,
    CopyProduction,
    FoundationFromHand,
    Gain,
    GainPer,
    LookEmpire,
    PutOn,
    RazeLocation,
    Samurai,
    Tuck,
)

if TYPE_CHECKING:
    from .cards import Phys
    from .rules import SettlersRules

# The goods a number is worded for (count.<good>): a supply's, VP, gained cards, samurai, and in
# a payment a card from the hand and one of your deals.
COUNTED = (
    "wood",
    "stone",
    "food",
    "gold",
    "worker",
    "raze",
    "defence",
    "vp",
    "card",
    "common_card",
    "empire_card",
    "samurai",
    "hand_card",
    "deal",
)
TOKEN = re.compile(r"^([a-z_]+):(\d+)$")
RULE = re.compile(r"\b[RA]\d+[a-z]?\b")
GAIN_FIELDS = [f for f in Gain.__struct_fields__]


# --- templates and goods ------------------------------------------------------------------------


def say(game: SettlersRules, lang: str, key: str, **args) -> str:
    """The template ``key`` of ``lang`` (English where ``lang`` lacks it) with ``args``."""
    for table in (templates(game.name, lang), templates(game.name, "en")):
        template = table.get(key)
        if template:
            return format_message(template, args, lang)
    raise KeyError(f"no template {key!r}")


def count(game: SettlersRules, lang: str, good: str, n: int) -> str:
    """``n`` of ``good`` with the plural form ``n`` takes ("2 workers", «2 рабочих»)."""
    return say(game, lang, f"count.{good}", n=n)


def goods_text(game: SettlersRules, lang: str, goods: dict, pay: bool = False) -> str:
    """Goods as words: "1 wood, 2 workers"."""
    parts = [word_token(game, lang, t) for t in tokens_of(goods, pay)]
    return ", ".join(p for p in parts if p) or say(game, lang, "goods.none")


def word_token(game: SettlersRules, lang: str, token: str) -> str | None:
    m = TOKEN.match(token)
    if m is None or m.group(1) not in COUNTED:
        return None
    return count(game, lang, m.group(1), int(m.group(2)))


def good_word(game: SettlersRules, lang: str, good: str) -> str:
    return ui_strings(game.name, lang).get(f"good.{good}", good)


@cache
def _attacks(game: SettlersRules) -> dict[str, str]:
    return {a.id: a.target for a in game.attacks}


def display_name(game: SettlersRules, text: str, lang: str) -> str | None:
    """A card id as the card's name, a solo attack card's id as its name, a goods token as its
    number and word, a good's key as its word; None for anything else."""
    k = game.index_of.get(text)
    if k is not None:
        return entry_name(game.cards[k].entry, lang)
    target = _attacks(game).get(text)
    if target is not None:
        return say(game, lang, "attack.name", good=good_word(game, lang, target))
    if ":" in text:
        return word_token(game, lang, text)
    if text in COUNTED:
        return good_word(game, lang, text)
    return None


def name_sources(game: SettlersRules) -> dict[str, dict[str, dict[str, str]]]:
    """For each card (an entry's id) whose name in some language is unofficial: per language, the
    names the editions print that are known (``cs``, ``en``, ``ru``), and ``probable`` when the
    English name is probable rather than established; the board shows them on hover."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for entry, _ in game.data.entries:
        known = {"cs": entry.name_cs, "en": entry.name, "ru": entry.name_ru}
        for lang in ("en", "ru"):
            if official_name(entry, lang):
                continue
            editions = {ed: name for ed, name in known.items() if name and ed != lang}
            if lang == "en" and entry.name_probable and not entry.translated.get("en"):
                editions["probable"] = entry.name_probable
            out.setdefault(entry.id, {})[lang] = editions
    return out


# --- operations and card texts -----------------------------------------------------------------


def op_text(game: SettlersRules, op, lang: str) -> str:
    """One operation of the vocabulary through its template ``op.<tag>``."""
    tag = op.__struct_config__.tag
    args: dict = {}
    if isinstance(op, Gain):
        args["goods"] = goods_text(game, lang, {f: getattr(op, f) for f in GAIN_FIELDS})
    elif isinstance(op, GainPer):
        args.update(
            good=count(game, lang, op.good, 1),
            what="samurai" if op.samurai else "colour",
            colour=say(game, lang, f"colour.{op.colour}") if op.colour else "",
            max=op.max or 0,
        )
    elif isinstance(op, Choose):
        joiner = say(game, lang, "op.or")
        args["options"] = joiner.join(ops_text(game, option, lang) for option in op.options)
    elif isinstance(op, LookEmpire):
        args.update(n=op.n, keep=op.keep)
    elif isinstance(op, CopyProduction):
        args["other"] = "yes" if op.other else "no"
    elif isinstance(op, (Samurai, Tuck, PutOn)):
        args["n"] = op.n
    elif isinstance(op, RazeLocation):
        args["protection"] = op.protection
    elif isinstance(op, FoundationFromHand):
        args["goods"] = goods_text(game, lang, {r: getattr(op, r) for r in RESOURCES})
    return say(game, lang, f"op.{tag}", **args)


def ops_text(game: SettlersRules, ops: list, lang: str) -> str:
    return say(game, lang, "op.join").join(op_text(game, op, lang) for op in ops)


# The kinds of a card's text lines, in order; the board draws cost, deal, raze bonus, VP and a
# copy's differences as icons (a copy may differ from the card's first copy) and the rest as words.
LINE_KINDS = (
    "cost",
    "production",
    "bonus",
    "action",
    "stand_in",
    "trigger",
    "ability",
    "deal",
    "raze",
    "vp",
    "variant",
)


def card_lines(game: SettlersRules, c: Phys, lang: str) -> list[tuple[str, str]]:
    """The card's text as (kind, line) pairs, each generated from the card's data."""
    e = c.entry
    lines: list[tuple[str, str]] = [("cost", cost_line(game, lang, c.cost, c.discard))]
    if c.production:
        lines.append(("production", say(game, lang, "card.production", ops=ops_text(game, c.production, lang))))
    if c.bonus:
        lines.append(("bonus", say(game, lang, "card.bonus", ops=ops_text(game, c.bonus, lang))))
    for kind, act in (("action", c.action), ("stand_in", c.stand_in)):
        if act is not None:
            pay = goods_text(game, lang, act.pay, pay=True)
            lines.append(
                (
                    kind,
                    say(
                        game,
                        lang,
                        f"card.{kind}",
                        pay=pay,
                        paid="yes" if act.pay else "no",
                        ops=ops_text(game, act.do, lang),
                        limit=act.limit,
                    ),
                )
            )
    for t in c.triggers:
        key = f"card.trigger.{t.on}" + (".colour" if t.colour else "")
        colour = say(game, lang, f"colour.{t.colour}") if t.colour else ""
        line = say(game, lang, key, colour=colour, ops=ops_text(game, t.do, lang))
        if t.in_production:  # R162
            line += say(game, lang, "card.trigger.in_production")
        lines.append(("trigger", line))
    ability = ability_line(game, c, lang)
    if ability:
        lines.append(("ability", ability))
    if c.deal is not None:
        lines.append(("deal", say(game, lang, "card.deal", good=count(game, lang, c.deal, 1))))
    if c.raze is not None:
        lines.append(("raze", say(game, lang, "card.raze", goods=goods_text(game, lang, c.raze))))
    if c.unrazeable:
        lines.append(("raze", say(game, lang, "card.unrazeable")))
    if c.storage is not None:
        goods = say(game, lang, "card.storage.or").join(good_word(game, lang, g) for g in c.storage.goods)
        lines.append(("storage", say(game, lang, "card.storage", n=c.storage.capacity, goods=goods)))
    for field, keep in (("under", c.under), ("keeps", c.keeps)):  # R152, R155, R134
        if keep is None:
            continue
        goods = say(game, lang, "card.storage.or").join(good_word(game, lang, g) for g in keep.goods)
        formula = {"capacity": keep.capacity or 0, "vp": keep.vp, "per": keep.per, "max": keep.max or 0}
        lines.append((field, say(game, lang, f"card.{field}", goods=goods, **formula)))
    if c.trade is not None:  # R73, D6
        trade = c.trade
        when = "both" if trade.now and trade.each_production else "now" if trade.now else "production"
        goods = goods_text(game, lang, trade.goods)
        lines.append(
            (
                "trade",
                say(
                    game,
                    lang,
                    "card.trade",
                    targets=targets_text(game, lang, trade.kinds, trade.decks),
                    yields=trade.yields,
                    goods=goods,
                    when=when,
                    lost=trade.lost,
                    vp=trade.vp,
                ),
            )
        )
    if c.capture is not None:  # R163, R164, D7
        cap = c.capture
        lines.append(
            (
                "capture",
                say(
                    game,
                    lang,
                    "card.capture",
                    targets=targets_text(game, lang, cap.kinds, cap.decks),
                    protected="yes" if cap.protected else "no",
                    tokens=cap.tokens,
                    production=cap.production,
                    activate=cap.activate,
                    scores=cap.scores,
                    cleanup="yes" if "cleanup" in cap.ends else "no",
                    lost="yes" if "lost" in cap.ends else "no",
                ),
            )
        )
    lines.append(("vp", say(game, lang, "card.vp", n=c.vp)))
    for cid, over in e.variants.items():
        parts = []
        if "cost" in over:
            parts.append(say(game, lang, "card.variant.cost", goods=goods_text(game, lang, over["cost"])))
        if "raze" in over:
            parts.append(say(game, lang, "card.variant.raze", goods=goods_text(game, lang, over["raze"])))
        if "deal" in over:
            parts.append(say(game, lang, "card.variant.deal", good=count(game, lang, over["deal"], 1)))
        if parts and cid != c.id:
            lines.append(("variant", say(game, lang, "card.variant", parts="; ".join(parts))))
    return lines


def targets_text(game: SettlersRules, lang: str, kinds: list[str], decks: str) -> str:
    """The locations a trade or a capture may take: their kinds and decks."""
    ui = ui_strings(game.name, lang)
    named = "card.targets.any" if set(kinds) >= {"production", "feature", "action"} else None
    words_ = say(game, lang, named) if named else ", ".join(ui.get(f"kind.{k}", k) for k in kinds)
    return say(game, lang, "card.targets", kinds=words_, decks=decks)


def cost_line(game: SettlersRules, lang: str, cost: dict, discard: int) -> str:
    form = "free" if not any(cost.values()) else "goods"
    return say(game, lang, f"card.cost.{form}", goods=goods_text(game, lang, cost), discard="yes" if discard else "no")


def ability_line(game: SettlersRules, c: Phys, lang: str) -> str | None:
    """What is not known of the card, in plain words: an ability the engine cannot play, an action
    whose cost is not known (played only with stand-ins), a card reconstructed from the rules."""
    e = c.entry
    rules = sorted(set(RULE.findall(" ".join(e.known.values()))), key=lambda r: (r[0], int(re.sub(r"\D", "", r))))
    unknown = any(u.startswith(("ability", "activation cost")) for u in e.unknown)
    if c.stand_in is not None and c.action is None:
        form = "stand_in"
    elif unknown:
        form = "unknown"
    elif e.provenance == "provisional":
        form = "provisional"
    else:
        return None
    return say(game, lang, f"card.ability.{form}", rules=", ".join(rules), cited="yes" if rules else "no")


def card_text(game: SettlersRules, cid: str, lang: str) -> list[str]:
    """``Game.card_text``: the lines of a card (any copy's id) or of a solo attack card."""
    target = _attacks(game).get(cid)
    if target is not None:
        lines = [say(game, lang, "attack.text", good=good_word(game, lang, target))]
        provenance = next(a.provenance for a in game.attacks if a.id == cid)
        if provenance != "exact":
            lines.append(say(game, lang, "attack.provisional"))
        return lines
    k = game.index_of.get(cid)
    if k is None:
        return []
    return [line for _, line in card_lines(game, game.cards[k], lang)]


def line_kinds(game: SettlersRules, k: int) -> list[str]:
    """The kinds of the card's text lines as the catalogue (its entry's first copy) words them."""
    first = game.cards[game.index_of[game.cards[k].entry.id]]
    return [kind for kind, _ in card_lines(game, first, "en")]


# --- the decision and what cannot be done now ------------------------------------------------------

# An effect's purpose (the ``purpose`` of its decision) -> the form of its prompt and action.
PURPOSES = {
    "discard a location or foundation": "discard_location",
    "a deal pays again": "deal_again",
    "build an empire location": "build_from_hand",
    "build one of your deals": "build_deal",
    "cancel a deal": "cancel_deal",
    "discard a card to pay": "pay_card",
    "discard a location of another player": "remove_location",
    "discard one of the cards looked at": "look_empire",
    "give up a deal": "pay_deal",
    "produce again": "copy_production",
    "put a card as a foundation": "foundation",
    "raze one of your locations": "raze_own",
    "take a deal": "take_deal",
    "take a resource from a raze bonus": "take_raze_good",
    "raze a location": "raze_location",
    "place a samurai": "samurai",
    "activate another location": "activate_other",
    "choose one": "choose",
    "which resource": "resource",
    "store a good": "store",
    "put a card under the location": "tuck",
    "put a good on the location": "put_on",
    "make a deal with a location": "trade_deal",
    "capture a location": "capture",
    "gain a card": "card",
    "take a resource": "card",
    "the virtual opponent razes": "attack_target",
}
# The decisions whose sentence names the card whose effect asks (when the seat sees it).
CARD_FORMS = {
    "pick": sorted(set(PURPOSES.values()) - {"choose", "resource", "store", "put_on", "card", "attack_target"}),
    "option": ["choose", "resource", "store", "put_on"],
    "card_source": ["card"],
    "steal": ["card"],
}
PLAIN = ("turn", "after", "pick_table", "draft", "draft.second", "card_source", "option", "steal", "pick")
PROMPT_KEYS = frozenset(
    [f"prompt.{k}" for k in (*PLAIN, "exchange", "attack_target")]
    + [f"prompt.{kind}.{form}" for kind, forms in CARD_FORMS.items() for form in forms]
)


def describe_decision(game: SettlersRules, st, seat: int) -> dict | None:
    """``Game.describe_decision``: the seat's decision as parts for ``prompt.<kind>[.<form>]``."""
    if seat not in game.actors(st) or not st.stack:
        return None
    d = st.stack[-1]
    out: dict = {"kind": d.kind}
    if d.kind == "draft" and d.args.get("rule") == "R183":
        out["form"] = "second"
    elif d.kind in CARD_FORMS:
        form = PURPOSES.get(d.args.get("purpose", ""))
        k = running_card(st, d)
        if form in CARD_FORMS[d.kind] and k is not None and k in shown_cards(game, st, seat):
            out.update(form=form, card=game.cards[k].id)
    return out


def why_not(game: SettlersRules, st, seat: int) -> list[dict]:
    """``Game.why_not``: in the seat's turn, the hand cards it cannot build or deal with, razing
    without raze tokens (or against a passed player, or in the peaceful variant), the action
    locations it cannot activate, and exchanging without 2 workers; each reason is the refusal
    the rules give for that action (``decisions.refusal``)."""
    if seat not in game.actors(st) or not st.stack or st.stack[-1].kind != "turn":
        return []
    legal = set(game.legal(st, seat))
    L = game.action_space
    p = st.seats[seat]
    cards = game.cards
    out: list[dict] = []

    def refused(action: int, shown: tuple[str, ...]) -> dict | None:
        if action in legal:
            return None
        r = refusal(game, st, seat, action)
        return r if r["reason"] in shown else None

    for k in p.hand:
        r = refused(L.build + k, ("build_discard", "build_cost"))
        if r:
            out.append(r)
    dealable = [k for k in p.hand if cards[k].faction == p.faction and cards[k].deal]
    r = refused(L.deal + dealable[0], ("deal_food",)) if dealable else None
    if r:  # the same reason for every card: said once
        out.append({**r, "card": None})
    if not p.raze and any(cards[k].raze and (cards[k].common or cards[k].faction == "Japanese") for k in p.hand):
        out.append(refusal(game, st, seat, L.raze_hand + next(k for k in p.hand if cards[k].raze)))
    for k in p.locations:
        if cards[k].kind == "action":
            r = refused(
                L.activate + k,
                ("stand_in_off", "ability_unknown", "used", "activate_cost", "activate_nothing", "captured"),
            )
            if r:
                out.append(r)
    if p.raze:
        reported = set()
        for q in range(st.players):
            for k in st.seats[q].locations if q != seat else []:
                r = refused(L.raze + k, ("raze_tokens", "passed", "peaceful"))
                if r is None:
                    continue
                key = (r["reason"], r.get("owner")) if r["reason"] != "raze_tokens" else (k,)
                if key not in reported:
                    reported.add(key)
                    if r["reason"] != "raze_tokens":
                        r["card"] = None
                    out.append(r)
    if A.EXCHANGE not in legal:
        r = refusal(game, st, seat, A.EXCHANGE)
        if r["reason"] == "exchange_workers":
            out.append(r)
    return out
