"""The command line: ``gin-tutor analyze``, ``gin-tutor score``, ``gin-tutor total``,
``gin-tutor advise``, and ``gin-tutor app`` to serve the app (its further words go to ``streamlit run``).

Human-readable answers in Spanish or English (``--lang``, else the environment's locale), or one
JSON object per answer with ``--json``. Bad input: exit status 2 and one line saying what is
wrong, never a traceback. ``analyze`` with no cards reads one hand per line (batch mode), and
``advise`` without ``--game`` one position (a player's view as JSON) per line.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tomllib
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from tutor.base.msgids import N_
from tutor.engine.cards import BIG_GIN_SIZE, HAND_SIZE, format_cards, parse_cards
from tutor.engine.errors import TutorError, excerpt
from tutor.engine.melds import HandAnalysis, Meld, analyze
from tutor.engine.rules import Ruleset, available_rulesets, load_ruleset
from tutor.engine.scoring import GameTotals, HandScore, game_totals, score_hand
from tutor.language.i18n import Translator, language_from_environment, offered_languages
from tutor.language.labels import bonus_name, outcome_name, side_name
from tutor.language.messages import error_message
from tutor.language.play_text import measured_against, move_phrase, position_line
from tutor.language.serialize import analysis_json, score_json, totals_json
from tutor.play import BOT_LEVELS, MAX_SEED
from tutor.play.analysis import Analysis, analyze_decision
from tutor.play.errors import UnknownBotLevelError
from tutor.play.hand import View, check_seed
from tutor.play.moves import move_text
from tutor.play.opponents import DEFAULT_OPPONENT
from tutor.play.positions import NotAViewError, check_view, played_position

BAD_INPUT = 2
OUTPUT_FAILED = 1
"""The exit status when the answers could not be written (a closed or full output, a broken pipe)."""
INTERRUPTED = 130
"""The exit status after Ctrl-C, as shells report it."""
ADVISE_MOST = 20_000
"""The most sampled deals ``advise`` plays for each option (some 2 s for a discard's every move on
this machine; 100,000 took minutes before the play-outs ran many worlds in one call)."""


class _InputError(Exception):
    """Bad command-line words: the message is already in the user's language."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _InputError(message)


def _melds_text(melds: Sequence[Meld]) -> str:
    return "  ".join(f"[{m}]" for m in melds) or "—"


def analysis_text(result: HandAnalysis, tr: Translator) -> str:
    """An analysis as a few lines of text."""
    lines = [
        tr.gettext("Cards: {cards}", cards=format_cards(result.cards)),
    ]
    if result.discard is not None:
        lines.append(tr.gettext("Best discard: {card}", card=str(result.discard)))
    lines += [
        tr.gettext("Melds: {melds}", melds=_melds_text(result.melds)),
        tr.gettext("Deadwood: {cards} = {points}", cards=format_cards(result.deadwood_cards) or "—",
                   points=tr.number(result.deadwood)),
    ]
    others = len(result.arrangements) - 1
    if others:
        lines.append(tr.ngettext("{n} other arrangement leaves the same deadwood.",
                                 "{n} other arrangements leave the same deadwood.", others))
    if result.discard is not None:
        lines.append(tr.gettext("Big gin: yes") if result.big_gin else tr.gettext("Big gin: no"))
    return "\n".join(lines)


def score_text(score: HandScore, tr: Translator) -> str:
    """A hand's score as a few lines of text."""
    lines = [
        tr.gettext("Outcome: {outcome}. {winner} scores {points}.",
                   outcome=outcome_name(score.outcome, tr),
                   winner=side_name(score.winner, tr).capitalize(), points=tr.number(score.points)),
        tr.gettext("Knocker: {melds}; deadwood {cards} = {points}",
                   melds=_melds_text(score.knocker_melds),
                   cards=format_cards(score.knocker_arrangement.deadwood_cards) or "—",
                   points=tr.number(score.knocker_deadwood)),
        tr.gettext("Defender: {melds}; deadwood {cards} = {points} (before layoffs: {before})",
                   melds=_melds_text(score.defender_melds),
                   cards=format_cards(score.defender_play.arrangement.deadwood_cards) or "—",
                   points=tr.number(score.defender_deadwood),
                   before=tr.number(score.defender_deadwood_before_layoffs)),
    ]
    for lay in score.layoffs:
        lines.append(tr.gettext("Layoff: {card} onto [{meld}]", card=str(lay.card), meld=str(lay.meld)))
    if not score.layoffs_allowed:
        lines.append(tr.gettext("No layoffs are allowed onto this hand."))
    if score.knocker_choice_mattered:
        lines.append(tr.gettext(
            "The knocker chose among equal arrangements the one that leaves the defender most deadwood."))
    return "\n".join(lines)


def totals_text(totals: GameTotals, tr: Translator) -> str:
    """A game's running scores and final totals as text."""
    lines = []
    for position, (result, running) in enumerate(zip(totals.results, totals.running, strict=True), start=1):
        shown = tr.gettext("void") if result.void else f"{result.winner}:{tr.number(result.points)}"
        lines.append(tr.gettext("Hand {n}: {result} → A {a}, B {b}", n=position, result=shown,
                                a=tr.number(running["A"]), b=tr.number(running["B"])))
    if not totals.finished:
        lines.append(tr.gettext("The game is not over yet: no bonuses are added."))
    else:
        lines.append(tr.gettext("Player {winner} wins the game at hand {n}.",
                                winner=totals.winner, n=totals.ending_hand))
        if totals.shutout:
            lines.append(tr.gettext("Shutout: the loser won no hand."))
        for bonus in totals.bonuses:
            lines.append(tr.gettext("Bonus for {player}: {name} +{points}", player=bonus.player,
                                    name=bonus_name(bonus.kind, tr), points=tr.number(bonus.points)))
    lines.append(tr.gettext("Totals: A {a}, B {b}", a=tr.number(totals.totals["A"]),
                            b=tr.number(totals.totals["B"])))
    return "\n".join(lines)


def _emit(out: TextIO, as_json: bool, data: dict[str, Any], text: str) -> None:
    """One answer: a JSON line (always valid UTF-8) or the text."""
    out.write((json.dumps(data, ensure_ascii=False).encode("utf-8", "replace").decode("utf-8") if as_json
               else text) + "\n")


class NotTextError(TutorError):
    """A line of standard input that is not UTF-8 text."""

    key = "not_text"
    template = N_("This line is not UTF-8 text.")


class LineTooLongError(TutorError):
    """An input line longer than any position or hand could be."""

    key = "line_too_long"
    template = N_("This line is longer than {most} characters: no position or hand is that long.")


LINE_MOST = 64_000
"""The longest input line read (a whole hand's view is under 4,000 characters); a longer one is
skipped without being kept in memory."""


def input_lines(stdin: TextIO, most: int = LINE_MOST) -> Iterator[str | TutorError]:
    """The lines of standard input, each decoded on its own as UTF-8 (a byte-order mark at the
    start is dropped); a line that is not UTF-8 comes as a :class:`NotTextError`, one longer than
    ``most`` as a :class:`LineTooLongError` (read through, not kept), and the lines after either
    are still read."""
    binary = getattr(stdin, "buffer", None)
    source: Any = binary if binary is not None else stdin
    number = 0
    while True:
        line = source.readline(most + 1)
        if not line:
            return
        number += 1
        if len(line) > most:
            while line and not line.endswith(b"\n" if isinstance(line, bytes) else "\n"):
                line = source.readline(most + 1)
            yield LineTooLongError(most=most)
            continue
        if isinstance(line, bytes):
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError:
                yield NotTextError()
                continue
        else:
            text = line
        yield text.removeprefix("\ufeff") if number == 1 else text


def _analyze_batch(args: argparse.Namespace, tr: Translator, stdin: TextIO, out: TextIO) -> int:
    status = 0
    for number, line in enumerate(input_lines(stdin), start=1):
        if isinstance(line, TutorError):
            status = BAD_INPUT
            message = error_message(line, tr)
            _emit(out, args.json, {"line": number, "error": line.key, "message": message},
                  tr.gettext("Line {n}: {message}", n=number, message=message))
            continue
        if not line.strip():
            continue
        try:
            result = analyze(parse_cards(line, count=(HAND_SIZE, BIG_GIN_SIZE)))
        except TutorError as error:
            status = BAD_INPUT
            message = error_message(error, tr)
            _emit(out, args.json, {"line": number, "error": error.key, "message": message},
                  tr.gettext("Line {n}: {message}", n=number, message=message))
            continue
        if args.json:
            _emit(out, True, analysis_json(result), "")
        else:
            out.write(analysis_text(result, tr) + "\n\n")
    return status


class BadAddressError(TutorError):
    """A game's address that cannot be read."""

    key = "bad_address"
    template = N_("“{address}” is not a game's address: it reads like play?game=123&level=strong&rules=classic.")


def read_game_address(address: str) -> tuple[int, str, Ruleset]:
    """The game, level and ruleset a game's address names (as the Play page gives it, whole or from
    ``play?``); the level defaults to the beginner and the ruleset to the classic game, as the page does."""
    query = urllib.parse.urlsplit(address.strip()).query or address.strip().removeprefix("?")
    params = urllib.parse.parse_qs(query)
    if "game" not in params:
        raise BadAddressError(address=excerpt(address, 60))
    level = params.get("level", ["beginner"])[0]
    if level not in BOT_LEVELS:
        raise UnknownBotLevelError(level=excerpt(level, 40), choices=", ".join(BOT_LEVELS))
    return check_seed(params["game"][0]), level, load_ruleset(params.get("rules", ["classic"])[0])


def advice_json(analysis: Analysis, opponent: str = DEFAULT_OPPONENT) -> dict[str, Any]:
    """An analysis as JSON: every option best first, with its value and its loss against the best,
    and the level the analysis modelled as the opponent."""
    options = []
    for option in analysis.options:
        loss, loss_stderr = analysis.loss(option.move)
        options.append({"move": list(move_text(option.move)), "expected": round(option.expected, 3),
                         "stderr": round(option.stderr, 3), "loss": round(loss, 3),
                         "loss_stderr": round(loss_stderr, 3)})
    return {"best": list(move_text(analysis.best)), "samples": analysis.samples, "opponent": opponent,
            "options": options}


def _points(value: float, tr: Translator) -> str:
    return ("+" if value > 0 else "") + tr.number(round(value, 1))


def advice_text(view: View, analysis: Analysis, seed: int, tr: Translator,
                opponent: str = DEFAULT_OPPONENT) -> str:
    """An analysis as lines of text: the position, then each option with its expected points."""
    lines = [position_line(view, tr)]
    for option in analysis.options:
        loss, loss_stderr = analysis.loss(option.move)
        value = tr.gettext("{points} points (± {error})", points=_points(option.expected, tr),
                           error=tr.number(round(option.stderr, 1)))
        if option.move != analysis.best:
            value += " · " + tr.gettext("gives up {loss} (± {error})", loss=tr.number(round(loss, 1)),
                                        error=tr.number(round(loss_stderr, 1)))
        lines.append(f"  {move_phrase(option.move, view['top_discard'], tr)}: {value}")
    lines.append(tr.ngettext("Expected points of the hand for the player to move, over {n} sampled deal "
                             "(seed {seed}).",
                             "Expected points of the hand for the player to move, over {n} sampled deals "
                             "(seed {seed}).", analysis.samples, seed=seed))
    lines.append(measured_against(opponent, tr))
    return "\n".join(lines)


def _advise_one(view: View, args: argparse.Namespace, tr: Translator, out: TextIO,
                opponent: str | None = None) -> None:
    against = args.opponent or opponent or DEFAULT_OPPONENT
    analysis = analyze_decision(view, samples=args.samples, seed=args.seed, opponent=against)
    data = advice_json(analysis, against) if args.json else {}
    _emit(out, args.json, data, advice_text(view, analysis, args.seed, tr, against) + ("" if args.json else "\n"))


def _read_view_line(line: str) -> View:
    try:
        value = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise NotAViewError() from error
    return check_view(value)


def _advise(args: argparse.Namespace, tr: Translator, stdin: TextIO, out: TextIO) -> int:
    if args.game is not None:
        seed, level, rules = read_game_address(args.game)
        _advise_one(played_position(rules, seed, level, args.move), args, tr, out, level)
        return 0
    status = 0
    for number, line in enumerate(input_lines(stdin), start=1):
        if not isinstance(line, TutorError) and not line.strip():
            continue
        try:
            if isinstance(line, TutorError):
                raise line
            _advise_one(_read_view_line(line), args, tr, out)
        except TutorError as error:
            status = BAD_INPUT
            message = error_message(error, tr)
            _emit(out, args.json, {"line": number, "error": error.key, "message": message},
                  tr.gettext("Line {n}: {message}", n=number, message=message))
        except Exception:  # noqa: BLE001 (a view the checks let through and the analysis cannot take: this line's error)
            status = BAD_INPUT
            message = error_message(NotAViewError(), tr)
            _emit(out, args.json, {"line": number, "error": NotAViewError.key, "message": message},
                  tr.gettext("Line {n}: {message}", n=number, message=message))
    return status


class NoSuchProfileError(TutorError):
    """A transfer code asked for a profile that does not exist."""

    key = "no_such_profile"
    template = N_("There is no profile called “{name}”.")


class SeveralProfilesError(TutorError):
    """A transfer code asked for a name that several private profiles share."""

    key = "several_profiles"
    template = N_("Several profiles are called “{name}” (ids {ids}): name one with --id.")


class ProgressUnreachableError(TutorError):
    """The saved progress cannot be used from the command line just now."""

    key = "progress_unreachable"
    template = N_("The saved progress cannot be used just now ({reason}): nothing was made.")


def _transfer_code(args: argparse.Namespace, tr: Translator, out: TextIO) -> int:
    """The operator's way into a profile: a one-time transfer code for the profile of that name, to
    be typed in the learner's browser (a profile from before keys has no other way to be opened
    where claims by name are off)."""
    from tutor.progress.store import DATA_DIR_ENV, DATABASE_URL_ENV, open_store
    url = args.database or os.environ.get(DATABASE_URL_ENV) or None
    folder = args.data_dir or (Path(os.environ[DATA_DIR_ENV]) if os.environ.get(DATA_DIR_ENV) else None)
    store = open_store(folder, url=url)
    faults: list[str] = []
    store.listener = lambda fault, _write: faults.extend([fault] if fault else [])
    try:
        if store.status is not None:
            raise ProgressUnreachableError(reason=store.status)
        named = store.profiles_named(args.name)
        if args.id is not None:
            named = [p for p in named if p.id == args.id]
        if len(named) > 1:
            raise SeveralProfilesError(name=excerpt(args.name), ids=", ".join(str(p.id) for p in named))
        profile = named[0] if named else None
        if profile is None and not faults:
            raise NoSuchProfileError(name=excerpt(args.name))
        code = store.transfer_code(profile.id) if profile is not None else None
        if profile is None or code is None:
            raise ProgressUnreachableError(reason=faults[-1] if faults else "unavailable")
    finally:
        store.close()
    _emit(out, args.json, {"profile": profile.name, "id": profile.id, "code": code},
          tr.gettext("Transfer code for “{name}”: {code} (it works once, within 24 hours)",
                     name=profile.name, code=code))
    return 0


def _run(args: argparse.Namespace, tr: Translator, stdin: TextIO, out: TextIO) -> int:
    if args.command == "transfer-code":
        return _transfer_code(args, tr, out)
    if args.command == "advise":
        return _advise(args, tr, stdin, out)
    if args.command == "analyze":
        if not args.cards:
            return _analyze_batch(args, tr, stdin, out)
        result = analyze(parse_cards(" ".join(args.cards), count=(HAND_SIZE, BIG_GIN_SIZE)))
        _emit(out, args.json, analysis_json(result) if args.json else {}, analysis_text(result, tr))
    elif args.command == "score":
        rules = load_ruleset(args.rules)
        score = score_hand(parse_cards(args.knocker, count=(HAND_SIZE, BIG_GIN_SIZE)),
                           parse_cards(args.defender, count=HAND_SIZE),
                           rules)
        _emit(out, args.json, score_json(score) if args.json else {}, score_text(score, tr))
    else:
        totals = game_totals(" ".join(args.results), load_ruleset(args.rules))
        _emit(out, args.json, totals_json(totals) if args.json else {}, totals_text(totals, tr))
    return 0


def _whole(least: int, most: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``least`` to ``most``."""
    def read(text: str) -> int:
        if not text.strip().isdigit() or not least <= int(text) <= most:
            raise argparse.ArgumentTypeError(f"{excerpt(text)} (1 … {most})" if least == 1
                                             else f"{excerpt(text)} ({least} … {most})")
        return int(text)
    return read


def build_parser(tr: Translator) -> argparse.ArgumentParser:
    """The argument parser, its help in the user's language."""
    parser = _Parser(prog="gin-tutor", description=tr.gettext("Gin Rummy rules engine: melds, scores and totals."))
    parser.add_argument("--lang", choices=offered_languages(),
                        help=tr.gettext("language of the answers (else from the environment)"))
    parser.add_argument("--json", action="store_true", help=tr.gettext("one JSON object per answer"))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p_analyze = sub.add_parser("analyze", help=tr.gettext("best melds and deadwood of 10 or 11 cards"))
    p_analyze.add_argument("cards", nargs="*", help=tr.gettext("the cards; none: read one hand per line"))
    p_score = sub.add_parser("score", help=tr.gettext("score a knock, gin or big gin"))
    p_score.add_argument("--rules", default="classic", help=tr.gettext("ruleset: {names}",
                         names=", ".join(available_rulesets())))
    p_score.add_argument("--knocker", required=True, help=tr.gettext("the knocker's 10 or 11 cards"))
    p_score.add_argument("--defender", required=True, help=tr.gettext("the defender's 10 cards"))
    p_total = sub.add_parser("total", help=tr.gettext("a game's totals from its hand results"))
    p_total.add_argument("--rules", default="classic", help=tr.gettext("ruleset: {names}",
                         names=", ".join(available_rulesets())))
    p_total.add_argument("results", nargs="+", help=tr.gettext("hand results such as A:23 B:31 void"))
    p_advise = sub.add_parser("advise", help=tr.gettext("every option of a decision in expected points"))
    p_advise.add_argument("--game", help=tr.gettext("a game's address, as the Play page gives it; "
                                                    "without it, one position (a view as JSON) per line"))
    p_advise.add_argument("--move", type=_whole(1, 10_000), default=1,
                          help=tr.gettext("with --game: the position before this move of the first hand"))
    p_advise.add_argument("--samples", type=_whole(1, ADVISE_MOST), default=200,
                          help=tr.gettext("sampled deals for each option"))
    p_advise.add_argument("--seed", type=_whole(0, MAX_SEED), default=1, help=tr.gettext("seed of the samples"))
    p_advise.add_argument("--opponent", choices=BOT_LEVELS, default=None,
                          help=tr.gettext("the level the analysis models across the table (with --game: the "
                                          "game's level; else the strong player)"))
    p_code = sub.add_parser("transfer-code", help=tr.gettext("a one-time code that opens a profile in a "
                                                             "learner's browser (for the operator)"))
    p_code.add_argument("name", help=tr.gettext("the profile's name"))
    p_code.add_argument("--id", type=_whole(1, 2**62), default=None,
                        help=tr.gettext("the profile's id, where several have that name"))
    p_code.add_argument("--database", help=tr.gettext("the database server's URL (else {env}, else the data "
                                                      "folder)", env="GIN_TUTOR_DATABASE_URL"))
    p_code.add_argument("--data-dir", type=Path, help=tr.gettext("the data folder of the progress file"))
    sub.add_parser("app", help=tr.gettext("serve the app in the browser (the rest goes to Streamlit)"))
    for p in (p_analyze, p_score, p_total, p_advise, p_code):
        p.add_argument("--json", action="store_true", default=argparse.SUPPRESS,
                       help=tr.gettext("one JSON object per answer"))
        p.add_argument("--lang", choices=offered_languages(), default=argparse.SUPPRESS,
                       help=tr.gettext("language of the answers (else from the environment)"))
    return parser


def _language(argv: Sequence[str]) -> str:
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return language_from_environment()


APP_ENTRY = Path(__file__).resolve().parent / "app" / "main.py"
"""The Streamlit entry of the installed app."""


APP_CONFIG = Path(__file__).resolve().parent / "app" / "config.toml"
"""The Streamlit settings the app relies on (theme, toolbar, error details, static files), shipped
inside the package."""


def _flags(table: dict[str, Any], prefix: str = "") -> Iterator[str]:
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _flags(value, f"{prefix}{key}.")
        else:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            yield f"--{prefix}{key}={text}"


def app_settings(path: Path = APP_CONFIG) -> list[str]:
    """The app's settings (:data:`APP_CONFIG`) as ``streamlit run`` flags: ``--theme.light.primaryColor=#a8202e``."""
    return list(_flags(tomllib.loads(path.read_text(encoding="utf-8"))))


LOCAL_ONLY = "--server.address=127.0.0.1"
"""Where the app listens unless told otherwise: this computer only. A classroom's devices reach it
once it is set up for them (private profiles, docs/deploying.md), with ``--server.address``."""


def app_command(options: Sequence[str]) -> list[str]:
    """The command that serves the installed app with its settings, on this computer only
    (:data:`LOCAL_ONLY`), then ``options`` (which win: the last of an option counts)."""
    return [sys.executable, "-m", "streamlit", "run", str(APP_ENTRY), *app_settings(), LOCAL_ONLY, *options]


def run_app(options: Sequence[str]) -> int:
    """``gin-tutor app [streamlit options]``: serve the installed app with ``streamlit run``. Where
    the system allows it, Streamlit takes this process's place (``exec``), so that stopping
    ``gin-tutor app`` (Ctrl-C, ``kill PID``, a service manager) stops the server itself; elsewhere it
    runs as a child. Only the app layer imports Streamlit."""
    command = app_command(options)
    if hasattr(os, "execv") and os.name == "posix":
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                stream.flush()
        os.execv(command[0], command)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 0


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["app"]:
        return run_app(argv[1:])
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    tr = Translator(_language(argv))
    try:
        args = build_parser(tr).parse_args(argv)
    except _InputError as error:
        return _fail(stderr, tr.gettext("bad command line: {detail}", detail=excerpt(str(error), 200)))
    if stdout is None:
        return _fail(stderr, tr.gettext("there is no standard output to write to"), OUTPUT_FAILED)
    try:
        status = _run(args, tr, stdin, stdout)
        stdout.flush()
    except TutorError as error:
        return _fail(stderr, error_message(error, tr))
    except BrokenPipeError:
        _quiet(stdout)
        return OUTPUT_FAILED  # the reader went away (``| head``): nothing more to say
    except OSError as error:
        _quiet(stdout)
        return _fail(stderr, tr.gettext("the output could not be written: {reason}",
                                        reason=error.strerror or type(error).__name__), OUTPUT_FAILED)
    except KeyboardInterrupt:
        return _fail(stderr, tr.gettext("interrupted"), INTERRUPTED)
    return status


def _quiet(stream: TextIO) -> None:
    """Point a standard stream that failed at /dev/null, so that Python's own flush at exit is silent."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())


def _fail(stderr: TextIO | None, message: str, status: int = BAD_INPUT) -> int:
    """Say what was wrong on one line (when there is somewhere to say it); return the exit status."""
    with contextlib.suppress(OSError, AttributeError):
        if stderr is not None:
            stderr.write(f"gin-tutor: {message}\n")
            stderr.flush()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
