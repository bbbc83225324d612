"""The HTTP API: lobby, playing a whole game, export, languages, static pages, schema."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from epochal.engine import game_names, get_game, parse_record, replay
from epochal.server import BOT_LEVELS, create_app
from epochal.server.service import level_agent

from .conftest import HUMAN, TestClient, bot, create, loads, play_random, service, tok, wait_until


def test_meta_names_games_options_levels_and_languages(client):
    meta = client.get("/api/meta").json()
    hadara = next(g for g in meta["games"] if g["name"] == "hadara")
    assert hadara["players"] == [2, 5]
    assert {o["name"] for o in hadara["options"]} == {o.name for o in get_game("hadara").options}
    assert hadara["languages"] == ["en", "ru", "hu"]
    assert hadara["data_sets"][0]["key"] == "builtin"
    assert hadara["data_sets"][0]["status"].startswith("provisional")
    assert meta["bot_levels"] == list(BOT_LEVELS)


def test_create_hands_out_secret_links_and_the_lobby_tracks_status(client):
    game = create(client, [HUMAN, HUMAN, bot("easy")])
    gid = game["id"]
    tokens = [s.get("token") for s in game["seats"]]
    assert tokens[2] is None and tokens[0] != tokens[1] and len(tokens[0]) >= 32
    assert game["seats"][0]["link"].endswith(f"/game/{gid}#seat={tokens[0]}")
    assert game["spectator_link"].endswith(f"/game/{gid}")
    assert game["status"] == "open"

    def listed(status):
        return [g["id"] for g in client.get("/api/games").json()[status]]

    assert gid in listed("open")
    client.get(f"/api/games/{gid}/view", headers=tok(game, 0))
    assert gid in listed("open")  # seat 1 has not come yet
    client.get(f"/api/games/{gid}/view", headers=tok(game, 1))
    assert gid in listed("running") and gid not in listed("open")
    # nothing public ever carries a token or the seed of a running game
    public = (
        client.get("/api/games").text + client.get(f"/api/games/{gid}").text + client.get(f"/api/games/{gid}/view").text
    )
    assert not any(t in public for t in tokens if t)
    assert "seed" not in client.get(f"/api/games/{gid}").json()


@pytest.mark.parametrize(
    "body,status,field",
    [
        ({"game": "chess", "seats": [HUMAN, HUMAN]}, 422, "game"),
        ({"game": "hadara", "seats": [HUMAN]}, 422, "seats"),
        ({"game": "hadara", "seats": [HUMAN] * 6}, 422, "seats"),
        ({"game": "hadara", "seats": []}, 422, "seats"),
        ({"game": "hadara", "seats": [HUMAN, HUMAN], "options": {"mode": "expert"}}, 422, "options"),
        ({"game": "hadara", "seats": [HUMAN, HUMAN], "options": {"speed": 1}}, 422, "options"),
        ({"game": "hadara", "seats": [HUMAN, {"kind": "bot", "level": "genius"}]}, 422, "seats.1.level"),
        ({"game": "hadara", "seats": [{"kind": "human", "level": "easy"}, HUMAN]}, 422, "seats.0.level"),
        ({"game": "hadara", "seats": [{"kind": "robot"}, HUMAN]}, 422, "seats.0.kind"),
        ({"game": "hadara", "seats": [HUMAN, HUMAN], "players": 3}, 422, "players"),
        ({"game": "hadara", "seats": [HUMAN, HUMAN], "data": "mine"}, 422, "data"),
        ({"game": "hadara", "seats": [HUMAN, HUMAN], "undo": "yes"}, 422, "undo"),
        ({"game": "hadara", "seats": [HUMAN, HUMAN], "seed": -1}, 422, "seed"),
        ({"game": "hadara", "seats": [HUMAN, HUMAN], "colour": "red"}, 422, "colour"),
        ({"seats": [HUMAN, HUMAN]}, 422, "game"),
    ],
)
def test_create_refuses_bad_requests_naming_the_field(client, body, status, field):
    before = client.get("/api/games").json()
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    err = r.json()
    assert err["error"] == "invalid_request" and err["field"] == field and err["detail"]
    assert client.get("/api/games").json() == before


def test_create_refuses_malformed_json(client):
    r = client.post(
        "/api/games", content=b'{"game": "hadara", "seats": [', headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 400 and r.json()["error"] == "malformed_json"


def test_every_bot_level_builds_an_agent_in_every_game():
    from epochal.agents import make_agent

    for name in game_names():
        game = get_game(name)
        for level in BOT_LEVELS:
            assert make_agent(level_agent(game, level), game, 1) is not None, (name, level)
    # the one game whose own bot plays a level: Imperium's planner beats its searches
    assert level_agent(get_game("imperium"), "hard") == "planner"
    assert level_agent(get_game("hadara"), "hard") == BOT_LEVELS["hard"]


def test_a_whole_game_over_http_then_export_and_replay(client, tmp_path):
    game = create(client, [HUMAN, HUMAN, HUMAN], seed=11)
    gid = game["id"]
    play_random(client, game, [0, 1, 2], random.Random(5))
    table = service(client).tables[gid]
    assert table.state.over
    final = client.get(f"/api/games/{gid}/view", headers=tok(game, 0)).json()
    engine = get_game("hadara")
    assert final["view"]["scores"] == json.loads(json.dumps(engine.view(table.state, 0)["scores"]))
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["status"] == "finished" and summary["winners"] == engine.winners(table.state)
    assert gid in [g["id"] for g in client.get("/api/games").json()["finished"]]

    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = parse_record(r.content)
    assert record.seed == 11 and len(record.actions) == table.state.ply
    assert [s.total for s in engine.scores(replay(record))] == summary["scores"] == record.scores
    path = tmp_path / "game.json"
    path.write_bytes(r.content)
    out = subprocess.run(
        [sys.executable, "-m", "epochal.cli", "replay", str(path), "--json"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["scores"] == summary["scores"]


def test_record_is_refused_before_the_end(client):
    game = create(client, [HUMAN, HUMAN])
    r = client.get(f"/api/games/{game['id']}/record")
    assert r.status_code == 409 and r.json()["error"] == "not_finished"


def test_bots_move_by_themselves_and_a_human_plays_them_to_the_end(client):
    game = create(client, [HUMAN, bot("easy"), bot("random")])
    play_random(client, game, [0], random.Random(3))
    table = service(client).tables[game["id"]]
    assert table.state.over
    assert {seat for seat, _ in table.actions} == {0, 1, 2}
    assert table.bot_task.done()


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_is_served_without_code_of_its_own(client, name):
    """The table is generic: a game registered with the engine can be created, watched,
    played by bots to the end and exported, whether or not it has a board layout yet."""
    r = client.post("/api/games", json={"game": name, "seats": [bot("random"), bot("random")]})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    wait_until(lambda: service(client).tables[gid].state.over, timeout=60, what=f"a {name} game to end")
    msg = client.get(f"/api/games/{gid}/view").json()
    assert msg["view"]["over"] and msg["meta"]["actors"] == [] and msg["log"]
    record = parse_record(client.get(f"/api/games/{gid}/record").content)
    assert record.game == name and replay(record).over


def test_an_all_bot_game_runs_alone_and_spectators_can_watch(client):
    game = create(client, [bot("easy"), bot("random")])
    assert game["status"] == "running"
    wait_until(lambda: service(client).tables[game["id"]].state.over, what="the bot game to end")
    msg = client.get(f"/api/games/{game['id']}/view").json()
    assert msg["seat"] is None and msg["view"]["legal"] == [] and msg["view"]["over"]


@pytest.mark.parametrize(
    "lang,word",
    [("en", "Phase A: drawing rounds"), ("ru", "Фаза А: раунды выбора карт"), ("hu", "A fázis: húzási körök")],
)
def test_the_log_speaks_the_chosen_language(client, lang, word):
    game = create(client, [HUMAN, bot("random")], options={"mode": "basic"})
    wait_until(lambda: client.get(f"/api/games/{game['id']}/view", headers=tok(game, 0)).json()["view"]["legal"])
    msg = client.get(f"/api/games/{game['id']}/view?lang={lang}", headers=tok(game, 0)).json()
    texts = [ev["text"] for entry in msg["log"] for ev in entry["events"]]
    texts += [ev["text"] for ev in msg.get("events", [])]
    msg = client.post(
        f"/api/games/{game['id']}/actions?lang={lang}",
        headers=tok(game, 0),
        json={"action": msg["view"]["legal"][0]["id"]},
    ).json()
    texts += [ev["text"] for ev in msg["events"]]
    assert msg["meta"]["lang"] == lang
    assert any(word.lower() in t.lower() for t in texts), texts


@pytest.mark.parametrize("lang", ["en", "ru", "hu"])
def test_the_legal_actions_come_worded_in_the_chosen_language(client, lang):
    """Each legal action of the seat comes with its words in the request's language (its
    description through the game's templates), so a page that draws no board lists words."""
    game = create(client, [HUMAN, HUMAN], seed=3)
    msg = client.get(f"/api/games/{game['id']}/view?lang={lang}", headers=tok(game, 0)).json()
    words = {"en": "side", "ru": "сторона", "hu": "oldala"}[lang]  # R21: every seat chooses a side first
    assert msg["view"]["legal"] and set(msg["action_texts"]) == {str(a["id"]) for a in msg["view"]["legal"]}
    assert all(words in text for text in msg["action_texts"].values()), msg["action_texts"]
    assert client.get(f"/api/games/{game['id']}/view?lang={lang}").json()["action_texts"] == {}


def test_unknown_language_is_refused(client):
    game = create(client, [HUMAN, HUMAN])
    r = client.get(f"/api/games/{game['id']}/view?lang=de", headers=tok(game, 0))
    assert r.status_code == 422 and r.json()["field"] == "lang"


def test_unknown_game_and_route_answer_404_json(client):
    for path in ("/api/games/nope", "/api/games/nope/view", "/api/games/nope/record"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["error"] in ("no_such_game", "not_found"), path
    r = client.post("/api/games/nope/actions", json={"action": 1}, headers={"X-Seat-Token": "x"})
    assert r.status_code == 404 and r.json()["error"] == "no_such_game"


def test_pages_and_static_files_are_served(client):
    assert "create-form" in client.get("/").text
    assert "turn-banner" in client.get("/game/abc").text
    for path in ("/static/js/table.js", "/static/js/lobby.js", "/static/js/i18n.js", "/static/games/hadara/board.js"):
        r = client.get(path)
        assert r.status_code == 200 and "javascript" in r.headers["content-type"], path
    assert client.get("/static/css/epochal.css").status_code == 200


def test_the_web_files_and_migrations_ship_with_the_package():
    import importlib.resources as res

    web = res.files("epochal") / "web"
    for name in ("index.html", "game.html", "js/table.js", "css/epochal.css"):
        assert (web / name).is_file(), name
    for name in ("web/board.js", "web/board.css", "locale/ui.en.json", "locale/ui.ru.json"):
        assert (res.files("epochal.games.hadara") / name).is_file(), name
    mig = res.files("epochal.server") / "migrations"
    assert (mig / "env.py").is_file() and (mig / "script.py.mako").is_file()
    assert (mig / "versions" / "0001_initial.py").is_file()
    import tomllib
    from pathlib import Path

    data = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    patterns = data["tool"]["setuptools"]["package-data"]["*"]
    assert {"*.html", "*.js", "*.css", "*.mako", "*.ini"} <= set(patterns)


def test_migrations_build_exactly_the_models(db_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from epochal.server.db import Base, make_engine, migrate

    engine = make_engine(db_url)
    migrate(engine)
    migrate(engine)  # a second run is a no-op
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert diff == []


def test_a_game_whose_record_no_longer_replays_is_reported_not_fatal(db_url):
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        bad = create(c, [HUMAN, HUMAN], options={"mode": "basic"})
        good = create(c, [HUMAN, HUMAN], options={"mode": "basic"})
        table = service(c).tables[bad["id"]]
        first = table.game.actors(table.state)[0]
        legal = c.get(f"/api/games/{bad['id']}/view", headers=tok(bad, first)).json()["view"]["legal"]
        assert (
            c.post(
                f"/api/games/{bad['id']}/actions", headers=tok(bad, first), json={"action": legal[0]["id"]}
            ).status_code
            == 200
        )
        engine = service(c).store.engine
    from sqlalchemy import update

    from epochal.server.db import ACTIONS

    with engine.begin() as conn:  # tamper with the stored record
        conn.execute(update(ACTIONS).where(ACTIONS.c.game_id == bad["id"]).values(action=9999))
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        r = c.get(f"/api/games/{bad['id']}/view")
        assert r.status_code == 409 and r.json()["error"] == "unplayable" and "9999" in r.json()["detail"]
        assert c.get(f"/api/games/{good['id']}/view").status_code == 200


def test_a_failed_write_is_refused_and_changes_nothing(client, monkeypatch):
    game = create(client, [HUMAN, HUMAN], options={"mode": "basic"})
    gid = game["id"]
    table = service(client).tables[gid]
    seat = table.game.actors(table.state)[0]
    before = table.state.to_json()
    msg = client.get(f"/api/games/{gid}/view", headers=tok(game, seat)).json()

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(service(client).store, "add_action", broken)
    r = client.post(
        f"/api/games/{gid}/actions", headers=tok(game, seat), json={"action": msg["view"]["legal"][0]["id"]}
    )
    assert r.status_code == 503 and r.json()["error"] == "storage_failed"
    assert service(client).tables[gid].state.to_json() == before
    assert service(client).tables[gid].actions == []
    assert loads(client.get(f"/api/games/{gid}/view", headers=tok(game, seat)).text)["version"] == msg["version"]


def test_a_card_data_set_given_to_the_server_can_be_chosen(tmp_path, db_url):
    from epochal.games.hadara.cards import BUILTIN

    raw = json.loads(BUILTIN.read_text())
    raw["name"] = "Owner's set"
    path = tmp_path / "owner.json"
    path.write_text(json.dumps(raw))
    with TestClient(create_app(db_url, bot_delay=0, data_sets={"hadara": {"owner": str(path)}})) as c:
        sets = next(g for g in c.get("/api/meta").json()["games"] if g["name"] == "hadara")["data_sets"]
        assert [s["key"] for s in sets] == ["builtin", "owner"]
        game = create(c, [HUMAN, HUMAN], data="owner")
        view = c.get(f"/api/games/{game['id']}/view", headers=tok(game, 0)).json()["view"]
        assert view["data"]["name"] == "Owner's set"
        assert service(c).tables[game["id"]].record().data == get_game("hadara", str(path)).data_id()
    with TestClient(create_app(db_url, bot_delay=0)) as c:  # the server forgot that data set
        r = c.get(f"/api/games/{game['id']}/view")
        assert r.status_code == 409 and r.json()["error"] == "unplayable" and "owner" in r.json()["detail"]


@pytest.mark.parametrize(
    "args,message",
    [
        (["--port", "0"], "--port"),
        (["--bot-delay", "-1"], "--bot-delay"),
        (["--data-set", "hadara=builtin=x.json"], "--data-set"),
        (["--data-set", "chess=mine=x.json"], "--data-set"),
        (["--database", "not a url"], "--database"),
    ],
)
def test_serve_refuses_bad_arguments_in_one_line(args, message):
    out = subprocess.run(
        [sys.executable, "-m", "epochal.cli", "serve", *args], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


def test_finished_games_leave_memory_and_come_back_on_demand(client, monkeypatch):
    import epochal.server.service as svc_module

    monkeypatch.setattr(svc_module, "KEEP_FINISHED", 1)
    games = [create(client, [bot("random"), bot("random")]) for _ in range(3)]
    wait_until(
        lambda: (
            all(service(client).store.load(g["id"]).row["status"] == "finished" for g in games)
            # the stored status may land before the last table is let go
            and sum(g["id"] in service(client).tables for g in games) <= 1
        ),
        what="three bot games to end and two of them to leave memory",
    )
    kept = [g["id"] for g in games if g["id"] in service(client).tables]
    assert len(kept) == 1
    for g in games:  # every one still answers, replayed as needed
        assert client.get(f"/api/games/{g['id']}/view").json()["view"]["over"]
        assert client.get(f"/api/games/{g['id']}/record").status_code == 200
    assert len(service(client).tables) == 1
