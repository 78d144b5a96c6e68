"""Starting app servers for the benchmarks: a free port, ``streamlit run``, and waiting until it
answers its health check."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tutor" / "app" / "main.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(url: str) -> None:
    """Wait (a minute at most) until ``url`` answers 200."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if urllib.request.urlopen(url, timeout=2).status == 200:
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"{url} did not answer")


def serve(script: Path, data_dir: str, cwd: Path = ROOT,
          port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``streamlit run script`` in ``cwd`` (whose ``.streamlit/config.toml`` applies), its
    progress in SQLite in ``data_dir``, on ``port`` (a free one by default); returns the process
    and its address once it answers."""
    port = port or free_port()
    env = {**os.environ, "GIN_TUTOR_DATA_DIR": data_dir}
    env.pop("GIN_TUTOR_DATABASE_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false"],
        cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(f"{url}/_stcore/health")
    except SystemExit:
        server.terminate()
        raise
    return server, url
