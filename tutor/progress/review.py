"""Spaced review: which items come back when (Leitner boxes), how a review item is named, and
what an answer does to the schedule. Pure: the store keeps the schedule, the app asks here.

An item is a drill (``drill:KIND:LEVEL:RULESET:SEED``, enough to generate it again; a position
from a game adds its code: ``drill:discard:LEVEL:RULESET:0:CODE``) or a
glossary flash card (``term:ID:FRONT>BACK``, the languages of its two sides).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from tutor.engine.numbers import whole_number

MAX_ITEM_SEED = 2**32 - 1
"""The largest puzzle number a drill item carries."""
LEITNER_DAYS = (0, 1, 3, 7, 14)
"""Days before an item in box 1..5 comes back: box 1 is due again at once."""
BOXES = len(LEITNER_DAYS)


def next_box(box: int | None, remembered: bool) -> int:
    """The box after an answer: up one when remembered (a new item starts as if from box 1),
    back to box 1 when not."""
    return min((box or 1) + 1, BOXES) if remembered else 1


def days_until_due(box: int) -> int:
    return LEITNER_DAYS[box - 1]


def schedule_after_drill(correct: bool, in_review: bool) -> bool | None:
    """What a drill attempt does to the review schedule: a wrong answer puts the drill into review
    (``False``: not remembered), a right one moves a drill already in review up a box (``True``);
    a right answer to a drill not in review leaves the schedule alone (``None``)."""
    if not correct:
        return False
    return True if in_review else None


@dataclass(frozen=True)
class DrillItem:
    """A drill in the review schedule."""

    kind: str
    level: str
    ruleset: str
    seed: int
    position: str = ""
    """A position from a game (:mod:`tutor.play.positions`), for a drill made from one."""
    scenario: str = ""
    """The situation a lesson asked for (written ``KIND@SCENARIO``), or ""."""

    PREFIX = "drill:"

    def format(self) -> str:
        tail = f":{self.position}" if self.position else ""
        kind = f"{self.kind}@{self.scenario}" if self.scenario else self.kind
        return f"{self.PREFIX}{kind}:{self.level}:{self.ruleset}:{self.seed}{tail}"

    @classmethod
    def parse(cls, item: str) -> DrillItem | None:
        """The drill an item names, or None when it is not a well-formed drill item."""
        parts = item.split(":")
        seed = whole_number(parts[4], MAX_ITEM_SEED) if len(parts) in (5, 6) else None
        if seed is None or parts[0] + ":" != cls.PREFIX:
            return None
        kind, _, scenario = parts[1].partition("@")
        return cls(kind, parts[2], parts[3], seed, parts[5] if len(parts) == 6 else "", scenario)


@dataclass(frozen=True)
class TermItem:
    """A glossary flash card in the review schedule: a term shown in ``front``, answered in ``back``."""

    term: str
    front: str
    back: str

    PREFIX = "term:"

    @property
    def direction(self) -> str:
        return f"{self.front}>{self.back}"

    def format(self) -> str:
        return f"{self.PREFIX}{self.term}:{self.direction}"

    @classmethod
    def parse(cls, item: str) -> TermItem | None:
        parts = item.split(":")
        if len(parts) != 3 or parts[0] + ":" != cls.PREFIX or parts[2].count(">") != 1:
            return None
        front, back = parts[2].split(">")
        return cls(parts[1], front, back)


def directions(languages: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every ordered pair of two languages: the directions a flash card can be asked in."""
    return [(a, b) for a in languages for b in languages if a != b]


def mixed(items: list[str], key: str) -> list[str]:
    """New flash cards in a mixed order, the same for a learner and a direction each time (not the
    alphabet: abatir, baceta, big gin… would always come first)."""
    return sorted(items, key=lambda item: hashlib.blake2b(f"{key}/{item}".encode(), digest_size=8).digest())
