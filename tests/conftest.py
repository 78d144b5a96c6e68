import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "tools"))  # shared helpers (ports, browser)


import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=300, derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""How many examples each Hypothesis property tries: a fixed sample of 300 by default (the same
examples every run), ten times as many, freshly drawn, with ``--thorough``."""


def pytest_addoption(parser):
    parser.addoption("--thorough", action="store_true",
                     help="run the property tests at full size: thousands of whole hands and games, and ten times the "
                          "Hypothesis examples (the default run is a fixed, modest sample)")


def pytest_configure(config):
    _keep_to_themselves()
    _scan_components_once()
    settings.load_profile("thorough" if config.getoption("--thorough") else "default")


def _scan_components_once() -> None:
    """Scan the installed packages for Streamlit components once per test process: every AppTest
    scans them anew on its first run (reading the metadata of some 340 packages, a quarter of a
    second, most of a small page test's time), and they do not change while the tests run."""
    import functools

    from streamlit.components.v2 import manifest_scanner
    manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)


@pytest.fixture
def thorough(request) -> bool:
    """Whether this run asked for the property tests at full size (``--thorough``)."""
    return bool(request.config.getoption("--thorough"))


ISOLATED = ("GIN_TUTOR_DATA_DIR", "GIN_TUTOR_DATABASE_URL")
"""Where the app keeps progress: whatever the environment says, the tests keep theirs apart."""


def _keep_to_themselves() -> None:
    """Point the whole run (and every server it starts) at a folder of its own, on no database
    server, whatever the environment holds: no test reads or writes a learner's own progress."""
    import os
    import tempfile
    os.environ.pop("GIN_TUTOR_DATABASE_URL", None)
    os.environ["GIN_TUTOR_DATA_DIR"] = tempfile.mkdtemp(prefix="gin-tutor-tests-")


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory, monkeypatch):
    """Each test keeps its progress in a fresh folder of its own."""
    monkeypatch.delenv("GIN_TUTOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path_factory.mktemp("progress")))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test that could not start a server for want of a free port (a narrow
    ``GIN_TUTOR_TEST_PORTS``) is skipped with the reason, not an error (in CI it fails, saying so)."""
    import os

    from ports import NoFreePortError
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and call.excinfo.errisinstance(NoFreePortError) and not os.environ.get("CI"):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {call.excinfo.value}")


@pytest.fixture(autouse=True)
def _no_reviews_left_waiting():
    """A test's decisions still waiting for the coach's review are dropped when it ends: the next
    test does not share the machine with reviews nobody will read."""
    yield
    background = sys.modules.get("tutor.play.background")
    if background is not None and background._reviewer is not None:
        background._reviewer.forget()


@pytest.fixture(autouse=True)
def _seeded_puzzle_numbers(monkeypatch):
    """New puzzle numbers (a lesson's check, "New puzzle") come from a seeded generator in tests,
    so that a failure shows the same puzzles when it is run again."""
    import random

    from tutor.app.ui import state
    monkeypatch.setattr(state, "_seeds", random.Random(20261201))


@pytest.fixture(scope="session")
def postgres_cluster():
    """A throwaway PostgreSQL cluster for the whole run (tests/postgres.py): skipped, saying why,
    where PostgreSQL is not installed; in CI, which installs it, a missing server fails."""
    import postgres
    from checks import require
    why = postgres.missing()
    require([why] if why else [], "PostgreSQL")
    with postgres.cluster() as cluster:
        yield cluster


@pytest.fixture(params=["sqlite", "postgresql"])
def store_at(request, tmp_path):
    """Open the progress store at one place, on each engine: a SQLite file in a fresh folder, or a
    fresh database on the throwaway PostgreSQL server. Call it again to open the same place anew
    (another tab, another process)."""
    from tutor.progress.store import open_store
    opened = []
    if request.param == "sqlite":
        def open_here(clock=None):
            opened.append(open_store(tmp_path, **({"clock": clock} if clock else {})))
            return opened[-1]
    else:
        url = request.getfixturevalue("postgres_cluster").new_database()

        def open_here(clock=None):
            opened.append(open_store(url=url, **({"clock": clock} if clock else {})))
            return opened[-1]
    open_here.engine = request.param  # type: ignore[attr-defined]
    yield open_here
    for store in opened:
        store.close()


# --- The app in a real browser (the browser, accessibility and deployment tests) ------------------

def require_browser() -> None:
    """Skip, saying why, where Debian's Chromium or Playwright is missing; in CI, which installs
    them, fail instead."""
    from browser import chromium_path
    from checks import require
    problems = []
    if not Path(chromium_path()).exists():
        problems.append("Debian's chromium is not installed (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problems.append("the playwright package is not installed")
    require(problems, "the browser test")


@pytest.fixture(scope="session")
def app_url(tmp_path_factory):
    """The app as ``gin-tutor app`` serves it, started from a folder away from the checkout (so its
    settings come from the package): one server for every browser test of a run (of a worker)."""
    from app_server import start_app, stop, wait_for_app
    from ports import free_port
    require_browser()
    port = free_port()
    elsewhere = tmp_path_factory.mktemp("browser-cwd")
    server = start_app(port, elsewhere, {"GIN_TUTOR_DATA_DIR": str(tmp_path_factory.mktemp("browser-progress"))})
    try:
        if not wait_for_app(port, server):
            pytest.fail("the app did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(server)


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium (Debian's) for every browser test of a run (of a worker)."""
    from browser import CHROMIUM_ARGS, chromium_path
    require_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
