"""Discard drill ("which card do you throw?"): a position from a real hand, eleven cards held, and
the learner picks the card to throw. The strong virtual player grades it: its card is right, and so
is any card it finds as good (within :data:`TOLERANCE` points of what the holding left is worth).

A puzzle is made by dealing a hand and letting the strong player play both seats up to a discard
at the level's stage of the hand: easy, the first turns, where the card that leaves the least
deadwood is also the best; medium, the middle of the hand; hard, a position where the best card is
not the one that leaves the least deadwood. A position from the learner's own game (a decision the
coach disagreed with) becomes a puzzle of this kind too (:func:`from_position`), graded by the
analysis instead: the coach's card is right, and so is any card the analysis grades as good
(:mod:`tutor.play.grading`'s ``best``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tutor.base.msgids import N_, NP_
from tutor.base.numbers import MAX_SEED
from tutor.drills.answers import read_cards
from tutor.drills.model import AnswerError, Puzzle, Remark, Verdict
from tutor.engine.cards import Card, cards_of_mask, parse_cards
from tutor.engine.melds import analyze, best_arrangements, min_deadwood
from tutor.engine.rules import Ruleset
from tutor.play.bots import Bot
from tutor.play.bots.evaluate import discard_order
from tutor.play.bots.planner import STRONG, Planner
from tutor.play.bots.reading import Table, read_view
from tutor.play.coach import coach_hint, judge
from tutor.play.hand import Hand, View, new_hand
from tutor.play.levels import LEVELS
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT
from tutor.play.positions import PositionError, decode_position, decode_view, encode_view

NAME = "discard"
TITLE = N_("Which card to throw")
MAX_TRIES = 200
TOLERANCE = 0.5
"""Points of holding value within which another card counts as good as the strong player's."""
STAGES = {"easy": range(1, 4), "medium": range(4, 8), "hard": range(3, 40)}
"""The player's turn at which a puzzle of each level is taken."""
MISTAKES = {
    "taken_card": N_("throwing the card just taken from the pile"),
    "more_deadwood": N_("a discard that leaves more deadwood than needed"),
    "less_promise": N_("a discard that keeps cards with fewer chances"),
}

TAKEN_BACK = N_("You have just taken {the_card} from the discard pile: it may not be thrown this turn.")
"""Why the card just taken from the pile may not be the answer (the table's own message)."""


def _position(puzzle: Puzzle) -> tuple[View, Table]:
    """A puzzle's position: the view, and the table it shows."""
    view = decode_view(puzzle.position)
    return view, read_view(view)


SCENARIOS_OFFERED = ("least",)
"""``least``: the card that leaves the least deadwood is the answer, every card that ties with it
too (lesson 4: the first skill of the discard, before what cards could still become)."""


def least_discards(table: Table) -> tuple[int, tuple[Card, ...]]:
    """The least deadwood a discard can leave, and every card that leaves it."""
    order = discard_order(table.hand, keep=table.taken)
    least = order[0][0]
    return least, tuple(c for d, c in order if d == least)


def _throws_of(table: Table, card: Card) -> tuple[Move, ...]:
    """The legal moves that throw ``card``: its plain discard, and its knock where the rules allow one."""
    return tuple(m for m in table.legal if m[0] in ("discard", "knock") and m[1] is card)


def card_verdict(table: Table, view: View, card: Card,
                 opponent: str = DEFAULT_OPPONENT) -> tuple[Card, bool, float]:
    """For a position from the learner's own game: the coach's card (measured against
    ``opponent``'s level, on the worlds the game's coach used: the position's own), whether
    throwing ``card`` is graded as good as it (best, :mod:`tutor.play.evaluation`: the better of
    its plain discard and its knock), and what it gives up against the coach's move. A view whose
    cards cannot be sampled (written by hand) is graded by the strong player."""
    judged = [judge(view, move, opponent) for move in _throws_of(table, card)]
    if any(j.loss is None for j in judged):
        best, good = accepted(table, view)
        return best, card in good, 0.0
    coach = judged[0].coach
    if coach[1] is None:
        raise PositionError()  # big gin: no card is thrown
    nearest = min(judged, key=lambda j: j.loss or 0.0)
    return coach[1], nearest.grade == "best", nearest.loss or 0.0


def coach_card(view: View, opponent: str = DEFAULT_OPPONENT) -> Card:
    """The card the coach throws in a position from the learner's own game (as its hint says there)."""
    move = coach_hint(view, opponent).move
    if move[1] is None:
        raise PositionError()  # big gin: no card is thrown
    return move[1]


def accepted(table: Table, view: View, scenario: str = "", by_analysis: bool = False,
             opponent: str = DEFAULT_OPPONENT) -> tuple[Card, tuple[Card, ...]]:
    """The card the puzzle's answer is, and every card as good: with ``least``, the cards that leave
    the least deadwood; ``by_analysis`` (a position from the learner's own game), the coach's card
    and the cards the analysis finds as good; else the strong player's card, and for a knock the
    cards that knock with as little deadwood, otherwise the cards it values within :data:`TOLERANCE`."""
    if scenario == "least":
        cards = least_discards(table)[1]
        return cards[0], cards
    if by_analysis:
        thrown = coach_card(view, opponent)
        return thrown, (thrown,)
    kind, card = Bot("strong").move(view)
    if card is None:
        raise PositionError()  # big gin: no card is thrown, no puzzle
    if kind == "knock":
        least = min_deadwood(table.hand & ~card.bit)
        same = tuple(c for d, c in discard_order(table.hand, keep=table.taken) if d == least)
        return card, same
    scores = Planner(STRONG).discard_scores(table)
    best = scores[0][0]
    return card, tuple(c for score, c in scores if score <= best + TOLERANCE)


def _fits(table: Table, view: View, level: str) -> bool:
    if table.can("big_gin"):
        return False
    best, good = accepted(table, view)
    throwable = [c for c in cards_of_mask(table.hand) if c is not table.taken]
    if len(good) * 2 > len(throwable):
        return False  # half the cards would do: no puzzle
    least = discard_order(table.hand, keep=table.taken)[0][0]
    plain = best in {c for d, c in discard_order(table.hand, keep=table.taken) if d == least}
    return plain if level != "hard" else not plain


def level_of_turn(turn: int) -> str:
    """The level a position of the learner's own game is filed under, by its stage."""
    return "easy" if turn in STAGES["easy"] else "medium" if turn in STAGES["medium"] else "hard"


def discard_hands(rng: random.Random, rules: Ruleset, player: str = "strong",
                  stage: range | None = None) -> Iterator[tuple[View, Hand]]:
    """Discard decisions from hands a virtual player of ``player``'s level plays with itself: for
    each of :data:`MAX_TRIES` deals, the views of the player to throw, in order (only at a turn in
    ``stage``, when one is given), each with the whole hand at that moment (both players' cards).
    The deals come from ``rng``: the same generator, the same views."""
    for _ in range(MAX_TRIES):
        seed = rng.randrange(MAX_SEED + 1)
        hand = new_hand(rules, seed, dealer=rng.randrange(2))
        bot = Bot(player, seed)
        while not hand.over and hand.to_move is not None:
            view = hand.view(hand.to_move)
            if view["phase"] == "discard" and (stage is None or view["turn"] in stage):
                yield view, hand
            if stage is not None and view["turn"] > stage.stop:
                break
            hand = hand.apply(bot.move(view))


def discard_positions(rng: random.Random, rules: Ruleset, player: str = "strong",
                      stage: range | None = None) -> Iterator[View]:
    """The views of :func:`discard_hands`, without the hands."""
    for view, _ in discard_hands(rng, rules, player, stage):
        yield view


def position_fields(view: View, **properties: Any) -> dict[str, Any]:
    """A puzzle's fields for a position: the eleven cards, the packed view, its turn and stock."""
    return {"cards": tuple(parse_cards(" ".join(view["hand"]))), "position": encode_view(view),
            "properties": {"turn": view["turn"], "stock": view["stock_size"], **properties}}


def make(rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any] | None:
    for view in discard_positions(rng, rules, stage=STAGES[level]):
        if _fits(read_view(view), view, level):
            return position_fields(view)
    return None


def make_scenario(rng: random.Random, level: str, rules: Ruleset, scenario: str) -> dict[str, Any] | None:
    """Positions from the first turns where one card, or two that tie, leave the least deadwood."""
    for view in discard_positions(rng, rules, stage=STAGES[level]):
        table = read_view(view)
        if not table.can("big_gin") and len(least_discards(table)[1]) <= 2:
            return position_fields(view)
    return None


def from_position(code: str, seed: int = 0) -> Puzzle:
    """The puzzle of a position from a learner's game (a discard decision); :class:`PositionError`
    when the code is not a discard position."""
    view, opponent = decode_position(code)
    table = read_view(view)
    if table.phase != "discard" or table.hand.bit_count() != 11 or table.can("big_gin"):
        raise PositionError()
    return Puzzle(NAME, seed, level_of_turn(table.turn), table.rules,
                  cards=tuple(parse_cards(" ".join(view["hand"]))), position=code,
                  properties={"turn": table.turn, "stock": table.stock_size, "graded_by": "analysis",
                              "opponent": opponent})


def _by_analysis(puzzle: Puzzle) -> bool:
    return puzzle.properties.get("graded_by") == "analysis"


def check(puzzle: Puzzle, answer: Any) -> Verdict:
    """One card of the hand, the one to throw."""
    cards = [answer] if isinstance(answer, Card) else read_cards(answer, "card")
    if len(cards) != 1 or cards[0] not in puzzle.cards:
        raise AnswerError("pick one card of the hand", what="card")
    given = cards[0]
    view, table = _position(puzzle)
    if _by_analysis(puzzle):
        return _check_by_analysis(puzzle, given, view, table)
    best, good = accepted(table, view, puzzle.scenario)
    kept = analyze(tuple(c for c in puzzle.cards if c is not best))
    if given in good:
        return Verdict(True, kept, expected=str(best))
    if puzzle.scenario == "least":
        yours = min_deadwood(table.hand & ~given.bit) if given is not table.taken else None
        least = Remark.counting(NP_("The least deadwood a discard leaves is {points}, by throwing {cards}.",
                                    "The least deadwood a discard leaves is {points}, by throwing any of {cards}."),
                                len(good), points=kept.deadwood, cards=good)
        if yours is None:
            remark = Remark(TAKEN_BACK,
                            {"card": given})
            return Verdict(False, kept, "taken_card", (remark, least), str(best))
        remark = Remark.counting(NP_("Throwing {the_card} leaves {n} point of deadwood.",
                                         "Throwing {the_card} leaves {n} points of deadwood."), yours, card=given)
        return Verdict(False, kept, "more_deadwood", (remark, least), str(best))
    strong = Remark.counting(NP_("The strong player throws {the_card}: it leaves {n} point of deadwood.",
                                 "The strong player throws {the_card}: it leaves {n} points of deadwood."),
                             kept.deadwood, card=best)
    if given is table.taken:
        remark = Remark(TAKEN_BACK, {"card": given})
        return Verdict(False, kept, "taken_card", (remark, strong), str(best))
    yours = min_deadwood(table.hand & ~given.bit)
    if yours > kept.deadwood:
        remark = Remark.counting(NP_("Throwing {the_card} leaves {n} point of deadwood.",
                                         "Throwing {the_card} leaves {n} points of deadwood."), yours, card=given)
        return Verdict(False, kept, "more_deadwood", (remark, strong), str(best))
    remark = Remark.counting(NP_("{The_card} leaves {n} point of deadwood too, but the cards it keeps have fewer "
                                 "chances to meld, or it gives the opponent a card it can use.",
                                 "{The_card} leaves {n} points of deadwood too, but the cards it keeps have fewer "
                                 "chances to meld, or it gives the opponent a card it can use."), yours, card=given)
    return Verdict(False, kept, "less_promise", (remark, strong), str(best))


def _opponent(puzzle: Puzzle) -> str:
    level = puzzle.properties.get("opponent", DEFAULT_OPPONENT)
    return level if isinstance(level, str) and level in LEVELS else DEFAULT_OPPONENT


def _coach_throws(card: Card, deadwood: int) -> Remark:
    """The coach's throw and the deadwood it leaves."""
    return Remark.counting(NP_("The coach throws {the_card}: it leaves {n} point of deadwood.",
                               "The coach throws {the_card}: it leaves {n} points of deadwood."), deadwood, card=card)


def _check_by_analysis(puzzle: Puzzle, given: Card, view: View, table: Table) -> Verdict:
    """A position from the learner's game, graded by the analysis: the coach's card or one as good."""
    if given is table.taken:
        best = coach_card(view, _opponent(puzzle))
        kept = analyze(tuple(c for c in puzzle.cards if c is not best))
        coach = _coach_throws(best, kept.deadwood)
        return Verdict(False, kept, "taken_card", (Remark(TAKEN_BACK, {"card": given}), coach), str(best))
    best, good, loss = card_verdict(table, view, given, _opponent(puzzle))
    kept = analyze(tuple(c for c in puzzle.cards if c is not best))
    if good:
        return Verdict(True, kept, expected=str(best))
    coach = _coach_throws(best, kept.deadwood)
    yours = min_deadwood(table.hand & ~given.bit)
    remark = Remark.counting(NP_("Throwing {the_card} leaves {n} point of deadwood and gives up {loss} points of "
                                 "the hand on average against the coach's card.",
                                 "Throwing {the_card} leaves {n} points of deadwood and gives up {loss} points of "
                                 "the hand on average against the coach's card."), yours, card=given,
                             loss=round(max(0.0, loss), 1))
    mistake = "more_deadwood" if yours > kept.deadwood else "less_promise"
    return Verdict(False, kept, mistake, (remark, coach), str(best))


def model_answer(puzzle: Puzzle) -> str:
    view, table = _position(puzzle)
    return str(accepted(table, view, puzzle.scenario, by_analysis=_by_analysis(puzzle), opponent=_opponent(puzzle))[0])


def hints(puzzle: Puzzle) -> list[Remark]:
    table = _position(puzzle)[1]
    loose = [c for c in best_arrangements(table.hand)[0].deadwood_cards if c is not table.taken]
    least = discard_order(table.hand, keep=table.taken)[0][0]
    return [
        Remark.counting(NP_("Keep your melds: the choice is among {n} card in none.",
                            "Keep your melds: the choice is among {n} cards in none."), len(loose)),
        Remark(N_("The least deadwood a discard can leave is {points}."), {"points": least}),
        Remark(N_("Weigh what each card could still become: a pair or two cards of a run wait for a third, "
                  "and a card the opponent took from the pile tells you what it collects.")),
    ]
