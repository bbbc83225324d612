"""The web table: FastAPI app, lobby, game service, WebSocket hub, bots, persistence.

``create_app(database_url)`` builds the ASGI app; ``epochal serve`` runs it under uvicorn.
See docs/web.md for the HTTP and WebSocket API.
"""

from .app import create_app, default_bot_processes, default_database_url
from .service import BOT_LEVELS

__all__ = ["create_app", "default_bot_processes", "default_database_url", "BOT_LEVELS"]
