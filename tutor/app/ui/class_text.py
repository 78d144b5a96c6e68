"""What the Classes page says of a class, a piece of homework and a change in a class's history, in
the reader's language. Every name in it was typed by someone: each is made inert (:func:`plain`)
where it goes into Markdown, and given as it is where it goes into a table or a selector."""

from __future__ import annotations

from tutor.app.ui.safe import plain
from tutor.language.i18n import N_, Translator
from tutor.language.labels import drill_kind_name, level_name, ruleset_title
from tutor.language.play_text import bot_level_name
from tutor.progress.homework import Assignment, Progress
from tutor.progress.store_classes import ClassEvent, SchoolClass


def homework_line(assignment: Assignment, titles: dict[str, str], tr: Translator) -> str:
    """What a piece of homework asks, and when it is due (our own words: lesson titles, kinds)."""
    if assignment.kind == "lessons":
        names = tr.list_of([titles.get(lesson, lesson) for lesson in assignment.lessons])
        what = tr.ngettext("Lesson: {names}", "Lessons: {names}", len(assignment.lessons), names=names)
    elif assignment.kind == "mistakes":
        what = tr.ngettext("practise again {n} of your own mistakes", "practise again {n} of your own mistakes",
                           int(assignment.spec["count"]))
    elif assignment.kind == "addresses":
        what = tr.ngettext("{n} chosen puzzle", "{n} chosen puzzles", len(assignment.puzzles))
    elif assignment.kind == "hands":
        count = int(assignment.spec["count"])
        what = tr.ngettext("{n} hand against the {level} player", "{n} hands against the {level} player", count,
                           level=bot_level_name(str(assignment.spec["level"]), tr))
    else:
        count = int(assignment.spec["count"])
        what = tr.ngettext("{n} puzzle: {kind}, {level}", "{n} puzzles: {kind}, {level}", count,
                           kind=drill_kind_name(str(assignment.spec["kind"]), tr),
                           level=level_name(str(assignment.spec["level"]), tr))
    if assignment.due is None:
        return what
    return tr.gettext("{what} (due {day})", what=what, day=tr.day(assignment.due))


def progress_line(done: Progress, tr: Translator) -> str:
    """How much of a piece of homework is done, and when it was finished."""
    if not done.total:
        return tr.gettext("Nothing to do: no mistake to practise yet")
    if done.finished is not None:
        return tr.gettext("Done ({day})", day=tr.day(done.finished.date()))
    return tr.gettext("{done} of {total} done", done=tr.number(done.done), total=tr.number(done.total))


def class_line(school_class: SchoolClass, tr: Translator) -> str:
    """A class's name (made inert), its language and its ruleset, for Markdown."""
    return tr.gettext("{name} · {language} · {rules}", name=plain(school_class.name),
                      language=tr.language_in_text(school_class.language),
                      rules=ruleset_title(school_class.ruleset, tr))


def class_label(school_class: SchoolClass, tr: Translator) -> str:
    """A class as the teacher's selector lists it: its name, and "(archived)" for an archived one."""
    if school_class.archived:
        return tr.gettext("{name} (archived)", name=school_class.name)
    return school_class.name


EVENT_TEXTS = {
    "created": N_("{actor} made the class “{detail}”."),
    "renamed": N_("{actor} renamed the class “{detail}”."),
    "archived": N_("{actor} archived the class."),
    "restored": N_("{actor} brought the class back."),
    "teacher_joined": N_("{actor} joined as a teacher, with the teacher code."),
    "teacher_removed": N_("{actor} took {subject} out of the class's teachers."),
    "teacher_left": N_("{actor} stopped teaching the class."),
    "class_code_renewed": N_("{actor} made a new class code: the old one joins no one."),
    "teacher_code_renewed": N_("{actor} made a new teacher code: the old one joins no one."),
    "learner_joined": N_("{subject} joined the class."),
    "learner_left": N_("{subject} left the class."),
    "learner_removed": N_("{actor} took {subject} out of the class."),
    "sign_in_code": N_("{actor} gave {subject} a new sign-in code."),
}
"""A line of a class's history for each kind of change (:data:`~tutor.progress.store_classes.EVENTS`)."""


def event_line(event: ClassEvent, tr: Translator) -> str:
    """One change in a class's history, for Markdown: when, and who did what (names made inert; a
    profile deleted since shows as "someone")."""
    someone = tr.gettext("someone")
    text = tr.gettext(EVENT_TEXTS[event.what], actor=plain(event.actor) or someone,
                      subject=plain(event.subject) or someone, detail=plain(event.detail))
    return f"{tr.day(event.at.date())} · {text}" if event.at is not None else text
