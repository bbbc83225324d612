"""Run ``epochal serve`` as a separate process: for restart tests, browser tests and benchmarks.

A real uvicorn process is what a person runs, and the only way to prove that killing it loses
nothing: ``kill()`` sends SIGKILL, so no shutdown code gets a chance to save anything.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import BinaryIO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(
        self,
        database_url: str,
        port: int | None = None,
        bot_delay: float = 0.0,
        log_path: str | Path | None = None,
        extra_args: list[str] | None = None,
    ):
        self.database_url = database_url
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.log_path = Path(log_path) if log_path else None
        self.extra_args = extra_args or []
        self.proc: subprocess.Popen | None = None
        self._log: BinaryIO | None = None  # the server's output, when kept

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        # One client creates every game of a test or a benchmark: no creation rate limit
        # (``extra_args`` may set one again; the last --create-rate counts).
        cmd = [
            sys.executable,
            "-m",
            "epochal.cli",
            "serve",
            "--port",
            str(self.port),
            "--database",
            self.database_url,
            "--bot-delay",
            str(self.bot_delay),
            "--log-level",
            "warning",
            "--create-rate",
            "0",
            *self.extra_args,
        ]
        self._log = open(self.log_path, "ab") if self.log_path else None
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(cmd, stdout=self._log or subprocess.DEVNULL, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"the server exited with code {self.proc.returncode}"
                    + (f"; see {self.log_path}" if self.log_path else "")
                )
            try:
                with urllib.request.urlopen(self.url + "/api/meta", timeout=1) as res:
                    if res.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"the server did not answer on {self.url} within {timeout} s")

    def kill(self) -> None:
        """SIGKILL: the hard way a crash or an OOM kill ends a server."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self._close_log()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_log()

    def _close_log(self) -> None:
        if self._log:
            self._log.close()
            self._log = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
