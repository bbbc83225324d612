"""The automatic steps between decisions: one function per phase in the dispatch table
``phases`` (the rules' ``proceed``). A round is lookout_start, lookout, production,
action_start, action (with after_action and next_turn around each turn) and cleanup; in solo then
attack and attack_next (R207-R216).

Rule numbers refer to shared/rules/imperial-settlers.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from epochal.engine import Decision, event
from epochal.engine.effects import Registry

from .decisions import has_free_action
from .empire import draw_common, order, stored_total, take_card, tokens_of, trade_frame

if TYPE_CHECKING:
    from .rules import SettlersRules

phases = Registry("phase")
ROUNDS = 5  # R5, R31


# --- Lookout (R34-R40, R181-R191) -----------------------------------------------------------


@phases.on("lookout_start")
def lookout_start(game: SettlersRules, st, ev: list) -> None:
    ev.append(event("round", round=st.round, first=st.first))
    for seat in order(st):  # R34.1, R181, R186, R201.1
        take_card(game, st, seat, "empire", ev)
    if st.options["peaceful"] == "on":  # R191
        for seat in order(st):
            take_card(game, st, seat, "common", ev)
    st.schedule = lookout_schedule(game, st)
    st.phase = "lookout"


def lookout_schedule(game: SettlersRules, st) -> list[list]:
    """The Lookout's steps for this round: standard (R34), draft (R182-R184), advanced
    (R187-R190) or solo (R201)."""
    n = st.players
    seats = order(st)
    mode = st.options["lookout"]
    if n == 1:  # R201 (any lookout)
        return game.solo.schedule()
    if mode == "draft":  # R182-R184
        return [["packets", 3], ["draft", "R182"], ["pass"], ["draft", "R183"], ["discard"]]
    if mode == "advanced":  # R187-R190
        steps: list[list] = [["reveal", 5]]
        for i, seat in enumerate(seats):
            if i >= 2:
                steps.append(["reveal", 1])
            steps.append(["pick", seat, "R189"])
        for i, seat in enumerate(seats):
            if 1 <= i < n - 1:
                steps.append(["reveal", 1])
            steps.append(["pick", seat, "R189"])
        return steps + [["discard"]]
    return (
        [["reveal", n + 1]]
        + [["pick", s, "R34"] for s in seats]
        + [["discard"]]
        + [["reveal", n + 1]]
        + [["pick", s, "R34"] for s in reversed(seats)]
        + [["discard"]]
    )


@phases.on("lookout")
def lookout(game: SettlersRules, st, ev: list) -> None:
    if not st.schedule:
        st.phase = "production"
        return
    step = st.schedule.pop(0)
    kind = step[0]
    if kind == "reveal":
        for _ in range(step[1]):
            k = draw_common(st, ev)
            if k >= 0:
                st.table.append(k)
                ev.append(event("reveal", card=game.cards[k].id, reveals=True))
    elif kind == "pick":
        if st.table:
            st.stack.append(Decision(kind="pick_table", seats=[step[1]], args={"rule": step[2]}))
    elif kind == "discard":
        for k in st.table:  # R34: no effect
            st.common_discard.append(k)
        for packet in st.packets:
            st.common_discard.extend(packet)
        if st.table or any(st.packets):
            ev.append(event("lookout_discard", cards=[game.cards[k].id for k in st.table + sum(st.packets, [])]))
        st.table = []
        st.packets = []
    elif kind == "packets":
        st.packets = []
        for seat in range(st.players):
            packet = []
            for _ in range(step[1]):
                k = draw_common(st, ev)
                if k >= 0:
                    packet.append(k)
            st.packets.append(packet)
            ev.append(event("packet", to=[seat], seat=seat, cards=[game.cards[k].id for k in packet]))
    elif kind == "draft":
        seats = [s for s in range(st.players) if st.packets[s]]
        if seats:
            st.stack.append(Decision(kind="draft", seats=seats, args={"rule": step[1]}))
    elif kind == "virtual":  # R201.3, R201.5
        game.solo.lookout_virtual(st, step[1], ev)
    elif kind == "pass":  # R182: clockwise
        n = st.players
        st.packets = [st.packets[(s - 1) % n] for s in range(n)]
        for seat in range(n):
            ev.append(event("packet", to=[seat], seat=seat, cards=[game.cards[k].id for k in st.packets[seat]]))


# --- Production (R41-R48) -------------------------------------------------------------------


@phases.on("production")
def production(game: SettlersRules, st, ev: list) -> None:
    ev.append(event("production", round=st.round))
    captures = {k: m for p in st.seats for k, m in p.captured.items()}
    frames: list = []
    for seat in order(st):  # R42
        p = st.seats[seat]
        frames.append((seat, -1, f"board:{p.faction}"))  # R41.1, R44
        frames += [(seat, k, "deal") for k in p.deals]  # R41.2, R68
        frames += [(seat, -1, f"attack:{i}") for i in p.attack_deals]  # A44 (Spies)
        if p.trades:  # deals made with locations (D6)
            frames += [
                (seat, *trade_frame(game, k, m)) for k, m in p.trades.items() if game.cards[m].trade.each_production
            ]
        if captures:  # D7: a captured location produces for its captor, its owner or both
            frames += [
                (seat, k, "production")
                for k in p.locations  # R41.3
                if game.cards[k].kind == "production" and produces(game, captures, k, owner=True)
            ]
            frames += [
                (seat, k, "production")
                for k in p.captured
                if game.cards[k].kind == "production" and produces(game, captures, k, owner=False)
            ]
            continue
        frames += [
            (seat, k, "production")
            for k in p.locations  # R41.3
            if game.cards[k].kind == "production"
        ]
    for seat, card, part in reversed(frames):
        game.runner.push(st, seat, card, part)
    st.phase = "action_start"


def produces(game: SettlersRules, captures: dict[int, int], k: int, owner: bool) -> bool:
    """Whether location ``k`` produces for its owner (``owner``) or for its captor (D7)."""
    m = captures.get(k)
    if m is None:
        return owner
    cap = game.cards[m].capture
    share = cap.production if cap is not None else "owner"
    return share == "both" or share == ("owner" if owner else "captor")


# --- Action (R49-R55) -----------------------------------------------------------------------


@phases.on("action_start")
def action_start(game: SettlersRules, st, ev: list) -> None:
    for p in st.seats:
        p.passed = False
    st.turn = st.first  # R50
    st.phase = "action"
    ev.append(event("action_phase", round=st.round))


@phases.on("action")
def action(game: SettlersRules, st, ev: list) -> None:
    for i in range(st.players):  # R54
        seat = (st.turn + i) % st.players
        if not st.seats[seat].passed:
            st.turn = seat
            st.stack.append(Decision(kind="turn", seats=[seat]))
            return
    st.phase = "cleanup"


@phases.on("after_action")
def after_action(game: SettlersRules, st, ev: list) -> None:
    if has_free_action(game, st, st.turn):  # A33
        st.stack.append(Decision(kind="after", seats=[st.turn]))
    else:
        next_turn(game, st, ev)


# Nothing can run between these steps (no decision, no effect), so each goes on to the next
# itself rather than through the advance loop: the same steps in the same order, at every action.
@phases.on("next_turn")
def next_turn(game: SettlersRules, st, ev: list) -> None:
    st.turn = (st.turn + 1) % st.players
    st.phase = "action"
    action(game, st, ev)


# --- Cleanup (R125-R132) ---------------------------------------------------------------------


@phases.on("cleanup")
def cleanup(game: SettlersRules, st, ev: list) -> None:
    solo = st.players == 1
    if st.round >= ROUNDS:  # R125, R133
        if solo:  # R206, A27, R207
            st.phase = "attack"
            return
        finish(game, st, ev)
        return
    if st.stored_round != st.round:  # R126.1: storage first, then the discard
        st.stored_round = st.round
        if storage_step(game, st):
            return
    for seat, p in enumerate(st.seats):
        store = game.data.boards[p.faction].store  # R126.1, R131
        kept = {}
        for good in ("wood", "stone", "food", "gold", "worker", "raze", "defence"):
            n = getattr(p, good) if good == store else min(getattr(p, good), stored_total(p, good))
            if n:
                kept[good] = n
            setattr(p, good, n)  # R127: the rest is discarded
        p.defended = []  # R106
        p.used = {}  # R94
        for k in [k for k, m in p.captured.items() if "cleanup" in game.cards[m].capture.ends]:  # D7
            del p.captured[k]
            ev.append(event("capture_ended", seat=seat, card=game.cards[k].id))
        ev.append(event("cleanup", seat=seat, kept=tokens_of(kept), n=len(kept)))
    st.first = (st.first + 1) % st.players  # R126.3
    if solo:  # R199, R207
        st.phase = "attack"
        return
    st.round += 1  # R128
    st.phase = "lookout_start"


def storage_step(game: SettlersRules, st) -> bool:
    """Start the storage step on every storage location (R126.1, R168), the players in turn
    order from the first player and each one's locations in the order built; what lay on them is
    chosen anew. False when nobody has one."""
    frames = []
    for i in range(st.players):
        seat = (st.first + i) % st.players
        p = st.seats[seat]
        p.stored = {}
        frames += [(seat, k) for k in p.locations if game.cards[k].storage is not None]
    for seat, k in reversed(frames):  # the last pushed runs first
        game.runner.push(st, seat, k, "store")
    return bool(frames)


def finish(game: SettlersRules, st, ev: list) -> None:
    """The game ends after round 5 (R125, R133): scores, and in solo the result (R219-R221)."""
    st.over = True
    st.phase = "end"
    st.stack.clear()
    scores = game.scores(st)
    winners = game.winners(st)
    ev.append(event("game_over", scores=[s.total for s in scores], winners=winners))
    if st.players > 1:  # R136, R137: each seat's result, for the log
        for seat, score in enumerate(scores):
            ev.append(event("final", seat=seat, vp=score.total, won=seat in winners))
    if st.players == 1:  # R219-R221
        result = game.solo.result(st)
        ev.append(
            event(
                "solo_won" if result["won"] else "solo_lost",
                seat=0,
                empire=result["empire_locations"],
                trophies=result["trophies"],
                score=result["final"],
                title=result.get("title", ""),
                title_ru=result.get("title_ru", ""),
            )
        )


# --- the solo Attack phase (R207-R216) -------------------------------------------------------


@phases.on("attack")
def attack(game: SettlersRules, st, ev: list) -> None:
    """Step 1 (R208): the virtual opponent's locations become trophies; then two attacks."""
    ev.append(event("attack_phase", round=st.round))
    if st.virtual:
        st.trophies.extend(st.virtual)
        ev.append(event("trophies", cards=[game.cards[k].id for k in st.virtual], total=len(st.trophies)))
        st.virtual = []
    st.attacks_left = 2  # R209
    st.phase = "attack_next"


@phases.on("attack_next")
def attack_next(game: SettlersRules, st, ev: list) -> None:
    if st.attacks_left <= 0:  # R207, R211
        if st.round >= ROUNDS:
            finish(game, st, ev)
        else:
            st.round += 1
            st.phase = "lookout_start"
        return
    st.attacks_left -= 1
    if not game.solo.reveal_attack(st, ev):
        return
    targets, match, rule = game.solo.attack_targets(st)
    if not targets:
        ev.append(event("attack_miss", target=game.solo.target(st.attack_row[0])))  # R209.3-4
    elif len(targets) == 1:
        game.solo.attack_raze(st, targets[0], match, rule, ev)
    else:  # R209.6: you choose
        st.stack.append(
            Decision(
                kind="attack_target",
                seats=[0],
                args={
                    "options": [game.action_space.pick + k for k in targets],
                    "match": match,
                    "rule": rule,
                    "purpose": "the virtual opponent razes",
                },
            )
        )
