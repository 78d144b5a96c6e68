"""Read-the-opponent drill: a position from a hand a virtual player plays with itself, seen from the
seat about to throw, and six cards the learner cannot see. For each, the learner gives the chance
that the opponent holds it; the reading is scored against the opponent's real hand, beside the
coach's reading of the same six cards (:mod:`tutor.play.holding`: what the level played would
have kept, given all it did).

The score is the Brier score on a scale of 0 to 100 (the mean, over the six cards, of the squared
gap between the chance given and what happened, in points of percentage, divided by 100): 0 for six
sure and right answers, 100 for six sure and wrong ones; a weather forecast is scored the same way.
The learner gives each chance from :data:`CHOICES`; the coach's answer is its own chances rounded to
the nearest of them, so both are scored on the same terms. An answer is right when its score is at
most :data:`TOLERANCE` above the coach's on the same cards (our interpretation: the sources score no
reading; one hand is partly luck, so being as close to the real hand as the coach counts as right).
At the hard level one hand is mostly luck (late in a hand, with no card taken from the pile, what the
opponent holds is spread thin), so there the reading is scored on what the position shows rather than
on the one hand dealt: its *expected* score, with the coach's calibrated chances as the odds
(:func:`expected_score`), within :data:`HARD_TOLERANCE` of the coach's own; and only positions that
show enough to read are asked (:data:`HARD_SIGNAL`).

Source 001's tips (001:36-37) are what the drill trains: a suit the opponent throws again and again
is one it is not collecting, and every card it takes from the pile tells what it collects.

Levels, by what the position shows (:data:`TURNS`): easy, the opponent holds a card it took from
the pile and a card asked about could meld with it; medium, a turn from 3 to 7, whatever it shows;
hard, a turn from 6 to 9 where it holds no card taken from the pile, so that only what it threw
and let pass tells.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tutor.base.msgids import N_, NP_
from tutor.drills.kinds.discard import discard_hands
from tutor.drills.model import AnswerError, Percent, Puzzle, Remark, Verdict, no_scenarios
from tutor.engine.cards import Card, cards_of_mask, parse_card
from tutor.engine.melds import analyze, could_meld
from tutor.engine.rules import Ruleset
from tutor.play.bots.reading import Table, read_view
from tutor.play.hand import View, other
from tutor.play.holding import Holding, holding
from tutor.play.levels import BOT_LEVELS
from tutor.play.positions import decode_position, encode_view

NAME = "read"
TITLE = N_("Read the opponent")
SCENARIOS_OFFERED: tuple[str, ...] = ()
"""This kind offers no named situation."""
make_scenario = no_scenarios

ASKED = 6
"""How many unseen cards a puzzle asks about."""
CHOICES = (5, 15, 30, 50, 70, 90)
"""The chances (in points of percentage) a learner gives a card: none is sure, as no unseen card is."""
TOLERANCE = 2
"""How far above the coach's score (0 to 100) a reading may score and still be right: about one card
given the next choice but one from the coach's. Chosen with ``benchmarks/reading.py --drill``: on
300 puzzles of each level, a guess that reads nothing passes a quarter to a third of them; a reader
who follows source 001's tips to the letter, three in five at the easy and medium levels but fewer
than two in five at the hard one (late in a hand, what it threw says less than the tips suggest)."""
HARD_TOLERANCE = 3
"""How far above the coach's expected score a hard reading may be and still be right. Chosen with
``benchmarks/reading.py --drill`` (2026-12-05, 300 hard puzzles): a reader who gives each card the
side of the uniform chance the coach gives it passes nearly every puzzle; a guess that reads
nothing, almost none."""
HARD_SIGNAL = 3.5
"""The least a hard position must show: the coach's expected score at least this much below a
guess's (a position where the best reading and no reading score alike teaches nothing). Above
:data:`HARD_TOLERANCE`, so that a guess that reads nothing is never graded right."""
LEVEL_OPPONENTS = BOT_LEVELS
"""The levels a puzzle's hand may be played by; the puzzle names the one drawn."""
MISTAKES = {
    "doubted_pickup": N_("a low chance for a card that melds with one the opponent took"),
    "doubted_held": N_("a low chance for a card the opponent held"),
    "feared_free": N_("a high chance for a card the opponent did not hold"),
}


TURNS = {"easy": (2, 5), "medium": (3, 7), "hard": (6, 9)}
"""For each level, the turns a puzzle's position is taken from (one drawn for each puzzle): at that
turn for medium and hard, from it on for easy."""


def _fits(table: Table, level: str) -> bool:
    """Whether a position at the turn drawn shows what a puzzle of ``level`` asks to read."""
    if level == "easy":
        return table.opponent_known != 0
    return level == "medium" or table.opponent_known == 0


def asked_cards(map_: Holding, rng: random.Random) -> tuple[Card, ...]:
    """The cards a puzzle asks about, in deck order: the two unseen cards the map gives the highest
    chance, the two it gives the lowest (ties drawn by ``rng``) and two others drawn at random."""
    unseen = list(cards_of_mask(map_.unseen))
    rng.shuffle(unseen)
    ranked = sorted(unseen, key=map_.chance)
    chosen = ranked[-2:] + ranked[:2]
    rest = ranked[2:-2]
    chosen += rng.sample(rest, min(ASKED - len(chosen), len(rest)))
    return tuple(sorted(chosen, key=lambda c: c.index))


def _partners(table: Table, card: Card) -> tuple[Card, ...]:
    """The cards the opponent took from the pile, and still holds, that ``card`` could meld with."""
    return tuple(c for c in cards_of_mask(table.opponent_known) if could_meld(card, c))


def passed_cards(table: Table) -> tuple[Card, ...]:
    """The cards the opponent could have taken from the pile and left, each once, in the order it
    first left them."""
    return tuple(dict.fromkeys(table.opponent_declined))


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    opponent = rng.choice(LEVEL_OPPONENTS)
    turn = rng.randint(*TURNS[level])
    stage = range(turn, 40) if level == "easy" else range(turn, turn + 1)  # and no hand played past it
    for view, hand in discard_hands(rng, rules, opponent, stage):
        table = read_view(view)
        if not _fits(table, level):
            continue
        map_ = holding(view, opponent)
        asked = asked_cards(map_, rng)
        if len(asked) < ASKED:
            continue
        if level == "easy" and not any(_partners(table, c) for c in asked):
            continue
        if level == "hard" and _signal(map_, asked, table) < HARD_SIGNAL:
            continue
        held = tuple(sorted(hand.cards[other(hand.to_move or 0)], key=lambda c: c.index))
        return {"cards": asked, "position": encode_view(view, opponent), "held": held,
                "properties": {"turn": table.turn, "stock": table.stock_size, "opponent": opponent,
                               "took": table.opponent_known.bit_count()}}
    return None


def _uniform(table: Table) -> float:
    """The chance (0 to 1) of a card one knows nothing about: the opponent's hidden cards among the unseen."""
    unseen = table.unseen.bit_count()
    return table.opponent_hidden / unseen if unseen else 0.0


def _signal(map_: Holding, asked: tuple[Card, ...], table: Table) -> float:
    """How much better the coach's reading of ``asked`` can expect to score than a guess that reads
    nothing (the choice nearest the uniform chance on every card)."""
    chances = {card: map_.chance(card) for card in asked}
    guess = nearest_choice(_uniform(table))
    return expected_score({c: guess for c in asked}, chances) - expected_score(coach_reading(chances), chances)


def _position(puzzle: Puzzle) -> tuple[View, Table, str]:
    """The puzzle's view, the table it shows and the level whose hand is read."""
    view, opponent = decode_position(puzzle.position)
    return view, read_view(view), opponent


def coach_chances(puzzle: Puzzle) -> dict[Card, float]:
    """The coach's chance (0 to 1) that the opponent holds each card asked about."""
    view, _, opponent = _position(puzzle)
    map_ = holding(view, opponent)
    return {card: map_.chance(card) for card in puzzle.cards}


def nearest_choice(chance: float) -> int:
    """The choice of :data:`CHOICES` nearest a chance (0 to 1); the lower of two as near."""
    return min(CHOICES, key=lambda c: (abs(c - 100 * chance), c))


def coach_reading(chances: Mapping[Card, float]) -> dict[Card, int]:
    """The coach's answer: each of its chances (0 to 1) rounded to the nearest of :data:`CHOICES`."""
    return {card: nearest_choice(chance) for card, chance in chances.items()}


def model_answer(puzzle: Puzzle) -> dict[str, int]:
    return {str(card): chance for card, chance in coach_reading(coach_chances(puzzle)).items()}


def score(chances: Mapping[Card, float], held: frozenset[Card]) -> float:
    """The Brier score of ``chances`` (points of percentage) against the cards ``held``, on a scale
    of 0 (every card sure and right) to 100 (every card sure and wrong)."""
    if not chances:
        raise ValueError("no card to score a reading on")
    return sum((chance - (100 if card in held else 0)) ** 2 for card, chance in chances.items()) / 100 / len(chances)


def expected_score(reading: Mapping[Card, float], chances: Mapping[Card, float]) -> float:
    """The score a reading (points of percentage) can expect when each card is held with the odds
    ``chances`` (0 to 1): the mean of (gap to the odds)² plus the odds' own spread, on the scale of
    :func:`score`. A reading that follows the odds expects the least."""
    if not chances:
        raise ValueError("no card to score a reading on")
    return sum((reading[card] - 100 * q) ** 2 + 100 * q * (100 - 100 * q) for card, q in chances.items()) \
        / 100 / len(chances)


def read_answer(puzzle: Puzzle, answer: Any) -> dict[Card, int]:
    """The learner's chance for each card asked about, from ``{card: percent}`` (card names or cards);
    :class:`AnswerError` unless every card asked about has a chance from 0 to 100."""
    if not isinstance(answer, Mapping):
        raise AnswerError("give each card a chance", what="chances")
    given: dict[Card, int] = {}
    for key, value in answer.items():
        try:
            card = key if isinstance(key, Card) else parse_card(str(key))
            chance = int(value)
        except (ValueError, TypeError) as error:
            raise AnswerError("give each card a chance", what="chances") from error
        if isinstance(value, bool) or value != chance or not 0 <= chance <= 100:
            raise AnswerError("give each card a chance", what="chances")
        given[card] = chance
    if set(given) != set(puzzle.cards):
        raise AnswerError("give each card a chance", what="chances")
    return given


def _worst(puzzle: Puzzle, table: Table, given: Mapping[Card, int], coach: Mapping[Card, int],
           held: frozenset[Card]) -> tuple[str, Remark]:
    """The card where the reading lost most against the coach's, the mistake it names and a
    sentence about it."""
    def lost(card: Card) -> tuple[float, int]:
        truth = 100 if card in held else 0
        return (given[card] - truth) ** 2 - (coach[card] - truth) ** 2, -card.index

    card = max(puzzle.cards, key=lost)
    numbers = {"card": card, "yours": Percent(given[card]), "coach": Percent(coach[card])}
    partners = _partners(table, card)
    if card in held and partners:
        return "doubted_pickup", Remark(N_("It held {the_card}, which melds with {partner}, the card it took from "
                                           "the pile: you gave it {yours}, the coach {coach}."),
                                        {**numbers, "partner": partners[-1]})
    if card in held:
        return "doubted_held", Remark(N_("It held {the_card}: you gave it {yours}, the coach {coach}."), numbers)
    return "feared_free", Remark(N_("It did not hold {the_card}: you gave it {yours}, the coach {coach}."), numbers)


def scores(puzzle: Puzzle, given: Mapping[Card, int], chances: Mapping[Card, float]) -> tuple[float, float]:
    """The score of the learner's reading (``given``: :func:`read_answer`) and the coach's (its
    ``chances``: :func:`coach_chances`, rounded by :func:`coach_reading`) against the real hand."""
    held = frozenset(puzzle.held)
    return score(given, held), score(coach_reading(chances), held)


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """A chance from 0 to 100 for each card asked about: ``{"7H": 70, ...}``."""
    given = read_answer(puzzle, answer)
    _, table, _ = _position(puzzle)
    chances = coach_chances(puzzle)
    coach = coach_reading(chances)
    result = analyze(puzzle.held)
    expected = {str(card): chance for card, chance in coach.items()}
    if puzzle.level == "hard":
        return _check_expected(puzzle, table, given, chances, result, expected)
    yours, theirs = scores(puzzle, given, chances)
    numbers = {"yours": round(yours, 1), "coach": round(theirs, 1), "tolerance": TOLERANCE}
    notes = (Remark(N_("How a reading is scored (the Brier score, as weather forecasts are): for each card, the "
                       "gap between your chance and what happened (100 % if it held the card, 0 % if not), "
                       "squared and divided by 100; the score is the mean over the cards, from 0 (all sure and "
                       "right) to 100 (all sure and wrong). Lower is better.")),)
    if yours <= theirs + TOLERANCE:
        remark = Remark(N_("Your reading scored {yours}; the coach's, {coach}."), numbers)
        return Verdict(True, result, expected=expected, notes=(remark, *notes))
    first = Remark(N_("Your reading scored {yours} against the cards it really held; the coach's scored {coach}, "
                      "and yours needed to be within {tolerance} of it."), numbers)
    mistake, remark = _worst(puzzle, table, given, coach, frozenset(puzzle.held))
    return Verdict(False, result, mistake, (first, remark), expected, notes)


def _check_expected(puzzle: Puzzle, table: Table, given: Mapping[Card, int], chances: Mapping[Card, float],
                    result: Any, expected: dict[str, int]) -> Verdict:
    """A hard puzzle's verdict: the reading's expected score on what the position shows, against the
    coach's (see the module's docstring); the score against the one hand dealt is told beside it."""
    yours, theirs = expected_score(given, chances), expected_score(coach_reading(chances), chances)
    dealt = score(given, frozenset(puzzle.held))
    numbers = {"yours": round(yours, 1), "coach": round(theirs, 1), "tolerance": HARD_TOLERANCE,
               "dealt": round(dealt, 1)}
    notes = (Remark(N_("At the hard level one hand is mostly luck, so a reading is scored on what the position "
                       "shows: the score it can expect (the Brier score, lower is better) if the opponent holds each "
                       "card as often as the coach's calibrated chances say. Against the hand it really held, "
                       "yours scored {dealt}."), numbers),)
    if yours <= theirs + HARD_TOLERANCE:
        remark = Remark(N_("Your reading can expect a score of {yours}; the coach's, {coach}."), numbers)
        return Verdict(True, result, expected=expected, notes=(remark, *notes))
    first = Remark(N_("Your reading can expect a score of {yours} on what the position shows; the coach's, {coach}, "
                      "and yours needed to be within {tolerance} of it."), numbers)
    mistake, remark = _worst(puzzle, table, given, coach_reading(chances), frozenset(puzzle.held))
    return Verdict(False, result, mistake, (first, remark), expected, notes)


def hints(puzzle: Puzzle) -> list[Remark]:
    _, table, _ = _position(puzzle)
    unseen = table.unseen.bit_count()
    took = cards_of_mask(table.opponent_known)
    passed = passed_cards(table)
    first = Remark.counting(NP_("It holds {n} card you have not seen, among the {unseen} you cannot see: a card you "
                                "know nothing about is in its hand {chance} of the time.",
                                "It holds {n} cards you have not seen, among the {unseen} you cannot see: a card you "
                                "know nothing about is in its hand {chance} of the time."), table.opponent_hidden,
                            unseen=unseen, chance=Percent(100 * table.opponent_hidden / unseen if unseen else 0))
    second = (Remark.counting(NP_("It took {cards} from the pile and still holds it: cards that meld with it are "
                                  "likelier in its hand.",
                                  "It took {cards} from the pile and still holds them: cards that meld with them "
                                  "are likelier in its hand."), len(took), cards=took) if took
              else Remark(N_("It holds no card it took from the pile: read what it threw and what it let pass.")))
    third = (Remark(N_("It threw {cards} and let {passed} pass: a player keeps what it collects, so cards that "
                       "meld with those are less likely in its hand (source 001: a suit it keeps throwing is a suit "
                       "it is not building)."), {"cards": table.opponent_discards, "passed": passed}) if passed
             else Remark(N_("It threw {cards}: a player keeps what it collects, so cards that meld with those are "
                            "less likely in its hand (source 001: a suit it keeps throwing is a suit it is not "
                            "building)."), {"cards": table.opponent_discards}))
    return [first, second, third]


def opponent_of(puzzle: Puzzle) -> str:
    """The level of the virtual player whose hand the learner reads."""
    return _position(puzzle)[2]
