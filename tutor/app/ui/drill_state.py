"""The drills page's memory: which puzzle is open (kept in the session and in the URL), the
answer given, the hints shown, the verdict, and the tally per kind. Grading itself is the
engine's; every session key of a puzzle comes from :class:`PuzzleKeys`."""

from __future__ import annotations

import functools
import hashlib
import time
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

import streamlit as st

from tutor.app.ui import identity, state, store_access
from tutor.app.ui.safe import error_text
from tutor.app.ui.session_keys import (
    DRILL_ADDRESS,
    DRILL_DEALT,
    DRILL_EASED,
    DRILL_KIND,
    DRILL_KIND_CHOICE,
    DRILL_LEVEL,
    DRILL_LEVEL_CHOICE,
    DRILL_POSITION,
    DRILL_SCENARIO,
    DRILL_SEED,
    DRILL_SUITED,
    DRILL_TALLY,
    PRACTICE,
    PRACTICE_EMPTY,
    RULES,
)
from tutor.drills import (
    KINDS,
    LEVELS,
    Puzzle,
    generate,
    parse_seed,
    puzzle_of,
    scenarios_of,
    suited,
)
from tutor.drills.daily import DailyPuzzle
from tutor.drills.model import BadSeedError, UnknownKindError, UnknownLevelError, UnknownScenarioError
from tutor.drills.practice import Pick, practice_session
from tutor.drills.suited import NEAR, RECENT, suited_choice, weakest_kind
from tutor.engine.errors import TutorError
from tutor.engine.rules import Ruleset, available_rulesets, load_ruleset
from tutor.engine.scoring import score_hand
from tutor.language.i18n import Translator
from tutor.language.labels import drill_kind_name, level_name
from tutor.progress.ratings import NEW as NEW_RATING
from tutor.progress.ratings import Rating, cautious_rating
from tutor.progress.review import DrillItem


@dataclass(frozen=True)
class PuzzleKeys:
    """Every session-state key that belongs to one puzzle, in one place."""

    pid: str

    @classmethod
    def of(cls, kind: str, level: str, ruleset: str, seed: int, scenario: str = "", position: str = "") -> PuzzleKeys:
        """The keys of a puzzle by what makes it: a position from a game is named by a digest of its
        code, a puzzle asked for by its situation carries it."""
        if position:
            return cls(f"{kind}-{ruleset}-{hashlib.blake2b(position.encode(), digest_size=6).hexdigest()}")
        if scenario:
            return cls(f"{kind}-{scenario}-{level}-{ruleset}-{seed}")
        return cls(f"{kind}-{level}-{ruleset}-{seed}")

    @property
    def verdict(self) -> str:
        return f"_verdict_{self.pid}"

    @property
    def hints(self) -> str:
        return f"_hints_{self.pid}"

    @property
    def opened(self) -> str:
        return f"_opened_{self.pid}"

    @property
    def groups(self) -> str:
        return f"_groups_{self.pid}"

    @property
    def group_message(self) -> str:
        return f"_group_message_{self.pid}"

    def answer(self, part: str) -> str:
        """The widget key of one part of the answer."""
        return f"answer_{part}_{self.pid}"

    @property
    def picker(self) -> str:
        """The cards picked for the next meld in the melds drill."""
        return f"answer_pick_{self.pid}"

    def button(self, name: str) -> str:
        return f"{name}_{self.pid}"

    def answer_state(self) -> list[str]:
        """The keys a retry clears: the answer, the verdict and the melds formed (hints stay)."""
        return [self.verdict, self.groups, self.group_message]

    def owned(self, key: object) -> bool:
        """Whether a session key belongs to this puzzle."""
        return isinstance(key, str) and key.endswith(f"_{self.pid}")


def puzzle_keys(puzzle: Puzzle) -> PuzzleKeys:
    return PuzzleKeys.of(puzzle.kind, puzzle.level, puzzle.ruleset, puzzle.seed, puzzle.scenario,
                         puzzle.address.get("position", ""))


def _read_address(tr: Translator) -> str | None:
    """Open the puzzle the URL names, once per address; a bad address gets a message and a
    fresh puzzle."""
    params = st.query_params
    wanted = (params.get("drill"), params.get("seed"), params.get("level"))
    if wanted == (None, None, None) or wanted == st.session_state.get(DRILL_ADDRESS):
        return None
    st.session_state[DRILL_ADDRESS] = wanted
    st.session_state.pop(PRACTICE, None)  # an address opened: any practice session is left
    st.session_state[DRILL_POSITION] = ""
    kind, seed, level = wanted
    problems = []
    if kind is not None and kind not in KINDS:
        problems.append(error_text(UnknownKindError(kind=kind, choices=tr.list_of(
            [drill_kind_name(k, tr) for k in KINDS])), tr))
        kind = None
    if level is not None and level not in LEVELS:
        problems.append(error_text(UnknownLevelError(level=level, choices=tr.list_of(
            [level_name(lv, tr) for lv in LEVELS])), tr))
        level = None
    number = None
    if seed is not None:
        try:
            number = parse_seed(seed)
        except BadSeedError as error:
            problems.append(error_text(error, tr))
    st.session_state[DRILL_KIND] = kind or st.session_state.get(DRILL_KIND, KINDS[0])
    st.session_state[DRILL_LEVEL] = level or st.session_state.get(DRILL_LEVEL, LEVELS[0])
    st.session_state[DRILL_SEED] = number if number is not None else state.new_seed()
    dealt = params.get("dealt")
    st.session_state[DRILL_DEALT] = dealt if dealt in available_rulesets() else None
    scenario = params.get("scenario") or ""
    kind_now = st.session_state[DRILL_KIND]
    if scenario and scenario not in scenarios_of(kind_now):
        problems.append(error_text(UnknownScenarioError(scenario=scenario[:40],
                                                        choices=", ".join(scenarios_of(kind_now)) or "—"), tr))
        scenario = ""
    st.session_state[DRILL_SCENARIO] = scenario
    if problems:
        return " ".join(problems) + " " + tr.gettext("Here is a new puzzle.")
    return None


def start(tr: Translator) -> str | None:
    """Set up the page's state; returns a message when the URL named a puzzle that cannot be. A
    learner with a profile who arrives without a puzzle's address is served one suited to them (in
    the kind the address names, else their weakest); the hand-picked levels stay a click away."""
    session = st.session_state
    suited_by_default = (DRILL_LEVEL not in session and st.query_params.get("level") is None
                         and st.query_params.get("seed") is None and identity.current() is not None)
    message = _read_address(tr)
    if suited_by_default and message is None:
        session[DRILL_SUITED] = True
        _open_suited(st.query_params.get("drill"))
    session.setdefault(DRILL_KIND, KINDS[0])
    session.setdefault(DRILL_LEVEL, LEVELS[0])
    session.setdefault(DRILL_SEED, state.new_seed())
    session.setdefault(DRILL_TALLY, {})
    if session.get(DRILL_KIND_CHOICE) != session[DRILL_KIND]:
        session[DRILL_KIND_CHOICE] = session[DRILL_KIND]
    shown_level = SUITED if session.get(DRILL_SUITED) else session[DRILL_LEVEL]
    if session.get(DRILL_LEVEL_CHOICE) != shown_level:
        session[DRILL_LEVEL_CHOICE] = shown_level
    st.query_params.update({"drill": session[DRILL_KIND], "seed": str(session[DRILL_SEED]),
                            "level": session[DRILL_LEVEL]})
    if session.get(DRILL_SCENARIO):
        st.query_params["scenario"] = session[DRILL_SCENARIO]
    else:
        st.query_params.pop("scenario", None)
    session[DRILL_ADDRESS] = (session[DRILL_KIND], str(session[DRILL_SEED]), session[DRILL_LEVEL])
    return message


def _forget_open_puzzle() -> None:
    """Drop every session key of the puzzle that is being left, so the session does not grow (none
    when the drills page has not opened a puzzle in this session)."""
    if not all(key in st.session_state for key in (DRILL_KIND, DRILL_LEVEL, DRILL_SEED, RULES)):
        return
    keys = open_keys()
    for key in [k for k in st.session_state if keys.owned(k)]:
        del st.session_state[key]


DISCARD = "discard"
"""The kind of a position from the learner's games ("which card to throw")."""
SUITED = "suited"
"""The level choice that lets the learner's rating pick the puzzle."""
def choice_changed() -> None:
    """The kind or the level changed: a new puzzle of that kind and level (a practice session ends).
    "Suited to me" serves one near the learner's rating, in the kind chosen or, with none, in the
    learner's weakest kind."""
    session = st.session_state
    _forget_open_puzzle()
    session.pop(PRACTICE, None)
    _plain_puzzle()
    session[DRILL_SUITED] = session.get(DRILL_LEVEL_CHOICE) == SUITED
    if session[DRILL_SUITED]:
        _open_suited(session.get(DRILL_KIND_CHOICE))
        return
    session[DRILL_KIND] = session[DRILL_KIND_CHOICE] or session[DRILL_KIND]
    session[DRILL_LEVEL] = session[DRILL_LEVEL_CHOICE] or session[DRILL_LEVEL]
    session[DRILL_SEED] = state.new_seed()


def recent_answers(profile_id: int, kind: str) -> list[tuple[str, bool]]:
    """The learner's latest answers in ``kind`` (level and whether right, oldest first)."""
    return [(a.level, a.correct) for a in store_access.store().latest_attempts(profile_id, kind, RECENT)]


def eased_by() -> int:
    """How many wrong answers in a row made the open suited puzzle easier than the rating alone
    would choose (0: the rating chose it)."""
    return int(st.session_state.get(DRILL_EASED) or 0)


def suited_level() -> bool:
    """Whether the puzzles are suited to the learner (their rating picks them), not hand-picked."""
    return bool(st.session_state.get(DRILL_SUITED))


def suited_rating(kind: str) -> Rating | None:
    """While puzzles are suited to the learner, their rating in ``kind``: None in a kind never
    answered, or when the level is hand-picked."""
    learner = identity.current()
    if not suited_level() or learner is None:
        return None
    return store_access.store().ratings(learner.id).get(kind)


def _open_suited(kind: str | None) -> None:
    session = st.session_state
    learner = identity.current()
    ratings = store_access.store().ratings(learner.id) if learner else {}
    chosen = weakest_kind(ratings, kind)
    mine = ratings.get(chosen, NEW_RATING)
    near = store_access.store().puzzles_near(learner.id, chosen, cautious_rating(mine), NEAR) if learner else []
    recent = recent_answers(learner.id, chosen) if learner else []
    session[DRILL_KIND], session[DRILL_LEVEL], seed = suited_choice(ratings, chosen, session[RULES], near, recent)
    session[DRILL_EASED] = suited.eased_by(ratings, chosen, session[DRILL_LEVEL], recent)
    session[DRILL_SEED] = seed if seed is not None else state.new_seed()


def today() -> date:
    """Today's date in UTC: the puzzle of the day changes at midnight UTC, for everyone at once."""
    return datetime.now(UTC).date()


def open_daily(daily: DailyPuzzle) -> None:
    """Open the puzzle of the day: its kind, level and seed, under its ruleset (the sidebar follows)."""
    _forget_open_puzzle()
    st.session_state.pop(PRACTICE, None)
    _open(daily.kind, daily.level, daily.ruleset, daily.seed)


def is_daily(puzzle: Puzzle, daily: DailyPuzzle) -> bool:
    """Whether ``puzzle`` is the puzzle of the day (its kind, level and seed, under its rules)."""
    return (puzzle.kind, puzzle.level, puzzle.seed, puzzle.ruleset) == (daily.kind, daily.level, daily.seed,
                                                                      daily.ruleset)


def made(kind: str, seed: int, level: str, rules: Ruleset, scenario: str = "") -> Puzzle:
    """The puzzle :func:`tutor.drills.generate` makes of these, made once per app process and kept
    (a knock-or-wait puzzle asks the coach's analysis, some seconds of CPU: the page's next run, a
    hint or the answer, must not make it again). Puzzles are frozen values, so one serves every
    session."""
    return _made(kind, seed, level, rules, scenario)


@functools.lru_cache(maxsize=256)
def _made(kind: str, seed: int, level: str, rules: Ruleset, scenario: str) -> Puzzle:
    return generate(kind, seed, level, rules, scenario)


RESCORED_KINDS = ("score", "layoffs")
"""Kinds whose hand is kept, and scored again, when the learner switches the ruleset."""


def current_puzzle(rules: Ruleset) -> Puzzle:
    """The open puzzle, generated by the engine from its address, under ``rules`` (the sidebar's).
    After a switch of ruleset, a score or layoffs puzzle keeps its hands, now scored under the new
    rules (where they can be played under them: a big gin cannot be under rules without one);
    ``rescored_from`` then names the ruleset it was dealt under."""
    session = st.session_state
    if session.get(DRILL_POSITION):  # a position from the learner's games: it carries its own rules
        try:
            return opened(puzzle_of(DISCARD, session[DRILL_SEED], session[DRILL_LEVEL], rules, session[DRILL_POSITION]))
        except TutorError:
            session[DRILL_POSITION] = ""
    dealt = session.get(DRILL_DEALT) or rules.name
    if session[DRILL_KIND] in RESCORED_KINDS and dealt != rules.name:
        puzzle = made(session[DRILL_KIND], session[DRILL_SEED], session[DRILL_LEVEL], load_ruleset(dealt))
        try:
            score_hand(puzzle.knocker, puzzle.defender, rules)
        except TutorError:
            session[DRILL_DEALT] = rules.name  # this hand cannot be played here: a puzzle of these rules
        else:
            return opened(replace(puzzle, rules=rules, properties={**puzzle.properties, "dealt": dealt}))
    session[DRILL_DEALT] = rules.name
    try:
        return opened(made(session[DRILL_KIND], session[DRILL_SEED], session[DRILL_LEVEL], rules,
                               session.get(DRILL_SCENARIO, "")))
    except TutorError:  # a situation these rules cannot make (a big gin without big gin): the plain kind
        session[DRILL_SCENARIO] = ""
        return opened(made(session[DRILL_KIND], session[DRILL_SEED], session[DRILL_LEVEL], rules))


def rescored_from(puzzle: Puzzle) -> str | None:
    """The ruleset a puzzle was dealt under, when it is now scored under another."""
    dealt = puzzle.properties.get("dealt")
    return str(dealt) if dealt else None


def opened(puzzle: Puzzle) -> Puzzle:
    """Note when a puzzle was first shown, to time the attempt."""
    st.session_state.setdefault(puzzle_keys(puzzle).opened, time.monotonic())
    return puzzle


def new_puzzle() -> None:
    """The next puzzle: the practice session's next one while a session is on, else a new seed of
    the same kind and level."""
    _forget_open_puzzle()
    session = st.session_state
    practice = session.get(PRACTICE)
    if practice is not None:
        picks, index = practice
        if index + 1 < len(picks):
            session[PRACTICE] = (picks, index + 1)
            _open_pick(picks[index + 1])
            return
        session.pop(PRACTICE, None)
    _plain_puzzle()
    if session.get(DRILL_SUITED):
        _open_suited(session[DRILL_KIND])
        return
    session[DRILL_SEED] = state.new_seed()


def _plain_puzzle() -> None:
    """The next puzzle is a plain one of its kind: no situation, no position, dealt under the sidebar's rules."""
    session = st.session_state
    session[DRILL_SCENARIO] = ""
    session[DRILL_POSITION] = ""
    session[DRILL_DEALT] = None


def _open(kind: str, level: str, ruleset: str, seed: int, scenario: str = "", position: str = "") -> None:
    """Open a puzzle by what makes it, under its ruleset (the sidebar follows)."""
    session = st.session_state
    session[DRILL_KIND], session[DRILL_LEVEL], session[DRILL_SEED] = kind, level, seed
    session[DRILL_SCENARIO] = scenario
    session[DRILL_POSITION] = position
    session[DRILL_DEALT] = None
    session[RULES] = ruleset
    st.query_params["rules"] = ruleset


def _open_pick(pick: Pick) -> None:
    _open(pick.kind, pick.level, pick.ruleset, pick.seed, pick.scenario, pick.position)


def start_practice(picks: list[Pick]) -> None:
    """Open a practice session of the learner's mistakes at its first puzzle."""
    if picks:
        _forget_open_puzzle()
        st.session_state[PRACTICE] = (picks, 0)
        _open_pick(picks[0])


def practise_mistakes() -> None:
    """Build a practice session from the learner's wrong answers and open its first puzzle."""
    learner = identity.current()
    if learner is None:
        return
    saved = store_access.store()
    positions = [Pick(drill.kind, drill.level, drill.ruleset, drill.seed, position=drill.position)
                 for item in saved.scheduled(learner.id, prefix=DrillItem.PREFIX)
                 if (drill := DrillItem.parse(item)) is not None and drill.position and drill.kind == DISCARD]
    picks = practice_session(saved.attempts(learner.id), key=f"{learner.id}/{state.new_seed()}", positions=positions)
    if picks:
        start_practice(picks)
    else:
        st.session_state[PRACTICE_EMPTY] = True


def practice_now() -> tuple[list[Pick], int] | None:
    """The practice session under way (its puzzles, and the index of the open one), if one is."""
    practice: tuple[list[Pick], int] | None = st.session_state.get(PRACTICE)
    return practice


def open_keys() -> PuzzleKeys:
    session = st.session_state
    position = session.get(DRILL_POSITION, "")
    return PuzzleKeys.of(DISCARD if position else session[DRILL_KIND], session[DRILL_LEVEL], session[RULES],
                         session[DRILL_SEED], session.get(DRILL_SCENARIO, ""), position)


def address(puzzle: Puzzle) -> str | None:
    """The puzzle's address, relative to the app (with the ruleset it was dealt under, when it is
    scored under another); None for a position from the learner's own games, which stays theirs."""
    if puzzle.from_game:
        return None
    dealt = rescored_from(puzzle)
    return (f"drills?drill={puzzle.kind}&seed={puzzle.seed}&level={puzzle.level}"
            f"&rules={puzzle.ruleset}&lang={state.language()}" + (f"&dealt={dealt}" if dealt else "")
            + (f"&scenario={puzzle.scenario}" if puzzle.scenario else ""))
