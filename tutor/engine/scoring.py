"""Scoring: a hand's score (knock, gin, big gin, undercut) and a game's totals.

Every number comes from the ruleset's options (:mod:`tutor.engine.rules`); nothing here looks at a
ruleset's name.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, NamedTuple

from tutor.engine.cards import BIG_GIN_SIZE, HAND_SIZE, Card, check_distinct, mask_of, parse_cards
from tutor.engine.errors import (
    DeadwoodOverLimitError,
    DefenderCardCountError,
    HandsAfterGameEndError,
    KnockCardCountError,
    KnockError,
    MalformedResultError,
    NoBigGinError,
    NotBigGinError,
    SharedCardError,
    excerpt,
)
from tutor.engine.layoffs import (
    Chains,
    DefenderPlay,
    Layoff,
    arrangement_chains,
    best_defence,
    chain_defender_deadwood,
    meld_chains,
)
from tutor.engine.melds import Arrangement, Meld, best_arrangements, least_set_choices, min_deadwood
from tutor.engine.rules import Ruleset, require_ruleset

Outcome = Literal["knock", "gin", "big_gin", "undercut"]
Side = Literal["knocker", "defender"]
Player = Literal["A", "B"]
PLAYERS: tuple[Player, Player] = ("A", "B")


@dataclass(frozen=True)
class HandScore:
    """The score of one hand, with everything needed to explain it."""

    rules: Ruleset
    """The ruleset the hand was scored with: explanations and grading read its options."""
    outcome: Outcome
    winner: Side
    points: int
    bonus: int
    """The gin, big gin or undercut bonus included in ``points`` (0 for a plain knock)."""
    knocker_cards: tuple[Card, ...]
    defender_cards: tuple[Card, ...]
    knocker_arrangement: Arrangement
    defender_play: DefenderPlay
    knocker_choice_mattered: bool
    """Whether another arrangement with the knocker's same deadwood would have scored otherwise."""
    knocker_arrangements: int
    """How many arrangements reach the knocker's least deadwood."""
    layoffs_allowed: bool

    @property
    def knocker_deadwood(self) -> int:
        return self.knocker_arrangement.deadwood

    @property
    def defender_deadwood(self) -> int:
        """The defender's deadwood after its layoffs."""
        return self.defender_play.deadwood

    @property
    def defender_deadwood_before_layoffs(self) -> int:
        return self.defender_play.deadwood_before_layoffs

    @property
    def knocker_melds(self) -> tuple[Meld, ...]:
        return self.knocker_arrangement.melds

    @property
    def defender_melds(self) -> tuple[Meld, ...]:
        return self.defender_play.arrangement.melds

    @property
    def layoffs(self) -> tuple[Layoff, ...]:
        return self.defender_play.layoffs


def _as_cards(cards: Sequence[Card] | str) -> list[Card]:
    return parse_cards(cards) if isinstance(cards, str) else list(cards)


class HandOutcome(NamedTuple):
    """How a hand ends: the outcome, who wins it, the points, and the bonus included in them."""

    outcome: Outcome
    winner: Side
    points: int
    bonus: int


def outcome_points(outcome: Outcome, knocker_deadwood: int, defender_deadwood: int,
                   rules: Ruleset) -> HandOutcome:
    """The points of a hand ending in ``outcome``, from the two deadwoods after layoffs.

    The deadwood difference is counted as a distance, so asking for an outcome other than the
    real one gives the score a learner would reach by taking the hand for that outcome.
    """
    difference = abs(knocker_deadwood - defender_deadwood)
    if outcome == "undercut":
        points = rules.undercut_bonus + (difference if rules.undercut_adds_difference else 0)
        return HandOutcome("undercut", "defender", points, rules.undercut_bonus)
    if outcome == "big_gin":
        return HandOutcome("big_gin", "knocker", rules.big_gin_bonus + defender_deadwood, rules.big_gin_bonus)
    if outcome == "gin":
        extra = defender_deadwood if rules.gin_adds_defender_deadwood else 0
        return HandOutcome("gin", "knocker", rules.gin_bonus + extra, rules.gin_bonus)
    return HandOutcome("knock", "knocker", difference, 0)


def hand_outcome(knocker_deadwood: int, defender_deadwood: int, big_gin: bool, rules: Ruleset) -> HandOutcome:
    """Outcome, winner, points and bonus of a hand from the two deadwoods after layoffs: with
    :func:`outcome_points`, the one place where a ruleset's scoring options are applied."""
    gin = knocker_deadwood == 0
    undercut = defender_deadwood < knocker_deadwood or (
        defender_deadwood == knocker_deadwood and rules.undercut_on_tie)
    outcome: Outcome
    if undercut and (not gin or rules.gin_can_be_undercut) and not big_gin:
        outcome = "undercut"
    elif big_gin:
        outcome = "big_gin"
    elif gin:
        outcome = "gin"
    else:
        outcome = "knock"
    return outcome_points(outcome, knocker_deadwood, defender_deadwood, rules)


def check_knock(knocker: Sequence[Card], rules: Ruleset) -> None:
    """Raise a :class:`~tutor.engine.errors.KnockError` unless these cards may knock (10 cards within
    the knock limit) or show a big gin (11 melded cards, where the ruleset allows it)."""
    if len(knocker) not in (HAND_SIZE, BIG_GIN_SIZE):
        raise KnockCardCountError(count=len(knocker))
    check_distinct(knocker)
    deadwood = min_deadwood(mask_of(knocker))
    if len(knocker) == BIG_GIN_SIZE:
        if not rules.big_gin_allowed:
            raise NoBigGinError(rules=rules.name)
        if deadwood != 0:
            raise NotBigGinError()
    elif not rules.may_knock_with(deadwood):
        raise DeadwoodOverLimitError(deadwood=deadwood, limit=rules.knock_limit)


def may_knock(knocker: Sequence[Card], rules: Ruleset) -> bool:
    """Whether these cards may end the hand: a knock, a gin, or a big gin (see :func:`check_knock`)."""
    try:
        check_knock(knocker, rules)
    except KnockError:
        return False
    return True


def _check_hands(knocker: list[Card], defender: list[Card], rules: Ruleset) -> None:
    if len(defender) != HAND_SIZE:
        raise DefenderCardCountError(count=len(defender))
    if len(knocker) not in (HAND_SIZE, BIG_GIN_SIZE):
        raise KnockCardCountError(count=len(knocker))
    shared = set(knocker) & set(defender)
    if shared:
        first = min(shared, key=lambda c: c.index)
        raise SharedCardError(card=str(first))
    check_distinct(defender)
    check_knock(knocker, rules)


def _endings(knocker_mask: int, defender_mask: int, big_gin: bool, rules: Ruleset
             ) -> tuple[list[Arrangement], bool, list[tuple[int, Arrangement, DefenderPlay, HandOutcome]]]:
    """Every way the knocker may show its hand (its arrangements with least deadwood, or only the
    first where the ruleset does not let it choose), each with the defender's best reply and the
    hand's ending, as the knocker's signed gain: the one place a knock is scored."""
    arrangements = best_arrangements(knocker_mask)
    candidates = arrangements if rules.knocker_picks_arrangement else arrangements[:1]
    knocker_deadwood = arrangements[0].deadwood
    allow = layoffs_allowed(knocker_deadwood, big_gin, rules)
    tried = []
    for arrangement in candidates:
        play = best_defence(arrangement.melds, defender_mask, allow, rules.defender_breaks_melds)
        ending = hand_outcome(knocker_deadwood, play.deadwood, big_gin, rules)
        gain = ending.points if ending.winner == "knocker" else -ending.points
        tried.append((gain, arrangement, play, ending))
    return arrangements, allow, tried


def layoffs_allowed(knocker_deadwood: int, big_gin: bool, rules: Ruleset) -> bool:
    """Whether the defender may lay off onto this knock: always onto a plain knock; onto gin or big
    gin as the ruleset says."""
    if big_gin:
        return rules.layoffs_onto_big_gin
    if knocker_deadwood == 0:
        return rules.layoffs_onto_gin
    return True


@lru_cache(maxsize=65536)
def _knocker_chains(knocker_mask: int, picks: bool) -> tuple[int, tuple[Chains, ...]]:
    """The knocker's least deadwood and the open ends of the melds of each arrangement it may show
    (every one that reaches it when ``picks``, else the one shown first), worked out on the bits:
    only when it has several to choose from and shows the first are its melds built to find it."""
    least, choices = least_set_choices(knocker_mask)
    if not picks and len(choices) > 1:
        return least, (meld_chains(best_arrangements(knocker_mask)[0].melds),)
    return least, tuple(arrangement_chains(knocker_mask, sets) for sets in choices)


def knocker_gain(knocker_mask: int, defender_mask: int, rules: Ruleset) -> int:
    """The knocker's points in a hand it ends (negative when it is undercut), from two card masks
    the caller knows to be a legal knock (10 cards, or 11 for a big gin) and a defender of 10: the
    fast path for simulations, scored as :func:`score_hand` scores (the same arrangements, the same
    layoffs, :func:`hand_outcome`) without building what explains the score."""
    big_gin = knocker_mask.bit_count() == BIG_GIN_SIZE
    knocker_deadwood, shown = _knocker_chains(knocker_mask, rules.knocker_picks_arrangement)
    allow = layoffs_allowed(knocker_deadwood, big_gin, rules)
    best = None
    for chains in shown:
        kept = chain_defender_deadwood(chains, defender_mask, allow, rules.defender_breaks_melds)
        ending = hand_outcome(knocker_deadwood, kept, big_gin, rules)
        gain = ending.points if ending.winner == "knocker" else -ending.points
        best = gain if best is None else max(best, gain)
    assert best is not None
    return best


def score_hand(knocker: Sequence[Card] | str, defender: Sequence[Card] | str,
               rules: Ruleset) -> HandScore:
    """Score a knock, gin or big gin: the knocker's 10 (or 11) cards against the defender's 10.

    Both hands are arranged for least deadwood, the defender's together with its layoffs.
    Among the knocker's equal arrangements the ruleset may let it show the one that leaves the
    defender most deadwood. Raises a :class:`~tutor.engine.errors.KnockError` for an impossible knock.
    """
    rules = require_ruleset(rules)
    knocker_cards, defender_cards = _as_cards(knocker), _as_cards(defender)
    _check_hands(knocker_cards, defender_cards, rules)
    big_gin = len(knocker_cards) == BIG_GIN_SIZE
    arrangements, allow, tried = _endings(mask_of(knocker_cards), mask_of(defender_cards), big_gin, rules)
    best_gain = max(t[0] for t in tried)
    _, arrangement, play, ending = next(t for t in tried if t[0] == best_gain)
    mattered = len({(t[3].winner, t[3].points) for t in tried}) > 1
    return HandScore(rules, ending.outcome, ending.winner, ending.points, ending.bonus, tuple(knocker_cards),
                     tuple(defender_cards), arrangement, play, mattered, len(arrangements), allow)


def endings_by_arrangement(knocker: Sequence[Card] | str, defender: Sequence[Card] | str,
                           rules: Ruleset) -> tuple[HandOutcome, ...]:
    """The hand's ending had the knocker shown each of its arrangements with least deadwood (each
    with the defender's best reply), whether or not the ruleset lets it choose: what a learner who
    picks the wrong one of equal arrangements would score."""
    rules = require_ruleset(rules)
    knocker_cards, defender_cards = _as_cards(knocker), _as_cards(defender)
    _check_hands(knocker_cards, defender_cards, rules)
    choosing = dataclasses.replace(rules, knocker_picks_arrangement=True)
    big_gin = len(knocker_cards) == BIG_GIN_SIZE
    return tuple(t[3] for t in _endings(mask_of(knocker_cards), mask_of(defender_cards), big_gin, choosing)[2])


# --- A game's totals -------------------------------------------------------------------------

@dataclass(frozen=True)
class HandResult:
    """One hand on a score sheet: who won it and how many points, or a void hand."""

    winner: Player | None
    points: int = 0

    def __post_init__(self) -> None:
        """Only A, B or a void hand, and points from 0 up (none for a void hand)."""
        points_ok = isinstance(self.points, int) and not isinstance(self.points, bool) and self.points >= 0
        if self.winner not in (None, "A", "B") or not points_ok or (self.winner is None and self.points):
            raise MalformedResultError(token=excerpt(f"{self.winner}:{self.points}"))

    @property
    def void(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        return "void" if self.winner is None else f"{self.winner}:{self.points}"


_RESULT = re.compile(r"^([AB])\s*[:=]\s*([0-9]{1,4})$", re.IGNORECASE)
_VOID_WORDS = {"void", "nula", "nulo", "-"}


def parse_result(token: str) -> HandResult:
    """Read one hand result such as ``A:23``, ``b:31`` or ``void``."""
    if not isinstance(token, str):
        raise MalformedResultError(token=excerpt(token))
    text = token.strip()
    if text.lower() in _VOID_WORDS:
        return HandResult(None)
    match = _RESULT.match(text)
    if match is None:
        raise MalformedResultError(token=excerpt(text))
    return HandResult(match.group(1).upper(), int(match.group(2)))  # type: ignore[arg-type]


def parse_results(text: str | Iterable[str]) -> list[HandResult]:
    """Read a score sheet: results separated by spaces or commas."""
    tokens = re.split(r"[\s,;]+", text) if isinstance(text, str) else list(text)
    return [parse_result(t) for t in tokens if not isinstance(t, str) or t.strip()]


@dataclass(frozen=True)
class Bonus:
    """One bonus added to a player's final total."""

    player: Player
    kind: Literal["hands_won", "game", "shutout_double", "shutout"]
    points: int
    hands: int = 0
    """For ``hands_won``: how many hands."""


@dataclass(frozen=True)
class GameTotals:
    """A game's running scores and, once it is over, its final totals with every bonus."""

    rules: Ruleset
    """The ruleset the game was totalled with."""
    results: tuple[HandResult, ...]
    running: tuple[dict[Player, int], ...]
    """The hand points of each player after each hand (void hands included)."""
    finished: bool
    ending_hand: int | None
    """The 1-based position on the sheet of the hand that ended the game."""
    winner: Player | None
    shutout: bool
    points: dict[Player, int]
    hands_won: dict[Player, int]
    bonuses: tuple[Bonus, ...]
    totals: dict[Player, int]


def _as_results(results: Iterable[HandResult | str] | str) -> list[HandResult]:
    if isinstance(results, str):
        return parse_results(results)
    return [r if isinstance(r, HandResult) else parse_result(r) for r in results]


def _final_bonuses(winner: Player, points: dict[Player, int], hands_won: dict[Player, int],
                   shutout: bool, rules: Ruleset) -> list[Bonus]:
    bonuses = [Bonus(p, "hands_won", rules.hand_bonus * hands_won[p], hands_won[p])
               for p in PLAYERS if hands_won[p] and rules.hand_bonus]
    bonuses.append(Bonus(winner, "game", rules.game_bonus))
    if shutout and rules.shutout_doubles_hand_points:
        bonuses.append(Bonus(winner, "shutout_double", points[winner]))
    if shutout and rules.shutout_bonus:
        bonuses.append(Bonus(winner, "shutout", rules.shutout_bonus))
    return bonuses


def game_totals(results: Iterable[HandResult | str] | str, rules: Ruleset) -> GameTotals:
    """Running scores and final totals of a game from its hand results, void hands included.

    The game ends with the first hand after which a player's points reach the target (or pass
    it, where the ruleset says so); a result after that raises an error. Bonuses are added only
    to a finished game.
    """
    rules = require_ruleset(rules)
    sheet = _as_results(results)
    points: dict[Player, int] = {"A": 0, "B": 0}
    hands_won: dict[Player, int] = {"A": 0, "B": 0}
    running = []
    ending = None
    for position, result in enumerate(sheet, start=1):
        if ending is not None:
            raise HandsAfterGameEndError(ending=ending, position=position, result=str(result))
        if result.winner is not None:
            points[result.winner] += result.points
            hands_won[result.winner] += 1
            if rules.game_over(points[result.winner]):
                ending = position
        running.append(dict(points))
    if ending is None:
        return GameTotals(rules, tuple(sheet), tuple(running), False, None, None, False,
                          dict(points), dict(hands_won), (), dict(points))
    winner: Player = sheet[ending - 1].winner  # type: ignore[assignment]
    loser: Player = "B" if winner == "A" else "A"
    shutout = hands_won[loser] == 0
    bonuses = _final_bonuses(winner, points, hands_won, shutout, rules)
    totals = {p: points[p] + sum(b.points for b in bonuses if b.player == p) for p in PLAYERS}
    return GameTotals(rules, tuple(sheet), tuple(running), True, ending, winner, shutout,
                      dict(points), dict(hands_won), tuple(bonuses), totals)
