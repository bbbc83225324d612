"""Imperium exactly as printed: the player orders their own solstice effects (R112); a card is
played whenever the action token and the state allow it and its effects apply as far as possible
(R71-R73), an "X to Y" line giving no Y when X cannot be done; "all players MAY" asks each player
in turn (R111, R149); cards looked at go back in the order the looking player chooses (R161).

Rule numbers refer to shared/rules/imperium.md.
"""

from __future__ import annotations

from epochal.engine.locale import prompt_words, why_not_words
from epochal.games.imperium import actions as A
from epochal.games.imperium import bots, prompts
from epochal.games.imperium.bots import HeuristicBot, PlannerBot
from epochal.games.imperium.view import view
from tests.games.imperium.scenario import (
    answer,
    assert_illegal,
    choose_card,
    decision,
    exhaust,
    fresh,
    give,
    hand_only,
    ids,
    legal_exhaust,
    legal_play,
    only_in_hand,
    play,
    purpose_of,
    put_in_market,
    to_play,
)

FILLER = "1TRI4"  # Ionians: a free card kept in hand so that Activate does not end by itself
NAMES = ["Ana", "Boris", "Vera"]


def to_solstice_start(game, st):
    """Play the round out (Activate ends, the others revolt with nothing, clean-up keeps the
    hand) until the solstice's first question (R108)."""
    for _ in range(300):
        d = decision(st)
        if st.phase == "after_solstice":
            return d
        seat = d.seats[0]
        if d.kind == "turn":
            action = A.REVOLT
        elif d.kind == "activate" or d.args.get("optional"):
            action = A.END
        else:
            action = game.legal(st, seat)[0]
        game.apply(st, seat, action)
    raise AssertionError("no solstice question came")


def source(game, st):
    return prompts.source(game, st, decision(st))


# --- R112: the order of your solstice effects is yours -------------------------------------------


def test_R112_the_player_chooses_which_solstice_effect_applies_first():
    game, st = fresh("Romans", "Macedonians")
    p = st.seats[0]
    alexandria, rome = to_play(game, st, 0, "1MAC8", "1ROM7")  # each: choose material, population or a card
    d = to_solstice_start(game, st)
    assert d.kind == "card" and d.seats == [0]
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in (alexandria, rome))
    assert d.args["rule"] == "R112"
    choose_card(game, st, 0, "1ROM7")  # the card that entered play last goes first
    assert decision(st).kind == "option" and source(game, st) == "1ROM7"
    population = p.population
    answer(game, st, 0, A.OPTION + 1)
    assert p.population == population + 1
    assert decision(st).kind == "option" and source(game, st) == "1MAC8"  # the last one is not asked


def test_R112_a_single_solstice_effect_applies_without_a_question():
    game, st = fresh("Romans", "Macedonians")
    to_play(game, st, 0, "1MAC8")
    to_solstice_start(game, st)
    assert decision(st).kind == "option" and source(game, st) == "1MAC8"


def test_R112_the_order_is_asked_in_words_and_bots_answer_it():
    game, st = fresh("Romans", "Macedonians")
    to_play(game, st, 0, "1MAC8", "1ROM7")
    d = to_solstice_start(game, st)
    assert prompts.describe_decision(game, st, 0)["form"] == "solstice_order"
    assert prompt_words(game, st, 0, "en", NAMES)["text"] == "Solstice: choose which solstice effect to apply next"
    ru = "Солнцестояние: выберите, какой эффект солнцестояния применить следующим"
    assert prompt_words(game, st, 0, "ru", NAMES)["text"] == ru
    assert HeuristicBot(0).choose(game, st, 0) in d.args["options"]


# --- R71-R73: played when the token and the state allow, applied as far as possible ---------------


def test_R71_R73_erik_the_red_without_scandinavia_is_played_and_still_exiled():
    game, st = fresh("Vikings", "Romans")
    p = st.seats[0]
    erik, filler = hand_only(game, st, 0, "1VIK21", FILLER)
    p.population = 1
    assert legal_play(game, st, "1VIK21")  # only the action token and the state (R71, R72)
    play(game, st, 0, "1VIK21")
    assert erik in st.exile  # its second line applies (R73)
    assert p.population == 1 and p.hand == [filler]  # no Scandinavia: nothing paid, nothing found
    assert p.actions == 2 and decision(st).kind == "activate"


def test_R71_R73_erik_the_red_without_population_keeps_scandinavia():
    game, st = fresh("Vikings", "Romans")
    p = st.seats[0]
    erik, _ = hand_only(game, st, 0, "1VIK21", FILLER)
    scandinavia = give(game, st, 0, "1VIK17", "play")
    p.population = p.progress = 0
    play(game, st, 0, "1VIK21")
    assert scandinavia in p.play and erik in st.exile  # X is not done in part (R163)
    assert decision(st).kind == "activate"


def test_R71_R73_glory_with_two_regions_is_played_for_nothing():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    regions = to_play(game, st, 0, "1ROM11", "1ROM12")
    glory, _ = only_in_hand(game, st, 0, "1ROM14", FILLER)
    fame = list(st.fame)
    assert legal_play(game, st, "1ROM14")
    play(game, st, 0, "1ROM14")
    assert p.play == regions and st.fame == fame  # no region abandoned, no fame card seen
    assert glory in p.discard and decision(st).kind == "activate"


def test_R73_jomsviking_unpaid_acquires_nothing_but_the_others_still_discard():
    game, st = fresh("Vikings", "Romans")
    p, q = st.seats
    hand_only(game, st, 0, "1VIK22", FILLER)
    p.materials = p.population = p.progress = 0
    hand = len(q.hand)
    play(game, st, 0, "1VIK22")
    d = decision(st)
    assert d.seats == [1] and purpose_of(d) == "discard"  # its second line (R73, R144)
    answer(game, st, 1, game.legal(st, 1)[0])
    assert len(q.hand) == hand - 1 and len(p.hand) == 1


def test_R73_greek_innovation_without_two_cards_still_makes_the_others_recall():
    game, st = fresh("Greeks", "Romans")
    p, q = st.seats
    hand_only(game, st, 0, "1GRE7")
    p.empire = True
    region = give(game, st, 1, "1ROM11", "play")
    deck = list(p.deck)
    play(game, st, 0, "1GRE7")
    assert p.deck == deck  # nothing put on the deck, nothing acquired
    assert region in q.hand and region not in q.play  # its second line (R73)


def test_R75_R253_an_unrest_card_nobody_can_pay_for_is_played_but_stays_yours():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    (unrest,) = only_in_hand(game, st, 0, "1ROM22")
    p.materials = p.population = p.progress = 0
    pile = len(st.unrest)
    assert legal_play(game, st, "1ROM22")
    play(game, st, 0, "1ROM22")
    assert unrest in p.discard and len(st.unrest) == pile  # returned only if paid for (R253)


def test_R71_a_printed_restriction_still_forbids_playing():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    p.empire = True
    eternal = only_in_hand(game, st, 0, "1ROM7", FILLER)[0]
    assert not legal_play(game, st, "1ROM7")  # "only playable if City of Rome is in play"
    assert_illegal(game, st, 0, game.action_space.play + eternal, "R71")
    reasons = {w["card"]: w for w in game.why_not(st, 0)}
    assert reasons["1ROM7"]["reason"] == "requires"


def test_R71_why_not_no_longer_lists_a_card_whose_payment_is_missing():
    game, st = fresh("Romans", "Celts")
    p = st.seats[0]
    only_in_hand(game, st, 0, "1CAR11", "1UNC20", FILLER)  # Advance, Diplomacy: materials to pay
    p.materials = p.progress = 0
    reasons = {w["card"] for w in game.why_not(st, 0)}
    assert "1CAR11" not in reasons and "1UNC20" not in reasons
    assert legal_play(game, st, "1CAR11") and legal_play(game, st, "1UNC20")


def test_R163_R78_an_exhaust_still_needs_its_cost():
    game, st = fresh("Celts", "Romans")
    p = st.seats[0]
    give(game, st, 0, "1CEL20", "play")  # Cauldron: pay 1 progress to gain 2 population
    p.progress = 0
    assert not legal_exhaust(game, st, "1CEL20")
    words = {w["card"]: w for w in why_not_words(game, st, 0, "en", NAMES)}
    assert words["1CEL20"]["rule"] == "R163"


def test_R73_bread_and_circuses_with_an_empty_hand_still_returns_unrest():
    game, st = fresh("Romans", "Scythians")
    p = st.seats[0]
    to_play(game, st, 0, "1ROM10")  # solstice: discard a card; MAY return an unrest twice
    game.apply(st, 0, A.END)
    while decision(st).seats != [1]:  # seat 0's clean-up
        game.apply(st, 0, game.legal(st, 0)[0])
    p.deck += p.hand + p.discard  # an empty hand at the solstice
    p.hand, p.discard = [], []
    unrest = give(game, st, 0, "1ROM23", "discard")
    d = to_solstice_start(game, st)
    assert d.kind == "card" and d.args["options"] == [game.action_space.card + unrest]
    choose_card(game, st, 0, "1ROM23")
    assert unrest in st.unrest


# --- R111, R149: "all players MAY" asks each player -----------------------------------------------


def test_R111_R149_town_asks_every_player_in_turn_order_whether_to_gain():
    game, st = fresh("Romans", "Celts", "Greeks")
    seats = st.seats
    give(game, st, 0, "1UNC4", "play")  # Town: exhaust: all players MAY gain 2 materials
    before = [s.materials for s in seats]
    exhaust(game, st, 0, "1UNC4")
    asked = []
    for said in (A.YES, A.NO, A.YES):
        d = decision(st)
        assert d.kind == "may"
        asked.append(d.seats[0])
        if d.seats[0] != 0:
            assert_illegal(game, st, 0, said)  # the asked player answers
        answer(game, st, d.seats[0], said)
    assert asked == [0, 1, 2]
    assert [s.materials - b for s, b in zip(seats, before, strict=True)] == [2, 0, 2]


def test_R111_R149_nomads_asks_each_player_from_the_active_one():
    game, st = fresh("Scythians", "Romans", "Celts")
    give(game, st, 0, "1SCY14")
    hands = [len(s.hand) for s in st.seats]
    play(game, st, 0, "1SCY14")
    asked = []
    for said in (A.NO, A.YES, A.YES):
        d = decision(st)
        asked.append(d.seats[0])
        answer(game, st, d.seats[0], said)
    assert asked == [0, 1, 2]
    assert [len(s.hand) for s in st.seats] == [hands[0] - 1, hands[1] + 1, hands[2] + 1]


# --- R161: cards looked at go back in any order -------------------------------------------------


def test_R161_fame_cards_looked_at_go_back_in_the_order_the_player_chooses():
    game, st = fresh("Romans", "Scythians")  # Romans A: look at one more fame card (R243)
    p = st.seats[0]
    to_play(game, st, 0, "1ROM11", "1ROM12", "1ROM20")
    only_in_hand(game, st, 0, "1ROM14", FILLER)
    below = st.fame[:-3]
    low, middle, top = st.fame[-3:]
    play(game, st, 0, "1ROM14")
    for _ in range(2):  # the third region is forced
        game.apply(st, 0, game.legal(st, 0)[0])
    choose_card(game, st, 0, game.cards[middle].id)
    assert middle in p.hand
    d = decision(st)
    assert d.kind == "card" and d.seats == [0] and d.args["rule"] == "R161"
    assert sorted(d.args["options"]) == sorted(game.action_space.card + k for k in (low, top))
    assert prompts.describe_decision(game, st, 0)["form"] == "fame_order"
    other = view(game, st, 1)
    assert game.cards[low].id not in other["cards"] and game.cards[top].id not in other["cards"]
    assert {game.cards[low].id, game.cards[top].id} <= view(game, st, 0)["cards"].keys()
    choose_card(game, st, 0, game.cards[low].id)  # the lower one goes on top
    assert st.fame == [*below, top, low]
    assert decision(st).kind == "activate" and ids(game, p.discard)[-1] == "1ROM14"


def test_R82_R93_the_heuristic_bot_with_no_card_anywhere_innovates_rather_than_only_exhaust():
    game, st = fresh("Romans", "Scythians", activate=False)
    p = st.seats[0]
    give(game, st, 0, "1UNC8", "play")  # Mysticism: an exhaust always possible
    p.history += p.hand + p.deck + p.discard
    p.hand, p.deck, p.discard = [], [], []
    assert decision(st).kind == "turn"
    assert HeuristicBot(0).choose(game, st, 0) == A.INNOVATE  # a break through is its only way to a card
    give(game, st, 0, "1ROM16", "deck")
    assert HeuristicBot(0).choose(game, st, 0) == A.ACTIVATE  # a card to come: the exhaust is worth it


def test_R67_R71_the_planner_judges_its_turn_choice_by_the_turn_it_leads_to():
    """What an Activate brings comes only with the plays after it (R67, R71): judged at one ply
    it is worth nothing yet, and the planner's choices revolt at the game's start; playing the
    turn out, it activates its hand of five."""
    game, st = fresh("Romans", "Scythians", activate=False)
    assert decision(st).kind == "turn" and len(st.seats[0].hand) == 5
    one_ply = PlannerBot(0)
    one_ply.plays_out = None
    assert one_ply.choose(game, st, 0) != A.ACTIVATE
    assert PlannerBot(0).choose(game, st, 0) == A.ACTIVATE
    state_before = st.to_json()
    PlannerBot(0).choose(game, st, 0)
    assert st.to_json() == state_before  # the turns it plays out are played on copies


def test_R67_R71_the_search_takes_the_planners_play_outs_as_its_prior():
    """Without rollouts the search scores each option by the estimate of the position it leads
    to, where an Activate has brought nothing yet (R67, R71): alone it does not activate at the
    game's start. With the planner's play-outs as its root's prior it activates, and the prior
    weighs as PRIOR_SHARE of the iterations run; the real state is untouched."""
    from epochal.agents.ismcts import PRIOR_SHARE, ISMCTSAgent

    game, st = fresh("Romans", "Scythians", activate=False)
    state_before = st.to_json()
    assert ISMCTSAgent(300, seed=1, prior=False).choose(game, st, 0) != A.ACTIVATE
    agent = ISMCTSAgent(300, seed=1)
    assert agent.choose(game, st, 0) == A.ACTIVATE
    root = agent.search(game, st, 0)
    judged = PlannerBot(1).judge(game, st, 0)
    assert set(judged) == set(game.legal(st, 0)) == set(root.children) == set(root.prior)
    assert sum(c.visits for c in root.children.values()) == 300 and root.weight == PRIOR_SHARE * 300
    assert st.to_json() == state_before
    assert PlannerBot(1).judge(game, st.clone(), 0) == judged  # the same re-deal for the same seed
    game.apply(st, 0, A.ACTIVATE)
    game.apply(st, 0, game.legal(st, 0)[0])
    assert decision(st).kind not in ("turn", "activate") and PlannerBot(1).judge(game, st, 0) is None


def test_R82_R213_the_planner_innovates_with_no_card_anywhere_and_in_a_stalled_game():
    game, st = fresh("Romans", "Scythians", activate=False)
    st.round = bots.LATE_ROUND + 1
    assert PlannerBot(0).choose(game, st, 0) == A.INNOVATE  # R213: the main deck must run down
    st.round = 1
    p = st.seats[0]
    give(game, st, 0, "1UNC8", "play")  # Mysticism: an exhaust always possible
    p.history += p.hand + p.deck + p.discard
    p.hand, p.deck, p.discard = [], [], []
    assert PlannerBot(0).choose(game, st, 0) == A.INNOVATE  # R82: a break through is its only way to a card


def test_R135_G11_the_heuristic_bot_breaks_through_for_a_category_that_brings_a_card():
    game, st = fresh("Romans", "Scythians", activate=False)
    for slot, card_id in enumerate(("1CIV4", "1CIV5", "1CIV6", "1CIV7", "1CIV8")):
        put_in_market(game, st, slot, card_id)
    st.decks["region"], st.decks["uncivilised"] = [], []
    game.apply(st, 0, A.INNOVATE)
    d = decision(st)
    assert d.kind == "suit" and len(d.args["options"]) == 4  # a tributary or region may find nothing
    assert HeuristicBot(0).choose(game, st, 0) == A.SUIT + 2  # civilised: the market holds some


def test_R213_the_heuristic_bot_innovates_in_a_stalled_game_so_that_it_ends(monkeypatch):
    """Three heuristic bots that always find something to activate never take from the main
    deck, whose end ends the game (R213): past LATE_ROUND the bot innovates (R82)."""
    from epochal.engine.rng import derive
    from epochal.sim.simulate import play_game

    game, st = fresh("Romans", "Scythians", activate=False)
    assert decision(st).kind == "turn"
    assert HeuristicBot(0).choose(game, st, 0) == A.ACTIVATE
    st.round = bots.LATE_ROUND + 1
    assert HeuristicBot(0).choose(game, st, 0) == A.INNOVATE

    # a series game that played past round 350 before the bot followed its actions' choices
    monkeypatch.setattr(bots, "follows", None)
    stalled = derive(1, 86), ["heuristic"] * 3, {"nations": "Utopians,Qin,Olmecs"}
    result = play_game(game, 3, *stalled)
    assert result.error is None and result.decisions < 3000
    replayed = game.new(3, stalled[0], stalled[2])
    for seat, action in result.record.actions:
        game.apply(replayed, seat, action)
    assert replayed.over and replayed.round <= bots.LATE_ROUND + 12


def test_R76_R130_the_heuristic_bot_judges_an_exhaust_by_the_card_it_then_acquires():
    """Tree of Knowledge's exhaust garrisons a scroll and then acquires a card (R76, R176,
    R130): judged before the acquisition it only costs the scroll, so a bot that stopped at one
    ply played its scrolls for their draw instead and never acquired. It follows the exhaust
    through the choices that belong to it."""
    game, st = fresh("Utopians", "Romans")
    to_play(game, st, 0, "2UTO8")  # Tree of Knowledge: 1 VP per civilised card
    only_in_hand(game, st, 0, "2UTO12", "2UTO13")  # two Sacred Scrolls
    for slot, card_id in enumerate(("1CIV1", "1CIV2", "1CIV4", "1CIV5", "1CIV6")):
        put_in_market(game, st, slot, card_id)
    tree = game.action_space.exhaust + game.index_of["2UTO8"]
    assert tree in game.legal(st, 0)
    assert HeuristicBot(0).choose(game, st, 0) == tree
    unfollowed = HeuristicBot(0)
    unfollowed.follows = None
    assert unfollowed.choose(game, st, 0) != tree  # one ply sees only the scroll it garrisons
