"""Imperium's cards in words: each card's text generated from its typed operations (``vocab.py``)
through the templates of ``locale/<lang>.json``, its name in the reader's language, and the words
of one part of an effect (a choose's option, a may's offer) that a prompt or a button shows.

Every operation is worded by the template ``op.<tag>`` (a passive by ``hook.<tag>``), whose
arguments are the operation's fields: a nested list of operations as its words, a literal value
as itself (templates ``select`` on it), a boolean as ``yes``/``no``, a number as a number (for
plural forms). The untagged structs (a filter, a count, a condition, a VP line) and token amounts
are worded here into the phrases templates take (``cards``, ``per``, ``cond``, ``tokens``), from
templates of the same file (``cards.<case>``, ``count.<kind>``, ``amount.<res>`` ...).

A Russian operation has three moods: the imperative of a card's own sentences («возьмите»), the
infinitive of a choice's options and of what a card allows («взять»), the third person plural of
what the other players do («берут»): ``op.<tag>.inf`` and ``op.<tag>.pl3`` (``op.<tag>`` when
a language words them alike). English words all three alike but for a few ``pl3`` forms.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import msgspec

from epochal.engine.effects import Op, op_path
from epochal.engine.locale import templates
from epochal.engine.messages import format_message

from .cards import MARKET_SUITS, Card, Face
from .vocab import (
    Abandon,
    Acquire,
    AcquireExiled,
    AllPlayers,
    BreakThrough,
    Choose,
    CostDiscount,
    Count,
    Discard,
    Draw,
    DropBarbarian,
    EachOther,
    FameLookExtra,
    Filter,
    Find,
    FreePlay,
    GainInstead,
    GainPer,
    GarrisonDiscards,
    GiveCard,
    Hook,
    If,
    May,
    OnPlayGain,
    Passive,
    PlayEmpire,
    PlayFromDiscardGain,
    Quest,
    RecallToAvoidAttack,
    Repeat,
    Require,
    ReturnUnrest,
    Steal,
    TakeUnrest,
    When,
    WhenGone,
)

if TYPE_CHECKING:
    from .rules import ImperiumRules

UNOFFICIAL = "*"  # marks a name that is our translation, not the edition's
TOKENS = ("materials", "population", "progress", "action")
REF = "effect:"  # an effect reference (``ref``), worded by ``display_name``
TOKENS_REF = "tokens:"  # an amount of tokens (``tokens_ref``), worded by ``display_name``
MOODS = ("imp", "inf", "pl3", "purpose")


# --- names ------------------------------------------------------------------------------------


def card_name(card: Card, lang: str) -> str:
    """The card's name in ``lang``: the edition's, else our translation marked ``*``, else English."""
    if lang == "ru":
        if card.name_ru:
            return card.name_ru
        if card.name_ru_translated:
            return card.name_ru_translated + UNOFFICIAL
    return card.name


def unofficial(cards: list[Card], lang: str) -> dict[str, str]:
    """Card id -> the English name, for the cards whose name in ``lang`` is our translation."""
    return {c.id: c.name for c in cards if card_name(c, lang).endswith(UNOFFICIAL)}


# --- the words of one language ----------------------------------------------------------------


class Words:
    """The templates of one language (English filling its gaps) and the phrase builders."""

    def __init__(self, game: ImperiumRules, lang: str) -> None:
        self.game = game
        self.lang = lang
        # the language's own templates only: English phrase pieces must not slip into Russian
        self.table = templates(game.name, lang)
        self.others = 0  # > 0 while wording what the other players do ("their hand")

    def has(self, key: str) -> bool:
        return key in self.table

    def t(self, key: str, **args) -> str:
        return format_message(self.table[key], args, self.lang)

    def first(self, keys: list[str], **args) -> str:
        return self.t(next(k for k in keys if k in self.table), **args)

    def either(self, values: Sequence[str], prefix: str) -> str:
        """Words of several values joined by "or" (region or tributary)."""
        return self.t("or").join(self.t(f"{prefix}.{v}") for v in values)

    def both(self, words: list[str]) -> str:
        """Phrases joined by commas and a last "and"."""
        words = [w for w in words if w]
        if len(words) < 2:
            return "".join(words)
        return ", ".join(words[:-1]) + self.t("and") + words[-1]

    # --- tokens, cards, counts, conditions -----------------------------------------------------
    def tokens(self, amounts: dict) -> str:
        return self.both([self.t(f"amount.{res}", n=n) for res in TOKENS for n in [amounts.get(res, 0)] if n])

    def tokens_or_none(self, amounts: dict) -> str:
        return self.tokens(amounts) or self.t("amount.none")

    def cards(self, n: int, f: Filter | None = None, suits: list | None = None, case: str = "acc") -> str:
        """``n`` cards of a kind: ``cards.<case>`` (``acc``, ``nom``, ``each``, ``any``) with the
        filter's words before (``pre``) and after (``post``) the noun; cards named by the filter
        (``id``, ``name``) as ``named.<case>``."""
        names = self.named(f)
        if names:
            return self.first([f"named.{case}", "named.acc"], names=names, n=n)
        pre: list[str] = []
        post: list[str] = []
        market = list(suits or [])
        if market and sorted(market) != sorted(MARKET_SUITS):
            self.piece(pre, post, "suit", self.either(market, "suit"))
        if f is not None:
            if f.suit is not None:
                self.piece(pre, post, "suit", self.either([f.suit] if isinstance(f.suit, str) else f.suit, "suit"))
            if f.state is not None:
                self.piece(pre, post, "state", f.state)
            if f.pinned:
                self.piece(pre, post, "pinned", "yes")
            if f.attack is not None:
                self.piece(pre, post, "attack", "yes" if f.attack else "no")
            if f.type is not None:
                self.piece(pre, post, "type", self.either(f.type, "type"))
            if f.region_type is not None:
                kinds = [f.region_type] if isinstance(f.region_type, str) else f.region_type
                self.piece(pre, post, "region_type", self.either(kinds, "region"))
            if f.variable_vp:
                self.piece(pre, post, "variable_vp", "yes")
            if f.not_suit is not None:
                self.piece(pre, post, "not_suit", self.t(f"suit.{f.not_suit}"))
            if f.not_region_type is not None:  # Mining
                self.piece(pre, post, "not_region_type", self.t(f"region.{f.not_region_type}"))
            if f.not_type is not None:
                self.piece(pre, post, "not_type", self.t(f"type.{f.not_type}"))
            if f.not_id is not None:
                self.piece(pre, post, "not_id", self.named(Filter(id=f.not_id)))
        return self.t(f"cards.{case}", n=n, pre="".join(pre), post="".join(post))

    def piece(self, pre: list, post: list, field: str, value: str) -> None:
        for where, out in (("pre", pre), ("post", post)):
            key = f"filter.{where}.{field}"
            if key in self.table:
                out.append(self.t(key, value=value))

    def named(self, f: Filter | None) -> str:
        if f is None or (f.id is None and f.name is None):
            return ""
        game = self.game
        if f.id is not None:
            cards = [game.cards[game.index_of[i]] for i in f.id if i in game.index_of]
        else:
            cards = [next(c for c in game.cards if c.name == f.name)]
        return self.t("or").join(self.t("quoted", name=card_name(c, self.lang)) for c in cards)

    def icons(self, n: int, f: Filter) -> str:
        kinds = [f.region_type] if isinstance(f.region_type, str) else list(f.region_type or ())
        return self.t("icons.each", n=n, icon=self.either(kinds, "region"))

    def count(self, spec: Count, every: int = 1) -> str:
        """What a count counts, with its preposition ("for every 4 population you have")."""
        if spec.var is not None:
            return self.first([f"count.var.{spec.var}", "count.var"])
        if spec.resource is not None:
            return self.t("count.resource", each=self.t(f"each.{spec.resource}", n=every))
        if spec.in_play is not None:
            f = spec.in_play
            each = self.icons(every, f) if f.region_type is not None else self.cards(every, f, case="each")
            return self.t("count.in_play", each=each)
        if spec.zone is not None:
            which = spec.filter
            each = (
                self.icons(every, which)
                if which is not None and which.region_type
                else self.cards(every, which, case="each")
            )
            return self.t("count.zone", zone=spec.zone, each=each)
        if spec.unrest_others:
            return self.t("count.unrest_others", each=self.cards(every, Filter(suit="unrest"), case="each"))
        if spec.fewer is not None:  # Sacred Grove
            return self.t("count.fewer", res=spec.fewer)
        if spec.garrisoned is not None:
            return self.t("count.garrisoned", each=self.cards(every, spec.garrisoned, case="each"))
        return self.t("count.garrison", each=self.cards(every, case="each"))

    def cond(self, c) -> str:
        if c.state is not None:
            return self.t("cond.state", state=c.state)
        if c.in_play is not None:
            return self.t("cond.in_play", cards=self.cards(1, c.in_play, case="any"))
        if c.has is not None:
            return self.t("cond.has", tokens=self.tokens(c.has))
        if c.garrisoned is not None:
            return self.t("cond.garrisoned", cards=self.cards(c.min, c.garrisoned, case="nom"))
        return self.t("cond.var", min=c.min)

    def vp(self, line) -> str:
        if isinstance(line, int):
            return self.t("vp.fixed", vp=line)
        if line.fixed is not None:
            return self.t("vp.fixed", vp=line.fixed)
        if line.if_ is not None and isinstance(line.else_, msgspec.Struct):  # if ... else another if (Proud)
            return self.t("vp.if.chain", vp=line.vp, where=line.if_.in_, otherwise=self.vp(line.else_))
        if line.if_ is not None:
            return self.t("vp.if", vp=line.vp, where=line.if_.in_, otherwise=line.else_ or 0)
        if line.per is not None:
            return self.t("vp.per", vp=1 if line.vp is None else line.vp, per=self.count(line.per, line.every or 1))
        return " + ".join(self.vp(part) for part in line.sum or [])

    # --- operations ------------------------------------------------------------------------------
    def ops(self, ops: list, mood: str = "imp", sentences: bool = False) -> str:
        """A list of operations: a card's sentences, or one clause in ``mood``."""
        parts = [p for p in (self.op(op, mood) for op in ops) if p]
        if sentences:
            return self.t("join.imp").join(capital(p) for p in parts) + (self.t("stop") if parts else "")
        return self.t("join.seq").join(parts)

    def op(self, op: Op, mood: str = "imp") -> str:
        config = op.__struct_config__
        tag = config.tag
        may = getattr(op, "may", False)
        inner = "inf" if may else mood
        args = self.fields(op, inner)
        extra = EXTRA.get(type(op))
        if extra is not None:
            args.update(extra(self, op, inner))
        prefix = config.tag_field
        args["who"] = "they" if self.others else "you"
        keys = [f"{prefix}.{tag}.{inner}", f"{prefix}.{tag}.inf", f"{prefix}.{tag}"]
        text = self.first(keys if inner == "purpose" else keys[::2], mood=inner, **args)
        if may:
            text = self.first([f"may.{mood}", "may.imp"], x=text)
        return text

    def passive(self, x: Passive) -> str:
        args = getattr(x, "args", None)  # every passive but the base has its args
        fields = self.fields(args, "imp") if isinstance(args, msgspec.Struct) else {}
        if isinstance(args, dict):  # the tokens an attack toll or a market token names
            fields["tokens"] = self.tokens(args)
        extra = EXTRA.get(type(x))
        if extra is not None:
            fields.update(extra(self, x, "imp"))
        return self.t(f"hook.{x.__struct_config__.tag}", **fields)

    def fields(self, struct, mood: str) -> dict:
        """The struct's fields as template arguments (see the module's docstring)."""
        out: dict = {}
        for name in struct.__struct_fields__:
            value = getattr(struct, name)
            key = name.rstrip("_")
            if isinstance(value, list) and value and all(isinstance(v, Op) for v in value):
                nested = NESTED.get(type(struct), mood)
                others = isinstance(struct, EachOther | AllPlayers)
                self.others += others
                out[key] = self.ops(value, "inf" if others and mood == "purpose" else nested)
                self.others -= others
            elif isinstance(value, list) and value and all(isinstance(v, list) for v in value):
                out[key] = self.t("join.or").join(self.ops(v, "inf") for v in value)  # a choice's options
            elif isinstance(value, bool):
                out[key] = "yes" if value else "no"
            elif isinstance(value, int | str):
                out[key] = value
            elif value is None or value == []:
                out[key] = "none"
            else:
                out[key] = ""  # a struct: its phrase comes from the operation's EXTRA
        if "filter" in out or "n" in struct.__struct_fields__:
            n = getattr(struct, "n", 1)
            out["cards"] = self.cards(n if isinstance(n, int) else 1, getattr(struct, "filter", None))
        if any(res in struct.__struct_fields__ for res in TOKENS):
            out["tokens"] = self.tokens({res: getattr(struct, res, 0) for res in TOKENS})
        if "gain" in struct.__struct_fields__:
            out["tokens"] = self.tokens(struct.gain) or "none"
        return out


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- what each operation adds to its fields' words -------------------------------------------------


def _acquire(w: Words, op: Acquire | BreakThrough, mood: str) -> dict:
    per = getattr(op, "per", None)
    return {
        "cards": w.cards(getattr(op, "n", 1), op.filter, op.suits),
        "token": getattr(op, "token", None) or "none",
        "per": w.count(per) if per is not None else "none",
    }


def _gain_per(w: Words, op: GainPer, mood: str) -> dict:
    return {"amount": w.t(f"amount.{op.res}", n=op.n), "per": w.count(op.count)}


def _draw(w: Words, op: Draw, mood: str) -> dict:
    return {"cards": w.cards(op.n), "per": w.count(op.per) if op.per is not None else "none"}


def _steal(w: Words, op: Steal, mood: str) -> dict:
    having = w.cards(1, op.in_play, case="any") if op.in_play is not None else "none"
    return {"amount": w.t(f"amount.{op.res}", n=op.n), "having": having, "total": "yes" if op.total else "no"}


def _take_unrest(w: Words, op: TakeUnrest | ReturnUnrest, mood: str) -> dict:
    unrest = Filter(suit="unrest")
    return {
        "cards": w.cards(op.n, unrest),
        "upto": w.cards(op.n, unrest, case="gen"),
        "from": "_".join(getattr(op, "from_", [])),
    }


def _discard(w: Words, op: Discard, mood: str) -> dict:
    return {"anypl": w.cards(2, op.filter, case="anypl"), "anygen": w.cards(2, op.filter, case="anygen")}


def _repeat(w: Words, op: Repeat, mood: str) -> dict:
    return {"per": w.count(op.count)}


def _if(w: Words, op: If, mood: str) -> dict:
    return {"cond": w.cond(op.cond), "otherwise": "yes" if op.else_ else "no"}


def _when(w: Words, op: When, mood: str) -> dict:
    return {"cards": w.cards(1, op.filter, case="anypl" if op.event == "discard" else "anyacc")}


def _give_card(w: Words, op: GiveCard, mood: str) -> dict:
    if op.unrest_if is None:
        return {"unrest_if": "none"}
    return {"unrest_if": "yes", "cards": w.cards(1, op.unrest_if, case="anyacc")}


def _recall_to_avoid(w: Words, x: RecallToAvoidAttack, mood: str) -> dict:
    f = x.args.filter
    return {"cards": w.cards(1, f, case="anyacc") if f is not None else "none"}


def _hook(w: Words, op: Hook, mood: str) -> dict:
    return {"name": w.first([f"hookop.{op.name}.{mood}", f"hookop.{op.name}"])}


def _require(w: Words, op: Require, mood: str) -> dict:
    wanted = op.in_play if isinstance(op.in_play, list) else [op.in_play] if op.in_play is not None else []
    if op.in_history is not None:
        return {"where": "history", "cards": w.cards(1, op.in_history, case="any")}
    if op.n > 1 and len(wanted) == 1:  # "at least 3 of these cards" (Long Walls IV)
        return {"where": "play", "cards": w.named(wanted[0]) or w.cards(1, wanted[0], case="anygen"), "n": op.n}
    return {"where": "play", "cards": w.both([w.cards(1, f, case="any") for f in wanted]), "n": op.n}


def _filtered(w: Words, x, mood: str) -> dict:
    return {"cards": w.cards(2, x.args.filter, case="anypl")}


def _fame(w: Words, x: FameLookExtra, mood: str) -> dict:
    return {"tokens": w.tokens({"progress": x.args.progress}) or "none"}


def _when_gone(w: Words, x: WhenGone, mood: str) -> dict:
    return {"cards": w.cards(1, x.args.filter, case="gen")}


def _gain_instead(w: Words, x: GainInstead, mood: str) -> dict:
    return {"others": w.tokens_or_none(x.args.others)}


def _discount(w: Words, x: CostDiscount, mood: str) -> dict:
    return {"cards": w.cards(2, x.args.filter, case="anygen"), "discard": x.args.cards}


def _abandon(w: Words, op: Abandon, mood: str) -> dict:
    return {
        "holding": w.cards(1, op.holding, case="any") if op.holding is not None else "none",
        "under": w.cards(2, op.under, case="anyins") if op.under is not None else "none",
    }


def _find(w: Words, op: Find, mood: str) -> dict:
    return {"from": "_".join(op.from_ or ["all"])}


def _quest(w: Words, op: Quest, mood: str) -> dict:
    return {"last": w.named(op.last) or "none", "cards": w.cards(1, op.filter)}


EXTRA: dict[type, Callable[[Words, Any, str], dict]] = {
    Abandon: _abandon,
    Find: _find,
    Quest: _quest,
    Acquire: _acquire,
    BreakThrough: _acquire,
    GainPer: _gain_per,
    Draw: _draw,
    Discard: _discard,
    Repeat: _repeat,
    Steal: _steal,
    TakeUnrest: _take_unrest,
    ReturnUnrest: _take_unrest,
    If: _if,
    When: _when,
    GiveCard: _give_card,
    RecallToAvoidAttack: _recall_to_avoid,
    GarrisonDiscards: _filtered,
    Hook: _hook,
    Require: _require,
    DropBarbarian: _filtered,
    PlayEmpire: _filtered,
    OnPlayGain: _filtered,
    PlayFromDiscardGain: _filtered,
    AcquireExiled: _filtered,
    FreePlay: _filtered,
    FameLookExtra: _fame,
    CostDiscount: _discount,
    GainInstead: _gain_instead,
    WhenGone: _when_gone,
}
# The mood of the operations nested in an operation: what other players do is third person
# ("all other players discard"), what a card allows or offers is an infinitive in Russian ("вы
# можете взять", "выберите: взять ... ИЛИ ..."), what exhausting a card is for too, though as a
# purpose ("чтобы заставить всех ... взять": ``op.<tag>.purpose``, else ``.inf``); an if's
# branches keep the mood they are in.
NESTED: dict[type, str] = {EachOther: "pl3", AllPlayers: "pl3", May: "inf", When: "purpose", Choose: "inf"}


# --- a card's text -----------------------------------------------------------------------------------


@cache
def card_text(game: ImperiumRules, card_id: str, lang: str) -> tuple[str, ...]:
    """The card's lines in ``lang``: what kind of card it is, its development cost, its play,
    exhaust and solstice effects, its passives and its VP; a power card's side B after them."""
    w = Words(game, lang)
    card = game.cards[game.index_of[card_id]]
    lines = [kind_line(w, card)]
    if card.cost:
        lines.append(w.t("line.cost", tokens=w.tokens(card.cost)))
    lines += face_lines(w, card)
    if card.side_b is not None:
        side = face_lines(w, card.side_b)
        if side:
            lines.append(w.t("line.side_b", text=" ".join(side)))
    return tuple(line for line in lines if line)


def face_lines(w: Words, face: Card | Face) -> list[str]:
    lines = []
    for part in ("play", "exhaust", "solstice"):
        ops = getattr(face, part)
        if ops:
            lines.append(w.t(f"line.{part}", text=w.ops(ops, sentences=True)))
    for x in face.passive:
        lines.append(w.t("line.passive", text=capital(w.passive(x))))
    if face.vp is not None:
        lines.append(w.t("line.vp", text=w.vp(face.vp)))
    return lines


def kind_line(w: Words, card: Card) -> str:
    """What the card is: its category, types, region icons, state and keywords."""
    parts = []
    if card.power:
        parts.append(w.t("kind.power"))
    elif card.location == "path":  # the Utopians' path deck (R33)
        parts.append(w.t("kind.path"))
    elif card.suits:
        parts.append(w.t("kind.suits", suits=w.both([w.t(f"kind.suit.{s}") for s in card.suits])))
    if card.types:
        parts.append(w.both([w.t(f"kind.type.{t}") for t in card.types]))
    if card.regions:
        parts.append(w.t("kind.regions", regions=", ".join(w.t(f"kind.region.{r}") for r in card.regions)))
    for flag in ("pinned", "attack", "free", "unplayable", "no_garrison", "fixed"):
        if getattr(card, flag):
            parts.append(w.t(f"kind.{flag}"))
    if card.state:
        parts.append(w.t(f"kind.state.{card.state}"))
    if card.players:
        parts.append(w.t("kind.players", n=card.players))
    return capital(" · ".join(parts) if parts else w.t("kind.nation"))


# --- references to a part of an effect ------------------------------------------------------------


def ref(card: str, face: str, part: str, path: list, mood: str = "imp") -> str:
    """A string naming one op list of a card's effect, worded by ``display_name`` in the reader's
    language: what a choice's option or a may's offer does."""
    return REF + ":".join([card, face or "-", part, ".".join(str(p) for p in path), mood])


def ref_text(game: ImperiumRules, text: str, lang: str) -> str | None:
    try:
        card, face, part, path, mood = text[len(REF) :].split(":")
        ops = getattr(game.face(game.index_of[card], "B" if face == "B" else ""), part)
        steps = [int(p) if p.lstrip("-").isdigit() else p for p in path.split(".") if p]
        value = op_path(ops, steps)
    except (ValueError, KeyError, IndexError, AttributeError):
        return None
    w = Words(game, lang)
    ops_list = value if isinstance(value, list) else [value]
    text = w.ops(ops_list, mood if mood in MOODS else "imp")
    return capital(text) if mood == "imp" else text


def tokens_ref(amounts: dict) -> str:
    """A string naming an amount of tokens, worded by ``display_name`` with its plural forms."""
    return TOKENS_REF + ",".join(f"{res}={n}" for res, n in amounts.items() if n)


def tokens_text(game: ImperiumRules, text: str, lang: str) -> str | None:
    amounts = {}
    for part in filter(None, text[len(TOKENS_REF) :].split(",")):
        res, _, n = part.partition("=")
        if res not in TOKENS or not n.isdigit():
            return None
        amounts[res] = int(n)
    return Words(game, lang).tokens_or_none(amounts)
