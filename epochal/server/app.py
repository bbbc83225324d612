"""HTTP and WebSocket API of the web table, and the static pages.

Errors are always JSON ``{"error": code, "detail": sentence, ...}`` with a 4xx status; the
request changed nothing. An unexpected failure is a JSON 500 ``internal_error`` whose
``error_id`` names the traceback in the server log. Seat tokens travel in the ``X-Seat-Token``
header (HTTP) or in the first WebSocket message, never in a URL, so access logs and Referer
headers never hold them; the page keeps its token in the link's ``#fragment``, which browsers
do not send.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib.resources
import json
import math
import os
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import msgspec
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from starlette.exceptions import HTTPException as StarletteHTTPException

from epochal.agents.base import MAX_ITERATIONS
from epochal.engine import game_names, get_game
from epochal.engine.game import game_package
from epochal.engine.locale import card_texts, rules_summary, ui_strings

from .analysis import DEFAULT_BUDGET as ANALYSIS_BUDGET
from .bots import cpu_count
from .db import Store, make_engine, migrate
from .service import (
    ARCHIVE_AFTER_DAYS,
    BOT_LEVELS,
    CLOCK_RANGE,
    FALLBACKS,
    ApiError,
    Connection,
    GameService,
    Settings,
    TokenBuckets,
    internal_error,
    languages,
)
from .workshop import MAX_BODY as DATA_BODY
from .workshop import NAME_LENGTH, BadData, builtin_bytes, check_name, in_words

WEB = Path(__file__).resolve().parent.parent / "web"
TOKEN_HEADER = "X-Seat-Token"
HOST_HEADER = "X-Host-Token"
WATCH_HEADER = "X-Watch-Token"
OWNER_HEADER = "X-Owner-Token"
DATA_PATH = "/api/data/"  # the card data sets' API (the workshop), whose bodies carry data files
DATA_CHECKS = 120.0  # data files one client address may have checked or replaced per minute
HELLO_TIMEOUT = 10.0
MAX_BODY = 64 * 1024  # bytes of an HTTP request body, and of a WebSocket message
CREATE_RATE = 30.0  # games one client address may create per minute (as a burst too)
GC_YOUNG = 20_000  # new objects between two young garbage collections (Python: 700)

# The pages load scripts and styles (the games' board modules too) from /static only and talk to
# their own origin. Styles allow inline attributes: the board modules size and colour elements
# through them.
PAGE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
# The OpenAPI page is FastAPI's Swagger UI: its script and styles come from a CDN, and an
# inline script starts it.
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]


@cache
def _web_folder(name: str) -> Path:
    return Path(str(importlib.resources.files(game_package(name)) / "web")).resolve()


def game_web_file(name: str, path: str) -> Path | None:
    """The file ``path`` of the ``web/`` folder of the registered game ``name`` (its board module
    and styles), or None: an unknown game, a path that leads out of the folder, no such file."""
    if name not in game_names():
        return None
    folder = _web_folder(name)
    try:
        file = (folder / path).resolve()
    except (OSError, ValueError):
        return None
    return file if file.is_relative_to(folder) and file.is_file() else None


def default_database_url() -> str:
    """``EPOCHAL_DATABASE_URL``, else the SQLite file ``epochal.sqlite`` in the working directory."""
    return os.environ.get("EPOCHAL_DATABASE_URL") or f"sqlite:///{Path.cwd() / 'epochal.sqlite'}"


def _env_number(name: str, default: float, kind=float) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        value = -1
    if value < 0 or (isinstance(value, float) and not math.isfinite(value)):
        raise ValueError(f"{name} must be a number, 0 or more, not {raw!r}")
    return value


def default_bot_processes() -> int:
    """``EPOCHAL_BOT_PROCESSES``, else one worker process per CPU; 0 keeps search bots in threads."""
    raw = os.environ.get("EPOCHAL_BOT_PROCESSES", "").strip()
    if not raw:
        return cpu_count()
    try:
        count = int(raw)
    except ValueError:
        count = -1
    if count < 0:
        raise ValueError(f"EPOCHAL_BOT_PROCESSES must be a whole number, 0 or more, not {raw!r}")
    return count


def default_max_body() -> int:
    """``EPOCHAL_MAX_BODY`` (bytes), else 64 KiB: the largest request body or WebSocket message."""
    return int(_env_number("EPOCHAL_MAX_BODY", MAX_BODY, int))


def default_create_rate() -> float:
    """``EPOCHAL_CREATE_RATE``, else 30: games one client address may create per minute (0: no limit)."""
    return _env_number("EPOCHAL_CREATE_RATE", CREATE_RATE)


def default_archive_after() -> float:
    """``EPOCHAL_ARCHIVE_AFTER`` (days), else 30: how long an unfinished game may go untouched
    before it is archived."""
    return _env_number("EPOCHAL_ARCHIVE_AFTER", ARCHIVE_AFTER_DAYS)


def default_analysis_budget() -> int:
    """``EPOCHAL_ANALYSIS_BUDGET``, else 500: ISMCTS iterations per decision when a finished game
    is analysed (0: the server analyses nothing)."""
    budget = int(_env_number("EPOCHAL_ANALYSIS_BUDGET", ANALYSIS_BUDGET, int))
    if budget > MAX_ITERATIONS:
        raise ValueError(f"EPOCHAL_ANALYSIS_BUDGET must be at most {MAX_ITERATIONS}, not {budget}")
    return budget


def default_allowed_origins() -> list[str]:
    """``EPOCHAL_ALLOWED_ORIGINS``: comma-separated origins whose pages may open WebSockets,
    besides the server's own."""
    return [o for o in os.environ.get("EPOCHAL_ALLOWED_ORIGINS", "").split(",") if o.strip()]


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"]
    level: str | None = None
    name: str | None = Field(None, min_length=1, max_length=40)


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    players: StrictInt | None = None
    options: dict[str, Any] = {}
    data: str = "builtin"
    undo: StrictBool = False
    seed: StrictInt | None = Field(None, ge=0, lt=2**62)
    open_replay: StrictBool = True  # once finished, its replay may show every card face up


class StandIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    level: str | None = Field(..., max_length=40)  # None: the seat goes back to its person


class Clock(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seconds: StrictInt | None  # None: no clock
    fallback: str = Field("easy", max_length=8)


class KeptSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    token: str = Field(max_length=64)


class KeepSeats(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str | None = Field(None, min_length=1, max_length=64)
    seats: list[KeptSeat] = Field(min_length=1, max_length=100)


class KeyBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    key: str = Field(min_length=1, max_length=64)


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=4000)  # trimmed and checked against CHAT_LENGTH by the service


class ChatSetting(BaseModel):
    model_config = ConfigDict(extra="forbid")
    spectators: str = Field(max_length=8)


class WatchLink(BaseModel):
    model_config = ConfigDict(extra="forbid")
    keep: StrictBool


class Mute(BaseModel):
    model_config = ConfigDict(extra="forbid")
    muted: StrictBool


class ReplayFile(BaseModel):
    """A record file to replay (``epochal replay``'s JSON, as the page read it)."""

    model_config = ConfigDict(extra="forbid")
    record: dict[str, Any]
    step: StrictInt = Field(0, ge=0)
    seat: StrictInt | str | None = Field(None, description="a seat's number, open or spectator")
    lang: str = Field("en", max_length=8)
    log_from: StrictInt = Field(0, ge=0)


class Branch(BaseModel):
    """Play on from a replay's step: who plays each seat of the new table (people share one
    page, hot-seat; bots at a level)."""

    model_config = ConfigDict(extra="forbid")
    step: StrictInt = Field(ge=0)
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    undo: StrictBool = True  # the people may take back their moves (never past the branch point)


class BranchFile(Branch):
    """The same from a record file (``epochal replay``'s JSON, as the replay page read it)."""

    record: dict[str, Any]


class DataBody(BaseModel):
    """A card data set: its name and the data file, as its text (stored exactly) or its JSON."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=NAME_LENGTH)
    data: str | dict[str, Any] | list[Any]


class DataReplace(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str | None = Field(None, min_length=1, max_length=NAME_LENGTH)  # None: keep the name
    data: str | dict[str, Any] | list[Any]


class DataCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    data: str | dict[str, Any] | list[Any]


class DataChecked(BaseModel):
    """A set's "checked against my copy" marks, each "<list>:<item id>" as the workshop names it."""

    model_config = ConfigDict(extra="forbid")
    checked: list[str] = Field(max_length=5000)


class DataPreview(BaseModel):
    model_config = ConfigDict(extra="forbid")
    data: str | dict[str, Any] | list[Any]
    card: str = Field(min_length=1, max_length=200)


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: StrictInt
    version: StrictInt | None = None


class FrameError(ApiError):
    """A WebSocket message the server will not read (binary, too large, nested too deeply):
    answered, then the socket is closed with 4000 + status."""


class BodyTooLarge(StarletteHTTPException):
    """Raised while the body is read; FastAPI passes HTTP exceptions from the body through."""

    def __init__(self, limit: int):
        super().__init__(413, f"the request body may have at most {limit} bytes")


class Guard:
    """ASGI middleware around every HTTP request: the security headers on every answer, the
    body size limit (by Content-Length, and counted as a body without one streams in), and a
    JSON 500 with a logged error id for anything the handlers let through."""

    def __init__(self, app, max_body: int):
        self.app, self.max_body = app, max_body

    def limit(self, path: str) -> int:
        """The body limit of a path: a card data set's requests carry a whole data file."""
        return max(self.max_body, DATA_BODY) if path.startswith(DATA_PATH) else self.max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = (DOCS_CSP if scope["path"] == "/api/docs" else PAGE_CSP).encode()
        started = False

        async def send_guarded(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {
                    **message,
                    "headers": [*message.get("headers", ()), *SECURITY_HEADERS, (b"content-security-policy", csp)],
                }
            await send(message)

        limit = self.limit(scope["path"])
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await _json(_too_large(limit), 413)(scope, receive, send_guarded)
                return
        seen = 0

        async def receive_limited():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(limit)
            return message

        try:
            await self.app(scope, receive_limited, send_guarded)
        except Exception:
            if started:
                raise
            error = internal_error(f"{scope['method']} {scope['path']} failed")
            await _json(error.body(), 500)(scope, receive, send_guarded)


def _too_large(limit: int) -> dict:
    return {"error": "body_too_large", "detail": f"the request body may have at most {limit} bytes"}


def _json(body: Any, status: int = 200, headers: dict | None = None) -> Response:
    return JSONResponse(body, status_code=status, headers=headers)


def _encoded(body: Any) -> Response:
    return Response(msgspec.json.encode(body), media_type="application/json")


def _text(text: str, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type="application/json")


def create_app(
    database_url: str | None = None,
    *,
    bot_delay: float = 0.8,
    data_sets: dict[str, dict[str, str]] | None = None,
    bot_threads: int = 4,
    bot_processes: int | None = None,
    max_body: int | None = None,
    create_rate: float | None = None,
    archive_after: float | None = None,
    allowed_origins: list[str] | None = None,
    analysis_budget: int | None = None,
) -> FastAPI:
    """``bot_processes``: worker processes for search bots (None: ``default_bot_processes()``).
    ``max_body``: bytes of a request body or WebSocket message; ``create_rate``: games per
    minute per client address, 0 for no limit; ``archive_after``: days an unfinished game may
    go untouched before it is archived; ``allowed_origins``: origins besides the server's own
    whose pages may open WebSockets; ``analysis_budget``: ISMCTS iterations per decision of a
    finished game's analysis, 0 for none. None: the ``default_*`` of each (environment variables)."""
    if bot_processes is None:
        bot_processes = default_bot_processes()
    if bot_processes < 0:
        raise ValueError(f"bot_processes must be 0 or more, not {bot_processes}")
    max_body = default_max_body() if max_body is None else max_body
    create_rate = default_create_rate() if create_rate is None else create_rate
    archive_after = default_archive_after() if archive_after is None else archive_after
    origins = default_allowed_origins() if allowed_origins is None else allowed_origins
    analysis_budget = default_analysis_budget() if analysis_budget is None else analysis_budget
    if not 0 <= analysis_budget <= MAX_ITERATIONS:
        raise ValueError(f"analysis_budget must be 0 to {MAX_ITERATIONS}, not {analysis_budget}")
    for name, value in (("max_body", max_body), ("create_rate", create_rate), ("archive_after", archive_after)):
        if not value >= 0:
            raise ValueError(f"{name} must be 0 or more, not {value}")
    allowed = frozenset(_origin(o) for o in origins)
    settings = Settings(
        database_url or default_database_url(),
        bot_delay,
        data_sets or {},
        bot_threads,
        bot_processes,
        archive_after=archive_after * 86400,
        analysis_budget=analysis_budget,
    )
    creations = TokenBuckets(create_rate) if create_rate > 0 else None
    checks = TokenBuckets(DATA_CHECKS) if create_rate > 0 else None  # with the creation limit, off in tests

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        engine = make_engine(settings.database_url)
        migrate(engine)
        service = GameService(settings, Store(engine))
        service.recover()
        app.state.service = service
        # What start-up built (modules, card data, restored games) lives as long as the server:
        # frozen, a full garbage collection no longer walks it, which under load took 0.2-0.5 s
        # with the event loop stopped. And collections are rarer: with Python's default of one
        # young collection per 700 new objects, 100 games played made 13 full collections of
        # about 45 ms in 90 s; every 20,000, one (young ones take about 11 ms instead of 0.4).
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(GC_YOUNG, *thresholds[1:])
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            gc.unfreeze()
            await service.close()
            engine.dispose()

    app = FastAPI(
        title="Epochal web table",
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.add_middleware(Guard, max_body=max_body)

    def svc(request_or_ws) -> GameService:
        return request_or_ws.app.state.service

    # --- errors: one JSON shape for every refusal -------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(request, exc: ApiError):
        retry = exc.extra.get("retry_after")
        return _json(exc.body(), exc.status, {"Retry-After": str(retry)} if retry else None)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request, exc: RequestValidationError):
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return _json(
                {
                    "error": "malformed_json",
                    "detail": "the request body is not valid JSON: " + errors[0].get("msg", ""),
                },
                400,
            )
        fields = [
            {"field": ".".join(str(p) for p in e.get("loc", ())[1:]) or "body", "message": e.get("msg", "")}
            for e in errors
        ]
        first = fields[0]
        return _json(
            {
                "error": "invalid_request",
                "detail": f"{first['field']}: {first['message']}",
                "field": first["field"],
                "fields": fields,
            },
            422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request, exc: StarletteHTTPException):
        if exc.status_code == 413:
            data = request.url.path.startswith(DATA_PATH)
            return _json(_too_large(max(max_body, DATA_BODY) if data else max_body), 413)
        code = {400: "malformed_json", 404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return _json({"error": code, "detail": str(exc.detail)}, exc.status_code)

    # --- pages ---------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(WEB / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str):
        return FileResponse(WEB / "game.html")

    @app.get("/replay", include_in_schema=False)
    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str | None = None):
        """A finished game's replay, or (without an id) a record file's, drawn by replay.js."""
        return FileResponse(WEB / "replay.html")

    @app.get("/workshop", include_in_schema=False)
    @app.get("/workshop/{game}/{key}", include_in_schema=False)
    async def workshop_page(game: str | None = None, key: str | None = None):
        """The card workshop: an owner walks a game's cards and saves a data set (workshop.js)."""
        return FileResponse(WEB / "workshop.html")

    @app.get("/rules/{name}", include_in_schema=False)
    @app.get("/cards/{name}", include_in_schema=False)
    async def reference_page(name: str):
        """A game's rules summary or card gallery (drawn by reference.js)."""
        if name not in game_names():
            raise StarletteHTTPException(404, "Not Found")
        return FileResponse(WEB / "reference.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    @app.api_route("/static/games/{name}/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def game_file(name: str, path: str):
        """A file of a game's own ``web/`` folder, found through the game registry."""
        file = game_web_file(name, path)
        if file is None:
            raise StarletteHTTPException(404, "Not Found")
        return FileResponse(file)

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # --- lobby ---------------------------------------------------------------------------------
    @app.get("/api/meta")
    async def meta(request: Request):
        """Games that can be created: players, options, card data sets, bot levels, languages."""
        service = svc(request)
        out = []
        for name in game_names():
            game = get_game(name)
            stored = {s.key: s for s in service.workshop.listed(name)}
            out.append(
                {
                    "name": name,
                    "title": game.title,
                    "players": [game.min_players, game.max_players],
                    "options": [
                        {
                            "name": o.name,
                            "choices": list(o.choices),
                            "default": o.default,
                            "help": o.help,
                            "sides": list(o.sides),
                        }
                        for o in game.options
                    ],
                    "data_sets": [
                        {"key": key, "status": get_game(name, path).data_status()}
                        for key, path in service.data_sets(name).items()
                        if key not in stored
                    ]
                    + [{"key": s.key, "name": s.name, "status": s.status, "stored": True} for s in stored.values()],
                    "languages": languages(name),
                }
            )
        return {"games": out, "bot_levels": list(BOT_LEVELS)}

    def known_lang(name: str, lang: str) -> None:
        if name not in game_names():
            raise ApiError(404, "not_found", f"unknown game {name!r} (games: {', '.join(game_names())})")
        langs = languages(name)
        if lang not in langs:
            raise ApiError(
                422,
                "invalid_request",
                f"language {lang!r} is not available for {name} (languages: {', '.join(langs)})",
                field="lang",
            )

    @app.get("/api/meta/{name}/table")
    async def table_words(name: str, lang: str = "en"):
        """What a game's board drawing needs besides positions: its words in ``lang`` (English
        where ``lang`` has none) and the fixed lists it lays things out by."""
        known_lang(name, lang)
        return {"strings": ui_strings(name, lang), "constants": get_game(name).table_constants()}

    @app.get("/api/meta/{name}/cards")
    async def catalogue(name: str, lang: str = "en"):
        """Every card of the game's built-in data: its name and its text in ``lang``."""
        known_lang(name, lang)
        return {"cards": card_texts(get_game(name), lang)}

    @app.get("/api/meta/{name}/rules")
    async def rules(name: str, lang: str = "en"):
        """The game's rules summary in ``lang``: rule number -> a few sentences in our words."""
        known_lang(name, lang)
        return {"rules": rules_summary(name, lang)}

    def limit(buckets: TokenBuckets | None, request: Request, what: str) -> None:
        """Refuse a client address that has used up its ``buckets``: ``what`` it may do a minute."""
        if buckets is not None:
            wait = buckets.take(request.client.host if request.client else "")
            if wait:
                seconds = math.ceil(wait)
                raise ApiError(
                    429,
                    "rate_limited",
                    f"this address may {what} a minute; try again in {seconds} s",
                    retry_after=seconds,
                )

    def limit_creations(request: Request) -> None:
        limit(creations, request, f"create {create_rate:g} games")

    def created(request: Request, table, tokens: dict[int, str], host: str) -> dict:
        """A new table's answer: its seats, each person's link, the host's and the spectators'."""
        base = str(request.base_url).rstrip("/")
        seats = []
        for i, s in enumerate(table.seats):
            seat = {"seat": i, "kind": s.kind, "name": s.name, "level": s.level}
            if i in tokens:
                seat["token"] = tokens[i]
                seat["link"] = f"{base}/game/{table.id}#seat={tokens[i]}"
            seats.append(seat)
        return {
            "id": table.id,
            "game": table.game.name,
            "status": table.status,
            "seats": seats,
            "host_token": host,
            "host_link": f"{base}/game/{table.id}#host={host}",
            "spectator_link": f"{base}/game/{table.id}",
        }

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, request: Request):
        """A new game: one secret link per human seat, the host's secret link and the
        spectator link."""
        limit_creations(request)
        if body.players is not None and body.players != len(body.seats):
            raise ApiError(
                422,
                "invalid_request",
                f"players is {body.players} but {len(body.seats)} seats are described",
                field="players",
            )
        table, tokens, host = await svc(request).create(
            body.game,
            [s.model_dump() for s in body.seats],
            body.options,
            body.data,
            body.undo,
            body.seed,
            open_replay=body.open_replay,
        )
        return _json(created(request, table, tokens, host), 201)

    # --- card data sets (the workshop) ----------------------------------------------------------
    def limit_checks(request: Request) -> None:
        limit(checks, request, f"have {DATA_CHECKS:g} data files checked")

    def named(name: str | None) -> str | None:
        try:
            return None if name is None else check_name(name)
        except BadData as exc:
            raise ApiError(422, "invalid_request", str(exc), field="name") from None

    def worded(game: str, problems: list[dict], lang: str) -> list[dict]:
        """The problems with their sentences in ``lang`` (``text``), a language the game has."""
        return in_words(game, problems, lang if lang in languages(game) else "en")

    def data_set(request: Request, row: dict, lang: str, owner: str | None = None) -> dict:
        """A stored set's answer: what the validator said (in ``lang`` too), where its file is,
        and (to its creator only) the owner's secret and link."""
        base = str(request.base_url).rstrip("/")
        out = {
            "key": row["key"],
            "game": row["game"],
            "name": row["name"],
            "status": row["status"],
            "playable": row["playable"],
            "problems": worded(row["game"], row["problems"], lang),
            "data_id": row["data_id"],
            "created_at": row["created_at"].isoformat(),
            "updated_at": row["updated_at"].isoformat(),
            "file": f"{base}/api/data/{row['game']}/{row['key']}/file",
            "checked": row.get("checked") or [],
        }
        if owner is not None:
            out["owner_token"] = owner
            out["owner_link"] = f"{base}/workshop/{row['game']}/{row['key']}#owner={owner}"
        return out

    def download(raw: bytes, filename: str) -> Response:
        return Response(
            raw, media_type="application/json", headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    @app.get("/api/data/{game}/builtin")
    async def builtin_data(game: str, request: Request):
        """The built-in card data as one file, exactly as the game reads it (a bundle of the
        deck files for a game whose data is a directory): the file ``--data`` and
        ``epochal cards validate`` read, and the workshop starts from."""
        svc(request).known_game(game)
        return download(builtin_bytes(game), f"{game}-builtin.json")

    @app.get("/api/data/{game}/schema")
    async def data_schema(game: str, request: Request, lang: str = Query("en", max_length=8)):
        """What the workshop's form needs: the data file's JSON schema, the lists of items it
        walks, how an item marks its established fields and the words of its fields, values and
        operations in ``lang`` (``Game.data_form``; a language the game lacks: English)."""
        svc(request).known_game(game)
        form = get_game(game).data_form(lang if lang in languages(game) else "en")
        if form is None:
            raise ApiError(404, "not_found", f"the workshop has no form for {game} yet; edit its file and upload it")
        return form

    @app.post("/api/data/{game}/preview")
    async def preview_data(game: str, body: DataPreview, request: Request, lang: str = Query("en", max_length=8)):
        """A card of a data file in the table's words (English and Russian), with the problems
        the game's validator finds (``status`` "draft" while there are any); a file the game
        cannot read at all has no words (422 ``data_not_playable``)."""
        limit_checks(request)
        verdict, words = await svc(request).preview_card(game, body.data, body.card)
        if words is None and not verdict.playable:
            raise ApiError(
                422,
                "data_not_playable",
                "the data has problems and this card cannot be read from it yet",
                field="data",
                problems=worded(game, verdict.problems, lang),
            )
        if words is None:
            raise ApiError(404, "not_found", f"no card {body.card!r} in the data", field="card")
        problems = worded(game, verdict.problems, lang)
        return {"card": body.card, "texts": words, "status": verdict.status, "problems": problems}

    @app.post("/api/data/{game}/validate")
    async def validate_data(game: str, body: DataCheck, request: Request, lang: str = Query("en", max_length=8)):
        """The problems the game's own validator finds in a data file; nothing is stored."""
        limit_checks(request)
        _, verdict = await svc(request).check_data(game, body.data)
        return {
            "status": verdict.status,
            "playable": verdict.playable,
            "problems": worded(game, verdict.problems, lang),
            "data_id": verdict.data_id,
        }

    @app.post("/api/data/{game}", status_code=201)
    async def add_data(game: str, body: DataBody, request: Request, lang: str = Query("en", max_length=8)):
        """Store a data set: checked by the game's own validator; with problems it is a draft
        (kept, never played). The answer holds the owner's secret, which changes it."""
        limit_creations(request)
        name = named(body.name)
        assert name is not None
        row, owner = await svc(request).add_data_set(game, name, body.data)
        return _json(data_set(request, row, lang, owner), 201)

    @app.get("/api/data/{game}/{key}")
    async def data_info(game: str, key: str, request: Request, lang: str = Query("en", max_length=8)):
        """A stored set: its name, status and problems."""
        return data_set(request, await svc(request).data_set_row(game, key), lang)

    @app.get("/api/data/{game}/{key}/file")
    async def data_file(game: str, key: str, request: Request):
        """A stored set's file, its bytes as they were uploaded."""
        row = await svc(request).data_set_row(game, key, data=True)
        return download(row["data"], f"{game}-{key}.json")

    @app.put("/api/data/{game}/{key}")
    async def replace_data(
        game: str,
        key: str,
        body: DataReplace,
        request: Request,
        token: str | None = Header(None, alias=OWNER_HEADER),
        lang: str = Query("en", max_length=8),
    ):
        """Replace a stored set's file (and name) with the owner's secret; refused once a game
        was played with it."""
        limit_checks(request)
        row = await svc(request).replace_data_set(game, key, token, named(body.name), body.data)
        return data_set(request, row, lang)

    @app.put("/api/data/{game}/{key}/checked")
    async def replace_checked(
        game: str,
        key: str,
        body: DataChecked,
        request: Request,
        token: str | None = Header(None, alias=OWNER_HEADER),
        lang: str = Query("en", max_length=8),
    ):
        """Replace a stored set's checked marks with the owner's secret (so another browser
        opening the set sees the same progress); allowed on a set a game used: no card changes."""
        limit_checks(request)
        row = await svc(request).set_checked(game, key, token, body.checked)
        return data_set(request, row, lang)

    @app.get("/api/games")
    async def lobby(request: Request, limit: int = Query(50, ge=1, le=500)):
        """Open (waiting for people to join), running and finished games, newest first."""
        return await svc(request).lobby(limit)

    @app.get("/api/games/{game_id}")
    async def summary(game_id: str, request: Request):
        service = svc(request)
        return service.summary(await service.open_table(game_id))

    # --- playing -------------------------------------------------------------------------------
    @app.get("/api/games/{game_id}/view")
    async def view(
        game_id: str,
        request: Request,
        lang: str = "en",
        token: str | None = Header(None, alias=TOKEN_HEADER),
        watch: str | None = Header(None, alias=WATCH_HEADER),
    ):
        """The seat's (or, without a token, a spectator's) view and the whole visible log."""
        service = svc(request)
        table = await service.open_table(game_id)
        seat = service.seat_of(table, token, required=False, watch=watch)
        service.check_lang(table, lang)
        await service.join(table, seat)
        return _text(service.message(table, "hello", seat, lang))

    @app.get("/api/games/{game_id}/cards")
    async def table_cards(game_id: str, request: Request, lang: str = "en"):
        """Every card of the table's card data (its own data set, if it has one), with its name
        and text in ``lang``, and the board's constants from that data (a card's facts on its
        face): public, the same for every seat."""
        service = svc(request)
        table = await service.open_table(game_id)
        service.check_lang(table, lang)
        return {
            "cards": card_texts(table.game, lang),
            "constants": table.game.table_constants(),
            "data_set": service.data_set_label(table.game.name, table.data_key),
        }

    @app.post("/api/games/{game_id}/actions")
    async def act(
        game_id: str,
        body: ActionBody,
        request: Request,
        lang: str = "en",
        token: str | None = Header(None, alias=TOKEN_HEADER),
    ):
        """Apply one action id for the token's seat; answers with that seat's new view."""
        service = svc(request)
        table = await service.open_table(game_id)
        seat = service.seat_of(table, token, required=True)
        service.check_lang(table, lang)
        await service.join(table, seat)
        await service.act(table, seat, body.action, body.version)
        return _text(service.message(table, "update", seat, lang))

    @app.post("/api/games/{game_id}/undo")
    async def undo(
        game_id: str, request: Request, lang: str = "en", token: str | None = Header(None, alias=TOKEN_HEADER)
    ):
        """Take back the seat's own last action, if it revealed nothing and undo is on."""
        service = svc(request)
        table = await service.open_table(game_id)
        seat = service.seat_of(table, token, required=True)
        service.check_lang(table, lang)
        await service.undo(table, seat)
        return _text(service.message(table, "reset", seat, lang))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, request: Request):
        """A finished game's record, for ``epochal replay``. Not before the end: the seed in
        it would reveal every hidden card."""
        table = await svc(request).open_table(game_id)
        if not table.state.over:
            raise ApiError(
                409,
                "not_finished",
                "the record is available once the game is finished (its seed would reveal the hidden cards)",
            )
        return Response(
            table.record().to_json(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{table.game.name}-{table.id}.json"'},
        )

    @app.get("/api/games/{game_id}/replay")
    async def replay(
        game_id: str,
        request: Request,
        step: int = Query(0, ge=0),
        seat: str | None = Query(None, max_length=12),
        lang: str = "en",
        log_from: int = Query(0, ge=0),
    ):
        """A finished game's position after ``step`` actions (0: the setup) as ``seat`` saw it
        (a seat's number; ``spectator`` or none: a spectator; ``open``: every card face up, if
        the table allows it), in the shape of the table's ``hello`` message, with the log up to
        the step (from action ``log_from`` on: a page that has the earlier entries)."""
        service = svc(request)
        table = await service.open_table(game_id)
        return _encoded(await service.replay(table, step, seat, lang, log_from))

    @app.post("/api/replay")
    async def replay_file(body: ReplayFile, request: Request):
        """A record file's position after ``step`` actions as ``seat`` saw it (face up too),
        in the same shape as a finished game's replay."""
        return _encoded(await svc(request).replay_file(body.record, body.step, body.seat, body.lang, body.log_from))

    # --- the analysis board ----------------------------------------------------------------------
    def board_created(request: Request, table, tokens: dict[int, str], host: str) -> Response:
        """A new analysis board's answer: the creation's, and ``play_link``, the one page that
        plays every person's seat (hot-seat) with the host's panel: ``#seat=`` the first
        person's secret, ``seats=`` each person's seat and secret (``0.<secret>,2.<secret>``),
        ``host=`` the host's. Without people it watches the bots, as the host."""
        body = created(request, table, tokens, host)
        people = sorted(tokens.items())
        parts = [f"seat={people[0][1]}", "seats=" + ",".join(f"{i}.{t}" for i, t in people)] if people else []
        body["play_link"] = f"{body['spectator_link']}#" + "&".join([*parts, f"host={host}"])
        body["branched_at"] = table.branched_at
        return _json(body, 201)

    @app.post("/api/games/{game_id}/branch", status_code=201)
    async def branch(game_id: str, body: Branch, request: Request):
        """Play on from a finished game's position after ``step`` actions: a private table (not
        in the lobby's lists) whose seats are people (hot-seat, one page) or bots, answered as
        a new game is, with ``play_link``. Only where the game's replay may show every card face
        up (403 ``open_replay_off`` otherwise): the people's page shows every person's cards."""
        limit_creations(request)
        service = svc(request)
        table = await service.open_table(game_id)
        made = await service.branch(table, body.step, [s.model_dump() for s in body.seats], body.undo)
        return board_created(request, *made)

    @app.post("/api/replay/branch", status_code=201)
    async def branch_file(body: BranchFile, request: Request):
        """The same from a record file's position after ``step`` actions."""
        limit_creations(request)
        made = await svc(request).branch_file(body.record, body.step, [s.model_dump() for s in body.seats], body.undo)
        return board_created(request, *made)

    # --- analysis ------------------------------------------------------------------------------
    @app.post("/api/games/{game_id}/analysis")
    async def queue_analysis(game_id: str, request: Request):
        """Send a finished game to analysis (ISMCTS on every decision, one game at a time): its
        status; asking again while it is queued, running or done changes nothing."""
        service = svc(request)
        table = await service.open_table(game_id)
        return await service.analyses.queue(table)

    @app.get("/api/games/{game_id}/analysis")
    async def analysis(
        game_id: str,
        request: Request,
        seat: str | None = Query(None, max_length=12),
        lang: str = Query("en", max_length=8),
    ):
        """A finished game's analysis: ``status`` (none, queued, running, done, failed), the
        progress (``done`` of ``total`` decisions) and, once done, what ``seat`` may see of it
        (a seat's number: its own decisions; ``open``: every seat's, if the table shows its
        replay face up; ``spectator`` or none: nothing), with the actions in ``lang``."""
        service = svc(request)
        table = await service.open_table(game_id)
        return _encoded(await service.analysis(table, seat, lang))

    # --- the host ------------------------------------------------------------------------------
    @app.get("/api/games/{game_id}/host")
    async def host(game_id: str, request: Request, host: str | None = Header(None, alias=HOST_HEADER)):
        """What the host may change: the seats, the turn clock and the bot levels."""
        service = svc(request)
        table = await service.open_table(game_id)
        service.check_host(table, host)
        return {
            "seats": [
                {"seat": i, "name": s.name, "kind": s.kind, "joined": s.joined, "stand_in": s.stand_in}
                for i, s in enumerate(table.seats)
            ],
            "clock": table.clock,
            "fallback": table.fallback,
            "levels": list(BOT_LEVELS),
            "fallbacks": list(FALLBACKS),
            "clock_range": list(CLOCK_RANGE),
        }

    @app.put("/api/games/{game_id}/seats/{seat}/stand-in")
    async def stand_in(
        game_id: str, seat: int, body: StandIn, request: Request, host: str | None = Header(None, alias=HOST_HEADER)
    ):
        """A bot plays an absent person's seat (``level``), or the seat goes back to them (null)."""
        service = svc(request)
        table = await service.open_table(game_id)
        service.check_host(table, host)
        await service.stand_in(table, seat, body.level)
        return service.summary(table)

    @app.post("/api/games/{game_id}/seats/{seat}/link")
    async def new_link(game_id: str, seat: int, request: Request, host: str | None = Header(None, alias=HOST_HEADER)):
        """A new secret link for a person's seat; the old one stops working."""
        service = svc(request)
        table = await service.open_table(game_id)
        service.check_host(table, host)
        token = await service.new_link(table, seat)
        base = str(request.base_url).rstrip("/")
        return {"seat": seat, "token": token, "link": f"{base}/game/{table.id}#seat={token}"}

    @app.put("/api/games/{game_id}/clock")
    async def clock(game_id: str, body: Clock, request: Request, host: str | None = Header(None, alias=HOST_HEADER)):
        """The turn clock: seconds per decision (null: none), and what moves when it runs out."""
        service = svc(request)
        table = await service.open_table(game_id)
        service.check_host(table, host)
        await service.set_clock(table, body.seconds, body.fallback)
        return service.summary(table)

    @app.put("/api/games/{game_id}/watch-link")
    async def watch_link(
        game_id: str, body: WatchLink, request: Request, host: str | None = Header(None, alias=HOST_HEADER)
    ):
        """``keep: true``: only holders of a new spectator link may watch (the previous one stops
        working); ``keep: false``: anyone may watch again."""
        service = svc(request)
        table = await service.open_table(game_id)
        service.check_host(table, host)
        watch = await service.watch_link(table, body.keep)
        base = str(request.base_url).rstrip("/")
        return {"link": f"{base}/game/{table.id}#watch={watch}" if watch else f"{base}/game/{table.id}"}

    @app.put("/api/games/{game_id}/chat")
    async def chat_setting(
        game_id: str, body: ChatSetting, request: Request, host: str | None = Header(None, alias=HOST_HEADER)
    ):
        """What spectators may do with the chat: "off", "read" (the default) or "write"."""
        service = svc(request)
        table = await service.open_table(game_id)
        service.check_host(table, host)
        await service.set_spectator_chat(table, body.spectators)
        return {"spectators": table.spectator_chat}

    @app.put("/api/games/{game_id}/seats/{seat}/mute")
    async def mute(
        game_id: str, seat: int, body: Mute, request: Request, host: str | None = Header(None, alias=HOST_HEADER)
    ):
        """Mute a person's seat in the chat, or let it speak again."""
        service = svc(request)
        table = await service.open_table(game_id)
        service.check_host(table, host)
        await service.mute(table, seat, body.muted)
        return {"seat": seat, "muted": body.muted}

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(
        game_id: str,
        request: Request,
        token: str | None = Header(None, alias=TOKEN_HEADER),
        host: str | None = Header(None, alias=HOST_HEADER),
    ):
        """ "Play again" once the game is over, asked by a seat or the host: the new table's id
        (the same one however often it is asked). Each person's link opens their new seat."""
        service = svc(request)
        table = await service.open_table(game_id)
        if host:
            service.check_host(table, host)
        else:
            service.seat_of(table, token, required=True)
        new = await service.rematch(table)
        return {"id": new.id, "summary": service.summary(new)}

    # --- player keys ---------------------------------------------------------------------------
    @app.post("/api/keys")
    async def keep_seats(body: KeepSeats, request: Request):
        """Attach seats (each a game and its seat link's secret) to a player key, a new one
        unless ``key`` is given: the key, and its link, which lists them on any device."""
        if creations is not None and (wait := creations.take(request.client.host if request.client else "")):
            seconds = math.ceil(wait)
            raise ApiError(429, "rate_limited", f"too many requests; try again in {seconds} s", retry_after=seconds)
        key = await svc(request).keep_seats(body.key, [(s.game, s.token) for s in body.seats])
        base = str(request.base_url).rstrip("/")
        return {"key": key, "link": f"{base}/#key={key}"}

    @app.post("/api/keys/seats")
    async def key_seats(body: KeyBody, request: Request):
        """The seats a player key finds (in a POST body, so the key stays out of URLs and logs)."""
        service = svc(request)
        base = str(request.base_url).rstrip("/")
        found = await service.key_seats(body.key)
        return {"seats": [{**s, "link": f"{base}/game/{s['id']}#seat={s['token']}"} for s in found]}

    # --- chat ----------------------------------------------------------------------------------
    @app.get("/api/games/{game_id}/chat")
    async def chat(
        game_id: str,
        request: Request,
        token: str | None = Header(None, alias=TOKEN_HEADER),
        watch: str | None = Header(None, alias=WATCH_HEADER),
    ):
        """The table's newest chat messages, for a seat, or a spectator if the host allows."""
        service = svc(request)
        table = await service.open_table(game_id)
        return {"messages": service.chat_log(table, service.seat_of(table, token, required=False, watch=watch))}

    @app.post("/api/games/{game_id}/chat", status_code=201)
    async def say(
        game_id: str,
        body: ChatBody,
        request: Request,
        token: str | None = Header(None, alias=TOKEN_HEADER),
        watch: str | None = Header(None, alias=WATCH_HEADER),
    ):
        """Write in the table's chat (a seat, or a spectator if the host allows)."""
        service = svc(request)
        table = await service.open_table(game_id)
        seat = service.seat_of(table, token, required=False, watch=watch)
        sender = f"seat {seat}" if seat is not None else (request.client.host if request.client else "")
        return await service.say(table, seat, body.text, sender)

    # --- live updates --------------------------------------------------------------------------
    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str):
        """First message ``{"token": ..., "lang": ...}`` (no token: spectator); then the server
        sends ``hello`` and an ``update`` after every action. The client may send
        ``{"type": "act", "action": id, "version": v}`` and ``{"type": "undo"}``."""
        service = svc(websocket)
        await websocket.accept()
        try:
            origin = websocket.headers.get("origin")
            if not _origin_allowed(origin, websocket.headers.get("host"), allowed):
                raise ApiError(
                    403,
                    "forbidden_origin",
                    f"pages from {origin} may not open this socket (only the server's own origin and those it allows)",
                )
            async with asyncio.timeout(HELLO_TIMEOUT):  # not wait_for: it may lose a cancel (3.11)
                raw = await _receive_text(websocket, max_body)
            first = _ws_object(raw)
            table = await service.open_table(game_id)
            token, watch = first.get("token"), first.get("watch")
            for name, value in (("token", token), ("watch", watch)):
                if value is not None and not isinstance(value, str):
                    raise ApiError(422, "invalid_request", f"{name} must be a string", field=name)
            seat = service.seat_of(table, token, required=False, watch=watch)
            lang = service.check_lang(table, first.get("lang", "en"))
            await service.join(table, seat)
            conn = Connection(seat, lang)
            conn.push(service.message(table, "hello", seat, lang))
            service.chat_opened(table, conn)
        except ApiError as exc:
            await _refuse(websocket, exc)
            return
        except (TimeoutError, WebSocketDisconnect):
            await _close_quietly(websocket, 4408)
            return
        except Exception:
            await _refuse(websocket, internal_error(f"opening a socket on game {game_id} failed"), 1011)
            return
        table.connections.add(conn)
        writer = asyncio.create_task(_write(websocket, conn))
        try:
            while True:
                try:
                    msg = _ws_object(await _receive_text(websocket, max_body))
                    kind = msg.get("type")
                    if kind == "act":
                        if seat is None:
                            raise ApiError(401, "missing_token", "spectators cannot act")
                        body = _ws_action(msg)
                        await service.act(table, seat, body.action, body.version)
                    elif kind == "undo":
                        await service.undo(table, service.seat_of(table, token, required=True))
                    elif kind == "chat":
                        address = websocket.client.host if websocket.client else ""
                        await service.say(table, seat, msg.get("text"), f"seat {seat}" if seat is not None else address)
                    elif kind == "ping":
                        conn.push('{"type":"pong"}')
                    else:
                        raise ApiError(
                            422,
                            "invalid_request",
                            f"unknown message type {kind!r} (types: act, undo, chat, ping)",
                            field="type",
                        )
                except FrameError as exc:
                    table.connections.discard(conn)
                    writer.cancel()
                    await _refuse(websocket, exc)
                    return
                except ApiError as exc:
                    conn.push(json.dumps({"type": "error", "status": exc.status, **exc.body()}))
                except WebSocketDisconnect:
                    raise
                except Exception:
                    error = internal_error(f"a message on game {game_id}'s socket failed")
                    conn.push(json.dumps({"type": "error", "status": error.status, **error.body()}))
        except WebSocketDisconnect:
            pass  # the reader's end: the finally block cleans up
        finally:
            table.connections.discard(conn)
            writer.cancel()

    return app


def _origin(origin: str) -> str:
    return origin.strip().lower().rstrip("/")


def _origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """A socket may be opened by a page of the server's own origin (its host as the Host header
    names it) or of an allowed one. Browsers always send Origin on a WebSocket; a client that
    sends none is not a browser, and a page cannot make it act for someone else."""
    if origin is None:
        return True
    origin = _origin(origin)
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not host:
        return False
    default = ":80" if parts.scheme == "http" else ":443"

    def bare(netloc: str) -> str:
        return netloc[: -len(default)] if netloc.endswith(default) else netloc

    return bare(parts.netloc) == bare(host.strip().lower())


async def _receive_text(websocket: WebSocket, limit: int) -> str:
    """The next text message. A binary frame or a message over ``limit`` bytes is a
    :class:`FrameError`."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise FrameError(415, "unsupported_frame", "messages are JSON in text frames, not binary frames")
    if len(text) > limit // 4 and len(text.encode()) > limit:  # at most 4 bytes a character
        raise FrameError(413, "message_too_large", f"a message may have at most {limit} bytes")
    return text


def _ws_object(raw: str) -> dict:
    try:
        msg = json.loads(raw)
    except ValueError as exc:
        raise ApiError(400, "malformed_json", f"the message is not valid JSON: {exc}") from None
    except RecursionError:
        raise FrameError(400, "malformed_json", "the message is nested too deeply") from None
    if not isinstance(msg, dict):
        raise ApiError(422, "invalid_request", "a message is a JSON object", field="body")
    return msg


def _ws_action(msg: dict) -> ActionBody:
    extra = set(msg) - {"type", "action", "version"}
    if extra:
        raise ApiError(422, "invalid_request", f"unknown field {sorted(extra)[0]!r}", field=sorted(extra)[0])
    for name in ("action", "version"):
        value = msg.get(name)
        if (name == "action" or value is not None) and (type(value) is not int):
            raise ApiError(422, "invalid_request", f"{name} must be an integer, not {value!r}", field=name)
    return ActionBody(action=msg["action"], version=msg.get("version"))


async def _refuse(websocket: WebSocket, exc: ApiError, code: int | None = None) -> None:
    """Say why, then close with 4000 + status (or ``code``)."""
    with contextlib.suppress(RuntimeError, ConnectionError, WebSocketDisconnect):
        await websocket.send_text(json.dumps({"type": "error", "status": exc.status, **exc.body()}))
    await _close_quietly(websocket, code or 4000 + exc.status)


async def _write(websocket: WebSocket, conn: Connection) -> None:
    """Send the connection's queued messages in order; ``None`` closes it."""
    try:
        while True:
            text = await conn.queue.get()
            if text is None:
                await _close_quietly(websocket, 1012)
                return
            await websocket.send_text(text)
    except (WebSocketDisconnect, RuntimeError, ConnectionError):
        return  # the peer is gone: nothing left to send


async def _close_quietly(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(RuntimeError, ConnectionError):  # already closed by the peer
        await websocket.close(code=code)
