"""Load: simulated learners clicking "New puzzle" on the drills page at a steady rate, against one
app process and against two behind nginx (deploy/nginx.conf, ports changed).

Each learner speaks Streamlit's own websocket protocol (the protobuf messages its browser client
sends): it opens a session on the drills page, then every ``--interval`` seconds (each learner
starting at a random moment) sends the click and waits for the run to finish. The latency is
click to answer: from sending the click to the server's ``script_finished``. It prints the median
and the 95th percentile by number of learners, and the server memory per session (resident memory
of one process with the sessions open, less before, divided by their number). Learners are
guests: nothing is saved, so each process keeps its own (SQLite) data folder. Run from the
checkout (Linux; nginx from Debian for the second part)::

    python benchmarks/load.py --learners 1 5 10 20 40 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import websockets
from servers import APP, ROOT, free_port, serve  # benchmarks/ is the script's own folder
from streamlit_ws import Run, connect, read_run, rerun_message  # tools/, on the path through servers

QUERY = "drill=deadwood&level=easy&lang=en"
PAGE = "drills"


def start_app(port: int, folder: Path) -> subprocess.Popen[bytes]:
    """An app process on ``port``, with a data folder of its own."""
    return serve(APP, str(folder / f"data-{port}"), port=port)[0]


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Learner:
    """One simulated learner: a session on the drills page."""

    def __init__(self, url: str, affinity: str) -> None:
        self.url = url
        self.affinity = affinity
        self.ws: websockets.ClientConnection | None = None
        self.run: Run | None = None

    async def open(self) -> None:
        self.ws = await connect(self.url, self.affinity)
        await self.ws.send(rerun_message(PAGE, QUERY))
        self.run = await read_run(self.ws)

    async def click(self) -> float:
        """Milliseconds from the click to the end of the run it starts."""
        assert self.ws is not None and self.run is not None
        began = time.perf_counter()
        await self.ws.send(rerun_message(PAGE, QUERY, trigger=self.run.widget("drill_new"), after=self.run))
        self.run = await read_run(self.ws)
        return (time.perf_counter() - began) * 1000

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def steady(url: str, learners: int, seconds: float, interval: float) -> list[float]:
    """Every learner clicks every ``interval`` seconds for ``seconds``; the latencies."""
    crowd = [Learner(url, f"learner{n}-{random.random()}") for n in range(learners)]
    await asyncio.gather(*(c.open() for c in crowd))
    latencies: list[float] = []

    async def run(learner: Learner) -> None:
        await asyncio.sleep(random.uniform(0, interval))
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            began = time.monotonic()
            latencies.append(await learner.click())
            await asyncio.sleep(max(0.0, interval - (time.monotonic() - began)))

    await asyncio.gather(*(run(c) for c in crowd))
    await asyncio.gather(*(c.close() for c in crowd))
    return latencies


async def memory_per_session(url: str, pid: int, sessions: int) -> float:
    """KiB of resident memory per open session of one process (after a first session has warmed it
    up: modules imported, caches filled)."""
    warm = Learner(url, "warm")
    await warm.open()
    await warm.close()
    before = resident_kib(pid)
    crowd = [Learner(url, f"m{n}") for n in range(sessions)]
    for learner in crowd:
        await learner.open()
    after = resident_kib(pid)
    for learner in crowd:
        await learner.close()
    return (after - before) / sessions


def _row(label: str, learners: int, latencies: list[float]) -> str:
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"| {label} | {learners} | {len(ordered)} | {statistics.median(ordered):.0f} | {p95:.0f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[1, 5, 10, 20, 40])
    parser.add_argument("--seconds", type=float, default=20.0, help="clicking time per measurement")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between a learner's clicks")
    parser.add_argument("--sessions", type=int, default=20, help="sessions opened to measure memory")
    args = parser.parse_args()
    random.seed(1)
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        first, second, front = free_port(), free_port(), free_port()
        apps = [start_app(first, folder), start_app(second, folder)]
        prefix = folder / "nginx"
        (prefix / "tmp").mkdir(parents=True)
        config = (ROOT / "deploy" / "nginx.conf").read_text()
        (prefix / "nginx.conf").write_text(
            config.replace("127.0.0.1:8600", f"127.0.0.1:{front}").replace("127.0.0.1:8601", f"127.0.0.1:{first}")
            .replace("127.0.0.1:8602", f"127.0.0.1:{second}"))
        behind = Path(nginx).exists() and subprocess.run(
            [nginx, "-p", str(prefix), "-c", str(prefix / "nginx.conf")], capture_output=True).returncode == 0
        try:
            one = f"ws://127.0.0.1:{first}"
            kib = asyncio.run(memory_per_session(one, apps[0].pid, args.sessions))
            print(f"click to answer, a click every {args.interval:g} s per learner, {args.seconds:g} s each "
                  f"({os.cpu_count()} cores):\n")
            print("| servers | learners | clicks | median ms | 95th percentile ms |")
            print("| --- | --- | --- | --- | --- |")
            for learners in args.learners:
                print(_row("one process", learners, asyncio.run(steady(one, learners, args.seconds, args.interval))),
                      flush=True)
            if behind:
                for learners in args.learners:
                    print(_row("two behind nginx", learners, asyncio.run(
                        steady(f"ws://127.0.0.1:{front}", learners, args.seconds, args.interval))), flush=True)
            else:
                print("(nginx is not installed: the two-process part is left out)")
            print(f"\nserver memory per open session: {kib:.0f} KiB ({args.sessions} sessions on one process)")
        finally:
            if behind:
                subprocess.run([nginx, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-s", "stop"],
                               capture_output=True)
            for app in apps:
                app.terminate()
                app.wait(timeout=20)


if __name__ == "__main__":
    main()
