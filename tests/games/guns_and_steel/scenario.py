"""Helpers to build Guns & Steel positions from card facts chosen by the test, so that rule tests
read like the rulebook and do not depend on the provisional deck.

    game, st = fresh(3, cards={"C21": card("attack", cost={"gunpowder": 2}, military=3,
                                            effect=[attack(lose(2))])})
    place(game, st, 0, hand=["C06"], resource=["C01-red", "C04-red"], tech=["C21"])
    begin(game, st, 0, "purchase")                     # seat 0's Purchase phase
    act(game, st, 0, "buy", "3.1")                      # by legal kind and target
    assert_illegal(game, st, 1, some_id, "R63")          # refused, state byte-identical

A deck is the whole box: every card not named is a plain Society card (no effect, cost 1 Food,
1 VP; start cards 0 VP), the last card of each epoch carries the two-player icon, and each
epoch's wonder pair depicts that epoch's first two cards with a condition nobody meets.
"""

from __future__ import annotations

import msgspec
import pytest

from epochal.engine import IllegalAction
from epochal.games.guns_and_steel import GunsAndSteel
from epochal.games.guns_and_steel import actions as A
from epochal.games.guns_and_steel import cards as C
from epochal.games.guns_and_steel.state import EMPTY
from tests.support.cards import covers as covers  # the tests import it from here

NEVER = [C.Clause(what="cards", at_least=99)]


# --- card facts ------------------------------------------------------------------------------


def card(type_: str = "society", **facts) -> dict:
    return {"type": type_, **facts}


def attack(*defeated, vp: int = 0) -> C.Attack:
    return C.Attack(defeated=list(defeated), vp=vp)


def lose(n: int = 1) -> C.Lose:
    return C.Lose(n=n)


def hand_over(n: int = 1) -> C.HandOver:
    return C.HandOver(n=n)


def give_wonder() -> C.GiveWonder:
    return C.GiveWonder()


def lose_vp(n: int = 1, to_attacker: bool = False) -> C.LoseVp:
    return C.LoseVp(n=n, to_attacker=to_attacker)


def pay(**res) -> C.Pay:
    return C.Pay(res=res)


def gain(**res) -> C.Gain:
    return C.Gain(res=res)


def restore(res: str = "any", n: int = 1) -> C.Restore:
    return C.Restore(res=res, n=n)


def vp(n: int = 1) -> C.Vp:
    return C.Vp(n=n)


def use(res: str = "any", n: int = 1, gain_it: bool = True) -> C.Use:
    return C.Use(res=res, n=n, gain=gain_it)


def each_player(*ops) -> C.EachPlayer:
    return C.EachPlayer(do=list(ops))


def play_attacks(n: int = 1) -> C.PlayAttacks:
    return C.PlayAttacks(n=n)


def activate_attacks(n: int = 1) -> C.ActivateAttacks:
    return C.ActivateAttacks(n=n)


def clause(what: str, at_least: int, of: str | None = None) -> C.Clause:
    return C.Clause(what=what, at_least=at_least, of=of)


# --- decks ----------------------------------------------------------------------------------


def deck(cards: dict | None = None, wonders: dict | None = None) -> C.DataSet:
    """The whole box with the given card and wonder facts (keyed by id) over the plain ones."""
    cards = cards or {}
    wonders = wonders or {}
    out = []
    for j, cid in enumerate(C.START_IDS):
        facts = {"id": cid, "theme": "start", "resource": "food" if j < 3 else "iron", "type": "society", "vp": 0}
        facts.update(cards.get(cid, {}))
        out.append(C.Civ(**facts))
    for theme, (lo, _) in C.THEME_IDS.items():
        number = lo
        for epoch, count in C.EPOCH_COUNTS.items():
            for i in range(count):
                cid = f"C{number:02d}"
                facts = {
                    "id": cid,
                    "theme": theme,
                    "resource": epoch,
                    "type": "society",
                    "cost": {"food": 1},
                    "vp": 1,
                    "two_player": i == count - 1,
                }
                facts.update(cards.get(cid, {}))
                out.append(C.Civ(**facts))
                number += 1
    ws = []
    for theme, (lo, _) in C.WONDER_IDS.items():
        first = {e: C.THEME_IDS[theme][0] + sum(list(C.EPOCH_COUNTS.values())[:k]) for k, e in enumerate(C.EPOCHS)}
        for k, epoch in enumerate(C.EPOCHS):
            for j in range(2):
                wid = f"W{lo + 2 * k + j:02d}"
                facts = {
                    "id": wid,
                    "theme": theme,
                    "epoch": epoch,
                    "depicts": f"C{first[epoch] + j:02d}",
                    "vp": 3 + k,
                    "two_player": j == 1 and k < 2,
                }
                if theme == "new_world":
                    facts["build"] = NEVER
                else:
                    facts.update(glory=NEVER, tokens=3)
                facts.update(wonders.get(wid, {}))
                ws.append(C.Wonder(**facts))
    data = C.DataFile(cards=out, wonders=ws)
    problems = C.validate(data)
    assert not problems, problems
    return C.DataSet(data, msgspec.json.encode(data), C.DATA_FILE.parent / "test-deck.json")


def fresh(
    players: int = 3,
    theme: str = "new_world",
    seed: int = 0,
    cards: dict | None = None,
    wonders: dict | None = None,
    **options,
):
    """A new game with a test deck; the setup has run (start resources offered, if any)."""
    game = GunsAndSteel(deck(cards, wonders))
    st = game.new(players, seed, {"theme": theme, **options})
    return game, st


# --- positions -------------------------------------------------------------------------------


def k(game, key: str) -> int:
    return game.index_of[key]


def take_out(game, st, index: int) -> None:
    """Remove a card from wherever it lies (a pyramid slot becomes empty)."""
    for row in st.pyramid:
        for i, x in enumerate(row):
            if x == index:
                row[i] = EMPTY
    for stack in st.stacks:
        while index in stack:
            stack.remove(index)
    while index in st.removed:
        st.removed.remove(index)
    for p in st.seats:
        for pile in (p.hand, p.zone, p.tech):
            while index in pile:
                pile.remove(index)


def place(game, st, seat: int, hand=(), resource=(), tech=(), keep: bool = False) -> None:
    """Give ``seat`` exactly these cards: hand, zone resource side up, zone technology side up.
    Cards the seat held before go out of the game unless ``keep``."""
    p = st.seats[seat]
    if not keep:
        st.removed.extend(p.hand + p.zone)
        p.hand, p.zone, p.tech = [], [], []
    for key in hand:
        take_out(game, st, k(game, key))
        p.hand.append(k(game, key))
    for key in resource:
        take_out(game, st, k(game, key))
        p.zone.append(k(game, key))
    for key in tech:
        take_out(game, st, k(game, key))
        p.zone.append(k(game, key))
        p.tech.append(k(game, key))


def rows(game, st, *layout) -> None:
    """Set pyramid rows bottom up: each a list of keys or None (a bought slot). Cards that leave
    the pyramid go out of the game."""
    for r, row in enumerate(layout):
        st.removed.extend(x for x in st.pyramid[r] if x != EMPTY)
        st.pyramid[r] = [EMPTY] * len(st.pyramid[r])
        for i, key in enumerate(row):
            if key is not None:
                take_out(game, st, k(game, key))
                st.pyramid[r][i] = k(game, key)


def begin(game, st, seat: int, step: str = "turn_start") -> list[dict]:
    """Start ``seat``'s turn at ``step`` (turn_start, resource, technology, purchase,
    end_of_turn, ...) and run the automatic steps to the first decision."""
    st.stack.clear()
    st.run.clear()
    st.payment = None
    st.attack = None
    st.turn = seat
    st.step = step
    st.over = False
    st.recalling = False
    ev: list = []
    game.advance(st, ev)
    return ev


def entries(game, st, seat: int) -> list[dict]:
    return game.view(st, seat)["legal"]


def legal_kinds(game, st, seat: int) -> dict[str, list]:
    """The seat's legal actions by kind: the target of each (card, slot, wonder, seat, res)."""
    out: dict[str, list] = {}
    for e in entries(game, st, seat):
        out.setdefault(e["kind"], []).append(target_of(e))
    return out


def target_of(e: dict):
    kind = e["kind"]
    if kind in ("activate", "skip", "pass"):
        return None
    if kind == "buy":
        return e["slot"]
    if kind == "buy_stack":
        return e["epoch"]
    if kind == "take":
        return (e["seat"], e["index"])
    if kind == "move_glory":
        return (e["wonder"], e["from"])
    if kind == "pay_all":  # the cards it turns over, then its temporary resources
        return tuple(e["cards"]) + tuple(r for r, n in e["temporary"].items() for _ in range(n))
    return next((e[f] for f in ("card", "wonder", "res") if e.get(f)), e.get("seat"))


def find(game, st, seat: int, kind: str, target=None, **fields) -> int:
    for e in entries(game, st, seat):
        if e["kind"] != kind:
            continue
        if target is not None and target != target_of(e):
            continue
        if all(e.get(f) == v for f, v in fields.items()):
            return e["id"]
    raise AssertionError(f"no legal {kind} {target} {fields} for seat {seat}: {legal_kinds(game, st, seat)}")


def act(game, st, seat: int, kind: str, target=None, **fields) -> list[dict]:
    """Apply the seat's legal action of this kind and target."""
    return game.apply(st, seat, find(game, st, seat, kind, target, **fields))


def action_id(game, kind: str, target) -> int:
    """The id of an action whether or not it is legal now."""
    if kind in A.CARD_BLOCKS:
        return getattr(game.action_space, kind) + k(game, target)
    if kind in A.WONDER_BLOCKS:
        return getattr(game.action_space, kind) + game.windex[target]
    if kind == "buy":
        r, i = map(int, target.split("."))
        return A.BUY + A.slot_id(r - 1, i)
    if kind == "spend_res":
        return A.SPEND_RES + C.RESOURCES.index(target)
    if kind == "target":
        return A.TARGET + target
    if kind == "pay_all":
        return game.action_space.pay_all
    return {"pass": A.PASS, "activate": A.ACTIVATE, "skip": A.SKIP}[kind]


def decision(st):
    return st.stack[-1] if st.stack else None


def keys(game, cards) -> list[str]:
    return [game.keys[x] for x in cards]


def tech_keys(game, st, seat: int) -> list[str]:
    return keys(game, st.seats[seat].tech)


def resource_keys(game, st, seat: int) -> list[str]:
    p = st.seats[seat]
    return keys(game, [x for x in p.zone if x not in p.tech])


def temp(st, seat: int) -> dict:
    return {C.RESOURCES[t]: n for t, n in enumerate(st.seats[seat].temp) if n}


def assert_illegal(game, st, seat: int, action: int, rule: str | None = None) -> IllegalAction:
    before = st.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(st, seat, action)
    assert st.to_json() == before, "a rejected action changed the state"
    if rule is not None:
        assert info.value.rule == rule, info.value
        assert rule in str(info.value)
    return info.value


def types(evs) -> list[str]:
    return [e["type"] for e in evs]


def surcharge_position(temps: dict | None = None, horses=("C08",)):
    """Seat 0 buys a Gunpowder card for 2 Iron, 1 Horse and 2 of its choice (two cards below it,
    R76b), holding 2 Food and 2 Iron cards, these Horse cards and these temporary resources (by
    default a Horse)."""
    facts = {"C13": card(cost={"iron": 2, "horses": 1})}
    game, st = fresh(3, cards=facts)
    rows(game, st, ["C06", "C07"], ["C13"])
    place(game, st, 0, hand=["C03-red"], resource=["C01-red", "C02-red", "C04-red", "C05-red", *horses])
    for name, n in ({"horses": 1} if temps is None else temps).items():
        st.seats[0].temp[C.RESOURCES.index(name)] = n
    begin(game, st, 0, "purchase")
    act(game, st, 0, "buy", "2.0")
    return game, st
