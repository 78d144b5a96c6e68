"""Starting app servers for the benchmarks: a free port, the server (gin-tutor through ``gin-tutor
app``, with the settings it ships; any other script through ``streamlit run``), and waiting until it
answers its health check."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from app_server import app_command  # noqa: E402  (tools/ is not a package)
from ports import answers, free_port  # noqa: E402

__all__ = ["APP", "ROOT", "free_port", "serve"]
APP = ROOT / "tutor" / "app" / "main.py"


def serve(script: Path, data_dir: str, cwd: Path = ROOT,
          port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``script`` in ``cwd`` (gin-tutor's own entry through ``gin-tutor app``, another script
    with ``streamlit run`` and Streamlit's defaults), its progress in SQLite in ``data_dir``, on
    ``port`` (a free one by default); returns the process and its address once it answers."""
    port = port or free_port()
    env = {**os.environ, "GIN_TUTOR_DATA_DIR": data_dir}
    env.pop("GIN_TUTOR_DATABASE_URL", None)
    command = app_command(port) if script == APP else [
        sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
        "--server.address", "127.0.0.1", "--server.port", str(port), "--browser.gatherUsageStats", "false"]
    server = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    if not answers(f"{url}/_stcore/health", process=server):
        server.terminate()
        raise SystemExit(f"{url} did not answer")
    return server, url
