"""What makes a puzzle easy or hard, measured with the engine: the generators filter on these,
and the tests check them on hands drawn by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NotRequired, TypedDict

from tutor.engine.cards import SUIT_BITS, SUITS, Card, mask_of
from tutor.engine.layoffs import Layoff, fits
from tutor.engine.melds import best_arrangements, set_ranks
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import HandScore, game_totals


class HandProperties(TypedDict):
    """What makes a melds or deadwood puzzle easy or hard."""

    dual_use: int
    """How many cards sit in a set and a run at once (:func:`set_and_run_cards`)."""
    arrangements: int
    deadwood: int
    melds: int
    scenario: NotRequired[str]


class ScoreProperties(TypedDict):
    """What makes a score puzzle easy or hard."""

    outcome: str
    layoffs: int
    chained: bool
    tie: bool
    choice_mattered: bool
    winner: str
    scenario: NotRequired[str]


class LayoffProperties(TypedDict):
    """What makes a layoffs puzzle easy or hard."""

    layoffs: int
    chained: bool
    broke_meld: bool
    decoy: bool
    best_plays: int


class TotalsProperties(TypedDict):
    """What makes a totals puzzle easy or hard."""

    hands: int
    voids: int
    shutout: bool
    finished: bool


def set_and_run_cards(cards: Sequence[Card]) -> list[Card]:
    """Cards that are in a set and a run at once in ``cards``: their rank is held in three suits or
    more, and they sit in a block of three or more consecutive cards of their suit (the property
    ``dual_use`` of a melds puzzle; not 001's tip about cards that could still join both, which is
    :func:`tutor.play.tips.could_join_set_and_run`)."""
    mask = mask_of(cards)
    ranks = set_ranks(mask)
    found = []
    for c in cards:
        if not ranks >> (c.rank - 1) & 1:
            continue
        base = SUITS.index(c.suit) * SUIT_BITS
        low = high = c.rank
        while low > 1 and mask >> (base + low - 2) & 1:
            low -= 1
        while high < 13 and mask >> (base + high) & 1:
            high += 1
        if high - low + 1 >= 3:
            found.append(c)
    return found


def hand_properties(cards: Sequence[Card]) -> HandProperties:
    """What makes a melds or deadwood puzzle easy or hard."""
    arrangements = best_arrangements(mask_of(cards))
    return {"dual_use": len(set_and_run_cards(cards)), "arrangements": len(arrangements),
            "deadwood": arrangements[0].deadwood, "melds": len(arrangements[0].melds)}


def is_chained(layoffs: Sequence[Layoff]) -> bool:
    """Whether some layoff only fits because another laid-off card came before it."""
    return any(not fits(lay.card, lay.meld) for lay in layoffs)


def is_tie(score: HandScore) -> bool:
    """Whether a knock ended with both deadwoods equal (the rule for a tie decides it)."""
    return score.outcome in ("knock", "undercut") and score.knocker_deadwood == score.defender_deadwood


def score_properties(score: HandScore) -> ScoreProperties:
    """What makes a score puzzle easy or hard."""
    return {"outcome": score.outcome, "layoffs": len(score.layoffs), "chained": is_chained(score.layoffs),
            "tie": is_tie(score), "choice_mattered": score.knocker_choice_mattered, "winner": score.winner}


def layoff_properties(score: HandScore) -> LayoffProperties:
    """What makes a layoffs puzzle easy or hard: how many layoffs, a chain, a meld of the
    defender's broken to lay off, a decoy (a card that fits but is better kept), best plays."""
    play = score.defender_play
    best = play.best_layoff_sets
    laid: set[Card] = set().union(*best) if best else set()
    own = best_arrangements(mask_of(score.defender_cards))
    melded_in_every_own = set.intersection(*[{c for m in a.melds for c in m.cards} for a in own])
    fitting = {c for c in score.defender_cards if any(fits(c, meld) for meld in score.knocker_melds)}
    return {"layoffs": len(play.layoffs), "chained": is_chained(play.layoffs),
            "broke_meld": bool({lay.card for lay in play.layoffs} & melded_in_every_own),
            "decoy": bool(fitting - laid), "best_plays": len(best)}


def totals_properties(results: Sequence[str], rules: Ruleset) -> TotalsProperties:
    """What makes a totals puzzle easy or hard: void hands, a shutout."""
    totals = game_totals(results, rules)
    return {"hands": len(results), "voids": sum(1 for r in results if r == "void"), "shutout": totals.shutout,
            "finished": totals.finished}
