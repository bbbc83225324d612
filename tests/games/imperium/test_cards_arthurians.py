"""King Arthur and his people (2ART1-2ART29) on the real card data: setup, the nation rules of
§16.3, what the table shows of the quests, then one test per card.

Rule numbers refer to shared/rules/imperium.md. King Arthur's rules (R196-R204): he never
enters the Empire state and never develops (R196); his development area holds inactive quests
(R197); King Arthur's Court, in play from the start (R31, R32), takes one as the active quest at
solstice (R198, R199); Morgan le Fay and Merlin move the active quest away (R200); the Holy Grail
becomes the active quest only as the last one (R201) and ends the game when played (R202, R217);
moving the last quest out ends nothing (R203); the nadir card goes into play (R100, R204); his
{supply} unrest cards join the unrest pile (R38, R252).
"""

from __future__ import annotations

import pytest

from epochal.coverage import coverage
from epochal.games.imperium import actions as A
from epochal.games.imperium import playing, scoring, shared
from epochal.games.imperium.vocab import Abandon, Recall
from tests.games.imperium.scenario import (
    answer,
    assert_illegal,
    choose_card,
    covers,
    decision,
    exhaust,
    fresh,
    give,
    hand_only,
    ids,
    idx,
    legal_exhaust,
    legal_play,
    only_in_hand,
    play,
    purpose_of,
    put_in_market,
    settle,
    take_anywhere,
    to_solstice,
)

ART = "Arthurians"
CARDS = [f"2ART{n}" for n in range(1, 30)]
SUPPLY = {2: ["2ART26", "2ART27"], 3: ["2ART26", "2ART27", "2ART28"], 4: ["2ART26", "2ART27", "2ART28", "2ART29"]}
FILLER = "1TRI4"  # Ionians: a free card kept in hand so that Activate does not end by itself
COURT, GRAAL, LANCELOT, TWRCH, TALIESIN, EXCALIBUR, CAMLAN = (f"2ART{n}" for n in range(2, 9))
BEDWYR, VIVIANE, CAMELOT, FLAVIA, AVALON, GAWAIN, BERTILAK = (f"2ART{n}" for n in range(9, 16))
MORIGENA, PERCIVAL, CAI, ARTHUR, UTHYR, PRIMA, SECUNDA, MERLIN, GUINEVERE, CAFALL = (f"2ART{n}" for n in range(16, 26))
QUESTS = [GRAAL, LANCELOT, TWRCH, TALIESIN, EXCALIBUR]


# --- helpers ----------------------------------------------------------------------------------


def garrison(game, st, seat, host, card_id):
    """``card_id`` under ``host`` (in the seat's play area) as a garrison card (R176)."""
    k = give(game, st, seat, card_id)
    st.seats[seat].hand.remove(k)
    st.seats[seat].garrison.setdefault(idx(game, host), []).append(k)
    return k


def make_active(game, st, seat, card_id):
    """``card_id`` becomes the seat's active quest, under King Arthur's Court (R198)."""
    k = idx(game, card_id)
    take_anywhere(st, k)
    st.seats[seat].quest = k
    return k


def no_knights(game, st, seat):
    """The seat's knights in hand, deck and discard pile go into its history, out of reach."""
    p = st.seats[seat]
    for zone in (p.hand, p.deck, p.discard):
        knights = [k for k in zone if "knight" in game.cards[k].types]
        for k in knights:
            zone.remove(k)
        p.history += knights


def unrest_in_hand(game, p):
    return sum(1 for k in p.hand if "unrest" in game.cards[k].suits)


def vp(game, st, card_id, seat=0):
    k = idx(game, card_id)
    return scoring.card_vp(game, st, seat, k, game.cards[k].vp)


def options(game, st):
    return sorted(ids(game, [a - game.action_space.card for a in decision(st).args["options"]]))


def solstice_frame(st, d):
    i = d.args.get("frame", -1)
    fr = st.run[i] if 0 <= i < len(st.run) else None
    return fr if fr is not None and fr.part == "solstice" else None


def at_solstice_of(game, st, card_id, seat=0):
    """Play on to the solstice and answer every other question (decline, else the first) until
    ``card_id``'s solstice effect asks ``seat``; None if it never asks this solstice."""
    d = to_solstice(game, st)
    start = st.round
    for _ in range(100):
        if st.round != start or d is None or d.kind == "turn":
            return None
        fr = solstice_frame(st, d)
        if fr is not None and game.cards[fr.card].id == card_id and d.seats == [seat]:
            return d
        who = d.seats[0]
        if d.args.get("optional"):
            action = A.END
        elif d.kind == "may":
            action = A.NO
        else:
            action = game.legal(st, who)[0]
        game.apply(st, who, action)
        d = decision(st)
    raise AssertionError("the solstice did not end")


# --- the set and its setup (R9, R29-R40, R64) ---------------------------------------------------


def test_R9_the_arthurian_set_has_29_cards_all_implemented_and_tested():
    game, _ = fresh(ART, "Romans", activate=False)
    mine = [c for c in game.cards if c.deck == ART]
    assert sorted(c.id for c in mine) == sorted(CARDS)
    assert [c.id for c in mine if c.provenance != "exact"] == [COURT]  # side B known from no source (R32)
    row = coverage("imperium")["decks"][ART]
    assert (row["cards"], row["implemented"], row["tested"], row["untested"]) == (29, 29, 29, [])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R29_R40_R64_arthurian_setup(players):
    nations = [ART, "Celts", "Romans", "Persians"][:players]
    game, st = fresh(*nations, seed=players, activate=False)
    p = st.seats[0]
    assert game.cards[p.power].id == "2ART1"  # R30
    assert ids(game, p.play) == [COURT] and p.quest == -1  # R31, R32: the Court, no active quest yet
    assert ids(game, p.nation_deck)[0] == CAMLAN  # R34: the nadir card under the nation deck
    assert sorted(ids(game, p.nation_deck[1:])) == sorted(CARDS[8:15])  # R35
    assert sorted(ids(game, p.development)) == sorted(QUESTS)  # R36, R197: the inactive quests
    assert sorted(ids(game, p.hand + p.deck)) == sorted(CARDS[15:25])  # R39
    assert len(p.hand) == 5 and len(p.deck) == 5  # R40
    assert not p.empire  # R37
    under = [s.unrest for s in st.market if s.unrest >= 0]
    pile = [k for k in st.unrest + under if game.cards[k].deck == ART]  # R38, R45, R252
    assert sorted(ids(game, pile)) == SUPPLY[players]
    assert sorted(ids(game, [k for k in st.box if game.cards[k].deck == ART])) == sorted(
        c for c in CARDS[25:] if c not in SUPPLY[players]
    )
    assert game.check_invariants(st) == []


# --- §16.3 King Arthur and the quest for the Holy Grail ------------------------------------------


@covers(CAMLAN)
def test_R100_R196_R204_the_nadir_card_goes_into_play_and_the_state_never_flips():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]  # only the nadir card is left
    give(game, st, 0, "1CIV10", "play")  # Coinage: exhaust to draw 1
    hand_only(game, st, 0, FILLER, old_hand_to="discard")
    p.discard += p.deck
    p.deck = []
    exhaust(game, st, 0, "1CIV10")  # the reshuffle moves the nadir card (R98)
    assert CAMLAN in ids(game, p.play) and CAMLAN not in ids(game, p.discard + p.hand + p.deck)
    assert not p.empire and not st.scoring_triggered  # R196: never Empire; no end either
    assert p.nation_deck == [] and p.nation_exhausted


def test_R196_king_arthur_never_develops_and_the_quests_leave_no_end_behind():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    assert shared.cannot_develop(p)
    p.empire = True  # as if (R196: it never flips)
    hand_only(game, st, 0, "1TRI3", FILLER)  # Egyptians: in the Empire state, develop
    p.materials = p.population = p.progress = 20
    before = list(p.development)
    play(game, st, 0, "1TRI3")
    settle(game, st)
    assert p.development == before and not st.scoring_triggered


def test_R100_an_effect_moving_the_nadir_card_puts_it_into_play_too():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    p.nation_deck = p.nation_deck[:1]
    hand_only(game, st, 0, "1TRI3", FILLER)  # Egyptians: in the Barbarian state, the nation deck's top
    play(game, st, 0, "1TRI3")
    settle(game, st)
    assert CAMLAN in ids(game, p.play) and not p.empire


def test_R197_R228_inactive_quests_cannot_be_played_or_exhausted_and_score_nothing():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    for k in p.development:
        assert game.action_space.play + k not in game.legal(st, 0)
        assert game.action_space.exhaust + k not in game.legal(st, 0)
    cards = game.score_seat(st, 0).breakdown["cards"]
    give(game, st, 0, GRAAL, "discard")
    assert game.score_seat(st, 0).breakdown["cards"] == cards + 8  # 8 VP once out of the area


@covers(COURT)
def test_R198_at_solstice_the_court_takes_an_inactive_quest_for_an_unrest():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    d = at_solstice_of(game, st, COURT)
    assert d.kind == "may" and d.args["rule"] == "R111"
    answer(game, st, 0, A.YES)
    assert decision(st).kind == "card" and purpose_of(decision(st)) == "activate a quest"
    assert options(game, st) == sorted(q for q in QUESTS if q != GRAAL)  # R201
    unrest = unrest_in_hand(game, p)
    choose_card(game, st, 0, LANCELOT)
    assert p.quest == idx(game, LANCELOT) and LANCELOT not in ids(game, p.development)
    assert unrest_in_hand(game, p) == unrest + 1  # the Court's price
    assert p.garrison.get(idx(game, COURT)) is None  # the quest has its own place (R198)
    assert game.check_invariants(st) == []


def test_R199_with_an_active_quest_the_court_asks_nothing():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    make_active(game, st, 0, EXCALIBUR)
    assert at_solstice_of(game, st, COURT) is None
    assert p.quest == idx(game, EXCALIBUR) and len(p.development) == 4


def test_R201_R203_the_grail_becomes_active_only_as_the_last_quest_and_that_ends_nothing():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    op = game.cards[idx(game, COURT)].solstice[0].do[0]  # the Court's quest operation
    assert op.last.id == [GRAAL]
    p.development = [idx(game, GRAAL), idx(game, TWRCH)]
    assert ids(game, playing.quest_cards(game, st, 0, op)) == [TWRCH]
    p.development = [idx(game, GRAAL)]
    assert ids(game, playing.quest_cards(game, st, 0, op)) == [GRAAL]
    assert at_solstice_of(game, st, COURT).kind == "may"
    answer(game, st, 0, A.YES)  # the only quest is taken at once
    assert p.quest == idx(game, GRAAL) and p.development == []
    assert not st.scoring_triggered  # R203: not the end of R214


@covers(MORIGENA)
def test_R200_morgan_le_fay_sends_the_active_quest_and_the_nation_top_to_the_discard_pile():
    game, st = fresh(ART, "Romans")
    p, q = st.seats
    give(game, st, 0, FLAVIA, "play")
    garrison(game, st, 0, FLAVIA, MERLIN)
    make_active(game, st, 0, EXCALIBUR)
    hand_only(game, st, 0, MORIGENA, FILLER)
    top = p.nation_deck[-1]
    mine, theirs = unrest_in_hand(game, p), unrest_in_hand(game, q)
    play(game, st, 0, MORIGENA)  # all players take an unrest (an attack: R144)
    assert unrest_in_hand(game, p) == mine + 1 and unrest_in_hand(game, q) == theirs + 1
    assert decision(st).kind == "may"
    answer(game, st, 0, A.YES)
    assert FLAVIA in ids(game, p.discard) and MERLIN in ids(game, p.discard)  # with its garrison (R167)
    assert EXCALIBUR in ids(game, p.discard) and p.quest == -1  # no longer the active quest
    assert top in p.discard
    give(game, st, 0, MORIGENA, "history")
    assert vp(game, st, MORIGENA) == 2


def test_R200_without_merlin_garrisoned_morgan_le_fay_only_brings_unrest():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, FLAVIA, "play")
    garrison(game, st, 0, FLAVIA, BEDWYR)
    make_active(game, st, 0, EXCALIBUR)
    hand_only(game, st, 0, MORIGENA, FILLER)
    play(game, st, 0, MORIGENA)
    assert decision(st).kind == "activate"  # the may is not offered
    assert p.quest == idx(game, EXCALIBUR)


@covers(MERLIN)
def test_R168_R200_merlin_abandons_three_garrisoned_knights_to_take_the_active_quest():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, FLAVIA, "play")
    give(game, st, 0, PRIMA, "play")
    for host, knight in ((FLAVIA, BEDWYR), (FLAVIA, GAWAIN), (PRIMA, CAI)):
        garrison(game, st, 0, host, knight)
    make_active(game, st, 0, LANCELOT)
    hand_only(game, st, 0, MERLIN, FILLER)
    assert legal_play(game, st, MERLIN)
    play(game, st, 0, MERLIN)
    for knight in (BEDWYR, GAWAIN, CAI):
        if decision(st).kind == "card":
            choose_card(game, st, 0, knight)
    assert {BEDWYR, GAWAIN, CAI} <= set(ids(game, p.discard))
    assert ids(game, p.play)[-2:] == [FLAVIA, PRIMA]  # the regions stay (R168)
    assert LANCELOT in ids(game, p.hand) and p.quest == -1
    garrison(game, st, 0, FLAVIA, BEDWYR)
    make_active(game, st, 0, TWRCH)
    merlin = give(game, st, 0, MERLIN)
    assert legal_play(game, st, MERLIN)  # only one knight garrisoned: still played (R71)
    play(game, st, 0, MERLIN)
    assert ids(game, p.garrison[idx(game, FLAVIA)]) == [BEDWYR]  # nothing abandoned in part (R73)
    assert p.quest == idx(game, TWRCH) and merlin in p.discard and decision(st).kind == "activate"


@covers(GRAAL)
def test_R202_R217_playing_the_grail_triggers_the_end_and_may_take_an_exiled_card():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, "1UNC3", "history")
    st.exile += [idx(game, BEDWYR), idx(game, "1CIV4")]
    hand_only(game, st, 0, GRAAL, FILLER)
    actions = p.actions
    play(game, st, 0, GRAAL)  # free play (R74)
    assert st.scoring_triggered and not st.final_round and p.actions == actions  # R219
    choose_card(game, st, 0, "1UNC3")  # from the history
    assert "1UNC3" in ids(game, p.hand)
    assert options(game, st) == ["1CIV4"]  # no knight (Bedwyr)
    choose_card(game, st, 0, "1CIV4")
    assert "1CIV4" in ids(game, p.hand) and idx(game, "1CIV4") not in st.exile
    assert vp(game, st, GRAAL) == 8


# --- what the table shows of the quests (R36, R182) -------------------------------------------


def test_R182_the_quests_and_the_active_quest_are_open_to_every_seat():
    game, st = fresh(ART, "Romans")
    make_active(game, st, 0, TWRCH)
    for seat in (0, 1, None):
        mine = game.view(st, seat)["seats"][0]
        assert mine["quests"] and mine["active_quest"] == TWRCH
        assert sorted(mine["development"]) == sorted(q for q in QUESTS if q != TWRCH)
        assert TWRCH in game.view(st, seat)["cards"]
    assert "quests" not in game.view(st, 0)["seats"][1]  # the Romans have development cards
    redealt = game.determinize(st, 1, __import__("random").Random(1))
    assert redealt.seats[0].quest == idx(game, TWRCH)


def test_the_terminal_names_the_inactive_quests_and_the_active_quest():
    game, st = fresh(ART, "Romans")
    make_active(game, st, 0, EXCALIBUR)
    panels = game.board_panels(st, 1, "ru")
    areas = next(p for p in panels if p["title"] == "Игрок 1 · Король Артур и его народ")["rows"]
    labels = {row[0]: row[1] for row in areas}
    assert "«Святой Грааль»" in labels["Неактивные карты испытаний (область прогресса)"]
    assert labels["Активная карта испытаний (под «Двором короля Артура»)"] == "«Экскалибур*»"
    assert "«Двор короля Артура»" in labels["Игровая область"]
    en = game.board_panels(st, 0, "en")
    rows = next(p for p in en if p["title"] == "Player 1 (you) · King Arthur and his people")["rows"]
    assert ["Active quest (under King Arthur's Court)", "Excalibur"] in rows


# --- the power card and the Court ------------------------------------------------------------------


@covers("2ART1")
def test_arthurians_A_exhaust_discards_a_card_to_take_a_knight_back_from_the_discard_pile():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    p.discard = [idx(game, BEDWYR), idx(game, UTHYR)]
    hand_only(game, st, 0, FILLER, CAFALL)
    exhaust(game, st, 0, "2ART1")
    choose_card(game, st, 0, CAFALL)
    assert BEDWYR in ids(game, p.hand) and ids(game, p.discard) == [UTHYR, CAFALL]
    hand_only(game, st, 0)
    p.exhausted = []
    st.edited()
    assert not legal_exhaust(game, st, "2ART1")  # nothing to discard


@covers("2ART1")
def test_arthurians_solstice_discards_a_card_and_gains_1_progress_side_b_scores_6():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    d = at_solstice_of(game, st, "2ART1")
    assert d.kind == "card" and purpose_of(d) == "discard"
    progress = p.progress
    k = p.hand[0]
    answer(game, st, 0, game.action_space.card + k)
    assert k in p.discard and p.progress == progress + 1
    game_b, st_b = fresh(ART, "Romans", power_side="B")
    assert game_b.score_seat(st_b, 0).breakdown["power"] == 6
    assert game_b.face(idx(game_b, "2ART1"), "B").exhaust == []


@covers("2ART1")
def test_R73_R110_the_arthurians_solstice_with_an_empty_hand_still_gains_1_progress():
    """ "Discard a card and gain 1 progress": two steps, not a cost and what it pays for."""
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    game.apply(st, 0, A.END)
    while decision(st).seats != [1]:  # seat 0's clean-up
        game.apply(st, 0, game.legal(st, 0)[0])
    p.deck += p.hand + p.discard  # an empty hand at the solstice
    p.hand, p.discard = [], []
    progress = p.progress
    assert at_solstice_of(game, st, "2ART1") is None  # nothing to discard: nothing asked
    assert p.progress == progress + 1 and p.discard == []


@covers(COURT)
def test_the_court_exhausts_with_camelot_in_play_to_return_an_unrest_and_scores_per_civilised():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    unrest = next(k for k in st.unrest if not game.cards[k].players)
    hand_only(game, st, 0, FILLER, UTHYR)
    p.hand.append(unrest)
    st.unrest.remove(unrest)
    assert not legal_exhaust(game, st, COURT)  # Camelot is not in play
    give(game, st, 0, CAMELOT, "play")
    exhaust(game, st, 0, COURT)
    choose_card(game, st, 0, UTHYR)
    assert unrest in st.unrest and UTHYR in ids(game, p.discard)
    assert vp(game, st, COURT) == 0
    for card_id in ("1CIV4", "1CIV5"):
        give(game, st, 0, card_id, "discard")
    assert vp(game, st, COURT) == 2  # 1 per civilised card
    cards = game.score_seat(st, 0).breakdown["cards"]
    make_active(game, st, 0, GRAAL)
    assert game.score_seat(st, 0).breakdown["cards"] == cards  # the active quest scores nothing
    assert COURT not in ids(game, playing.abandonable(game, st, 0, Abandon()))  # never played (R167)


# --- the quests -------------------------------------------------------------------------------------


@covers(LANCELOT)
def test_lancelot_puts_guinevere_into_history_takes_the_top_fame_card_and_is_exiled():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, GUINEVERE, "discard")
    hand_only(game, st, 0, LANCELOT, FILLER)
    fame = st.fame[-1]
    play(game, st, 0, LANCELOT)
    assert GUINEVERE in ids(game, p.history) and fame in p.hand
    assert idx(game, LANCELOT) in st.exile and LANCELOT not in ids(game, p.discard + p.play)
    assert vp(game, st, LANCELOT) == 2 and game.cards[idx(game, LANCELOT)].types == ["knight"]


@covers(TWRCH)
def test_twrch_trwyth_exhausts_for_1_progress_to_free_play_an_empire_card_R122():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, TWRCH, "play")
    hand_only(game, st, 0, "1CIV4", FILLER)  # Corruption: an Empire card
    assert not legal_play(game, st, "1CIV4")  # R72, R196
    p.progress, p.materials = 1, 0
    actions = p.actions
    exhaust(game, st, 0, TWRCH)  # pay 1 progress; Corruption, the only Empire card, is played
    settle(game, st)
    assert "1CIV4" in ids(game, p.discard) and p.actions == actions  # free play, no action token
    assert p.materials == 2 and p.progress == 1  # Corruption's own gains
    assert vp(game, st, TWRCH) == -4
    p.exhausted.remove(idx(game, TWRCH))
    p.progress = 0
    give(game, st, 0, "1CIV4")
    assert not legal_exhaust(game, st, TWRCH)  # no progress to pay (R78)


@covers(TWRCH)
def test_twrch_trwyth_solstice_discards_a_knight_to_exile_a_quest_but_never_the_grail():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, TWRCH, "play")
    make_active(game, st, 0, LANCELOT)  # the Court asks nothing
    p.development = [idx(game, GRAAL), idx(game, EXCALIBUR)]
    p.deck[:0] = [k for k in p.hand if "knight" not in game.cards[k].types]
    p.hand = [idx(game, CAI)]
    d = at_solstice_of(game, st, TWRCH)
    assert d.kind == "may"
    answer(game, st, 0, A.YES)
    if decision(st).kind == "card" and purpose_of(decision(st)) == "discard":
        choose_card(game, st, 0, CAI)
    assert CAI in ids(game, p.discard)
    answer(game, st, 0, A.OPTION)  # exile an inactive quest: Excalibur alone may go
    assert idx(game, EXCALIBUR) in st.exile and ids(game, p.development) == [GRAAL]


@covers(TALIESIN)
def test_taliesin_puts_a_knight_into_history_to_look_at_2_fame_cards_and_take_one():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, TWRCH, "play")  # to play this Empire card (R122)
    hand_only(game, st, 0, TALIESIN, FILLER)
    p.progress = 2
    fame = st.fame[-2:]
    exhaust(game, st, 0, TWRCH)  # Taliesin is the only Empire card: played at once
    d = decision(st)
    assert d.kind == "card" and purpose_of(d) == "find a card"
    choose_card(game, st, 0, game.cards[d.args["options"][0] - game.action_space.card].id)
    assert sum(1 for k in p.history if "knight" in game.cards[k].types) == 1
    if decision(st).kind == "card":
        answer(game, st, 0, game.action_space.card + fame[0])
    assert sum(1 for k in fame if k in p.hand) == 1 and len(set(fame) & set(st.fame)) == 1
    assert vp(game, st, TALIESIN) == 1 and game.cards[idx(game, TALIESIN)].state == "empire"


@covers(TALIESIN)
def test_taliesin_without_a_knight_to_find_looks_at_nothing():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, TWRCH, "play")
    hand_only(game, st, 0, TALIESIN, FILLER)
    p.deck, p.discard, p.nation_deck = [], [], p.nation_deck[:1]
    p.progress = 1
    fame = list(st.fame)
    exhaust(game, st, 0, TWRCH)
    settle(game, st)
    assert st.fame == fame and p.history == [] and TALIESIN in ids(game, p.discard)


@covers(EXCALIBUR)
def test_excalibur_abandons_viviane_or_avalon_to_break_through_for_a_tributary_or_civilised():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    excalibur, _ = hand_only(game, st, 0, EXCALIBUR, FILLER)
    give(game, st, 0, VIVIANE, "hand")  # in hand, not in play: nothing to abandon (R167)
    assert legal_play(game, st, EXCALIBUR)  # still played (R71)
    play(game, st, 0, EXCALIBUR)
    assert excalibur in p.discard and decision(st).kind == "activate"  # no break through (R73)
    p.discard.remove(excalibur)
    p.hand.append(excalibur)
    give(game, st, 0, AVALON, "play")
    top = st.decks["civilised"][-1]
    play(game, st, 0, EXCALIBUR)
    assert AVALON in ids(game, p.discard)
    assert decision(st).kind == "suit" and decision(st).args["options"] == [A.SUIT + 3, A.SUIT + 2]
    answer(game, st, 0, A.SUIT + 2)
    answer(game, st, 0, A.BT_DECK)
    assert top in p.hand and vp(game, st, EXCALIBUR) == 2


@covers(CAMLAN)
def test_gwaith_camlan_puts_a_garrisoned_knight_into_history_or_brings_2_unrest():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, CAMLAN, "play")
    give(game, st, 0, FLAVIA, "play")
    garrison(game, st, 0, FLAVIA, GAWAIN)
    make_active(game, st, 0, EXCALIBUR)
    no_knights(game, st, 0)
    d = at_solstice_of(game, st, CAMLAN)
    assert d.kind == "option"
    answer(game, st, 0, A.OPTION)  # the knight under Britannia Flavia
    assert GAWAIN in ids(game, p.history) and FLAVIA in ids(game, p.play)
    assert p.garrison.get(idx(game, FLAVIA)) is None
    assert vp(game, st, CAMLAN) == 2


@covers(CAMLAN)
def test_gwaith_camlan_without_a_knight_takes_2_unrest_and_is_never_abandoned_or_recalled():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, CAMLAN, "play")
    make_active(game, st, 0, EXCALIBUR)
    no_knights(game, st, 0)
    unrest = unrest_in_hand(game, p)
    at_solstice_of(game, st, "2ART1")  # Camlan asked nothing: one option only
    assert unrest_in_hand(game, p) >= unrest + 2
    assert CAMLAN not in ids(game, playing.abandonable(game, st, 0, Abandon()))
    assert CAMLAN not in ids(game, playing.recallable(game, st, 0, Recall(), -1))


# --- the nation deck -----------------------------------------------------------------------------


@covers(BEDWYR)
def test_bedwyr_may_put_excalibur_on_the_deck_and_garrison_a_region_to_replay_it_R181():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, EXCALIBUR, "discard")
    give(game, st, 0, FLAVIA, "play")
    hand_only(game, st, 0, BEDWYR, FILLER)
    play(game, st, 0, BEDWYR)
    choose_card(game, st, 0, EXCALIBUR)  # to the top of the deck
    assert p.deck[-1] == idx(game, EXCALIBUR)
    choose_card(game, st, 0, FLAVIA)  # garrison Britannia Flavia: draw 1, may garrison
    assert p.garrison[idx(game, FLAVIA)] == [idx(game, BEDWYR)]
    assert EXCALIBUR in ids(game, p.hand)  # Flavia's draw
    settle(game, st)


@covers(VIVIANE)
def test_viviane_gains_1_progress_and_at_solstice_recalls_a_garrisoned_knight_or_draws():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, VIVIANE, FILLER)
    progress = p.progress
    play(game, st, 0, VIVIANE)
    assert p.progress == progress + 1 and VIVIANE in ids(game, p.play)
    assert game.cards[idx(game, VIVIANE)].regions == ["river"]
    garrison(game, st, 0, VIVIANE, CAI)
    make_active(game, st, 0, EXCALIBUR)
    d = at_solstice_of(game, st, VIVIANE)
    assert d.kind == "option"
    answer(game, st, 0, A.OPTION)
    assert CAI in ids(game, p.hand) and VIVIANE in ids(game, p.play)  # the region stays (R168)
    assert p.garrison.get(idx(game, VIVIANE)) is None


@covers(CAMELOT)
def test_city_of_camelot_may_discard_at_solstice_for_a_material_a_population_or_a_card():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, CAMELOT, "play")
    make_active(game, st, 0, EXCALIBUR)
    assert game.cards[idx(game, CAMELOT)].types == ["city"]
    d = at_solstice_of(game, st, CAMELOT)
    assert d.kind == "may"
    answer(game, st, 0, A.YES)
    hand = len(p.hand)
    choose_card(game, st, 0, game.cards[p.hand[0]].id)
    materials = p.materials
    answer(game, st, 0, A.OPTION)
    assert p.materials == materials + 1 and len(p.hand) == hand - 1


@covers(FLAVIA, PRIMA, SECUNDA)
@pytest.mark.parametrize("region", [FLAVIA, PRIMA, SECUNDA])
def test_the_britannias_draw_a_card_and_may_be_garrisoned(region):
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, region, FILLER, UTHYR)
    top = p.deck[-1]
    play(game, st, 0, region)
    assert top in p.hand
    choose_card(game, st, 0, UTHYR)
    assert p.garrison[idx(game, region)] == [idx(game, UTHYR)]
    assert game.cards[idx(game, region)].regions == (["fertile"] if region == PRIMA else [])


@covers(AVALON)
def test_avalon_takes_back_a_knight_may_be_garrisoned_and_may_pay_1_progress_to_be_recalled():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, ARTHUR, "discard")
    hand_only(game, st, 0, AVALON, FILLER)
    play(game, st, 0, AVALON)
    assert ARTHUR in ids(game, p.hand)
    choose_card(game, st, 0, ARTHUR)  # garrison it with King Arthur
    make_active(game, st, 0, EXCALIBUR)
    p.progress = 1
    d = at_solstice_of(game, st, AVALON)
    assert d.kind == "may"
    answer(game, st, 0, A.YES)
    assert AVALON in ids(game, p.hand) and ARTHUR in ids(game, p.hand)  # with its garrison (R158)
    assert p.progress == 0


@covers(GAWAIN)
def test_gawain_takes_an_unrest_for_1_progress_per_garrisoned_knight_and_may_garrison_a_region():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, FLAVIA, "play")
    give(game, st, 0, PRIMA, "play")
    garrison(game, st, 0, FLAVIA, CAI)
    garrison(game, st, 0, PRIMA, BEDWYR)
    garrison(game, st, 0, PRIMA, UTHYR)  # not a knight
    hand_only(game, st, 0, GAWAIN, FILLER)
    progress, unrest = p.progress, unrest_in_hand(game, p)
    play(game, st, 0, GAWAIN)
    assert p.progress == progress + 2 and unrest_in_hand(game, p) == unrest + 1
    assert decision(st).args["optional"]
    answer(game, st, 0, A.END)
    assert GAWAIN in ids(game, p.discard)


@covers(BERTILAK)
def test_lady_bertilak_abandons_a_region_with_a_knight_draws_2_and_the_others_discard_2():
    game, st = fresh(ART, "Romans")
    p, q = st.seats
    bertilak, _ = hand_only(game, st, 0, BERTILAK, FILLER)
    give(game, st, 0, FLAVIA, "play")
    hand, theirs = len(p.hand), len(q.hand)
    assert legal_play(game, st, BERTILAK)  # no knight garrisoned: still played (R71)
    play(game, st, 0, BERTILAK)
    settle(game, st)
    assert FLAVIA in ids(game, p.play) and len(p.hand) == hand - 1  # no region abandoned, no card drawn
    assert len(q.hand) == theirs - 2 and bertilak in p.discard  # its second line still applies (R73)
    p.discard.remove(bertilak)
    p.hand.append(bertilak)
    p.free_played = []  # as on a later turn (R74)
    garrison(game, st, 0, FLAVIA, CAI)
    actions, hand, theirs = p.actions, len(p.hand), len(q.hand)
    play(game, st, 0, BERTILAK)  # free play, an attack
    settle(game, st)
    assert FLAVIA in ids(game, p.discard) and CAI in ids(game, p.discard)
    assert p.actions == actions and len(p.hand) == hand - 1 + 2 and len(q.hand) == theirs - 2
    give(game, st, 0, BERTILAK, "history")
    assert vp(game, st, BERTILAK) == 2


# --- the starting deck -------------------------------------------------------------------------------


@covers(PERCIVAL)
def test_percival_returns_an_unrest_and_may_garrison_or_finds_the_grail_and_is_exiled():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    unrest = next(k for k in st.unrest if not game.cards[k].players)
    st.unrest.remove(unrest)
    give(game, st, 0, FLAVIA, "play")
    hand_only(game, st, 0, PERCIVAL, FILLER)
    p.hand.append(unrest)
    play(game, st, 0, PERCIVAL)
    answer(game, st, 0, A.OPTION)
    assert unrest in st.unrest
    choose_card(game, st, 0, FLAVIA)
    assert idx(game, PERCIVAL) in p.garrison[idx(game, FLAVIA)]
    settle(game, st)
    give(game, st, 0, GRAAL, "discard")
    give(game, st, 0, PERCIVAL)
    play(game, st, 0, PERCIVAL)  # no unrest in hand: only the second option (R164)
    assert GRAAL in ids(game, p.hand) and idx(game, PERCIVAL) in st.exile


@covers(CAI)
def test_cai_may_put_a_region_on_the_deck_and_garrison_a_region_to_replay_it():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, "1REG6", "discard")
    give(game, st, 0, PRIMA, "play")
    hand_only(game, st, 0, CAI, FILLER)
    play(game, st, 0, CAI)
    choose_card(game, st, 0, "1REG6")
    assert p.deck[-1] == idx(game, "1REG6")
    choose_card(game, st, 0, PRIMA)  # Britannia Prima again: draws that region
    assert "1REG6" in ids(game, p.hand) and p.garrison[idx(game, PRIMA)] == [idx(game, CAI)]
    settle(game, st)


@covers(ARTHUR)
def test_king_arthur_abandons_a_region_with_a_knight_to_acquire_a_region_or_tributary():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    for slot, card_id in enumerate(("1REG3", "1UNC3", "1CIV4", "1TRI2", "1UNC8")):
        if st.market[slot].unrest >= 0:
            st.unrest.append(st.market[slot].unrest)
            st.market[slot].unrest = -1
        put_in_market(game, st, slot, card_id)
    give(game, st, 0, SECUNDA, "play")
    arthur, _ = hand_only(game, st, 0, ARTHUR, FILLER)
    market_cards = [s.card for s in st.market]
    assert legal_play(game, st, ARTHUR)  # no knight garrisoned: still played (R71)
    play(game, st, 0, ARTHUR)
    assert SECUNDA in ids(game, p.play) and [s.card for s in st.market] == market_cards  # nothing (R73)
    assert arthur in p.discard and decision(st).kind == "activate"
    p.discard.remove(arthur)
    p.hand.append(arthur)
    garrison(game, st, 0, SECUNDA, BEDWYR)
    play(game, st, 0, ARTHUR)
    assert SECUNDA in ids(game, p.discard) and BEDWYR in ids(game, p.discard)
    assert options(game, st) == ["1REG3", "1TRI2"]
    choose_card(game, st, 0, "1TRI2")
    assert "1TRI2" in ids(game, p.hand)


@covers(UTHYR)
def test_uthyr_pendragon_breaks_through_for_an_uncivilised_card_and_goes_into_history():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, UTHYR, FILLER)
    top = st.decks["uncivilised"][-1]
    play(game, st, 0, UTHYR)
    answer(game, st, 0, A.BT_DECK)
    assert top in p.hand and UTHYR in ids(game, p.history)


@covers(GUINEVERE)
def test_R122_guinevere_abandons_a_garrisoned_king_arthur_to_free_play_an_empire_card():
    game, st = fresh(ART, "Romans")
    p, q = st.seats
    give(game, st, 0, FLAVIA, "play")
    garrison(game, st, 0, FLAVIA, ARTHUR)
    hand_only(game, st, 0, GUINEVERE, "1CIV4", FILLER)  # Corruption: an Empire card
    assert not legal_play(game, st, "1CIV4")
    progress, actions = q.progress, p.actions
    play(game, st, 0, GUINEVERE)
    assert q.progress == progress + 1  # all other players gain 1 progress
    answer(game, st, 0, A.OPTION + 1)
    assert ARTHUR in ids(game, p.discard) and FLAVIA in ids(game, p.play)  # the garrison card alone
    settle(game, st)
    assert "1CIV4" in ids(game, p.discard) and p.actions == actions - 1 and not p.empire  # Guinevere's action only


@covers(GUINEVERE)
def test_guinevere_without_king_arthur_acquires_an_uncivilised_or_civilised_card():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    hand_only(game, st, 0, GUINEVERE, FILLER)
    play(game, st, 0, GUINEVERE)  # only the acquire is possible (R164)
    d = decision(st)
    assert d.kind == "card" and purpose_of(d) == "acquire"
    k = d.args["options"][0] - game.action_space.card
    answer(game, st, 0, d.args["options"][0])
    assert k in p.hand and set(game.cards[k].suits) & {"uncivilised", "civilised"}


@covers(CAFALL)
def test_cafall_draws_2_puts_1_back_and_may_exile_twrch_trwyth_in_play():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, TWRCH, "play")
    hand_only(game, st, 0, CAFALL, FILLER)
    actions = p.actions
    play(game, st, 0, CAFALL)
    assert len(p.hand) == 3 and p.actions == actions  # free play
    back = p.hand[0]
    answer(game, st, 0, game.action_space.card + back)
    assert p.deck[-1] == back
    assert decision(st).args["optional"]
    choose_card(game, st, 0, TWRCH)
    assert idx(game, TWRCH) in st.exile and TWRCH not in ids(game, p.play)


@covers(CAFALL)
def test_cafall_may_exile_twrch_trwyth_as_the_active_quest():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    make_active(game, st, 0, TWRCH)
    hand_only(game, st, 0, CAFALL, FILLER)
    play(game, st, 0, CAFALL)
    answer(game, st, 0, game.action_space.card + p.hand[0])
    choose_card(game, st, 0, TWRCH)
    assert idx(game, TWRCH) in st.exile and p.quest == -1
    give(game, st, 0, CAFALL)
    p.free_played = []  # as on a later turn (R74)
    play(game, st, 0, CAFALL)
    answer(game, st, 0, game.action_space.card + p.hand[0])
    assert decision(st).kind == "activate"  # no boar left: nothing asked


@covers(CAFALL)
def test_R73_cafall_with_nothing_to_draw_or_put_back_may_still_exile_twrch_trwyth():
    game, st = fresh(ART, "Romans")
    p = st.seats[0]
    give(game, st, 0, TWRCH, "play")
    cafall = only_in_hand(game, st, 0, CAFALL)[0]
    p.deck, p.discard = [], []
    p.exhausts = 0  # no reshuffle can bring in a nation card either (R98)
    play(game, st, 0, CAFALL)  # nothing drawn, no card to put back: its second line still applies
    assert p.hand == [] and decision(st).args["optional"]
    choose_card(game, st, 0, TWRCH)
    assert idx(game, TWRCH) in st.exile and cafall in p.discard


@covers("2ART26", "2ART27", "2ART28", "2ART29")
def test_R252_the_arthurian_unrest_cards_are_played_like_any_unrest():
    game, st = fresh(ART, "Romans", "Celts", "Persians")
    p = st.seats[0]
    for card_id in ("2ART26", "2ART27", "2ART28", "2ART29"):
        c = game.cards[idx(game, card_id)]
        assert (c.location, c.suits, c.vp) == ("supply", ["unrest"], -2)
        hand_only(game, st, 0, card_id, FILLER)
        p.population, p.actions = 1, 3
        play(game, st, 0, card_id)
        answer(game, st, 0, A.OPTION)  # pay 1 population
        assert idx(game, card_id) in st.unrest and p.population == 0
    assert [game.cards[idx(game, c)].players for c in ("2ART28", "2ART29")] == [3, 4]


def test_R71_an_inactive_quest_cannot_be_played_from_the_development_area():
    game, st = fresh(ART, "Romans")
    assert_illegal(game, st, 0, game.action_space.play + idx(game, LANCELOT), "R71")


# --- whole games -------------------------------------------------------------------------------------


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_games_with_king_arthur_run_to_their_end_for_both_bots(agent):
    """Random and heuristic players finish games with King Arthur against Classics nations,
    every position keeping each card in exactly one place."""
    import random

    from epochal.games.imperium.bots import HeuristicBot

    game = fresh(ART, "Romans", activate=False)[0]
    others = ["Romans", "Celts", "Vikings", "Greeks", "Carthaginians", "Macedonians"]
    for i in range(8 if agent == "random" else 2):
        rng = random.Random(i)
        players = 2 + i % 3
        nations = [ART, *rng.sample(others, players - 1)]
        rng.shuffle(nations)
        st = game.new(players, i, {"nations": ",".join(nations)})
        bots = [HeuristicBot(i + s) for s in range(players)]
        while not st.over:
            seat = game.actors(st)[0]
            action = bots[seat].choose(game, st, seat) if agent == "heuristic" else rng.choice(game.legal(st, seat))
            game.apply(st, seat, action)
            assert st.ply < 20000
        assert game.check_invariants(st) == []
