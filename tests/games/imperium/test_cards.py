"""The Classics common deck (data/common.json): one test per card, named by the rules it checks.

Each test plays the real card from ``common.json`` and asserts what it does to the state:
tokens, zones, the market (refill, tucked unrest), the decisions offered, attacks and their
shields, reactive exhausts, solstice effects and end-game VP. Rule numbers (R…, G…, E…) refer to
shared/rules/imperium.md.

Seat 0 is always the Romans and seat 1 the Greeks (R29: nations differ); the opponent's own
cards are never used, and every position is set up explicitly (hands, play areas, decks, the
market), so the tests only depend on the common deck.
"""

from __future__ import annotations

import pytest

from epochal.games.imperium import actions as A
from epochal.games.imperium import scoring
from tests.games.imperium.scenario import (
    assert_illegal,
    covers,
    decision,
    exhaust,
    fresh,
    give,
    ids,
    play,
    purpose_of,
    take_anywhere,
)

OPPONENTS = ("Greeks", "Persians", "Scythians")  # power cards with only an exhaust: neutral
UNREST = tuple(f"1UNR{n}" for n in range(1, 13))
SUITS = ("region", "uncivilised", "civilised", "tributary")  # A.SUIT + index


# --- the game ------------------------------------------------------------------------------------
def start(players: int = 2, seed: int = 0, activate: bool = True, **options):
    """A new game: seat 0 the Romans, then the Greeks (Persians, Scythians); seat 0 has chosen
    Activate (R67)."""
    return fresh(*("Romans", *OPPONENTS)[:players], seed=seed, activate=activate, **options)


def k(g, card_id: str) -> int:
    return g.index_of[card_id]


def seat(
    g,
    st,
    s: int,
    *,
    hand=(),
    play=(),
    discard=(),
    history=(),
    deck=None,
    empire=None,
    materials=0,
    population=0,
    progress=0,
    actions=None,
):
    """Seat ``s`` holds exactly these cards and tokens (what it held goes to the box)."""
    p = st.seats[s]
    for zone in ("hand", "play", "discard", "history") + (("deck",) if deck is not None else ()):
        st.box.extend(getattr(p, zone))
        setattr(p, zone, [])
    for under in p.garrison.values():
        st.box.extend(under)
    p.garrison, p.exhausted = {}, []
    for zone, cards in (
        ("hand", hand),
        ("play", play),
        ("discard", discard),
        ("history", history),
        ("deck", deck or ()),
    ):
        for card_id in cards:
            give(g, st, s, card_id, zone)
    p.materials, p.population, p.progress = materials, population, progress
    if empire is not None:
        p.empire = empire
    if actions is not None:
        p.actions = actions
    return p


def nation(g, st, s: int, *card_ids: str) -> int:
    """The seat's nation deck becomes its accession card plus these (top last); returns the
    accession card (R34-R35). The other nation cards go to the box."""
    p = st.seats[s]
    acc = p.nation_deck[0]
    assert g.cards[acc].location == "accession"
    st.box.extend(p.nation_deck[1:])
    p.nation_deck = [acc]
    for card_id in card_ids:
        take_anywhere(st, k(g, card_id))
        p.nation_deck.append(k(g, card_id))
    return acc


# five plain cards to refill a hand at clean-up without reshuffling the discard pile (R91, R95)
FILL = ["1ROM10", "1ROM11", "1ROM12", "1ROM20", "1ROM21"]


def market(g, st, slot: int, card_id: str, tokens=None, unrest: bool = False) -> int:
    """Lay ``card_id`` in a market slot (the old card goes to the box, its unrest to the pile)."""
    s = st.market[slot]
    if s.card >= 0:
        st.box.append(s.card)
    if s.unrest >= 0:
        st.unrest.append(s.unrest)
    s.card, s.unrest, s.tokens = -1, -1, {}
    card = k(g, card_id)
    take_anywhere(st, card)
    s.card, s.tokens = card, dict(tokens or {})
    if unrest:
        s.unrest = st.unrest.pop()
    return card


def on_top(g, st, deck: str, card_id: str) -> int:
    """Put a card on top of a market deck ("region", "uncivilised", "civilised", "main")."""
    card = k(g, card_id)
    take_anywhere(st, card)
    st.decks[deck].append(card)
    return card


def calm(st) -> None:
    """Untuck every market unrest back onto the unrest pile (more room before collapse)."""
    for s in st.market:
        if s.unrest >= 0:
            st.unrest.append(s.unrest)
            s.unrest = -1


def act(g, st, action: int):
    """Answer the pending decision for the seat it waits on."""
    return g.apply(st, decision(st).seats[0], action)


def pick(g, st, card_id: str):
    return act(g, st, g.action_space.card + k(g, card_id))


def option(g, st, i: int):
    return act(g, st, A.OPTION + i)


def yes(g, st):
    return act(g, st, A.YES)


def no(g, st):
    return act(g, st, A.NO)


def offered(g, st) -> list[int]:
    d = decision(st)
    return g.legal(st, d.seats[0])


def offered_cards(g, st) -> list[str]:
    return sorted(g.cards[a - g.action_space.card].id for a in offered(g, st) if a >= g.action_space.card)


def purpose(st) -> str | None:
    d = decision(st)
    return purpose_of(d)


def waiting(st) -> int | None:
    d = decision(st)
    return d.seats[0] if d else None


def playable(g, st, s: int, card_id: str) -> bool:
    return g.action_space.play + k(g, card_id) in g.legal(st, s)


def played_for_nothing(g, st, card_id: str) -> None:
    """R71-R73: a card whose payment is missing is still played (the action token and the state
    allow it); its unpaid "X to Y" gives nothing: no token spent, no other seat touched, the card
    discarded."""
    p = st.seats[0]
    tokens = (p.materials, p.population, p.progress)
    hands = [len(q.hand) for q in st.seats[1:]]
    hand = [c for c in p.hand if c != k(g, card_id)]
    assert playable(g, st, 0, card_id)
    play(g, st, 0, card_id)
    assert decision(st).kind == "activate" and (p.materials, p.population, p.progress) == tokens
    assert p.hand == hand and p.discard[-1] == k(g, card_id)
    assert [len(q.hand) for q in st.seats[1:]] == hands


def exhaustable(g, st, s: int, card_id: str) -> bool:
    return g.action_space.exhaust + k(g, card_id) in g.legal(st, s)


def vp(g, st, s: int, card_id: str) -> int:
    return scoring.card_vp(g, st, s, k(g, card_id), g.cards[k(g, card_id)].vp)


def in_turn(st) -> bool:
    """Seat 0 is still in its Activate turn (not moved on to clean-up)."""
    d = decision(st)
    return d is not None and d.kind == "activate"


def ok(g, st) -> None:
    assert g.check_invariants(st) == []


def to_solstice(g, st) -> None:
    """Finish the round: seat 0 ends Activate, later seats Revolt with no card, clean-ups keep
    their hands; stop at the first decision a solstice effect asks, or at the next round."""
    first_round = st.round
    while not st.over:
        d = decision(st)
        if st.round != first_round:
            return
        frame = st.run[d.args["frame"]] if "frame" in d.args else None
        if frame is not None and frame.part == "solstice":
            return
        if d.kind == "activate":
            act(g, st, A.END)
        elif d.kind == "turn":
            act(g, st, A.REVOLT)
        elif d.args.get("optional"):
            act(g, st, A.END)
        else:
            act(g, st, d.args["options"][0])


def end_turn(g, st) -> None:
    """The seat ends Activate (if its turn has not ended on its own, nothing else being legal)
    and runs its clean-up, keeping its hand, until the next seat's turn starts."""
    if decision(st).kind == "activate":
        act(g, st, A.END)
    while decision(st).kind != "turn":
        d = decision(st)
        act(g, st, A.END if d.args.get("optional") else d.args["options"][0])


# --- unrest (R75, R253) --------------------------------------------------------------------------
@covers("1UNR1", "1UNR2", "1UNR3", "1UNR4", "1UNR5", "1UNR6", "1UNR7", "1UNR8", "1UNR9", "1UNR10", "1UNR11", "1UNR12")
def test_R253_unrest_choose_a_cost_then_return_itself_minus_2_vp():
    """Every unrest card: choose pay 1 population OR discard 2 OR pay 3 materials (only the
    affordable options are offered, R150/R164), then it returns itself to the unrest pile (R75);
    -2 VP each (R231, D5); the 3+/4 marks keep 4 of them out of a 2-player game (R45)."""
    g, st = start()
    boxed = {g.cards[c].id for c in st.box}
    assert {"1UNR9", "1UNR10", "1UNR11", "1UNR12"} <= boxed
    assert not {"1UNR1", "1UNR8"} & boxed
    for card_id in UNREST:
        g, st = start()
        assert vp(g, st, 0, card_id) == -2
        p = seat(g, st, 0, hand=[card_id, "1ROM15", "1ROM16"], materials=3, population=1)
        pile = len(st.unrest)
        play(g, st, 0, card_id)
        assert offered(g, st) == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
        option(g, st, 1)  # discard 2 cards
        assert offered_cards(g, st) == ["1ROM15", "1ROM16"]
        pick(g, st, "1ROM15")  # the second follows alone
        assert sorted(ids(g, p.discard)) == ["1ROM15", "1ROM16"]
        assert k(g, card_id) in st.unrest and len(st.unrest) == pile + 1
        assert k(g, card_id) not in p.play + p.discard + p.hand
        assert (p.materials, p.population) == (3, 1) and p.actions == 2
        ok(g, st)


@covers("1UNR1")
def test_R150_unrest_offers_only_affordable_options_and_progress_substitutes_R165():
    g, st = start()
    p = seat(g, st, 0, hand=["1UNR1", "1ROM15"], materials=2, population=0, progress=1)
    play(g, st, 0, "1UNR1")  # 1 progress pays the population (R165); 2 m + 1 p = 3 m
    assert offered(g, st) == [A.OPTION, A.OPTION + 2]
    option(g, st, 2)
    assert (p.materials, p.progress) == (0, 0)  # 2 materials, then 1 progress for the last one
    assert k(g, "1UNR1") in st.unrest
    ok(g, st)


@covers("1UNR2")
def test_R73_R253_unrest_without_any_affordable_option_is_played_for_nothing_and_stays():
    """No population, no progress, under 3 materials and under 2 other cards: the card is played
    (R71), nothing can be chosen (R164), and it returns to the unrest pile only "if you do"
    (the printed card, R253): it goes to the discard pile."""
    g, st = start()
    seat(g, st, 0, hand=["1UNR2", "1ROM15"], materials=2)
    pile = len(st.unrest)
    played_for_nothing(g, st, "1UNR2")
    assert len(st.unrest) == pile


@pytest.mark.parametrize(
    "players,boxed",
    [
        (
            2,
            {
                "1CIV1",
                "1CIV7",
                "1CIV9",
                "1REG1",
                "1TRI6",
                "1TRI10",
                "1UNC1",
                "1UNC13",
                "1UNC14",
                "1UNC22",
                "1UNR9",
                "1UNR10",
                "1UNR11",
                "1UNR12",
            },
        ),
        (3, {"1CIV1", "1CIV7", "1TRI10", "1UNC1", "1UNR11", "1UNR12"}),
        (4, set()),
    ],
)
def test_R45_player_count_marks_box_common_cards(players, boxed):
    g, st = start(players, activate=False)
    assert {g.cards[c].id for c in st.box if g.cards[c].group in ("market", "unrest")} == boxed
    common_unrest = [
        c for c in st.unrest + [s.unrest for s in st.market if s.unrest >= 0] if g.cards[c].deck == "common"
    ]
    assert len(common_unrest) == {2: 8, 3: 10, 4: 12}[players]


# --- civilised -----------------------------------------------------------------------------------
@covers("1CIV1")
def test_1CIV1_drama_and_poetry_free_steal_then_each_player_may_discard_to_return_unrest():
    """Free play (R74); attack: steal 1 progress from each other player (R170); then every
    player, you first, MAY discard a card to return an unrest (R149, R146)."""
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV1", "1ROM15", "1UNR1"], empire=True, progress=0)
    t = seat(g, st, 1, hand=["1ROM16", "1UNR2"], progress=2)
    pile = len(st.unrest)
    play(g, st, 0, "1CIV1")
    assert (p.progress, t.progress, p.actions) == (1, 1, 3)
    assert waiting(st) == 0
    yes(g, st)
    assert offered_cards(g, st) == ["1ROM15", "1UNR1"]
    pick(g, st, "1ROM15")  # the discarded card; the unrest then returns
    assert ids(g, p.discard) == ["1ROM15"] and ids(g, p.hand) == []
    assert waiting(st) == 1
    no(g, st)
    assert ids(g, t.hand) == ["1ROM16", "1UNR2"] and ids(g, p.discard) == ["1ROM15", "1CIV1"]
    assert len(st.unrest) == pile + 1 and k(g, "1UNR1") in st.unrest
    assert vp(g, st, 0, "1CIV1") == 2
    ok(g, st)


@covers("1CIV2")
def test_1CIV2_education_free_history_from_hand_and_from_discard_R258():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV2", "1ROM15", "1ROM16"], discard=["1ROM17"], empire=True)
    play(g, st, 0, "1CIV2")
    assert offered_cards(g, st) == ["1ROM15", "1ROM16"] and decision(st).args["optional"]
    pick(g, st, "1ROM16")
    pick(g, st, "1ROM17")
    assert ids(g, p.history) == ["1ROM16", "1ROM17"]
    assert ids(g, p.discard) == ["1CIV2"] and p.actions == 3
    assert vp(g, st, 0, "1CIV2") == 2
    ok(g, st)


@covers("1CIV2")
def test_R72_empire_cards_cannot_be_played_in_the_barbarian_state():
    g, st = start()
    seat(g, st, 0, hand=["1CIV2", "1ROM15"], empire=False)
    assert_illegal(g, st, 0, g.action_space.play + k(g, "1CIV2"), "R72")


@covers("1CIV3")
def test_1CIV3_moneylenders_pay_3_materials_for_an_action_vp_per_10_materials_capped_R233():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV3", "1ROM15"], empire=True, materials=4)
    play(g, st, 0, "1CIV3")
    assert (p.materials, p.actions) == (1, 4)  # free play: no action spent (R74)
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV3", "1ROM15"], empire=True, materials=1, progress=0)
    played_for_nothing(g, st, "1CIV3")  # R73: no action gained
    assert p.actions == 3
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV3", "1ROM15"], empire=True, materials=1, progress=1)
    # 1 material + 1 progress pays 3 (R165)
    play(g, st, 0, "1CIV3")
    assert (p.materials, p.progress, p.actions) == (0, 0, 4)
    p.materials = 39
    assert vp(g, st, 0, "1CIV3") == 3
    p.materials = 150
    assert vp(g, st, 0, "1CIV3") == 10  # 15, capped at 10 (R233)
    ok(g, st)


@covers("1CIV4")
def test_1CIV4_corruption_all_gain_2_materials_others_take_unrest_gain_1_progress():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV4"], empire=True, materials=1)
    t = seat(g, st, 1, materials=0)
    pile = len(st.unrest)
    play(g, st, 0, "1CIV4")
    assert (p.materials, p.progress, p.actions) == (3, 1, 2)
    assert t.materials == 2
    assert len(t.hand) == 1 and "unrest" in g.cards[t.hand[0]].suits
    assert len(st.unrest) == pile - 1 and not any("unrest" in g.cards[c].suits for c in p.hand)
    assert ids(g, p.discard) == ["1CIV4"]  # not pinned: to the discard pile (R71)
    ok(g, st)


@covers("1CIV5")
def test_1CIV5_onager_each_other_abandons_a_city_2_materials_per_city_may_acquire():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV5"], empire=True)
    t = seat(g, st, 1, play=["1UNC15", "1REG6"])
    region = market(g, st, 0, "1REG8")
    play(g, st, 0, "1CIV5")
    assert ids(g, t.play) == ["1REG6"] and ids(g, t.discard) == ["1UNC15"]  # R167
    assert p.materials == 2
    assert purpose(st) == "acquire" and decision(st).args["optional"]
    assert g.action_space.card + region in offered(g, st)
    act(g, st, A.END)  # MAY: declined
    assert p.materials == 2 and region == st.market[0].card
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV5"], empire=True)
    seat(g, st, 1, play=["1REG6"])  # no city: nothing to abandon
    play(g, st, 0, "1CIV5")
    act(g, st, A.END)
    assert p.materials == 0
    ok(g, st)


@covers("1CIV6", "1CIV7")
@pytest.mark.parametrize("card_id", ["1CIV6", "1CIV7"])
def test_1CIV6_metropolis_pinned_stays_in_play_solstice_choose_material_population_or_draw(card_id):
    """Pinned: stays in the play area after its play (R71); solstice (R108): choose 1 material
    OR 1 population OR draw a card (R261)."""
    g, st = start()
    p = seat(g, st, 0, hand=[card_id], empire=True)
    play(g, st, 0, card_id)
    assert ids(g, p.play) == [card_id] and card_id not in ids(g, p.discard)
    to_solstice(g, st)
    assert offered(g, st) == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
    before = (p.materials, p.population, len(p.hand))
    option(g, st, 0)
    assert (p.materials, p.population, len(p.hand)) == (before[0] + 1, before[1], before[2])
    assert ids(g, p.play) == [card_id]
    assert vp(g, st, 0, card_id) == 2 and g.cards[k(g, card_id)].types == ["metropolis"]
    ok(g, st)


@covers("1CIV8")
def test_1CIV8_pharmacy_solstice_gain_population_or_pay_2_population_for_progress_R150():
    g, st = start()
    p = seat(g, st, 0, play=["1CIV8"], empire=True, population=2)
    to_solstice(g, st)
    assert offered(g, st) == [A.OPTION, A.OPTION + 1]
    option(g, st, 1)
    assert (p.population, p.progress) == (0, 1)
    g, st = start()  # 1 population, no progress: only option 1
    p = seat(g, st, 0, play=["1CIV8"], empire=True, population=1)
    to_solstice(g, st)
    assert st.round == 2 and (p.population, p.progress) == (2, 0)
    ok(g, st)


@covers("1CIV9")
def test_1CIV9_wonder_exhausts_when_you_return_an_unrest_for_2_progress_G24():
    """Ionians return an unrest: Wonder's reactive exhaust is offered (once: one token, R77)."""
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI4", "1UNR1", "1UNR2", "1ROM15"], play=["1CIV9"], empire=True)
    play(g, st, 0, "1TRI4")
    pick(g, st, "1UNR1")
    pick(g, st, "1UNR2")
    assert purpose(st) == "exhaust Wonder"
    yes(g, st)
    assert p.progress == 2 and ids(g, p.exhausted) == ["1CIV9"] and p.exhausts == 4
    assert in_turn(st)
    ok(g, st)


@covers("1CIV9", "1UNR3")
def test_R75_playing_an_unrest_returns_an_unrest_so_wonder_may_exhaust():
    """An unrest card played returns itself to the unrest pile (R75): that is returning an
    unrest, so Wonder's reaction is offered (G24: on your Activate turn)."""
    g, st = start()
    p = seat(g, st, 0, hand=["1UNR3", "1ROM15"], play=["1CIV9"], empire=True, population=1)
    play(g, st, 0, "1UNR3")  # only "pay 1 population" is affordable
    assert k(g, "1UNR3") in st.unrest
    assert purpose(st) == "exhaust Wonder"
    yes(g, st)
    assert (p.population, p.progress) == (0, 2)
    ok(g, st)


@covers("1CIV9")
def test_G24_wonder_is_not_offered_on_a_revolt_R83():
    g, st = start(activate=False)
    p = seat(g, st, 0, hand=["1UNR1"], play=["1CIV9"], empire=True)
    g.apply(st, 0, A.REVOLT + 1)
    assert k(g, "1UNR1") in st.unrest and p.progress == 0 and not p.exhausted
    ok(g, st)


@covers("1CIV10")
def test_1CIV10_coinage_exhaust_draw_once_per_round_R77_solstice_2_materials():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1CIV10"], deck=["1ROM16", "1ROM17"], empire=True)
    exhaust(g, st, 0, "1CIV10")
    assert ids(g, p.hand) == ["1ROM15", "1ROM17"] and p.exhausts == 4
    assert_illegal(g, st, 0, g.action_space.exhaust + k(g, "1CIV10"), "R77")
    to_solstice(g, st)
    assert st.round == 2 and p.materials == 2
    ok(g, st)


@covers("1CIV11")
def test_1CIV11_exports_all_gain_2_materials_give_each_other_a_card_vp_per_10_cards():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV11", "1ROM15"], discard=["1UNR1"], empire=True)
    t = seat(g, st, 1)
    play(g, st, 0, "1CIV11")
    assert (p.materials, t.materials) == (2, 2)
    assert purpose(st) == "give a card" and offered_cards(g, st) == ["1ROM15", "1UNR1"]
    pick(g, st, "1UNR1")  # the discard pile may give too
    assert ids(g, t.hand) == ["1UNR1"] and ids(g, p.hand) == ["1ROM15"]
    seat(g, st, 0, discard=[f"1UNC{n}" for n in range(1, 22)])
    assert vp(g, st, 0, "1CIV11") == 2  # 21 cards
    ok(g, st)


@covers("1CIV11", "1REG12")
def test_R145_exports_give_is_an_attack_a_cape_recall_avoids_it():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV11", "1ROM15"], empire=True)
    t = seat(g, st, 1, play=["1REG12"])
    play(g, st, 0, "1CIV11")
    assert waiting(st) == 1 and offered_cards(g, st) == ["1REG12"]
    pick(g, st, "1REG12")
    assert ids(g, t.hand) == ["1REG12"] and t.play == []
    assert ids(g, p.hand) == ["1ROM15"]
    ok(g, st)


@covers("1CIV12")
def test_1CIV12_urban_development_material_and_population_per_city_metropolis_in_play():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV12"], play=["1UNC15", "1CIV6", "1ROM19", "1REG6"], discard=["1UNC16"], empire=True)
    play(g, st, 0, "1CIV12")
    assert (p.materials, p.population) == (3, 3)
    assert vp(g, st, 0, "1CIV12") == 8  # 2 VP per city/metropolis owned
    seat(g, st, 0, discard=["1CIV12", "1UNC15", "1UNC16", "1UNC17", "1CIV6", "1CIV7", "1ROM19"])
    assert vp(g, st, 0, "1CIV12") == 10  # 12, capped (R233)
    ok(g, st)


@covers("1CIV13")
def test_1CIV13_mercenaries_free_pay_1_population_for_an_action_vp_per_4_population():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV13", "1ROM15"], empire=True, population=1, actions=0)
    play(g, st, 0, "1CIV13")  # free: playable with no action (R74)
    assert (p.population, p.actions) == (0, 1)
    g, st = start()
    seat(g, st, 0, hand=["1CIV13", "1ROM15"], empire=True)
    played_for_nothing(g, st, "1CIV13")  # R73: no action gained
    assert st.seats[0].actions == 3
    st.seats[0].population = 9
    assert vp(g, st, 0, "1CIV13") == 2
    ok(g, st)


@covers("1CIV14")
def test_1CIV14_temple_exhaust_discard_for_progress_solstice_returns_unrest_from_discard():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15", "1ROM16"], play=["1CIV14"], discard=["1UNR1"], empire=True)
    exhaust(g, st, 0, "1CIV14")
    pick(g, st, "1ROM16")
    assert p.progress == 1 and ids(g, p.discard) == ["1UNR1", "1ROM16"]
    pile = len(st.unrest)
    to_solstice(g, st)
    assert k(g, "1UNR1") in st.unrest and len(st.unrest) == pile + 1
    p.progress = 10
    assert vp(g, st, 0, "1CIV14") == 2
    g, st = start()
    seat(g, st, 0, play=["1CIV14", "1CIV10"], empire=True)
    assert_illegal(g, st, 0, g.action_space.exhaust + k(g, "1CIV14"), "R78")  # no card to discard
    ok(g, st)


@covers("1CIV15", "1REG3")
def test_R181_cataphract_garrisons_itself_under_a_region_and_runs_its_play_effect():
    """Attack: each other player abandons a region; you MAY acquire a region/tributary; you MAY
    tuck Cataphract under one of your regions in play, which then resolves its play effect
    (Mountain: 3 materials, exile a market card, MAY garrison) at no further action (R181)."""
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV15", "1ROM15"], play=["1REG3"], empire=True)
    t = seat(g, st, 1, play=["1REG6"])
    calm(st)
    elders = market(g, st, 1, "1UNC3", unrest=True)
    play(g, st, 0, "1CIV15")
    assert ids(g, t.discard) == ["1REG6"] and t.play == []
    assert purpose(st) == "acquire"
    act(g, st, A.END)
    assert purpose(st) == "garrison this card under a region"
    assert offered_cards(g, st) == ["1REG3"]
    pick(g, st, "1REG3")
    assert p.materials == 3  # Mountain's play effect runs
    assert purpose(st) == "exile from the market"
    act(g, st, g.action_space.card + elders)
    assert purpose(st) == "garrison"
    act(g, st, A.END)
    assert ids(g, p.garrison[k(g, "1REG3")]) == ["1CIV15"]
    assert ids(g, p.play) == ["1REG3"] and "1CIV15" not in ids(g, p.discard)
    assert p.actions == 2 and elders in st.exile
    assert vp(g, st, 0, "1CIV15") == 2 and g.cards[k(g, "1CIV15")].types == ["knight"]
    ok(g, st)


# --- fame ----------------------------------------------------------------------------------------
@covers("1FAM1")
def test_1FAM1_praiseworthy_history_for_7_vp_or_break_through_and_3_vp_R232():
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM1"])
    play(g, st, 0, "1FAM1")
    option(g, st, 0)
    assert ids(g, p.history) == ["1FAM1"] and vp(g, st, 0, "1FAM1") == 7
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM1"])
    top = on_top(g, st, "region", "1REG6")
    play(g, st, 0, "1FAM1")
    option(g, st, 1)
    assert sorted(offered(g, st)) == [A.SUIT + i for i in range(4)]  # declare a category (R134)
    act(g, st, A.SUIT + SUITS.index("region"))
    act(g, st, A.BT_DECK)  # the region deck's top (R135)
    assert top in p.hand and ids(g, p.discard) == ["1FAM1"]
    assert vp(g, st, 0, "1FAM1") == 3
    ok(g, st)


@covers("1FAM2")
def test_1FAM2_great_free_gain_an_action_may_go_into_history_6_or_2_vp():
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM2"], actions=0)
    play(g, st, 0, "1FAM2")
    assert p.actions == 1
    yes(g, st)
    assert ids(g, p.history) == ["1FAM2"] and vp(g, st, 0, "1FAM2") == 6
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM2"])
    play(g, st, 0, "1FAM2")
    no(g, st)
    assert ids(g, p.discard) == ["1FAM2"] and vp(g, st, 0, "1FAM2") == 2 and p.actions == 4
    ok(g, st)


@covers("1FAM3")
def test_1FAM3_notorious_steal_a_progress_or_the_victim_takes_unrest_vp_per_others_unrest():
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM3"], progress=0)
    t = seat(g, st, 1, progress=2)
    play(g, st, 0, "1FAM3")
    assert (p.progress, t.progress, p.actions) == (1, 1, 3)
    assert t.hand == []
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM3"])
    t = seat(g, st, 1, progress=0)
    pile = len(st.unrest)
    play(g, st, 0, "1FAM3")
    assert p.progress == 0 and len(st.unrest) == pile - 1
    assert ["unrest"] == g.cards[t.hand[0]].suits
    seat(g, st, 1, hand=["1UNR1"], discard=["1UNR2"], history=["1UNR3"], deck=["1UNR4"])
    seat(g, st, 0, hand=["1UNR5"])  # your own unrest does not count
    assert vp(g, st, 0, "1FAM3") == 4
    ok(g, st)


@covers("1FAM4")
def test_1FAM4_marvellous_draw_the_top_card_then_discard_return_or_history_9_vp():
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM4"], deck=["1ROM16", "1ROM17"])
    play(g, st, 0, "1FAM4")
    assert offered(g, st) == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
    option(g, st, 2)
    assert ids(g, p.history) == ["1ROM17"] and ids(g, p.deck) == ["1ROM16"]
    assert vp(g, st, 0, "1FAM4") == 9
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM4"], deck=["1ROM16", "1ROM17"])
    play(g, st, 0, "1FAM4")
    option(g, st, 1)
    assert ids(g, p.deck) == ["1ROM16", "1ROM17"] and p.hand == []
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM4"], deck=[], discard=["1ROM16"])
    play(g, st, 0, "1FAM4")  # "if able": no reshuffle (R96)
    assert ids(g, p.discard) == ["1ROM16", "1FAM4"] and p.hand == []
    ok(g, st)


@covers("1FAM5")
def test_R117_glorious_barbarian_draws_up_to_4_may_reshuffle_then_history():
    """If {barbarian}: draw up to 4 cards. The card does not say "if able", so the draw may
    reshuffle (R95-R96); "up to" lets the player stop short."""
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM5"], deck=["1ROM16"], discard=["1ROM17", "1ROM18", "1ROM19"])
    play(g, st, 0, "1FAM5")
    assert offered(g, st) == [A.OPTION + i for i in range(5)]  # 4, 3, 2, 1 or 0 cards
    option(g, st, 0)
    assert len(p.hand) == 4 and ids(g, p.history) == ["1FAM5"]
    assert p.nation_exhausted  # the reshuffle took a nation card (R98)
    assert vp(g, st, 0, "1FAM5") == 6
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM5"], deck=["1ROM16", "1ROM17"])
    play(g, st, 0, "1FAM5")
    option(g, st, 3)  # just 1
    assert ids(g, p.hand) == ["1ROM17"]
    ok(g, st)


@covers("1FAM5")
def test_R121_glorious_empire_develops_for_free_then_history():
    g, st = start()
    p = seat(g, st, 0, hand=["1FAM5"], empire=True, materials=0)
    dev = ids(g, p.development)
    play(g, st, 0, "1FAM5")
    assert purpose(st) == "develop" and offered_cards(g, st) == sorted(dev)
    pick(g, st, "1ROM7")  # 3 materials + 3 population, for free
    assert "1ROM7" in ids(g, p.discard) and "1ROM7" not in ids(g, p.development)
    assert (p.materials, p.population) == (0, 0) and ids(g, p.history) == ["1FAM5"]
    ok(g, st)


@covers("1FAM6", "1FAM7", "1REG2")
@pytest.mark.parametrize("card_id", ["1FAM6", "1FAM7"])
def test_triumphant_cannot_be_played_nor_garrisoned_11_vp(card_id):
    g, st = start()
    seat(g, st, 0, hand=[card_id, "1REG2", "1ROM15"])
    assert not playable(g, st, 0, card_id)
    assert_illegal(g, st, 0, g.action_space.play + k(g, card_id), "R71")
    play(g, st, 0, "1REG2")  # Jungle: gain 1 population, exile, garrison
    if purpose(st) == "exile from the market":
        act(g, st, offered(g, st)[0])
    assert purpose(st) == "garrison" and offered_cards(g, st) == ["1ROM15"]
    assert vp(g, st, 0, card_id) == 11
    ok(g, st)


@covers("1FAM8", "1TRI5")
@pytest.mark.parametrize("cards,limit", [(["1FAM8"], 6), (["1TRI5"], 6), (["1FAM8", "1TRI5"], 7)])
def test_R91_awe_inspiring_and_qin_raise_the_hand_limit_while_in_play(cards, limit):
    """Pinned with no play effect: played, they stay in play (R71); in clean-up the hand is
    refilled to 5 + 1 per card (R91)."""
    g, st = start()
    p = seat(g, st, 0, hand=cards, deck=[f"1UNC{n}" for n in range(2, 12)])
    for card_id in cards:
        play(g, st, 0, card_id)
    assert ids(g, p.play) == cards and p.hand == []
    end_turn(g, st)
    assert len(p.hand) == limit
    g, st = start()  # in hand, not in play: no effect
    p = seat(g, st, 0, hand=["1ROM15"], discard=cards, deck=[f"1UNC{n}" for n in range(2, 12)])
    end_turn(g, st)
    assert len(p.hand) == 5
    assert vp(g, st, 0, "1FAM8") == 7
    ok(g, st)


@covers("1TRI5")
def test_1TRI5_qin_1_vp_per_3_pinned_non_region_cards_in_play():
    g, st = start()
    seat(g, st, 0, play=["1TRI5", "1CIV6", "1UNC15", "1REG6", "1REG7"], hand=["1CIV10"])
    assert vp(g, st, 0, "1TRI5") == 1  # Qin, Metropolis, City; not the regions
    seat(g, st, 0, play=["1TRI5", "1CIV6", "1UNC15", "1CIV10", "1CIV14", "1UNC8"])
    assert vp(g, st, 0, "1TRI5") == 2
    ok(g, st)


def _glory(g, st, s, fame=()):
    """Seat ``s`` plays the Romans' Glory (abandon 3 regions, look at 2 fame cards, take 1)
    with exactly ``fame`` left face down in the fame deck (top last)."""
    st.box.extend(st.fame)
    st.fame = []
    for card_id in fame:
        take_anywhere(st, k(g, card_id))
        st.fame.append(k(g, card_id))
    p = st.seats[s]
    regions = ["1REG6", "1REG7", "1REG10"] if s == 0 else ["1REG8", "1REG9", "1REG11"]
    for card_id in regions:
        give(g, st, s, card_id, "play")
    give(g, st, s, "1ROM14")
    p.actions = max(p.actions, 1)
    play(g, st, s, "1ROM14")
    pick(g, st, regions[0])
    pick(g, st, regions[1])  # the third follows alone


@covers("1FAM9")
def test_E4_R255_the_last_fame_card_is_looked_at_never_king_of_kings():
    g, st = start(power_side="B")
    p = seat(g, st, 0)
    _glory(g, st, 0, fame=["1FAM4"])  # look at 2, only 1 face down
    assert ids(g, p.hand) == ["1FAM4"]
    assert st.kok_side == "A" and not st.scoring_triggered
    ok(g, st)


@covers("1FAM9")
def test_R254_king_of_kings_side_a_barbarian_6_progress_flips_and_triggers_the_end():
    g, st = start(power_side="B")
    p = seat(g, st, 0, progress=1)
    _glory(g, st, 0)
    assert p.progress == 7 and st.kok_side == "B" and st.scoring_triggered
    assert k(g, "1FAM9") not in p.hand + p.discard  # it stays by the fame deck
    ok(g, st)


@covers("1FAM9")
def test_R254_king_of_kings_side_a_empire_3_progress_and_a_free_develop():
    g, st = start(power_side="B")
    p = seat(g, st, 0, empire=True)
    _glory(g, st, 0)
    assert p.progress == 3
    assert purpose(st) == "develop"
    pick(g, st, "1ROM3")  # 4 materials + 1 population, for free
    assert "1ROM3" in ids(g, p.discard) and (p.materials, p.population) == (0, 0)
    assert st.kok_side == "B" and st.scoring_triggered
    ok(g, st)


@covers("1FAM9")
def test_R255_king_of_kings_side_b_once_per_player_4_progress_or_free_develop():
    g, st = start(power_side="B")
    st.kok_side, st.kok_a_used = "B", True
    p = seat(g, st, 0, hand=["1ROM15"])  # a spare card keeps the turn open
    _glory(g, st, 0)
    assert p.progress == 4 and p.used_kok_b
    _glory(g, st, 0)  # side B a second time: nothing
    assert p.progress == 4
    end_turn(g, st)
    g.apply(st, 1, A.ACTIVATE)
    t = seat(g, st, 1, empire=True)
    dev_before = list(t.development)
    _glory(g, st, 1)  # another player may still use it
    if purpose(st) == "develop":
        act(g, st, offered(g, st)[0])
    assert t.used_kok_b and len(t.development) == len(dev_before) - 1 and t.progress == 0
    ok(g, st)


# --- regions -------------------------------------------------------------------------------------
# id: (gain, first step, VP)
REGIONS = {
    "1REG1": ({}, None, 1),  # Wilderness
    "1REG2": ({"population": 1}, None, 1),  # Jungle
    "1REG3": ({"materials": 3}, None, 1),  # Mountain
    "1REG4": ({}, "draw", 0),  # Coast
    "1REG5": ({}, "history", 0),  # Floodplain (R256)
    "1REG6": ({}, None, 0),  # Forest
    "1REG7": ({}, None, 0),  # Oasis (R259)
    "1REG8": ({"population": 1}, None, 0),  # Hills
    "1REG9": ({"materials": 2}, None, 0),  # Marsh
    "1REG10": ({}, None, 0),  # Steppe
    "1REG11": ({}, "history", 0),  # River
    "1REG12": ({}, None, 0),  # Cape
    "1REG13": ({}, "retrieve", 0),  # Woodland
}


@covers(
    "1REG1",
    "1REG2",
    "1REG3",
    "1REG4",
    "1REG5",
    "1REG6",
    "1REG7",
    "1REG8",
    "1REG9",
    "1REG10",
    "1REG11",
    "1REG12",
    "1REG13",
)
@pytest.mark.parametrize("card_id", sorted(REGIONS))
def test_regions_gain_exile_a_market_card_may_garrison_and_stay_in_play(card_id):
    """Each plain region: its gain (or Coast's draw, Floodplain/River's MAY history from the
    discard pile, Woodland's MAY card from the discard pile onto the deck); then exile a market
    card: its tucked unrest returns to the pile and the slot refills from its deck with a new
    unrest (R139-R140, R127); then MAY garrison a card from hand (R176); pinned: it stays in
    play (R71)."""
    gain, first, points = REGIONS[card_id]
    g, st = start()
    calm(st)
    p = seat(g, st, 0, hand=[card_id, "1ROM15"], discard=["1ROM16"], deck=["1ROM18", "1ROM17"])
    elders = market(g, st, 1, "1UNC3", unrest=True)
    refill = on_top(g, st, "uncivilised", "1UNC20")
    pile = len(st.unrest)
    play(g, st, 0, card_id)
    if first == "draw":
        assert ids(g, p.hand) == ["1ROM15", "1ROM17"]
    elif first == "history":
        assert offered_cards(g, st) == ["1ROM16"] and decision(st).args["optional"]
        pick(g, st, "1ROM16")
        assert ids(g, p.history) == ["1ROM16"]
    elif first == "retrieve":
        pick(g, st, "1ROM16")
        assert ids(g, p.deck) == ["1ROM18", "1ROM17", "1ROM16"]
    assert purpose(st) == "exile from the market"
    assert all(
        not st.market[i].tokens for i in range(5) if g.action_space.card + st.market[i].card in offered(g, st)
    )  # R141
    act(g, st, g.action_space.card + elders)
    assert elders in st.exile  # one unrest back, one tucked anew
    assert st.market[1].card == refill and st.market[1].unrest >= 0 and len(st.unrest) == pile
    assert purpose(st) == "garrison" and "1ROM15" in offered_cards(g, st)
    pick(g, st, "1ROM15")
    assert p.garrison[k(g, card_id)] == [k(g, "1ROM15")]
    assert ids(g, p.play) == [card_id] and p.actions == 2
    for res in ("materials", "population", "progress"):
        assert getattr(p, res) == gain.get(res, 0), res
    assert vp(g, st, 0, card_id) == points
    ok(g, st)


@covers("1REG14")
def test_R269_sacred_pass_looks_at_the_nation_deck_and_may_swap_a_hand_card_abandoning_itself():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1REG14"])
    acc = nation(g, st, 0, "1ROM9", "1ROM10")
    exhaust(g, st, 0, "1REG14")
    yes(g, st)  # MAY look
    assert decision(st).args["optional"] and offered_cards(g, st) == ["1ROM15"]
    pick(g, st, "1ROM15")  # MAY abandon it to swap
    assert ids(g, p.hand) == ["1ROM10"]
    assert p.nation_deck == [acc, k(g, "1ROM9"), k(g, "1ROM15")]
    assert ids(g, p.discard) == ["1REG14"] and p.play == []
    assert vp(g, st, 0, "1REG14") == 1
    ok(g, st)


@covers("1REG14")
def test_R269_R193_sacred_pass_never_takes_the_accession_card():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1REG14"])
    acc = nation(g, st, 0)
    exhaust(g, st, 0, "1REG14")
    assert p.nation_deck == [acc] and ids(g, p.hand) == ["1ROM15"]
    assert ids(g, p.play) == ["1REG14"] and not p.empire
    ok(g, st)


@covers("1REG14")
def test_R72_R79_sacred_pass_barbarian_card_in_play_may_still_be_exhausted_in_empire():
    g, st = start()
    seat(g, st, 0, hand=["1REG14", "1ROM15"], play=["1REG7"], empire=True)
    assert_illegal(g, st, 0, g.action_space.play + k(g, "1REG14"), "R72")
    seat(g, st, 0, hand=["1ROM15"], play=["1REG14"], empire=True)
    assert exhaustable(g, st, 0, "1REG14")
    ok(g, st)


# --- tributaries ---------------------------------------------------------------------------------
@covers("1TRI1")
def test_R130_armenians_acquire_with_tokens_and_tucked_unrest_refill_tucks_anew_then_history():
    g, st = start()
    calm(st)
    p = seat(g, st, 0, hand=["1TRI1"])
    market(g, st, 3, "1REG6")
    market(g, st, 4, "1TRI2")
    elders = market(g, st, 1, "1UNC3", tokens={"progress": 2}, unrest=True)
    tucked = st.market[1].unrest
    refill = on_top(g, st, "uncivilised", "1UNC20")
    pile = len(st.unrest)
    play(g, st, 0, "1TRI1")  # the only uncivilised card: no choice
    assert elders in p.hand and tucked in p.hand and p.progress == 2
    assert st.market[1].card == refill and st.market[1].unrest >= 0  # R127
    assert len(st.unrest) == pile - 1
    assert ids(g, p.history) == ["1TRI1"] and vp(g, st, 0, "1TRI1") == 3
    ok(g, st)


@covers("1TRI2")
def test_R74_G37_assyrians_free_play_once_per_turn_even_back_in_hand():
    """Free play: no action token (even with none left), +1 population; the same card cannot be
    free-played again this turn after Port brings it back to hand; another free card can."""
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI2", "1FAM2"], play=["1UNC19"], materials=3, actions=0)
    play(g, st, 0, "1TRI2")
    assert (p.population, p.actions) == (1, 0) and ids(g, p.discard) == ["1TRI2"]
    exhaust(g, st, 0, "1UNC19")  # Port: no river; MAY pay 3 to retrieve
    yes(g, st)
    assert ids(g, p.hand) == ["1FAM2", "1TRI2"] and p.materials == 0
    assert not playable(g, st, 0, "1TRI2")
    assert_illegal(g, st, 0, g.action_space.play + k(g, "1TRI2"), "R74")
    assert playable(g, st, 0, "1FAM2")
    assert vp(g, st, 0, "1TRI2") == 3
    ok(g, st)


@covers("1TRI3")
def test_R117_egyptians_barbarian_nation_top_to_discard_accession_flips_state_R99():
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI3", "1ROM15"])
    acc = nation(g, st, 0, "1ROM9")
    play(g, st, 0, "1TRI3")
    assert ids(g, p.discard) == ["1ROM9"] and not p.empire
    assert ids(g, p.history) == ["1TRI3"]
    give(g, st, 0, "1TRI3")
    play(g, st, 0, "1TRI3")
    assert acc in p.discard and p.empire and p.nation_deck == []
    ok(g, st)


@covers("1TRI3")
def test_R121_egyptians_empire_develops_paying_the_cost_vp_per_civilised():
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI3"], empire=True, materials=4)
    play(g, st, 0, "1TRI3")  # only The Senate (4 materials) is affordable
    assert "1ROM6" in ids(g, p.discard) and p.materials == 0
    assert ids(g, p.history) == ["1TRI3"]
    seat(g, st, 0, history=["1TRI3"], hand=["1CIV2", "1UNC15"], discard=["1CIV10", "1UNC3"])
    assert vp(g, st, 0, "1TRI3") == 3  # a dual card counts (R22)
    ok(g, st)


@covers("1TRI4", "1UNR1", "1UNR2")
def test_1TRI4_ionians_free_return_up_to_2_unrest_from_hand_or_discard_then_history():
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI4", "1UNR1", "1ROM15"], discard=["1UNR2", "1ROM16"])
    play(g, st, 0, "1TRI4")
    assert offered_cards(g, st) == ["1UNR1", "1UNR2"] and decision(st).args["optional"]
    pick(g, st, "1UNR2")
    pick(g, st, "1UNR1")
    assert k(g, "1UNR1") in st.unrest and k(g, "1UNR2") in st.unrest
    assert ids(g, p.history) == ["1TRI4"] and p.actions == 3
    assert vp(g, st, 0, "1TRI4") == 3
    ok(g, st)


@covers("1TRI6", "1CIV10")
def test_1TRI6_olmecs_free_return_an_exhaust_token_to_the_state_card():
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI6", "1ROM15"], play=["1CIV10"], deck=["1ROM16", "1ROM17"], empire=True)
    exhaust(g, st, 0, "1CIV10")
    assert p.exhausts == 4 and not exhaustable(g, st, 0, "1CIV10")
    play(g, st, 0, "1TRI6")
    assert p.exhausts == 5 and p.exhausted == [] and p.actions == 3
    assert exhaustable(g, st, 0, "1CIV10")
    assert vp(g, st, 0, "1TRI6") == 3
    ok(g, st)


@covers("1TRI7")
def test_R270_R237_sumerians_return_up_to_2_unrest_before_scoring():
    """Cannot be played; at game end, from any scoring zone, it returns up to 2 unrest from
    hand, play area, discard pile, deck or history (R270, G42) before the scores (R237)."""
    g, st = start()
    seat(g, st, 0, hand=["1TRI7", "1UNR1"], discard=["1UNR2"], deck=["1UNR3", *FILL])
    assert not playable(g, st, 0, "1TRI7")
    seat(g, st, 1, deck=[f"1UNC{n}" for n in range(2, 9)])
    st.scoring_triggered = st.final_round = True  # this round is the last (R219)
    to_solstice(g, st)
    assert st.over and not st.collapsed
    assert scoring.unrest_count(g, st, 0) == 1
    assert vp(g, st, 0, "1TRI7") == 3
    ok(g, st)


@covers("1TRI7", "1CIV4")
def test_R270_R237_sumerians_apply_before_the_collapse_winner_is_found():
    """Collapse (R222): the last unrest leaves the pile and the game stops at once (R223), but
    Sumerians still return up to 2 unrest before the fewest-unrest winner is found (R237)."""
    g, st = start()
    seat(g, st, 0, hand=["1CIV4", "1UNR1", "1UNR2"], discard=["1TRI7"], deck=["1ROM16"], empire=True)
    seat(g, st, 1, deck=[f"1UNC{n}" for n in range(2, 9)])
    calm(st)
    st.box.extend(st.unrest[:-1])
    st.unrest = st.unrest[-1:]
    play(g, st, 0, "1CIV4")  # the Greeks take the last unrest
    assert st.over and st.collapsed
    assert scoring.unrest_count(g, st, 0) == 0 and scoring.unrest_count(g, st, 1) == 1
    assert g.winners(st) == [0]
    ok(g, st)


@covers("1TRI8")
def test_1TRI8_aksumites_gain_4_materials_1_vp_per_tributary_capped_at_10():
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI8"])
    play(g, st, 0, "1TRI8")
    assert p.materials == 4 and p.actions == 2
    assert vp(g, st, 0, "1TRI8") == 1  # itself
    seat(g, st, 0, discard=[f"1TRI{n}" for n in range(1, 12)])
    assert vp(g, st, 0, "1TRI8") == 10  # 11, capped (R233)
    ok(g, st)


@covers("1TRI9")
def test_1TRI9_minoans_free_a_card_on_top_of_the_deck_and_2_progress_vp_per_4_progress():
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI9", "1ROM15"], deck=["1ROM16"])
    play(g, st, 0, "1TRI9")
    assert ids(g, p.deck) == ["1ROM16", "1ROM15"] and p.progress == 2 and p.actions == 3
    p.progress = 9
    assert vp(g, st, 0, "1TRI9") == 2
    g, st = start()  # "a card on top of your deck and 2 progress": the progress needs no card (R73)
    p = seat(g, st, 0, hand=["1TRI9"], deck=["1ROM16"])
    play(g, st, 0, "1TRI9")
    assert ids(g, p.deck) == ["1ROM16"] and p.progress == 2
    g, st = start()
    seat(g, st, 0, hand=["1TRI9", "1ROM15"], empire=True)
    assert_illegal(g, st, 0, g.action_space.play + k(g, "1TRI9"), "R72")
    ok(g, st)


@covers("1TRI10")
def test_1TRI10_mauryans_solstice_2_materials_or_a_region_back_from_discard_vp_per_2_history():
    g, st = start()
    p = seat(g, st, 0, play=["1TRI10"], discard=["1REG6", "1ROM15"], deck=FILL)
    to_solstice(g, st)
    assert offered(g, st) == [A.OPTION, A.OPTION + 1]
    hand = len(p.hand)
    option(g, st, 1)
    assert k(g, "1REG6") in p.hand and len(p.hand) == hand + 1
    seat(g, st, 0, play=["1TRI10"], history=["1ROM15", "1ROM16", "1ROM17", "1ROM18", "1ROM19"])
    assert vp(g, st, 0, "1TRI10") == 2
    ok(g, st)


@covers("1TRI11")
def test_R135_hittites_break_through_for_a_region_from_the_region_deck_then_history():
    g, st = start()
    p = seat(g, st, 0, hand=["1TRI11"])
    top = on_top(g, st, "region", "1REG7")
    market_region = st.market[0].card
    play(g, st, 0, "1TRI11")  # one category: no declaration needed
    assert set(offered(g, st)) >= {A.BT_DECK, g.action_space.card + market_region}
    act(g, st, A.BT_DECK)
    assert top in p.hand and st.market[0].card == market_region
    assert ids(g, p.history) == ["1TRI11"] and vp(g, st, 0, "1TRI11") == 3
    ok(g, st)


# --- uncivilised ---------------------------------------------------------------------------------
@covers("1UNC1", "1CIV4")
def test_R257_G41_standing_army_attacker_may_pay_1_progress_for_the_attack_to_apply():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV4"], empire=True, progress=1)
    t = seat(g, st, 1, play=["1UNC1"])
    play(g, st, 0, "1CIV4")
    assert waiting(st) == 0 and offered(g, st) == [A.YES, A.NO]  # the attacker decides
    yes(g, st)
    assert t.progress == 1 and len(t.hand) == 1  # paid: the unrest lands
    assert p.progress == 1  # 1 - 1 + Corruption's 1
    assert (p.materials, t.materials) == (2, 2)
    assert vp(g, st, 1, "1UNC1") == 1
    ok(g, st)


@covers("1UNC1", "1CIV4")
def test_R257_standing_army_unpaid_or_unaffordable_ignores_the_attack():
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV4"], empire=True, progress=1)
    t = seat(g, st, 1, play=["1UNC1"])
    play(g, st, 0, "1CIV4")
    no(g, st)
    assert t.hand == [] and (p.progress, t.progress) == (2, 0)
    g, st = start()
    p = seat(g, st, 0, hand=["1CIV4"], empire=True, progress=0, materials=9)
    t = seat(g, st, 1, play=["1UNC1"])
    play(g, st, 0, "1CIV4")  # no progress: nothing to ask (R163)
    assert t.hand == [] and p.progress == 1
    g, st = start()  # in hand, not in play: no shield (R159)
    seat(g, st, 0, hand=["1CIV4"], empire=True, progress=1)
    t = seat(g, st, 1, hand=["1UNC1"])
    play(g, st, 0, "1CIV4")
    assert len(t.hand) == 2
    ok(g, st)


@covers("1UNC1", "1UNC7")
def test_R257_standing_army_toll_is_paid_once_for_the_whole_attack_card():
    """Invasion attacks twice (take an unrest, then recall a region): one toll covers it."""
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC7"], materials=3, progress=2)
    t = seat(g, st, 1, play=["1UNC1", "1REG6"])
    play(g, st, 0, "1UNC7")
    yes(g, st)
    option(g, st, 1)  # break through for a region + recall
    act(g, st, A.BT_DECK)
    assert p.progress == 1 and t.progress == 1
    assert ids(g, t.play) == ["1UNC1"] and "1REG6" in ids(g, t.hand)
    ok(g, st)


@covers("1REG12", "1REG1", "1UNC7")
@pytest.mark.parametrize("shield", ["1REG12", "1REG1"])
def test_R145_cape_or_wilderness_recall_avoids_the_whole_attack(shield):
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC7"], materials=3)
    t = seat(g, st, 1, play=[shield, "1REG6"])
    play(g, st, 0, "1UNC7")
    assert waiting(st) == 1 and offered_cards(g, st) == sorted([shield]) and decision(st).args["optional"]
    pick(g, st, shield)
    assert ids(g, t.hand) == [shield]  # recalled to hand: no unrest
    option(g, st, 1)
    act(g, st, A.BT_DECK)
    assert ids(g, t.play) == ["1REG6"] and ids(g, t.hand) == [shield]
    assert p.materials == 0
    ok(g, st)


@covers("1REG12", "1CIV4")
def test_R145_a_cape_left_in_play_leaves_the_attack_to_apply():
    g, st = start()
    seat(g, st, 0, hand=["1CIV4"], empire=True)
    t = seat(g, st, 1, play=["1REG12"])
    play(g, st, 0, "1CIV4")
    act(g, st, A.END)  # MAY recall: declined
    assert ids(g, t.play) == ["1REG12"] and len(t.hand) == 1
    ok(g, st)


@covers("1UNC2")
def test_R96_jade_mask_draws_up_to_3_without_reshuffle_then_a_card_back_on_top():
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC2"], deck=["1ROM16", "1ROM17"], discard=["1ROM18"])
    play(g, st, 0, "1UNC2")
    assert ids(g, p.discard) == ["1ROM18"]  # "if able": no reshuffle
    assert offered_cards(g, st) == ["1ROM16", "1ROM17"]
    pick(g, st, "1ROM16")
    assert ids(g, p.deck) == ["1ROM16"] and ids(g, p.hand) == ["1ROM17"]
    assert vp(g, st, 0, "1UNC2") == 0
    seat(g, st, 0, history=["1UNC2"])
    assert vp(g, st, 0, "1UNC2") == 1 and g.cards[k(g, "1UNC2")].types == ["mask"]
    ok(g, st)


@covers("1UNC3")
def test_R130_elders_acquire_an_uncivilised_card_with_its_unrest():
    g, st = start()
    calm(st)
    p = seat(g, st, 0, hand=["1UNC3"])
    market(g, st, 3, "1REG6")
    market(g, st, 4, "1TRI2")
    shrine = market(g, st, 1, "1UNC6", unrest=True)
    tucked = st.market[1].unrest
    play(g, st, 0, "1UNC3")
    option(g, st, 0)
    assert shrine in p.hand and tucked in p.hand
    assert vp(g, st, 0, "1UNC3") == 1
    ok(g, st)


@covers("1UNC3")
def test_R135_elders_break_through_returns_the_tucked_unrest_others_gain_1_progress():
    g, st = start()
    calm(st)
    p = seat(g, st, 0, hand=["1UNC3"])
    t = seat(g, st, 1)
    market(g, st, 3, "1REG6")
    market(g, st, 4, "1TRI2")
    shrine = market(g, st, 1, "1UNC6", unrest=True)
    tucked = st.market[1].unrest
    pile = len(st.unrest)
    play(g, st, 0, "1UNC3")
    option(g, st, 1)
    assert set(offered(g, st)) == {g.action_space.card + shrine, A.BT_DECK}
    act(g, st, g.action_space.card + shrine)  # variant 1: the market card
    assert shrine in p.hand and tucked not in p.hand
    assert len(st.unrest) == pile and st.market[1].unrest >= 0  # one back, one re-tucked
    assert t.progress == 1 and p.progress == 0
    ok(g, st)


@covers("1UNC4", "1UNC5")
@pytest.mark.parametrize("card_id", ["1UNC4", "1UNC5"])
def test_1UNC4_town_exhaust_all_gain_2_materials_solstice_2_progress_then_history(card_id):
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=[card_id], deck=FILL)
    t = seat(g, st, 1)
    exhaust(g, st, 0, card_id)
    yes(g, st)  # each player MAY gain 2 materials (R111, R149)
    yes(g, st)
    assert (p.materials, t.materials) == (2, 2)
    to_solstice(g, st)
    assert offered(g, st) == [A.YES, A.NO]  # MAY gain 2 progress
    yes(g, st)
    assert p.progress == 2
    assert offered(g, st) == [A.OPTION, A.OPTION + 1]  # then abandon it OR put it into history
    option(g, st, 1)
    assert ids(g, p.history) == [card_id] and p.play == []
    assert vp(g, st, 0, card_id) == 2
    ok(g, st)


@covers("1UNC4")
def test_1UNC4_town_solstice_may_decline_and_stay_or_be_abandoned():
    g, st = start()
    p = seat(g, st, 0, play=["1UNC4"], deck=FILL)
    to_solstice(g, st)
    no(g, st)
    assert ids(g, p.play) == ["1UNC4"] and p.progress == 0
    assert vp(g, st, 0, "1UNC4") == 0
    g, st = start()
    p = seat(g, st, 0, play=["1UNC4"], deck=FILL)
    to_solstice(g, st)
    yes(g, st)
    option(g, st, 0)
    assert ids(g, p.discard) == ["1UNC4"] and p.progress == 2
    ok(g, st)


@covers("1UNC6")
def test_1UNC6_shrine_exhaust_pay_1_material_to_draw_solstice_discard_to_return_unrest():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1UNC6"], discard=["1UNR1"], deck=FILL, materials=1)
    exhaust(g, st, 0, "1UNC6")
    assert p.materials == 0 and len(p.hand) == 2
    to_solstice(g, st)
    yes(g, st)
    act(g, st, offered(g, st)[0])  # discard a card
    assert k(g, "1UNR1") in st.unrest
    assert vp(g, st, 0, "1UNC6") == 1
    g, st = start()
    seat(g, st, 0, hand=["1ROM15"], play=["1UNC6", "1CIV10"])
    assert_illegal(g, st, 0, g.action_space.exhaust + k(g, "1UNC6"), "R78")  # cannot pay (R163)
    ok(g, st)


@covers("1UNC7")
def test_1UNC7_invasion_pay_3_others_take_unrest_then_break_through_for_a_tributary():
    g, st = start()
    calm(st)
    p = seat(g, st, 0, hand=["1UNC7"], materials=3)
    t = seat(g, st, 1)
    trib = market(g, st, 3, "1TRI2", unrest=True)
    tucked = st.market[3].unrest
    pile = len(st.unrest)
    play(g, st, 0, "1UNC7")
    assert p.materials == 0 and len(t.hand) == 1
    option(g, st, 0)
    assert set(offered(g, st)) >= {g.action_space.card + trib, A.BT_MAIN}
    act(g, st, g.action_space.card + trib)
    assert trib in p.hand and tucked not in p.hand  # broken through: unrest back (R135)
    assert len(st.unrest) == pile - 1  # the Greeks' unrest; the refill re-tucks
    assert vp(g, st, 0, "1UNC7") == 1
    g, st = start()
    seat(g, st, 0, hand=["1UNC7", "1ROM15"], materials=2)
    played_for_nothing(g, st, "1UNC7")  # its whole effect is the Y of "pay 3 materials" (R73)
    ok(g, st)


@covers("1UNC8")
def test_1UNC8_mysticism_exhaust_gain_an_action_solstice_take_unrest_or_discard_2():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1UNC8"], deck=FILL)
    exhaust(g, st, 0, "1UNC8")
    assert p.actions == 4
    to_solstice(g, st)  # 5 cards in hand: both options
    assert offered(g, st) == [A.OPTION, A.OPTION + 1]
    option(g, st, 1)
    act(g, st, offered(g, st)[0])
    act(g, st, offered(g, st)[0])
    assert len(p.hand) == 3
    g, st = start()
    p = seat(g, st, 0, play=["1UNC8"], deck=["1ROM16"])
    st.box.extend(p.nation_deck)  # nothing to reshuffle in at clean-up
    p.nation_deck = []
    pile = len(st.unrest)
    to_solstice(g, st)  # one card in hand: only the unrest
    assert st.round == 2 and len(st.unrest) == pile - 1
    assert vp(g, st, 0, "1UNC8") == 1
    ok(g, st)


@covers("1UNC9")
def test_1UNC9_oracle_free_draw_2_and_discard_one_of_those_2_vp_per_fame():
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC9", "1ROM15"], deck=["1ROM16", "1ROM17", "1ROM18"])
    play(g, st, 0, "1UNC9")
    assert offered_cards(g, st) == ["1ROM17", "1ROM18"]  # not the card already in hand
    pick(g, st, "1ROM17")
    assert ids(g, p.hand) == ["1ROM15", "1ROM18"] and ids(g, p.discard) == ["1ROM17", "1UNC9"]
    assert p.actions == 3
    seat(g, st, 0, discard=["1UNC9", "1FAM1", "1FAM6"], history=["1FAM2"])
    assert vp(g, st, 0, "1UNC9") == 6
    ok(g, st)


@covers("1UNC10")
def test_1UNC10_agriculture_treats_a_fertile_as_3_production_for_the_turn():
    """Romans' Prosperity gains 1 material per production in play: Coast (production, fertile)
    gives 1, or 4 once Agriculture is exhausted (its fertile counts as 3 production)."""
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15", "1ROM9"], play=["1UNC10", "1REG4"])
    exhaust(g, st, 0, "1UNC10")
    play(g, st, 0, "1ROM15")
    no(g, st)
    no(g, st)  # neither player draws
    option(g, st, 0)
    assert p.materials == 4
    end_turn(g, st)  # "for the rest of the turn"
    act(g, st, A.REVOLT)  # the Greeks pass; then seat 0 again
    end_turn(g, st)
    assert st.turn == 0 and p.region_as_production == 0
    ok(g, st)


@covers("1UNC10", "1UNC11", "1UNC12")
def test_R233_agriculture_boats_shaduf_vp_count_icons_on_every_scoring_card():
    """ "2 VP per {fertile}" etc. count the icons on all the cards that score (R228), not only
    the play area (unlike Qin's "in play")."""
    g, st = start()
    seat(
        g,
        st,
        0,
        play=["1UNC10", "1UNC11", "1UNC12", "1REG4"],
        discard=["1REG6", "1REG7"],
        history=["1REG9"],
        hand=["1REG11"],
    )
    # fertile: Coast, Forest = 2; river: Oasis, Marsh, River = 3
    assert vp(g, st, 0, "1UNC10") == 4
    assert vp(g, st, 0, "1UNC11") == 5
    assert vp(g, st, 0, "1UNC12") == 6
    seat(g, st, 0, discard=["1UNC12", "1REG5", "1REG7", "1REG9", "1REG11", "1REG12"])
    assert vp(g, st, 0, "1UNC12") == 10  # 5 rivers, capped at 10 (R233)
    ok(g, st)


@covers("1UNC10", "1UNC11")
def test_R18_R233_a_repeated_region_icon_counts_twice_for_vp():
    """Region icons can repeat on one card (R18); "per {fertile}" counts icons, not cards."""
    g, st = start(4)
    seated = {p.nation for p in st.seats}
    double = [c.id for c in g.cards if c.deck in seated and c.regions.count("fertile") + c.regions.count("river") >= 2]
    if not double:
        pytest.skip("no seated nation has a region card with two fertile/river icons")
    card = g.cards[k(g, double[0])]
    fertile, river = card.regions.count("fertile"), card.regions.count("river")
    seat(g, st, 0, play=["1UNC10", "1UNC11"], discard=[card.id])
    assert vp(g, st, 0, "1UNC10") == 2 * fertile
    assert vp(g, st, 0, "1UNC11") == fertile + river >= 2
    ok(g, st)


@covers("1UNC11", "1UNC12")
def test_R265_boats_recall_a_river_for_materials_and_population_shaduf_reacts():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1UNC11", "1UNC12", "1REG9", "1REG4"])
    exhaust(g, st, 0, "1UNC11")
    assert offered(g, st) == [A.OPTION, A.OPTION + 1]
    option(g, st, 0)  # the only river: Marsh
    assert "1REG9" in ids(g, p.hand) and (p.materials, p.population) == (2, 1)
    assert purpose(st) == "exhaust Shaduf"  # materials from a river (E3)
    yes(g, st)
    assert p.progress == 1 and set(ids(g, p.exhausted)) == {"1UNC11", "1UNC12"}
    ok(g, st)


@covers("1UNC11")
def test_R78_boats_recall_a_fertile_for_an_action_and_needs_a_region_to_recall():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1UNC11", "1REG4"])
    exhaust(g, st, 0, "1UNC11")  # no river: only the fertile option
    assert "1REG4" in ids(g, p.hand) and p.actions == 4
    g, st = start()
    seat(g, st, 0, hand=["1ROM15"], play=["1UNC11", "1REG3"])  # Mountain: no icons
    assert not exhaustable(g, st, 0, "1UNC11")
    assert_illegal(g, st, 0, g.action_space.exhaust + k(g, "1UNC11"), "R78")
    ok(g, st)


@covers("1UNC12", "1REG7")
def test_E3_R265_shaduf_reacts_when_prosperity_gains_materials_through_a_river_region():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15", "1ROM16"], play=["1UNC12", "1REG7"])
    play(g, st, 0, "1ROM15")
    no(g, st)
    no(g, st)
    option(g, st, 0)  # Oasis: 2 production
    assert p.materials == 2 and purpose(st) == "exhaust Shaduf"
    yes(g, st)
    assert p.progress == 1 and p.exhausts == 4
    g, st = start()  # no river among the producers: nothing
    p = seat(g, st, 0, hand=["1ROM15", "1ROM16"], play=["1UNC12", "1REG6"])
    play(g, st, 0, "1ROM15")
    no(g, st)
    no(g, st)
    option(g, st, 0)
    assert p.materials == 2 and p.progress == 0 and purpose(st) != "exhaust Shaduf"
    ok(g, st)


@covers("1UNC13")
def test_1UNC13_rituals_return_an_unrest_or_1_progress_and_may_return_an_exhaust():
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC13", "1UNR1", "1ROM15"])
    play(g, st, 0, "1UNC13")
    option(g, st, 0)
    assert k(g, "1UNR1") in st.unrest and p.actions == 3
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC13", "1ROM15"], play=["1CIV10"], deck=["1ROM16"])
    exhaust(g, st, 0, "1CIV10")
    play(g, st, 0, "1UNC13")  # no unrest in hand: only option 2 (R150)
    assert offered(g, st) == [A.YES, A.NO]
    yes(g, st)
    assert p.progress == 1 and p.exhausts == 5 and p.exhausted == []
    assert vp(g, st, 0, "1UNC13") == 1
    ok(g, st)


@covers("1UNC14", "1CIV10")
def test_1UNC14_ambassador_resolves_an_opponents_pinned_exhaust_as_your_own_R150():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1UNC14"], deck=["1ROM16"])
    t = seat(g, st, 1, play=["1CIV10", "1UNC6"], deck=["1ROM17"])
    exhaust(g, st, 0, "1UNC14")  # Shrine needs 1 material: only Coinage
    assert ids(g, p.hand) == ["1ROM15", "1ROM16"] and ids(g, t.deck) == ["1ROM17"]
    assert ids(g, p.exhausted) == ["1UNC14"] and t.exhausted == []
    assert vp(g, st, 0, "1UNC14") == 1
    ok(g, st)


@covers("1UNC15", "1UNC16", "1UNC17")
@pytest.mark.parametrize("card_id", ["1UNC15", "1UNC16", "1UNC17"])
def test_1UNC15_city_solstice_may_discard_to_gain_material_population_or_draw(card_id):
    g, st = start()
    p = seat(g, st, 0, hand=[card_id], deck=FILL)
    play(g, st, 0, card_id)
    assert ids(g, p.play) == [card_id]
    to_solstice(g, st)
    yes(g, st)
    act(g, st, offered(g, st)[0])  # the discarded card
    assert offered(g, st) == [A.OPTION, A.OPTION + 1, A.OPTION + 2]
    option(g, st, 1)
    assert p.population == 1 and len(p.hand) == 4
    assert vp(g, st, 0, card_id) == 1 and g.cards[k(g, card_id)].types == ["city"]
    ok(g, st)


@covers("1UNC18")
def test_1UNC18_gambling_pay_1_declare_a_category_keep_a_match_else_exile():
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC18", "1ROM15"], materials=1)
    forest = on_top(g, st, "main", "1REG6")
    play(g, st, 0, "1UNC18")
    assert sorted(offered(g, st)) == [A.SUIT + i for i in range(4)]
    act(g, st, A.SUIT + SUITS.index("region"))
    assert forest in p.hand and p.materials == 0 and p.actions == 3
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC18", "1ROM15"], materials=1)
    forest = on_top(g, st, "main", "1REG6")
    play(g, st, 0, "1UNC18")
    act(g, st, A.SUIT + SUITS.index("tributary"))
    assert forest in st.exile and forest not in p.hand
    g, st = start()
    seat(g, st, 0, hand=["1UNC18", "1ROM15"])
    played_for_nothing(g, st, "1UNC18")  # R73
    assert vp(g, st, 0, "1UNC18") == 1
    ok(g, st)


@covers("1UNC19", "1UNC12", "1REG11")
def test_R265_port_gains_a_material_per_river_shaduf_reacts_may_pay_3_for_a_discard_card():
    g, st = start()
    p = seat(g, st, 0, hand=["1ROM15"], play=["1UNC19", "1UNC12", "1REG7", "1REG11"], discard=["1ROM16"], materials=1)
    exhaust(g, st, 0, "1UNC19")
    assert p.materials == 3
    assert purpose(st) == "exhaust Shaduf"
    yes(g, st)
    assert p.progress == 1
    yes(g, st)  # MAY pay 3 materials
    assert ids(g, p.hand) == ["1ROM15", "1ROM16"] and p.materials == 0
    assert vp(g, st, 0, "1UNC19") == 1
    ok(g, st)


@covers("1UNC20")
def test_R135_diplomacy_pay_3_break_through_for_a_tributary_from_the_main_deck():
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC20"], materials=3)
    market(g, st, 3, "1REG6")
    market(g, st, 4, "1UNC15")
    trib = on_top(g, st, "main", "1TRI2")
    on_top(g, st, "main", "1REG7")
    size = len(st.decks["main"])
    play(g, st, 0, "1UNC20")  # no tributary in the market: variant 5
    assert trib in p.hand and p.materials == 0
    assert len(st.decks["main"]) == size - 1 and k(g, "1REG7") in st.decks["main"]
    g, st = start()
    seat(g, st, 0, hand=["1UNC20", "1ROM15"], materials=2)
    played_for_nothing(g, st, "1UNC20")  # R73
    assert vp(g, st, 0, "1UNC20") == 1
    ok(g, st)


@covers("1UNC21")
def test_1UNC21_leadership_free_draw_a_card_or_history_from_hand_or_discard():
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC21"], deck=["1ROM16"])
    play(g, st, 0, "1UNC21")
    option(g, st, 0)
    assert ids(g, p.hand) == ["1ROM16"] and p.actions == 3
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC21", "1ROM15"], discard=["1ROM16"])
    play(g, st, 0, "1UNC21")
    option(g, st, 1)
    assert offered_cards(g, st) == ["1ROM15", "1ROM16"]
    pick(g, st, "1ROM16")
    assert ids(g, p.history) == ["1ROM16"]
    assert vp(g, st, 0, "1UNC21") == 1
    ok(g, st)


@covers("1UNC22")
def test_1UNC22_lost_scroll_free_a_discard_card_on_top_then_all_players_may_draw():
    g, st = start()
    p = seat(g, st, 0, hand=["1UNC22"], discard=["1ROM16"], deck=["1ROM17"])
    t = seat(g, st, 1, deck=["1ROM18"])
    play(g, st, 0, "1UNC22")
    pick(g, st, "1ROM16")
    assert ids(g, p.deck) == ["1ROM17", "1ROM16"]
    assert waiting(st) == 0
    yes(g, st)
    assert waiting(st) == 1
    no(g, st)
    assert ids(g, p.hand) == ["1ROM16"] and t.hand == [] and p.actions == 3
    assert vp(g, st, 0, "1UNC22") == 0
    seat(g, st, 0, history=["1UNC22"])
    assert vp(g, st, 0, "1UNC22") == 1 and g.cards[k(g, "1UNC22")].types == ["scroll"]
    ok(g, st)
