"""The Classes page's tables as plain data (tutor/app/ui/class_views.py, class_text.py,
class_learners.real_name_edits): the files a teacher downloads run nothing in a spreadsheet, the
slips escape every name, learners who read alike are told apart, and every change a class's
history records has its words."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

from tutor.app.ui.class_learners import real_name_edits
from tutor.app.ui.class_text import EVENT_TEXTS, event_line
from tutor.app.ui.class_views import dashboard_table, learner_labels, slips_html, table_csv
from tutor.language.i18n import Translator
from tutor.progress.standing import standing
from tutor.progress.store_classes import EVENTS, ClassEvent, Member

PAYLOADS = ["=1+1", "+SUM(1;1)", "-2+3", "@SUM(1,1)", '=HYPERLINK("http://evil.example","x")', "\t=1+1", "\r=1+1"]
"""The names the review's attack gave profiles, real names and accounts (A9)."""


def read_back(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_the_dashboards_file_writes_every_formula_a_learner_typed_as_text():
    tr = Translator("en")
    members = [Member(n, name, "=cmd|' /C calc'!A0" if n == 1 else None, None) for n, name in enumerate(PAYLOADS)]
    nothing = standing([], {}, set(), [], 0, [])
    rows = read_back(table_csv(dashboard_table(members, {m.profile_id: nothing for m in members}, 10, tr)))
    assert rows[0][:3] == ["Real name", "Profile", "Lessons done (of 10)"]
    assert [row[1] for row in rows[1:]] == ["'" + p for p in PAYLOADS]
    assert rows[2][0] == "'=cmd|' /C calc'!A0"
    assert rows[1][2:4] == ["0", "0"]  # numbers stay numbers
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for row in rows for cell in row)


def test_the_sheet_of_codes_and_the_slips_run_nothing_either():
    tr = Translator("en")
    sheet = read_back(table_csv([{"Name": "=2+2", "Sign-in code": "ABCD-EFGH-JKLM"},
                                 {"Name": "@A1", "Sign-in code": "NPQR-STUV-WXYZ"}]))
    assert sheet == [["Name", "Sign-in code"], ["'=2+2", "ABCD-EFGH-JKLM"], ["'@A1", "NPQR-STUV-WXYZ"]]
    page = slips_html("Gin <b>3B</b>", "https://gin.school.es/", [("<script>alert(1)</script>", "ABCD-EFGH-JKLM")],
                      tr)
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>3B" not in page and "Class: Gin &lt;b&gt;3B&lt;/b&gt;" in page
    assert "ABCD-EFGH-JKLM" in page and "Open https://gin.school.es/ on your device." in page
    assert page.count("<section class='slip'>") == 1


def test_learners_who_read_alike_carry_their_profiles_number():
    members = [Member(4, "=1+1", None, None), Member(7, "\t=1+1", None, None), Member(9, "Ana", "Ana García", None),
               Member(12, "ana", None, None)]
    assert learner_labels(members) == {4: "=1+1 · #4", 7: "\t=1+1 · #7", 9: "Ana García (Ana)", 12: "ana"}


def test_the_real_names_typed_in_the_table_go_to_their_rows_learners():
    ids = [31, 32, 33]
    edits = {"edited_rows": {0: {"Real name": "Ana García"}, 2: {"Real name": ""}, 1: {"Profile": "forged"},
                             7: {"Real name": "no such row"}, "1": {"Real name": "Ben Ruiz"}}}
    assert real_name_edits(edits, ids, "Real name") == [(31, "Ana García"), (33, ""), (32, "Ben Ruiz")]
    assert real_name_edits(None, ids, "Real name") == [] and real_name_edits({"edited_rows": [1]}, ids, "x") == []


def test_every_change_in_a_classs_history_has_its_words_in_both_languages():
    assert set(EVENT_TEXTS) == set(EVENTS)
    when = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)
    line = event_line(ClassEvent(when, "Ms Ruiz", "teacher_removed", "**Ana**", ""), Translator("es"))
    assert line == "5 de diciembre · Ms Ruiz sacó a \\*\\*Ana\\*\\* de los profesores de la clase."
    gone = event_line(ClassEvent(None, "", "learner_left", "", ""), Translator("en"))
    assert gone == "someone left the class."


def test_the_games_between_classmates_name_the_players_as_the_teacher_does():
    from tutor.app.ui.class_views import friend_games_table
    from tutor.progress.rows import SavedGame
    from tutor.progress.store_friends import FriendTable, Sitter

    tr = Translator("en")
    day = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)

    def table(tid: int, state: str, guest: Sitter | None) -> FriendTable:
        return FriendTable(tid, f"AAAA-AAA{tid}", "classic", 7, True, (Sitter(1, None, "ana"), guest), None, 3, "",
                           2, state, None, 0, None, (None, None), None, day, day)  # type: ignore[arg-type]

    def record(tid: int, won: bool | None, accuracy: float | None) -> SavedGame:
        return SavedGame(tid, 7, "friend", "classic", [], won is not None, won, 4, 3, day, day, 0, 1, accuracy, tid)

    tables = [table(1, "over", Sitter(2, None, "bea")), table(2, "playing", Sitter(2, None, "bea")),
              table(3, "open", None)]
    games_of = {1: [record(1, False, 61.0), record(2, None, None)], 2: [record(1, True, 80.0)]}
    rows = friend_games_table(tables, {1: "Ana García", 2: "Bea Ruiz"}, games_of, tr)
    assert rows["Players"] == ["Ana García against Bea Ruiz", "Ana García against Bea Ruiz", "Ana García against —"]
    assert rows["Result"] == ["Bea Ruiz won", "being played", "waiting for a friend"]
    assert rows["Accuracy"] == ["61% · 80%", "— · —", "— · —"]
    assert rows["Reviews"] == ["friend?table=AAAA-AAA1&lang=en", None, None]  # a finished game's reviews only
