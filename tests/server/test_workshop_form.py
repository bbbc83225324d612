"""The workshop page's server side: the page, each game's form (schema) and a card's preview."""

from __future__ import annotations

import json

import pytest

from epochal.engine import game_names, get_game

FORMS = ("hadara", "guns_and_steel")  # the games whose data the workshop's form edits


def test_the_workshop_page_is_served(client):
    for path in ("/workshop", "/workshop/hadara/set-0123456789ab"):
        r = client.get(path)
        assert r.status_code == 200 and "workshop.js" in r.text


@pytest.mark.parametrize("game", FORMS)
def test_a_form_names_lists_the_file_has(client, game):
    r = client.get(f"/api/data/{game}/schema")
    assert r.status_code == 200, r.text
    form = r.json()
    doc = json.loads(client.get(f"/api/data/{game}/builtin").content)
    root = form["schema"]["$defs"][form["schema"]["$ref"].rsplit("/", 1)[1]]
    for entry in form["lists"]:
        assert entry["list"] in root["properties"] and isinstance(doc[entry["list"]], list)
        for item in doc[entry["list"]]:
            assert entry["id"] is None or entry["id"] in item
            assert entry["group"] is None or entry["group"] in item
    assert form["exact"]["by"] in ("item", "field")


def test_schema_of_an_unknown_game_or_one_without_a_form_is_404(client):
    assert client.get("/api/data/nosuchgame/schema").status_code == 404
    for game in game_names():
        if get_game(game).data_form() is None:
            assert client.get(f"/api/data/{game}/schema").json()["error"] == "not_found"


@pytest.mark.parametrize("game", FORMS)
def test_a_preview_follows_the_data(client, game):
    raw = client.get(f"/api/data/{game}/builtin").content
    doc = json.loads(raw)
    card = doc["cards"][0]["id"]
    r = client.post(f"/api/data/{game}/preview", json={"data": raw.decode(), "card": card})
    assert r.status_code == 200, r.text
    texts = r.json()["texts"]
    assert set(texts) == {"en", "ru"} and texts["en"]["text"] and texts["ru"]["text"] != texts["en"]["text"]
    if game == "hadara":  # a changed cost changes the words
        doc["cards"][0]["cost"] += 1
        after = client.post(f"/api/data/{game}/preview", json={"data": doc, "card": card}).json()
        assert after["texts"]["en"]["text"] != texts["en"]["text"]


def test_a_preview_of_broken_data_or_an_unknown_card(client):
    raw = client.get("/api/data/hadara/builtin").content
    doc = json.loads(raw)
    doc["cards"][0]["epoch"] = 7
    r = client.post("/api/data/hadara/preview", json={"data": doc, "card": "I-BLU-01"})
    assert r.status_code == 422 and r.json()["error"] == "data_not_playable" and r.json()["problems"]
    r = client.post("/api/data/hadara/preview", json={"data": "not json", "card": "I-BLU-01"})
    assert r.status_code == 422 and r.json()["error"] == "bad_data"
    r = client.post("/api/data/hadara/preview", json={"data": raw.decode(), "card": "NOPE"})
    assert r.status_code == 404
    assert client.post("/api/data/nosuchgame/preview", json={"data": {}, "card": "x"}).status_code == 404
    assert client.post("/api/data/hadara/preview", json={"data": {}}).status_code == 422


def test_every_word_of_the_workshop_page_exists_in_each_language_of_the_page():
    import re
    from pathlib import Path

    web = Path(__file__).parents[2] / "epochal" / "web"
    source = (web / "js" / "i18n.js").read_text()
    blocks = dict(re.findall(r"\n  (\w\w): \{\n(.*?)\n  \},", source, re.S))
    assert {"en", "ru", "hu"} <= set(blocks)
    used = set()
    for name in ("js/workshop.js", "workshop.html"):
        text = (web / name).read_text()
        used |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", text))
        used |= set(re.findall(r"""data-i18n="([\w.]+)\"""", text))
    assert {"workshop.title", "workshop.save", "workshop.checked_of", "workshop.rule"} <= used
    for lang, block in blocks.items():
        keys = set(re.findall(r'"([\w.]+)":', block))
        assert sorted(used - keys) == [], lang
