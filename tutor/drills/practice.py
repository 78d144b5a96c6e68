"""Practise my mistakes: a short session built from what a learner gets wrong most (as Duolingo's).

:func:`practice_session` counts the learner's wrong drill attempts by kind and mistake (the mistake
codes each kind names, :data:`tutor.drills.kinds.*.MISTAKES`), takes the ones made most often (the
most recent first among equals) and gives each a share of the session: puzzles of the same kind and
level under the same rules, of the situation the mistake is about where a kind can make one (a tie
for "the rule for a tie", a shutout for a forgotten shutout bonus...). Each pick says why it was
chosen: the mistake and how many times it was made. Positions from the learner's own games that
the coach disagreed with (the review's "which card to throw" items) open the session, at most
:data:`MOST_POSITIONS` of them.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from tutor.base.numbers import MAX_SEED
from tutor.drills import KINDS, LEVELS

SESSION_SIZE = 5
MOST_MISTAKES = 3
"""A session works on the three mistakes made most, at most."""
MOST_POSITIONS = 2
"""A session opens with at most two positions from the learner's games."""
SITUATIONS: dict[tuple[str, str], tuple[str, str]] = {
    ("score", "tie_rule"): ("hard", "tie"),
    ("score", "missed_undercut"): ("medium", "undercut"),
    ("score", "undercut_thought"): ("medium", "undercut"),
    ("totals", "forgot_shutout_double"): ("hard", "shutout"),
    ("totals", "forgot_shutout"): ("hard", "shutout"),
}
"""The level and situation (a drill's ``scenario``) that practise a mistake, where a kind makes one."""


class Attempted(Protocol):
    """What the builder reads of a stored attempt (:class:`tutor.progress.store.Attempt`)."""

    @property
    def kind(self) -> str: ...
    @property
    def level(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def correct(self) -> bool: ...
    @property
    def mistake(self) -> str | None: ...
    @property
    def at(self) -> datetime: ...


@dataclass(frozen=True)
class Pick:
    """One puzzle of a practice session (made from ``kind``, ``level``, ``ruleset``, ``seed`` and
    ``scenario``) and why it was chosen."""

    kind: str
    level: str
    ruleset: str
    seed: int
    scenario: str = ""
    mistake: str = ""
    """The mistake it practises (a code of the kind's), or "" for a wrong answer with no code."""
    times: int = 0
    """How many wrong answers of that mistake the session was built from."""
    position: str = ""
    """A position from the learner's games (its code), for a pick of the review's own positions."""


def _seed(key: str, number: int) -> int:
    digest = hashlib.blake2b(f"{key}/{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % MAX_SEED + 1


def _ranked(attempts: Sequence[Attempted]) -> tuple[list[tuple[str, str]], Counter[tuple[str, str]],
                                                      dict[tuple[str, str], Attempted]]:
    """The (kind, mistake) of the wrong answers, most frequent first (the most recent first among
    equals), with their counts and the latest attempt of each."""
    wrong = [a for a in attempts if not a.correct and a.kind in KINDS]  # not a kind a newer version added
    counts = Counter((a.kind, a.mistake or "") for a in wrong)
    last = {(a.kind, a.mistake or ""): a for a in sorted(wrong, key=lambda a: a.at)}
    return sorted(counts, key=lambda k: (-counts[k], -last[k].at.timestamp(), k)), counts, last


def weakest_situation(attempts: Sequence[Attempted]) -> tuple[str, str, int] | None:
    """The kind and mistake answered wrong most often, and how many times; None with no wrong answer."""
    ranked, counts, _ = _ranked(attempts)
    return (*ranked[0], counts[ranked[0]]) if ranked else None


def reached_level(attempts: Sequence[Attempted], kind: str, failed: str) -> str:
    """The level at which to practise a mistake made at ``failed``: that level where the learner has
    answered a puzzle of the kind right there; else one below it (the easiest at least): practice
    starts where the learner has shown they can reach (our choice, after Lichess and Duolingo)."""
    if failed not in LEVELS:
        return LEVELS[0]
    if any(a.correct and a.kind == kind and a.level == failed for a in attempts):
        return failed
    return LEVELS[max(0, LEVELS.index(failed) - 1)]


def practice_session(attempts: Sequence[Attempted], key: str, size: int = SESSION_SIZE,
                     positions: Sequence[Pick] = ()) -> list[Pick]:
    """A session of at most ``size`` puzzles on the learner's most frequent mistakes (``key`` makes
    the seeds: a new key, new puzzles), after the positions from their games (``positions``). Empty
    when nothing was ever answered wrong and there is no position."""
    ranked, counts, last = _ranked(attempts)
    ranked = ranked[:MOST_MISTAKES]
    picks: list[Pick] = list(positions[:MOST_POSITIONS if ranked else size])
    number = 0
    while ranked and len(picks) < size:
        for kind, mistake in ranked:
            if len(picks) == size:
                break
            seen = last[kind, mistake]
            level, scenario = SITUATIONS.get((kind, mistake), (reached_level(attempts, kind, seen.level), ""))
            picks.append(Pick(kind, level, seen.ruleset, _seed(key, number), scenario, mistake,
                              counts[kind, mistake]))
            number += 1
    return picks
