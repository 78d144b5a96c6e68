"""No damaged row breaks a page: a saved game's moves, dates or level, a review card's state or due
time, each damaged in the database as another program or a bad disk would leave it. Every page
still opens for the learner (no error box), the row is set aside (kept, not deleted) and the
learner is told once, in their language. On SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from apptest_helpers import start
from checks import some
from fsrs import Rating

from tutor.app.ui import profile as profile_ui
from tutor.progress.store import open_store

PAGES = ["screens/review.py", "screens/play.py", "screens/progress.py", "screens/home.py"]
TOLD = {"en": "1 saved item of yours could not be read (a saved game, a review card or a drill answer, damaged): it "
              "was put aside, kept but not used, and the rest of your progress works.",
        "es": "No se pudo leer 1 dato guardado tuyo (una partida, una tarjeta de repaso o una respuesta de "
              "ejercicio, dañada): se apartó, se conserva sin usarse, y el resto de tu progreso funciona."}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path, monkeypatch):
    """Ana's progress (a review item and a saved game) in a database the app uses; its URL."""
    profile_ui._store.clear()
    if request.param == "sqlite":
        monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path))
        monkeypatch.delenv("GIN_TUTOR_DATABASE_URL", raising=False)
        url, store = f"sqlite:///{tmp_path / 'progress.db'}", open_store(tmp_path)
    else:
        url = request.getfixturevalue("postgres_cluster").new_database()
        monkeypatch.setenv("GIN_TUTOR_DATABASE_URL", url)
        store = open_store(url=url)
    ana = some(store.profile("Ana"))
    store.schedule(ana.id, "term:baceta:es>en", Rating.Again)
    store.save_game(ana.id, None, 12345, "beginner", "classic", [("pass", None)], False, None, 1, 1)
    store.close()
    yield url
    profile_ui._store.clear()


DAMAGE = {
    "review state 99": "UPDATE review SET state = 99",
    "review due garbage": "UPDATE review SET due = 'garbage'",
    "review stability negative": "UPDATE review SET state = 2, stability = -1, difficulty = 5",
    "game moves not json": "UPDATE games SET moves = 'not json'",
    "game move without its card": "UPDATE games SET moves = '[[\"stock\"]]'",
    "game started yesterday": "UPDATE games SET started = 'yesterday'",
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_row_is_set_aside_every_page_works_and_the_learner_is_told_once(database, damage, lang):
    engine = sa.create_engine(database)
    with engine.begin() as db:
        db.execute(sa.text(DAMAGE[damage]))
    engine.dispose()
    at = start(lang)
    at.session_state["profile_name"] = "Ana"
    told = []
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (damage, page, [e.value for e in at.exception])
        told += [i.value for i in at.info if i.value == TOLD[lang]]
    assert told == [TOLD[lang]]  # once, on the page that met it
    assert profile_ui.store().set_aside_count(some(profile_ui.store().find_profile("Ana")).id) == 1


def test_a_saved_game_of_a_level_this_version_does_not_know_stays_and_the_pages_work(database):
    # A newer gin-tutor sharing the database may add a level: its game is not resumed, but it stays,
    # and the progress page names the level as it is written.
    engine = sa.create_engine(database)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE games SET level = 'grandmaster'"))
    engine.dispose()
    at = start("en")
    at.session_state["profile_name"] = "Ana"
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (page, [e.value for e in at.exception])
    store = profile_ui.store()
    assert [g.level for g in store.games(some(store.find_profile("Ana")).id)] == ["grandmaster"]


RATING_DAMAGE = [
    "UPDATE ratings SET rating = -40",
    "UPDATE ratings SET deviation = 1e9",
    "UPDATE rating_history SET at = 'garbage'",
    "UPDATE rating_history SET kind = 'poker'",   # a kind this version does not know
    "UPDATE ratings SET kind = 'poker'",
]


@pytest.mark.parametrize("damage", RATING_DAMAGE)
def test_a_damaged_rating_or_an_odd_history_never_breaks_the_progress_or_drills_page(database, damage):
    from tutor.progress.ratings import Rating as Glicko
    store = open_store(url=database) if database.startswith("postgresql") else None
    store = store or open_store(__import__("pathlib").Path(database.removeprefix("sqlite:///")).parent)
    ana = some(store.find_profile("Ana")).id
    for seed in range(2):
        store.rate_attempt(ana, "score", f"drill:score:medium:classic:{seed}", Glicko(1500, 200), True, False)
    store.close()
    engine = sa.create_engine(database)
    with engine.begin() as db:
        db.execute(sa.text(damage))
    engine.dispose()
    at = start("en")
    at.session_state["profile_name"] = "Ana"
    for page in ("screens/progress.py", "screens/drills.py"):
        at.switch_page(page).run()
        assert not at.exception, (damage, page, [e.value for e in at.exception])
    at.segmented_control(key="drill_level_choice").set_value("suited").run()
    assert not at.exception
