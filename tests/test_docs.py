"""The README and the pages of docs/ stay true: every command they show is run (or, where it is
long or changes a machine, checked against what runs it), every Python example runs, every TOML
example parses, and every link between them leads somewhere that exists.

A command shown is a line of a ```sh block. How each is run:
- the command line (``gin-tutor``, ``python3 dev.py cli``): run here, with the inputs it names;
- the test commands (``python3 dev.py test ...``): pytest collects with those options, and must find
  tests (running the suite from inside the suite would never end);
- a benchmark or tool script: every option it is given is one its source declares, and it parses
  them (``--help`` after them); tests/test_benchmarks.py runs each benchmark small;
- serving the app, the deployment and the installs: the test named for each in :data:`RUN_BY`, which
  runs the same thing (two ``gin-tutor app`` behind nginx with ``deploy/nginx.conf`` on PostgreSQL,
  the wheel installed in a fresh venv, what CI installs).
"""

from __future__ import annotations

import functools
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)

RUN_BY = {
    "python3 dev.py app": "tests/test_cli.py::test_the_served_app_carries_every_setting_it_relies_on_whatever_folder_"
                          "it_starts_from",
    "gin-tutor app": "tests/test_deploy.py::test_progress_and_a_game_follow_the_learner_to_the_other_process",
    "pip install": "tests/test_packaging.py::test_the_installed_command_line_answers_from_another_folder",
    "createdb": "tests/test_postgres.py::test_a_new_database_gets_every_migration",
    "export": "tests/test_deploy.py::test_progress_and_a_game_follow_the_learner_to_the_other_process",
    "mkdir": "tests/test_deploy.py::test_progress_and_a_game_follow_the_learner_to_the_other_process",
    "nginx": "tests/test_deploy.py::test_progress_and_a_game_follow_the_learner_to_the_other_process",
    "sudo apt-get install": ("tests/test_benchmarks.py::test_the_arena_skips_the_java_players_and_says_why_when_they"
                             "_are_not_built"),
}
"""The commands run by another test (the start of the command: the test that runs the same thing)."""

INPUTS = {
    "hands.txt": "AS 2S 3S 7H 7D 7C KD KC KH 9S\n5H 6H 7H KS KD KC AD 2D 3D 4C\n",
    "views.jsonl": "".join(p.read_text().strip() + "\n" for p in sorted((ROOT / "tests" / "views").glob("*.json"))[:2]),
}
"""What the commands shown read from their standard input (two hands; two views of tests/views/)."""


def blocks(kind: str) -> list[tuple[str, str]]:
    """Every fenced block of ``kind`` in the pages: (the page, its text)."""
    return [(page.name, m.group(2)) for page in PAGES for m in FENCE.finditer(page.read_text(encoding="utf-8"))
            if m.group(1) == kind]


def commands() -> list[tuple[str, str]]:
    """Every command of the ```sh blocks: (the page, the command without its comment), a line ending
    in a backslash joined to the next."""
    found = []
    for page, text in blocks("sh"):
        for line in text.replace("\\\n", " ").splitlines():
            command = re.split(r"\s+#\s", line, maxsplit=1)[0].strip()
            if command and not command.startswith("#"):
                found.append((page, command))
    return found


def test_the_pages_show_commands_of_every_kind():
    found = [c for _, c in commands()]
    assert any(c.startswith("python3 dev.py test") for c in found)
    assert any("gin-tutor score" in c for c in found)
    assert any(c.startswith("nginx") for c in found)


def run_by(command: str) -> str | None:
    return next((test for start, test in RUN_BY.items() if command.startswith(start)), None)


@pytest.mark.parametrize(("page", "command"), commands())
def test_every_command_shown_runs(page, command, tmp_path):
    words = shlex.split(command.rstrip("&").strip().split(" < ")[0])
    stdin = command.split(" < ")[1].strip() if " < " in command else None
    if words[:3] == ["python3", "dev.py", "cli"] or words[0] in ("gin-tutor", ".venv/bin/gin-tutor"):
        args = words[3:] if words[0] == "python3" else words[1:]
        if args[0] != "app":
            feed = INPUTS[stdin] if stdin else None
            done = subprocess.run([sys.executable, "-m", "tutor.cli", *args], input=feed, capture_output=True,
                                  text=True, cwd=tmp_path, timeout=240)
            assert done.returncode == 0, (command, done.stderr)
            assert done.stdout.strip(), command
            return
    if words[:3] == ["python3", "dev.py", "test"]:
        given = words[3:]
        if "-n" in given:  # collected in this process whatever the workers asked
            del given[given.index("-n"):given.index("-n") + 2]
        returncode, stdout = collected(tuple(given))
        assert returncode == 0, (command, stdout[-2000:])
        assert re.search(r"^\d+ tests? collected|^\d+/\d+ tests collected", stdout, re.M), stdout[-500:]
        return
    script = next((w for w in words if w.endswith(".py") and "/" in w), None)
    if script is not None and script != "dev.py":
        check_script(script, words[words.index(script) + 1:])
        return
    test = run_by(command)
    assert test is not None, f"{page}: no test runs {command!r}: run it here or name the test in RUN_BY"
    path, name = test.split("::")
    assert re.search(rf"^def {re.escape(name)}\(", (ROOT / path).read_text(), re.M), f"{test} is gone"


@functools.cache
def collected(given: tuple[str, ...]) -> tuple[int, str]:
    """What ``pytest --collect-only`` says of the suite with ``given`` (its exit code and output). The
    whole suite with no option is collected as with ``-m "not browser"``: that imports every test
    module just the same (a mark only leaves tests out after), so one collection answers both of the
    README's commands (each takes some 20 s of a worker)."""
    if not given:
        given = ("-m", "not browser")
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", *given],
                          capture_output=True, text=True, cwd=ROOT, timeout=240)
    return done.returncode, done.stdout


def check_script(script: str, args: list[str]) -> None:
    """A script of the checkout: it exists, each option it is given is declared in its source, and
    its parser takes them."""
    source = (ROOT / script).read_text(encoding="utf-8")
    for word in args:
        if word.startswith("--"):
            assert f'"{word.split("=")[0]}"' in source, f"{script} has no option {word}"
    if "argparse" in source:
        done = subprocess.run([sys.executable, script, *args, "--help"], capture_output=True, text=True, cwd=ROOT,
                              timeout=120)
        assert done.returncode == 0, (script, args, done.stderr[-1000:])
    if script.startswith("benchmarks/"):
        name = Path(script).name
        assert name in (ROOT / "tests" / "test_benchmarks.py").read_text() or name == "eaai.py", \
            f"no test in tests/test_benchmarks.py runs {name}"


INLINE = re.compile(r"`((?:\.venv/bin/)?python3? (benchmarks|tools)/[\w/]+\.py[^`]*)`")


@pytest.mark.parametrize(("page", "command"), [(p.name, m.group(1)) for p in PAGES
                                               for m in INLINE.finditer(p.read_text(encoding="utf-8"))])
def test_every_script_named_in_the_text_exists_with_the_options_it_is_given(page, command):
    words = shlex.split(command)
    script = next(w for w in words if w.endswith(".py"))
    assert (ROOT / script).is_file(), f"{page}: {script} does not exist"
    source = (ROOT / script).read_text(encoding="utf-8")
    for word in words[words.index(script) + 1:]:
        if word.startswith("--"):
            assert f'"{word}"' in source, f"{page}: {script} has no option {word}"


@pytest.mark.parametrize(("page", "code"), blocks("python"))
def test_every_python_example_runs(page, code, tmp_path):
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, (page, done.stderr[-2000:])


@pytest.mark.parametrize(("page", "text"), blocks("toml"))
def test_every_toml_example_parses(page, text):
    assert tomllib.loads(text), page


LINK = re.compile(r"\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_every_link_between_the_pages_leads_somewhere_that_exists():
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # an address on the web
            path, _, anchor = target.partition("#")
            found = (page.parent / path).resolve() if path else page
            assert found.exists(), f"{page.name} links to {target}, which does not exist"
            if anchor and found.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", found.read_text(encoding="utf-8"), re.M)
                assert anchor in {slug(h) for h in headings}, f"{page.name} links to {target}: no such heading"


def test_every_page_of_the_docs_is_reached_from_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = {Path(t.partition("#")[0]).name for t in LINK.findall(readme)}
    for page in PAGES[1:]:
        assert page.name in linked, f"the README does not lead to docs/{page.name}"


def test_the_readme_fits_a_first_visit():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 150
