"""Starting the app as a learner's server runs it, for the browser, accessibility and deployment
tests and the benchmarks: through ``gin-tutor app`` (``python -m tutor.cli app``), so that the
settings shipped in the package (theme, toolbar, error details, static files) are the ones tested,
and from a folder of the caller's choosing, never the checkout's own."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from ports import answers


def app_command(port: int, *extra: str) -> list[str]:
    """The command that serves the app on 127.0.0.1:``port`` (``extra`` goes to Streamlit)."""
    return [sys.executable, "-m", "tutor.cli", "app", "--server.address", "127.0.0.1", "--server.port", str(port),
            *extra]


def start_app(port: int, cwd: Path, env: Mapping[str, str] | None = None, *extra: str) -> subprocess.Popen[bytes]:
    """Start the app on ``port`` in ``cwd`` with ``env`` added to this process's environment; the
    process is Streamlit itself (``gin-tutor app`` execs it), so terminating it stops the server."""
    return subprocess.Popen(app_command(port, *extra), cwd=cwd, env={**os.environ, **(env or {})},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_for_app(port: int, process: subprocess.Popen[bytes] | None = None, seconds: float = 60) -> bool:
    """Whether the app on ``port`` answers its health check within ``seconds``."""
    return answers(f"http://127.0.0.1:{port}/_stcore/health", seconds, process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server and wait for it (killed if it does not stop within 20 seconds)."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=20)
