"""What a drill is: its levels, the puzzle a learner sees, the verdict on an answer, and the small
interface every kind of drill implements (:class:`DrillKind`).

Verdicts and hints are language-free: each sentence is a :class:`Remark`, an English message id
with its parameters (cards, numbers, words of the game), which the language layer translates
and formats (:mod:`tutor.language.feedback`). Naming: ``level`` is a puzzle's difficulty;
``rules`` is the :class:`~tutor.engine.rules.Ruleset` itself, which a puzzle carries and grades
with; ``ruleset`` is its name, for addresses and the progress store only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from tutor.base.msgids import N_
from tutor.engine.cards import Card
from tutor.engine.errors import TutorError
from tutor.engine.melds import HandAnalysis
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import GameTotals, HandScore

LEVELS = ("easy", "medium", "hard")
"""The difficulties, each defined by properties the generator controls and the tests check."""


class DrillError(TutorError):
    """A drill that cannot be made or an answer that cannot be read."""


class UnknownKindError(DrillError):
    key = "unknown_drill_kind"
    template = N_("There is no drill called “{kind}”. The drills are: {choices}.")


class UnknownLevelError(DrillError):
    key = "unknown_drill_level"
    template = N_("There is no level called “{level}”. The levels are: {choices}.")


class UnknownScenarioError(DrillError):
    key = "unknown_drill_scenario"
    template = N_("This kind of drill has no situation called “{scenario}”. It has: {choices}.")


class BadSeedError(DrillError):
    key = "bad_seed"
    template = N_("The puzzle number “{seed}” is not a whole number from 0 to {most}.")


class AnswerError(DrillError):
    key = "bad_answer"
    template = N_("The answer could not be read: check {what}.")


class NoPuzzleError(DrillError):
    """A generator that found no puzzle of its level within its tries (the tests show it never happens)."""

    key = "no_puzzle"
    template = N_("No {level} puzzle of this kind could be made from this number: try another.")


def no_scenarios(rng: random.Random, level: str, rules: Ruleset, scenario: str) -> dict[str, Any] | None:
    """``make_scenario`` of a kind that offers no situation: there is none to make."""
    raise UnknownScenarioError(scenario=str(scenario)[:40], choices="—")


@dataclass(frozen=True)
class Word:
    """A word of the game in a remark, translated by the language layer: ``Word("side", "knocker")``."""

    table: str
    """Which list of words: ``side`` (knocker, defender) or ``meld_kind`` (set, run)."""
    value: str


@dataclass(frozen=True)
class Percent:
    """A chance in a remark, written as the language writes a percentage (``30%``, ``30 %``)."""

    value: float
    """The chance in points of percentage, 0 to 100."""


@dataclass(frozen=True)
class Remark:
    """One sentence of feedback or one hint, language-free: an English message id (with its plural
    form when it counts ``n``) and its parameters. A parameter may be a card, a meld, a list of
    cards, a number, a :class:`Word` or another remark."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None

    @classmethod
    def counting(cls, forms: tuple[str, str], n: int, **params: Any) -> Remark:
        """A remark whose form depends on ``n``: ``forms`` is marked with ``NP_(singular, plural)``."""
        return cls(forms[0], {"n": n, **params}, forms[1])


Result = HandAnalysis | HandScore | GameTotals
"""The engine's result that a verdict explains step by step."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: what the learner sees, and the properties that make its level.

    ``cards`` is the hand of a melds or deadwood drill; ``knocker`` and ``defender`` the hands of
    a score or layoffs drill; ``results`` the score sheet of a totals drill (``A:23`` form).
    """

    kind: str
    seed: int
    level: str
    rules: Ruleset
    """The rules the puzzle was made under: it is graded and explained under them."""
    cards: tuple[Card, ...] = ()
    knocker: tuple[Card, ...] = ()
    defender: tuple[Card, ...] = ()
    results: tuple[str, ...] = ()
    scenario: str = ""
    """A situation asked for by name (a lesson's check: ``no_melds``, ``undercut``, ``tie``...), or ""."""
    position: str = ""
    """A position drill's position: the view of the player to throw, packed (:mod:`tutor.play.positions`)."""
    held: tuple[Card, ...] = ()
    """A read-the-opponent drill's answer key: the opponent's real hand at the position, which the
    learner does not see (the puzzle is made again from its seed, so it never travels in an address)."""
    properties: dict[str, Any] = field(default_factory=dict, compare=False)
    """Measured features: ``dual_use``, ``arrangements``, ``layoffs``, ``chained``, ``tie``..."""

    @property
    def ruleset(self) -> str:
        """The name of the puzzle's rules, as an address or a review item names them."""
        return self.rules.name

    @property
    def from_game(self) -> bool:
        """Whether the puzzle is a position from the learner's own game (graded by the coach's
        analysis), rather than one made from a seed."""
        return bool(self.position) and self.properties.get("graded_by") == "analysis"

    @property
    def address(self) -> dict[str, str]:
        """The URL parameters that open this puzzle again (a position from the learner's game: by its
        code; any other puzzle, a position made from a seed too, by its seed)."""
        if self.from_game:
            return {"drill": self.kind, "position": self.position, "rules": self.ruleset}
        address = {"drill": self.kind, "seed": str(self.seed), "level": self.level, "rules": self.ruleset}
        return {**address, "scenario": self.scenario} if self.scenario else address


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, what the mistake was, and the engine's result to explain."""

    correct: bool
    result: Result
    """The engine's result for the puzzle, which the language layer explains step by step."""
    mistake: str | None = None
    """A short code of the first mistake (``counted_melded_card``...), None when correct."""
    remarks: tuple[Remark, ...] = ()
    """Where the answer first went wrong, sentence by sentence (none when correct)."""
    expected: Any = None
    """The engine's answer, in the form a learner gives it."""
    notes: tuple[Remark, ...] = ()
    """What is said with the verdict whether the answer is right or wrong, from the first try on
    (the knock-or-wait drill's word on source 001's rules of thumb)."""


class DrillKind(Protocol):
    """What one kind of drill provides; each module of :mod:`tutor.drills.kinds` is one."""

    NAME: str
    """The kind's name in addresses (``?drill=NAME``) and in the progress store."""
    TITLE: str
    """The kind's title, a catalog message id."""
    MISTAKES: Mapping[str, str]
    """Each mistake code this kind names, with a short description (a catalog message id)."""
    SCENARIOS_OFFERED: tuple[str, ...]
    """The situations a lesson can ask for by name (``::: drill score medium tie``); () for none."""

    def make_scenario(self, rng: random.Random, level: str, rules: Ruleset, scenario: str) -> dict[str, Any] | None:
        """The puzzle's fields for one of :attr:`SCENARIOS_OFFERED` (checked by the caller)."""

    def make(self, rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
        """The puzzle's fields (hands or results, and measured properties) for a level; None when
        no puzzle of that level was found within the generator's tries."""

    def check(self, puzzle: Puzzle, answer: Any) -> Verdict:
        """Grade an answer with the engine."""

    def model_answer(self, puzzle: Puzzle) -> Any:
        """The engine's answer, in the form a learner gives it."""

    def hints(self, puzzle: Puzzle) -> list[Remark]:
        """Hints from the gentlest on: each reveals one step, none gives the answer away."""
