"""Guns & Steel in words: card names, card texts, what a seat decides and what it cannot do now.

* ``display_name``: a card or a wonder by its name in the reader's language. The Russian names are
  the rulebook's own; an English name that only translates the Russian one, and a Russian name
  that only translates a known English one (``name.<id>`` in ``locale/ui.ru.json``), carry a
  trailing "*" (``known_names`` gives the official names for the hover). A card without a known
  name reads as "Technology 25 (provisional)" in the reader's language, never as its id.
* ``card_text``: a card's lines, both sides, generated from its operations (``vocab.py``) through
  the templates ``op.<tag>`` of ``locale/<lang>.json``, as ``engine.locale.struct_text`` words
  them, except that a resource count reads in plural forms ("2 Iron", «2 Железа», ``count.<res>``)
  and the operations a whole group carries out read in the third person (``op.<tag>.they``).
* ``describe_decision`` / ``prompt_keys``: the ``prompt.<kind>`` parts of each decision.
* ``why_not``: the cards and wonders the seat would expect to act on and cannot, with the numbers,
  from the same checks the legal actions use (``payment.covers``, ``rules.meets``, effects.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from epochal.engine.locale import templates, ui_strings
from epochal.engine.messages import format_message

from . import actions as A
from . import effects as fx
from . import payment as pay
from .cards import RESOURCES, Civ, Wonder
from .rules import count, meets
from .state import EMPTY
from .vocab import ActivateAttacks, Attack, PlayAttacks, Use

if TYPE_CHECKING:
    from .rules import GunsRules
    from .state import GunsState

# --- names ---------------------------------------------------------------------------------------


def entry_of(game: GunsRules, text: str) -> Civ | Wonder | None:
    """The card or wonder a view key ("C07", "C03-green") or a catalogue id names."""
    if text in game.windex:
        return game.wonder_list[game.windex[text]]
    return game.data.cards.get(text.split("-")[0])


def official(entry: Civ | Wonder, lang: str) -> bool:
    """Is the entry's name in ``lang`` the printed one? The Russian names come from the Russian
    rulebook; an English name is printed only where a review of the English edition gives it, the
    others translate the Russian name (D2)."""
    if lang == "ru":
        return "ru" in entry.name
    return lang in entry.name and entry.sources.get("name", "").startswith("reference")


def known_names(game: GunsRules) -> dict[str, dict[str, str]]:
    """Every card's and wonder's printed names by language (for the hover of a translated name)."""
    out = {}
    for entry in game.data.entries():
        names = {lang: name for lang, name in entry.name.items() if official(entry, lang)}
        if names:
            out[entry.id] = names
    return out


def display_name(game: GunsRules, text: str, lang: str = "en") -> str | None:
    """A card key or wonder id as its name in ``lang``; a resource, theme or other term as the word
    ``term.<text>`` of ``locale/ui.<lang>.json``; None for anything else."""
    entry = entry_of(game, text)
    ui = ui_strings(game.name, lang)
    if entry is None:
        return ui.get(f"term.{text}")
    if official(entry, lang):
        return entry.name[lang]
    # a translation of a printed name in another language: the English of the data file, or
    # the reader's own locale file (``name.<id>``)
    translated = (entry.name.get(lang) if lang != "ru" else None) or templates(game.name, lang).get(f"name.{entry.id}")
    if translated:
        return translated + "*"
    if isinstance(entry, Wonder):
        kind = "wonder"
    else:
        kind = "start" if entry.theme == "start" else "card"
    return _say(game, lang, f"name.provisional.{kind}", {"n": int(entry.id[1:])})


# --- card texts ----------------------------------------------------------------------------------


def _template(game: GunsRules, lang: str, key: str) -> str | None:
    return templates(game.name, lang).get(key) or templates(game.name, "en").get(key)


def _say(game: GunsRules, lang: str, key: str, args: dict) -> str:
    template = _template(game, lang, key)
    if template is None:
        raise KeyError(f"no template {key!r} in {lang}")
    return format_message(template, args, lang)


def resources(game: GunsRules, res: dict[str, int], lang: str) -> str:
    """Resource counts in words: "1 Food, 2 Iron" / «1 Еда, 2 Железа» (``count.<res>``)."""
    order = [r for r in RESOURCES if res.get(r)]
    joiner = _template(game, lang, "count.join") or ", "
    return joiner.join(_say(game, lang, f"count.{r}", {"n": res[r]}) for r in order)


def term(game: GunsRules, value: str, lang: str) -> str:
    return display_name(game, value, lang) or value


def op_text(game: GunsRules, op, lang: str, person: str = "you") -> str:
    """One operation in words: the template ``op.<tag>`` (``op.<tag>.they`` for an operation
    every player carries out), its fields as the arguments; a nested list of operations as their
    texts joined by ``op.join`` (``op.join.they`` for a defeated opponent's consequences)."""
    config = op.__struct_config__
    args: dict = {}
    for field in op.__struct_fields__:
        value = getattr(op, field)
        if isinstance(value, list):
            inner = "they"
            joiner = _template(game, lang, f"op.join.{inner}") if isinstance(op, Attack) else None
            joiner = joiner or _template(game, lang, "op.join") or "; "
            args[field] = joiner.join(op_text(game, o, lang, inner) for o in value)
        elif isinstance(value, dict):
            args[field] = resources(game, value, lang)
        elif isinstance(value, bool):
            args[field] = "yes" if value else "no"
        elif isinstance(value, str):
            args[field] = value if value == "any" else term(game, value, lang)
        else:
            args[field] = value
    key = f"{config.tag_field}.{config.tag}"
    if person == "they" and _template(game, lang, key + ".they"):
        key += ".they"
    return _say(game, lang, key, args)


def ops_text(game: GunsRules, ops: list, lang: str) -> str:
    joiner = _template(game, lang, "op.join") or "; "
    return joiner.join(op_text(game, o, lang) for o in ops)


def clause_text(game: GunsRules, clauses, lang: str) -> str:
    """A wonder's condition: its clauses (``clause.<what>``) joined by ``clause.join``."""
    joiner = _template(game, lang, "clause.join") or ", "
    parts = []
    for c in clauses:
        of = term(game, c.of, lang) if c.of else ""
        parts.append(_say(game, lang, f"clause.{c.what}", {"n": c.at_least, "of": of}))
    return joiner.join(parts)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_text(game: GunsRules, card: str, lang: str = "en") -> list[str]:
    """The card's lines in ``lang``. A civilization card: its effect first (the technology side's
    text, which the board prints on the card), then its type, VP, military strength and response
    icon, its base cost, its resource side, and the two-player icon. A wonder: its condition, then
    its epoch and VP, and the two-player icon."""
    entry = entry_of(game, card)
    if entry is None:
        return []
    ui = ui_strings(game.name, lang)
    lines = []
    if isinstance(entry, Wonder):
        if entry.theme == "new_world":
            lines.append(_say(game, lang, "card.build", {"condition": clause_text(game, entry.build, lang)}))
        else:
            condition = clause_text(game, entry.glory, lang)
            lines.append(_say(game, lang, "card.glory", {"condition": condition, "tokens": entry.tokens}))
        lines.append(_say(game, lang, "card.wonder", {"epoch": ui[f"epoch.{entry.epoch}"], "vp": entry.vp}))
    else:
        lines.append(
            _capital(ops_text(game, entry.effect, lang)) if entry.effect else _say(game, lang, "card.none", {})
        )
        lines.append(technology_line(game, entry, lang))
        if entry.theme == "start":
            lines.append(_say(game, lang, "card.start", {}))
        else:
            lines.append(_say(game, lang, "card.cost", {"cost": resources(game, entry.cost, lang)}))
        lines.append(_say(game, lang, "card.resource", {"res": term(game, entry.resource, lang)}))
    if entry.two_player:
        lines.append(_say(game, lang, "card.two_player", {}))
    return lines


def technology_line(game: GunsRules, entry: Civ, lang: str) -> str:
    """A civilization card's type, VP, military strength and response icon in a line."""
    args = {"type": ui_strings(game.name, lang)[f"type.{entry.type}"], "vp": entry.vp, "military": entry.military}
    return _say(game, lang, "card.technology", {**args, "response": "yes" if entry.response else "no"})


# --- decisions -----------------------------------------------------------------------------------

KINDS = (
    "activate",
    "activate_attack",
    "claim",
    "give_wonder",
    "glory",
    "hand_over",
    "lose",
    "move_glory",
    "pay",
    "play_attack",
    "play_resource",
    "play_technology",
    "purchase",
    "recall",
    "respond",
    "restore",
    "start_resource",
    "take",
    "target",
)
FORMS = {
    "activate": ("cost", "vp", "cost_vp"),
    "activate_attack": ("reactivate", "reactivate_type"),
    "lose": ("effect",),
    "pay": ("buy", "surcharge"),
    "play_attack": ("more",),
    "start_resource": ("must",),
}


def prompt_keys() -> set[str]:
    keys = {f"prompt.{kind}" for kind in KINDS}
    keys |= {f"prompt.{kind}.{form}" for kind, forms in FORMS.items() for form in forms}
    return keys


def card_id(game: GunsRules, k: int) -> str:
    """A card as the table's catalogue names it: a start card by its number alone ("C03"), which
    its colour does not change (R10)."""
    return game.civ[k].id


def units(game: GunsRules, values) -> dict[str, int]:
    return {RESOURCES[t]: n for t, n in enumerate(values) if n}


def describe_decision(game: GunsRules, st: GunsState, seat: int) -> dict | None:
    """What ``seat`` decides now, for ``prompt.<kind>``: the card the decision is for (a card
    lying technology side up, the attack card, the card being paid for), the seats and the
    numbers its sentence names."""
    if st.over or not st.stack or seat not in st.stack[-1].seats:
        return None
    d = st.stack[-1]
    kind = d.kind
    out: dict = {"kind": kind}
    fr = st.run[-1] if st.run else None
    if kind == "start_resource":
        if st.options["start_resource"] == "mandatory":
            out["form"] = "must"
    elif kind == "activate":
        k = d.args["card"]
        out["card"] = card_id(game, k)
        if game.pay_cost[k] is not None:
            out["form"] = "cost"
            out["cost"] = units(game, game.pay_cost[k])
        if game.vp_cost[k]:  # R71
            out["form"] = "cost_vp" if game.pay_cost[k] is not None else "vp"
            out["vp"] = game.vp_cost[k]
    elif kind == "pay" and st.payment is not None:
        pm = st.payment
        out.update(card=card_id(game, pm.card), cost=units(game, pm.cost), surcharge=pm.any)
        if pm.purpose == "buy":
            out["form"] = "surcharge" if pm.any else "buy"
    elif kind == "purchase":
        # with nothing it can pay for, the seat is not asked (a single answer, R83)
        out["n"] = sum(1 for a in game.legal(st, seat) if a != A.PASS)
    elif kind == "respond" and st.attack is not None:
        a = st.attack
        out.update(card=card_id(game, a.card), owner=a.attacker, strength=a.strength)
        out["mine"] = game.military(st.seats[seat])
    elif kind in ("lose", "hand_over", "give_wonder") and fr is not None:
        op = game.runner.ops(fr)[fr.pc]
        out.update(card=card_id(game, fr.card), owner=fr.vars.get("attacker", fr.seat))
        if "attacker" not in fr.vars:  # each_other, each_player: the card's effect, no attack
            out.update(form="effect", owner=fr.vars.get("player", fr.seat))
        if kind != "give_wonder":
            out["n"] = op.n - fr.vars.get("_done", 0)
    elif kind in ("restore", "target", "take", "play_attack", "activate_attack") and fr is not None:
        op = game.runner.ops(fr)[fr.pc]
        out["card"] = card_id(game, fr.card)
        if kind == "restore":
            out.update(res=op.res, n=op.n - fr.vars.get("_done", 0))
        elif kind == "take":
            out.update(target=fr.vars["_target"], n=op.n - fr.vars.get("_done", 0))
        elif kind == "play_attack" and fr.vars.get("_played", 0):
            out["form"] = "more"
        elif kind == "activate_attack" and fx.reactivating(game, st):  # R53
            out.update(form="reactivate", n=op.n - len(fr.vars.get("_used", [])))
            if op.type != "any":
                out.update(form="reactivate_type", type=op.type)
    elif kind == "recall":
        out["n"] = len(game.resource_cards(st.seats[seat]))
    return out


# --- what the seat cannot do now, and why ----------------------------------------------------------


def why_not(game: GunsRules, st: GunsState, seat: int) -> list[dict]:
    """The cards and wonders ``seat`` would expect to act on in its current decision and cannot:
    pyramid cards and stack tops it cannot pay for (with the surcharge of the connected cards
    below), hand cards whose effect it could not activate, Attack cards it could not play or
    activate, hand cards without the response icon, wonders whose condition it does not meet."""
    if st.over or not st.stack or seat not in st.stack[-1].seats:
        return []
    kind = st.stack[-1].kind
    out: list[dict] = []
    if kind == "purchase":
        out += unaffordable(game, st, seat)
    if kind in ("purchase", "claim", "glory", "move_glory"):
        out += wonders_out_of_reach(game, st, seat, kind)
    if kind == "play_technology":
        out += inactive_technologies(game, st, seat)
    if kind == "play_attack":
        hand = st.seats[seat].hand
        payable = set(fx.attack_cards_payable(game, st, seat, hand))
        out += [
            activation_cost(game, st, seat, k, "play_attack", "R58")
            for k in hand
            if game.kind[k] == "attack" and k not in payable
        ]
    if kind == "activate_attack":
        out += idle_reactivations(game, st, seat) if fx.reactivating(game, st) else idle_attacks(game, st, seat)
    if kind == "respond":
        out += [
            {"reason": "no_response", "verb": "respond", "card": card_id(game, k), "rule": "R63"}
            for k in st.seats[seat].hand
            if not game.resp[k]
        ]
    if kind == "pay":
        out += overpaying(game, st, seat)
    return out


def have(game: GunsRules, st: GunsState, seat: int) -> dict[str, int]:
    return units(game, game.available(st.seats[seat]))


def unaffordable(game: GunsRules, st: GunsState, seat: int) -> list[dict]:
    """Pyramid cards (R74-R77) and development stack tops (R113) the seat cannot pay for: the
    base cost alone (R76a), or the base cost with the surcharge (R76b, R77). The seat is asked
    only when it can pay for one card at least, so it always has resources here."""
    out = []
    available = game.available(st.seats[seat])
    mode = pay.purchase_mode(st.options)
    extra = game.slot_surcharges(st)
    owned = have(game, st, seat)
    for r, row in enumerate(st.pyramid):
        for i, k in enumerate(row):
            if k == EMPTY:
                continue
            surcharge = extra[A.slot_id(r, i)]
            if pay.covers(available, game.cost[k], surcharge, mode):
                continue
            item: dict[str, Any] = {"verb": "buy", "card": card_id(game, k), "cost": units(game, game.cost[k])}
            item["have"] = owned
            if surcharge and pay.covers(available, game.cost[k], 0, mode):
                item.update(reason="surcharge", surcharge=surcharge, rule="R77")
            else:
                item.update(reason="cost", surcharge=surcharge, rule="R76")
            out.append(item)
    for e, stack in enumerate(st.stacks):
        if not stack:
            continue
        k = stack[-1]
        surcharge = game.stack_surcharge(st, e)
        if not pay.covers(available, game.cost[k], surcharge, mode):
            item = {"reason": "stack", "verb": "buy", "card": card_id(game, k), "cost": units(game, game.cost[k])}
            item.update(surcharge=surcharge, have=owned, rule="R113")
            out.append(item)
    return out


def empty_handed(item: dict) -> dict:
    """The form that says "you have no resources" instead of an empty list."""
    if not item["have"]:
        item["form"] = "nothing"
    return item


def activation_cost(game: GunsRules, st: GunsState, seat: int, k: int, verb: str, rule: str) -> dict:
    vp = st.seats[seat].vp
    if game.vp_need[k] > vp:  # a VP cost, or VP every player loses: never below 0 (R71)
        return {
            "reason": "vp_cost",
            "verb": verb,
            "card": card_id(game, k),
            "need": game.vp_need[k],
            "have": vp,
            "rule": "R71",
        }
    item: dict[str, Any] = {"reason": "activation_cost", "verb": verb, "card": card_id(game, k), "rule": rule}
    item.update(cost=units(game, game.pay_cost[k] or ()), have=have(game, st, seat))
    return empty_handed(item)


def inactive_technologies(game: GunsRules, st: GunsState, seat: int) -> list[dict]:
    """Hand cards whose effect would do nothing or could not be activated if played now: an
    activation cost the seat cannot pay (R51), a Tactics card with no Attack card to play (R58)
    or to activate (R57), a card using an opponent's resource when no opponent has one (R55)."""
    out = []
    p = st.seats[seat]
    for k in p.hand:
        effect = game.effects[k]
        if not game.can_activate(st, seat, k):
            out.append(activation_cost(game, st, seat, k, "activate", "R51"))
            continue
        plays = any(isinstance(op, PlayAttacks) for op in effect)
        acts = any(isinstance(op, ActivateAttacks) for op in effect)
        can_play = plays and fx.attack_cards_payable(game, st, seat, [h for h in p.hand if h != k])
        can_act = acts and fx.attack_cards_payable(game, st, seat, p.tech)
        if (plays or acts) and not (can_play or can_act):
            reason = "no_attack" if plays and acts else "no_attack_in_hand" if plays else "no_attack_in_zone"
            rule = "R58" if plays else "R57"
            out.append({"reason": reason, "verb": "activate", "card": card_id(game, k), "rule": rule})
        use = next((op for op in effect if isinstance(op, Use)), None)
        if use is not None and not any(fx.use_matches(game, st, q, use) for q in game.clockwise(st, seat)[1:]):
            out.append({"reason": "no_target", "verb": "activate", "card": card_id(game, k), "rule": "R55"})
    return out


def idle_attacks(game: GunsRules, st: GunsState, seat: int) -> list[dict]:
    """Attack cards of the zone the Tactics card cannot activate: their cost (R51), or already
    activated by this card (R58)."""
    fr = st.run[-1]
    used = set(fr.vars.get("_used", []) + fr.vars.get("played", []))
    out = []
    for k in st.seats[seat].tech:
        if game.kind[k] != "attack":
            continue
        if k in used:
            out.append({"reason": "activated", "verb": "activate_attack", "card": card_id(game, k), "rule": "R58"})
        elif not game.can_activate(st, seat, k):
            out.append(activation_cost(game, st, seat, k, "activate_attack", "R51"))
    return out


def idle_reactivations(game: GunsRules, st: GunsState, seat: int) -> list[dict]:
    """Technologies of the zone of the type a ``reactivate`` names that it cannot activate now:
    their cost (R51, R71), or activated already by it, or still acting (R53)."""
    fr = st.run[-1]
    op = game.runner.ops(fr)[fr.pc]
    running = {f.card for f in st.run}
    used = set(fr.vars.get("_used", []))
    out = []
    for k in st.seats[seat].tech:
        if not game.effects[k] or (op.type != "any" and game.kind[k] != op.type):
            continue
        if k in used or k in running:
            out.append({"reason": "reactivated", "verb": "reactivate", "card": card_id(game, k), "rule": "R53"})
        elif not game.can_activate(st, seat, k):
            out.append(activation_cost(game, st, seat, k, "reactivate", "R51"))
    return out


def overpaying(game: GunsRules, st: GunsState, seat: int) -> list[dict]:
    """Resource cards of the zone that would pay more than the cost (R79)."""
    legal = set(game.legal(st, seat))
    base = game.action_space.spend
    return [
        {"reason": "overpay", "verb": "spend", "card": card_id(game, k), "res": game.res_name(k), "rule": "R79"}
        for k in game.resource_cards(st.seats[seat])
        if base + k not in legal
    ]


def wonders_out_of_reach(game: GunsRules, st: GunsState, seat: int, kind: str) -> list[dict]:
    """The wonders beside the pyramid whose condition the seat does not meet now, with the first
    clause it misses (R25.6, R85; Renaissance: the glory-token condition, R93). In New World, a
    turn ending with two cards or more in hand checks no wonder (R84): said once."""
    out = []
    renaissance = game.track(st)
    p = st.seats[seat]
    if not renaissance and kind == "purchase" and len(p.hand) >= 2:
        out.append({"reason": "no_check", "verb": "claim", "card": None, "n": len(p.hand), "rule": "R84"})
    for w in st.wonders:
        if game.owner(st, w) >= 0:
            continue
        clauses = game.glory_rule[w] if renaissance else game.build[w]
        if meets(game, st, seat, clauses):
            continue
        what, of, need = next(c for c in clauses if count(game, st, seat, c[0], c[1]) < c[2])
        of_name = RESOURCES[of] if isinstance(of, int) else of
        out.append(
            {
                "reason": "wonder",
                "form": what,
                "verb": "glory" if renaissance else "claim",
                "card": game.wkeys[w],
                "of": of_name or "",
                "need": need,
                "have": count(game, st, seat, what, of),
                "rule": "R93" if renaissance else "R85",
            }
        )
    return out
