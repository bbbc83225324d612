"""Player keys: one secret per person that finds their seats again on any device.

A browser that holds seat links may ask for a key and attach its seats to it. The store keeps,
for each attached seat, the seat link's secret sealed with the key: XORed with
HMAC-SHA512(key, "<game id>/<seat>"), a pad that HMAC makes unpredictable without the key and
that the game id and seat make different for every seat of the key. So the store alone (a
leaked database) opens no seat; the key finds its hash's rows and unseals them. Keys, like seat
links, are 192-bit random strings stored only as SHA-256 hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

MOST_SEATS = 200  # seats one key lists (the newest)


def new_key() -> str:
    return secrets.token_urlsafe(24)


def _pad(key: str, game_id: str, seat: int) -> bytes:
    return hmac.new(key.encode(), f"{game_id}/{seat}".encode(), hashlib.sha512).digest()


def seal(key: str, game_id: str, seat: int, token: str) -> str:
    data = token.encode()
    if len(data) > 64:
        raise ValueError("a seat's secret has at most 64 bytes")
    return bytes(a ^ b for a, b in zip(data, _pad(key, game_id, seat), strict=False)).hex()


def unseal(key: str, game_id: str, seat: int, sealed: str) -> str:
    data = bytes.fromhex(sealed)
    return bytes(a ^ b for a, b in zip(data, _pad(key, game_id, seat), strict=False)).decode(errors="replace")
