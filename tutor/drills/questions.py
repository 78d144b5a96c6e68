"""Short questions inside a lesson, right after the idea they test (``::: ask TYPE ARGS``). Each
answer, and each answer offered, is computed by the engine under the ruleset the learner chose, and
each comes with a one-sentence reason (a :class:`Remark`).

Types and their arguments:

- the cards: ``deal`` (how many cards each player gets); ``value CARD`` (what a loose card counts);
  ``deadwood CARDS`` (the least deadwood of ten cards: the answers offered are what the usual slips
  give, such as counting every card or choosing the other arrangement);
- melds: ``meld CARDS``; ``fits CARD | MELD``;
- the turn: ``upcard``; ``taken_back`` (may the card just taken from the pile be thrown back?);
  ``dealer`` (who deals after a hand is won); ``void`` (how many stock cards end the hand);
- knocking: ``knock CARDS`` (ten cards); ``big_gin``; ``gin_layoff``; ``winner KNOCKER DEFENDER``
  (the two deadwood counts: who wins?); ``tie``;
- scoring: ``points KNOCKER | DEFENDER`` (what the winner of a knock scores: the slips offered are
  the other arrangement of the knocker, no layoffs, no bonus); ``target``; ``shutout``;
- play: ``rule_of_thumb TURN DEADWOOD`` (source 001's knock-or-wait rule); ``discard CARDS``
  (eleven cards: which throw leaves the least deadwood); ``cold CARDS`` (the opponent's discards:
  which suit it is not collecting, by 001's tip).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tutor.base.msgids import N_
from tutor.drills.kinds.melds import MELD_PROBLEMS
from tutor.drills.model import Remark, Word
from tutor.engine.cards import HAND_SIZE, SUIT_SYMBOLS, Card, mask_of, parse_card, parse_cards
from tutor.engine.layoffs import fits
from tutor.engine.melds import analyze, candidate_arrangements, meld_from_cards, meld_problem
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.engine.scoring import endings_by_arrangement, hand_outcome, may_knock, score_hand
from tutor.play.hand import new_hand
from tutor.play.tips import COLD_SUIT, EARLY_KNOCK_MOST, EARLY_TURNS, WEAK_KNOCK, knock_or_wait

QUESTION_TYPES = ("deal", "value", "deadwood", "meld", "fits", "upcard", "taken_back", "dealer", "void", "knock",
                  "big_gin", "gin_layoff", "winner", "tie", "points", "target", "shutout", "rule_of_thumb",
                  "discard", "cold")
YES_NO = ("yes", "no")
WORD_OPTIONS = {
    "meld": YES_NO, "knock": YES_NO, "gin_layoff": YES_NO, "fits": YES_NO, "taken_back": YES_NO, "big_gin": YES_NO,
    "upcard": ("non_dealer", "dealer", "nobody"), "tie": ("knocker", "defender"), "winner": ("knocker", "defender"),
    "dealer": ("alternate", "winner"), "target": ("reach_50", "reach_100", "pass_100"),
    "shutout": ("doubled", "plus_100"), "rule_of_thumb": ("knock", "wait"),
}
"""The answers to pick from, by type, where they are words; the other types offer numbers, cards or
suits worked out from the question."""
PROMPTS = {
    "deal": N_("How many cards does each player get in the deal?"),
    "value": N_("How much does this card count when it is left loose?"),
    "deadwood": N_("How much deadwood does this hand leave, arranged at its best?"),
    "meld": N_("Is this a meld?"),
    "fits": N_("Can the first card be laid off onto this meld?"),
    "upcard": N_("Under the chosen rules, who decides first whether to take the first upcard?"),
    "taken_back": N_("You have just taken the top card of the discard pile. May you throw it back in the same turn?"),
    "dealer": N_("Under the chosen rules, who deals the next hand after a hand that someone won?"),
    "void": N_("Under the chosen rules, how many cards are left in the stock when a discard without a knock ends "
               "the hand void?"),
    "knock": N_("May this hand knock under the chosen rules?"),
    "big_gin": N_("Under the chosen rules, are eleven cards all in melds, just after drawing, a big gin?"),
    "gin_layoff": N_("Under the chosen rules, may the defender lay off cards onto a gin?"),
    "winner": N_("The knocker ends with {knocker} of deadwood and the defender, after laying off, with {defender}. "
                 "Under the chosen rules, who wins the hand?"),
    "tie": N_("The knocker and the defender end with the same deadwood. Under the chosen rules, who wins the hand?"),
    "points": N_("The first hand knocks against the second. Under the chosen rules, how many points does the "
                 "winner of the hand score?"),
    "target": N_("Under the chosen rules, when does the game end?"),
    "shutout": N_("The winner of the game won every hand. Under the chosen rules, what happens to their hand "
                  "points?"),
    "rule_of_thumb": N_("It is your turn {turn} and your discard would leave {deadwood} of deadwood. What does "
                        "source 001's rule of thumb say?"),
    "discard": N_("Which discard leaves the least deadwood?"),
    "cold": N_("The opponent has thrown these cards this hand. By source 001's tip, which suit are they not "
               "collecting?"),
}
MELD_REASONS = {code: text for code, text in MELD_PROBLEMS.items() if code != "not_in_hand"}
"""Why some cards are no meld: the melds drill's sentences."""
DEAL_CHOICES = (7, HAND_SIZE, 13)
"""The counts offered for the deal: the engine's hand size between two other counts."""
CARD_COUNTS = {"meld": None, "deadwood": 10, "knock": 10, "discard": 11, "cold": None}
"""How many cards each type that reads cards takes (None: any number)."""


class QuestionError(ValueError):
    """A lesson's question that cannot be read: names what was wrong."""


@dataclass(frozen=True)
class Question:
    """One question of a lesson: its type and what it is asked about (cards, a card, a second hand,
    numbers)."""

    type: str
    cards: tuple[Card, ...] = ()
    card: Card | None = None
    other: tuple[Card, ...] = ()
    """``points``: the defender's hand (``cards`` are the knocker's)."""
    numbers: tuple[int, ...] = ()
    """``winner``: the knocker's and the defender's deadwood; ``rule_of_thumb``: the turn and the deadwood."""


def read_question(body: str) -> Question:
    """A question from a lesson block's body (``meld 7H 8H 9H``, ``fits 10H | 7H 8H 9H``...)."""
    kind, _, rest = body.strip().partition(" ")
    if kind not in QUESTION_TYPES:
        raise QuestionError(f"unknown question {kind!r}: one of {', '.join(QUESTION_TYPES)}")
    try:
        question = _read(kind, rest.strip())
    except ValueError as error:
        raise QuestionError(f"question {body!r}: {error}") from error
    if len(set(choices(question, None))) < 2:
        raise QuestionError(f"question {body!r}: it offers fewer than two answers")
    return question


def _read(kind: str, rest: str) -> Question:
    if kind in CARD_COUNTS:
        question = Question(kind, tuple(parse_cards(rest, count=CARD_COUNTS[kind])))
        if kind == "discard" and len(_least_discards(question.cards)) != 1:
            raise ValueError("more than one discard leaves the least deadwood")
        if kind == "cold" and len(_cold(question.cards)) != 1:
            raise ValueError(f"no single suit is thrown {COLD_SUIT} times or more, and most")
        return question
    if kind == "value":
        return Question(kind, card=parse_card(rest))
    if kind in ("fits", "points"):
        first, _, second = rest.partition("|")
        if kind == "fits":
            meld = tuple(parse_cards(second))
            meld_from_cards(meld)
            return Question(kind, meld, parse_card(first.strip()))
        return Question(kind, tuple(parse_cards(first, count=10)), other=tuple(parse_cards(second, count=10)))
    if kind in ("winner", "rule_of_thumb"):
        numbers = tuple(int(word) for word in rest.split())
        if len(numbers) != 2 or min(numbers) < 0:
            raise ValueError("it takes two whole numbers")
        return Question(kind, numbers=numbers)
    if rest:
        raise ValueError(f"question {kind!r} takes nothing after its name")
    return Question(kind)


# --- the answers offered ------------------------------------------------------------------------

def _deadwood_slips(cards: tuple[Card, ...]) -> list[int]:
    """The least deadwood and what the usual slips give: every card counted, the next best
    arrangement, a card counted in two melds at once, faces counted by rank, a loose card left out."""
    result = analyze(cards)
    best = result.deadwood
    arrangements = candidate_arrangements(mask_of(cards))
    others = sorted({a.deadwood for a in arrangements} - {best})
    melded = {card for a in arrangements for meld in a.melds for card in meld.cards}
    twice = sum(c.value for c in cards if c not in melded)  # every card that fits some meld left out
    loose = result.arrangement.deadwood_cards
    slips = [best, sum(c.value for c in cards), *others[:1], twice, sum(c.rank for c in loose)]
    if loose:
        slips.append(best - max(c.value for c in loose))
    return list(dict.fromkeys(slips))[:4]


def _scores(question: Question, rules: Ruleset) -> list[int]:
    """What the winner of the knock scores, and the slips: another of the knocker's equal
    arrangements shown, no layoffs, the last layoff forgotten, no bonus, the bonus alone."""
    score = score_hand(question.cards, question.other, rules)
    others = [ending.points for ending in endings_by_arrangement(question.cards, question.other, rules)]
    no_layoffs = abs(score.defender_play.deadwood_before_layoffs - score.knocker_arrangement.deadwood)
    forgotten = [score.points + lay.card.value for lay in score.layoffs[-1:] if score.winner == "knocker"]
    bonus_alone = [score.bonus] if score.bonus else []
    return [score.points, *others, no_layoffs + score.bonus, *forgotten, score.points - score.bonus, *bonus_alone]


def _discards(cards: tuple[Card, ...]) -> dict[Card, int]:
    """The deadwood each discard of eleven cards leaves."""
    return {c: analyze(tuple(o for o in cards if o is not c)).deadwood for c in cards}


def _least_discards(cards: tuple[Card, ...]) -> list[Card]:
    left = _discards(cards)
    return [c for c, d in left.items() if d == min(left.values())]


def _cold(cards: tuple[Card, ...]) -> list[str]:
    """The suit thrown most, when it is thrown often enough (001's tip) and alone at the top."""
    counts = Counter(c.suit for c in cards)
    most = max(counts.values())
    top = [s for s, n in counts.items() if n == most]
    return top if most >= COLD_SUIT and len(top) == 1 else []


def choices(question: Question, rules: Ruleset | None) -> tuple[str, ...]:
    """The answers offered, in order. Numbers are offered as digits, cards by code, suits by letter.
    ``rules`` is needed only by the questions whose answers depend on it (None when a lesson is
    read: any ruleset's answers are then checked)."""
    kind = question.type
    if kind in WORD_OPTIONS:
        return WORD_OPTIONS[kind]
    if kind == "deal":
        return tuple(str(n) for n in DEAL_CHOICES)
    if kind == "value":
        assert question.card is not None
        numbers = {question.card.value, question.card.rank, 1, 10}
    elif kind == "deadwood":
        numbers = set(_deadwood_slips(question.cards))
    elif kind == "void":
        numbers = {0, 1, 2, 3} if rules is None else {0, 1, 2, rules.void_at_stock}
    elif kind == "points":
        numbers = set(_scores(question, rules or load_ruleset("classic")))
    elif kind == "discard":
        left = _discards(question.cards)
        ranked = sorted(question.cards, key=lambda c: (left[c], -c.value, c.index))
        return tuple(str(c) for c in sorted(ranked[:3], key=lambda c: c.index))
    else:  # cold: every suit, the ones never thrown too (the slip: "never thrown" for "not collected")
        return tuple(SUIT_SYMBOLS.values())
    return tuple(str(n) for n in sorted(n for n in numbers if n >= 0))


def answer(question: Question, rules: Ruleset) -> str:
    """The right answer, computed by the engine under ``rules``."""
    kind = question.type
    if kind == "deal":
        return str(HAND_SIZE)
    if kind == "value":
        assert question.card is not None
        return str(question.card.value)
    if kind == "deadwood":
        return str(analyze(question.cards).deadwood)
    if kind == "meld":
        return "yes" if meld_problem(question.cards) is None else "no"
    if kind == "fits":
        assert question.card is not None
        return "yes" if fits(question.card, meld_from_cards(question.cards)) else "no"
    if kind == "upcard":
        return "non_dealer"  # with an offer or without one (then it is simply their first turn)
    if kind == "taken_back":
        return "yes" if _may_throw_back(rules) else "no"
    if kind == "dealer":
        return "winner" if rules.next_dealer == "hand_winner" else "alternate"
    if kind == "void":
        return str(rules.void_at_stock)
    if kind == "knock":
        return "yes" if may_knock(question.cards, rules) else "no"
    if kind == "big_gin":
        return "yes" if rules.big_gin_allowed else "no"
    if kind == "gin_layoff":
        return "yes" if rules.layoffs_onto_gin else "no"
    if kind == "winner":
        knocker, defender = question.numbers
        return hand_outcome(knocker, defender, False, rules).winner
    if kind == "tie":
        return "defender" if rules.undercut_on_tie else "knocker"
    if kind == "points":
        return str(score_hand(question.cards, question.other, rules).points)
    if kind == "target":
        return f"{'pass' if rules.target_must_be_exceeded else 'reach'}_{rules.target}"
    if kind == "shutout":
        return "doubled" if rules.shutout_doubles_hand_points else "plus_100"
    if kind == "rule_of_thumb":
        turn, deadwood = question.numbers
        return knock_or_wait(deadwood, turn)
    if kind == "discard":
        return str(_least_discards(question.cards)[0])
    return SUIT_SYMBOLS[_cold(question.cards)[0]]


def _may_throw_back(rules: Ruleset) -> bool:
    """Whether the play engine lets a player throw back the card just taken from the pile."""
    hand = new_hand(rules, 1)
    while ("take", None) not in hand.legal_moves:
        hand = hand.apply(hand.legal_moves[-1])  # pass, or draw and throw, until the pile may be taken
    taken = hand.discard_pile[-1]
    return ("discard", taken) in hand.apply(("take", None)).legal_moves


def prompt(question: Question) -> Remark:
    """The question itself, with what it names (the two deadwood counts, the turn)."""
    if question.type == "winner":
        return Remark(PROMPTS["winner"], {"knocker": question.numbers[0], "defender": question.numbers[1]})
    if question.type == "rule_of_thumb":
        return Remark(PROMPTS["rule_of_thumb"], {"turn": question.numbers[0], "deadwood": question.numbers[1]})
    if question.type == "deadwood" and not analyze(question.cards).melds:  # lesson 1: before melds are taught
        return Remark(N_("How many points do these loose cards add up to?"))
    return Remark(PROMPTS[question.type])


def reason(question: Question, rules: Ruleset) -> Remark:
    """Why the answer is what it is, in one sentence."""
    kind = question.type
    if kind == "deal":
        return Remark(N_("Each player gets {count} cards, one at a time; the next card is turned up to start the "
                         "discard pile."), {"count": HAND_SIZE})
    if kind == "value":
        assert question.card is not None
        return Remark(N_("{The_card} counts {value}: an ace 1, a jack, queen or king 10, any other card its "
                         "number."), {"card": question.card, "value": question.card.value})
    if kind == "deadwood":
        result = analyze(question.cards)
        if not result.melds:
            return Remark(N_("Every card is loose, so every card counts: {points}."), {"points": result.deadwood})
        return Remark(N_("Best arranged, the melds leave {cards} loose: {points}."),
                      {"cards": result.arrangement.deadwood_cards, "points": result.deadwood})
    if kind == "meld":
        problem = meld_problem(question.cards)
        if problem is None:
            meld_kind = meld_from_cards(question.cards).kind
            return Remark(N_("Yes: {cards} make a meld ({kind})."),
                          {"cards": question.cards, "kind": Word("meld_kind", meld_kind)})
        return Remark(MELD_REASONS[problem])
    if kind == "fits":
        assert question.card is not None
        if fits(question.card, meld_from_cards(question.cards)):
            return Remark(N_("Yes: {the_card} extends {meld}."), {"card": question.card, "meld": question.cards})
        return Remark(N_("No: {the_card} does not extend {meld}."), {"card": question.card, "meld": question.cards})
    if kind == "upcard":
        if rules.upcard_offer:
            return Remark(N_("The non-dealer decides first; if they pass, the dealer decides."))
        return Remark(N_("The non-dealer: on their first turn they may take the upcard or draw from the stock; if they "
                         "leave it, the dealer gets no chance to take it."))
    if kind == "taken_back":
        return Remark(N_("Yes: under these rules the card just taken may go straight back.") if _may_throw_back(rules)
                      else N_("No: the card just taken from the pile may not be thrown in the same turn."))
    if kind == "dealer":
        return Remark(N_("The winner of the hand deals the next one.") if rules.next_dealer == "hand_winner"
                      else N_("The deal alternates: the other player deals the next hand."))
    if kind == "void":
        return Remark(N_("With {count} cards left in the stock, a discard without a knock ends the hand: nobody "
                         "scores."), {"count": rules.void_at_stock})
    if kind == "knock":
        deadwood = analyze(question.cards).deadwood
        if rules.may_knock_with(deadwood):
            return Remark(N_("Yes: its deadwood is {points}, within the knock limit of {limit}."),
                          {"points": deadwood, "limit": rules.knock_limit})
        return Remark(N_("No: its deadwood is {points}, over the knock limit of {limit}."),
                      {"points": deadwood, "limit": rules.knock_limit})
    if kind == "big_gin":
        if rules.big_gin_allowed:
            return Remark(N_("Yes: a big gin, laid down without a discard, worth {bonus} plus the opponent's "
                             "deadwood."), {"bonus": rules.big_gin_bonus})
        if "big_gin_allowed" in rules.interpretations:
            return Remark(N_("No: these rules have no big gin; you discard one card and go gin with the ten left "
                             "(gin-tutor's interpretation: the rules do not speak of it)."))
        return Remark(N_("No: these rules have no big gin; you discard one card and go gin with the ten left."))
    if kind == "gin_layoff":
        return Remark(N_("Yes: under these rules the defender lays off onto a gin as onto a knock.")
                      if rules.layoffs_onto_gin else N_("No: under these rules nothing may be laid off onto a gin."))
    if kind == "winner":
        knocker, defender = question.numbers
        outcome = hand_outcome(knocker, defender, False, rules)
        if outcome.winner == "defender":
            numbers = {"defender": defender, "knocker": knocker, "points": outcome.points}
            if "undercut_adds_difference" in rules.interpretations:
                return Remark(N_("The defender: {defender} is not more than {knocker}, so it is an undercut, worth "
                                 "{points} (adding the difference is gin-tutor's interpretation of these rules)."),
                              numbers)
            return Remark(N_("The defender: {defender} is not more than {knocker}, so it is an undercut, worth "
                             "{points}."), numbers)
        return Remark(N_("The knocker, who scores the difference: {points}."), {"points": outcome.points})
    if kind == "tie":
        return Remark(N_("The defender: under these rules a tie is an undercut.") if rules.undercut_on_tie
                      else N_("The knocker: under these rules only a lower deadwood undercuts."))
    if kind == "points":
        score = score_hand(question.cards, question.other, rules)
        if score.winner == "knocker":
            return Remark(N_("The knocker scores {points}, once the defender has laid off what fits."),
                          {"points": score.points})
        return Remark(N_("The defender scores {points}: an undercut, once the defender has laid off what fits."),
                      {"points": score.points})
    if kind == "target":
        if rules.target_must_be_exceeded:
            return Remark(N_("When a player's hand points pass {target}."), {"target": rules.target})
        return Remark(N_("When a player's hand points reach {target}."), {"target": rules.target})
    if kind == "shutout":
        return Remark(N_("They are doubled, before the bonuses.") if rules.shutout_doubles_hand_points
                      else N_("They stay as they are, and the winner adds {bonus} more."),
                      {} if rules.shutout_doubles_hand_points else {"bonus": rules.shutout_bonus})
    if kind == "rule_of_thumb":
        turn, deadwood = question.numbers
        if deadwood in WEAK_KNOCK:
            return Remark(N_("Wait: with {low} to {high}, a knock is the one an undercut punishes."),
                          {"low": WEAK_KNOCK.start, "high": WEAK_KNOCK.stop - 1})
        if knock_or_wait(deadwood, turn) == "wait":
            return Remark(N_("Wait: before turn {turn}, knock only with {most} or less."),
                          {"turn": EARLY_TURNS, "most": EARLY_KNOCK_MOST})
        return Remark(N_("Knock: the rule of thumb does not hold you back here."))
    if kind == "discard":
        best = _least_discards(question.cards)[0]
        return Remark(N_("Throwing {the_card} leaves {points} of deadwood, the least."),
                      {"card": best, "points": _discards(question.cards)[best]})
    suit = _cold(question.cards)[0]
    return Remark(N_("{suit}: the opponent keeps throwing that suit, so they are building nothing in it (and, "
                     "gin-tutor's reading, your loose cards of that suit are safer to throw)."),
                  {"suit": SUIT_SYMBOLS[suit]})
