"""A throwaway PostgreSQL cluster for the tests: made with Debian's ``initdb`` and ``pg_ctl`` in a
temporary folder, listening on a free port of 127.0.0.1, removed afterwards.

PostgreSQL will not run as root: when the tests run as root, the cluster runs as the ``postgres``
user that Debian's package creates. :func:`missing` says why no cluster can be made here (then the
tests that need one skip, and fail in CI, which installs the package).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from ports import free_port  # tools/ports.py, on the path through conftest


def _tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


def _runner() -> list[str]:
    """How to run the server's commands: as ourselves, or as ``postgres`` when we are root."""
    if os.geteuid() != 0:
        return []
    return ["runuser", "-u", "postgres", "--"]


def missing() -> str | None:
    """Why no cluster can be made here, or None."""
    if not (_tool("initdb") and _tool("pg_ctl")):
        return "PostgreSQL's initdb and pg_ctl are not installed (Debian: apt-get install postgresql)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run the server as"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the psycopg driver is not installed"
    return None


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    """Start a cluster; stop and remove it on the way out."""
    folder = Path(tempfile.mkdtemp(prefix="gin-tutor-pg-"))
    runner = _runner()
    if runner:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
    data = folder / "data"
    port = free_port()
    server = Cluster(folder, port, runner)
    try:
        subprocess.run([*runner, str(_tool("initdb")), "-D", str(data), "-U", "gintutor", "-A", "trust",
                        "-E", "UTF8", "--no-locale"], check=True, capture_output=True)
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


class Cluster:
    """A running throwaway cluster: databases made on demand, the server stopped and started again."""

    def __init__(self, folder: Path, port: int, runner: list[str]) -> None:
        self.folder = folder
        self.port = port
        self.runner = runner
        self._databases = 0

    def _ctl(self, *args: str) -> None:
        subprocess.run([*self.runner, str(_tool("pg_ctl")), "-D", str(self.folder / "data"), *args],
                       check=True, capture_output=True)

    def start(self) -> None:
        self._ctl("-l", str(self.folder / "server.log"), "-w", "-o",
                  f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off", "start")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._ctl("-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://gintutor@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg
        self._databases += 1
        name = f"t{self._databases}_{int(time.time() * 1000) % 100000}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=gintutor dbname=postgres",
                             autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)
