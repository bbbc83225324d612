"""HTTP and WebSocket API of the web table, and the static pages.

Errors are always JSON ``{"error": code, "detail": sentence, ...}`` with a 4xx status; the
request changed nothing. Seat tokens travel in the ``X-Seat-Token`` header (HTTP) or in the
first WebSocket message, never in a URL, so access logs and Referer headers never hold them;
the page keeps its token in the link's ``#fragment``, which browsers do not send.
"""

from __future__ import annotations

import contextlib

import asyncio
import json
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt
from starlette.exceptions import HTTPException as StarletteHTTPException

from epochal.engine import game_names, get_game

from .bots import cpu_count
from .db import Store, make_engine, migrate
from .service import BOT_LEVELS, ApiError, Connection, GameService, Settings, languages

WEB = Path(__file__).resolve().parent.parent / "web"
TOKEN_HEADER = "X-Seat-Token"
HELLO_TIMEOUT = 10.0


def default_database_url() -> str:
    """``EPOCHAL_DATABASE_URL``, else the SQLite file ``epochal.sqlite`` in the working directory."""
    return os.environ.get("EPOCHAL_DATABASE_URL") or f"sqlite:///{Path.cwd() / 'epochal.sqlite'}"


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


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: StrictInt
    version: StrictInt | None = None


def _json(body: Any, status: int = 200) -> Response:
    return JSONResponse(body, status_code=status)


def _text(text: str, status: int = 200) -> Response:
    return Response(text, status_code=status, media_type="application/json")


def create_app(database_url: str | None = None, *, bot_delay: float = 0.8,
               data_sets: dict[str, dict[str, str]] | None = None, bot_threads: int = 4,
               bot_processes: int | None = None) -> FastAPI:
    """``bot_processes``: worker processes for search bots (None: ``default_bot_processes()``)."""
    if bot_processes is None:
        bot_processes = default_bot_processes()
    if bot_processes < 0:
        raise ValueError(f"bot_processes must be 0 or more, not {bot_processes}")
    settings = Settings(database_url or default_database_url(), bot_delay, data_sets or {}, bot_threads,
                        bot_processes)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        engine = make_engine(settings.database_url)
        migrate(engine)
        service = GameService(settings, Store(engine))
        service.recover()
        app.state.service = service
        try:
            yield
        finally:
            await service.close()
            engine.dispose()

    app = FastAPI(title="Epochal web table", lifespan=lifespan, docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json")

    def svc(request_or_ws) -> GameService:
        return request_or_ws.app.state.service

    # --- errors: one JSON shape for every refusal -------------------------------------------
    @app.exception_handler(ApiError)
    async def _api_error(request, exc: ApiError):
        return _json(exc.body(), exc.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request, exc: RequestValidationError):
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return _json({"error": "malformed_json",
                          "detail": "the request body is not valid JSON: " + errors[0].get("msg", "")}, 400)
        fields = [{"field": ".".join(str(p) for p in e.get("loc", ())[1:]) or "body",
                   "message": e.get("msg", "")} for e in errors]
        first = fields[0]
        return _json({"error": "invalid_request", "detail": f"{first['field']}: {first['message']}",
                      "field": first["field"], "fields": fields}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request, exc: StarletteHTTPException):
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return _json({"error": code, "detail": str(exc.detail)}, exc.status_code)

    # --- pages ---------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(WEB / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str):
        return FileResponse(WEB / "game.html")

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    # --- lobby ---------------------------------------------------------------------------------
    @app.get("/api/meta")
    async def meta(request: Request):
        """Games that can be created: players, options, card data sets, bot levels, languages."""
        service = svc(request)
        out = []
        for name in game_names():
            game = get_game(name)
            out.append({"name": name, "title": game.title,
                        "players": [game.min_players, game.max_players],
                        "options": [{"name": o.name, "choices": list(o.choices), "default": o.default,
                                     "help": o.help} for o in game.options],
                        "data_sets": [{"key": key, "status": get_game(name, path).data_status()}
                                      for key, path in service.data_sets(name).items()],
                        "languages": languages(name)})
        return {"games": out, "bot_levels": list(BOT_LEVELS)}

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, request: Request):
        """A new game: one secret link per human seat, and the spectator link."""
        if body.players is not None and body.players != len(body.seats):
            raise ApiError(422, "invalid_request", f"players is {body.players} but {len(body.seats)} "
                           f"seats are described", field="players")
        table, tokens = svc(request).create(body.game, [s.model_dump() for s in body.seats],
                                            body.options, body.data, body.undo, body.seed)
        base = str(request.base_url).rstrip("/")
        seats = []
        for i, s in enumerate(table.seats):
            seat = {"seat": i, "kind": s.kind, "name": s.name, "level": s.level}
            if i in tokens:
                seat["token"] = tokens[i]
                seat["link"] = f"{base}/game/{table.id}#seat={tokens[i]}"
            seats.append(seat)
        return _json({"id": table.id, "game": table.game.name, "status": table.status, "seats": seats,
                      "spectator_link": f"{base}/game/{table.id}"}, 201)

    @app.get("/api/games")
    async def lobby(request: Request, limit: int = Query(50, ge=1, le=500)):
        """Open (waiting for people to join), running and finished games, newest first."""
        return svc(request).lobby(limit)

    @app.get("/api/games/{game_id}")
    async def summary(game_id: str, request: Request):
        service = svc(request)
        return service.summary(service.table(game_id))

    # --- playing -------------------------------------------------------------------------------
    @app.get("/api/games/{game_id}/view")
    async def view(game_id: str, request: Request, lang: str = "en",
                   token: str | None = Header(None, alias=TOKEN_HEADER)):
        """The seat's (or, without a token, a spectator's) view and the whole visible log."""
        service = svc(request)
        table = service.table(game_id)
        seat = service.seat_of(table, token, required=False)
        service.check_lang(table, lang)
        service.join(table, seat)
        return _text(service.message(table, "hello", seat, lang))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, body: ActionBody, request: Request, lang: str = "en",
                  token: str | None = Header(None, alias=TOKEN_HEADER)):
        """Apply one action id for the token's seat; answers with that seat's new view."""
        service = svc(request)
        table = service.table(game_id)
        seat = service.seat_of(table, token, required=True)
        service.check_lang(table, lang)
        service.join(table, seat)
        await service.act(table, seat, body.action, body.version)
        return _text(service.message(table, "update", seat, lang))

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request, lang: str = "en",
                   token: str | None = Header(None, alias=TOKEN_HEADER)):
        """Take back the seat's own last action, if it revealed nothing and undo is on."""
        service = svc(request)
        table = service.table(game_id)
        seat = service.seat_of(table, token, required=True)
        service.check_lang(table, lang)
        await service.undo(table, seat)
        return _text(service.message(table, "reset", seat, lang))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, request: Request):
        """A finished game's record, for ``epochal replay``. Not before the end: the seed in
        it would reveal every hidden card."""
        table = svc(request).table(game_id)
        if not table.state.over:
            raise ApiError(409, "not_finished", "the record is available once the game is finished "
                           "(its seed would reveal the hidden cards)")
        return Response(table.record().to_json(), media_type="application/json",
                        headers={"Content-Disposition":
                                 f'attachment; filename="{table.game.name}-{table.id}.json"'})

    # --- live updates --------------------------------------------------------------------------
    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str):
        """First message ``{"token": ..., "lang": ...}`` (no token: spectator); then the server
        sends ``hello`` and an ``update`` after every action. The client may send
        ``{"type": "act", "action": id, "version": v}`` and ``{"type": "undo"}``."""
        service = svc(websocket)
        await websocket.accept()
        try:
            raw = await asyncio.wait_for(websocket.receive_text(), HELLO_TIMEOUT)
            first = _ws_object(raw)
            table = service.table(game_id)
            token = first.get("token")
            if token is not None and not isinstance(token, str):
                raise ApiError(422, "invalid_request", "token must be a string", field="token")
            seat = service.seat_of(table, token, required=False)
            lang = service.check_lang(table, first.get("lang", "en"))
        except ApiError as exc:
            await websocket.send_text(json.dumps({"type": "error", "status": exc.status, **exc.body()}))
            await websocket.close(code=4000 + exc.status)
            return
        except (asyncio.TimeoutError, WebSocketDisconnect):
            await _close_quietly(websocket, 4408)
            return
        service.join(table, seat)
        conn = Connection(seat, lang)
        conn.push(service.message(table, "hello", seat, lang))
        table.connections.add(conn)
        writer = asyncio.create_task(_write(websocket, conn))
        try:
            while True:
                raw = await websocket.receive_text()
                try:
                    msg = _ws_object(raw)
                    kind = msg.get("type")
                    if kind == "act":
                        if seat is None:
                            raise ApiError(401, "missing_token", "spectators cannot act")
                        body = _ws_action(msg)
                        await service.act(table, seat, body.action, body.version)
                    elif kind == "undo":
                        await service.undo(table, service.seat_of(table, token, required=True))
                    elif kind == "ping":
                        conn.push('{"type":"pong"}')
                    else:
                        raise ApiError(422, "invalid_request", f"unknown message type {kind!r} "
                                       f"(types: act, undo, ping)", field="type")
                except ApiError as exc:
                    conn.push(json.dumps({"type": "error", "status": exc.status, **exc.body()}))
        except WebSocketDisconnect:
            pass                      # the reader's end: the finally block cleans up
        finally:
            table.connections.discard(conn)
            writer.cancel()

    return app


def _ws_object(raw: str) -> dict:
    try:
        msg = json.loads(raw)
    except ValueError as exc:
        raise ApiError(400, "malformed_json", f"the message is not valid JSON: {exc}") from None
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
        return                        # the peer is gone: nothing left to send


async def _close_quietly(websocket: WebSocket, code: int) -> None:
    with contextlib.suppress(RuntimeError, ConnectionError):   # already closed by the peer
        await websocket.close(code=code)
