"""The README's deployment for tests: two app processes (``gin-tutor app``) behind nginx with
``deploy/nginx.conf``, only its ports changed, and which process a browser's affinity cookie sends
it to."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path

from app_server import start_app, stop, wait_for_app
from ports import answers, free_port

ROOT = Path(__file__).resolve().parent.parent
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


class DeploymentError(RuntimeError):
    """A part of the deployment did not start."""


@contextlib.contextmanager
def behind_nginx(env: Mapping[str, str], cwd: Path, scratch: Path,
                 front: int | None = None) -> Iterator[tuple[str, tuple[int, int]]]:
    """Two app processes started in ``cwd`` with ``env`` added, behind nginx (its files in
    ``scratch``) on port ``front`` (a free one by default); yields the front address and the two
    processes' ports, and stops them all."""
    front, first, second = front or free_port(), free_port(), free_port()
    servers = [start_app(port, cwd, env) for port in (first, second)]
    (scratch / "tmp").mkdir(parents=True, exist_ok=True)
    config = (ROOT / "deploy" / "nginx.conf").read_text()
    config = (config.replace("127.0.0.1:8600", f"127.0.0.1:{front}").replace("127.0.0.1:8601", f"127.0.0.1:{first}")
              .replace("127.0.0.1:8602", f"127.0.0.1:{second}"))
    (scratch / "nginx.conf").write_text(config)
    nginx = None
    try:
        for port, server in zip((first, second), servers, strict=True):
            if not wait_for_app(port, server):
                raise DeploymentError(f"the app on port {port} did not start")
        nginx = subprocess.run([NGINX, "-p", str(scratch), "-c", str(scratch / "nginx.conf")], capture_output=True)
        if nginx.returncode != 0:
            raise DeploymentError(nginx.stderr.decode())
        if not answers(f"http://127.0.0.1:{front}/_stcore/health"):
            raise DeploymentError("nginx did not start")
        yield f"http://127.0.0.1:{front}", (first, second)
    finally:
        if nginx is not None:
            subprocess.run([NGINX, "-p", str(scratch), "-c", str(scratch / "nginx.conf"), "-s", "stop"],
                           capture_output=True)
        for server in servers:
            stop(server)


def served_by(front: str, key: str) -> int:
    """Which app process nginx sends a browser with the affinity cookie ``key`` to (its port)."""
    request = urllib.request.Request(f"{front}/_stcore/health", headers={"Cookie": f"gt_server={key}"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return int(response.headers["X-Gin-Tutor-Server"].rsplit(":", 1)[1])


def keys_for(front: str, ports: tuple[int, int]) -> dict[int, str]:
    """An affinity cookie for each process."""
    keys: dict[int, str] = {}
    for n in range(200):
        keys.setdefault(served_by(front, f"k{n}"), f"k{n}")
        if len(keys) == 2:
            return keys
    raise DeploymentError(f"nginx sent every browser to one process of {ports}")
