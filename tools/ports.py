"""Local servers for tests and benchmarks: a free port, and waiting until an address answers.

On a shared machine the ports can be kept to a range: ``GIN_TUTOR_TEST_PORTS=8650-8659`` makes
:func:`free_port` hand out only ports of that range (each not yet handed out first, so that two
servers started one after the other do not get the same one; then those that are free again).
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request

PORTS_ENV = "GIN_TUTOR_TEST_PORTS"
"""A range of ports (``8650-8659``) to start servers on, instead of any free one."""
_handed_out: set[int] = set()


class NoFreePortError(RuntimeError):
    """Every port of :data:`PORTS_ENV`'s range is taken: a test that needs a server cannot start one."""


def _range() -> range | None:
    text = os.environ.get(PORTS_ENV, "").strip()
    if not text:
        return None
    low, _, high = text.partition("-")
    try:
        first, last = int(low), int(high or low)
    except ValueError:
        raise SystemExit(f"{PORTS_ENV} must be a range of ports such as 8650-8659, not {text!r}") from None
    return range(first, last + 1)


def _is_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (in :data:`PORTS_ENV`'s range when it is set)."""
    allowed = _range()
    if allowed is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return int(s.getsockname()[1])
    fresh = [port for port in allowed if port not in _handed_out]
    for port in [*fresh, *(port for port in allowed if port in _handed_out)]:  # a port given before, once free again
        if _is_free(port):
            _handed_out.add(port)
            return port
    raise NoFreePortError(f"every port of {PORTS_ENV}={os.environ[PORTS_ENV]} is taken: give the tests a wider "
                          "range, or leave the variable unset")


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
