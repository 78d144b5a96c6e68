"""The Classes page through AppTest, in both languages, with private profiles on (as teaching needs):
a teacher makes a class, a learner joins it with its code and sees the teacher's news on the home
page, the teacher names the learner; accounts for young learners with their slips of codes and a
new code for a lost one; codes made new and a co-teacher taken out; going over mistakes; and what a
tester would try: another teacher's class by its address, guessed codes, Markdown in a news message
or a name, a spreadsheet formula as a name, a damaged class row, public profiles."""

from __future__ import annotations

import pytest
from apptest_helpers import screen, start

from tutor.app.ui import classes_state
from tutor.app.ui.session_keys import (
    CLASS_CHOICE,
    CLASS_CODE,
    CLASS_NAMES,
    CLASS_NEW_NAME,
    CLASS_NEWS,
    CLASS_SHEET,
)
from tutor.progress.store import open_store
from tutor.progress.throttle import FREE_TRIES

JOINED = {"en": "You joined the class “Gin 4ºB”.", "es": "Te has unido a la clase «Gin 4ºB»."}
NEWS_HEADER = {"en": "News from your classes", "es": "Avisos de tus clases"}


PRIVATE = {"private_profiles": True}
"""The setting that makes profiles private on one machine (what teaching needs)."""


def as_profile(name, lang="en", secrets=PRIVATE, **params):
    at = start(lang, params=params, secrets=secrets)
    at.text_input(key="profile_new").input(name).run()
    at.button(key="profile_create").click().run()
    assert at.session_state["profile_name"] == name
    at.switch_page("screens/classes.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def class_with_learner(lang="en"):
    """Ms Ruiz, with her class "Gin 1", and Ana, who joined it with its code: (teacher, learner)."""
    teacher = as_profile("Ms Ruiz", lang)
    class_id = make_class(teacher, "Gin 1", {"en": "Make the class", "es": "Crear la clase"}[lang])
    learner = as_profile("Ana", lang)
    learner.text_input(key=CLASS_CODE).input(code_of(teacher, class_id))
    submit(learner, {"en": "Join the class", "es": "Unirme a la clase"}[lang])
    return teacher, learner


def submit(at, form_button_label):
    next(b for b in at.button if b.label == form_button_label).click().run()
    assert not at.exception, [e.value for e in at.exception]


def make_class(at, name, label="Make the class"):
    at.text_input(key=CLASS_NEW_NAME).input(name)
    submit(at, label)
    return at.session_state[CLASS_CHOICE]


def give_real_name(teacher, row, real_name):
    """The teacher types ``real_name`` in the "Real name" cell of row ``row`` of the learners' table
    (AppTest cannot type in a table: the edit its widget sends is saved as the page saves it)."""
    from tutor.app.ui.class_learners import real_name_edits
    store = app_store()
    teacher_id, class_id = teacher.session_state["_profile"].id, teacher.session_state[CLASS_CHOICE]
    ids = [m.profile_id for m in store.members(teacher_id, class_id)]  # the table's rows, in its order
    [(learner, name)] = real_name_edits({"edited_rows": {row: {"Real name": real_name}}}, ids, "Real name")
    assert store.set_real_name(teacher_id, class_id, learner, name)
    store.close()
    teacher.run()


def app_store():
    """The store the app under test writes to (this test's own data folder)."""
    import os
    from pathlib import Path
    return open_store(Path(os.environ["GIN_TUTOR_DATA_DIR"]))


def code_of(teacher, class_id):
    """The class code, as the store keeps it for the class's teacher."""
    store = app_store()
    try:
        taught = store.taught_class(teacher.session_state["_profile"].id, class_id)
        assert taught is not None
        return taught.code
    finally:
        store.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_teacher_makes_a_class_a_learner_joins_and_reads_its_news(lang):
    labels = {"en": ("Make the class", "Join the class", "Post"),
              "es": ("Crear la clase", "Unirme a la clase", "Publicar")}[lang]
    teacher = as_profile("Ms Ruiz", lang)
    class_id = make_class(teacher, "Gin 4ºB", labels[0])
    code = code_of(teacher, class_id)
    assert code and code in screen(teacher)  # the code is shown to the teacher, to hand out
    learner = as_profile("Ana", lang)
    learner.text_input(key=CLASS_CODE).input(code.lower())
    submit(learner, labels[1])
    assert any(s.value == JOINED[lang] for s in learner.success), screen(learner)
    # The teacher sees Ana, gives her a real name, and posts a message with Markdown in it.
    teacher.run()
    assert "Ana" in [str(v) for v in teacher.dataframe[0].value.iloc[:, 1]]
    give_real_name(teacher, 0, "Ana García")
    assert "Ana García" in [str(v) for v in teacher.dataframe[0].value.iloc[:, 0]]
    teacher.text_area(key=CLASS_NEWS).input("Homework: **lesson 3** [here](https://evil.example)")
    submit(teacher, labels[2])
    # Ana reads it on her home page, as plain text (no bold, no link).
    learner.switch_page("screens/home.py").run()
    assert any(h.value == NEWS_HEADER[lang] for h in learner.header)
    assert "Homework: **lesson 3** [here](https://evil.example)" in [t.value for t in learner.text]
    assert "Ana García" not in screen(learner)  # the real name is the teachers' only


def test_another_teachers_class_does_not_open_by_its_address():
    first = as_profile("Ms Ruiz")
    mine = make_class(first, "Mine")
    second = as_profile("Mr Lee")
    theirs = make_class(second, "Theirs")
    at = as_profile("Mallory", params={"class": str(mine)})
    assert "Mine" not in screen(at)  # Mallory teaches nothing: no class is shown
    peeking = start("en", params={"class": str(mine)}, secrets=PRIVATE)  # Mr Lee's browser, a new tab
    peeking.session_state["profile_name"] = "Mr Lee"
    peeking.session_state["_browser_keys"] = second.session_state["_browser_keys"]
    peeking.switch_page("screens/classes.py").run()
    assert "None of your classes has that address" in screen(peeking)
    assert peeking.session_state[CLASS_CHOICE] == theirs and "Mine" not in screen(peeking)


def test_guessed_class_codes_soon_have_to_wait():
    at = as_profile("Guesser")
    for count in classes_state.CODE_TRIES:
        count._counts.clear()
    for _ in range(FREE_TRIES + 1):
        at.text_input(key=CLASS_CODE).input("ZZZZ-ZZZZ")
        submit(at, "Join the class")
    assert any("Too many wrong codes" in e.value for e in at.error), screen(at)


def test_accounts_for_young_learners_come_with_a_sheet_and_a_download():
    teacher = as_profile("Ms Ruiz")
    make_class(teacher, "Gin 1")
    teacher.text_area(key=CLASS_NAMES).input("Lucía\nMateo\n\n")
    submit(teacher, "Make the accounts")
    class_id, lines = teacher.session_state[CLASS_SHEET]
    assert [name for name, _ in lines] == ["Lucía", "Mateo"]
    assert any(b.label == "Download the sheet (CSV)" for b in teacher.get("download_button"))
    assert [str(v) for v in teacher.dataframe[0].value.iloc[:, 1]] == ["Lucía", "Mateo"]


def test_a_guest_is_asked_for_a_profile():
    at = start("es")
    at.switch_page("screens/classes.py").run()
    assert not at.exception
    assert "Elige o crea un perfil en la barra lateral para unirte a una clase o para dar una." in screen(at)


def test_the_dashboard_has_a_row_per_learner_with_their_drills():
    teacher, learner = class_with_learner()
    store = app_store()
    ana = learner.session_state["_profile"].id
    # Ana: three deadwood answers, two right, and one wrong score answer (face cards as 11-13).
    for correct in (True, False, True):
        store.record_attempt(ana, "deadwood", "easy", "classic", correct, 4.0)
    store.record_attempt(ana, "score", "easy", "classic", False, 9.0, mistake="face_values")
    store.mark_lesson_done(ana, "01-cards")
    # And a finished game against the beginner, won: 8 of her 10 decisions best, an accuracy of 83.4.
    store.save_game(ana, None, 5, "beginner", "classic", [("pass", None)], True, True, 10, 8, hands=3, accuracy=83.4)
    store.close()
    teacher.run()
    [row] = teacher.dataframe[1].value.to_dict("records")
    assert (row["Profile"], row["Lessons done (of 10)"], row["Drill answers"], row["Right (%)"]) == ("Ana", 1, 4, 50)
    assert row["Mistake made most"] == "counting face cards as 11, 12 and 13"
    assert (row["Games finished"], row["Coach's accuracy (%)"], row["Coach's best moves (%)"]) == (1, 83, 80)
    # Her games per level, under the chart of the learner chosen (she is the only one).
    levels = next(d.value for d in teacher.dataframe if "Virtual player" in d.value.columns).to_dict("records")
    assert levels == [{"Virtual player": "beginner", "Games finished": 1, "Won": 1, "Coach's accuracy (%)": 83,
                       "Coach's best moves (%)": 80}]
    assert any(b.label == "Download the table (CSV)" for b in teacher.get("download_button"))
    # The weakest kind of the class comes first: the score (none right), then the deadwood.
    weakest = "**The class's weakest kinds of drill:** Hand score (0% right) and Deadwood (67% right)"
    assert any(m.value == weakest for m in teacher.markdown), screen(teacher)


def test_homework_is_set_seen_and_followed_per_learner():
    from tutor.app.ui.session_keys import HOMEWORK_COUNT, HOMEWORK_KIND, HOMEWORK_LEVEL
    from tutor.progress.homework import puzzle_seeds
    teacher, learner = class_with_learner()
    teacher.run()
    teacher.selectbox(key=HOMEWORK_KIND).set_value("deadwood")
    teacher.selectbox(key=HOMEWORK_LEVEL).set_value("easy")
    teacher.number_input(key=HOMEWORK_COUNT).set_value(3)
    submit(teacher, "Set this set of puzzles")
    assert any("The homework is set" in s.value for s in teacher.success), screen(teacher)
    # Ana sees it, with a link to each of the three puzzles (the same for every learner).
    learner.run()
    assert "**Homework:** 3 puzzles: Deadwood, easy" in [m.value for m in learner.markdown], screen(learner)
    links = [link for link in learner.get("page_link") if link.proto.label.startswith("Puzzle ")]
    assert [link.proto.label for link in links] == ["Puzzle 1", "Puzzle 2", "Puzzle 3"]
    # She answers the first one right and the second wrong (as the Drills page records them).
    first, second, _ = puzzle_seeds(1, 3)  # the first assignment of this test's fresh database: id 1
    store = app_store()
    ana = learner.session_state["_profile"].id
    from tutor.progress.ratings import Rating
    from tutor.progress.store import DrillAnswer
    store.record_drill_answer(ana, DrillAnswer("deadwood", "easy", "classic", True, 4.0, "a", Rating(), False, first,
                                               None, "7", 0))
    store.record_drill_answer(ana, DrillAnswer("deadwood", "easy", "classic", False, 4.0, "b", Rating(), True, second,
                                               "face_values", "31", 1))
    store.close()
    teacher.run()
    table = next(d.value for d in teacher.dataframe if "Progress" in d.value.columns)
    [row] = table.to_dict("records")
    assert (row["Learner"], row["Progress"], row["1"], row["2"], row["3"]) == ("Ana", "2 of 3 done", "✓", "✗", "—")
    # Every first answer, as Ana gave it, with the hints she asked for; beside the wrong one, the
    # engine's answer and the mistake's name, and each puzzle's address to open it in class. Puzzle 2:
    # 8♠ Q♠ 9♥ 10♥ J♥ K♥ 5♦ 6♦ K♦ K♣ → 9♥ 10♥ J♥ and K♥ K♦ K♣; deadwood 8 + 10 + 5 + 6 = 29.
    every = next(d.value for d in teacher.dataframe if "Answer given" in d.value.columns).to_dict("records")
    assert [(r["Puzzle"], r["Right at the first try"], r["Answer given"], r["Right answer"], r["Mistake"], r["Hints"])
            for r in every] == [(1, "✓", "7", "", "", 0),
                                (2, "✗", "31", "29", "counting face cards as 11, 12 and 13", 1)]
    assert every[1]["Open"] == f"drills?drill=deadwood&seed={second}&level=easy&rules=classic&lang=en"
    assert any(b.proto.label == "Download this homework (CSV)" for b in teacher.get("download_button"))
    learner.run()
    assert [link.proto.label for link in learner.get("page_link") if link.proto.label.startswith("Puzzle ")] == [
        "Puzzle 1 ✓", "Puzzle 2 ✗", "Puzzle 3"]



def test_hands_against_a_level_are_set_and_counted_from_the_learners_games():
    from tutor.app.ui.session_keys import HOMEWORK_BOT, HOMEWORK_HANDS
    teacher, learner = class_with_learner("es")
    teacher.run()
    teacher.selectbox(key=HOMEWORK_BOT).set_value("strong")
    teacher.number_input(key=HOMEWORK_HANDS).set_value(3)
    submit(teacher, "Poner estas manos")
    learner.run()
    assert "**Deberes:** 3 manos contra el jugador fuerte" in [m.value for m in learner.markdown], screen(learner)
    assert any(link.proto.label == "Jugar contra el jugador fuerte" for link in learner.get("page_link"))
    store = app_store()
    store.save_game(learner.session_state["_profile"].id, None, 7, "strong", "classic", [("pass", None)], False,
                    None, 3, 2, hands=1, accuracy=71.6)  # one hand finished against the strong player
    store.close()
    teacher.run()
    table = next(d.value for d in teacher.dataframe if "Progreso" in d.value.columns)
    # One hand of three; the coach graded 2 of her 3 decisions best, an accuracy of 71.6.
    assert table.to_dict("records") == [{"Alumno": "Ana", "Progreso": "1 de 3 hechos",
                                         "Precisión según el entrenador (%)": 72,
                                         "Mejores jugadas según el entrenador (%)": 67}]


def test_a_learner_sees_their_own_row_of_the_dashboard_and_nothing_of_others():
    teacher = as_profile("Ms Ruiz")
    class_id = make_class(teacher, "Gin 1")
    code = code_of(teacher, class_id)
    for name in ("Ana", "Ben"):
        someone = as_profile(name)
        someone.text_input(key=CLASS_CODE).input(code)
        submit(someone, "Join the class")
    teacher.run()
    give_real_name(teacher, 1, "Benjamín Ruiz")  # Ben, the second in the list
    someone.switch_page("screens/progress.py").run()
    assert any(h.value == "What your teachers see" for h in someone.header)
    table = someone.dataframe[0].value
    row = dict(zip(table["Column"], table["Your row"], strict=True))  # the row on its side
    assert row["Profile"] == "Ben" and "Real name" not in row
    assert row["Right (%)"] == "—" and row["Coach's accuracy (%)"] == "—"  # nothing yet, not "None"
    assert "Ana" not in screen(someone) and "Benjamín Ruiz" not in screen(someone)


def test_who_may_teach_where_the_school_lists_its_teachers():
    from tutor.progress.access import listed_teacher
    assert listed_teacher("ana@school.es", None) and listed_teacher("ana@school.es", [])
    assert listed_teacher("Ana@School.es", ["ana@school.es"])
    assert listed_teacher("luis@school.es", ["@school.es"]) and listed_teacher("luis@school.es", "@school.es")
    assert not listed_teacher("luis@other.es", ["@school.es", "ana@school.es"])
    assert not listed_teacher("mallory@evilschool.es", ["@school.es"])  # a longer domain ending the same
    assert not listed_teacher("luis@school.es.evil.com", ["@school.es"])


def test_puzzles_chosen_by_their_address_are_set_and_a_bad_line_is_named():
    from tutor.app.ui.session_keys import HOMEWORK_ADDRESSES
    teacher, learner = class_with_learner()
    teacher.run()
    teacher.text_area(key=HOMEWORK_ADDRESSES).input(
        "http://localhost:8501/drills?drill=deadwood&seed=7&level=easy&rules=classic&lang=en\n"
        "drill=score&seed=424242&level=hard&rules=spanish\n"
        "drill=poker&seed=1&level=easy&rules=classic")
    submit(teacher, "Set these puzzles")
    assert any(e.value == "Line 3 is not a puzzle's address: copy it from the Drills page." for e in teacher.error)
    teacher.text_area(key=HOMEWORK_ADDRESSES).input(
        "http://localhost:8501/drills?drill=deadwood&seed=7&level=easy&rules=classic&lang=en\n"
        "drill=score&seed=424242&level=hard&rules=spanish")
    submit(teacher, "Set these puzzles")
    learner.run()
    assert "**Homework:** 2 chosen puzzles" in [m.value for m in learner.markdown], screen(learner)
    links = [link.proto for link in learner.get("page_link") if link.proto.label.startswith("Puzzle ")]
    assert [link.label for link in links] == ["Puzzle 1", "Puzzle 2"]
    assert "seed=424242" in str(links[1].query_string) and "rules=spanish" in str(links[1].query_string)


def test_lessons_set_as_homework_show_with_a_link_to_each():
    from tutor.app.ui.session_keys import HOMEWORK_LESSONS
    teacher, learner = class_with_learner("es")
    teacher.run()
    teacher.multiselect(key=HOMEWORK_LESSONS).select("02-melds").select("03-deadwood")
    submit(teacher, "Poner estas lecciones")
    assert any("Los deberes están puestos" in s.value for s in teacher.success), screen(teacher)
    learner.run()
    homework = "**Deberes:** Lecciones: Grupos y escaleras y Cartas sueltas y la mejor forma de combinar"
    assert homework in [m.value for m in learner.markdown], screen(learner)
    labels = [link.proto.label for link in learner.get("page_link")]
    assert "Grupos y escaleras" in labels and "Cartas sueltas y la mejor forma de combinar" in labels


def test_practising_their_own_mistakes_gives_each_learner_their_own_puzzles():
    from tutor.app.ui.session_keys import HOMEWORK_MISTAKES
    teacher = as_profile("Ms Ruiz")
    class_id = make_class(teacher, "Gin 1")
    code = code_of(teacher, class_id)
    ana, ben = as_profile("Ana"), as_profile("Ben")
    for learner in (ana, ben):
        learner.text_input(key=CLASS_CODE).input(code)
        submit(learner, "Join the class")
    store = app_store()
    store.record_attempt(ana.session_state["_profile"].id, "deadwood", "easy", "classic", False, 4.0, seed=77)
    store.close()
    teacher.run()
    teacher.number_input(key=HOMEWORK_MISTAKES).set_value(3)
    submit(teacher, "Set their mistakes")
    ana.run()
    assert [link.proto.label for link in ana.get("page_link") if link.proto.label.startswith("Puzzle ")] == [
        "Puzzle 1"]
    ben.run()
    assert [bar.proto.text for bar in ben.get("progress")] == ["Nothing to do: no mistake to practise yet"]
    assert not [link for link in ben.get("page_link") if link.proto.label.startswith("Puzzle ")]


def test_where_accounts_sign_in_a_guest_is_asked_to_sign_in_to_join_or_teach(monkeypatch):
    from tutor.app.ui import identity
    monkeypatch.setattr(identity, "signed_in", lambda: None)
    at = started_with_secrets({"auth": {"redirect_uri": "http://localhost:8501/oauth2callback",
                                        "cookie_secret": "not-a-secret-in-a-test"}})
    at.switch_page("screens/classes.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Sign in (in the sidebar) to join a class or to teach one." in screen(at)
    assert "Choose or create a profile" not in screen(at)


@pytest.mark.parametrize(("address", "may"), [("ana@school.es", True), ("luis@elsewhere.es", False)])
def test_where_accounts_sign_in_only_a_listed_signed_in_account_teaches(monkeypatch, address, may):
    # Sign-in configured (an [auth] section) and the school lists its teachers by domain: the
    # signed-in account's profile is taken up, and only a listed address gets the "Make a class" form.
    from tutor.app.ui import identity
    monkeypatch.setattr(identity, "signed_in", lambda: (f"sub-{address}", address))
    at = started_with_secrets({"auth": {"redirect_uri": "http://localhost:8501/oauth2callback",
                                        "cookie_secret": "not-a-secret-in-a-test"},
                               "teachers": ["@school.es"]})
    at.switch_page("screens/classes.py").run()
    assert not at.exception, [e.value for e in at.exception]
    shown = screen(at)
    assert at.session_state["profile_name"]  # the account's own profile
    listed_only = ("This school lets only the accounts it lists teach classes. Ask whoever runs gin-tutor here "
                   "to add yours.")
    if may:
        assert listed_only not in shown and "Make the class" in shown
        make_class(at, "Gin 4ºB")
        assert "Gin 4ºB" in screen(at)
    else:
        assert listed_only in shown and "Make the class" not in shown
        assert not any(b.label == "Make the class" for b in at.button)


def started_with_secrets(secrets):
    """The app in English after its first run, with ``secrets`` as its ``.streamlit/secrets.toml``."""
    from apptest_helpers import APP
    from streamlit.testing.v1 import AppTest
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = "en"
    for key, value in secrets.items():
        at.secrets[key] = value
    return at.run()


@pytest.mark.parametrize("lang, label, asked", [
    ("en", "Join the class", "Type the code first."),
    ("es", "Unirme a la clase", "Primero escribe el código."),
])
def test_a_code_form_sent_empty_asks_for_the_code(lang, label, asked):
    learner = as_profile("Ana", lang)
    submit(learner, label)
    assert [e.value for e in learner.error] == [asked]


def click(at, label):
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_where_profiles_are_public_teach_is_not_offered_and_the_page_says_how_to_turn_them_on():
    # One machine, SQLite, no settings (the README's two commands): anyone may open any profile by its name.
    at = as_profile("Ms Ruiz", secrets={})
    assert "Teaching needs private profiles" in screen(at) and "private_profiles = true" in screen(at)
    assert not any(b.label in ("Make the class", "Teach this class too") for b in at.button)
    assert "Your classes" in screen(at) and any(b.label == "Join the class" for b in at.button)


def test_a_leaked_teacher_code_is_made_new_and_the_co_teacher_taken_out():
    owner = as_profile("Ms Ruiz")
    class_id = make_class(owner, "Gin 3B")
    # The teacher code is not on the screen until asked for: a projected page shows the class code only.
    store = app_store()
    made = store.taught_class(owner.session_state["_profile"].id, class_id)
    store.close()
    assert made.code in screen(owner) and made.teacher_code not in screen(owner)
    click(owner, "Show the teacher code")
    assert made.teacher_code in screen(owner)
    # A learner read it anyway and typed it.
    rogue = as_profile("Ana")
    rogue.text_input(key="teacher_code").input(made.teacher_code)
    submit(rogue, "Teach this class too")
    assert "You teach the class “Gin 3B”." in [s.value for s in rogue.success]
    # The owner makes a new teacher code (after confirming): the leaked one joins no one now.
    owner.run()
    assert "Ana" in screen(owner)
    click(owner, "New teacher code")
    assert any("Make a new teacher code for “Gin 3B”?" in w.value for w in owner.warning)
    click(owner, "Yes, a new teacher code")
    store = app_store()
    renewed = store.taught_class(owner.session_state["_profile"].id, class_id).teacher_code
    store.close()
    assert renewed != made.teacher_code and renewed in screen(owner)
    late = as_profile("Ben")
    late.text_input(key="teacher_code").input(made.teacher_code)
    submit(late, "Teach this class too")
    assert [e.value for e in late.error] == ["No class has that teacher code."]
    # The owner takes Ana out of the class's teachers (confirmed): she no longer sees the class.
    click(owner, "Take out")
    assert any("Take Ana out of the class's teachers?" in w.value for w in owner.warning)
    click(owner, "Yes, take them out")
    assert "Ana no longer teaches the class." in [s.value for s in owner.success]
    rogue.run()
    assert "Gin 3B" not in screen(rogue)
    # The history says who did what.
    history = [m.value for m in owner.markdown if "·" in m.value]
    assert any("Ms Ruiz took Ana out of the class's teachers." in line for line in history), history
    assert any("Ana joined as a teacher, with the teacher code." in line for line in history), history
    assert any("Ms Ruiz made a new teacher code: the old one joins no one." in line for line in history), history


def test_a_co_teacher_may_leave_but_not_take_the_owner_out():
    owner = as_profile("Ms Ruiz")
    class_id = make_class(owner, "Gin")
    store = app_store()
    teacher_code = store.taught_class(owner.session_state["_profile"].id, class_id).teacher_code
    store.close()
    helper = as_profile("Mr Lee")
    helper.text_input(key="teacher_code").input(teacher_code)
    submit(helper, "Teach this class too")
    assert not any(b.label == "Take out" for b in helper.button)  # only the owner takes a teacher out
    click(helper, "Stop teaching")
    click(helper, "Yes, stop teaching it")
    assert "You no longer teach the class “Gin”." in [s.value for s in helper.success]
    assert "Show the teacher code" not in screen(helper)


def test_taking_a_learner_out_or_leaving_a_class_asks_first_and_names_who():
    teacher, learner = class_with_learner()
    teacher.run()
    click(teacher, "Take out of the class")
    assert any("Take Ana out of the class?" in w.value for w in teacher.warning)
    click(teacher, "Cancel")
    assert "Ana" in [str(v) for v in teacher.dataframe[0].value.iloc[:, 1]]  # nothing done
    learner.run()
    click(learner, "Leave this class")
    assert any("Leave the class “Gin 1”?" in w.value for w in learner.warning)
    click(learner, "Yes, leave the class")
    assert "You left the class “Gin 1”." in [s.value for s in learner.success]
    teacher.run()
    assert "No learner yet" in screen(teacher)


def test_a_young_learner_who_lost_their_slip_gets_a_new_code_and_the_old_one_opens_nothing():
    teacher = as_profile("Ms Ruiz")
    make_class(teacher, "Gin 1")
    teacher.text_area(key=CLASS_NAMES).input("Lucía\n")
    submit(teacher, "Make the accounts")
    [(_, first_code)] = teacher.session_state[CLASS_SHEET][1]
    assert any(b.label == "Slips to print (a page for your browser)" for b in teacher.get("download_button"))
    click(teacher, "New sign-in code")
    [(name, second_code)] = teacher.session_state[CLASS_SHEET][1]
    assert name == "Lucía" and second_code != first_code
    assert any("A new sign-in code for Lucía" in s.value for s in teacher.success)
    store = app_store()
    assert store.redeem_code(first_code).profile is None
    assert store.redeem_code(second_code).profile.name == "Lucía"
    store.close()


def test_forty_wrong_codes_from_one_browser_keep_no_one_else_at_that_address_waiting(monkeypatch):
    import time

    from tutor.app.ui import identity
    clock = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(identity, "client_address", lambda peer, forwarded: "203.0.113.9")  # a school's one address
    for count in classes_state.CODE_TRIES:
        count._counts.clear()
    teacher = as_profile("Ms Ruiz")
    code = code_of(teacher, make_class(teacher, "Gin"))
    guesser = as_profile("Guesser")
    wrong = 0
    while wrong < 40:
        guesser.text_input(key=CLASS_CODE).input("ZZZZ-ZZZZ")
        submit(guesser, "Join the class")
        if any("Too many wrong codes" in e.value for e in guesser.error):
            clock[0] += 3600  # waits out each wait, so that every one of the 40 codes is checked
            continue
        wrong += 1
    guesser.text_input(key=CLASS_CODE).input("ZZZZ-ZZZZ")
    submit(guesser, "Join the class")
    assert any("Too many wrong codes" in e.value for e in guesser.error)  # the guesser waits
    learner = as_profile("Ana")  # another browser at the same address, with the right code
    learner.text_input(key=CLASS_CODE).input(code)
    submit(learner, "Join the class")
    assert "You joined the class “Gin”." in [s.value for s in learner.success], screen(learner)


def test_a_damaged_class_name_shows_as_unreadable_and_the_page_works():
    teacher = as_profile("Ms Ruiz")
    damaged = make_class(teacher, "Gin 1")
    make_class(teacher, "Gin 2")
    store = app_store()
    with store._engine.begin() as db:
        db.exec_driver_sql("UPDATE classes SET name = X'fffe00', language = 'xx', ruleset = 'poker', "
                           f"archived = 'x' WHERE id = {damaged}")
    store.close()
    teacher.run()
    assert not teacher.exception
    next(s for s in teacher.selectbox if s.label == "Class").set_value(damaged).run()
    assert not teacher.exception, [e.value for e in teacher.exception]
    # A name it cannot read shows as "?", a language and a ruleset it does not know by their codes.
    assert [m.value for m in teacher.subheader][0] == "? · xx · poker"
    assert "Rename" in screen(teacher)  # the teacher can give it a name again


def test_damaged_homework_is_set_aside_and_its_teacher_told_once():
    teacher, learner = class_with_learner()
    teacher.run()
    teacher.number_input(key="homework_mistakes").set_value(2)
    submit(teacher, "Set their mistakes")
    submit(teacher, "Set their mistakes")
    store = app_store()
    with store._engine.begin() as db:
        db.exec_driver_sql("UPDATE assignments SET spec = '{' WHERE id = 1")
    store.close()
    learner.run()
    assert not learner.exception and len([m for m in learner.markdown if "**Homework:**" in m.value]) == 1
    teacher.run()
    told = ("1 piece of your classes' homework could not be read (damaged, or from a newer version): it was put "
            "aside, kept but not shown to anyone. Set it again if your learners still need it.")
    assert told in [i.value for i in teacher.info]
    teacher.run()
    assert told not in [i.value for i in teacher.info]  # once
    store = app_store()
    with store._engine.begin() as db:
        kept = db.exec_driver_sql("SELECT origin, content FROM set_aside").all()
    store.close()
    assert [origin for origin, _ in kept] == ["assignments"] and '"{"' in kept[0][1]


def test_a_learner_challenges_a_classmate_and_the_teacher_sees_the_game():
    """Ana challenges Bea from the class page: a table only Bea may sit at (Cy, also in the class, may
    not). Bea finds the challenge under the class. The teacher's page lists the game, by her names
    for them, and once Ana leaves it, a link to its reviews."""
    from tutor.app.ui.session_keys import TRIES_ID

    teacher, ana = class_with_learner()
    class_id = teacher.session_state[CLASS_CHOICE]
    code = code_of(teacher, class_id)
    mates = {}
    for name in ("Bea", "Cy"):
        mates[name] = as_profile(name)
        mates[name].text_input(key=CLASS_CODE).input(code)
        submit(mates[name], "Join the class")
    ana.run()
    bea_id = app_store().profile("Bea").id
    ana.selectbox(key=f"friend_challenge_{class_id}").set_value(bea_id)
    ana.button(key=f"challenge_{class_id}").click().run()
    [table] = app_store().challenges_for(bea_id)
    assert table.class_id == class_id and table.invited == bea_id and table.seats[0].name == "Ana"
    mates["Bea"].run()
    assert "Ana challenges you to a game: accept" in [link.label for link in mates["Bea"].get("page_link")]
    cy = mates["Cy"]
    cy.session_state[TRIES_ID] = "c" * 32
    cy.query_params["table"] = table.code
    cy.switch_page("screens/friend.py").run()
    cy.button(key="friend_sit").click().run()
    assert "This challenge is for another classmate." in screen(cy)
    teacher.run()
    frame = next(f for f in teacher.dataframe if "Players" in f.value.columns)
    assert list(frame.value["Players"]) == ["Ana against Bea"]
    assert list(frame.value["Result"]) == ["waiting for a friend"] and list(frame.value["Reviews"]) == [None]
    app_store().friend_leave(table.id, 0)
    teacher.run()
    frame = next(f for f in teacher.dataframe if "Players" in f.value.columns)
    assert list(frame.value["Result"]) == ["abandoned"]
    assert list(frame.value["Reviews"]) == [f"friend?table={table.code}&lang=en"]
