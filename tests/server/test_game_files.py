"""What the table page gets from a game's own package: its board module and styles (the files of
its ``web/`` folder, found through the game registry), its words and constants, and its
``table_ui`` with every view."""

from __future__ import annotations

import pytest

from epochal.engine import game_names, get_game
from epochal.engine.locale import ui_strings

from .conftest import HUMAN, bot, create, tok


@pytest.mark.parametrize("name", game_names())
def test_every_game_serves_its_board_module_and_styles(client, name):
    r = client.get(f"/static/games/{name}/board.js")
    assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert "export function render" in r.text
    r = client.get(f"/static/games/{name}/board.css")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/css")
    assert client.head(f"/static/games/{name}/board.js").status_code == 200


@pytest.mark.parametrize(
    "path",
    [
        "/static/games/nope/board.js",  # no such game
        "/static/games/hadara/nope.js",  # no such file
        "/static/games/hadara/",  # a folder
        "/static/games/hadara/../__init__.py",  # out of the folder
        "/static/games/hadara/%2e%2e/__init__.py",
        "/static/games/hadara/..%2f..%2fengine%2fgame.py",
        "/static/games/hadara/%2e%2e/locale/en.json",
    ],
)
def test_nothing_but_a_known_games_web_files_is_served(client, path):
    r = client.get(path)
    assert r.status_code == 404 and r.json()["error"] == "not_found", path
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


def test_the_page_policy_covers_the_game_files(client):
    r = client.get("/static/games/hadara/board.js")
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("name", game_names())
def test_a_games_words_and_constants_come_from_its_package(client, name):
    game = get_game(name)
    for lang in client.get("/api/meta").json()["games"][game_names().index(name)]["languages"]:
        body = client.get(f"/api/meta/{name}/table?lang={lang}").json()
        assert body["strings"] == ui_strings(name, lang) and body["strings"]
        assert set(body["strings"]) >= set(ui_strings(name, "en"))  # English fills the gaps
        assert body["constants"] == game.table_constants()
    assert client.get(f"/api/meta/{name}/table?lang=de").json()["field"] == "lang"


def test_a_russian_table_has_its_own_words(client):
    en = client.get("/api/meta/hadara/table?lang=en").json()["strings"]
    ru = client.get("/api/meta/hadara/table?lang=ru").json()["strings"]
    assert en["track.food"] == "Food" and ru["track.food"] != en["track.food"]
    assert client.get("/api/meta/hadara/table").json()["constants"]["tracks"] == [
        "income",
        "military",
        "culture",
        "food",
    ]


def test_an_unknown_game_has_no_table(client):
    r = client.get("/api/meta/nope/table?lang=en")
    assert r.status_code == 404 and r.json()["error"] == "not_found"


def test_the_seat_page_gets_the_layout_through_the_api(client):
    game = create(client, [HUMAN, bot("random")], game="imperial_settlers", seed=4)
    msg = client.get(f"/api/games/{game['id']}/view", headers=tok(game, 0)).json()
    ui, view = msg["ui"], msg["view"]
    assert set(ui["boards"]) == {s["faction"] for s in view["seats"]}
    assert set(ui["cards"]) == set(view["cards"])
    if view["legal"]:
        assert set(ui["actions"]) == {str(a["id"]) for a in view["legal"]}
    spectator = client.get(f"/api/games/{game['id']}/view").json()
    assert "actions" not in spectator["ui"] and set(spectator["ui"]["cards"]) == set(spectator["view"]["cards"])
    for path in ("/static/games/imperial_settlers/board.js", "/static/games/imperial_settlers/board.css"):
        assert client.get(path).status_code == 200, path
