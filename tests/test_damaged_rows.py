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

from tutor.app.ui import store_access
from tutor.progress.store import open_store

PAGES = ["screens/review.py", "screens/play.py", "screens/progress.py", "screens/home.py"]
TOLD = {"en": "1 saved item of yours could not be read (a saved game, a review card, a rating or a drill answer, "
              "damaged or from a newer version): it was put aside, kept but not used, and the rest of your progress "
              "works.",
        "es": "No se pudo leer 1 dato guardado tuyo (una partida, una tarjeta de repaso, una valoración o una "
              "respuesta de ejercicio, dañada o de una versión más nueva): se apartó, se conserva sin usarse, y el "
              "resto de tu progreso funciona."}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path, monkeypatch):
    """Ana's progress (a review item and a saved game) in a database the app uses; its URL."""
    store_access._store.clear()
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
    ANA_KEY[url] = some(store.issue_key(ana.id))
    store.close()
    yield url
    store_access._store.clear()


ANA_KEY: dict[str, str] = {}
"""The key Ana's browser holds, by database (where profiles are private, a name alone opens nothing)."""


def as_ana(at, database: str):
    """The app in Ana's browser: her profile chosen, with its key."""
    at.session_state["profile_name"] = "Ana"
    at.session_state["_browser_keys"] = {"Ana": ANA_KEY[database]}
    return at


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
    as_ana(at, database)
    told = []
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (damage, page, [e.value for e in at.exception])
        told += [i.value for i in at.info if i.value == TOLD[lang]]
    assert told == [TOLD[lang]]  # once, on the page that met it
    assert store_access.store().set_aside_count(some(store_access.store().find_profile("Ana")).id) == 1


def test_a_saved_game_of_a_level_this_version_does_not_know_stays_and_the_pages_work(database):
    # A newer gin-tutor sharing the database may add a level: its game is not resumed, but it stays,
    # and the progress page names the level as it is written.
    engine = sa.create_engine(database)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE games SET level = 'grandmaster'"))
    engine.dispose()
    at = start("en")
    as_ana(at, database)
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (page, [e.value for e in at.exception])
    store = store_access.store()
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
    as_ana(at, database)
    for page in ("screens/progress.py", "screens/drills.py"):
        at.switch_page(page).run()
        assert not at.exception, (damage, page, [e.value for e in at.exception])
    at.segmented_control(key="drill_level_choice").set_value("suited").run()
    assert not at.exception


def test_answers_of_a_kind_this_version_does_not_know_count_but_the_progress_page_works(database):
    # A newer gin-tutor sharing the database may add a kind of drill: its answers count in the
    # totals, are left out of the tables per kind, and the page says so.
    store = _store_of(database)
    ana = some(store.find_profile("Ana")).id
    for seed, correct in ((1, True), (2, False)):
        store.record_attempt(ana, "score", "medium", "classic", correct, 3.0, seed=seed)
    store.close()
    engine = sa.create_engine(database)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE attempts SET kind = 'poker' WHERE seed = 2"))
    engine.dispose()
    at = start("en")
    as_ana(at, database)
    at.switch_page("screens/progress.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert [m.value for m in at.metric][3] == "2"  # both answers are counted
    assert ("1 answer is of a kind of drill this version of gin-tutor does not know: it counts in the totals above "
            "but is not shown per kind.") in [c.value for c in at.caption]
    assert "poker" not in " ".join(str(t.value) for t in at.table)


@pytest.mark.parametrize("item", ["drill:poker:medium:classic:5", "drill:score:medium:nope:5",
                                  "drill:score:medium:classic:99999999999999999999999"])
def test_a_review_item_this_version_cannot_make_is_set_aside_not_deleted(database, item):
    store = _store_of(database)
    ana = some(store.find_profile("Ana")).id
    store.schedule(ana, item, Rating.Again)
    store.close()
    engine = sa.create_engine(database)
    with engine.begin() as db:  # due now
        db.execute(sa.text("UPDATE review SET due = '2000-01-01T00:00:00+00:00' WHERE item = :item"), {"item": item})
    at = start("en")
    as_ana(at, database)
    at.switch_page("screens/review.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert TOLD["en"] in [i.value for i in at.info]
    with engine.begin() as db:
        in_review = db.execute(sa.text("SELECT item FROM review")).scalars().all()
        aside = db.execute(sa.text("SELECT origin, content, reason FROM set_aside")).all()
    engine.dispose()
    assert in_review == ["term:baceta:es>en"]
    assert [(origin, reason) for origin, _, reason in aside] == [("review", "this version cannot make the drill")]
    assert f'"item": "{item}"' in aside[0][1]  # kept whole


def test_a_damaged_rating_is_set_aside_before_a_new_one_replaces_it(database):
    from tutor.progress.ratings import Rating as Glicko
    store = _store_of(database)
    ana = some(store.find_profile("Ana")).id
    store.rate_attempt(ana, "score", "drill:score:medium:classic:1", Glicko(1500, 200), True, False)
    engine = sa.create_engine(database)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE ratings SET deviation = -1"))
    heard = []
    store.aside_listener = lambda origin, n: heard.append((origin, n))
    store.rate_attempt(ana, "score", "drill:score:medium:classic:2", Glicko(1500, 200), True, False)
    store.close()
    with engine.begin() as db:
        aside = db.execute(sa.text("SELECT origin, content FROM set_aside")).all()
    engine.dispose()
    assert heard == [("ratings", 1)]
    assert [origin for origin, _ in aside] == ["ratings"]
    assert '"deviation": -1' in aside[0][1] and '"kind": "score"' in aside[0][1]


def _store_of(url):
    """The store at ``url``, as the fixture made it."""
    if url.startswith("postgresql"):
        return open_store(url=url)
    return open_store(__import__("pathlib").Path(url.removeprefix("sqlite:///")).parent)
