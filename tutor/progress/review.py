"""Spaced review: when items come back (the FSRS scheduler, the one Anki uses), how a review item is
named, and how an answer is rated. Pure: the store keeps each item's card, the app asks here.

An item is a drill (``drill:KIND:LEVEL:RULESET:SEED``, enough to generate it again; a position
from a game adds its code: ``drill:discard:LEVEL:RULESET:0:CODE``) or a
glossary flash card (``term:ID:FRONT>BACK``, the languages of its two sides).

An answer is rated *again* (wrong), *hard* (right, but after a hint or on a second try) or *good*
(right at once). A wrong answer brings the item back at once; a new item answered right comes
back after ten minutes, then FSRS spaces it out by days, further each time it is remembered.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta

from fsrs import Card, Scheduler, State
from fsrs import Rating as Rating  # the ratings, for the app to name

from tutor.base.numbers import MAX_SEED, whole_number

LEARNING_STEPS = (timedelta(0), timedelta(minutes=10))
"""A new item: back at once after a wrong answer, ten minutes after a right one, then by days."""
RELEARNING_STEPS = (timedelta(0),)
"""An item forgotten after it was learned: back at once, then by days again."""
SCHEDULER = Scheduler(learning_steps=LEARNING_STEPS, relearning_steps=RELEARNING_STEPS, enable_fuzzing=False)
"""FSRS with its default weights and 90 % retention; no random fuzz, so a schedule can be tested."""

LEITNER_DAYS = (0, 1, 3, 7, 14)
"""The days of the Leitner boxes 1–5 that schedules before FSRS used (schema 4): kept to migrate them."""
MIGRATED_DIFFICULTY = 5.0
"""The difficulty (FSRS's scale runs from 1 to 10) given to an item migrated from a Leitner box."""


def rating_of(correct: bool, helped: bool) -> Rating:
    """How an answer rates: wrong is *again*; right after a hint or a second try is *hard*; right
    at once is *good*."""
    if not correct:
        return Rating.Again
    return Rating.Hard if helped else Rating.Good


def rating_after_drill(correct: bool, helped: bool, in_review: bool) -> Rating | None:
    """What a drill attempt does to the review schedule: a wrong answer, or a right one that
    needed help, puts the drill into review (or rates it there); a right answer at once rates a
    drill already in review and leaves one that is not alone (``None``)."""
    rating = rating_of(correct, helped)
    return None if rating == Rating.Good and not in_review else rating


def new_card(now: datetime) -> Card:
    """An item never reviewed, due ``now``."""
    return Card(card_id=1, due=now)


def reviewed(card: Card | None, rating: Rating, now: datetime) -> Card:
    """The item's card after an answer rated ``rating`` at ``now`` (a new item if ``card`` is None)."""
    return SCHEDULER.review_card(card if card is not None else new_card(now), rating, now)[0]


def row_of_card(card: Card) -> tuple[int, int | None, float | None, float | None, str, str | None]:
    """An FSRS card as stored: state, step, stability, difficulty, due and last review (times as
    ISO 8601 text in UTC)."""
    return (int(card.state), card.step, card.stability, card.difficulty, card.due.isoformat(),
            card.last_review.isoformat() if card.last_review else None)


def card_from_box(box: int, due: datetime) -> Card:
    """The FSRS card of an item that was in a Leitner box, due when it was: box 1 (wrong, back at
    once) is an item being learned; a higher box has been remembered for as many days as it waited."""
    if box <= 1:
        return Card(card_id=1, state=State.Learning, step=0, due=due)
    days = LEITNER_DAYS[min(box, len(LEITNER_DAYS)) - 1]
    return Card(card_id=1, state=State.Review, step=None, stability=float(days), difficulty=MIGRATED_DIFFICULTY,
                due=due, last_review=due - timedelta(days=days))


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
        seed = whole_number(parts[4], MAX_SEED) if len(parts) in (5, 6) else None
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


FORECAST_DAYS = 30
"""How far ahead the review page's forecast looks, as Anki's does by default."""


def forecast(dues: list[datetime], now: datetime, days: int = FORECAST_DAYS) -> list[int]:
    """How many items fall due on each of the next ``days`` days, today first: day 0 counts what is
    due by the end of today (anything overdue included), day ``d`` what falls due that day. Days
    are counted from ``now``'s midnight, in ``now``'s time zone."""
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    counts = [0] * days
    for due in dues:
        day = max(0, (due - midnight) // timedelta(days=1))
        if day < days:
            counts[day] += 1
    return counts
