"""The tables of the Classes page, as plain data (no Streamlit): a learner as a teacher names them,
the dashboard's row of where a learner stands, a homework's results learner by learner and answer
by answer, the files a teacher downloads (every cell inert: :mod:`tutor.base.spreadsheet`) and the
slips of sign-in codes to print (every text escaped)."""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from tutor.base.spreadsheet import table_bytes
from tutor.drills import right_answer_text
from tutor.language.i18n import Translator
from tutor.language.labels import drill_kind_name, given_answer, mistake_name
from tutor.language.play_text import bot_level_name
from tutor.play.bots import BOT_LEVELS
from tutor.progress.homework import Assignment, Progress, best_move_share, games_accuracy, homework_games
from tutor.progress.rows import SavedGame
from tutor.progress.standing import Standing
from tutor.progress.store_classes import Member
from tutor.progress.store_friends import FriendTable, Sitter


def learner_label(member: Member, repeated: bool = False) -> str:
    """A learner as a teacher's list names them: the real name, with the profile's name after it;
    ``repeated`` (another learner of the class shows the same), with the profile's number too."""
    shown = f"{member.real_name} ({member.name})" if member.real_name else member.name
    return f"{shown} · #{member.profile_id}" if repeated else shown


def learner_labels(members: Sequence[Member]) -> dict[int, str]:
    """Each learner's label (:func:`learner_label`), by profile id: those that would read alike (the
    same names, however typed) carry their profile's number, so that no two rows look the same."""
    plain = {m.profile_id: learner_label(m) for m in members}
    seen = Counter(" ".join(label.split()).casefold() for label in plain.values())
    return {m.profile_id: learner_label(m, seen[" ".join(plain[m.profile_id].split()).casefold()] > 1)
            for m in members}


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


def table_csv(rows: Sequence[Mapping[str, object]]) -> bytes:
    """A table as a CSV file a spreadsheet opens (UTF-8 with its mark), every cell inert."""
    return table_bytes(rows)


def puzzle_link(puzzle: Mapping[str, Any], lang: str) -> str:
    """The address of a puzzle on the Drills page, relative to the Classes page."""
    return "drills?" + urlencode({"drill": puzzle["drill"], "seed": puzzle["seed"], "level": puzzle["level"],
                                  "rules": puzzle["rules"], "lang": lang})


def homework_rows(homework: Assignment, members: Sequence[Member], done_by: Mapping[int, Progress],
                  games_of: Mapping[int, Sequence[SavedGame]], labels: Mapping[int, str], tr: Translator,
                  progress_text: Mapping[int, str]) -> list[dict[str, object]]:
    """A row per learner: how much of the homework is done (``progress_text``), each puzzle's first
    answer (✓, ✗ or — for none yet) and, for hands, the coach's figures (numbers, so that they sort)."""
    puzzles = homework.kind in ("puzzles", "addresses", "mistakes")
    rows: list[dict[str, object]] = []
    for member in members:
        done = done_by[member.profile_id]
        row: dict[str, object] = {tr.gettext("Learner"): labels[member.profile_id],
                                  tr.gettext("Progress"): progress_text[member.profile_id]}
        if puzzles:
            for number, item in enumerate(done.items, start=1):
                row[tr.number(number)] = "—" if item.done is None else ("✓" if item.right else "✗")
        if homework.kind == "hands":
            counted = homework_games(homework, games_of[member.profile_id])
            share, score = best_move_share(counted), games_accuracy(counted)
            row[tr.gettext("Coach's accuracy (%)")] = None if score is None else round(score)
            row[tr.gettext("Coach's best moves (%)")] = None if share is None else round(100 * share)
        rows.append(row)
    return rows


def answer_rows(members: Sequence[Member], done_by: Mapping[int, Progress],
                puzzles_of: Mapping[int, Sequence[Mapping[str, Any]]], labels: Mapping[int, str],
                tr: Translator, undone: bool = False) -> list[dict[str, object]]:
    """A row per first answer given, to go over mistakes: the learner, the puzzle (its number and its
    address on the Drills page), whether it was right, the answer given, the engine's answer and the
    mistake the drill named, and the hints asked for; a right answer names no other. ``undone``: a
    row for each puzzle not answered yet too (— and empty cells), as the homework's file has."""
    rows: list[dict[str, object]] = []
    for member in members:
        mine = puzzles_of[member.profile_id]
        for number, (puzzle, item) in enumerate(zip(mine, done_by[member.profile_id].items, strict=True), start=1):
            if item.done is None:
                if undone:
                    rows.append({tr.gettext("Learner"): labels[member.profile_id], tr.gettext("Puzzle"): number,
                                 tr.gettext("Right at the first try"): "—", tr.gettext("Answer given"): "",
                                 tr.gettext("Right answer"): "", tr.gettext("Mistake"): "", tr.gettext("Hints"): None,
                                 tr.gettext("Open"): puzzle_link(puzzle, tr.lang)})
                continue
            right = None if item.right else right_answer_text(str(puzzle["drill"]), int(puzzle["seed"]),
                                                              str(puzzle["level"]), str(puzzle["rules"]))
            rows.append({
                tr.gettext("Learner"): labels[member.profile_id],
                tr.gettext("Puzzle"): number,
                tr.gettext("Right at the first try"): "✓" if item.right else "✗",
                tr.gettext("Answer given"): given_answer(item.kind, item.given, tr),
                tr.gettext("Right answer"): "" if right is None else given_answer(item.kind, right, tr),
                tr.gettext("Mistake"): mistake_name(item.mistake, tr) if item.mistake else "",
                tr.gettext("Hints"): item.hints,
                tr.gettext("Open"): puzzle_link(puzzle, tr.lang),
            })
    return rows


def slips_html(class_name: str, address: str, lines: Sequence[tuple[str, str]], tr: Translator) -> str:
    """A page of slips to print and cut, one per learner: their name, their one-time sign-in code,
    the app's address, the class and the steps to follow. Every text is escaped (names are typed)."""
    steps = [tr.gettext("Open {address} on your device.", address=address or "gin-tutor"),
             tr.gettext("Open “Profile” in the side bar (the ☰ button on a phone)."),
             tr.gettext("Type your code under “Transfer code from another browser” and press “Open with the code”."),
             tr.gettext("The code works once, within two weeks. Lost it? Ask your teacher for a new one.")]
    in_class = html.escape(tr.gettext("Class: {name}", name=class_name))
    listed = "".join(f"<li>{html.escape(step)}</li>" for step in steps)
    slips = "".join(f"<section class='slip'><p class='name'>{html.escape(name)}</p><p class='code'>"
                    f"{html.escape(code)}</p><p>{in_class}</p><ol>{listed}</ol></section>" for name, code in lines)
    title = html.escape(tr.gettext("Sign-in codes: {name}", name=class_name))
    return (f"<!DOCTYPE html><html lang='{html.escape(tr.lang)}'><head><meta charset='utf-8'><title>{title}</title>"
            "<style>body{font-family:sans-serif;margin:1cm}.slip{border:1px dashed #555;padding:0.4cm;"
            "margin:0 0 0.4cm;break-inside:avoid}.name{font-size:1.3em;font-weight:bold;margin:0}"
            ".code{font-family:monospace;font-size:1.8em;letter-spacing:0.1em;margin:0.2cm 0}"
            "ol{margin:0.2cm 0 0 1.2em;padding:0}</style></head>"
            f"<body><h1>{title}</h1>{slips}</body></html>")


def _friend_record(table: FriendTable, sitter: Sitter | None,
                   games_of: Mapping[int, Sequence[SavedGame]]) -> SavedGame | None:
    """A seat's record of a friend game (none for a guest)."""
    if sitter is None or sitter.profile_id is None:
        return None
    return next((g for g in games_of.get(sitter.profile_id, ()) if g.friend_id == table.id), None)


def friend_games_table(tables: Sequence[FriendTable], labels: Mapping[int, str],
                       games_of: Mapping[int, Sequence[SavedGame]], tr: Translator) -> dict[str, list[Any]]:
    """A row per game between classmates: when, who played whom (the teacher's names for them), the
    state or result, each player's accuracy (from their record: none for a guest), and the address
    of its reviews once it is over."""
    states = {"open": tr.gettext("waiting for a friend"), "playing": tr.gettext("being played"),
              "abandoned": tr.gettext("abandoned"), "over": tr.gettext("over")}
    rows: dict[str, list[Any]] = {tr.gettext("Day"): [], tr.gettext("Players"): [], tr.gettext("Result"): [],
                                  tr.gettext("Accuracy"): [], tr.gettext("Reviews"): []}
    for table in tables:
        named = [(labels.get(table.invited, "—") if s is None and table.invited is not None else "—" if s is None
                  else labels.get(s.profile_id, s.name) if s.profile_id is not None else s.name)
                 for s in table.seats]  # a seat still empty: the classmate the challenge invites
        records = [_friend_record(table, s, games_of) for s in table.seats]
        winner = next((named[i] for i, r in enumerate(records) if r is not None and r.won), None)
        result = tr.gettext("{name} won", name=winner) if table.state == "over" and winner else states[table.state]
        rows[tr.gettext("Day")].append(table.started.date().isoformat())
        rows[tr.gettext("Players")].append(tr.gettext("{first} against {second}", first=named[0], second=named[1]))
        rows[tr.gettext("Result")].append(result)
        rows[tr.gettext("Accuracy")].append(" · ".join(
            "—" if r is None or r.accuracy is None else tr.percent(r.accuracy / 100) for r in records))
        rows[tr.gettext("Reviews")].append(f"friend?table={table.code}&lang={tr.lang}"
                                           if table.state in ("over", "abandoned") else None)
    return rows
