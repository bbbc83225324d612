"""What one seat may see, action texts, card texts, and determinization for search.

Hidden: every hand but your own (its size by deck is open: the card backs differ), the order and
content of every deck, the other seats' packets in the alternative Lookout, and foundations put
down from a hand (Sanctuary), and the faces of the cards under a Gate (R152: only their backs, so
their number and decks, are open). Open (R117): every personal supply, the VP track, the locations
with their tokens, samurai, uses and the goods kept on them (Shrine, R155), foundations made by
razing, deals (tucked in view of all, R69), the face-up Lookout cards and every discard pile.

Solo (§19): the order of the attack deck is hidden (its size is open); the attack row, the
virtual opponent's locations and its trophy pile are open.
"""

from __future__ import annotations

from functools import cache

import msgspec

from epochal.engine.hidden import Lookups, Places, SpanRedeal, follow, follow_action, offered_cards, runs

from . import actions as A
from .empire import effective_storage
from .solo import VIRTUAL
from .vocab import (
    RESOURCES,
    ActivateOther,
    BuildDeal,
    BuildFromHand,
    CancelDeal,
    CaptureLocation,
    Choose,
    CopyProduction,
    DealAgain,
    FoundationFromHand,
    Gain,
    GainPer,
    LookEmpire,
    Op,
    PutOn,
    RazeLocation,
    RazeOwn,
    RemoveLocation,
    Samurai,
    Steal,
    TakeDeal,
    TakeRazeGood,
    TradeDeal,
    Tuck,
)

GOOD_WORDS = {
    "wood": "wood",
    "stone": "stone",
    "food": "food",
    "gold": "gold",
    "worker": "worker",
    "raze": "raze token",
    "defence": "defence token",
    "vp": "VP",
    "card": "card",
    "common_card": "common card",
    "empire_card": "empire card",
    "samurai": "samurai",
}
OP_WORDS = {
    DealAgain: "gain the goods of one of your deals once more",
    BuildFromHand: "build an empire location from your hand at full cost, discarding no location",
    ActivateOther: "use another of your action locations, paying its cost",
    Steal: "take 1 resource from the supply of a player who has not passed",
    RemoveLocation: "discard a location of a player who has not passed (not razing)",
    TakeRazeGood: "take 1 resource shown in the raze bonus of an opponent's location",
    RazeOwn: "raze one of your common locations (foundation, 1 wood, its raze bonus)",
    CancelDeal: "cancel a deal of a player who has not passed",
    TakeDeal: "take a deal of a player who has not passed (it pays from the next Production)",
    BuildDeal: "build one of your deals at full cost, discarding no location",
    TradeDeal: "make a deal with a location of a player who has not passed (this card's trade)",
    CaptureLocation: "capture a location of a player who has not passed (this card's capture)",
}


def goods_text(goods: dict) -> str:
    parts = []
    for good, n in goods.items():
        if good == "op" or not n:
            continue
        word = GOOD_WORDS.get(good, good)
        parts.append(f"{n} {word}" + ("s" if n > 1 and word[-1] not in "sPy" else ""))
    return ", ".join(parts) or "nothing"


def describe_op(op: Op) -> str:
    if isinstance(op, Gain):
        return goods_text(msgspec.structs.asdict(op))
    if isinstance(op, GainPer):
        what = "samurai you have" if op.samurai else f"{op.colour} location you have"
        most = "" if op.max is None else f" (at most {op.max})"
        return f"1 {GOOD_WORDS[op.good]} per {what}{most}"
    if isinstance(op, Choose):
        return "one of: " + " / ".join(describe_ops(o) for o in op.options)
    if isinstance(op, LookEmpire):
        return f"look at the top {op.n} empire cards, keep {op.keep}, discard the rest"
    if isinstance(op, CopyProduction):
        other = "another" if op.other else "one"
        return f"{other} of your production locations produces once more"
    if isinstance(op, Samurai):
        return f"{op.n} samurai on your Japanese locations"
    if isinstance(op, RazeLocation):
        how = (
            "ignoring defence tokens and samurai"
            if op.protection == "ignore"
            else "paying 1 more raze token per defence token or samurai"
        )
        return f"raze a location of a player who has not passed, {how}"
    if isinstance(op, Tuck):
        return f"put up to {op.n} card(s) from your hand under this location, to the end of the game"
    if isinstance(op, PutOn):
        return f"put up to {op.n} good(s) of your supply on this location, to the end of the game"
    if isinstance(op, FoundationFromHand):
        return f"put a card from your hand as a foundation and gain {goods_text(msgspec.structs.asdict(op))}"
    return OP_WORDS.get(type(op)) or str(type(op).__struct_config__.tag)


def describe_ops(ops: list) -> str:
    return "; ".join(describe_op(op) for op in ops) or "nothing"


def action_text_of(act) -> str:
    pay = dict(act.pay)
    limit = " (up to twice a round)" if act.limit == 2 else ""
    return f"pay {goods_text(pay)}: {describe_ops(act.do)}{limit}".replace(" 1 deal", " 1 deal")


def card_info(game, k: int, stand_ins: bool = False) -> dict:
    """A card's facts as views show them (a copy, worked out once per card)."""
    info = game.card_infos.get((k, stand_ins))
    if info is None:
        info = game.card_infos[k, stand_ins] = _card_info(game, k, stand_ins)
    return dict(info)


def _card_info(game, k: int, stand_ins: bool = False) -> dict:
    c = game.cards[k]
    e = c.entry
    info = {
        "id": c.id,
        "name": c.name,
        "deck": c.deck,
        "kind": c.kind,
        "colours": sorted(c.colours),
        "cost": c.cost,
        "discard": c.discard,
        "vp": c.vp,
        "provenance": e.provenance,
    }
    for key in ("name_ru", "name_cs", "name_probable"):
        if getattr(e, key):
            info[key] = getattr(e, key)
    if c.raze is not None:
        info["raze"] = c.raze
    if c.unrazeable:
        info["cannot_be_razed"] = True
    if c.storage is not None:
        info["storage"] = {"capacity": c.storage.capacity, "goods": list(c.storage.goods)}
    for field in ("under", "keeps"):  # R152, R155, R134
        keep = getattr(c, field)
        if keep is not None:
            info[field] = msgspec.to_builtins(keep)
    for field in ("trade", "capture"):  # R73, R163: what the card says of its deals and captures
        value = getattr(c, field)
        if value is not None:
            info[field] = msgspec.to_builtins(value)
    if c.deal is not None:
        info["deal"] = c.deal
    if c.production:
        info["production"] = describe_ops(c.production)
    if c.bonus:
        info["build_bonus"] = describe_ops(c.bonus)
    if c.action is not None:
        info["action"] = action_text_of(c.action)
    elif c.stand_in is not None and stand_ins:
        info["action"] = action_text_of(c.stand_in) + " [stand-in cost]"
    if c.triggers:
        info["feature"] = "; ".join(trigger_text(t) for t in c.triggers)
    unknown = [u for u in e.unknown if u != "English name"]
    if unknown:
        info["unknown"] = unknown
        if any(u.startswith(("ability", "activation cost")) for u in unknown):
            info["ability"] = "not established: the engine plays only the card's known parts" + (
                " (stand-in with the option stand_ins=on)" if c.stand_in else ""
            )
    if e.known:
        info["known"] = dict(e.known)
    if e.note:
        info["note"] = e.note
    return info


def trigger_text(t) -> str:
    also = " (also in the Production phase)" if t.in_production else ""
    return _trigger_text(t) + also


def _trigger_text(t) -> str:
    if t.on == "build":
        what = f"a {t.colour} location" if t.colour else "a location"
        return f"each time you build {what}: {describe_ops(t.do)}"
    if t.on == "raze":
        return f"each time you raze: {describe_ops(t.do)}"
    return f"each pair of workers an opponent exchanges: {describe_ops(t.do)}"


def running_card(st, frame) -> int | None:
    """The card whose effect asks the question (a location activated, a card being built)."""
    i = frame.args.get("frame")
    if i is None or not 0 <= i < len(st.run):
        return None
    card = st.run[i].card
    return card if card >= 0 else None


def shown_cards(game, st, seat: int | None, legal: list[int] | None = None) -> set[int]:
    """The physical cards ``seat``'s view names (None: a spectator's): every seat's discards,
    locations, foundations and deals, the seat's own hand, hidden foundations and draft packet,
    the Lookout's cards, the common discard pile, the virtual opponent's open cards, and the cards
    the seat's legal actions act on (``legal``: the seat's legal actions, when known already)."""
    shown: set[int] = set()
    for i, p in enumerate(st.seats):
        shown.update(p.discard + p.locations + p.foundations + p.deals)
        for k, m in p.trades.items():  # made in view of all (R73), whatever became of the cards
            shown.update((k, m))
        shown.update(p.captured)
        if i == seat:
            shown.update(p.hand + p.hidden_foundations + sum(p.under.values(), []))
            if st.packets and seat < len(st.packets):
                shown.update(st.packets[seat])
    shown.update(st.table + st.common_discard + st.virtual + st.trophies)
    if legal is None:
        legal = game.legal(st, seat) if seat is not None else []
    for a in legal:
        k = game.action_space.card_of(a)
        if k >= 0:
            shown.add(k)
    return shown


def view(game, st, seat: int | None, face_up: bool = False) -> dict:
    """``face_up``: with ``seat`` None, the finished game's replay with every seat's own cards
    shown (``open_view``)."""
    cards = game.cards
    seats = []
    # who made a deal with each location, who captured it (R73, R163): open
    traded = {k: i for i, p in enumerate(st.seats) for k in p.trades}
    captors = {k: i for i, p in enumerate(st.seats) for k in p.captured}
    for i, p in enumerate(st.seats):
        stored = effective_storage(p) if p.stored else {}
        entry = {
            "seat": i,
            "faction": p.faction,
            "vp": p.vp,
            "passed": p.passed,
            "supply": {g: getattr(p, g) for g in ("wood", "stone", "food", "gold", "worker", "raze", "defence")},
            "hand_common": sum(1 for k in p.hand if cards[k].common),
            "hand_empire": sum(1 for k in p.hand if not cards[k].common),
            "deck": len(p.deck),
            "discard": [cards[k].id for k in p.discard],
            "locations": [
                {
                    "card": cards[k].id,
                    "used": p.used.get(k, 0),
                    "defence": k in p.defended,
                    "samurai": k in p.samurai,
                    **({"stored": stored[k]} if k in stored else {}),  # R168: open, like the supply
                    **({"kept": dict(p.kept[k])} if p.kept.get(k) else {}),  # R155: open, like the supply
                    # R152: the backs of the cards under it (their deck); the faces to the owner
                    **({"under": [cards[x].deck for x in p.under[k]]} if p.under.get(k) else {}),
                    **(
                        {"under_cards": [cards[x].id for x in p.under[k]]}
                        if p.under.get(k) and (i == seat or face_up)
                        else {}
                    ),
                    **({"trade": traded[k]} if k in traded else {}),
                    **({"captured": captors[k]} if k in captors else {}),
                }
                for k in p.locations
            ],
            "foundations": [cards[k].id for k in p.foundations],
            "hidden_foundations": [cards[k].deck for k in p.hidden_foundations],
            "deals": [cards[k].id for k in p.deals],
        }
        if p.trades:  # R73: the deals made with locations, and whose they are while they stand
            entry["trades"] = [
                {"card": cards[k].id, "by": cards[m].id, "owner": game.location_owner(st, k)}
                for k, m in p.trades.items()
            ]
        if p.captured:  # R163
            entry["captured"] = [
                {"card": cards[k].id, "by": cards[m].id, "owner": game.location_owner(st, k)}
                for k, m in p.captured.items()
            ]
        if p.attack_deals:
            entry["attack_deals"] = [{"id": game.attacks[i].id, "target": game.target(i)} for i in p.attack_deals]
        if i == seat or face_up:
            entry["hand"] = [cards[k].id for k in p.hand]
            entry["hidden_foundation_cards"] = [cards[k].id for k in p.hidden_foundations]
            if st.packets and i < len(st.packets):
                entry["packet"] = [cards[k].id for k in st.packets[i]]
        seats.append(entry)
    frame = st.stack[-1] if st.stack else None
    decision = None
    if frame is not None:
        decision = {
            "kind": frame.kind,
            "seats": list(frame.seats),
            "purpose": frame.args.get("purpose"),
            "rule": frame.args.get("rule"),
        }
        if seat is not None and seat in frame.chosen:
            decision["your_choice"] = frame.chosen[seat]
        if face_up and frame.chosen:
            decision["chosen"] = {str(s): a for s, a in frame.chosen.items()}
    legal = game.legal(st, seat) if seat is not None else []
    shown = shown_cards(game, st, seat, legal)
    if face_up:
        for i in range(st.players):
            shown |= shown_cards(game, st, i)
    stand_ins = st.options.get("stand_ins") == "on"
    out = {
        "game": game.name,
        "players": st.players,
        "options": dict(st.options),
        "data": {"status": game.data_status(), "provisional": True},
        "round": st.round,
        "phase": st.phase,
        "first": st.first,
        "turn": st.turn,
        "over": st.over,
        "ply": st.ply,
        "common_deck": len(st.common_deck),
        "common_discard": [cards[k].id for k in st.common_discard],
        "table": [cards[k].id for k in st.table],
        "seats": seats,
        "you": seat,
        "decision": decision,
        "legal": [{"id": a, "text": action_text(game, st, seat, a)} for a in legal],
        "cards": {cards[k].id: card_info(game, k, stand_ins) for k in sorted(shown)},
        "scores": ([{"total": s.total, **s.breakdown} for s in game.scores(st)] if st.over else None),
        "winners": game.winners(st) if st.over else None,
    }
    if st.players == 1:
        out["solo"] = game.solo.view(st)
    return out


def open_view(game, st) -> dict:
    """Every seat's hand, hidden foundations and draft packet face up; the decks' order stays
    hidden, as it was from every seat."""
    return view(game, st, None, face_up=True)


def action_text(game, st, seat: int | None, a: int) -> str:
    kind, k = game.action_space.kind(a)
    frame = st.stack[-1] if st.stack else None
    if kind in A.BLOCKS:
        c = game.cards[k]
        name = f"{c.name} ({c.id})"
        if kind == "build":
            return f"build {name}"
        if kind == "deal":
            return f"make a deal with {name} (1 food; {c.deal} each Production)"
        if kind == "raze_hand":
            return f"raze {name} from your hand for {goods_text(c.raze or {})}"
        if kind == "raze":
            owner = game.location_owner(st, k)
            if owner == VIRTUAL:
                return f"raze {name} of the virtual opponent (2 raze tokens) for {goods_text(c.raze or {})}"
            tokens = 2 + game.protection(st, owner, k) if owner >= 0 else 2
            return f"raze {name} of seat {owner} ({tokens} raze tokens) for {goods_text(c.raze or {})}"
        if kind == "activate":
            return f"activate {name}"
        if kind == "activate2":
            return f"activate {name} twice"
        if kind == "defend":
            return f"place your defence token on {name}"
        if kind == "samurai":
            return f"deploy a samurai on {name}"
        purpose = frame.args.get("purpose", "take") if frame else "take"
        if frame is not None and frame.kind in ("pick_table", "draft"):
            purpose = "take"
        return f"{purpose}: {name}"
    if a == A.PASS:
        return "pass"
    if a == A.END:
        if frame is not None and frame.kind == "after":
            return "end your turn"
        return "stop" if frame is not None and frame.kind == "exchange" else "decline"
    if a == A.CARD_COMMON:
        return "take the card from the common deck"
    if a == A.CARD_EMPIRE:
        return "take the card from your empire deck"
    if A.EXCHANGE <= a < A.EXCHANGE + 5:
        good = A.EXCHANGE_GOODS[a - A.EXCHANGE].replace("_", " ")
        return f"exchange 2 workers for 1 {good}"
    if A.OPTION <= a < A.OPTION + A.MAX_OPTIONS:
        texts = frame.args.get("texts", []) if frame else []
        i = a - A.OPTION
        return f"choose: {texts[i]}" if i < len(texts) else f"option {i + 1}"
    if A.ATTACK <= a < A.ATTACK + A.ATTACK_CARDS and a - A.ATTACK < len(game.attacks):
        i = a - A.ATTACK
        purpose = frame.args.get("purpose", "choose") if frame else "choose"
        return (
            f"{purpose}: the virtual opponent's attack card {game.attacks[i].id} "
            f"({GOOD_WORDS.get(game.target(i), game.target(i))})"
        )
    if A.STEAL <= a < A.STEAL + 12:
        q, r = divmod(a - A.STEAL, 3)
        return f"take 1 {RESOURCES[r]} from seat {q}"
    return f"action {a}"


def determinize(game, st, seat: int, rng):
    """Re-deal what ``seat`` cannot see: the others' hands (keeping how many cards of each deck
    each holds), their hidden foundations and unanswered draft packets, together with the
    common deck and every empire deck, whose order is also unknown; in solo the attack deck's
    order too. Cards that running effects and pending choices hold on to (looked at, offered)
    are re-dealt with the rest and every reference follows its card, unless ``seat`` itself is
    shown them; cards whose own effect is running stay where they are."""
    return dealer(game, st, seat)(rng)


def dealer(game, st, seat: int):
    """``determinize``'s deals of ``st`` for ``seat``, planned once: which places of which
    lists are re-dealt together, and which re-dealt cards a reference names."""
    keep = {frame.card for frame in st.run if frame.card >= 0} | seen_by(game, st, seat)
    zones = hiding_zones(st, seat)
    deck_of = _deck_of(game)
    places: dict[str, Places] = {}  # by the deck on the card's back
    for zone in zones[1:]:
        for j, k in enumerate(zone):
            if k not in keep:
                places.setdefault(deck_of[k], []).append((zone, j))
    attacks = SpanRedeal(zones, [[(st.attack_deck, 0, len(st.attack_deck))]])  # solo: R196
    copy = st.copier()
    named = Lookups()
    follow_cards(game, copy(), named)  # the cards a reference names: the deals follow them
    cards = SpanRedeal(zones, [runs(group) for group in places.values()], named.cards)

    def deal(rng):
        out = copy()
        out.rng = rng.getrandbits(64)
        zones = hiding_zones(out, seat)
        attacks.deal(zones, rng)
        moved = cards.deal(zones, rng)
        if moved:
            follow_cards(game, out, moved)
        return out

    return deal


def hiding_zones(st, seat: int) -> list[list[int]]:
    """The lists ``determinize`` re-deals in, in an order every clone of ``st`` shares: the
    attack deck, then where ``seat``'s hidden cards lie, in the order of their places."""
    frame = st.stack[-1] if st.stack else None
    answered = set(frame.chosen) if frame is not None and frame.kind == "draft" else set()
    zones: list[list[int]] = [st.attack_deck]
    for i, p in enumerate(st.seats):
        if i != seat:
            zones += [p.hand, p.hidden_foundations, *p.under.values()]  # R37, R152
            if st.packets and i not in answered:
                zones.append(st.packets[i])
        zones.append(p.deck)
    zones.append(st.common_deck)
    return zones


def follow_cards(game, st, moved: dict[int, int]) -> None:
    """Every reference to a re-dealt card follows it: the cards running effects look at, the
    offered choices."""
    for running_frame in st.run:
        if "_seen" in running_frame.vars:
            running_frame.vars["_seen"] = follow(running_frame.vars["_seen"], moved)
    for decision in st.stack:
        if "options" in decision.args:
            decision.args["options"] = [follow_action(game.action_space, a, moved) for a in decision.args["options"]]


@cache
def _deck_of(game) -> list[str]:
    """The deck each card belongs to, by card index: what its back shows."""
    return [card.deck for card in game.cards]


def seen_by(game, st, seat: int) -> set[int]:
    """Cards ``seat``'s own running effects and decisions show it (looked at, offered)."""
    cards: set[int] = set()
    for frame in st.run:
        if frame.seat == seat and isinstance(frame.vars.get("_seen"), list):
            cards.update(frame.vars["_seen"])
    return cards | offered_cards(game.action_space, st.stack, seat)
