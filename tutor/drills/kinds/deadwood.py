"""Deadwood drill: the least deadwood ten cards can leave, as a number.

Levels as the melds drill (see :mod:`tutor.drills.kinds.melds`), which makes its hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tutor.base.msgids import N_, NP_
from tutor.drills.answers import read_number
from tutor.drills.kinds.melds import MAX_TRIES, hand_hints, make_hand, missed_card, mistake_of
from tutor.drills.model import Puzzle, Remark, Verdict, Word
from tutor.drills.properties import hand_properties
from tutor.engine.cards import DECK, HAND_SIZE, Card, mask_of
from tutor.engine.melds import HandAnalysis, analyze, candidate_arrangements
from tutor.engine.rules import Ruleset

NAME = "deadwood"
TITLE = N_("Deadwood")
MISTAKES = {
    "counted_melded_card": N_("counting a melded card as deadwood"),
    "not_minimal": N_("an arrangement that does not leave the least deadwood"),
    "no_melds": N_("counting every card, melds included"),
    "face_values": N_("counting face cards as 11, 12 and 13"),
    "missed_deadwood_card": N_("leaving a deadwood card out"),
    "wrong_total": N_("a wrong sum"),
}


SCENARIOS_OFFERED = ("no_melds",)
"""``no_melds``: ten cards of which no three make a meld, so every card counts (lesson 1)."""


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    return make_hand(rng, level)


def make_scenario(rng: random.Random, level: str, rules: Ruleset, scenario: str) -> dict[str, Any] | None:
    for _ in range(MAX_TRIES):
        cards = rng.sample(DECK, HAND_SIZE)
        props = hand_properties(cards)
        if props["melds"] == 0:
            return {"cards": tuple(sorted(cards, key=lambda c: c.index)), "properties": props}
    return None


def _first_remark(puzzle: Puzzle, result: HandAnalysis, given: int) -> tuple[str, Remark]:
    """The mistake that explains a wrong number, and its sentence."""
    best = result.arrangement
    if given == sum(c.value for c in puzzle.cards):
        return "no_melds", Remark(N_("You counted every card, but cards in melds do not count as deadwood."))
    left_out = [c for c in best.deadwood_cards if given == result.deadwood - c.value]
    if left_out:
        return "missed_deadwood_card", Remark(
            N_("You left out the {card}: it is in no meld, so it counts {value}."),
            {"card": left_out[0], "value": left_out[0].value})
    worse = [a for a in candidate_arrangements(mask_of(puzzle.cards)) if a.deadwood == given]
    if worse and worse[0].deadwood_cards:
        remark = missed_card(worse[0].deadwood_cards, best)
        card = remark.params.get("card")
        if isinstance(card, Card) and given - result.deadwood != card.value:  # more than that one card differs
            return "not_minimal", Remark(N_("Another arrangement leaves less deadwood: the {card} belongs in the "
                                            "{kind} {meld}."), remark.params)
        return mistake_of(remark), remark
    face_values = sum(c.rank for c in best.deadwood_cards)
    if face_values != result.deadwood and given == face_values:
        return "face_values", Remark(N_("Jacks, queens and kings count 10 each, not 11, 12 and 13."))
    melded = [(c, m) for m in best.melds for c in m.cards if given == result.deadwood + c.value]
    if melded:
        c, meld = melded[0]
        return "counted_melded_card", Remark(
            N_("You counted the {card} as deadwood, but it completes the {kind} {meld}."),
            {"card": c, "kind": Word("meld_kind", meld.kind), "meld": tuple(meld.cards)})
    if not best.melds:
        return "wrong_total", Remark(N_("Count again card by card: an ace counts 1, a jack, queen or king 10, "
                                        "and every other card its number."))
    return "wrong_total", Remark(N_("Count again card by card, only the cards left out of the melds."))


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """A whole number, the least deadwood of the ten cards."""
    given = read_number(answer, "deadwood")
    result = analyze(puzzle.cards)
    if given == result.deadwood:
        return Verdict(True, result, expected=result.deadwood)
    mistake, remark = _first_remark(puzzle, result, given)
    least = Remark(N_("The least deadwood is {best}."), {"best": result.deadwood})
    return Verdict(False, result, mistake, (remark, least), result.deadwood)


def model_answer(puzzle: Puzzle) -> int:
    return analyze(puzzle.cards).deadwood


def value_hints(cards: Sequence[Card]) -> list[Remark]:
    """Hints for a hand in which no meld can be made (lesson 1, before melds are taught): the card
    values and a part of the sum, never melds."""
    tens = [c for c in cards if c.value == 10]
    out = [Remark(N_("Here every card counts: add up their values one by one.")),
           Remark(N_("An ace counts 1; a jack, a queen or a king 10; every other card its number."))]
    if tens:
        out.append(Remark.counting(NP_("{n} card worth 10 (a ten or a face card) gives {points} of the sum.",
                                       "{n} cards worth 10 (tens and face cards) give {points} of the sum."),
                                   len(tens), points=10 * len(tens)))
    return out


def hints(puzzle: Puzzle) -> list[Remark]:
    """A hand with no meld gets hints on the card values; any other, the melds drill's hints."""
    if not analyze(puzzle.cards).melds:
        return value_hints(puzzle.cards)
    return hand_hints(puzzle.cards)
