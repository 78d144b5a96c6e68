"""What ``pip install`` gives works: the sdist carries the content, the wheel built from it holds
every module of tutor/ and every content file, and installed in a fresh venv, run from another
folder, the command line answers and every page of the app renders in both languages.

The build runs on a copy of the checkout in a temporary folder (nothing is written into the
checkout) through ``python -m build`` (sdist first, then the wheel from the sdist), without build
isolation so that it needs no download: the test venv has the build requirements. The fresh venv
gets the wheel alone; Streamlit and Babel come from the test venv through a path file, so the
test runs offline and in seconds.
"""

import os
import subprocess
import sys
import sysconfig
import tarfile
import textwrap
import venv
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ("data", "lessons", "locales")
pytestmark = pytest.mark.xdist_group("packaging")
"""One worker runs every packaging test, on one build and one fresh venv."""


def _checkout_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split("\n")
    return [name for name in listed if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The sdist and the wheel built from a copy of the checkout."""
    tmp = tmp_path_factory.mktemp("build")
    before = _top_level()
    source = tmp / "src"
    for name in _checkout_files():
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((ROOT / name).read_bytes())
    result = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp / "dist"),
                             str(source)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    (sdist,) = (tmp / "dist").glob("gin_tutor-*.tar.gz")
    (wheel,) = (tmp / "dist").glob("gin_tutor-*.whl")
    assert _top_level() == before, "the build wrote into the checkout"
    return tmp, sdist, wheel


def _top_level() -> set[str]:
    return {p.name for p in ROOT.iterdir()}


def test_the_build_writes_nothing_into_the_checkout(built):
    assert not (ROOT / "build").exists() and not (ROOT / "dist").exists()


def test_the_sdist_carries_the_content(built):
    _, sdist, _ = built
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    for folder in CONTENT:
        expected = [f"{folder}/{p.relative_to(ROOT / folder)}" for p in (ROOT / folder).rglob("*")
                    if p.is_file() and p.suffix != ".mo"]
        in_sdist = {n.split("/", 1)[1] for n in names if "/" in n}
        assert expected and set(expected) <= in_sdist, folder
    # The tests and what they need, so that the sdist's tests run (none of it goes into the wheel).
    assert {"tests/conftest.py", "tests/checks.py", "tools/ports.py", "tools/app_server.py", "dev.py"} <= in_sdist
    assert {"tutor/play/_rollout.c", "tutor/play/_rollout.pyi"} <= in_sdist  # the compiled play-outs build from it


def test_the_wheel_holds_every_module_and_every_content_file(built):
    _, _, wheel = built
    names = set(zipfile.ZipFile(wheel).namelist())
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tutor").rglob("*.py")}
    assert modules == {n for n in names if n.startswith("tutor/") and n.endswith(".py")}
    for folder in CONTENT:
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix != ".mo":
                assert f"tutor/{path.relative_to(ROOT).as_posix()}" in names, path
    assert "tutor/locales/es/LC_MESSAGES/messages.mo" in names
    assert "tutor/progress/confusables.txt" in names  # Unicode's lookalikes, for profile names
    assert {n for n in names if n.startswith("tutor/app/static/cards/")} == {
        f"tutor/app/static/cards/{p.name}" for p in (ROOT / "tutor" / "app" / "static" / "cards").glob("*.svg")}
    assert not any(n.startswith(("benchmarks/", "tests/")) for n in names)
    assert "tutor/play/_rollout.pyi" in names
    assert any(n.startswith("tutor/play/_rollout.") and n.endswith(".so") for n in names), "the compiled play-outs"
    assert "tutor/play/_rollout.c" not in names  # compiled in, not shipped as source


@pytest.fixture(scope="module")
def installed(built):
    """A fresh venv with the wheel installed; its Python, and a folder away from the checkout."""
    tmp, _, wheel = built
    env = tmp / "venv"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(wheel)], check=True,
                   capture_output=True)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "test-venv-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return python, Path(site), elsewhere


def test_the_installed_command_line_answers_from_another_folder(installed):
    python, site, elsewhere = installed
    script = python.parent / "gin-tutor"
    result = subprocess.run([str(script), "--lang", "en", "analyze", "AS", "2S", "3S", "7H", "7D", "7C", "KD", "KC",
                             "KH", "9S"], cwd=elsewhere, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "Deadwood: 9S = 9" in result.stdout
    where = subprocess.run([str(python), "-c", "import tutor; print(tutor.__file__)"], cwd=elsewhere,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(site)), where
    compiled = subprocess.run([str(python), "-c", "from tutor.play import simulate; print(simulate.COMPILED.__file__)"],
                              cwd=elsewhere, capture_output=True, text=True, check=True).stdout
    assert compiled.startswith(str(site)), compiled  # the installed play-outs, compiled


def test_the_installed_app_renders_every_page_in_both_languages(installed):
    python, site, elsewhere = installed
    script = textwrap.dedent("""
        from streamlit.testing.v1 import AppTest
        from tutor.app.ui.pages import screens
        from tutor.cli import APP_ENTRY
        from tutor.language.i18n import LANGUAGES
        assert str(APP_ENTRY).startswith(SITE), APP_ENTRY
        for lang in LANGUAGES:
            at = AppTest.from_file(str(APP_ENTRY), default_timeout=60)
            at.query_params["lang"] = lang
            at.run()
            for screen in screens():
                at.switch_page(f"screens/{screen.file}").run()
                assert not at.exception, (lang, screen.file, [e.value for e in at.exception])
        print("rendered", len(screens()) * len(LANGUAGES))
    """)
    result = subprocess.run([str(python), "-c", f"SITE = {str(site)!r}\n" + script], cwd=elsewhere,
                            capture_output=True, text=True, env={"GIN_TUTOR_DATA_DIR": str(elsewhere / "data"),
                                                                 "PATH": "/usr/bin:/bin", "HOME": str(elsewhere)})
    assert result.returncode == 0, result.stderr[-3000:]
    assert "rendered 26" in result.stdout  # thirteen pages (Play a friend the newest), two languages


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_installed_app_served_from_another_folder_has_its_theme_and_no_deploy_button(installed, browser, scheme):
    """``gin-tutor app`` of the installed wheel, started in a folder with no ``.streamlit/``: axe-core
    (colour contrast included) finds nothing on the home page and a drill, and learners see no
    "Deploy" button: the settings travel with the package."""
    from app_server import stop
    from axe_playwright_python.sync_playwright import Axe
    from browser import settle
    from ports import answers, free_port
    from test_accessibility import RULES
    python, _, elsewhere = installed
    assert not (elsewhere / ".streamlit").exists()
    port = free_port()
    server = subprocess.Popen([str(python.parent / "gin-tutor"), "app", "--server.address", "127.0.0.1",
                               "--server.port", str(port)], cwd=elsewhere, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env={**os.environ, "GIN_TUTOR_DATA_DIR": str(elsewhere / "d")})
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 1000}, color_scheme=scheme)
    try:
        assert answers(f"http://127.0.0.1:{port}/_stcore/health", process=server), "the installed app did not start"
        page = context.new_page()
        page.set_default_timeout(45000)
        for address in ("/?lang=en", "/drills?drill=score&seed=7&level=easy&rules=classic&lang=en"):
            page.goto(f"http://127.0.0.1:{port}{address}")
            page.locator("h1").first.wait_for()
            settle(page)
            found = Axe().run(page, options=RULES).response["violations"]
            assert not found, (address, [(v["id"], v["nodes"][0]["target"]) for v in found])
            assert page.get_by_role("button", name="Deploy").count() == 0
    finally:
        context.close()
        stop(server)
