"""Combining Classics and Legends (R58-R62, example E6): any nation with either common deck,
one common deck per game, and the tributaries named after a chosen nation swapped for random
tributaries of the other deck before the market is dealt. Rule numbers refer to
shared/rules/imperium.md.

The Legends nations come with their own data files; until a nation has one, the swap is tested
through ``deal_common`` with the nation's name, and the test that seats it is skipped.
"""

from __future__ import annotations

import json

import pytest

from epochal.engine import OptionError
from epochal.engine import rng as rngmod
from epochal.games.imperium import cards as C
from epochal.games.imperium.state import ImperiumState
from tests.games.imperium.scenario import fresh, ids, imperium

# The tributaries named after a nation (D8 filled from the card reference): Classics ones after
# Legends nations, Legends ones after Classics nations (E6).
NAMESAKES = {
    "1TRI3": "Egyptians",
    "1TRI5": "Qin",
    "1TRI6": "Olmecs",
    "1TRI9": "Minoans",
    "1TRI10": "Mauryans",
    "2TRI2": "Scythians",
    "2TRI3": "Vikings",
    "2TRI5": "Romans",
    "2TRI6": "Greeks",
    "2TRI7": "Carthaginians",
    "2TRI8": "Persians",
    "2TRI9": "Celts",
    "2TRI10": "Macedonians",
}
LEGENDS_NATIONS = ("Arthurians", "Atlanteans", "Egyptians", "Mauryans", "Minoans", "Olmecs", "Qin", "Utopians")


def tributaries(g, box: str) -> set[str]:
    return {c.id for c in g.cards if c.box == box and c.group == "market" and c.suits == ["tributary"]}


def in_game(g, st) -> set[str]:
    """Every card somewhere in play or in a pile, but not in the box."""
    places = [*st.unrest, *st.exile, *st.fame, st.kok, *[k for d in st.decks.values() for k in d]]
    places += [s.card for s in st.market if s.card >= 0] + [s.unrest for s in st.market if s.unrest >= 0]
    for p in st.seats:
        places += p.hand + p.deck + p.discard + p.history + p.play + p.nation_deck + p.development + [p.power]
    return {g.cards[k].id for k in places if k >= 0}


def common_in_game(g, st) -> set[str]:
    return {i for i in in_game(g, st) if g.cards[g.index_of[i]].deck == "common"}


def dealt(g, box: str, nations: list[str], players: int, seed: int) -> tuple[list[str], list[str], list[str]]:
    """``deal_common`` on its own: the common cards dealt, the cards boxed, the replacements."""
    st = ImperiumState(game="imperium", players=players, options={}, rng=rngmod.seed_state(seed))
    out = g.deal_common(st, box, nations, players)
    return ids(g, out), ids(g, st.box), ids(g, st.mixed_in)


def test_D8_tributaries_named_after_a_nation_say_which():
    g = imperium()
    named = {c.id: c.nation for c in g.cards if c.nation is not None}
    assert named == NAMESAKES
    assert set(C.ALL_NATIONS) == {*C.NATIONS[:8], *LEGENDS_NATIONS}
    assert {NAMESAKES[i] for i in NAMESAKES if i.startswith("1")} <= set(LEGENDS_NATIONS)
    assert {NAMESAKES[i] for i in NAMESAKES if i.startswith("2")} <= set(C.NATIONS[:8])
    for card_id, nation in NAMESAKES.items():
        assert g.cards[g.index_of[card_id]].name == nation or nation == "Qin"  # "Qin" 1TRI5 (R260)


def test_R60_a_nation_named_on_a_card_that_is_not_a_tributary_is_refused():
    card = C.Card(id="X1", name="X", group="market", suits=["region"], nation="Qin")
    assert any("nation" in p for p in C._card_problems(card))
    card = C.Card(id="X1", name="X", group="market", suits=["tributary"], nation="Sumerians")
    assert any("nation" in p for p in C._card_problems(card))


# --- R58: any nation with either deck ----------------------------------------------------------------
@pytest.mark.parametrize("deck", ["classics", "legends"])
def test_R58_classics_nations_play_with_either_common_deck(deck):
    g, st = fresh("Carthaginians", "Vikings", "Scythians", activate=False, common_deck=deck)
    assert [p.nation for p in st.seats] == ["Carthaginians", "Vikings", "Scythians"]
    for nation in ("Carthaginians", "Vikings", "Scythians"):
        mine = {c.id for c in g.cards if c.deck == nation and not (c.players and c.players > 3)}
        assert mine <= in_game(g, st)
    assert g.check_invariants(st) == []


@pytest.mark.skipif(not set(LEGENDS_NATIONS) & set(C.NATIONS), reason="no Legends nation has card data yet")
@pytest.mark.parametrize("deck", ["classics", "legends"])
def test_R58_legends_nations_play_with_either_common_deck(deck):
    nation = next(n for n in LEGENDS_NATIONS if n in C.NATIONS)
    g, st = fresh(nation, "Romans", activate=False, common_deck=deck)
    assert st.seats[0].nation == nation
    assert g.check_invariants(st) == []


# --- R59: one common deck, never both ----------------------------------------------------------------
@pytest.mark.parametrize("deck,other", [("classics", "legends"), ("legends", "classics")])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R59_a_game_uses_one_common_deck_with_its_fame_unrest_and_king_of_kings(deck, other, players):
    """Of the other deck only the tributaries swapped in for namesakes (R60) are in the game:
    every Classics nation has a Legends namesake, the Classics deck none of them."""
    nations = ("Carthaginians", "Celts", "Macedonians", "Vikings")[:players]
    g, st = fresh(*nations, activate=False, common_deck=deck)
    guests = set(ids(g, st.mixed_in))
    assert (deck == "classics") == (not guests)
    common = common_in_game(g, st) - guests
    assert all(g.cards[g.index_of[i]].box == deck for i in common)
    assert {c.id for c in g.cards if c.box == other} & (in_game(g, st) | set(ids(g, st.box))) == guests
    assert g.cards[st.kok].id == ("1FAM9" if deck == "classics" else "2FAM9")
    assert {g.cards[k].group for k in st.fame} == {"fame"} and all(g.cards[k].box == deck for k in st.fame)
    unrest = [k for k in st.unrest if g.cards[k].deck == "common"]
    assert unrest and all(g.cards[k].box == deck for k in unrest)
    assert g.check_invariants(st) == []


def test_R59_the_option_takes_one_box_and_defaults_to_classics():
    g = imperium()
    opt = next(o for o in g.options if o.name == "common_deck")
    assert opt.choices == ("classics", "legends") and opt.default == "classics"
    assert g.configure(2, {})["common_deck"] == "classics"
    with pytest.raises(OptionError):
        g.configure(2, {"common_deck": "both"})


def test_R59_a_data_directory_without_the_legends_deck_refuses_it(tmp_path):
    from epochal.games.imperium import make_game

    for path in C.DATA_DIR.glob("*.json"):
        if path.name != "legends_common.json":
            (tmp_path / path.name).write_bytes(path.read_bytes())
    g = make_game(str(tmp_path))
    assert g.boxes == ["classics"]
    assert g.new(2, 0, {"nations": "Romans,Greeks"}).kok == g.index_of["1FAM9"]
    with pytest.raises(OptionError, match="R59"):
        g.new(2, 0, {"nations": "Romans,Greeks", "common_deck": "legends"})


def test_R59_a_legends_card_in_the_classics_file_is_refused(tmp_path):
    for path in C.DATA_DIR.glob("*.json"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    legends = json.loads((C.DATA_DIR / "legends_common.json").read_text())
    legends[0]["box"] = "classics"
    (tmp_path / "legends_common.json").write_text(json.dumps(legends))
    with pytest.raises(C.DataError, match=f"{legends[0]['id']}: box"):
        C.load(tmp_path)


# --- R60: namesakes swapped for the other deck's tributaries ------------------------------------------
def test_R60_legends_deck_namesakes_of_classics_nations_are_replaced_by_classics_tributaries():
    nations = ("Romans", "Greeks", "Persians", "Celts")
    g, st = fresh(*nations, activate=False, common_deck="legends")
    swapped = {"2TRI5", "2TRI6", "2TRI8", "2TRI9"}
    assert swapped <= set(ids(g, st.box)) and not swapped & in_game(g, st)
    guests = ids(g, st.mixed_in)
    assert len(guests) == 4 and set(guests) <= tributaries(g, "classics")
    assert set(guests) <= in_game(g, st)  # dealt into the main deck or the market
    kept = tributaries(g, "legends") - swapped
    assert kept <= in_game(g, st)  # the others stay
    assert g.check_invariants(st) == []


def test_R60_only_namesakes_of_chosen_nations_are_replaced():
    g = imperium()
    _, boxed, guests = dealt(g, "classics", ["Romans", "Greeks", "Celts", "Vikings"], 4, 1)
    assert boxed == [] and guests == []
    out, boxed, guests = dealt(g, "classics", ["Qin", "Minoans", "Romans", "Greeks"], 4, 1)
    assert sorted(boxed) == ["1TRI5", "1TRI9"] and len(guests) == 2
    assert not {"1TRI5", "1TRI9"} & set(out) and set(guests) <= set(out)
    assert len(out) == 82  # 83 less King of Kings, two cards swapped one for one


def test_R60_the_replacement_is_random():
    g = imperium()
    seen = {tuple(dealt(g, "classics", ["Qin", "Romans", "Greeks", "Celts"], 4, seed)[2]) for seed in range(30)}
    assert len(seen) > 3


# --- R61: re-draw a replacement the player count excludes or that is itself a namesake ----------------
def test_R61_a_replacement_never_carries_an_excluded_player_count_mark():
    g = imperium()
    excluded = {"1TRI6", "1TRI10"}  # 3+ and 4 only
    for seed in range(40):
        _, _, guests = dealt(g, "legends", ["Romans", "Greeks"], 2, seed)
        assert len(guests) == 2 and not excluded & set(guests)
    three = set()
    for seed in range(40):
        three |= set(dealt(g, "legends", ["Romans", "Greeks", "Celts"], 3, seed)[2])
    assert "1TRI10" not in three and "1TRI6" in three  # 3+ fits a 3-player game


def test_R61_a_replacement_named_after_a_chosen_nation_is_drawn_again():
    g = imperium()
    chosen = ["Qin", "Romans", "Greeks", "Celts"]  # Legends tributaries Romans, Greeks, Celts
    drawn = set()
    for seed in range(60):
        _, _, guests = dealt(g, "classics", chosen, 4, seed)
        assert len(guests) == 1
        drawn |= set(guests)
    assert not drawn & {"2TRI5", "2TRI6", "2TRI9"}
    assert drawn <= tributaries(g, "legends") - {"2TRI5", "2TRI6", "2TRI9"}
    assert len(drawn) > 3


# --- R62: before the market is dealt ------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(5))
def test_R62_the_swap_happens_before_the_market_and_the_player_count_removal(seed):
    """A 2-player game with the Legends deck and the Romans: the Romans tributary (marked 3+)
    is swapped out before the 3+ cards leave (R62, then R45), so a Classics tributary that fits
    2 players takes its place in the main deck or the market; no namesake is ever dealt."""
    g, st = fresh("Romans", "Greeks", seed=seed, activate=False, common_deck="legends")
    guests = ids(g, st.mixed_in)
    assert {"2TRI5", "2TRI6"} <= set(ids(g, st.box)) and len(guests) == 2
    for guest in guests:
        assert not g.cards[g.index_of[guest]].players  # R61 with R45
    dealt_cards = set(ids(g, st.decks["main"])) | {g.cards[s.card].id for s in st.market if s.card >= 0}
    assert set(guests) <= dealt_cards
    assert not {"2TRI5", "2TRI6"} & dealt_cards
    assert {"2TRI11", "2CIV1"} <= set(ids(g, st.box))  # the 3+/4 cards of the chosen deck (R45)
    assert g.check_invariants(st) == []


# --- E6 ------------------------------------------------------------------------------------------------
def test_E6_classics_deck_and_qin_replace_the_qin_tributary_by_a_legends_one():
    """E6 with Qin's name (its cards come with its own data file): 1TRI5 «Империя Цинь» goes,
    a random Legends tributary comes, re-drawn past the excluded counts and namesakes."""
    g = imperium()
    for seed in range(20):
        out, boxed, guests = dealt(g, "classics", ["Qin", "Romans"], 2, seed)
        assert boxed == ["1TRI5"] and "1TRI5" not in out
        assert len(guests) == 1 and guests[0] in tributaries(g, "legends")
        assert guests[0] not in {"2TRI5", "2TRI11"}  # Romans (and 3+), Xiongnu (4 only)


@pytest.mark.skipif("Qin" not in C.NATIONS, reason="the Qin have no card data yet")
def test_E6_a_game_with_qin_and_the_classics_deck():
    g, st = fresh("Qin", "Romans", activate=False)
    assert "1TRI5" in ids(g, st.box) and "1TRI5" not in in_game(g, st)
    guests = ids(g, st.mixed_in)
    assert len(guests) == 1 and guests[0] in tributaries(g, "legends") and guests[0] not in {"2TRI5", "2TRI11"}
    assert guests[0] in in_game(g, st)
    assert g.check_invariants(st) == []


def test_E6_the_other_way_legends_deck_and_classics_nations():
    g, st = fresh("Vikings", "Macedonians", activate=False, common_deck="legends")
    assert {"2TRI3", "2TRI10"} <= set(ids(g, st.box))
    assert len(st.mixed_in) == 2 and set(ids(g, st.mixed_in)) <= tributaries(g, "classics")
    assert g.check_invariants(st) == []
