"""What the Classes page and a learner's own progress page show alike: a learner as a teacher
names them, and the dashboard's row of where a learner stands."""

from __future__ import annotations

import csv
import io

from tutor.language.i18n import Translator
from tutor.language.labels import drill_kind_name, mistake_name
from tutor.language.play_text import bot_level_name
from tutor.play.bots import BOT_LEVELS
from tutor.progress.standing import Standing
from tutor.progress.store_classes import Member


def learner_label(member: Member) -> str:
    """A learner as a teacher's list names them: the real name, with the profile's name after it."""
    return f"{member.real_name} ({member.name})" if member.real_name else member.name


def dashboard_table(members: list[Member], standings: dict[int, Standing], lessons_total: int,
                    tr: Translator) -> list[dict[str, object]]:
    """One row per learner: lessons, drills, the weakest kind, reviews due, games, the mistake made
    most and when they were last active (numbers as numbers, so that the table sorts by them)."""
    rows: list[dict[str, object]] = []
    for member in members:
        one = standings[member.profile_id]
        rated = [(k.rating.rating, k.rating.deviation, kind) for kind, k in one.kinds.items() if k.rating]
        weakest = min(rated, default=None)
        finished = sum(level.played for level in one.levels.values())
        graded = [(level.agreement, level.played) for level in one.levels.values() if level.agreement is not None]
        measured = [(level.accuracy, level.played) for level in one.levels.values() if level.accuracy is not None]
        rows.append({
            tr.gettext("Real name"): member.real_name or "",
            tr.gettext("Profile"): member.name,
            tr.gettext("Lessons done (of {n})", n=tr.number(lessons_total)): one.lessons_done,
            tr.gettext("Drill answers"): one.answered,
            tr.gettext("Right (%)"): None if one.right is None else round(100 * one.right),
            tr.gettext("Lowest rating"): "" if weakest is None else tr.gettext(
                "{kind}: {rating} ± {margin}", kind=drill_kind_name(weakest[2], tr),
                rating=tr.number(round(weakest[0])), margin=tr.number(round(weakest[1]))),
            tr.gettext("Reviews due"): one.reviews_due,
            tr.gettext("Games finished"): finished,
            tr.gettext("Coach's accuracy (%)"): _per_game(measured, 1),
            tr.gettext("Coach's best moves (%)"): _per_game(graded, 100),
            tr.gettext("Mistake made most"): mistake_name(one.mistakes[0][0], tr) if one.mistakes else "",
            tr.gettext("Last active"): one.last_active.date() if one.last_active else None,
        })
    return rows


def _per_game(figures: list[tuple[float, int]], scale: int) -> int | None:
    """Levels' figures (each with its games finished) weighed by their games, times ``scale``, rounded;
    None when there is none."""
    games = sum(n for _, n in figures)
    return round(scale * sum(figure * n for figure, n in figures) / games) if games else None


def levels_table(one: Standing, tr: Translator) -> list[dict[str, object]]:
    """One learner's finished games per level of the virtual player, easiest first: how many, won,
    the coach's accuracy and share of best moves (numbers as numbers, so that the table sorts)."""
    return [{tr.gettext("Virtual player"): bot_level_name(level, tr),
             tr.gettext("Games finished"): games.played,
             tr.gettext("Won"): games.won,
             tr.gettext("Coach's accuracy (%)"): None if games.accuracy is None else round(games.accuracy),
             tr.gettext("Coach's best moves (%)"): None if games.agreement is None else round(100 * games.agreement)}
            for level, games in sorted(one.levels.items(), key=lambda pair: BOT_LEVELS.index(pair[0])
                                       if pair[0] in BOT_LEVELS else len(BOT_LEVELS))]


def table_csv(rows: list[dict[str, object]]) -> bytes:
    """The dashboard as a CSV file a spreadsheet opens (UTF-8 with its mark)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else [])
    writer.writeheader()
    writer.writerows({k: "" if v is None else v for k, v in row.items()} for row in rows)
    return out.getvalue().encode("utf-8-sig")
