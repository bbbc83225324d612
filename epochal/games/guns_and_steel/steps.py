"""The automatic steps of a turn: ``STEPS`` maps the state's ``step`` to the function that carries
it out when no decision is pending and no effect runs (the game's ``proceed``). A step asks a
decision or moves ``st.step`` on; ``PHASE_OF`` gives the phase the view shows for each step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from epochal.engine import event

from .cards import RESOURCES
from .state import EMPTY

if TYPE_CHECKING:
    from .rules import GunsRules
    from .state import GunsState

VP_TO_END = 15  # R102(3)
PHASE_OF = {
    "setup": "setup",
    "turn_start": "resource",
    "resource": "resource",
    "technology": "technology",
    "effects": "technology",
    "purchase": "purchase",
    "paying": "purchase",
    "end_of_turn": "end_of_turn",
    "recall": "end_of_turn",
    "recall_resources": "end_of_turn",
    "glory": "end_of_turn",
    "glory_claim": "end_of_turn",
    "finish": "end_of_turn",
    "over": "end_of_turn",
}


def setup(game: GunsRules, st: GunsState, ev: list) -> None:
    if st.start_queue:  # R44
        game.runner.ask(st, "start_resource", st.start_queue.pop(0))
        return
    st.step = "turn_start"


def turn_start(game: GunsRules, st: GunsState, ev: list) -> None:
    st.seats[st.turn].recalled = []
    ev.append(event("turn", seat=st.turn, round=st.round))
    st.step = "resource"


def resource(game: GunsRules, st: GunsState, ev: list) -> None:
    if st.seats[st.turn].hand:  # R48, R46
        game.runner.ask(st, "play_resource", st.turn)
    else:
        st.step = "technology"


def technology(game: GunsRules, st: GunsState, ev: list) -> None:
    if st.seats[st.turn].hand:  # R50, R46
        game.runner.ask(st, "play_technology", st.turn)
    else:
        st.step = "purchase"


def effects(game: GunsRules, st: GunsState, ev: list) -> None:
    st.step = "purchase"


def purchase(game: GunsRules, st: GunsState, ev: list) -> None:
    game.runner.ask(st, "purchase", st.turn)  # R74, R83


def paying(game: GunsRules, st: GunsState, ev: list) -> None:
    st.step = "end_of_turn"


def end_of_turn(game: GunsRules, st: GunsState, ev: list) -> None:
    p = st.seats[st.turn]
    st.recalling = len(p.hand) <= 1  # R84, R91
    st.step = "recall"
    if game.track(st):
        return
    if st.recalling or st.options["nw_wonder_check"] == "every_turn":  # R85.I, A19
        if game.claimable(st, st.turn):
            game.runner.ask(st, "claim", st.turn)


def recall(game: GunsRules, st: GunsState, ev: list) -> None:
    p = st.seats[st.turn]
    if st.recalling:  # R85.II, R92.I, A22
        back = list(p.tech)
        p.hand.extend(back)
        p.zone = [k for k in p.zone if k not in back]
        p.tech = []
        p.recalled.extend(back)
        if back:
            ev.append(event("recall", seat=st.turn, cards=[game.keys[k] for k in back]))
        st.step = "recall_resources"
    else:
        st.step = "glory" if game.track(st) else "finish"


def recall_resources(game: GunsRules, st: GunsState, ev: list) -> None:
    if game.resource_cards(st.seats[st.turn]):  # R85.III, R92.II
        game.runner.ask(st, "recall", st.turn)
    else:
        st.step = "glory" if game.track(st) else "finish"


def glory(game: GunsRules, st: GunsState, ev: list) -> None:
    st.step = "glory_claim"
    p = st.seats[st.turn]
    if not game.glory_targets(st, st.turn):  # R93.I
        return
    if p.glory:
        game.runner.ask(st, "glory", st.turn)
    elif any(st.glory[e][st.turn] for e in range(5)):  # A24
        game.runner.ask(st, "move_glory", st.turn)


def glory_claim(game: GunsRules, st: GunsState, ev: list) -> None:
    for e, w in enumerate(st.wonders):  # R93.II
        needed = max(1, game.wonder_list[w].tokens)
        if game.owner(st, w) < 0 and st.glory[e][st.turn] >= needed:
            game.claim(st, st.turn, w, ev)
            break
    st.step = "finish"


def finish(game: GunsRules, st: GunsState, ev: list) -> None:
    for s, p in enumerate(st.seats):  # R88, R97
        if any(p.temp):
            ev.append(event("temp_lost", seat=s, res={RESOURCES[t]: n for t, n in enumerate(p.temp) if n}))
            p.temp = [0] * 7
    st.recalling = False
    reason = end_reason(game, st)  # R89, R98, R102
    if reason:
        game_over(game, st, ev, reason)
        return
    st.turn = (st.turn + 1) % st.players
    if st.turn == st.first:
        st.round += 1
    st.step = "turn_start"


def end_reason(game: GunsRules, st: GunsState) -> str | None:
    if all(game.owner(st, w) >= 0 for w in st.wonders):  # R102(1)
        return "last_wonder"
    space = not any(k != EMPTY for k in st.pyramid[4])  # R102(2)
    if space and st.stacks and st.options["space_end"] == "pyramid_and_stack":
        space = not st.stacks[4]  # A27
    if space:
        return "last_space"
    if game.track(st):  # R102(3), A25
        seats = [st.turn] if st.options["vp15"] == "active" else range(st.players)
        if any(st.seats[s].vp >= VP_TO_END for s in seats):
            return "vp15"
    if (st.turn + 1) % st.players == st.first and st.round >= round_limit(st):
        return "round_limit"
    return None


def round_limit(st: GunsState) -> int:
    return int(st.options["round_limit"].split("_")[0])


def game_over(game: GunsRules, st: GunsState, ev: list, reason: str) -> None:
    st.over = True  # R103
    st.step = "over"
    st.stack.clear()
    st.run.clear()
    st.payment = None
    st.attack = None
    # Why it ends (worded with the active player), each player's score by row, then the winners:
    # each its own line, so every seat is named rather than counted (R102-R106).
    ev.append(event("game_over", reason=reason, seat=st.turn))
    scores = game.scores(st)
    for s, score in enumerate(scores):
        rows = score.breakdown
        ev.append(
            event(
                "final_score",
                seat=s,
                total=score.total,
                cards=rows["cards"],
                wonders=rows["wonders"],
                vp_track=rows["vp_track"],
                track=game.track(st),
            )
        )
    winners = game.winners(st)
    for s in winners:
        ev.append(event("winner", seat=s, total=scores[s].total, shared=len(winners) > 1))


STEPS: dict[str, Callable[[GunsRules, GunsState, list], None]] = {
    "setup": setup,
    "turn_start": turn_start,
    "resource": resource,
    "technology": technology,
    "effects": effects,
    "purchase": purchase,
    "paying": paying,
    "end_of_turn": end_of_turn,
    "recall": recall,
    "recall_resources": recall_resources,
    "glory": glory,
    "glory_claim": glory_claim,
    "finish": finish,
}
