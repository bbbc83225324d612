"""Browser protections: security headers on every answer, the WebSocket Origin check, and a
favicon."""

from __future__ import annotations

import json

import pytest

from epochal.server import create_app
from epochal.server.app import _origin_allowed

from .conftest import HUMAN, TestClient, create


@pytest.mark.parametrize(
    "method,path",
    [
        ("GET", "/"),
        ("GET", "/game/abc"),
        ("GET", "/static/js/table.js"),
        ("GET", "/api/games"),
        ("GET", "/api/games/nope"),
        ("GET", "/favicon.ico"),
        ("GET", "/static/nothing.js"),
        ("POST", "/api/games"),
        ("GET", "/api/docs"),
    ],
)
def test_every_answer_carries_the_security_headers(client, method, path):
    """F9: pages, static files, API answers and errors alike: a Content-Security-Policy that
    forbids framing, nosniff, X-Frame-Options and Referrer-Policy."""
    r = client.request(method, path, json={} if method == "POST" else None)
    csp = r.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp
    assert "object-src 'none'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_the_pages_policy_allows_only_their_own_scripts(client):
    """F9: the pages load scripts from /static only (no inline script, no other host)."""
    csp = dict(part.strip().split(" ", 1) for part in client.get("/").headers["content-security-policy"].split(";"))
    assert csp["script-src"] == "'self'" and csp["connect-src"] == "'self'"
    for page in ("/", "/game/abc"):
        html = client.get(page).text
        assert "<script>" not in html and 'src="/static/' in html


def test_a_favicon_is_served(client):
    """F9: /favicon.ico is a small SVG, not a 404."""
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.lstrip().startswith("<svg") and len(r.content) < 2000


def hello_or_refusal(client, game, origin):
    headers = {} if origin is None else {"origin": origin}
    with client.websocket_connect(f"/api/games/{game['id']}/ws", headers=headers) as ws:
        ws.send_text(json.dumps({"token": None}))
        msg = json.loads(ws.receive_text())
        if msg["type"] == "error":
            return msg, ws.receive()["code"]
        return msg, None


@pytest.mark.parametrize(
    "origin", ["https://evil.example", "http://testserver.evil.example", "http://testserver:8080", "null", "file://"]
)
def test_a_socket_from_a_foreign_origin_is_refused(client, origin):
    """F9: a page of another origin cannot open a game's socket: error, then close 4403."""
    game = create(client, [HUMAN, HUMAN])
    msg, code = hello_or_refusal(client, game, origin)
    assert msg["type"] == "error" and msg["error"] == "forbidden_origin" and code == 4403


@pytest.mark.parametrize("origin", [None, "http://testserver", "HTTP://TestServer/", "http://testserver:80"])
def test_a_socket_from_the_servers_own_origin_or_none_is_accepted(client, origin):
    """F9: the server's own pages (Origin matching the Host header) and non-browser clients
    (no Origin) get their hello."""
    game = create(client, [HUMAN, HUMAN])
    msg, code = hello_or_refusal(client, game, origin)
    assert msg["type"] == "hello" and code is None


def test_allowed_origins_are_configurable(db_url, monkeypatch):
    """F9: ``allowed_origins`` (or EPOCHAL_ALLOWED_ORIGINS) admits further origins."""
    with TestClient(create_app(db_url, bot_delay=0, allowed_origins=["https://play.example.org/"])) as c:
        game = create(c, [HUMAN, HUMAN])
        assert hello_or_refusal(c, game, "https://play.example.org")[0]["type"] == "hello"
        assert hello_or_refusal(c, game, "http://play.example.org")[1] == 4403
    monkeypatch.setenv("EPOCHAL_ALLOWED_ORIGINS", "https://a.example, https://b.example:8443")
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        game = create(c, [HUMAN, HUMAN])
        assert hello_or_refusal(c, game, "https://b.example:8443")[0]["type"] == "hello"
        assert hello_or_refusal(c, game, "https://c.example")[1] == 4403


def test_origin_matching():
    none = frozenset()
    assert _origin_allowed("https://table.example", "table.example", none)
    assert _origin_allowed("https://table.example", "table.example:443", none)
    assert _origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", none)
    assert not _origin_allowed("http://127.0.0.1:8001", "127.0.0.1:8000", none)
    assert not _origin_allowed("https://table.example", None, none)
    assert not _origin_allowed("ws://table.example", "table.example", none)
