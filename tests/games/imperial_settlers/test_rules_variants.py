"""The variants (§18): the alternative Lookout draft, the advanced Lookout, the peaceful variant."""

from __future__ import annotations

import random

from epochal.games.imperial_settlers import actions as A
from tests.games.imperial_settlers.scenario import decision, settlers


def test_R181_R185_alternative_lookout_is_a_simultaneous_draft():
    game = settlers()
    st = game.new(3, 8, {"lookout": "draft"})
    d = decision(st)
    assert d.kind == "draft" and sorted(game.actors(st)) == [0, 1, 2]  # simultaneous
    packets = [list(p) for p in st.packets]
    assert all(len(p) == 3 for p in packets)  # R182
    for seat in range(3):
        assert sorted(game.legal(st, seat)) == sorted(game.action_space.pick + k for k in packets[seat])
    kept = {}
    for seat in (2, 0, 1):
        kept[seat] = packets[seat][0]
        game.apply(st, seat, game.action_space.pick + packets[seat][0])
        if seat != 1:
            assert decision(st).kind == "draft" and seat not in game.actors(st)
            # another seat's answer is not in its view
            other = (seat + 1) % 3
            assert "your_choice" not in (game.view(st, other)["decision"] or {})
    # R182: the other two go to the next player clockwise
    for seat in range(3):
        assert sorted(st.packets[seat]) == sorted(k for k in packets[(seat - 1) % 3] if k != kept[(seat - 1) % 3])
        assert kept[seat] in st.seats[seat].hand
    for seat in range(3):  # R183
        game.apply(st, seat, game.action_space.pick + st.packets[seat][0])
    assert st.phase not in ("lookout", "lookout_start")
    assert all(len(p.hand) == 7 for p in st.seats)  # R185: +1 +2
    assert len(st.common_discard) == 3  # N discarded


def test_R182_a_seat_sees_its_own_packet_only():
    game = settlers()
    st = game.new(2, 4, {"lookout": "draft"})
    view = game.view(st, 0)
    assert "packet" in view["seats"][0] and "packet" not in view["seats"][1]
    own = set(view["seats"][0]["packet"])
    other = {game.cards[k].id for k in st.packets[1]}
    assert not other & set(view["cards"]) - own


def test_R188_R190_advanced_lookout_two_players():
    game = settlers()
    st = game.new(2, 3, {"lookout": "advanced"})
    order = [st.first, 1 - st.first]
    seen = []
    while st.phase == "lookout":
        seat = decision(st).seats[0]
        seen.append((seat, len(st.table)))
        game.apply(st, seat, game.legal(st, seat)[-1])
    assert seen == [(order[0], 5), (order[1], 4), (order[0], 3), (order[1], 2)]
    assert len(st.common_discard) == 1


def test_R190_advanced_lookout_four_players():
    game = settlers()
    st = game.new(4, 3, {"lookout": "advanced"})
    sizes = []
    while st.phase == "lookout":
        seat = decision(st).seats[0]
        sizes.append(len(st.table))
        game.apply(st, seat, game.legal(st, seat)[0])
    assert sizes == [5, 4, 4, 4, 3, 3, 3, 2]
    assert len(st.common_discard) == 1
    assert all(len(p.hand) == 7 for p in st.seats)


def test_R191_peaceful_variant_an_extra_common_card_each_lookout():
    game = settlers()
    st = game.new(3, 6, {"peaceful": "on"})
    while st.phase == "lookout":
        seat = decision(st).seats[0]
        game.apply(st, seat, game.legal(st, seat)[0])
    assert all(len(p.hand) == 8 for p in st.seats)  # 4 + 1 + 1 + 2


def test_R192_peaceful_variant_never_offers_razing_a_location():
    game = settlers()
    rng = random.Random(3)
    st = game.new(3, 3, {"peaceful": "on"})
    while not st.over:
        seat = game.actors(st)[0]
        legal = game.legal(st, seat)
        assert not any(game.action_space.kind(a)[0] == "raze" for a in legal)
        choice = rng.choice([a for a in legal if a != A.PASS] or legal)
        game.apply(st, seat, choice)
