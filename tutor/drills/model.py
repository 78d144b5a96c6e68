"""What a drill is: its kinds and levels, the puzzle a learner sees, and the verdict on an answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from tutor.engine.cards import Card
from tutor.engine.errors import TutorError

KINDS = ("melds", "deadwood", "score", "layoffs", "totals")
"""The five kinds of drill, in the order the app lists them."""
LEVELS = ("easy", "medium", "hard")
"""The difficulties, each defined by properties the generator controls and the tests check."""

Kind = Literal["melds", "deadwood", "score", "layoffs", "totals"]
Level = Literal["easy", "medium", "hard"]


class DrillError(TutorError):
    """A drill that cannot be made or an answer that cannot be read."""


class UnknownKindError(DrillError):
    key = "unknown_drill_kind"


class UnknownLevelError(DrillError):
    key = "unknown_drill_level"


class BadSeedError(DrillError):
    key = "bad_seed"


class AnswerError(DrillError):
    key = "bad_answer"


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: what the learner sees, and the properties that make its difficulty.

    ``cards`` is the hand of a melds or deadwood drill; ``knocker`` and ``defender`` the hands of
    a score or layoffs drill; ``results`` the score sheet of a totals drill (``A:23`` form).
    """

    kind: str
    seed: int
    difficulty: str
    ruleset: str
    cards: tuple[Card, ...] = ()
    knocker: tuple[Card, ...] = ()
    defender: tuple[Card, ...] = ()
    results: tuple[str, ...] = ()
    properties: dict[str, Any] = field(default_factory=dict, compare=False)
    """Measured features: ``dual_use``, ``arrangements``, ``layoffs``, ``chained``, ``tie``..."""

    @property
    def address(self) -> dict[str, str]:
        """The URL parameters that open this puzzle again."""
        return {"drill": self.kind, "seed": str(self.seed), "level": self.difficulty, "rules": self.ruleset}


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, what the mistake was, and the explanation step by step."""

    correct: bool
    explanation: tuple[str, ...]
    """The engine's result walked through, in the learner's language."""
    mistake: str | None = None
    """A short code of the first mistake (``counted_melded_card``...), None when correct."""
    feedback: str = ""
    """One sentence on where the answer first went wrong (empty when correct)."""
    expected: Any = None
    """The engine's answer."""
