#!/usr/bin/env python3
"""Set up gin-tutor on a machine that has only Python 3.11+ and pip, then run it.

    python3 dev.py app [streamlit options]   set up, then start the app
    python3 dev.py test [pytest options]     set up with the test tools, then lint (ruff) and run every
                                             test (pytest, on every core) while type-checking beside it
                                             (mypy --strict on the package, mypy on the tests, benchmarks
                                             and tools): it fails if any of them does
    python3 dev.py cli ARGS...               set up, then run the command line (gin-tutor ARGS)

Set-up makes a virtual environment in .venv, installs the project into it (again only when
pyproject.toml, setup.py or a C source changed: the analysis' compiled play-outs are built then) and
compiles the gettext catalogs. Running it twice is fine.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import threading
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
STAMP = VENV / ".gin-tutor-installed"


def _fingerprint(extra: str) -> str:
    digest = hashlib.sha256(extra.encode())
    for path in [ROOT / "pyproject.toml", ROOT / "setup.py", *sorted((ROOT / "tutor").rglob("*.c"))]:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()


def set_up(extra: str = "") -> None:
    """Create .venv, install the project (with an extra such as "test"), compile the catalogs."""
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py may be started by an older Python: it says so)
        sys.exit("gin-tutor needs Python 3.11 or newer")
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = _fingerprint(extra)
    installed = STAMP.read_text().split() if STAMP.exists() else []
    if wanted not in installed:
        target = f".[{extra}]" if extra else "."
        print(f"Installing gin-tutor {target} into .venv ...", flush=True)
        # pip compiles what it installs one file at a time (22 of its 50 s here): it installs without,
        # and compileall compiles the same files on every core (9 s). Compiled they must be: where
        # PYTHONDONTWRITEBYTECODE is set, as on this machine, nothing imported later is kept compiled,
        # and every app server a test starts would compile Streamlit again.
        subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-compile", "--editable", target], cwd=ROOT, check=True)
        subprocess.run([str(PYTHON), "-m", "compileall", "-q", "-j", "0", str(VENV / "lib")], cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        keep = [f for f in installed if f != wanted][-3:]
        STAMP.write_text("\n".join(keep + [wanted]) + "\n")
        built = subprocess.run([str(PYTHON), "-c", "import tutor.play._rollout"], cwd=ROOT, capture_output=True)
        if built.returncode:
            print("Note: the analysis' compiled play-outs could not be built (is a C compiler installed?): "
                  "the coach runs in Python, the same verdicts some ten times slower.", flush=True)
    subprocess.run([str(PYTHON), "-m", "tutor.language.i18n", "compile"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    # The package's bytecode, written once: where PYTHONDONTWRITEBYTECODE is set (as on this machine)
    # every process (each app server and review worker a test starts) would compile it again.
    subprocess.run([str(PYTHON), "-m", "compileall", "-q", "tutor"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def _type_check(typed: list[tuple[str, subprocess.CompletedProcess[str]]]) -> None:
    """Both mypy runs, one after the other, their output kept for after the tests. They run beside
    pytest, at the lowest priority (``nice``, where there is one): pytest's workers leave a core idle
    much of the time (waiting for servers and browsers), and mypy's 45 s of CPU fit in those gaps
    instead of slowing the tests."""
    lower = [nice, "-n", "19"] if (nice := shutil.which("nice")) else []
    for check in (["mypy", "--strict", "tutor"], ["mypy"]):
        typed.append((" ".join(check), subprocess.run([*lower, str(PYTHON), "-m", *check], cwd=ROOT,
                                                      capture_output=True, text=True)))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"app", "test", "cli"}:
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "test":
        set_up("test")
        print("$ ruff check .", flush=True)
        status = subprocess.call([str(PYTHON), "-m", "ruff", "check", "."], cwd=ROOT)
        if status:
            return status
        typed: list[tuple[str, subprocess.CompletedProcess[str]]] = []
        checker = threading.Thread(target=_type_check, args=(typed,))
        checker.start()
        status = subprocess.call([str(PYTHON), "-m", "pytest", *rest], cwd=ROOT)
        checker.join()
        for line, done in typed:
            print(f"$ {line}\n{done.stdout}{done.stderr}", end="", flush=True)
            status = status or done.returncode
        return status
    set_up()
    if command == "cli":
        return subprocess.call([str(PYTHON), "-m", "tutor.cli", *rest], cwd=ROOT)
    return subprocess.call([str(PYTHON), "-m", "tutor.cli", "app", *rest], cwd=ROOT)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
