"""The course: lessons in order, each ending in a check of drills, and which are done or open.

Lesson texts live in ``lessons/es`` and ``lessons/en`` (see :mod:`tutor.content.documents`). A lesson is
done when its check is passed; the first lesson not done is open; later ones can be read, and
their check waits until the lessons before are done.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from tutor.base.resources import lessons_dir
from tutor.content.documents import Document, DocumentError, load_documents
from tutor.drills import DrillError, UnknownScenarioError, check_level, drill_kind, scenarios_of

Status = Literal["done", "open", "later"]


def lessons(lang: str) -> tuple[Document, ...]:
    """The lessons in a language, in course order; each check names a known drill kind and level."""
    course = load_documents(lessons_dir() / lang)
    for lesson in course:
        for kind, level, scenario in lesson.checks:
            try:
                drill_kind(kind)
                check_level(level)
                if scenario and scenario not in scenarios_of(kind):
                    raise UnknownScenarioError(scenario=scenario, choices=", ".join(scenarios_of(kind)))
            except DrillError as error:
                raise DocumentError(f"{lesson.path}: its check names an unknown drill: {error}") from error
    return course


def lesson_by_id(lang: str, lesson_id: str) -> Document | None:
    return next((d for d in lessons(lang) if d.id == lesson_id), None)


def course_status(ids: Iterable[str], done: set[str]) -> dict[str, Status]:
    """Each lesson's status: done, open (the first not done) or later."""
    status: dict[str, Status] = {}
    opened = False
    for lesson_id in ids:
        if lesson_id in done:
            status[lesson_id] = "done"
        elif not opened:
            status[lesson_id] = "open"
            opened = True
        else:
            status[lesson_id] = "later"
    return status
