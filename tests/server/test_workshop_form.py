"""The workshop page's server side: the page, each game's form (schema) and a card's preview."""

from __future__ import annotations

import json
import re

import pytest

from epochal.engine import game_names, get_game

FORMS = ("hadara", "guns_and_steel", "imperium", "imperial_settlers")  # every game edits its data in the workshop


def test_the_workshop_page_is_served(client):
    for path in ("/workshop", "/workshop/hadara/set-0123456789ab"):
        r = client.get(path)
        assert r.status_code == 200 and "workshop.js" in r.text


def _open(doc: dict, form: dict) -> dict:
    """The file as the page edits it: a bundle's deck files read as JSON."""
    if form.get("bundle"):
        doc = {**doc, "files": {k: json.loads(v) if isinstance(v, str) else v for k, v in doc["files"].items()}}
    return doc


def _at(node, path, schema: dict):
    """The value and the schema at a list's path."""
    part = schema
    for key in path if isinstance(path, list) else [path]:
        node = node[key]
        while "$ref" in part:
            part = schema_defs(schema)[part["$ref"].rsplit("/", 1)[1]]
        part = part["properties"][key]
        part = next((p for p in part.get("anyOf", [part]) if p.get("type") != "null"), part)
    return node, part


def schema_defs(schema: dict) -> dict:
    return schema["$defs"]


@pytest.mark.parametrize("game", FORMS)
def test_a_form_names_lists_the_file_has(client, game):
    r = client.get(f"/api/data/{game}/schema")
    assert r.status_code == 200, r.text
    form = r.json()
    doc = _open(json.loads(client.get(f"/api/data/{game}/builtin").content), form)
    seen = set()
    for entry in form["lists"]:
        items, part = _at(doc, entry["list"], form["schema"])
        assert isinstance(items, list) and items and part["type"] == "array"
        for item in items:
            assert entry["id"] is None or entry["id"] in item
            assert entry["group"] is None or entry["group"] in item
            seen.add((json.dumps(entry["list"]), str(item.get(entry["id"] or "", len(seen)))))
    assert form["exact"]["by"] in ("item", "field")
    if form.get("bundle"):  # every deck file is walked
        walked = {entry["file"] for entry in form["lists"]}
        assert walked == set(doc["files"]) - {"README.json"}


def test_schema_of_an_unknown_game_or_one_without_a_form_is_404(client):
    assert client.get("/api/data/nosuchgame/schema").status_code == 404
    for game in game_names():
        if get_game(game).data_form() is None:
            assert client.get(f"/api/data/{game}/schema").json()["error"] == "not_found"


@pytest.mark.parametrize("game", FORMS)
def test_a_preview_follows_the_data(client, game):
    raw = client.get(f"/api/data/{game}/builtin").content
    form = client.get(f"/api/data/{game}/schema").json()
    doc = _open(json.loads(raw), form)
    walked = form["lists"][1 if form.get("bundle") else 0]["list"]  # a bundle's: the second deck file's
    card = _at(doc, walked, form["schema"])[0][0]["id"]
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
    doc["cards"][5]["epoch"] = 7  # another card breaks R5
    doc["cards"][0]["cost"] = 9
    r = client.post("/api/data/hadara/preview", json={"data": doc, "card": "I-BLU-01"})
    # the card is worded while a problem elsewhere stands, and the problem listed with its rule
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["status"] == "draft" and any(p.get("rule") == "R5" for p in answer["problems"])
    assert "9" in " ".join(answer["texts"]["en"]["text"]) and answer["texts"]["ru"]["text"]
    doc["cards"][1]["cost"] = 8  # the draft's other cards are worded from it too
    r = client.post("/api/data/hadara/preview", json={"data": doc, "card": doc["cards"][1]["id"]})
    assert r.status_code == 200 and "8" in " ".join(r.json()["texts"]["en"]["text"])
    r = client.post("/api/data/hadara/preview", json={"data": doc, "card": doc["cards"][5]["id"]})
    assert r.status_code == 422 and r.json()["problems"]  # the broken card itself cannot be worded
    doc["cards"][2]["cost"] = "many"  # another card the game cannot even decode: still worded
    r = client.post("/api/data/hadara/preview", json={"data": doc, "card": "I-BLU-01"})
    assert r.status_code == 200 and "9" in " ".join(r.json()["texts"]["en"]["text"]) and r.json()["problems"]
    r = client.post("/api/data/hadara/preview", json={"data": doc, "card": doc["cards"][2]["id"]})
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


# --- words: no raw key reaches the owner's eyes -----------------------------------------------------

CYRILLIC = re.compile("[а-яё]", re.I)


def _terms(schema: dict) -> dict[str, set[str]]:
    """Independently of the game's own walk: every field of every struct (an operation's tag
    field excepted), every enum value (the map keys' too) and every operation tag."""
    tags_fields = set()
    for node in _nodes(schema):
        if isinstance(node, dict) and "discriminator" in node:
            tags_fields.add(node["discriminator"]["propertyName"])
    found: dict[str, set[str]] = {"field": set(), "value": set(), "op": set()}
    for node in _nodes(schema):
        if not isinstance(node, dict):
            continue
        if "discriminator" in node:
            found["op"] |= set(node["discriminator"]["mapping"])
        for name, sub in node.get("properties", {}).items():
            tagged = name in tags_fields and isinstance(sub, dict) and len(sub.get("enum", [])) == 1
            if not tagged:
                found["field"].add(name)
        if "enum" in node and not (len(node["enum"]) == 1 and node["enum"][0] in found["op"] | _all_tags(schema)):
            found["value"] |= {v if isinstance(v, str) else json.dumps(v) for v in node["enum"] if v is not None}
    return found


def _all_tags(schema: dict) -> set:
    return {
        t for n in _nodes(schema) if isinstance(n, dict) and "discriminator" in n for t in n["discriminator"]["mapping"]
    }


def _nodes(node):
    yield node
    if isinstance(node, dict):
        for sub in node.values():
            yield from _nodes(sub)
    elif isinstance(node, list):
        for sub in node:
            yield from _nodes(sub)


@pytest.mark.parametrize("game", FORMS)
def test_every_field_value_and_operation_of_a_form_has_a_word_in_english_and_russian(client, game):
    words = {}
    for lang in ("en", "ru"):
        r = client.get(f"/api/data/{game}/schema", params={"lang": lang})
        assert r.status_code == 200, r.text
        form = r.json()
        labels = form["labels"]
        for kind, terms in _terms(form["schema"]).items():
            missing = sorted(t for t in terms if not str(labels[kind].get(t, "")).strip())
            assert missing == [], f"{game} {lang}: {kind} without a word: {missing}"
            if lang == "ru":  # the Russian words are Russian, not English left in place
                english = sorted(t for t in terms if not CYRILLIC.search(labels[kind][t]))
                allowed = {t for t in english if labels[kind][t] == words["en"][kind].get(t) and t.isdigit()}
                assert sorted(set(english) - allowed) == [], f"{game} ru: {kind} not in Russian: {english}"
        for entry in form["lists"]:
            assert entry["label"].strip() and (lang == "en" or CYRILLIC.search(entry["label"]))
        words[lang] = labels
    assert words["en"]["op"] != words["ru"]["op"] or not words["en"]["op"]


def test_a_language_the_game_lacks_reads_english_and_hungarian_reads_hadaras_own(client):
    en = client.get("/api/data/guns_and_steel/schema", params={"lang": "en"}).json()["labels"]
    assert client.get("/api/data/guns_and_steel/schema", params={"lang": "hu"}).json()["labels"] == en
    assert client.get("/api/data/guns_and_steel/schema", params={"lang": "xx"}).json()["labels"] == en
    hu = client.get("/api/data/hadara/schema", params={"lang": "hu"}).json()["labels"]
    assert hu["field"]["color"] == "Szín" and hu["value"]["blue"] == "kék"
    assert client.get("/api/data/hadara/schema", params={"lang": "x" * 40}).status_code == 422


@pytest.mark.parametrize("game", FORMS)
def test_a_card_is_previewed_while_the_file_has_problems_elsewhere(client, game):
    """Each game: break a deck-wide rule (a card removed from another list) and the first card
    of a list is still worded in English and Russian, the problems listed."""
    raw = client.get(f"/api/data/{game}/builtin").content
    form = client.get(f"/api/data/{game}/schema").json()
    doc = _open(json.loads(raw), form)
    walked = form["lists"][1 if form.get("bundle") else 0]["list"]
    items = _at(doc, walked, form["schema"])[0]
    card = items[0]["id"]
    del items[-1]  # the deck is one card short: a rule of the deck, not of this card
    r = client.post(f"/api/data/{game}/preview", json={"data": doc, "card": card})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["status"] == "draft" and answer["problems"]
    assert answer["texts"]["en"]["text"] and answer["texts"]["ru"]["text"] != answer["texts"]["en"]["text"]
    verdict = client.post(f"/api/data/{game}/validate", json={"data": doc}).json()
    assert verdict["problems"] == answer["problems"]  # the same validator, the same problems
