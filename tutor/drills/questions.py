"""Short questions inside a lesson, right after the idea they test (``::: ask TYPE ARGS``). Each
answer, and each answer offered, is computed by the engine under the ruleset the learner chose, and
each comes with a one-sentence reason (a :class:`Remark`); a wrong answer that is one of the usual
slips is told, in a line, what it missed (:func:`slip`), before a second try.

Every type is one row of :data:`TYPES` (:class:`QuestionType`): its prompt, how its arguments are
read, the answers it offers, its answer, its reason and its slips. The types and their arguments:

- the cards: ``deal`` (how many cards each player gets); ``value CARD`` (what a loose card counts);
  ``deadwood CARDS`` (the least deadwood of ten cards: the answers offered are what the usual slips
  give, such as counting every card or choosing the other arrangement; with no meld to be made, it
  asks what the loose cards add up to);
- melds: ``meld CARDS``; ``fits CARD | MELD``;
- the turn: ``upcard``; ``taken_back`` (may the card just taken from the pile be thrown back?);
  ``dealer`` (who deals after a hand is won); ``void`` (how many stock cards end the hand);
- knocking: ``knock CARDS`` (ten cards); ``big_gin``; ``gin_layoff``; ``winner KNOCKER DEFENDER``
  (the two deadwood counts: who wins?); ``tie``;
- scoring: ``points KNOCKER | DEFENDER`` (what the winner of a knock scores: the slips offered are
  another arrangement of the knocker, no layoffs, a layoff forgotten, no bonus, the bonus alone);
  ``target``; ``shutout``;
- play: ``rule_of_thumb TURN DEADWOOD`` (source 001's knock-or-wait rule); ``discard CARDS``
  (eleven cards: which throw leaves the least deadwood); ``cold CARDS`` (the opponent's discards:
  which suit it is not collecting, by 001's tip); ``wanted TAKEN | CARDS`` (the opponent took
  ``TAKEN`` from the pile: which of ``CARDS``, the one that could make a meld with it, not to throw);
  ``pickups TAKEN DEADWOOD`` (the opponent has taken ``TAKEN`` cards from the pile and you could knock
  with ``DEADWOOD``: knock or wait, by 001's tip); ``double CARDS | OPTIONS`` (which of ``OPTIONS``,
  cards of the hand ``CARDS``, works twice: 001's tip on keeping it); ``take CARD | CARDS`` (take the
  card on the pile into this hand, by 001's tip: only to meld it); ``score NEEDED`` (you may knock
  and need ``NEEDED`` more points: 000's score tip).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tutor.base.msgids import N_, NP_
from tutor.drills.kinds.melds import MELD_PROBLEMS
from tutor.drills.model import Remark, Word
from tutor.engine.cards import HAND_SIZE, SUIT_SYMBOLS, Card, mask_of, parse_card, parse_cards
from tutor.engine.layoffs import fits
from tutor.engine.melds import analyze, candidate_arrangements, could_meld, meld_from_cards, meld_problem
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.engine.scoring import endings_by_arrangement, hand_outcome, may_knock, score_hand
from tutor.play.bots.evaluate import taken_meld
from tutor.play.hand import new_hand
from tutor.play.tips import (
    COLD_SUIT,
    EARLY_KNOCK_MOST,
    EARLY_TURNS,
    FEW_POINTS,
    LITTLE_DEADWOOD,
    MANY_PICKUPS,
    WEAK_KNOCK,
    could_join_set_and_run,
    knock_or_wait,
    pickups_say,
    score_says,
)

YES_NO = ("yes", "no")
MELD_REASONS = {code: text for code, text in MELD_PROBLEMS.items() if code != "not_in_hand"}
"""Why some cards are no meld: the melds drill's sentences."""
DEAL_CHOICES = (7, HAND_SIZE, 13)
"""The counts offered for the deal: the engine's hand size between two other counts."""


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


Slips = list[tuple[int, str | None]]
"""Numbers a question offers, each with the remark that says what a learner who picks it missed
(None for the right one)."""


def _first_of_each(slips: Slips) -> Slips:
    """Each number once, with the first remark that gives it (the right answer's None first)."""
    firsts: dict[int, str | None] = {}
    for number, name in slips:
        firsts.setdefault(number, name)
    return list(firsts.items())


def _no_slip(question: Question, given: str, rules: Ruleset) -> Remark | None:
    return None


def _no_params(question: Question) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class QuestionType:
    """One type of question: what it asks, how its arguments are read, the answers it offers (under
    a ruleset, or under any when None: a lesson being read), its answer, the reason, and what a
    wrong answer missed."""

    prompt: str
    read: Callable[[str, str], Question]
    offered: Callable[[Question, Ruleset | None], tuple[str, ...]]
    answer: Callable[[Question, Ruleset], str]
    reason: Callable[[Question, Ruleset], Remark]
    slip: Callable[[Question, str, Ruleset], Remark | None] = _no_slip
    params: Callable[[Question], dict[str, Any]] = field(default=_no_params)


# --- reading a question's arguments -------------------------------------------------------------

def _read_nothing(kind: str, rest: str) -> Question:
    if rest:
        raise ValueError(f"question {kind!r} takes nothing after its name")
    return Question(kind)


def _read_cards(count: int | None) -> Callable[[str, str], Question]:
    def read(kind: str, rest: str) -> Question:
        return Question(kind, tuple(parse_cards(rest, count=count)))
    return read


def _read_card(kind: str, rest: str) -> Question:
    return Question(kind, card=parse_card(rest))


def _read_fits(kind: str, rest: str) -> Question:
    first, _, second = rest.partition("|")
    meld = tuple(parse_cards(second))
    meld_from_cards(meld)
    return Question(kind, meld, parse_card(first.strip()))


def _read_hands(kind: str, rest: str) -> Question:
    first, _, second = rest.partition("|")
    return Question(kind, tuple(parse_cards(first, count=10)), other=tuple(parse_cards(second, count=10)))


def _read_numbers(kind: str, rest: str) -> Question:
    numbers = tuple(int(word) for word in rest.split())
    if len(numbers) != 2 or min(numbers) < 0:
        raise ValueError("it takes two whole numbers")
    return Question(kind, numbers=numbers)


def _read_discard(kind: str, rest: str) -> Question:
    question = Question(kind, tuple(parse_cards(rest, count=11)))
    if len(_least_discards(question.cards)) != 1:
        raise ValueError("more than one discard leaves the least deadwood")
    return question


def _read_cold(kind: str, rest: str) -> Question:
    question = Question(kind, tuple(parse_cards(rest)))
    if len(_cold(question.cards)) != 1:
        raise ValueError(f"no single suit is thrown {COLD_SUIT} times or more, and most")
    return question


def _read_wanted(kind: str, rest: str) -> Question:
    taken, _, offered = rest.partition("|")
    question = Question(kind, tuple(parse_cards(offered)), parse_card(taken.strip()))
    if len(_wanted(question)) != 1:
        raise ValueError("exactly one card offered must be able to make a meld with the card taken")
    return question


def _read_pickups(kind: str, rest: str) -> Question:
    question = _read_numbers(kind, rest)
    if question.numbers[1] > LITTLE_DEADWOOD:
        raise ValueError(f"001's tip on pickups speaks of knocks with {LITTLE_DEADWOOD} or less")
    return question


def _read_double(kind: str, rest: str) -> Question:
    hand, _, offered = rest.partition("|")
    question = Question(kind, tuple(parse_cards(hand)), other=tuple(parse_cards(offered)))
    if not set(question.other) <= set(question.cards) or len(_doubles(question)) != 1:
        raise ValueError("exactly one card offered, all of them in the hand, must work twice")
    return question


def _read_take(kind: str, rest: str) -> Question:
    top, _, hand = rest.partition("|")
    return Question(kind, tuple(parse_cards(hand, count=10)), parse_card(top.strip()))


def _read_score(kind: str, rest: str) -> Question:
    numbers = tuple(int(word) for word in rest.split())
    if len(numbers) != 1 or numbers[0] <= 0:
        raise ValueError("it takes the points still needed, a whole number above 0")
    return Question(kind, numbers=numbers)


# --- answers as words ---------------------------------------------------------------------------

def _words(*options: str) -> Callable[[Question, Ruleset | None], tuple[str, ...]]:
    def offered(question: Question, rules: Ruleset | None) -> tuple[str, ...]:
        return options
    return offered


def _yes_no(right: Callable[[Question, Ruleset], bool]) -> Callable[[Question, Ruleset], str]:
    def answer(question: Question, rules: Ruleset) -> str:
        return "yes" if right(question, rules) else "no"
    return answer


def _numbers(slips: Callable[[Question, Ruleset | None], Slips]) -> Callable[[Question, Ruleset | None],
                                                                             tuple[str, ...]]:
    def offered(question: Question, rules: Ruleset | None) -> tuple[str, ...]:
        return tuple(str(n) for n in sorted({n for n, _ in slips(question, rules) if n >= 0}))
    return offered


def _slip_of(slips: Callable[[Question, Ruleset | None], Slips],
             params: Callable[[Question], dict[str, Any]] = _no_params
             ) -> Callable[[Question, str, Ruleset], Remark | None]:
    """What picking a number missed: the first slip that gives it (none for the right answer)."""
    def slip(question: Question, given: str, rules: Ruleset) -> Remark | None:
        found = [name for n, name in slips(question, rules) if str(n) == given]
        if not found or found[0] is None:
            return None
        return Remark(found[0], params(question))
    return slip


# --- the cards ------------------------------------------------------------------------------------

def _deal_slips(question: Question, rules: Ruleset | None) -> Slips:
    return [(HAND_SIZE, None), (7, N_("Seven is the deal of other rummy games; gin rummy deals more.")),
            (13, N_("Thirteen is the number of cards in one suit; each player gets fewer."))]


def _value_slips(question: Question, rules: Ruleset | None) -> Slips:
    assert question.card is not None
    card = question.card
    return [(card.value, None), (card.rank, N_("That is the card's rank: a jack, queen or king counts 10.")),
            (1, N_("Only an ace counts 1.")), (10, N_("Only the ten and the face cards count 10."))]


def _deadwood_slips(question: Question, rules: Ruleset | None = None) -> Slips:
    """The least deadwood and what the usual slips give: every card counted, the next best
    arrangement, a card counted in two melds at once, faces counted by rank, a loose card left
    out (the first four that differ)."""
    cards = question.cards
    result = analyze(cards)
    best = result.deadwood
    arrangements = candidate_arrangements(mask_of(cards))
    others = sorted({a.deadwood for a in arrangements} - {best})
    melded = {card for a in arrangements for meld in a.melds for card in meld.cards}
    loose = result.arrangement.deadwood_cards
    slips: Slips = [
        (best, None),
        (sum(c.value for c in cards), N_("That counts every card, melded ones too: a card in a meld does not count.")),
        *[(n, N_("That is what another arrangement leaves: try grouping the cards the other way."))
          for n in others[:1]],
        (sum(c.value for c in cards if c not in melded),
         N_("That puts one card in two melds at once: each card belongs to one meld only.")),
        (sum(c.rank for c in loose), N_("That counts jacks, queens and kings as 11, 12 and 13: each counts 10.")),
    ]
    if loose:
        slips.append((best - max(c.value for c in loose), N_("A loose card is missing from that sum.")))
    return _first_of_each(slips)[:4]


def _deadwood_reason(question: Question, rules: Ruleset) -> Remark:
    result = analyze(question.cards)
    if not result.melds:
        return Remark(N_("Every card is loose, so every card counts: {points}."), {"points": result.deadwood})
    return Remark(N_("Best arranged, the melds leave {cards} loose: {points}."),
                  {"cards": result.arrangement.deadwood_cards, "points": result.deadwood})


# --- melds ------------------------------------------------------------------------------------------

def _meld_reason(question: Question, rules: Ruleset) -> Remark:
    problem = meld_problem(question.cards)
    if problem is None:
        meld_kind = meld_from_cards(question.cards).kind
        return Remark(N_("Yes: {cards} make a meld ({kind})."),
                      {"cards": question.cards, "kind": Word("meld_kind", meld_kind)})
    return Remark(MELD_REASONS[problem])


def _fits(question: Question, rules: Ruleset) -> bool:
    assert question.card is not None
    return fits(question.card, meld_from_cards(question.cards))


def _fits_reason(question: Question, rules: Ruleset) -> Remark:
    params = {"card": question.card, "meld": question.cards}
    if _fits(question, rules):
        return Remark(N_("Yes: {the_card} extends {meld}."), params)
    return Remark(N_("No: {the_card} does not extend {meld}."), params)


# --- the turn -------------------------------------------------------------------------------------

def _upcard_reason(question: Question, rules: Ruleset) -> Remark:
    if rules.upcard_offer:
        return Remark(N_("The non-dealer decides first; if they pass, the dealer decides."))
    return Remark(N_("The non-dealer: on their first turn they may take the upcard or draw from the stock; if they "
                     "leave it, the dealer gets no chance to take it."))


def _may_throw_back(question: Question, rules: Ruleset) -> bool:
    """Whether the play engine lets a player throw back the card just taken from the pile."""
    hand = new_hand(rules, 1)
    while ("take", None) not in hand.legal_moves:
        hand = hand.apply(hand.legal_moves[-1])  # pass, or draw and throw, until the pile may be taken
    taken = hand.discard_pile[-1]
    return ("discard", taken) in hand.apply(("take", None)).legal_moves


def _taken_back_reason(question: Question, rules: Ruleset) -> Remark:
    return Remark(N_("Yes: under these rules the card just taken may go straight back.")
                  if _may_throw_back(question, rules)
                  else N_("No: the card just taken from the pile may not be thrown in the same turn."))


def _dealer_reason(question: Question, rules: Ruleset) -> Remark:
    return Remark(N_("The winner of the hand deals the next one.") if rules.next_dealer == "hand_winner"
                  else N_("The deal alternates: the other player deals the next hand."))


def _void_counts(question: Question, rules: Ruleset | None) -> Slips:
    """0 to 2 and the ruleset's count (under any ruleset, 3 as well); no slip is named."""
    return [(n, None) for n in (0, 1, 2, 3 if rules is None else rules.void_at_stock)]


def _void_reason(question: Question, rules: Ruleset) -> Remark:
    return Remark.counting(NP_("With {n} card left in the stock, a discard without a knock ends the hand: nobody "
                               "scores.", "With {n} cards left in the stock, a discard without a knock ends the hand: "
                               "nobody scores."), rules.void_at_stock)


# --- knocking -------------------------------------------------------------------------------------

def _knock_reason(question: Question, rules: Ruleset) -> Remark:
    deadwood = analyze(question.cards).deadwood
    params = {"points": deadwood, "limit": rules.knock_limit}
    if rules.may_knock_with(deadwood):
        return Remark(N_("Yes: its deadwood is {points}, within the knock limit of {limit}."), params)
    return Remark(N_("No: its deadwood is {points}, over the knock limit of {limit}."), params)


def _big_gin_reason(question: Question, rules: Ruleset) -> Remark:
    if rules.big_gin_allowed:
        return Remark(N_("Yes: a big gin, laid down without a discard, worth {bonus} plus the opponent's deadwood."),
                      {"bonus": rules.big_gin_bonus})
    if "big_gin_allowed" in rules.interpretations:
        return Remark(N_("No: these rules have no big gin; you discard one card and go gin with the ten left "
                         "(gin-tutor's interpretation: the rules do not speak of it)."))
    return Remark(N_("No: these rules have no big gin; you discard one card and go gin with the ten left."))


def _gin_layoff_reason(question: Question, rules: Ruleset) -> Remark:
    return Remark(N_("Yes: under these rules the defender lays off onto a gin as onto a knock.")
                  if rules.layoffs_onto_gin else N_("No: under these rules nothing may be laid off onto a gin."))


def _winner(question: Question, rules: Ruleset) -> str:
    knocker, defender = question.numbers
    return hand_outcome(knocker, defender, False, rules).winner


def _winner_reason(question: Question, rules: Ruleset) -> Remark:
    knocker, defender = question.numbers
    outcome = hand_outcome(knocker, defender, False, rules)
    if outcome.winner == "knocker":
        return Remark(N_("The knocker, who scores the difference: {points}."), {"points": outcome.points})
    params = {"defender": defender, "knocker": knocker, "points": outcome.points}
    ours = "undercut_adds_difference" in rules.interpretations
    if not rules.undercut_on_tie:  # only less wins for the defender: said as "less", not "not more"
        return Remark(N_("The defender: {defender} is less than {knocker}, so it is an undercut, worth {points} "
                         "(adding the difference is gin-tutor's interpretation of these rules).") if ours else
                      N_("The defender: {defender} is less than {knocker}, so it is an undercut, worth {points}."),
                      params)
    if ours:
        return Remark(N_("The defender: {defender} is not more than {knocker}, so it is an undercut, worth "
                         "{points} (adding the difference is gin-tutor's interpretation of these rules)."), params)
    return Remark(N_("The defender: {defender} is not more than {knocker}, so it is an undercut, worth {points}."),
                  params)


def _winner_params(question: Question) -> dict[str, Any]:
    return {"knocker": question.numbers[0], "defender": question.numbers[1]}


def _tie_reason(question: Question, rules: Ruleset) -> Remark:
    return Remark(N_("The defender: under these rules a tie is an undercut.") if rules.undercut_on_tie
                  else N_("The knocker: under these rules only a lower deadwood undercuts."))


# --- scoring --------------------------------------------------------------------------------------

def _score_slips(question: Question, rules: Ruleset | None) -> Slips:
    """What the winner of the knock scores, and the slips: another of the knocker's equal
    arrangements shown, no layoffs, the last layoff forgotten, no bonus, the bonus alone."""
    rules = rules or load_ruleset("classic")
    score = score_hand(question.cards, question.other, rules)
    others = [ending.points for ending in endings_by_arrangement(question.cards, question.other, rules)]
    no_layoffs = abs(score.defender_play.deadwood_before_layoffs - score.knocker_arrangement.deadwood)
    slips: Slips = [(score.points, None)]
    slips += [(n, N_("That is the score with another arrangement of the knocker's melds: check which one the "
                     "knocker shows.")) for n in others]
    slips.append((no_layoffs + score.bonus, N_("That leaves out the layoffs: the defender's cards that fit the "
                                               "knocker's melds stop counting.")))
    if score.winner == "knocker" and score.layoffs:
        slips.append((score.points + score.layoffs[-1].card.value,
                      N_("One layoff is missing: once a card is laid off, the next card may fit too.")))
    if score.bonus:
        slips += [(score.points - score.bonus, N_("The bonus is missing from that.")),
                  (score.bonus, N_("That is the bonus alone: the deadwood is added to it."))]
    return _first_of_each(slips)


def _points_reason(question: Question, rules: Ruleset) -> Remark:
    score = score_hand(question.cards, question.other, rules)
    if score.winner == "knocker" and not score.layoffs_allowed:  # a gin where nothing may be laid off
        return Remark(N_("The knocker scores {points}: the bonus of {bonus} and the defender's {deadwood} of "
                         "deadwood, with nothing laid off onto a gin."),
                      {"points": score.points, "bonus": score.bonus, "deadwood": score.defender_deadwood})
    if score.winner == "knocker":
        return Remark(N_("The knocker scores {points}, once the defender has laid off what fits."),
                      {"points": score.points})
    return Remark(N_("The defender scores {points}: an undercut, once the defender has laid off what fits."),
                  {"points": score.points})


def _target(question: Question, rules: Ruleset) -> str:
    return f"{'pass' if rules.target_must_be_exceeded else 'reach'}_{rules.target}"


def _target_reason(question: Question, rules: Ruleset) -> Remark:
    if rules.target_must_be_exceeded:
        return Remark(N_("When a player's hand points pass {target}."), {"target": rules.target})
    return Remark(N_("When a player's hand points reach {target}."), {"target": rules.target})


def _shutout_reason(question: Question, rules: Ruleset) -> Remark:
    if rules.shutout_doubles_hand_points:
        return Remark(N_("They are doubled, before the bonuses."))
    return Remark(N_("They stay as they are, and the winner adds {bonus} more."), {"bonus": rules.shutout_bonus})


# --- play -----------------------------------------------------------------------------------------

def _rule_of_thumb(question: Question, rules: Ruleset) -> str:
    turn, deadwood = question.numbers
    return knock_or_wait(deadwood, turn)


def _rule_of_thumb_reason(question: Question, rules: Ruleset) -> Remark:
    turn, deadwood = question.numbers
    if deadwood in WEAK_KNOCK:
        return Remark(N_("Wait: with {low} to {high}, a knock is just the one an undercut punishes."),
                      {"low": WEAK_KNOCK.start, "high": WEAK_KNOCK.stop - 1})
    if knock_or_wait(deadwood, turn) == "wait":
        return Remark(N_("Wait: before turn {turn}, knock only with {most} or less."),
                      {"turn": EARLY_TURNS, "most": EARLY_KNOCK_MOST})
    return Remark(N_("Knock: the rule of thumb does not hold you back here."))


def _rule_of_thumb_params(question: Question) -> dict[str, Any]:
    return {"turn": question.numbers[0], "deadwood": question.numbers[1]}


def _discards(cards: tuple[Card, ...]) -> dict[Card, int]:
    """The deadwood each discard of eleven cards leaves."""
    return {c: analyze(tuple(o for o in cards if o is not c)).deadwood for c in cards}


def _least_discards(cards: tuple[Card, ...]) -> list[Card]:
    left = _discards(cards)
    return [c for c, d in left.items() if d == min(left.values())]


def _discard_offered(question: Question, rules: Ruleset | None) -> tuple[str, ...]:
    """The three lightest throws, in the hand's order."""
    left = _discards(question.cards)
    ranked = sorted(question.cards, key=lambda c: (left[c], -c.value, c.index))
    return tuple(str(c) for c in sorted(ranked[:3], key=lambda c: c.index))


def _discard_reason(question: Question, rules: Ruleset) -> Remark:
    best = _least_discards(question.cards)[0]
    return Remark(N_("Throwing {the_card} leaves {points} of deadwood, the least."),
                  {"card": best, "points": _discards(question.cards)[best]})


def _discard_slip(question: Question, given: str, rules: Ruleset) -> Remark | None:
    thrown = next((c for c in question.cards if str(c) == given), None)
    if thrown is None or thrown == _least_discards(question.cards)[0]:
        return None
    return Remark(N_("Throwing {the_card} leaves {points} of deadwood: another throw leaves less."),
                  {"card": thrown, "points": _discards(question.cards)[thrown]})


def _cold(cards: tuple[Card, ...]) -> list[str]:
    """The suit thrown most, when it is thrown often enough (001's tip) and alone at the top."""
    counts = Counter(c.suit for c in cards)
    most = max(counts.values())
    top = [s for s, n in counts.items() if n == most]
    return top if most >= COLD_SUIT and len(top) == 1 else []


def _cold_answer(question: Question, rules: Ruleset) -> str:
    return SUIT_SYMBOLS[_cold(question.cards)[0]]


def _cold_reason(question: Question, rules: Ruleset) -> Remark:
    return Remark(N_("{suit}: the opponent keeps throwing that suit, so they are building nothing in it (and, "
                     "gin-tutor's reading, your loose cards of that suit are safer to throw)."),
                  {"suit": _cold_answer(question, rules)})


def _cold_slip(question: Question, given: str, rules: Ruleset) -> Remark | None:
    if given == _cold_answer(question, rules):
        return None
    thrown = sum(SUIT_SYMBOLS[c.suit] == given for c in question.cards)
    if not thrown:
        return Remark(N_("They have not thrown {suit} at all: that says nothing about what they collect."),
                      {"suit": given})
    return Remark(N_("They have thrown {suit} less often than another suit."), {"suit": given})


def _wanted(question: Question) -> list[Card]:
    """The cards offered that could make a meld with the card the opponent took."""
    assert question.card is not None
    return [c for c in question.cards if could_meld(question.card, c)]


def _wanted_reason(question: Question, rules: Ruleset) -> Remark:
    return Remark(N_("{The_card} could make a meld with the card it took ({taken}): it took that card to meld it, "
                     "so it may be waiting for this one. None of the others makes a meld with it."),
                  {"card": _wanted(question)[0], "taken": question.card})


def _wanted_slip(question: Question, given: str, rules: Ruleset) -> Remark | None:
    chosen = next((c for c in question.cards if str(c) == given), None)
    if chosen is None or chosen in _wanted(question):
        return None
    return Remark(N_("{The_card} makes no meld with the card it took ({taken}): that card says nothing about it."),
                  {"card": chosen, "taken": question.card})


def _pickups_reason(question: Question, rules: Ruleset) -> Remark:
    if pickups_say(*question.numbers) == "knock":
        return Remark(N_("Knock: an opponent who takes {many} or more discards is putting their hand together fast."),
                      {"many": MANY_PICKUPS})
    return Remark(N_("Wait: an opponent who draws from the stock is slow to build, so there is time to play for gin."))


def _pickups_params(question: Question) -> dict[str, Any]:
    return {"taken": question.numbers[0], "deadwood": question.numbers[1]}


def _doubles(question: Question) -> list[Card]:
    """The cards offered that could go both in a set and in a run of the hand (001's "double use")."""
    hand = mask_of(question.cards)
    return [c for c in question.other if could_join_set_and_run(c, hand)]


def _double_reason(question: Question, rules: Ruleset) -> Remark:
    return Remark(N_("{The_card} could go in a set with a card of its rank and in a run with a card of its suit: it "
                     "works twice, so it is the one to keep."), {"card": _doubles(question)[0]})


def _double_slip(question: Question, given: str, rules: Ruleset) -> Remark | None:
    chosen = next((c for c in question.other if str(c) == given), None)
    if chosen is None or chosen in _doubles(question):
        return None
    return Remark(N_("{The_card} could go in one kind of meld at most: look for a card that fits two."),
                  {"card": chosen})


def _take(question: Question, rules: Ruleset) -> bool:
    assert question.card is not None
    return bool(taken_meld(mask_of(question.cards), question.card))


def _take_reason(question: Question, rules: Ruleset) -> Remark:
    assert question.card is not None
    meld = taken_meld(mask_of(question.cards), question.card)
    if meld:
        return Remark(N_("Take it: it makes a meld at once ({meld}), which is worth letting the opponent see."),
                      {"meld": " ".join(str(c) for c in meld)})
    return Remark(N_("Leave it: it makes no meld with your cards, and taking it would only tell the opponent "
                     "what you hold."))


def _score_reason(question: Question, rules: Ruleset) -> Remark:
    if score_says(question.numbers[0]) == "knock":
        return Remark(N_("Knock: with {few} or fewer points to go, any knock that is not undercut is likely to end "
                         "the game, so do not wait for gin."), {"few": FEW_POINTS})
    return Remark(N_("The score tip does not push you: with more than {few} points to go, decide as in any hand."),
                  {"few": FEW_POINTS})


TYPES: dict[str, QuestionType] = {
    "deal": QuestionType(N_("How many cards does each player get in the deal?"), _read_nothing,
                         _numbers(_deal_slips), lambda q, r: str(HAND_SIZE),
                         lambda q, r: Remark(N_("Each player gets {count} cards, one at a time; the next card is "
                                                "turned up to start the discard pile."), {"count": HAND_SIZE}),
                         _slip_of(_deal_slips)),
    "value": QuestionType(N_("How much does this card count when it is left loose?"), _read_card,
                          _numbers(_value_slips), lambda q, r: str(q.card.value if q.card else 0),
                          lambda q, r: Remark(N_("{The_card} counts {value}: an ace 1, a jack, queen or king 10, "
                                                 "any other card its number."),
                                              {"card": q.card, "value": q.card.value if q.card else 0}),
                          _slip_of(_value_slips)),
    "deadwood": QuestionType(N_("How much deadwood does this hand leave, arranged at its best?"), _read_cards(10),
                             _numbers(_deadwood_slips), lambda q, r: str(analyze(q.cards).deadwood),
                             _deadwood_reason, _slip_of(_deadwood_slips)),
    "meld": QuestionType(N_("Is this a meld?"), _read_cards(None), _words(*YES_NO),
                         _yes_no(lambda q, r: meld_problem(q.cards) is None), _meld_reason),
    "fits": QuestionType(N_("Can the first card be laid off onto this meld?"), _read_fits, _words(*YES_NO),
                         _yes_no(_fits), _fits_reason),
    "upcard": QuestionType(N_("Under the chosen rules, who decides first whether to take the first upcard?"),
                           _read_nothing, _words("non_dealer", "dealer", "nobody"),
                           lambda q, r: "non_dealer",  # with an offer or without one (then it is their first turn)
                           _upcard_reason),
    "taken_back": QuestionType(N_("You have just taken the top card of the discard pile. May you throw it back in "
                                  "the same turn?"), _read_nothing, _words(*YES_NO), _yes_no(_may_throw_back),
                               _taken_back_reason),
    "dealer": QuestionType(N_("Under the chosen rules, who deals the next hand after a hand that someone won?"),
                           _read_nothing, _words("alternate", "winner"),
                           lambda q, r: "winner" if r.next_dealer == "hand_winner" else "alternate", _dealer_reason),
    "void": QuestionType(N_("Under the chosen rules, how many cards are left in the stock when a discard without a "
                            "knock ends the hand void?"), _read_nothing, _numbers(_void_counts),
                         lambda q, r: str(r.void_at_stock), _void_reason),
    "knock": QuestionType(N_("May this hand knock under the chosen rules?"), _read_cards(10), _words(*YES_NO),
                          _yes_no(lambda q, r: may_knock(q.cards, r)), _knock_reason),
    "big_gin": QuestionType(N_("Under the chosen rules, are eleven cards all in melds, just after drawing, a big "
                               "gin?"), _read_nothing, _words(*YES_NO), _yes_no(lambda q, r: r.big_gin_allowed),
                            _big_gin_reason),
    "gin_layoff": QuestionType(N_("Under the chosen rules, may the defender lay off cards onto a gin?"),
                               _read_nothing, _words(*YES_NO), _yes_no(lambda q, r: r.layoffs_onto_gin),
                               _gin_layoff_reason),
    "winner": QuestionType(N_("The knocker ends with {knocker} of deadwood and the defender, after laying off, with "
                              "{defender}. Under the chosen rules, who wins the hand?"), _read_numbers,
                           _words("knocker", "defender"), _winner, _winner_reason, params=_winner_params),
    "tie": QuestionType(N_("The knocker and the defender end with the same deadwood. Under the chosen rules, who "
                           "wins the hand?"), _read_nothing, _words("knocker", "defender"),
                        lambda q, r: "defender" if r.undercut_on_tie else "knocker", _tie_reason),
    "points": QuestionType(N_("The first hand knocks against the second. Under the chosen rules, how many points "
                              "does the winner of the hand score?"), _read_hands, _numbers(_score_slips),
                           lambda q, r: str(score_hand(q.cards, q.other, r).points), _points_reason,
                           _slip_of(_score_slips)),
    "target": QuestionType(N_("Under the chosen rules, when does the game end?"), _read_nothing,
                           _words("reach_50", "reach_100", "pass_100"), _target, _target_reason),
    "shutout": QuestionType(N_("The winner of the game won every hand. Under the chosen rules, what happens to "
                               "their hand points?"), _read_nothing, _words("doubled", "plus_100"),
                            lambda q, r: "doubled" if r.shutout_doubles_hand_points else "plus_100",
                            _shutout_reason),
    "rule_of_thumb": QuestionType(N_("It is your turn {turn} and your discard would leave {deadwood} of deadwood. "
                                     "What does source 001's rule of thumb say?"), _read_numbers,
                                  _words("knock", "wait"), _rule_of_thumb, _rule_of_thumb_reason,
                                  params=_rule_of_thumb_params),
    "discard": QuestionType(N_("Which discard leaves the least deadwood?"), _read_discard, _discard_offered,
                            lambda q, r: str(_least_discards(q.cards)[0]), _discard_reason, _discard_slip),
    "cold": QuestionType(N_("The opponent has thrown these cards this hand. By source 001's tip, which suit are "
                            "they not collecting?"), _read_cold,
                         _words(*SUIT_SYMBOLS.values()),  # every suit: "never thrown" is the slip for "not collected"
                         _cold_answer, _cold_reason, _cold_slip),
    "wanted": QuestionType(N_("The opponent took {the_card} from the discard pile. Which of these cards would you "
                              "rather not throw?"), _read_wanted,
                           lambda q, r: tuple(str(c) for c in q.cards), lambda q, r: str(_wanted(q)[0]),
                           _wanted_reason, _wanted_slip, params=lambda q: {"card": q.card}),
    "pickups": QuestionType(N_("Cards the opponent has taken from the discard pile this hand: {taken}. You could "
                               "knock with {deadwood} of deadwood. What does source 001's tip on their pickups say?"),
                            _read_pickups, _words("knock", "wait"), lambda q, r: pickups_say(*q.numbers),
                            _pickups_reason, params=_pickups_params),
    "double": QuestionType(N_("In this hand, which of these cards would you keep, by source 001's tip on cards that "
                              "work twice?"), _read_double, lambda q, r: tuple(str(c) for c in q.other),
                           lambda q, r: str(_doubles(q)[0]), _double_reason, _double_slip),
    "take": QuestionType(N_("The opponent has just thrown {the_card}. By source 001's tip on the discard pile, do "
                            "you take it into this hand?"), _read_take, _words(*YES_NO), _yes_no(_take),
                         _take_reason, params=lambda q: {"card": q.card}),
    "score": QuestionType(N_("You could knock now. Points you still need to win the game: {needed}. What does "
                             "source 000's tip on the score say?"), _read_score, _words("knock", "wait"),
                          lambda q, r: score_says(q.numbers[0]), _score_reason,
                          params=lambda q: {"needed": q.numbers[0]}),
}
"""Every type of question, by the name a lesson writes after ``::: ask``."""
QUESTION_TYPES = tuple(TYPES)


def read_question(body: str) -> Question:
    """A question from a lesson block's body (``meld 7H 8H 9H``, ``fits 10H | 7H 8H 9H``...)."""
    kind, _, rest = body.strip().partition(" ")
    if kind not in TYPES:
        raise QuestionError(f"unknown question {kind!r}: one of {', '.join(QUESTION_TYPES)}")
    try:
        question = TYPES[kind].read(kind, rest.strip())
    except ValueError as error:
        raise QuestionError(f"question {body!r}: {error}") from error
    if len(set(choices(question, None))) < 2:
        raise QuestionError(f"question {body!r}: it offers fewer than two answers")
    return question


def choices(question: Question, rules: Ruleset | None) -> tuple[str, ...]:
    """The answers offered, in order. Numbers are offered as digits, cards by code, suits by symbol.
    ``rules`` is needed only by the questions whose answers depend on it (None when a lesson is
    read: any ruleset's answers are then checked)."""
    return TYPES[question.type].offered(question, rules)


def answer(question: Question, rules: Ruleset) -> str:
    """The right answer, computed by the engine under ``rules``."""
    return TYPES[question.type].answer(question, rules)


def prompt(question: Question) -> Remark:
    """The question itself, with what it names (the two deadwood counts, the turn)."""
    if question.type == "deadwood" and not analyze(question.cards).melds:  # lesson 1: before melds are taught
        return Remark(N_("How many points do these loose cards add up to?"))
    kind = TYPES[question.type]
    return Remark(kind.prompt, kind.params(question))


def reason(question: Question, rules: Ruleset) -> Remark:
    """Why the answer is what it is, in one sentence."""
    return TYPES[question.type].reason(question, rules)


def slip(question: Question, given: str, rules: Ruleset) -> Remark | None:
    """What a wrong answer missed, in a line that does not give the answer away (None where the
    answer is right, or is no usual slip)."""
    if given == answer(question, rules):
        return None
    return TYPES[question.type].slip(question, given, rules)
