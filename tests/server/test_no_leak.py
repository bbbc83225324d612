"""No response or socket message to a seat holds anything that seat may not see.

A whole game (two people, one bot, one spectator) is played over HTTP while every seat and the
spectator listen on a WebSocket. Afterwards the record is replayed, and every message each
listener received is checked against the position it was sent at:

* its ``view`` equals ``game.view(state, seat)`` exactly, its ``ui`` equals
  ``game.table_ui(state, seat)``, and its ``action_texts`` are the seat's legal actions worded
  from their descriptions (so the server adds nothing of its own);
* its events equal ``events.visible(...)`` for that seat;
* its raw text names no card and no colony hidden from that seat at that moment: cards in the
  decks or the box, another seat's drawn cards, another seat's secret sales (ever), colonies
  below the top of a stack or left in the box.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading

from epochal.engine import replay_states, visible
from epochal.engine.locale import action_words

from .conftest import HUMAN, bot, create, play_random, service, tok

SEATS = (0, 1, None)


def same(x):
    return json.loads(json.dumps(x))


def hidden_sets(game, states):
    """hidden[seat][version]: card and colony ids that ``seat`` may not see at that version."""
    out = {seat: [] for seat in SEATS}
    secret = {seat: set() for seat in SEATS}
    for st in states:
        common = {game.card_id[k] for deck in st.decks for k in deck}
        common |= {game.card_id[k] for k in st.box}
        common |= {game.colonies[t].id for stack in st.stacks for t in stack[:-1]}
        common |= {game.colonies[t].id for t in st.colony_box}
        for seat in SEATS:
            others = [s for i, s in enumerate(st.seats) if i != seat]
            secret[seat] |= {game.card_id[k] for s in others for k in s.sold_secret}
            hands = {game.card_id[k] for s in others for k in s.hand}
            out[seat].append(common | hands | secret[seat])
    return out


def test_no_seat_and_no_spectator_receives_hidden_information(client):
    game = create(client, [HUMAN, HUMAN, bot("easy")], seed=21)
    gid = game["id"]
    received = {seat: [] for seat in SEATS}
    http: dict = {}
    with contextlib.ExitStack() as stack:
        readers = []
        for seat in SEATS:
            ws = stack.enter_context(client.websocket_connect(f"/api/games/{gid}/ws"))
            token = game["seats"][seat]["token"] if seat is not None else None
            ws.send_text(json.dumps({"token": token, "lang": "en"}))

            def read(ws=ws, seat=seat):
                while True:
                    text = ws.receive_text()
                    received[seat].append(text)
                    msg = json.loads(text)
                    if msg["type"] == "update" and msg["view"]["over"]:
                        return

            readers.append(threading.Thread(target=read, daemon=True))
            readers[-1].start()
        play_random(client, game, [0, 1], random.Random(8), seen=http)
        for reader in readers:
            reader.join(30)
            assert not reader.is_alive(), "a listener never heard the end of the game"

    table = service(client).tables[gid]
    engine = table.game
    states = [st.clone() for st in replay_states(table.record())]
    assert states[-1].to_json() == table.state.to_json()
    hidden = hidden_sets(engine, states)
    ids = sorted({*engine.card_id, *(c.id for c in engine.colonies)}, key=len, reverse=True)
    pattern = re.compile(r"(?<![A-Za-z0-9-])(" + "|".join(map(re.escape, ids)) + r")(?![A-Za-z0-9-])")
    log_events = {e.index: e.events for e in table.log}

    checked = 0
    for seat in SEATS:
        texts = received[seat] + http.get(seat, [])
        assert len(received[seat]) >= len(states) - 1 if seat is not None else len(received[seat]) > 100
        for text in texts:
            msg = json.loads(text)
            if msg["type"] == "chat":
                assert msg["messages"] == []  # nobody wrote: a page gets the (empty) chat on opening
                continue
            version = msg["version"]
            assert msg["seat"] == seat
            leaked = set(pattern.findall(text)) & hidden[seat][version]
            assert not leaked, f"seat {seat} was sent hidden {sorted(leaked)} at version {version}"
            if msg["type"] == "status":
                continue
            state = states[version]
            assert msg["view"] == same(engine.view(state, seat)), (seat, version)
            assert msg["ui"] == same(engine.table_ui(state, seat)), (seat, version)
            mine = engine.legal(state, seat) if seat is not None else []
            words = {str(a): action_words(engine, state, seat, a, "en", table.names) for a in mine}
            assert msg["action_texts"] == words, (seat, version)
            entries = (
                [(msg["index"], msg["events"])]
                if msg["type"] == "update"
                else [(e["index"], e["events"]) for e in msg["log"]]
            )
            for index, events in entries:
                assert [{k: v for k, v in ev.items() if k != "text"} for ev in events] == same(
                    visible(log_events[index], seat)
                )
            checked += 1
    assert checked > 3 * len(states)


def test_marvellous_does_not_name_the_drawn_card_to_the_others(client):
    """F1: the decision about the card Marvellous drew names it to its player only: the other
    seat and spectators, over HTTP (view and layout), read "a hidden card"."""
    from tests.engine.test_hidden import CASES

    c = CASES["F1_imperium_marvellous"]
    game = create(client, [HUMAN, HUMAN], game="imperium", seed=c["seed"])
    gid = game["id"]
    for seat, action in c["actions"]:
        r = client.post(f"/api/games/{gid}/actions", headers=tok(game, seat), json={"action": action})
        assert r.status_code == 200, r.text
    mine = client.get(f"/api/games/{gid}/view", headers=tok(game, 0)).json()
    assert mine["view"]["decision"]["purpose"].startswith("City of Carthage")
    for headers in (tok(game, 1), {}):  # (the log may name it: it was dealt openly)
        body = client.get(f"/api/games/{gid}/view", headers=headers).json()
        text = json.dumps([body["view"], body["ui"]])
        assert "City of Carthage" not in text and '"1CAR2"' not in text
        assert body["view"]["decision"]["purpose"] == "a hidden card: discard / back on top / history"
