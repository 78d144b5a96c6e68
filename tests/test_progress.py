"""The progress store: record and read back, migrate from the previous schema, concurrent
writers, an unwritable folder, a damaged file, and the review schedule (FSRS, and the Leitner
boxes it replaced, migrated)."""

import os
import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from checks import some
from legacy import OLD_STEPS, old_migrate

from tutor.progress.database import REVISIONS, SCHEMA_VERSION, NewerSchemaError, check_revisions, upgrade
from tutor.progress.review import (
    MIGRATED_DIFFICULTY,
    DrillItem,
    Rating,
    TermItem,
    directions,
    forecast,
    rating_after_drill,
    rating_of,
)
from tutor.progress.store import FILE_NAME, ProfileNameError, Saved, StaleGameError, open_store


class Clock:
    def __init__(self):
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self):
        return self.now


def test_record_and_read_back(store_at):
    store = store_at()
    assert store.saving and store.status is None
    ana = store.profile("Ana")
    assert some(store.profile("  ana ")).id == ana.id  # names ignore case and spaces
    store.record_attempt(ana.id, "score", "hard", "spanish", True, 12.5, seed=7, mistake=None)
    store.record_attempt(ana.id, "deadwood", "easy", "classic", False, 3.0, seed=8, mistake="no_melds")
    store.mark_lesson_done(ana.id, "01-cards")
    store.set_preferences(ana.id, language="es", ruleset="short")
    again = store_at()
    attempts = again.attempts(ana.id)
    assert [(a.kind, a.correct, a.mistake, a.seed) for a in attempts] == [
        ("score", True, None, 7), ("deadwood", False, "no_melds", 8)]
    assert again.lessons_done(ana.id) == {"01-cards"}
    profile = again.profile("Ana")
    assert (profile.language, profile.ruleset) == ("es", "short")


def test_a_game_is_saved_after_each_move_and_read_back(store_at):
    clock = Clock()
    store = store_at(clock=clock)
    ana, ben = some(store.profile("Ana")), some(store.profile("Ben"))
    first = some(store.save_game(ana.id, None, 12345, "strong", "classic", [("pass", None)], False, None, 1, 1))
    assert first.version == 0
    clock.now += timedelta(minutes=1)
    second = store.save_game(ana.id, first.id, 12345, "strong", "classic", [("pass", None), ("stock", None)],
                             False, None, 2, 1, version=first.version)
    assert second == Saved(first.id, 1)
    again = store_at()
    saved = again.game_in_progress(ana.id)
    assert saved is not None and (saved.id, saved.version) == (first.id, 1)
    assert (saved.seed, saved.level, saved.ruleset, saved.moves) == (12345, "strong", "classic",
                                                                      [("pass", None), ("stock", None)])
    assert (saved.finished, saved.won, saved.decisions, saved.agreed) == (False, None, 2, 1)
    assert again.game_in_progress(ben.id) is None
    # Another profile cannot overwrite Ana's game by its id: it gets a game of its own.
    other = some(again.save_game(ben.id, first.id, 1, "beginner", "short", [], False, None, 0, 0))
    assert other.id != first.id and some(again.game_in_progress(ana.id)).moves == saved.moves
    clock.now += timedelta(minutes=1)
    store.save_game(ana.id, first.id, 12345, "strong", "classic", [("knock", "7H")], True, True, 30, 21, version=1)
    assert store.game_in_progress(ana.id) is None
    done = store.games(ana.id)[0]
    assert (done.finished, done.won, done.decisions, done.agreed, done.version) == (True, True, 30, 21, 2)


def test_a_save_from_a_stale_copy_is_refused_and_nothing_is_lost(store_at):
    # Two tabs hold game 12345 at version 0. Tab A saves pass, stock (version 1); tab B, still at
    # version 0, saves take: refused, and A's moves stay.
    store = store_at()
    ana = some(store.profile("Ana"))
    kept = some(store.save_game(ana.id, None, 12345, "beginner", "classic", [], False, None, 0, 0))
    tab_a = store.save_game(ana.id, kept.id, 12345, "beginner", "classic", [("pass", None), ("stock", None)],
                            False, None, 2, 2, version=kept.version)
    assert tab_a == Saved(kept.id, 1)
    with pytest.raises(StaleGameError):
        store.save_game(ana.id, kept.id, 12345, "beginner", "classic", [("take", None)], False, None, 1, 0,
                        version=kept.version)
    assert some(store.game(ana.id, kept.id)).moves == [("pass", None), ("stock", None)]


def test_bad_profile_names_are_refused(store_at):
    store = store_at()
    for name in ("", "   ", "x" * 41):
        with pytest.raises(ProfileNameError):
            store.profile(name)


def test_migrates_forward_from_the_previous_schema(tmp_path):
    path = tmp_path / FILE_NAME
    with sqlite3.connect(path) as db:  # the last schema before FSRS and Alembic, as written then
        old_migrate(db, target=len(OLD_STEPS))
        db.execute("INSERT INTO profiles (name, created, name_key) VALUES ('Old', '2026-01-01T00:00:00+00:00', 'old')")
        db.execute("INSERT INTO attempts (profile_id, kind, difficulty, ruleset, correct, seconds, at) "
                   "VALUES (1, 'melds', 'easy', 'classic', 1, 4.0, '2026-01-01T00:00:01+00:00')")
        db.execute("INSERT INTO lessons_done VALUES (1, '01-cards', '2026-01-01T00:00:02+00:00')")
    db.close()
    store = open_store(tmp_path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    old = store.profile("Old")
    assert old is not None
    assert [(a.kind, a.correct, a.seed, a.mistake) for a in store.attempts(old.id)] == [("melds", True, None, None)]
    assert store.lessons_done(old.id) == {"01-cards"}
    store.schedule(old.id, "term:baceta:es>en", Rating.Again)  # the new table works
    assert store.due(old.id)


def test_concurrent_writers_lose_no_attempt(store_at):
    store = store_at()
    profiles = [some(store.profile(f"learner {i}")).id for i in range(4)]
    per_thread = 60

    def write(profile_id):
        other = store_at()  # each tab has its own store
        for n in range(per_thread):
            other.record_attempt(profile_id, "score", "easy", "classic", n % 2 == 0, 1.0, seed=n)

    threads = [threading.Thread(target=write, args=(pid,)) for pid in profiles for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    counts = [len(store.attempts(pid)) for pid in profiles]
    assert counts == [2 * per_thread] * 4


def test_the_sqlite_file_runs_in_wal_mode(tmp_path):
    open_store(tmp_path).profile("Ana")
    with sqlite3.connect(tmp_path / FILE_NAME) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere; the read-only case is tested with a file")
def test_an_unwritable_folder_leaves_a_store_in_memory(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        store = open_store(folder)
        assert not store.saving and store.status == "unwritable"
    finally:
        folder.chmod(0o700)


def test_a_folder_that_cannot_be_made_leaves_a_store_in_memory(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    store = open_store(blocker / "gin-tutor")
    assert not store.saving and store.status == "unwritable"
    ana = store.profile("Ana")  # still usable
    assert ana is not None
    store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0)
    assert len(store.attempts(ana.id)) == 1


def test_a_damaged_file_is_kept_aside_and_never_overwritten(tmp_path):
    damaged = tmp_path / FILE_NAME
    garbage = b"this is not a database, but it is the learner's file" * 50
    damaged.write_bytes(garbage)
    clock = Clock()
    store = open_store(tmp_path, clock=clock)
    assert store.status == "damaged" and not store.saving
    assert store.kept_aside is not None and store.kept_aside.read_bytes() == garbage
    assert not damaged.exists()
    store.record_attempt(some(store.profile("Ana")).id, "melds", "easy", "classic", True, 1.0)  # usable
    # The next start makes a fresh file and keeps the damaged one where it is.
    fresh = open_store(tmp_path, clock=clock)
    assert fresh.saving and store.kept_aside.read_bytes() == garbage


def test_the_fsrs_schedule_of_a_drill_got_wrong(store_at):
    # FSRS with its default weights: a first "again" gives a stability of w0 = 0.212 days; each
    # "good" on the same day multiplies it by e^(w17·w18)·S^(−w19) = e^(0.5425·0.0912)·S^(−0.0658):
    # 0.212 → 0.2467 → 0.2842 days, which rounds up to the shortest interval, one day.
    clock = Clock()
    store = store_at(clock=clock)
    ana = some(store.profile("Ana")).id
    item = "drill:score:hard:classic:42"
    store.schedule(ana, item, Rating.Again)
    assert store.due(ana) == [item]  # a wrong drill comes back at once
    store.schedule(ana, item, Rating.Good)
    assert store.due(ana) == []  # right: back after the second learning step, ten minutes
    clock.now += timedelta(minutes=9)
    assert store.due(ana) == []
    clock.now += timedelta(minutes=1)
    assert store.due(ana, prefix="drill:") == [item]
    store.schedule(ana, item, Rating.Good)
    card = store.card_of(ana, item)
    assert round(card.stability, 4) == 0.2842 and card.due == clock.now + timedelta(days=1)
    clock.now += timedelta(days=1)
    assert store.due(ana) == [item]
    store.schedule(ana, item, Rating.Again)  # forgotten: back at once, and less stable than before
    assert store.due(ana) == [item] and some(store.card_of(ana, item)).stability < 0.2842


def test_a_new_item_known_at_once_comes_back_in_ten_minutes_then_in_two_days(store_at):
    # A first "good" gives a stability of w2 = 2.3065 days; the same-day factor for it is below one
    # (2.3065^(−0.0658)·e^(0.0495) = 0.994), and FSRS never lets "good" lower a stability: 2.3065
    # days, rounded to two.
    clock = Clock()
    store = store_at(clock=clock)
    ana = some(store.profile("Ana")).id
    store.schedule(ana, "term:baceta:es>en", Rating.Good)
    assert some(store.card_of(ana, "term:baceta:es>en")).due == clock.now + timedelta(minutes=10)
    clock.now += timedelta(minutes=10)
    store.schedule(ana, "term:baceta:es>en", Rating.Good)
    assert some(store.card_of(ana, "term:baceta:es>en")).due == clock.now + timedelta(days=2)


def test_a_right_answer_that_needed_help_comes_back_sooner(store_at):
    # "hard" on a new item keeps it on the first learning step, half way to the second: 5 minutes.
    clock = Clock()
    store = store_at(clock=clock)
    ana = some(store.profile("Ana")).id
    store.schedule(ana, "drill:melds:easy:classic:1", Rating.Hard)
    store.schedule(ana, "drill:melds:easy:classic:2", Rating.Good)
    assert some(store.card_of(ana, "drill:melds:easy:classic:1")).due == clock.now + timedelta(minutes=5)
    assert some(store.card_of(ana, "drill:melds:easy:classic:2")).due == clock.now + timedelta(minutes=10)
    assert list(store.scheduled(ana)) == ["drill:melds:easy:classic:1", "drill:melds:easy:classic:2"]


def test_leitner_boxes_migrate_to_fsrs_cards_due_when_they_were(tmp_path):
    # Schema 4 kept a Leitner box per item: box 1 (wrong, due at once), boxes 2-5 after 1, 3, 7, 14 days.
    path = tmp_path / FILE_NAME
    with sqlite3.connect(path) as db:
        old_migrate(db, target=4)
        db.execute("INSERT INTO profiles (name, created, name_key) VALUES ('Old', '2026-01-01T00:00:00+00:00', 'old')")
        db.execute("INSERT INTO review VALUES (1, 'drill:score:hard:classic:42', 1, '2026-11-29T12:00:00+00:00')")
        db.execute("INSERT INTO review VALUES (1, 'term:baceta:es>en', 3, '2026-12-02T12:00:00+00:00')")
    db.close()
    clock = Clock()
    store = open_store(tmp_path, clock=clock)
    old = some(store.profile("Old")).id
    assert store.due(old) == ["drill:score:hard:classic:42"]
    wrong = store.card_of(old, "drill:score:hard:classic:42")
    assert wrong is not None
    assert (wrong.state.name, wrong.step, wrong.stability) == ("Learning", 0, None)
    known = store.card_of(old, "term:baceta:es>en")
    assert known is not None
    assert (known.state.name, known.stability, known.difficulty) == ("Review", 3.0, MIGRATED_DIFFICULTY)
    assert known.due == datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
    assert known.last_review == datetime(2026, 11, 29, 12, 0, tzinfo=UTC)  # three days before it was due
    clock.now = known.due
    store.schedule(old, "term:baceta:es>en", Rating.Good)  # remembered after three days: a longer wait
    assert some(store.card_of(old, "term:baceta:es>en")).due > clock.now + timedelta(days=3)


def test_a_schema_from_a_newer_gin_tutor_is_left_as_it_is(tmp_path):
    db = sqlite3.connect(tmp_path / "newer.db")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'newer.db'}")
    with engine.connect() as conn, pytest.raises(NewerSchemaError):
        upgrade(conn)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA user_version").scalar() == SCHEMA_VERSION + 1
        assert conn.exec_driver_sql("SELECT name FROM sqlite_master").all() == []
    engine.dispose()


def test_the_migrations_are_alembics_revisions_in_order():
    assert check_revisions() == list(REVISIONS)


def test_every_migration_brings_an_empty_database_to_the_current_schema(tmp_path):
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'empty.db'}")
    with engine.begin() as conn:
        assert upgrade(conn) == 0
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA user_version").scalar() == SCHEMA_VERSION
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == REVISIONS[-1]
        tables = set(sa.inspect(conn).get_table_names())
    engine.dispose()
    assert tables == {"profiles", "attempts", "lessons_done", "review", "games", "profile_keys", "transfer_codes",
                      "set_aside", "ratings", "rating_history", "puzzle_ratings", "classes", "class_teachers",
                      "class_members", "class_news", "assignments", "class_history", "friend_games",
                      "alembic_version"}


# --- The review policy (pure) ------------------------------------------------------------------

@pytest.mark.parametrize("correct, helped, rating", [
    (False, False, Rating.Again), (False, True, Rating.Again), (True, True, Rating.Hard), (True, False, Rating.Good)])
def test_how_an_answer_rates(correct, helped, rating):
    assert rating_of(correct, helped) == rating


@pytest.mark.parametrize("correct, helped, in_review, effect", [
    (False, False, False, Rating.Again), (False, False, True, Rating.Again), (True, True, False, Rating.Hard),
    (True, False, True, Rating.Good), (True, False, False, None)])
def test_what_a_drill_attempt_does_to_the_schedule(correct, helped, in_review, effect):
    assert rating_after_drill(correct, helped, in_review) == effect


def test_review_items_are_written_and_read_back():
    assert DrillItem("score", "hard", "spanish", 7).format() == "drill:score:hard:spanish:7"
    assert DrillItem.parse("drill:score:hard:spanish:7") == DrillItem("score", "hard", "spanish", 7)
    assert DrillItem.parse("drill:score:hard:7") is None and DrillItem.parse("drill:a:b:c:x") is None
    assert TermItem.parse("term:baceta:es>en") == TermItem("baceta", "es", "en")
    assert TermItem("baceta", "en", "es").format() == "term:baceta:en>es"
    assert directions(("es", "en", "fr")) == [("es", "en"), ("es", "fr"), ("en", "es"), ("en", "fr"),
                                              ("fr", "es"), ("fr", "en")]


def test_the_day_streak_counts_days_in_a_row_back_from_today_or_yesterday():
    from datetime import date

    from tutor.progress.stats import day_streak
    today = date(2026, 11, 30)
    days = {date(2026, 11, 30), date(2026, 11, 29), date(2026, 11, 28), date(2026, 11, 25)}
    assert day_streak(days, today) == 3
    assert day_streak(days - {today}, today) == 2  # today not practised yet: the streak holds
    assert day_streak({date(2026, 11, 27)}, today) == 0
    assert day_streak(set(), today) == 0


def test_the_forecast_counts_the_reviews_due_each_day_overdue_ones_today():
    # At 15:00: two days overdue, now, and 8 h 59 min on are today (the day ends in 9 hours);
    # 9 h 1 min on is tomorrow; 29 days and 8 hours on is the 30th day; 29 days and 10 hours, past it.
    now = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)
    dues = [now - timedelta(days=2), now, now + timedelta(hours=8, minutes=59), now + timedelta(hours=9, minutes=1),
            now + timedelta(days=29, hours=8), now + timedelta(days=29, hours=10)]
    counts = forecast(dues, now)
    assert len(counts) == 30 and counts[:2] == [3, 1] and counts[29] == 1 and sum(counts) == 5
    assert forecast([], now, days=3) == [0, 0, 0]
