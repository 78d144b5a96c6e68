"""Layoffs drill: which of the defender's cards go onto the knocker's melds in its best play.

Levels: easy, one card to lay off; medium, two or more, or a chain; hard, a chain, and a card
that fits but must stay (it would break a meld) or a meld of the defender's that must be broken.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.base.msgids import N_
from tutor.drills.answers import read_cards
from tutor.drills.hands import defender_hand, knocker_hand, open_ends
from tutor.drills.kinds.score import knock_hints, score_of
from tutor.drills.model import Puzzle, Remark, Verdict, no_scenarios
from tutor.drills.properties import LayoffProperties, layoff_properties
from tutor.engine.cards import DECK, HAND_SIZE, SUITS, Card, card, mask_of
from tutor.engine.layoffs import fits, layoff_options
from tutor.engine.melds import analyze
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import may_knock, score_hand

NAME = "layoffs"
TITLE = N_("Layoffs")
MAX_TRIES = 400
SCENARIOS_OFFERED: tuple[str, ...] = ()
"""This kind offers no named situation."""
make_scenario = no_scenarios
MISTAKES = {
    "not_in_hand": N_("a card that is not in the hand"),
    "not_a_layoff": N_("laying off a card that fits no meld"),
    "breaks_meld": N_("laying off a card that breaks your own meld"),
    "missed_chain": N_("missing a chained layoff"),
    "missed_layoff": N_("missing a layoff"),
}


# --- Making a puzzle ---------------------------------------------------------------------------

def _at_level(props: LayoffProperties, level: str) -> bool:
    if props["layoffs"] == 0 or props["best_plays"] != 1:
        return False
    if level == "easy":
        return props["layoffs"] == 1 and not props["chained"] and not props["broke_meld"] and not props["decoy"]
    if level == "medium":
        return (props["layoffs"] >= 2 or props["chained"]) and not props["broke_meld"] and not props["decoy"]
    return props["chained"] and (props["broke_meld"] or props["decoy"])


def _decoy_defender(rng: random.Random, knocker: list[Card]) -> list[Card]:
    """A defender with a chain to lay off, and a card that fits the knocker's melds but sits in a
    set of its own (laying it off would break the set)."""
    chains = [c for c in open_ends(knocker) if c]
    hand: list[Card] = []
    for ch in rng.sample(chains, len(chains)):
        if len(ch) >= 2 and not hand:
            hand += ch[:2]
        elif hand and ch[0] not in hand:
            fit = ch[0]
            others = [card(fit.rank, s) for s in SUITS if s != fit.suit and card(fit.rank, s) not in knocker]
            if len(others) >= 2:
                hand += [fit] + rng.sample(others, 2)
                break
    blocked = {c for ch in chains for c in ch[:1]}
    pool = [c for c in DECK if c not in knocker and c not in hand and c not in blocked]
    return hand + rng.sample(pool, HAND_SIZE - len(hand))


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    for _ in range(MAX_TRIES):
        knocker = knocker_hand(rng, rng.choice((1, 2, 3)))
        if level == "easy":
            defender = defender_hand(rng, knocker, lay=1, melded=rng.choice((0, 3)))
        elif level == "medium":
            defender = defender_hand(rng, knocker, lay=rng.choice((1, 2)), chain=rng.random() < 0.5)
        else:
            defender = _decoy_defender(rng, knocker)
        if len(set(knocker) | set(defender)) != 2 * HAND_SIZE or not may_knock(knocker, rules):
            continue
        props = layoff_properties(score_hand(knocker, defender, rules))
        if _at_level(props, level):
            return {"knocker": tuple(sorted(knocker, key=lambda c: c.index)),
                    "defender": tuple(sorted(defender, key=lambda c: c.index)), "properties": props}
    return None


# --- Grading -----------------------------------------------------------------------------------

def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """The set of the defender's cards laid off in its best play (any best play is right)."""
    chosen = set(read_cards(answer, "layoffs")) if answer not in (None, "", [], set()) else set()
    score = score_of(puzzle)
    play = score.defender_play
    best_sets = play.best_layoff_sets
    expected = sorted(str(c) for c in play.layoffs)
    if frozenset(chosen) in best_sets:
        return Verdict(True, score, expected=expected)
    outside = [c for c in chosen if c not in set(puzzle.defender)]
    if outside:
        return Verdict(False, score, "not_in_hand", (
            Remark(N_("The {card} is not in the defender's hand."), {"card": outside[0]}),), expected)
    options = layoff_options(score.knocker_melds, mask_of(puzzle.defender))
    layable = {lay.card for option in options for lay in option}
    closest = max(best_sets, key=lambda s: len(s & chosen))
    for c in sorted(chosen - closest, key=lambda c: c.index):
        if c not in layable:
            return Verdict(False, score, "not_a_layoff", (
                Remark(N_("The {card} fits none of the knocker's melds."), {"card": c}),), expected)
        own = [m for m in analyze(list(puzzle.defender)).melds if c in m.cards]
        meld = tuple(own[0].cards) if own else (c,)
        return Verdict(False, score, "breaks_meld", (Remark(
            N_("The {card} fits, but laying it off would break your meld {meld} and leave more deadwood."),
            {"card": c, "meld": meld}),), expected)
    c = sorted(closest - chosen, key=lambda c: c.index)[0]
    lay = next((lay for lay in play.layoffs if lay.card == c), None)
    if lay is not None and not fits(c, lay.meld):
        return Verdict(False, score, "missed_chain", (Remark(
            N_("The {card} can be laid off too: once the card before it is on the run {meld}, it fits next."),
            {"card": c, "meld": tuple(lay.meld.cards)}),), expected)
    meld_cards = tuple(lay.meld.cards) if lay is not None else ()
    return Verdict(False, score, "missed_layoff", (
        Remark(N_("The {card} can be laid off onto {meld}."), {"card": c, "meld": meld_cards}),), expected)


def model_answer(puzzle: Puzzle) -> list[str]:
    return [str(lay.card) for lay in score_of(puzzle).layoffs]


def hints(puzzle: Puzzle) -> list[Remark]:
    return knock_hints(score_of(puzzle), layoffs_drill=True)
