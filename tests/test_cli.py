"""The command line: every subcommand, its JSON fields, batch mode and each kind of bad input."""

import io
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.play.hand import View

KNOCKER = "5H 6H 7H KS KD KC AD 2D 3D 4C"
DEFENDER = "4H 8H 9H QS JS 9C 6D 6S 2C 3S"
OTHER = "4H 5H 6H 8S 8D 8C 10D 2D QD KS"


def run(*argv, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_analyze_json_fields():
    status, out, _ = run("--json", "analyze", "AS", "2S", "3S", "7H", "7D", "7C", "KD", "KC", "KH", "9S")
    data = json.loads(out)
    assert status == 0
    assert data["deadwood"] == 9 and data["deadwood_cards"] == ["9S"]
    assert sorted(data["melds"]) == [["7H", "7D", "7C"], ["AS", "2S", "3S"], ["KH", "KD", "KC"]]
    assert data["discard"] is None and data["big_gin"] is False
    assert data["cards"][0] == "AS"


def test_analyze_eleven_cards_names_the_discard():
    status, out, _ = run("analyze", "--json", "5H 6H 7H 7S 7D 8C 9C 10C JC 2D 3D")
    data = json.loads(out)
    assert (data["discard"], data["deadwood"], data["big_gin"]) == ("6H", 10, False)


def test_analyze_text_in_both_languages():
    _, english, _ = run("--lang", "en", "analyze", "AS 2S 3S 7H 7D 7C KD KC KH 9S")
    _, spanish, _ = run("--lang", "es", "analyze", "AS 2S 3S 7H 7D 7C KD KC KH 9S")
    assert "Deadwood: 9S = 9" in english
    assert "Cartas sueltas: 9S = 9" in spanish and "Combinaciones:" in spanish


def test_language_from_the_environment(monkeypatch):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    _, out, _ = run("analyze", "AS 2S 3S 7H 7D 7C KD KC KH 9S")
    assert "Cartas sueltas" in out


def test_batch_mode_answers_every_line_and_reports_the_bad_one():
    lines = "AS 2S 3S 7H 7D 7C KD KC KH 9S\nAS 2S XX\n5H 6H 7H 7S 7D 8C 9C 10C JC 2D 3D\n"
    status, out, _ = run("analyze", "--json", stdin=lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and len(answers) == 3
    assert answers[0]["deadwood"] == 9
    assert answers[1] == {"line": 2, "error": "malformed_card", "message": answers[1]["message"]}
    assert "XX" in answers[1]["message"]
    assert answers[2]["discard"] == "6H"


def test_score_json_fields():
    status, out, _ = run("score", "--json", "--rules", "classic", "--knocker", KNOCKER, "--defender", DEFENDER)
    data = json.loads(out)
    assert status == 0
    assert (data["outcome"], data["winner"], data["points"]) == ("knock", "knocker", 42)
    assert (data["knocker_deadwood"], data["defender_deadwood"]) == (4, 46)
    assert sorted(lay["card"] for lay in data["layoffs"]) == ["4H", "8H", "9H"]
    assert all(lay["meld"] == ["5H", "6H", "7H"] for lay in data["layoffs"])
    assert ["5H", "6H", "7H"] in data["knocker_melds"] and isinstance(data["defender_melds"], list)


def test_score_text_in_spanish():
    _, out, _ = run("--lang", "es", "score", "--knocker", KNOCKER, "--defender", DEFENDER)
    assert "Resultado: cierre. Quien cierra se apunta 42." in out
    assert "Colocada: 4H en [5H 6H 7H]" in out


def test_total_json_fields():
    status, out, _ = run("total", "--json", "--rules", "classic", "A:23", "B:31", "void", "A:80")
    data = json.loads(out)
    assert status == 0
    assert data["finished"] and data["winner"] == "A" and not data["shutout"]
    assert data["points"] == {"A": 103, "B": 31} and data["hands_won"] == {"A": 2, "B": 1}
    assert data["totals"] == {"A": 103 + 50 + 100, "B": 31 + 25}
    assert {"player": "A", "kind": "game", "points": 100, "hands": 0} in data["bonuses"]


def test_total_text():
    _, out, _ = run("--lang", "en", "total", "--rules", "short", "A:50")
    assert "Player A wins the game at hand 1." in out and "Totals: A 225, B 0" in out


@pytest.mark.parametrize("argv, needle", [
    (["analyze", "AS 2S 3S 7H 7D 7C KD KC KH 1X"], "1X"),
    (["analyze", "AS 2S 3S 7H 7D 7C KD KC KH AS"], "AS"),
    (["analyze", "AS 2S 3S"], "3"),
    (["score", "--knocker", "AS 2S 3S 7H 7D 7C JC QC 9D 2H", "--defender", OTHER], "31"),
    (["score", "--knocker", KNOCKER, "--defender", "5H 8H 9H QS JS 9C 6D 6S 2C 3S"], "5H"),
    (["score", "--rules", "spanish", "--knocker", "AS 2S 3S 4S 5S 7H 7D 7C JC QC KC", "--defender", OTHER], "big gin"),
    (["score", "--rules", "poker", "--knocker", KNOCKER, "--defender", DEFENDER], "poker"),
    (["total", "A:10", "C:5"], "C:5"),
    (["total", "A:100", "B:5"], "B:5"),
    (["frobnicate"], "frobnicate"),
    (["score", "--knocker", KNOCKER], "defender"),
])
def test_bad_input_exits_2_with_one_line_and_no_traceback(argv, needle):
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err
    assert "Traceback" not in err


def test_bad_input_message_in_spanish():
    status, _, err = run("--lang", "es", "analyze", "AS 2S 3S")
    assert status == 2 and "Has dado 3 cartas; hacen falta 10 o 11 cartas." in err


def test_the_installed_console_script_runs():
    script = Path(sys.executable).parent / "gin-tutor"
    assert script.is_file(), "the gin-tutor script is installed beside the Python that runs the tests"
    result = subprocess.run([str(script), "--lang", "en", "analyze", "AS 2S 3S 7H 7D 7C KD KC KH QQ"],
                            capture_output=True, text=True, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "QQ" in result.stderr


# --- Hostile input and broken outputs (findings F8, F12–F14, F16 of the reliability review) -------

SCRIPT = Path(sys.executable).parent / "gin-tutor"
GOOD = b"AS 2S 3S 7H 7D 7C KD KC KH 9S\n"
STRICT = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8", "PYTHONWARNINGS": "ignore"}


def script(*argv, stdin: bytes = b"", env=STRICT, **kwargs):
    return subprocess.run([str(SCRIPT), "--lang", "en", *argv], input=stdin, capture_output=True, env=env,
                          timeout=60, **kwargs)


def test_a_line_that_is_not_utf8_gets_one_error_line_and_the_others_are_answered():
    done = script("analyze", stdin=GOOD + b"\xff\xfe\n" + b"2H 3H 4H 5H 6H 7H 8H 9H 10H JH\n")
    out = done.stdout.decode("utf-8")
    assert done.returncode == 2 and b"Traceback" not in done.stderr
    assert out.count("Cards:") == 2 and "Line 2: This line is not UTF-8 text." in out


def test_json_lines_stay_valid_utf8_json_whatever_the_input():
    done = script("--json", "analyze", stdin=GOOD + b"\xff\xfe AS\n" + b"A\x1b[31mS\n")
    lines = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [line.get("error") for line in lines] == [None, "not_text", "malformed_card"]
    assert "\x1b" not in lines[2]["message"]


def test_a_byte_order_mark_at_the_start_is_not_part_of_the_first_card():
    done = script("analyze", stdin=b"\xef\xbb\xbf" + GOOD)
    assert done.returncode == 0 and b"Cards: AS 2S 3S" in done.stdout


def test_an_error_line_quotes_a_short_printable_excerpt_of_the_token():
    done = script("analyze", "A" * 100_000 + " 2S 3S 7H 7D 7C KD KC KH 9S")
    assert done.returncode == 2 and len(done.stderr) < 400 and done.stderr.count(b"\n") == 1
    done = script("analyze", stdin=b"A" * 1_000_000 + b" 2S 3S 7H 7D 7C KD KC KH 9S\n")
    assert done.returncode == 2 and len(done.stdout) < 400 and done.stdout.count(b"\n") == 1
    done = script("analyze", "\x1b[31mAS\x1b[0m 2S 3S 7H 7D 7C KD KC KH 9S")
    assert done.returncode == 2 and b"\x1b" not in done.stderr


def test_lookalike_letters_are_not_cards():
    # U+017F (long s) folds to S under upper(); fullwidth and Cyrillic letters are other characters.
    for token in ("Aſ", "ＡＳ", "АS"):
        status, _, err = run("analyze", f"{token} 2S 3S 7H 7D 7C KD KC KH 9S")
        assert status == 2 and token in err


def test_a_broken_pipe_ends_quietly_with_status_1():
    many = GOOD * 20000
    shell = f"'{SCRIPT}' --lang en analyze | head -1; exit ${{PIPESTATUS[0]}}"
    done = subprocess.run(["bash", "-c", shell], input=many, capture_output=True, env=STRICT, timeout=60)
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert done.stdout == b"Cards: AS 2S 3S 7H 7D 7C KD KC KH 9S\n"


def test_a_closed_or_full_output_gives_one_line_and_status_1():
    closed = subprocess.run(["bash", "-c", f"'{SCRIPT}' --lang en analyze {GOOD.decode().strip()} >&-"],
                            capture_output=True, env=STRICT, timeout=60)
    assert closed.returncode == 1 and closed.stderr.count(b"\n") == 1 and b"Traceback" not in closed.stderr
    full = subprocess.run(["bash", "-c", f"'{SCRIPT}' --lang en analyze {GOOD.decode().strip()} > /dev/full"],
                          capture_output=True, env=STRICT, timeout=60)
    assert full.returncode == 1 and full.stderr.count(b"\n") == 1 and b"No space" in full.stderr


def ctrl_c_heard() -> None:
    """For a child process: Ctrl-C does what a terminal's does, even where the test run itself was
    started in the background (a shell's ``&`` hands its children an ignored SIGINT, and Python then
    raises no KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_reading_gives_one_line_and_status_130():
    process = subprocess.Popen([str(SCRIPT), "--lang", "en", "analyze"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=STRICT, preexec_fn=ctrl_c_heard)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(GOOD)
    process.stdin.flush()
    # The first line of the answer shows the command is up and reading: now it waits for more.
    assert process.stdout.readline() == b"Cards: AS 2S 3S 7H 7D 7C KD KC KH 9S\n"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and err == b"gin-tutor: interrupted\n"


def test_stopping_gin_tutor_app_stops_its_server(tmp_path):
    """``kill PID`` of ``gin-tutor app`` (as a deployment starts it) stops the server: the process
    is Streamlit itself, and nothing answers on its port afterwards."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    from app_server import start_app, wait_for_app
    from ports import free_port

    port = free_port()
    server = start_app(port, tmp_path, {"GIN_TUTOR_DATA_DIR": str(tmp_path / "data")})
    try:
        assert wait_for_app(port, server), "the app did not start"
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
    assert not wait_for_app(port, seconds=2)


def test_the_served_app_carries_every_setting_it_relies_on_whatever_folder_it_starts_from(monkeypatch):
    """``gin-tutor app`` passes the package's own settings (tutor/app/config.toml) as flags, so no
    ``.streamlit/config.toml`` of the folder it starts from is needed; the learner's flags come last."""
    import os
    import subprocess

    import tutor.cli as cli
    called: list[list[str]] = []
    monkeypatch.setattr(os, "execv", lambda path, argv: called.append(argv))
    monkeypatch.setattr(subprocess, "call", lambda argv: 0)
    assert cli.main(["app", "--server.port", "8600"]) == 0
    assert called[0][:4] == [sys.executable, "-m", "streamlit", "run"] and called[0][4] == str(cli.APP_ENTRY)
    assert called[0][5:] == [
        "--browser.gatherUsageStats=false", "--server.headless=true", "--server.enableStaticServing=true",
        "--server.fileWatcherType=none", "--runner.postScriptGC=false", "--client.toolbarMode=minimal",
        "--client.showErrorDetails=none", "--client.disableDataExport=true",
        "--theme.light.primaryColor=#a8202e", "--theme.dark.primaryColor=#ff6b78",
        "--server.address=127.0.0.1",  # this computer only, unless the learner's flags say otherwise
        "--server.port", "8600"]
    assert not (Path(__file__).resolve().parent.parent / ".streamlit" / "config.toml").exists()


def test_the_pseudo_language_is_offered_only_where_the_tests_ask_for_it(monkeypatch, capsys):
    import tutor.cli as cli
    monkeypatch.delenv("GIN_TUTOR_PSEUDO_LOCALE", raising=False)
    assert cli.main(["--lang", "qps", "analyze", "AS"], stdout=io.StringIO(), stderr=(err := io.StringIO())) == 2
    assert "qps" in err.getvalue() and "invalid choice" in err.getvalue()
    monkeypatch.setenv("GIN_TUTOR_PSEUDO_LOCALE", "1")
    out = io.StringIO()
    assert cli.main(["--lang", "qps", "analyze", "AS", "2S", "3S", "7H", "7D", "7C", "KD", "KC", "KH", "9S"],
                    stdout=out, stderr=io.StringIO()) == 0
    assert out.getvalue().startswith("⟦")


def test_ctrl_c_while_the_command_is_still_starting_gives_one_line_and_status_130():
    # SIGINT arrives while gin-tutor's entry imports the command line (the drills layer, half-way
    # through): the same one line and status 130 as later, no traceback.
    interrupt_on_import = textwrap.dedent("""
        import importlib.abc, os, signal, sys
        class Interrupt(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path, target=None):
                if name == "tutor.drills":
                    os.kill(os.getpid(), signal.SIGINT)
                return None
        sys.meta_path.insert(0, Interrupt())
        from tutor.command import main
        sys.argv = ["gin-tutor", "--lang", "en", "analyze", "AS", "2S", "3S", "7H", "7D", "7C", "KD", "KC", "KH", "9S"]
        sys.exit(main())
    """)
    done = subprocess.run([sys.executable, "-c", interrupt_on_import], capture_output=True, env=STRICT, timeout=60,
                          preexec_fn=ctrl_c_heard)
    assert (done.returncode, done.stderr, done.stdout) == (130, b"gin-tutor: interrupted\n", b"")


def test_a_ruleset_name_longer_than_a_file_name_is_an_unknown_ruleset():
    # 300 letters: more than a file name may have, so it names no ruleset (not an output failure).
    out, err = io.StringIO(), io.StringIO()
    status = main(["--lang", "en", "score", "--rules", "x" * 300, "--knocker", KNOCKER, "--defender", DEFENDER],
                  stdout=out, stderr=err)
    assert status == 2 and err.getvalue().startswith("gin-tutor: There is no ruleset called “xxxx")
    assert err.getvalue().count("\n") == 1 and len(err.getvalue()) < 200


# --- advise ------------------------------------------------------------------------------------------

def _gin_view() -> View:
    # player 0 to discard: 2H 3H 4H 5H  7S 7D 7C  9C 10C JC  KD (throw KD: gin); KC on the pile.
    from tutor.engine.cards import DECK, parse_card, parse_cards
    from tutor.engine.rules import load_ruleset
    from tutor.play import Hand

    mine, theirs = parse_cards("2H 3H 4H 5H 7S 7D 7C 9C 10C JC KD"), parse_cards("AS 2S 3S 6D 8D 8H 8S QH QS KH")
    rest = [c for c in DECK if c not in {*mine, *theirs, parse_card("KC")}]
    hand = Hand(load_ruleset("classic"), 0, 1, (tuple(mine), tuple(theirs)), tuple(rest[:20]),
                (*rest[20:], parse_card("KC")), "discard", 0)
    return hand.view(0)


def test_advise_reads_views_one_per_line_and_ranks_going_gin_first():
    line = json.dumps(_gin_view())
    status, out, _ = run("advise", "--json", "--samples", "40", stdin=line + "\n\n" + line + "\n")
    answers = [json.loads(text) for text in out.splitlines()]
    assert status == 0 and len(answers) == 2 and answers[0] == answers[1]
    assert answers[0]["best"] == ["knock", "KD"] and answers[0]["samples"] == 40
    first, *others = answers[0]["options"]
    assert first["move"] == ["knock", "KD"] and first["loss"] == 0
    assert all(o["loss"] > 0 and o["expected"] <= first["expected"] for o in others)
    assert {tuple(o["move"]) for o in answers[0]["options"]} == {tuple(m) for m in _gin_view()["legal"]}


def test_advise_in_text_names_each_option_in_the_learners_language():
    status, out, _ = run("advise", "--lang", "es", "--samples", "20", stdin=json.dumps(_gin_view()))
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Turno 1 · 20 cartas en el mazo")
    assert lines[1].startswith("  Descarta el K♦ y cierra: +")
    assert any(line.startswith("  Descarta el 2♥: ") and "pierde" in line for line in lines)
    assert "sobre 20 repartos simulados (semilla 1)" in out


def test_advise_a_games_address_and_move_number():
    # Game 12 played by the strong player on both seats: the third move is the non-dealer's first
    # draw, the J♦ on the pile.
    address = "https://gin-tutor.example/play?game=12&level=strong&rules=classic"
    status, out, _ = run("advise", "--game", address, "--move", "3", "--json", "--samples", "20")
    data = json.loads(out)
    assert status == 0 and {tuple(o["move"]) for o in data["options"]} == {("take", None), ("stock", None)}
    assert run("advise", "--game", "play?game=12&level=strong", "--move", "3", "--json", "--samples", "20")[1] == out


@pytest.mark.parametrize(("argv", "stdin", "says"), [
    (["advise", "--game", "play?level=strong"], "", "is not a game's address"),
    (["advise", "--game", "play?game=12&level=stronk"], "", "There is no level called “stronk”"),
    (["advise", "--game", "play?game=-4"], "", "is not a game number"),
    (["advise", "--game", "play?game=12&rules=nope"], "", "nope"),
    (["advise", "--game", "play?game=12", "--move", "300"], "", "Move 300 is past the end of the hand"),
    (["advise", "--samples", "0"], "", "--samples"),
    (["advise", "--samples", "100000"], "", "--samples"),  # at most 20,000: minutes of CPU otherwise
])
def test_advise_bad_input_gets_one_line_and_exit_2(argv, stdin, says):
    status, out, err = run(*argv, stdin=stdin)
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and says in err, err


def test_advise_says_which_lines_are_not_positions_and_answers_the_others():
    good = dict(_gin_view())
    impossible = dict(good, stock_size=25)
    lines = ["not json", json.dumps({"seat": 0}), json.dumps(impossible), json.dumps(good)]
    status, out, _ = run("advise", "--json", "--samples", "10", stdin="\n".join(lines))
    answers = [json.loads(text) for text in out.splitlines()]
    assert status == 2
    assert [a.get("error") for a in answers] == ["not_a_view", "not_a_view", "impossible_view", None]
    assert [a.get("line") for a in answers[:3]] == [1, 2, 3] and answers[3]["best"] == ["knock", "KD"]


def _changed(**changes) -> str:
    """The gin view with fields changed (``rules__x`` changes a rule option), as a JSON line."""
    view = json.loads(json.dumps(_gin_view()))
    for name, value in changes.items():
        if name.startswith("rules__"):
            view["rules"][name.removeprefix("rules__")] = value
        else:
            view[name] = value
    return json.dumps(view)


HOSTILE_VIEWS = [  # each with the error its line gets
    (_changed(stock_size="30"), "view_field"),
    (_changed(stock_size=True), "view_field"),
    (_changed(phase="bogus"), "view_field"),
    (_changed(seat=7), "view_field"),
    (_changed(turn=-1), "view_field"),
    (_changed(score=[10, "x"]), "view_field"),
    (_changed(events=[["me", "stock", None]] * 401), "view_field"),
    (_changed(rules__void_at_stock=-3), "ruleset_option"),
    (_changed(rules__knock_limit=1000), "ruleset_option"),
    (_changed(rules__knock_limit=-5), "ruleset_option"),
    (_changed(rules__target=-100), "ruleset_option"),
    (_changed(legal=[["discard", "AS"]]), "listed_move"),          # the A♠ is the opponent's, not in this hand
    (_changed(legal=[["knock", "7S"]]), "listed_move"),            # leaves 7D 7C KD: 24 deadwood, over 10
    (_changed(legal=[["discard", "KD"], ["discard", "KD"]]), "move_listed_twice"),
    (_changed(legal=[["stock", None]]), "listed_move"),            # a discard's phase offers no draw
    (_changed(hand=["2H", "3H", "4H", "5H", "7S", "7D", "7C", "9C", "10C", "JC"]), "view_field"),  # 10 cards to discard
    (_changed(opponent_known=["KD"]), "card_in_two_places"),      # the K♦ in this hand and the opponent's
    (_changed(top_discard="QC"), "view_field"),                    # the top is not the pile's last card
    ("[" * 30_000 + "]" * 30_000, "not_a_view"),                  # nested too deep for the JSON reader
    ("x" * 70_000, "line_too_long"),
]


def test_advise_answers_every_hostile_or_impossible_view_with_one_line_and_goes_on():
    good = json.dumps(_gin_view())
    lines = [line for view, _ in HOSTILE_VIEWS for line in (view, good)]
    status, out, err = run("advise", "--json", "--samples", "4", stdin="\n".join(lines) + "\n")
    answers = [json.loads(text) for text in out.splitlines()]
    assert status == 2 and err == ""
    assert [a.get("error") for a in answers[0::2]] == [key for _, key in HOSTILE_VIEWS]
    assert all(a["best"] == ["knock", "KD"] for a in answers[1::2])  # every good line after a bad one answered
    assert [a["line"] for a in answers[0::2]] == list(range(1, 2 * len(HOSTILE_VIEWS), 2))


def test_advise_in_spanish_names_what_cannot_happen():
    status, out, _ = run("advise", "--lang", "es", stdin=_changed(legal=[["discard", "AS"]]) + "\n")
    assert status == 2
    assert out.strip() == 'Línea 1: Esta posición no puede darse: ofrece una jugada que su mano no puede hacer ' \
                          'ahora: ["discard", "AS"].'
