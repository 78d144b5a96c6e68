"""The reliability review's findings (../shared/reviews/reliability-2026-11-30.md), each with the
test that failed before its fix: seeds, storage faults, double clicks, profiles and lessons."""

from __future__ import annotations

import pytest
from apptest_helpers import screen, start

from tutor.base.numbers import whole_number
from tutor.drills import BadSeedError, parse_seed
from tutor.play.errors import BadGameSeedError
from tutor.play.hand import check_seed
from tutor.progress.review import DrillItem

ODD_SEEDS = ["²", "³⁴", "٣", "𝟕", "1" * 4301, "9" * 5000, "+7", "-1", "1e3", "0x10", "", " ", "7.0"]


@pytest.mark.parametrize("seed", ODD_SEEDS)
def test_odd_seeds_are_refused_with_the_bad_seed_error(seed):
    # F7: "²" passed str.isdigit() and then failed int(); 4,301 digits hit Python's conversion limit.
    assert whole_number(seed, 2**32 - 1) is None
    with pytest.raises(BadSeedError):
        parse_seed(seed)
    with pytest.raises(BadGameSeedError):
        check_seed(seed)
    assert DrillItem.parse(f"drill:score:easy:classic:{seed}") is None


def test_plain_seeds_still_read():
    assert whole_number(" 00000007 ", 2**32 - 1) == 7 and parse_seed("4294967295") == 4294967295
    assert whole_number("4294967296", 2**32 - 1) is None


@pytest.mark.parametrize("seed", ["²", "1" * 4301])
def test_an_odd_seed_in_an_address_gets_the_same_message_as_other_bad_seeds(seed):
    at = start("en", params={"drill": "score", "seed": seed, "level": "easy"})
    at.switch_page("screens/drills.py").run()
    assert not at.exception
    assert any("is not a whole number" in w.value for w in at.warning), screen(at)
    at = start("en", params={"game": seed, "level": "beginner"})
    at.switch_page("screens/play.py").run()
    assert not at.exception and any("is not a game number" in w.value for w in at.warning), screen(at)


# --- The progress file: faults at start (F1, F6) ------------------------------------------------

import hashlib  # noqa: E402
import os  # noqa: E402
import sqlite3  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402

from checks import some  # noqa: E402

from tutor.progress.database import APPLICATION_ID, SCHEMA_VERSION, inspect  # noqa: E402
from tutor.progress.store import FILE_NAME, Store, open_store  # noqa: E402


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_file(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


def ours(folder: Path) -> Path:
    """A progress file of ours with one profile in it, out of WAL mode (no other file beside it)."""
    store = open_store(folder)
    assert store.profile("ana") is not None
    store.close()
    make_file(folder / FILE_NAME, "PRAGMA journal_mode = DELETE")
    return folder / FILE_NAME


NOT_OURS = {
    "a newer schema": lambda f: make_file(ours(f), "PRAGMA user_version = 99"),
    "another program's file": lambda f: make_file(f / FILE_NAME, "CREATE TABLE profiles (x)",
                                                  "INSERT INTO profiles VALUES (1)"),
    "another program's id": lambda f: make_file(f / FILE_NAME, "PRAGMA application_id = 7", "CREATE TABLE t (x)"),
    "a table missing": lambda f: make_file(ours(f), "DROP TABLE review"),
    "version 0 with our tables": lambda f: make_file(ours(f), "PRAGMA application_id = 0", "PRAGMA user_version = 0"),
}


@pytest.mark.parametrize("case", list(NOT_OURS))
def test_a_file_that_is_not_ours_is_left_exactly_as_it_is_and_the_store_works_in_memory(tmp_path, case):
    NOT_OURS[case](tmp_path)
    path = tmp_path / FILE_NAME
    before = digest(path)
    store = open_store(tmp_path)
    assert store.status == "not_ours" and not store.saving
    assert store.profile("ben") is not None and [p.name for p in store.profiles()] == ["ben"]
    assert digest(path) == before
    assert not (tmp_path / (FILE_NAME + "-wal")).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]


@pytest.mark.parametrize("case", ["a folder", "a dangling link"])
def test_a_folder_or_a_dangling_link_in_place_of_the_file_is_left_alone(tmp_path, case):
    path = tmp_path / FILE_NAME
    if case == "a folder":
        path.mkdir()
    else:
        path.symlink_to(tmp_path / "nowhere" / "x.db")
    store = open_store(tmp_path)
    assert store.status == "not_ours" and store.profile("ana") is not None
    assert path.is_dir() if case == "a folder" else (path.is_symlink() and not path.exists())


def test_an_older_file_of_ours_without_the_application_id_is_migrated_and_marked(tmp_path):
    # A version-2 file as gin-tutor wrote it before the application id: kept, moved to the current schema.
    path = tmp_path / FILE_NAME
    db = sqlite3.connect(path)
    from legacy import old_migrate
    old_migrate(db, target=2, mark=False)
    db.execute("INSERT INTO profiles (name, created) VALUES ('Álvaro', '2026-11-01')")
    db.commit()
    db.close()
    store = open_store(tmp_path)
    assert store.status is None and [p.name for p in store.profiles()] == ["Álvaro"]
    assert store.find_profile("ÁLVARO") is not None  # compared case-folded now
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


def test_a_read_only_file_is_announced_like_an_unwritable_folder(tmp_path, monkeypatch):
    path = ours(tmp_path)
    before = digest(path)
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == path and mode == os.W_OK else real(p, mode))
    store = open_store(tmp_path)
    assert store.status == "unwritable" and store.profile("ben") is not None
    assert digest(path) == before


# --- The progress file: faults while the app runs (F2, F4, F6) -----------------------------------

WRITES = ("INSERT", "UPDATE", "DELETE", "CREATE", "ALTER", "DROP")


def _disk_full_on_write(sql):
    if sql.lstrip().upper().startswith(WRITES):
        error = sqlite3.OperationalError("database or disk is full")
        error.sqlite_errorname = "SQLITE_FULL"
        raise error


class FullDiskCursor(sqlite3.Cursor):
    def execute(self, sql, *args):
        _disk_full_on_write(sql)
        return super().execute(sql, *args)

    def executemany(self, sql, *args):
        _disk_full_on_write(sql)
        return super().executemany(sql, *args)


class FullDisk(sqlite3.Connection):
    """A connection to a file on a disk with no room left: every statement that writes fails as
    SQLite fails then (``SQLITE_FULL``), whether run on the connection or on a cursor (as
    SQLAlchemy runs them); reads work."""

    def execute(self, sql, *args):
        _disk_full_on_write(sql)
        return super().execute(sql, *args)

    def cursor(self, factory=FullDiskCursor):
        return super().cursor(factory)


class Disk:
    """Connections to the progress file through a disk that can fill up or turn read-only."""

    def __init__(self):
        self.full = False
        self.read_only = False

    def connect(self, path: Path) -> sqlite3.Connection:
        if self.read_only:
            return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
        factory = FullDisk if self.full else sqlite3.Connection
        return sqlite3.connect(path, timeout=30, isolation_level=None, factory=factory)


def listening(store: Store) -> list:
    """The fault codes the store reports (None: a write succeeded)."""
    heard: list = []
    store.listener = lambda fault, write: heard.append(fault)
    return heard


def test_a_disk_full_at_start_saves_nothing_says_so_and_saving_resumes_when_space_is_freed(tmp_path):
    disk = Disk()
    disk.full = True
    store = Store(tmp_path / FILE_NAME, connect=disk.connect)
    heard = listening(store)
    assert store.profile("ana") is None and heard[-1] == "disk_full"
    assert store.profiles() == []
    disk.full = False
    ana = store.profile("ana")
    assert ana is not None and heard[-1] is None
    assert store.record_attempt(ana.id, "score", "easy", "classic", True, 3.0)


def test_a_disk_that_fills_while_running_loses_nothing_reported_as_saved(tmp_path):
    disk = Disk()
    store = Store(tmp_path / FILE_NAME, connect=disk.connect)
    heard = listening(store)
    ana = store.profile("ana")
    assert ana is not None
    saved = 0
    for i in range(30):
        disk.full = i >= 10 and i < 20  # the disk is full for attempts 10 to 19
        ok = store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0)
        assert ok == (not disk.full)
        saved += ok
    assert heard.count("disk_full") == 10 and heard[-1] is None
    assert len(open_store(tmp_path).attempts(ana.id)) == saved == 20


def test_a_file_removed_while_running_is_made_anew(tmp_path):
    store = open_store(tmp_path)
    heard = listening(store)
    ana = store.profile("ana")
    assert ana is not None
    assert store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0)
    for name in (FILE_NAME, FILE_NAME + "-wal", FILE_NAME + "-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    # Ana's row went with the file: her next answer is not saved (and she is told); a new profile saves.
    assert store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0) is False
    assert heard[-1] == "unavailable"
    bea = store.profile("bea")
    assert bea is not None and store.record_attempt(bea.id, "melds", "easy", "classic", False, 2.0)
    assert inspect(tmp_path / FILE_NAME) == "ours" and heard[-1] is None


def test_a_file_replaced_with_garbage_while_running_is_moved_aside_and_made_anew(tmp_path):
    store = open_store(tmp_path)
    ana = store.profile("ana")
    assert ana is not None
    assert store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0)
    for name in (FILE_NAME + "-wal", FILE_NAME + "-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    replacement = tmp_path / "garbage"
    replacement.write_bytes(os.urandom(8192))
    replacement.replace(tmp_path / FILE_NAME)
    assert store.profiles() == [] and store.kept_aside is not None
    assert store.kept_aside.read_bytes()[:16] != b"SQLite format 3\x00"
    assert store.profile("ana") is not None


def test_a_file_that_turns_read_only_while_running_says_so(tmp_path):
    disk = Disk()
    store = Store(tmp_path / FILE_NAME, connect=disk.connect)
    heard = listening(store)
    ana = store.profile("ana")
    assert ana is not None
    disk.read_only = True
    assert store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0) is False
    assert heard[-1] == "read_only"
    disk.read_only = False
    assert store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0)


# --- The in-memory store under concurrent sessions (F5) ------------------------------------------

def test_the_memory_store_loses_nothing_under_concurrent_sessions():
    store = Store(None, "unwritable")
    ana = store.profile("ana")
    assert ana is not None
    results: list[bool] = []
    lock = threading.Lock()

    def session():
        for _ in range(50):  # each read returns every attempt so far: 150 a thread took 20 s, 50 take 2
            ok = store.record_attempt(ana.id, "score", "easy", "classic", True, 1.0)
            store.attempts(ana.id) if ok else None
            with lock:
                results.append(ok)

    threads = [threading.Thread(target=session) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(results) and len(results) == 600
    assert len(store.attempts(ana.id)) == 600


# --- The pages under storage faults ----------------------------------------------------------------

from tutor.app.ui import store_access  # noqa: E402
from tutor.app.ui.drill_state import puzzle_keys  # noqa: E402
from tutor.drills import generate  # noqa: E402
from tutor.engine.melds import analyze  # noqa: E402

NOT_SAVED = "was not saved: the disk is full"


def answer_deadwood(at, seed: int) -> None:
    """Open deadwood puzzle ``seed`` and answer it right through the page."""
    at.query_params.update({"drill": "deadwood", "seed": str(seed), "level": "easy", "rules": "classic"})
    at.switch_page("screens/drills.py").run()
    puzzle = generate("deadwood", seed, "easy", load_ruleset("classic"))
    pid = puzzle_keys(puzzle).pid
    at.number_input(key=f"answer_deadwood_{pid}").set_value(analyze(puzzle.cards).deadwood).run()
    at.button(key=f"check_{pid}").click().run()


def test_pages_keep_working_through_a_full_disk_and_lose_nothing_reported_saved(tmp_path, monkeypatch):
    disk = Disk()
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(folder))
    monkeypatch.setattr(store_access, "open_store",
                        lambda path, url=None: Store(path / FILE_NAME, connect=disk.connect))
    store_access._store.clear()
    at = start("en")
    at.text_input(key="profile_new").input("Ana").run()
    at.button(key="profile_create").click().run()
    answer_deadwood(at, 1)
    assert not at.exception and not any(NOT_SAVED in w.value for w in at.warning)
    disk.full = True
    answer_deadwood(at, 2)
    assert not at.exception and any(NOT_SAVED in w.value for w in at.warning)
    for page in ("screens/home.py", "screens/review.py", "screens/progress.py", "screens/play.py"):
        at.switch_page(page).run()
        assert not at.exception, (page, [e.value for e in at.exception])
    disk.full = False
    answer_deadwood(at, 3)
    assert not at.exception and not any(NOT_SAVED in w.value for w in at.warning)
    store = open_store(folder)
    ana = store.find_profile("ana")
    assert ana is not None
    assert [a.seed for a in store.attempts(ana.id)] == [1, 3]
    store_access._store.clear()


@pytest.mark.parametrize("case", ["a newer schema", "another program's file"])
def test_every_page_renders_over_a_file_that_is_not_ours(tmp_path, monkeypatch, case):
    folder = tmp_path / "data"
    folder.mkdir()
    NOT_OURS[case](folder)
    before = digest(folder / FILE_NAME)
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(folder))
    at = start("en")
    assert any("It was left exactly as it is" in w.value for w in at.warning)
    for page in ("screens/lessons.py", "screens/review.py", "screens/progress.py", "screens/drills.py",
                 "screens/play.py"):
        at.switch_page(page).run()
        assert not at.exception, (page, [e.value for e in at.exception])
    assert digest(folder / FILE_NAME) == before


# --- The engine with wrongly typed input (F15) ----------------------------------------------------

from tutor.engine import load_ruleset, parse_card, parse_results, score_hand  # noqa: E402
from tutor.engine.errors import TutorError  # noqa: E402
from tutor.engine.melds import meld_problem  # noqa: E402
from tutor.engine.scoring import HandResult, game_totals  # noqa: E402

HAND = "AS 2S 3S 7H 7D 7C KD KC KH 9S"


@pytest.mark.parametrize("call", [
    # Deliberately wrongly typed (the type checker would refuse them): each still gets a TutorError.
    lambda: load_ruleset(["classic"]), lambda: load_ruleset({}),  # type: ignore[arg-type]
    lambda: game_totals([HandResult("C", 0)], load_ruleset("classic")),  # type: ignore[arg-type]
    lambda: HandResult("A", -500), lambda: HandResult(None, 5), lambda: HandResult("A", True),
    lambda: analyze(["AS"] * 10), lambda: analyze([5245]),  # type: ignore[list-item]
    lambda: parse_card(None), lambda: parse_card(0),  # type: ignore[arg-type]
    lambda: parse_results([None]), lambda: parse_results("A:٢٣"),  # type: ignore[list-item]
], ids=["ruleset list", "ruleset dict", "result C", "negative points", "void with points",
        "bool points", "analyze strings", "analyze ints", "card None", "card 0", "results None", "arabic digits"])
def test_wrongly_typed_input_raises_the_documented_errors(call):
    with pytest.raises(TutorError):
        call()


@pytest.mark.parametrize("rules", [["classic"], "classic", None])
def test_rules_that_are_not_a_ruleset_are_a_type_error_that_says_how_to_get_one(rules):
    """A name is turned into a ruleset once, at the edge: the engine takes the ruleset itself."""
    with pytest.raises(TypeError, match=r"load_ruleset\(name\)"):
        score_hand(HAND, "4S 5S 8H 9H 10H 2C 3C 6D 8D QD", rules)


def test_a_group_with_the_same_card_twice_is_no_meld():
    ace = parse_card("AS")
    assert meld_problem([ace, ace, ace]) == "used_twice"
    assert meld_problem([ace, parse_card("AH"), ace]) == "used_twice"


# --- Profile names (F16) -----------------------------------------------------------------------------

@pytest.mark.parametrize("typed, same_as", [
    ("ALICE", "alice"), ("Álvaro", "álvaro"), ("ÁLVARO", "álvaro"), ("alice\u200b", "alice"),
    ("\u202eeilA", "eilA"), ("bob\x00", "bob"), ("A\u0301lvaro", "álvaro"), ("STRASSE", "straße"),
])
def test_profile_names_are_compared_clean_and_case_folded(tmp_path, typed, same_as):
    store = open_store(tmp_path)
    first = store.profile(same_as)
    assert first is not None
    assert some(store.profile(typed)).id == first.id
    assert some(store.find_profile(typed)).id == first.id
    assert len(store.profiles()) == 1


@pytest.mark.parametrize("invisible", ["\u200b", "\u200b\u200c", "\x00", " \u202e "])
def test_a_name_of_invisible_characters_only_is_refused(tmp_path, invisible):
    from tutor.progress.store import ProfileNameError
    with pytest.raises(ProfileNameError):
        open_store(tmp_path).profile(invisible)


# --- Lessons belong to the profile (F9), Remove and Check clicked fast (F10, F11) --------------------

def pass_first_lesson(at):
    at.switch_page("screens/lessons.py").run()
    from tutor.drills import model_answer
    for seed in at.session_state["_check_seeds_01-cards"]:
        puzzle = generate("deadwood", seed, "easy", load_ruleset("classic"), "no_melds")
        pid = puzzle_keys(puzzle).pid
        at.number_input(key=f"answer_deadwood_{pid}").set_value(model_answer(puzzle)).run()
        at.button(key=f"check_{pid}").click().run()
    assert at.selectbox(key="lesson_choice").options[0].startswith("✓")


def create(at, name):
    at.text_input(key="profile_new").input(name).run()
    at.button(key="profile_create").click().run()


def test_switching_profiles_shows_each_profile_own_lessons(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path))
    at = start("en")
    create(at, "Bob")
    create(at, "Ana")
    pass_first_lesson(at)
    at.selectbox(key="profile_pick_en").set_value("Bob").run()
    at.switch_page("screens/lessons.py").run()
    assert at.selectbox(key="lesson_choice").options[0].startswith("→")
    assert not any(s.value == "Right!" for s in at.success)  # Ana's verdicts are not on Bob's screen
    store = open_store(tmp_path)
    assert store.lessons_done(some(store.find_profile("Ana")).id) == {"01-cards"}
    assert store.lessons_done(some(store.find_profile("Bob")).id) == set()


def test_a_guest_who_passes_a_lesson_keeps_it_in_the_profile_it_creates(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path))
    at = start("en")
    pass_first_lesson(at)
    create(at, "Cleo")
    store = open_store(tmp_path)
    assert store.lessons_done(some(store.find_profile("Cleo")).id) == {"01-cards"}
    at.switch_page("screens/lessons.py").run()
    assert at.selectbox(key="lesson_choice").options[0].startswith("✓")


def test_check_clicked_twice_on_one_answer_records_one_attempt_and_the_tally_is_current(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path))
    at = start("en")
    create(at, "Dee")
    at.query_params.update({"drill": "deadwood", "seed": "5", "level": "easy", "rules": "classic"})
    at.switch_page("screens/drills.py").run()
    puzzle = generate("deadwood", 5, "easy", load_ruleset("classic"))
    pid = puzzle_keys(puzzle).pid
    at.number_input(key=f"answer_deadwood_{pid}").set_value(analyze(puzzle.cards).deadwood).run()
    for _ in range(5):
        at.button(key=f"check_{pid}").click().run()
    assert any("1 right of 1 tried" in c.value for c in at.caption), [c.value for c in at.caption]
    store = open_store(tmp_path)
    assert len(store.attempts(some(store.find_profile("Dee")).id)) == 1


def test_remove_on_a_meld_already_gone_does_nothing():
    # Melds drill 4 (easy, classic): three melds formed. Two fast clicks on "Remove" of the third
    # meld arrive with the index the screen was drawn with: the second finds it gone and does nothing.
    import streamlit as st

    from tutor.app.ui import drill_views
    puzzle = generate("melds", 4, "easy", load_ruleset("classic"))
    key = puzzle_keys(puzzle).groups
    st.session_state[key] = [["7S", "7H", "7D"], ["10S", "10H", "10D"], ["JS", "JH", "JD"]]
    drill_views._remove_group(puzzle, 2, ["JS", "JH", "JD"])
    drill_views._remove_group(puzzle, 2, ["JS", "JH", "JD"])
    drill_views._remove_group(puzzle, 1, ["10S", "10H", "10D"])
    drill_views._remove_group(puzzle, 0, ["10S", "10H", "10D"])  # a stale click on a meld now elsewhere
    assert st.session_state[key] == [["7S", "7H", "7D"]]
    del st.session_state[key]


def test_pages_keep_working_when_the_file_is_removed_or_replaced_while_running(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(folder))
    at = start("en")
    at.text_input(key="profile_new").input("Eve").run()
    at.button(key="profile_create").click().run()
    answer_deadwood(at, 1)
    for name in (FILE_NAME, FILE_NAME + "-wal", FILE_NAME + "-shm"):
        (folder / name).unlink(missing_ok=True)
    for page in ("screens/home.py", "screens/drills.py", "screens/review.py", "screens/progress.py"):
        at.switch_page(page).run()
        assert not at.exception, (page, [e.value for e in at.exception])
    at.text_input(key="profile_new").input("Fay").run()
    at.button(key="profile_create").click().run()
    answer_deadwood(at, 2)  # saving goes on in a new file
    for name in (FILE_NAME + "-wal", FILE_NAME + "-shm"):  # (with them, SQLite would read the pages back)
        (folder / name).unlink(missing_ok=True)
    (folder / "garbage").write_bytes(os.urandom(4096))
    (folder / "garbage").replace(folder / FILE_NAME)
    guest = start("en")
    assert not guest.exception
    store = open_store(folder)
    assert store.status is None and any("damaged" in p.name for p in folder.iterdir()), list(folder.iterdir())


def test_a_hand_that_ends_while_the_disk_is_full_is_told_kept_and_saved_once_space_is_back(tmp_path, monkeypatch):
    # Game 7 against the strong player, the learner's moves the beginner's (cheap to choose): the
    # move that ends hand 1 is made on a full disk: the hand's end shows, with the warning that it was not
    # saved; once there is space again the next run saves it, without waiting for Next hand.
    from apptest_helpers import play_hand_one_as_the_beginner
    disk = Disk()
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(folder))
    monkeypatch.setattr(store_access, "open_store",
                        lambda path, url=None: Store(path / FILE_NAME, connect=disk.connect))
    store_access._store.clear()
    at = start("en", params={"game": "7", "level": "strong", "rules": "classic"})
    at.text_input(key="profile_new").input("Ana").run()
    at.button(key="profile_create").click().run()
    at.switch_page("screens/play.py").run()
    play_hand_one_as_the_beginner(at, lambda: setattr(disk, "full", True))
    assert not at.exception and "Hand 1 is over" in screen(at)
    assert any(NOT_SAVED in w.value for w in at.warning), [w.value for w in at.warning]
    played = len(at.session_state["play_match"].learner_moves())
    ana = some(open_store(folder).find_profile("ana"))
    assert len(open_store(folder).games(ana.id)[0].moves) < played  # the knock is not in the file yet
    disk.full = False
    at.run()
    assert not at.exception and not any(NOT_SAVED in w.value for w in at.warning)
    assert len(open_store(folder).games(ana.id)[0].moves) == played  # saved on the next run, Next hand not pressed
    assert "Hand 1 is over" in screen(at)
    store_access._store.clear()


class FullAtReview(sqlite3.Connection):
    """A disk that fills up just as a drill answer's review card is written: the attempt and the
    ratings went in before it, in the same transaction."""

    def cursor(self, factory=None):
        class Cursor(sqlite3.Cursor):
            def execute(self, sql, *args):
                if sql.lstrip().upper().startswith("INSERT INTO REVIEW"):
                    _disk_full_on_write("INSERT")
                return super().execute(sql, *args)
        return super().cursor(Cursor)


def test_a_drill_answer_is_kept_whole_or_not_at_all(tmp_path):
    from tutor.progress.ratings import Rating as Glicko
    from tutor.progress.store import DrillAnswer
    full = {"now": True}
    store = Store(tmp_path / FILE_NAME, connect=lambda p: sqlite3.connect(
        p, timeout=30, isolation_level=None, factory=FullAtReview if full["now"] else sqlite3.Connection))
    ana = some(store.profile("ana"))
    wrong = DrillAnswer("score", "medium", "classic", False, 4.0, "drill:score:medium:classic:3", Glicko(1500, 200),
                        seed=3, mistake="forgot_layoffs")
    heard = listening(store)
    assert store.record_drill_answer(ana.id, wrong) is None and heard[-1] == "disk_full"
    assert (store.attempts(ana.id), store.ratings(ana.id), store.scheduled(ana.id)) == ([], {}, {})  # none of it
    full["now"] = False
    mine = store.record_drill_answer(ana.id, wrong)
    assert mine is not None and mine.rating < 1500  # a wrong answer lowers the learner's rating
    assert [a.seed for a in store.attempts(ana.id)] == [3]
    assert list(store.ratings(ana.id)) == ["score"] and list(store.scheduled(ana.id)) == [wrong.item]
