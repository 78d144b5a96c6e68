"""Starting app servers for the benchmarks: a free port, ``streamlit run``, and waiting until it
answers its health check."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from ports import answers, free_port  # noqa: E402  (tools/ is not a package)

__all__ = ["APP", "ROOT", "free_port", "serve"]
APP = ROOT / "tutor" / "app" / "main.py"


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
    if not answers(f"{url}/_stcore/health", process=server):
        server.terminate()
        raise SystemExit(f"{url} did not answer")
    return server, url
