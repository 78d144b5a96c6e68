"""Classes in the progress store, on SQLite and on PostgreSQL: a teacher's class with its codes, a
learner who joins, leaves or is removed, a second teacher, real names, news, accounts made for young
learners with a sheet of sign-in codes; and what a teacher may not do (another teacher's class, a
learner of another class, an archived class's code)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tutor.progress.store import open_store
from tutor.progress.store_classes import (
    CLASS_NAME_MAX,
    NEWS_MAX,
    NEWS_SHOWN,
    ClassNameError,
    NewsError,
    RealNameError,
    new_class_code,
)
from tutor.progress.store_profiles import CODE_ALPHABET


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)  # every write a second later: news in the order posted
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    clock = Clock()
    if request.param == "sqlite":
        opened = open_store(tmp_path, clock=clock)
    else:
        opened = open_store(url=request.getfixturevalue("postgres_cluster").new_database(), clock=clock)
    yield opened
    opened.close()


def people(store, *names):
    return [store.private_profile(name) for name in names]


def test_a_class_code_reads_like_a_transfer_code():
    code = new_class_code()
    assert len(code) == 9 and code[4] == "-" and all(c in CODE_ALPHABET for c in code.replace("-", ""))


def test_a_teacher_makes_a_class_and_learners_join_it_with_its_code(store):
    teacher, ana, ben = people(store, "Ms Ruiz", "Ana", "Ben")
    made = store.create_class(teacher.id, "  4ºB   gin  ", "es", "spanish")
    assert made.name == "4ºB gin" and made.code and made.teacher_code and made.code != made.teacher_code
    assert store.classes_taught(teacher.id) == [made]
    # Codes are forgiven their case, spaces and dashes.
    joined = store.join_class(ana.id, made.code.lower().replace("-", " "))
    assert joined.problem is None and joined.school_class.id == made.id
    assert joined.school_class.code is None  # a learner is not shown the codes
    assert store.join_class(ben.id, made.code).problem is None
    assert store.join_class(ana.id, made.code).problem == "member"
    assert [c.id for c in store.classes_joined(ana.id)] == [made.id]
    assert [m.name for m in store.members(teacher.id, made.id)] == ["Ana", "Ben"]
    assert store.join_class(teacher.id, made.code).problem == "teacher"
    assert store.join_class(ana.id, "ZZZZ-ZZZZ").problem == "unknown"


def test_only_the_classes_own_teachers_see_or_change_it(store):
    first, second, ana, mallory = people(store, "Ms Ruiz", "Mr Lee", "Ana", "Mallory")
    mine = store.create_class(first.id, "Gin 1", "en", "classic")
    theirs = store.create_class(second.id, "Gin 2", "en", "classic")
    store.join_class(ana.id, mine.code)
    # Another teacher, or a learner, asking about this class by its id learns nothing and changes nothing.
    for outsider in (second, ana, mallory):
        assert store.taught_class(outsider.id, mine.id) is None
        assert store.members(outsider.id, mine.id) == []
        assert store.news_of(outsider.id, mine.id) == []
        assert store.teachers_of(outsider.id, mine.id) == []
        assert not store.rename_class(outsider.id, mine.id, "Mine now")
        assert not store.archive_class(outsider.id, mine.id)
        assert not store.set_real_name(outsider.id, mine.id, ana.id, "Ana García")
        assert not store.remove_member(outsider.id, mine.id, ana.id)
        assert not store.post_news(outsider.id, mine.id, "Hello")
        assert not store.is_member(outsider.id, mine.id, ana.id)
    # A teacher naming a learner of another class (a forged id) gets nothing either.
    assert not store.is_member(second.id, theirs.id, ana.id)
    assert not store.set_real_name(second.id, theirs.id, ana.id, "Ana")
    assert store.taught_class(first.id, mine.id).name == "Gin 1"
    assert store.is_member(first.id, mine.id, ana.id)


def test_real_names_are_the_teachers_and_sort_the_list(store):
    teacher, zoe, adam = people(store, "Ms Ruiz", "zz_top", "dragon")
    made = store.create_class(teacher.id, "Gin", "en", "classic")
    for learner in (zoe, adam):
        store.join_class(learner.id, made.code)
    assert store.set_real_name(teacher.id, made.id, zoe.id, " Zoe   Alba ")
    assert store.set_real_name(teacher.id, made.id, adam.id, "Adam Bell")
    listed = store.members(teacher.id, made.id)
    assert [(m.real_name, m.name) for m in listed] == [("Adam Bell", "dragon"), ("Zoe Alba", "zz_top")]
    assert store.set_real_name(teacher.id, made.id, zoe.id, "")  # cleared
    assert {m.name: m.real_name for m in store.members(teacher.id, made.id)}["zz_top"] is None
    with pytest.raises(RealNameError):
        store.set_real_name(teacher.id, made.id, adam.id, "x" * 81)


def test_a_learner_who_leaves_or_is_removed_is_out_of_the_teachers_sight(store):
    teacher, ana, ben = people(store, "Ms Ruiz", "Ana", "Ben")
    made = store.create_class(teacher.id, "Gin", "en", "classic")
    store.join_class(ana.id, made.code)
    store.join_class(ben.id, made.code)
    assert store.leave_class(ana.id, made.id)
    assert not store.leave_class(ana.id, made.id)
    assert store.remove_member(teacher.id, made.id, ben.id)
    assert store.members(teacher.id, made.id) == []
    assert not store.is_member(teacher.id, made.id, ana.id)
    assert store.classes_joined(ana.id) == [] and store.classes_joined(ben.id) == []
    assert store.join_class(ben.id, made.code).problem is None  # the code still lets them back in


def test_a_second_teacher_joins_with_the_teacher_code(store):
    first, second, ana = people(store, "Ms Ruiz", "Mr Lee", "Ana")
    made = store.create_class(first.id, "Gin", "en", "classic")
    store.join_class(second.id, made.code)  # was a learner of it first
    joined = store.join_as_teacher(second.id, made.teacher_code)
    assert joined.problem is None and joined.school_class.code == made.code
    assert [(t.name, t.owner) for t in store.teachers_of(first.id, made.id)] == [("Ms Ruiz", True), ("Mr Lee", False)]
    assert store.members(second.id, made.id) == []  # no longer a learner of their own class
    assert store.join_as_teacher(second.id, made.teacher_code).problem == "member"
    assert store.join_as_teacher(ana.id, made.code).problem == "unknown"  # the learners' code is not the teachers'
    assert store.rename_class(second.id, made.id, "Gin, year 2")
    assert store.taught_class(first.id, made.id).name == "Gin, year 2"


def test_an_archived_class_joins_nobody_and_says_nothing_to_its_learners(store):
    teacher, ana, ben = people(store, "Ms Ruiz", "Ana", "Ben")
    made = store.create_class(teacher.id, "Gin", "en", "classic")
    store.join_class(ana.id, made.code)
    store.post_news(teacher.id, made.id, "Homework on Friday")
    assert store.archive_class(teacher.id, made.id)
    assert store.join_class(ben.id, made.code).problem == "archived"
    assert store.classes_joined(ana.id) == [] and store.learner_news(ana.id) == []
    assert [c.archived for c in store.classes_taught(teacher.id)] == [True]
    assert store.archive_class(teacher.id, made.id, archived=False)
    assert [c.id for c in store.classes_joined(ana.id)] == [made.id]


def test_news_reaches_the_classes_learners_only(store):
    teacher, ana, ben = people(store, "Ms Ruiz", "Ana", "Ben")
    first = store.create_class(teacher.id, "Gin 1", "en", "classic")
    second = store.create_class(teacher.id, "Gin 2", "en", "classic")
    store.join_class(ana.id, first.code)
    store.join_class(ben.id, second.code)
    for n in range(NEWS_SHOWN + 2):
        assert store.post_news(teacher.id, first.id, f"Message {n} <b>not bold</b>")
    store.post_news(teacher.id, second.id, "For Gin 2")
    seen = store.learner_news(ana.id)
    assert [n.body for n in seen] == [f"Message {n} <b>not bold</b>" for n in range(NEWS_SHOWN + 1, 1, -1)]
    assert [n.body for n in store.learner_news(ben.id)] == ["For Gin 2"]
    assert len(store.news_of(teacher.id, first.id)) == NEWS_SHOWN + 2
    with pytest.raises(NewsError):
        store.post_news(teacher.id, first.id, "   ")
    with pytest.raises(NewsError):
        store.post_news(teacher.id, first.id, "x" * (NEWS_MAX + 1))


def test_a_class_name_has_a_length(store):
    [teacher] = people(store, "Ms Ruiz")
    with pytest.raises(ClassNameError):
        store.create_class(teacher.id, " \u200b ", "en", "classic")
    with pytest.raises(ClassNameError):
        store.create_class(teacher.id, "x" * (CLASS_NAME_MAX + 1), "en", "classic")


def test_accounts_for_young_learners_come_with_a_sheet_of_one_time_codes(store):
    [teacher] = people(store, "Ms Ruiz")
    made = store.create_class(teacher.id, "Gin", "en", "classic")
    sheet = store.create_learners(teacher.id, made.id, ["Lucía", "Mateo", "Lucía"])
    assert [line.name for line in sheet] == ["Lucía", "Mateo", "Lucía"]  # two of one name: two accounts
    assert len({line.profile_id for line in sheet}) == 3 and len({line.code for line in sheet}) == 3
    assert [m.name for m in store.members(teacher.id, made.id)] == ["Lucía", "Lucía", "Mateo"]
    # Each code opens its learner's profile once, in the learner's own browser, for two weeks.
    opened = store.redeem_code(sheet[1].code)
    assert opened.profile is not None and opened.profile.id == sheet[1].profile_id
    assert store.redeem_code(sheet[1].code).problem == "used"
    store.clock.now += timedelta(days=15)
    assert store.redeem_code(sheet[0].code).problem == "expired"
    # Another teacher cannot make accounts in this class.
    [other] = people(store, "Mr Lee")
    assert store.create_learners(other.id, made.id, ["Intruder"]) == []


def test_homework_is_set_by_a_classs_teacher_and_seen_by_its_learners(store):
    from tutor.progress.homework import HomeworkError, lessons_spec, puzzles_spec
    teacher, other, ana, ben = people(store, "Ms Ruiz", "Mr Lee", "Ana", "Ben")
    made = store.create_class(teacher.id, "Gin", "en", "classic")
    store.join_class(ana.id, made.code)
    lessons = store.create_assignment(teacher.id, made.id, "lessons", lessons_spec(["02-melds"]), None)
    puzzles = store.create_assignment(teacher.id, made.id, "puzzles", puzzles_spec("deadwood", "easy", 3, "classic"),
                                      datetime(2026, 12, 10).date())
    assert lessons.lessons == ["02-melds"] and puzzles.due.isoformat() == "2026-12-10"
    assert [a.id for a in store.assignments_of(teacher.id, made.id)] == [puzzles.id, lessons.id]
    assert [a.id for a in store.learner_assignments(ana.id)] == [puzzles.id, lessons.id]
    assert store.learner_assignments(ben.id) == []  # not in the class
    # Another teacher can neither set, read nor take back this class's homework.
    assert store.create_assignment(other.id, made.id, "lessons", lessons_spec(["01-cards"]), None) is None
    assert store.assignments_of(other.id, made.id) == []
    assert not store.remove_assignment(other.id, lessons.id)
    assert store.remove_assignment(teacher.id, lessons.id)
    assert [a.id for a in store.learner_assignments(ana.id)] == [puzzles.id]
    with pytest.raises(HomeworkError):
        store.create_assignment(teacher.id, made.id, "lessons", {"lessons": []}, None)


def test_when_each_lesson_was_passed_is_kept(store):
    [ana] = people(store, "Ana")
    store.mark_lesson_done(ana.id, "01-cards")
    times = store.lesson_times(ana.id)
    assert list(times) == ["01-cards"] and times["01-cards"].tzinfo is not None


def test_a_saved_game_keeps_how_many_of_its_hands_are_finished(store):
    [ana] = people(store, "Ana")
    saved = store.save_game(ana.id, None, 7, "strong", "classic", [("pass", None)], False, None, 1, 1, hands=0)
    again = store.save_game(ana.id, saved.id, 7, "strong", "classic", [("pass", None), ("stock", None)], False,
                            None, 2, 1, version=saved.version, hands=2)
    assert again is not None and [g.hands for g in store.games(ana.id)] == [2]


def test_a_saved_game_keeps_the_coachs_accuracy_of_the_decisions_judged(store):
    [ana] = people(store, "Ana")
    saved = store.save_game(ana.id, None, 7, "strong", "classic", [("pass", None)], False, None, 0, 0)
    assert [g.accuracy for g in store.games(ana.id)] == [None]  # nothing judged yet
    store.save_game(ana.id, saved.id, 7, "strong", "classic", [("pass", None), ("stock", None)], False, None, 2, 1,
                    version=saved.version, hands=0, accuracy=88.5)
    assert [g.accuracy for g in store.games(ana.id)] == [88.5]


def test_a_drill_answer_keeps_what_was_answered_and_the_hints_asked_for(store):
    from tutor.progress.ratings import Rating
    from tutor.progress.store import DrillAnswer
    [ana] = people(store, "Ana")
    store.record_drill_answer(ana.id, DrillAnswer("deadwood", "easy", "classic", False, 6.0, "deadwood/easy/7",
                                                  Rating(), True, 7, "face_values", "32", 2))
    store.record_attempt(ana.id, "deadwood", "easy", "classic", True, 3.0, seed=8)  # kept without them
    first, second = store.attempts(ana.id)
    assert (first.given, first.hints, first.seed, first.mistake) == ("32", 2, 7, "face_values")
    assert (second.given, second.hints) == (None, None)


def test_a_whole_class_is_read_in_one_query_a_kind_each_learner_with_their_own(store):
    # Ana: two answers (deadwood right, score wrong), lesson 01 passed, a game, a deadwood review item
    # (due at once: a first answer comes back within minutes, and the clock runs on). Ben: one melds
    # answer. Cai: nothing. The class's reads give each their own, and nothing for Cai.
    from fsrs import Rating as Recall

    from tutor.progress.ratings import Rating
    from tutor.progress.store import DrillAnswer
    ana, ben, cai = people(store, "Ana", "Ben", "Cai")
    item = "drill:deadwood:easy:classic:7"
    store.record_drill_answer(ana.id, DrillAnswer("deadwood", "easy", "classic", True, 4.0, item, Rating(), False, 7,
                                                  None, "12", 0))
    store.record_attempt(ana.id, "score", "easy", "classic", False, 9.0, seed=3)
    store.record_attempt(ben.id, "melds", "medium", "classic", True, 5.0, seed=4)
    store.mark_lesson_done(ana.id, "01-cards")
    store.save_game(ana.id, None, 7, "strong", "classic", [("pass", None)], True, False, 3, 1, hands=2, accuracy=64.0)
    store.schedule(ana.id, item, Recall.Again)
    store.clock.now += timedelta(days=30)
    ids = [ana.id, ben.id, cai.id]
    answers = store.attempts_of(ids)
    assert {i: [a.kind for a in got] for i, got in answers.items()} == {ana.id: ["deadwood", "score"],
                                                                         ben.id: ["melds"]}
    assert answers[ana.id] == store.attempts(ana.id) and store.attempts(cai.id) == []
    assert list(store.lesson_times_of(ids)) == [ana.id] and list(store.lesson_times_of(ids)[ana.id]) == ["01-cards"]
    games = store.games_of(ids)
    assert list(games) == [ana.id] and [(g.seed, g.hands, g.accuracy) for g in games[ana.id]] == [(7, 2, 64.0)]
    assert list(store.ratings_of(ids)) == [ana.id] and set(store.ratings_of(ids)[ana.id]) == {"deadwood"}
    assert store.due_counts(ids) == {ana.id: 1}
    assert store.attempts_of([]) == {} and store.games_of([]) == {} and store.due_counts([]) == {}


def test_the_owner_takes_a_co_teacher_out_and_a_co_teacher_may_leave(store):
    owner, rogue, helper, ana = people(store, "Ms Ruiz", "Ana's friend", "Mr Lee", "Ana")
    made = store.create_class(owner.id, "Gin", "en", "classic")
    store.join_as_teacher(rogue.id, made.teacher_code)
    store.join_as_teacher(helper.id, made.teacher_code)
    # A co-teacher may take no one out, not even the owner, and the owner may not leave.
    assert not store.remove_teacher(rogue.id, made.id, owner.id)
    assert not store.remove_teacher(rogue.id, made.id, helper.id)
    assert not store.leave_teaching(owner.id, made.id)
    assert not store.remove_teacher(owner.id, made.id, owner.id)
    assert store.remove_teacher(owner.id, made.id, rogue.id)
    assert store.taught_class(rogue.id, made.id) is None and store.members(rogue.id, made.id) == []
    assert store.leave_teaching(helper.id, made.id)
    assert [t.name for t in store.teachers_of(owner.id, made.id)] == ["Ms Ruiz"]
    assert not store.leave_teaching(ana.id, made.id)  # one who never taught it


def test_new_codes_stop_the_old_ones_at_once(store):
    owner, rogue, ana, ben = people(store, "Ms Ruiz", "Rogue", "Ana", "Ben")
    made = store.create_class(owner.id, "Gin", "en", "classic")
    store.join_class(ana.id, made.code)
    new_teacher_code = store.renew_code(owner.id, made.id, teacher_code=True)
    assert new_teacher_code and new_teacher_code != made.teacher_code
    assert store.join_as_teacher(rogue.id, made.teacher_code).problem == "unknown"  # the leaked one
    assert store.join_as_teacher(rogue.id, new_teacher_code).problem is None
    new_class_code_ = store.renew_code(owner.id, made.id, teacher_code=False)
    assert store.join_class(ben.id, made.code).problem == "unknown"
    assert store.join_class(ben.id, new_class_code_).problem is None
    assert [c.id for c in store.classes_joined(ana.id)] == [made.id]  # who joined stays
    assert store.renew_code(ana.id, made.id, teacher_code=False) is None  # a learner makes no code
    now = store.taught_class(owner.id, made.id)
    assert (now.code, now.teacher_code) == (new_class_code_, new_teacher_code)


def test_the_history_says_who_changed_what_newest_first(store):
    owner, lee, ana = people(store, "Ms Ruiz", "Mr Lee", "Ana")
    made = store.create_class(owner.id, "Gin", "en", "classic")
    store.join_class(ana.id, made.code)
    store.join_as_teacher(lee.id, made.teacher_code)
    store.rename_class(lee.id, made.id, "Hacked")
    store.archive_class(lee.id, made.id)
    store.remove_teacher(owner.id, made.id, lee.id)
    store.renew_code(owner.id, made.id, teacher_code=True)
    store.archive_class(owner.id, made.id, archived=False)
    store.remove_member(owner.id, made.id, ana.id)
    history = store.history_of(owner.id, made.id)
    assert [(e.actor, e.what, e.subject, e.detail) for e in history] == [
        ("Ms Ruiz", "learner_removed", "Ana", ""),
        ("Ms Ruiz", "restored", "", ""),
        ("Ms Ruiz", "teacher_code_renewed", "", ""),
        ("Ms Ruiz", "teacher_removed", "Mr Lee", ""),
        ("Mr Lee", "archived", "", ""),
        ("Mr Lee", "renamed", "", "Hacked"),
        ("Mr Lee", "teacher_joined", "Mr Lee", ""),
        ("Ana", "learner_joined", "Ana", ""),
        ("Ms Ruiz", "created", "", "Gin"),
    ]
    assert all(e.at is not None for e in history)
    assert store.history_of(lee.id, made.id) == []  # no longer one of its teachers


def test_a_teacher_gives_a_young_learner_a_new_sign_in_code_and_the_old_one_stops(store):
    teacher, other, ana = people(store, "Ms Ruiz", "Mr Lee", "Ana")
    made = store.create_class(teacher.id, "Gin", "en", "classic")
    store.join_class(ana.id, made.code)
    [lucia] = store.create_learners(teacher.id, made.id, ["Lucía"])
    again = store.new_sign_in_code(teacher.id, made.id, lucia.profile_id)
    assert again is not None and again.name == "Lucía" and again.code != lucia.code
    assert store.redeem_code(lucia.code).problem is not None  # the lost slip opens nothing now
    opened = store.redeem_code(again.code)
    assert opened.profile is not None and opened.profile.id == lucia.profile_id
    # Only for an account the class made, and only by one of its teachers.
    assert store.new_sign_in_code(teacher.id, made.id, ana.id) is None
    assert store.new_sign_in_code(other.id, made.id, lucia.profile_id) is None
    assert [m.made_here for m in store.members(teacher.id, made.id)] == [False, True]
    assert store.history_of(teacher.id, made.id)[0].what == "sign_in_code"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_class_made_before_owners_is_owned_by_its_earliest_teacher(request, tmp_path, backend):
    # Schema 16: "Gin" taught by Mr Lee (added second) and Ms Ruiz (added first); schema 17 makes Ms Ruiz
    # its owner, and her alone.
    import sqlalchemy as sa

    from tutor.progress.database import upgrade
    url = (f"sqlite:///{tmp_path / 'old.db'}" if backend == "sqlite"
           else request.getfixturevalue("postgres_cluster").new_database())
    engine = sa.create_engine(url)
    with engine.begin() as db:
        upgrade(db, target=16)
        db.execute(sa.text("INSERT INTO profiles (id, name, created) VALUES (1, 'Ms Ruiz', '2026-01-01'), "
                           "(2, 'Mr Lee', '2026-01-01')"))
        db.execute(sa.text("INSERT INTO classes (id, name, language, ruleset, code, teacher_code, archived, created) "
                           "VALUES (7, 'Gin', 'en', 'classic', 'AAAA-BBBB', 'CCCC-DDDD', 0, '2026-01-02')"))
        db.execute(sa.text("INSERT INTO class_teachers (class_id, profile_id, added) VALUES "
                           "(7, 2, '2026-02-01T00:00:00'), (7, 1, '2026-01-02T00:00:00')"))
    with engine.begin() as db:
        upgrade(db)
    engine.dispose()
    store = open_store(url=url)
    try:
        assert [(t.name, t.owner) for t in store.teachers_of(2, 7)] == [("Ms Ruiz", True), ("Mr Lee", False)]
        assert not store.remove_teacher(2, 7, 1) and store.remove_teacher(1, 7, 2)
    finally:
        store.close()
