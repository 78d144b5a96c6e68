"""The progress store on a PostgreSQL server: the fault cases of the SQLite file have their server
counterparts (a server down at start, a connection lost mid-session, a schema from a newer
gin-tutor), and two app processes with eight writers each lose nothing. The store's own tests
(tests/test_progress.py) run on both engines."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import sqlalchemy as sa
from checks import some

from tutor.progress.database import REVISIONS
from tutor.progress.store import open_store

ROOT = Path(__file__).resolve().parent.parent


def listening(store):
    heard: list = []
    store.listener = lambda fault, write: heard.append(fault)
    return heard


def test_a_server_down_at_start_saves_nothing_says_so_and_saving_resumes(postgres_cluster):
    import postgres
    with postgres.cluster() as server:
        url = server.url()
        server.stop()
        store = open_store(url=url)
        heard = listening(store)
        assert store.saving and store.profile("Ana") is None and heard[-1] == "unavailable"
        assert store.profiles() == [] and heard[-1] == "unavailable"
        server.start()
        ana = store.profile("Ana")
        assert ana is not None and heard[-1] is None
        assert store.record_attempt(ana.id, "score", "easy", "classic", True, 2.0)
        store.close()


def test_a_connection_lost_mid_session_loses_nothing_reported_as_saved(postgres_cluster):
    import postgres
    with postgres.cluster() as server:
        store = open_store(url=server.url())
        heard = listening(store)
        ana = store.profile("Ana")
        assert ana is not None
        assert store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0)
        server.stop()  # the server goes away: the pool's connections are dead
        assert not store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0)
        assert heard[-1] == "unavailable"
        assert store.attempts(ana.id) == []  # a read says it could not reach the progress
        server.start()
        assert store.record_attempt(ana.id, "score", "easy", "classic", False, 1.0) and heard[-1] is None
        assert [a.correct for a in store.attempts(ana.id)] == [True, False]  # what was reported saved, and only it
        store.close()


def test_a_schema_from_a_newer_gin_tutor_is_left_as_it_is(postgres_cluster):
    url = postgres_cluster.new_database()
    store = open_store(url=url)
    store.profile("Ana")
    store.close()
    engine = sa.create_engine(url)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE alembic_version SET version_num = '9001'"))
    newer = open_store(url=url)
    assert newer.status == "not_ours" and not newer.saving
    assert newer.profile("Ben") is not None  # the page keeps working, in memory
    with engine.connect() as db:
        assert db.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "9001"
        assert db.execute(sa.text("SELECT name FROM profiles")).scalars().all() == ["Ana"]
    engine.dispose()


def test_a_bad_database_url_leaves_a_store_in_memory_that_says_so():
    store = open_store(url="not a database url")
    assert store.status == "unavailable" and not store.saving and store.profile("Ana") is not None


def test_a_new_database_gets_every_migration(postgres_cluster):
    url = postgres_cluster.new_database()
    open_store(url=url).close()
    engine = sa.create_engine(url)
    with engine.connect() as db:
        assert db.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == REVISIONS[-1]
        assert set(sa.inspect(db).get_table_names()) == {
            "profiles", "attempts", "lessons_done", "review", "games", "profile_keys", "transfer_codes", "set_aside",
            "ratings", "rating_history", "puzzle_ratings", "classes", "class_teachers", "class_members", "class_news",
            "assignments", "class_history", "friend_games", "alembic_version"}
    engine.dispose()


WRITER = textwrap.dedent("""
    import sys, threading
    from tutor.progress.store import open_store
    url, profile_ids, per_writer = sys.argv[1], [int(p) for p in sys.argv[2].split(",")], int(sys.argv[3])
    def write(profile_id):
        store = open_store(url=url)
        for n in range(per_writer):
            assert store.record_attempt(profile_id, "score", "easy", "classic", n % 2 == 0, 1.0, seed=n)
        store.close()
    threads = [threading.Thread(target=write, args=(pid,)) for pid in profile_ids]
    for t in threads: t.start()
    for t in threads: t.join()
""")


def test_two_app_processes_with_eight_writers_each_lose_nothing(postgres_cluster):
    url = postgres_cluster.new_database()
    store = open_store(url=url)
    profiles = [some(store.profile(f"learner {i}")).id for i in range(8)]
    per_writer = 40
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    processes = [subprocess.Popen([sys.executable, "-c", WRITER, url, ",".join(map(str, profiles)), str(per_writer)],
                                  env=env) for _ in range(2)]
    assert [p.wait(timeout=300) for p in processes] == [0, 0]
    assert [len(store.attempts(pid)) for pid in profiles] == [2 * per_writer] * 8
    store.close()


@pytest.mark.parametrize("url", ["postgresql+psycopg://nobody@127.0.0.1:1/none"])
def test_a_server_that_is_not_there_never_raises_into_a_page(url):
    store = open_store(url=url)
    heard = listening(store)
    assert store.find_profile("Ana") is None and store.games(1) == [] and heard == ["unavailable", "unavailable"]


def test_the_app_keeps_progress_on_the_server_the_environment_names(postgres_cluster, monkeypatch):
    from apptest_helpers import start

    from tutor.app.ui import store_access
    url = postgres_cluster.new_database()
    monkeypatch.setenv("GIN_TUTOR_DATABASE_URL", url)
    store_access._store.clear()
    try:
        at = start("en")
        at.text_input(key="profile_new").input("Ana").run()
        at.button(key="profile_create").click().run()
        assert not at.exception and at.session_state["profile_name"] == "Ana"
        store = open_store(url=url)
        assert [p.name for p in store.profiles()] == ["Ana"]  # on the server, not in a file
        store.close()
    finally:
        store_access._store.clear()


def test_a_page_keeps_working_and_says_so_when_the_server_is_away(monkeypatch):
    from apptest_helpers import start

    from tutor.app.ui import store_access
    monkeypatch.setenv("GIN_TUTOR_DATABASE_URL", "postgresql+psycopg://nobody@127.0.0.1:1/none")
    store_access._store.clear()
    try:
        at = start("en", params={"drill": "deadwood", "seed": "7", "level": "easy"})
        at.switch_page("screens/drills.py").run()
        at.text_input(key="profile_new").input("Ana").run()
        at.button(key="profile_create").click().run()
        assert not at.exception and at.session_state["profile_name"] is None  # nothing was saved...
        warnings = [w.value for w in at.warning]
        assert any("the saved progress cannot be reached" in w for w in warnings), warnings  # ...and it says so
        assert any(m.value.startswith("What is the least deadwood") for m in at.markdown)  # the page goes on
    finally:
        store_access._store.clear()


def test_a_hand_that_ends_while_the_server_is_down_is_told_kept_and_saved_once_it_is_back(monkeypatch):
    # Game 7 against the strong player, the learner's moves the beginner's (cheap to choose), on a
    # PostgreSQL server (profiles are private): the server stops just before the move that ends
    # hand 1. The hand's end shows, with the warning that it was not saved; once the server is back
    # the next run saves it, without waiting for Next hand.
    import postgres
    from apptest_helpers import play_hand_one_as_the_beginner, screen, start

    from tutor.app.ui import store_access
    with postgres.cluster() as server:
        monkeypatch.setenv("GIN_TUTOR_DATABASE_URL", server.url())
        store_access._store.clear()
        at = start("en", params={"game": "7", "level": "strong", "rules": "classic"})
        at.text_input(key="profile_new").input("Ana").run()
        at.button(key="profile_create").click().run()
        ana = at.session_state["_profile"]
        at.switch_page("screens/play.py").run()
        play_hand_one_as_the_beginner(at, server.stop)
        assert not at.exception and "Hand 1 is over" in screen(at)
        warnings = [w.value for w in at.warning]
        assert any("was not saved: the saved progress cannot be reached" in w for w in warnings), warnings
        played = len(at.session_state["play_match"].learner_moves())
        server.start()
        reader = open_store(url=server.url())
        assert len(reader.games(ana.id)[0].moves) < played  # the knock is not in the database yet
        at.run()
        assert not at.exception and not any("was not saved" in w.value for w in at.warning)
        assert len(reader.games(ana.id)[0].moves) == played  # saved on the next run, Next hand not pressed
        assert "Hand 1 is over" in screen(at)
        reader.close()
        store_access._store.clear()
