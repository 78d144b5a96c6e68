"""Local servers for tests and benchmarks: a free port, and waiting until an address answers."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(url: str, seconds: float = 60, process: subprocess.Popen[bytes] | None = None) -> bool:
    """Whether ``url`` answers 200 within ``seconds`` (false at once if ``process`` has ended)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if urllib.request.urlopen(url, timeout=2).status == 200:
                return True
        except OSError:
            pass
        if process is not None and process.poll() is not None:
            return False
        time.sleep(0.3)
    return False
