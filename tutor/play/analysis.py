"""The analysis: every option of a decision valued in expected points, by simulation.

``analyze_decision(view, samples=200, seed=1, opponent="strong")`` values each legal move of the
player whose view it is by the **expected net points of the hand** for that player: the points it
wins minus the points it loses when the hand ends, under the view's own rules (a void hand is 0),
against an opponent of the level ``opponent`` (:mod:`tutor.play.opponents`).

What it models:

- **The hidden cards.** The opponent's hand and the stock's order are drawn at random, consistent
  with everything the view shows: the player's cards and the pile are where they are; the cards the
  opponent took from the pile and still holds are in its hand. Its other cards are drawn as its play
  would have kept them (:class:`HistorySampler`): dealt at random, then improved once for each card
  it has thrown (one more unseen card drawn, its level's throw made), and drawn again if its level
  would have knocked with it at one of those turns and did not, or if a card it took from the pile
  is not in one of its melds. Each unseen card is weighed by how likely the opponent is to hold it
  (lower near what it threw or left on the pile, higher near what it took: the strong player's
  reading, :func:`tutor.play.bots.planner.hold_weights`). The rest make the stock, in a random
  order for each player (:class:`~tutor.play.simulate.Stock`). Each draw of these is a *world*.
  (Ten unseen cards drawn by their weights alone, :class:`WorldSampler`, make an opponent far
  weaker than play makes it.)
- **The rest of the hand.** In each world, each option is played and the hand is then played to its
  end (:mod:`tutor.play.simulate`): the opponent as its level plays, the mover carefully (the
  strong player's play, with its throws and its knocks near the wall weighed on what it believes of
  the opponent's hand: a :class:`~tutor.play.simulate.Belief` drawn from the same model, apart from
  the worlds), scored by the engine (layoffs, gin, undercuts, the wall). Every option meets the
  same worlds (common random numbers), so their differences are much sharper than their values.

What it does not model: an opponent cleverer than its level's model, what the opponent might infer
from the player's own discards, the score of the game for the player (every point counts the
same; the opponent's level may knock at once when the score is close, as it does in the game), and
any later decision of the player other than by the careful policy. ``expected`` is an estimate:
``stderr`` is its standard error over the worlds (sampling only: within the model, not the model's
own error), and :meth:`Analysis.loss` gives a move's cost against the best with the standard error
of the paired difference. :mod:`tutor.play.evaluation` grows the worlds of a decision until its
verdict is settled.
"""

from __future__ import annotations

import math
import operator
import random
import statistics
import zlib
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from tutor.engine.cards import Card, cards_of_mask, parse_card
from tutor.engine.rules import Ruleset
from tutor.play.bots.planner import eager_to_knock, hold_weights, knocks_now
from tutor.play.bots.reading import Table, read_view
from tutor.play.compiled import MELD_PAIRS, VALUES, discard_reach, min_deadwood
from tutor.play.errors import ImpossibleViewError, NothingToDecideError
from tutor.play.hand import View
from tutor.play.moves import Move
from tutor.play.opponents import DEFAULT_OPPONENT, history_waste, opponent_policy
from tutor.play.simulate import (
    CAREFUL,
    COMPILED,
    DISCARD,
    DRAW,
    FIRST_UPCARD,
    MAX_BELIEF,
    Belief,
    Policy,
    Sim,
    Stock,
    big_gin,
    draw_stock,
    pass_upcard,
    pick_throw,
    play_out,
    policy_args,
    risk_of,
    scoring_args,
    step,
    throw,
)
from tutor.play.simulate import take as take_upcard

PHASES = {"first_upcard": FIRST_UPCARD, "draw": DRAW, "discard": DISCARD}
BELIEF_WORLDS = 64
"""Opponent hands drawn for the mover's belief by default (see :class:`~tutor.play.simulate.Belief`):
the expert's own analysis draws fewer, the coach's :data:`BELIEF_HANDS`."""
BELIEF_HANDS = 32_000
"""Opponent hands drawn for the coach's belief: the same hands as the map the learner is shown
(:data:`tutor.play.holding.HOLDING_DRAWS`). The careful mover's throws hang on the chances they
give (:func:`~tutor.play.simulate.believed_risk`): drawn again at a discard of the expert's games,
a belief of 2,000 hands moved a loss by 0.2–0.5 points, far more than its worlds' standard error
(0.1), 8,000 by 0.06–0.14, and 32,000 (with the risks blurred a world at a time,
:data:`~tutor.play.simulate.RISK_BLUR`) by 0.02–0.06. Drawn in C, they take some 50 ms."""
KNOCK_HANDS = 32
"""How many of the belief's hands each world weighs a knock near the wall on (in turn: every world
on other hands, :meth:`~tutor.play.simulate.Belief.slices`)."""


@dataclass(frozen=True)
class OptionValue:
    """One legal move, with its expected net points for the mover and that estimate's standard error."""

    move: Move
    expected: float
    stderr: float


@dataclass(frozen=True)
class Analysis:
    """Every legal move of a decision, best first, with the value of each in every world played."""

    options: tuple[OptionValue, ...]
    samples: int
    outcomes: dict[Move, tuple[float, ...]]
    """For each move, its net points in each world, in the order the worlds were drawn."""

    @property
    def best(self) -> Move:
        """The move with the highest expected points."""
        return self.options[0].move

    def value(self, move: Move) -> OptionValue:
        """The value of one legal move."""
        return next(o for o in self.options if o.move == move)

    def loss(self, move: Move) -> tuple[float, float]:
        """The expected points ``move`` gives up against the best move, and the standard error of
        that difference (paired over the same worlds)."""
        return self.gap(move, self.best)

    def gap(self, move: Move, against: Move) -> tuple[float, float]:
        """The expected points ``move`` gives up against ``against`` (negative where it is worth
        more), with the standard error of that paired difference."""
        return paired_gap(self.outcomes[move], self.outcomes[against])


def paired_gap(move: Sequence[float], against: Sequence[float]) -> tuple[float, float]:
    """The mean of ``against - move`` over the same worlds, and its standard error."""
    differences = list(map(operator.sub, against, move))
    if len(differences) != len(move) or len(move) != len(against):
        raise ValueError("paired outcomes must be as many on both sides")
    return math.fsum(differences) / len(differences), stderr_of(differences)


def stderr_of(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two): the sample standard
    deviation over the square root of their count, in floating point with exact sums (``math.fsum``;
    ``statistics.stdev`` works in fractions, some forty times slower on thousands of outcomes)."""
    count = len(values)
    if count < 2:
        return 0.0
    mean = math.fsum(values) / count
    deviations = [value - mean for value in values]
    return math.sqrt(math.fsum(map(operator.mul, deviations, deviations)) / (count - 1) / count)


# --- The hidden cards ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hidden:
    """What a view leaves unknown: the unseen cards (in a fixed order), how many of them the
    opponent holds, their weights, and the opponent's cards that are known."""

    unseen: tuple[int, ...]
    opponent_hidden: int
    weights: tuple[float, ...]
    opponent_known: int
    rounds: int = 0
    """How many times the opponent has drawn and thrown a card this hand."""
    thrown: tuple[int, ...] = ()
    """The cards the opponent threw this hand."""


def hidden_of(table: Table, reading: bool = True) -> Hidden:
    """The unknowns of a table (an :class:`ImpossibleViewError` when its cards do not add up to a
    deck); ``reading`` weighs the unseen cards by where they probably are
    (uniform without it)."""
    unseen = tuple(c.index for c in cards_of_mask(table.unseen))
    if len(unseen) != table.opponent_hidden + table.stock_size:
        raise ImpossibleViewError(unseen=len(unseen), hidden=table.opponent_hidden + table.stock_size)
    weights = hold_weights(table) if reading else {}
    return Hidden(unseen, table.opponent_hidden, tuple(weights.get(i, 1.0) for i in unseen), table.opponent_known,
                  len(table.opponent_discards), tuple(c.index for c in table.opponent_discards))


def _subset_sums(weights: Sequence[float], k: int) -> list[list[float]]:
    """``sums[j][m]``: the sum, over every choice of ``m`` items among items ``j`` on, of the
    product of their weights (the elementary symmetric polynomials of the tail)."""
    n = len(weights)
    sums = [[0.0] * (k + 1) for _ in range(n + 1)]
    sums[n][0] = 1.0
    for j in range(n - 1, -1, -1):
        sums[j][0] = 1.0
        for m in range(1, k + 1):
            sums[j][m] = sums[j + 1][m] + weights[j] * sums[j + 1][m - 1]
    return sums


def _deal(hidden: Hidden, sums: list[list[float]], rng: random.Random) -> tuple[int, list[int]]:
    """The opponent's hidden cards, drawn with probability proportional to the product of their
    weights (card by card, exactly), beside its known ones; and the unseen cards left."""
    need, hand, rest = hidden.opponent_hidden, hidden.opponent_known, []
    for j, card in enumerate(hidden.unseen):
        if need and rng.random() * sums[j][need] < hidden.weights[j] * sums[j + 1][need - 1]:
            hand |= 1 << card
            need -= 1
        else:
            rest.append(card)
    return hand, rest


class WorldSampler:
    """Draws worlds: the opponent's hidden cards with probability proportional to the product of
    their weights, and the stock's order at random."""

    def __init__(self, hidden: Hidden) -> None:
        self.hidden = hidden
        self.sums = _subset_sums(hidden.weights, hidden.opponent_hidden)

    def draw(self, rng: random.Random) -> tuple[int, list[int]]:
        """One world: the opponent's hand (a mask) and the stock (in a random order)."""
        hand, stock = _deal(self.hidden, self.sums, rng)
        rng.shuffle(stock)
        return hand, stock


REDRAWS = 24
"""How many histories of a world are drawn, at most, when none fits what the opponent did in every
way (its deal would have knocked at once, or a card it took is not melded at the end)."""


class HistorySampler:
    """Draws worlds in which the opponent holds what its play would have kept: it is dealt its
    hidden cards (by their weights, beside the cards it is known to hold), then, once for each card
    it has thrown this hand, it draws one more unseen card (by its weight) and makes its level's
    throw (never a card it is known to hold; the card goes back among the unseen). The rest is the
    stock, in a random order.

    It did not knock: at each of those turns the card it draws is one that leaves a hand its level
    would not have knocked with (each such card by its weight; a card it threw, by
    :attr:`waste`, leaves the hand as it was), and a deal it would have knocked with at its first
    turn is dealt again. It took its known cards to meld them: a history whose hand does not meld
    each of them, where some unseen cards could, is drawn again. After :data:`REDRAWS` histories
    none of which fits in every way, the first that fits best is kept (:meth:`score`: a deal that
    would not have knocked first, then as many taken cards melded as can be).

    A hand that has had its turns is much better than ten cards drawn at random: in hands the strong
    player plays against itself, the opponent's deadwood at its eighth turn averages 13, where ten
    unseen cards drawn at random average 45. Sampling that way would have the analysis knock
    into undercuts; this sampler brings the average to what play gives, and the knocks it values
    to what the real hands score (``tests/test_analysis.py`` measures both)."""

    def __init__(self, hidden: Hidden, rules: Ruleset | None = None, stock_size: int = 0,
                 policy: Policy | None = None, score: tuple[int, int] | None = None, waste: float = 0.0) -> None:
        self.hidden = hidden
        self.waste = waste
        """The weight, beside an unseen card's, of each card the opponent threw when a turn of its
        history draws a card (:func:`tutor.play.opponents.history_waste`): drawing one, the turn
        leaves the hand as it was (it threw that card straight back)."""
        self.weight = dict(zip(hidden.unseen, hidden.weights, strict=True))
        self.rules = rules
        self.stock_size = stock_size
        self.policy = policy if policy is not None else opponent_policy(DEFAULT_OPPONENT)
        self.deals = 0
        """How many deals :meth:`python_draw` has made so far (a history that does not fit is dealt again)."""
        self.eager = rules is not None and eager_to_knock(self.policy.style, score, rules.target)
        self.sums = _subset_sums(hidden.weights, hidden.opponent_hidden)
        possible = hidden.opponent_known
        for card in hidden.unseen:
            possible |= 1 << card
        self.meldable = tuple(1 << c.index for c in cards_of_mask(hidden.opponent_known)
                              if any(pair & possible == pair for pair in MELD_PAIRS[c.index]))
        """The known cards that some unseen cards could meld with: each must be melded."""
        style = self.policy.style
        self._compiled = None if COMPILED is None else COMPILED.history_sampler(
            hidden.unseen, hidden.weights, self.sums, hidden.opponent_hidden, hidden.opponent_known, hidden.rounds,
            len(hidden.thrown), waste, self.meldable, stock_size, None if rules is None else rules.knock_limit,
            (style.gin_wait, style.gin_wait_stock, style.careful_from, style.careful_stock), self.eager,
            self.policy.keeps_partners, REDRAWS)
        """The compiled sampler (the same worlds from the same generator), where there is one."""

    @property
    def turns(self) -> int:
        """How many turns of the opponent's history are drawn (none when all its cards are known)."""
        return self.hidden.rounds if self.hidden.opponent_hidden else 0

    def stock_at(self, turn: int) -> int:
        """The stock's size when the opponent made its ``turn``-th throw (from 0) of its rounds."""
        return self.stock_size + 1 + 2 * (self.hidden.rounds - 1 - turn)

    def would_have_knocked(self, hand: int, stock_size: int | None = None) -> bool:
        """Whether the opponent, left with ``hand`` after a throw with ``stock_size`` cards in the
        stock (by default, after its last throw), would then have knocked, as its level times it."""
        if self.rules is None or not self.hidden.rounds:
            return False
        deadwood = min_deadwood(hand)
        stock = self.stock_at(self.hidden.rounds - 1) if stock_size is None else stock_size
        return self.rules.may_knock_with(deadwood) and knocks_now(self.policy.style, deadwood, stock, self.eager)

    def dealt_knock(self, hand: int) -> bool:
        """Whether a deal of ``hand`` would have knocked at the opponent's first turn (whatever it drew)."""
        return bool(self.turns) and self.would_have_knocked(hand, self.stock_at(0))

    def melded_known(self, hand: int) -> int:
        """How many of the cards the opponent took from the pile (that some unseen cards could meld
        with) are in a meld of ``hand``: one that melds in every least-deadwood arrangement."""
        if not self.meldable:
            return 0
        least = min_deadwood(hand)
        return sum(min_deadwood(hand & ~bit) + VALUES[bit.bit_length() - 1] > least for bit in self.meldable)

    def melds_known(self, hand: int) -> bool:
        """Whether every card the opponent took from the pile (and could meld) is in a meld of ``hand``."""
        return self.melded_known(hand) == len(self.meldable)

    def score(self, hand: int, dealt_well: bool) -> int:
        """How well a history fits what the opponent did (higher is better): first, that its deal
        would not have knocked at once (``dealt_well``); then how many of its taken cards it melds."""
        return (len(self.meldable) + 1) * dealt_well + self.melded_known(hand)

    @property
    def perfect(self) -> int:
        """The score of a history that fits in every way."""
        return 2 * len(self.meldable) + 1

    def after_draw(self, hand: int, card: int) -> int:
        """The hand left when ``hand`` draws ``card`` and makes its level's throw."""
        eleven = hand | 1 << card
        return eleven & ~(1 << kept_throw(eleven, self.hidden.opponent_known, self.policy.keeps_partners))

    def draw(self, rng: random.Random) -> tuple[int, list[int]]:
        """One world: the opponent's hand (a mask) and the stock (in a random order). The first
        history that fits in every way (:meth:`score`) is kept; after :data:`REDRAWS` that do not,
        the first of those that fit best. By the compiled sampler where there is one (the same world:
        it asks ``rng`` for every random number, in the same order)."""
        if self._compiled is not None and COMPILED is not None:
            drawn: tuple[int, list[int]] = COMPILED.history_draw(self._compiled, rng.random, rng.getrandbits)
            return drawn
        return self.python_draw(rng)

    def python_draw(self, rng: random.Random) -> tuple[int, list[int]]:
        """:meth:`draw` in Python."""
        best: tuple[int, list[int]] | None = None
        best_score = -1
        good_deal = len(self.meldable) + 1
        for _ in range(REDRAWS):
            self.deals += 1
            dealt = _deal(self.hidden, self.sums, rng)
            dealt_well = not self.dealt_knock(dealt[0])
            if not dealt_well and best_score >= good_deal:
                continue  # it could not be kept: a history from a better deal is already in hand
            hand, pool = self._history(dealt, rng)
            score = self.score(hand, dealt_well)
            if score == self.perfect:
                return _shuffled((hand, pool), rng)
            if score > best_score:
                best, best_score = (hand, pool), score
        assert best is not None
        return _shuffled(best, rng)

    def _history(self, dealt: tuple[int, list[int]], rng: random.Random) -> tuple[int, list[int]]:
        """The turns of one history from a deal: the hand they leave and the unseen cards left."""
        hand, pool = dealt
        weight = self.weight
        ghosts = len(self.hidden.thrown) if self.waste else 0
        for turn in range(self.turns):
            stock = self.stock_at(turn)
            candidates = [*pool]
            while True:
                wasted = ghosts * self.waste
                total = sum(map(weight.__getitem__, candidates)) + wasted
                if total <= 0:
                    break  # no card it may have drawn: the turn leaves the hand as it was
                point = rng.random() * total
                if point < wasted:
                    ghosts -= 1  # it drew a card it threw straight back
                    break
                point -= wasted
                place = len(candidates) - 1
                for at, card in enumerate(candidates):
                    point -= weight[card]
                    if point < 0:
                        place = at
                        break
                card = candidates[place]
                kept = self.after_draw(hand, card)
                if not self.would_have_knocked(kept, stock):
                    pool.remove(card)
                    pool.append(kept_throw(hand | 1 << card, self.hidden.opponent_known,
                                           self.policy.keeps_partners))
                    hand = kept
                    break
                candidates.pop(place)  # it would have knocked: it drew another card
        return hand, pool


def _shuffled(world: tuple[int, list[int]], rng: random.Random) -> tuple[int, list[int]]:
    rng.shuffle(world[1])
    return world


def python_kept_throw(hand: int, keep: int, partners: bool) -> int:
    """The card of an eleven-card hand, not among ``keep``, whose throw leaves least deadwood: the
    highest of those, or (``partners``) the one with fewest partners, then the highest. In Python;
    :data:`kept_throw` is the compiled one where there is one (the same card, tested)."""
    least, reach = discard_reach(hand)
    reach &= ~keep
    if not reach:
        least = 1 << 30
        rest = hand & ~keep
        while rest:
            bit = rest & -rest
            rest ^= bit
            dw = min_deadwood(hand ^ bit)
            if dw < least:
                least, reach = dw, bit
            elif dw == least:
                reach |= bit
    return pick_throw(reach, hand, partners)


kept_throw: Callable[[int, int, bool], int] = COMPILED.kept_throw if COMPILED is not None else python_kept_throw
"""The card the opponent's history throws (:func:`python_kept_throw`): compiled where there is a compiled one."""


def every_world(hidden: Hidden) -> Iterator[tuple[float, int, list[int]]]:
    """Every world a view allows, with its probability: each opponent hand (by its weight) and each
    order of the stock (equally likely). For tests on positions with two or three cards left in the
    stock, where there are a few thousand at most."""
    hands = list(combinations(range(len(hidden.unseen)), hidden.opponent_hidden))
    total = sum(math.prod(hidden.weights[j] for j in chosen) for chosen in hands)
    for chosen in hands:
        weight = math.prod(hidden.weights[j] for j in chosen) / total
        hand = hidden.opponent_known
        for j in chosen:
            hand |= 1 << hidden.unseen[j]
        rest = [hidden.unseen[j] for j in range(len(hidden.unseen)) if j not in chosen]
        orders = list(permutations(rest))
        for order in orders:
            yield weight / len(orders), hand, list(order)


@dataclass(frozen=True)
class HistoryOdds:
    """The odds of every hand one history of the model may leave the opponent, by how well the
    history fits (:meth:`HistorySampler.score`; ``perfect`` is the best score)."""

    by_score: dict[int, dict[int, float]]
    perfect: int

    def final(self) -> dict[int, float]:
        """The odds of each hand :class:`HistorySampler` returns: the first of :data:`REDRAWS`
        histories that fits in every way, else the first of those that fit best (for each score,
        the chance that it is the best of them all, times the hand's odds among histories of that
        score)."""
        share = {score: sum(odds.values()) for score, odds in self.by_score.items()}
        out: dict[int, float] = {}

        def add(odds: dict[int, float], weight: float) -> None:
            total = sum(odds.values())
            for hand, p in odds.items():
                out[hand] = out.get(hand, 0.0) + weight * p / total

        if self.perfect in self.by_score:
            add(self.by_score[self.perfect], 1.0 - (1.0 - share[self.perfect]) ** REDRAWS)
        below = 0.0
        for score in sorted(s for s in self.by_score if s != self.perfect):
            at_most = below + share[score]
            add(self.by_score[score], at_most ** REDRAWS - below ** REDRAWS)
            below = at_most
        return out


def history_odds(sampler: HistorySampler) -> HistoryOdds:
    """Every hand one history of :class:`HistorySampler` may leave, with its odds and how well it
    fits, enumerated: each deal of the hidden cards (by the product of their weights), each card
    drawn at each turn (by its weight among those its level would not have knocked after), the
    throw. For positions late in a hand with few unseen cards (a few hundred deals)."""
    hidden = sampler.hidden
    deals = list(combinations(range(len(hidden.unseen)), hidden.opponent_hidden))
    total = sum(math.prod(hidden.weights[j] for j in chosen) for chosen in deals)
    ghosts = len(hidden.thrown) if sampler.waste else 0
    states: dict[tuple[int, bool, int], float] = {}
    for chosen in deals:
        hand = hidden.opponent_known
        for j in chosen:
            hand |= 1 << hidden.unseen[j]
        key = hand, not sampler.dealt_knock(hand), ghosts
        states[key] = states.get(key, 0.0) + math.prod(hidden.weights[j] for j in chosen) / total
    unseen = hidden.unseen
    for turn in range(sampler.turns):
        after: dict[tuple[int, bool, int], float] = {}
        stock = sampler.stock_at(turn)
        for (hand, dealt_well, left), p in states.items():
            allowed = []
            for card in unseen:
                if not hand >> card & 1:
                    kept = sampler.after_draw(hand, card)
                    if not sampler.would_have_knocked(kept, stock):
                        allowed.append((card, kept))
            weight = sum(sampler.weight[c] for c, _ in allowed) + left * sampler.waste
            if weight <= 0:
                after[hand, dealt_well, left] = after.get((hand, dealt_well, left), 0.0) + p
                continue
            if left:  # a card it threw, drawn and thrown straight back: the hand stays as it was
                key = hand, dealt_well, left - 1
                after[key] = after.get(key, 0.0) + p * left * sampler.waste / weight
            for card, kept in allowed:
                key = kept, dealt_well, left
                after[key] = after.get(key, 0.0) + p * sampler.weight[card] / weight
        states = after
    by_score: dict[int, dict[int, float]] = {}
    for (hand, dealt_well, _), p in states.items():
        odds = by_score.setdefault(sampler.score(hand, dealt_well), {})
        odds[hand] = odds.get(hand, 0.0) + p
    return HistoryOdds(by_score, sampler.perfect)


def every_history_world(sampler: HistorySampler) -> Iterator[tuple[float, int, list[int]]]:
    """Every world :class:`HistorySampler` may draw, with its probability: each hand its histories
    leave (:func:`history_odds`, redraws included) and each order of the stock."""
    hidden = sampler.hidden
    for hand, weight in history_odds(sampler).final().items():
        if not weight:
            continue
        rest = [c for c in hidden.unseen if not hand >> c & 1]
        orders = list(permutations(rest))
        for order in orders:
            yield weight / len(orders), hand, list(order)


# --- A position, and an option played in a world --------------------------------------------------

MODELS = ("history", "weights")
"""How the opponent's hidden cards are drawn: as its play would have kept them (:class:`HistorySampler`,
the default), or by their weights alone (:class:`WorldSampler`)."""


def sampler_for(table: Table, model: str = "history", reading: bool = True,
                opponent: str = DEFAULT_OPPONENT) -> WorldSampler | HistorySampler:
    """The world sampler of a model (see :data:`MODELS`) for a table, against ``opponent``'s level."""
    hidden = hidden_of(table, reading)
    if model == "weights":
        return WorldSampler(hidden)
    if model == "history":
        score = None if table.score is None else (table.score[1], table.score[0])
        return HistorySampler(hidden, table.rules, table.stock_size, opponent_policy(opponent), score,
                              history_waste(opponent))
    raise ValueError(f"unknown model {model!r}: {', '.join(MODELS)}")


def _shown_by_me(view: View, hand: int) -> int:
    """The cards the player took from the pile and still holds (the opponent has seen them)."""
    shown = 0
    for who, move, text in view["events"]:
        if who == "me" and move == "take" and text is not None:
            shown |= parse_card(text).bit
    return shown & hand


def table_sim(view: View, table: Table, opponent: Policy | None = None,
              belief: Belief | None = None, mover: Policy = CAREFUL) -> Sim:
    """The hand as the player sees it, the mover as player 0 (playing ``mover``'s careful policy on
    ``belief``) and the opponent as player 1 (playing ``opponent``'s policy): the opponent's hand
    and the stock left empty, for :func:`in_world` to fill."""
    passes = sum(1 for _, move, _ in view["events"] if move == "pass")
    dealer = 0 if view["seat"] == 1 else 1
    pile = [parse_card(text).index for text in view["discard_pile"]]
    taken = table.taken.index if table.taken is not None else -1
    policy = opponent if opponent is not None else opponent_policy(DEFAULT_OPPONENT)
    score = None if table.score is None else (table.score[1], table.score[0])
    sim = Sim([table.hand, 0], Stock(()), pile, 0, PHASES[table.phase], dealer, passes, taken)
    sim.shown = [_shown_by_me(view, table.hand), table.opponent_known]
    sim.policies = (mover, policy)
    sim.eager = (False, eager_to_knock(policy.style, score, table.rules.target))
    if belief is not None:
        sim.belief = belief
    return sim


def in_world(seen: Sim, opponent: int, stock: Stock) -> Sim:
    """The hand as it stands in one world: what the player sees, with the opponent's hand and the stock."""
    sim = seen.copy()
    sim.hands[1] = opponent
    sim.stock = stock
    return sim


def world_sim(view: View, table: Table, opponent: int, stock: Sequence[int]) -> Sim:
    """The hand as it stands in one world (``stock``: its cards, the next first, one order for
    both players), the mover as player 0, the opponent (the strong player's model) as player 1."""
    return in_world(table_sim(view, table), opponent, Stock(stock))


def play_option(sim: Sim, move: Move, table: Table) -> int:
    """Play ``move`` for player 0, then the rest of the hand; player 0's net points."""
    _first_move(sim, move, table.rules)
    return play_out(sim, table.rules)


def position_seed(view: View, salt: int | str = 0) -> str:
    """A seed made of the position alone (the cards, the pile, the history, the rules and the
    score), so that the same position is valued on the same worlds in every game; ``salt`` draws
    other worlds (a measurement of how much a verdict depends on them)."""
    key = repr((view["hand"], view["discard_pile"], view["events"], view["taken_upcard"], view["stock_size"],
                sorted(view["rules"].items()), view["score"], view["seat"]))
    return f"{zlib.crc32(key.encode()):08x}/{salt}"


def belief_seed(view: View, opponent: str, draw: int | str = 0) -> str:
    """The seed of the mover's belief about the opponent's hand at a decision, from the position
    and the level alone (the same hands make the map the learner is shown,
    :func:`tutor.play.holding.holding`: the coach believes what it shows); ``draw`` draws another."""
    return position_seed(view, opponent if draw == 0 else f"{opponent}/draw/{draw}")


class Position:
    """A decision ready to be played out: what the mover sees, the opponent's level, the sampler of
    the worlds and the mover's belief. The worlds are drawn in one fixed sequence from ``seed``:
    :meth:`world` ``i`` is always the same world."""

    def __init__(self, view: View, seed: int | str = 1, *, model: str = "history", reading: bool = True,
                 opponent: str = DEFAULT_OPPONENT, belief: int = BELIEF_WORLDS,
                 belief_seed: int | str | None = None, knock_hands: int = 0, mover: Policy = CAREFUL,
                 belief_deals: int = 0) -> None:
        """``belief_seed`` draws the mover's belief (by default ``seed``): the same belief with
        other worlds is the same careful play measured again. ``belief`` opponent hands are drawn
        for it; with ``knock_hands``, each world weighs a knock near the wall on that many of them
        in turn (:meth:`~tutor.play.simulate.Belief.slices`), else every world on the commonest.
        ``mover``: the mover's careful policy after the move valued. ``belief_deals``: the deals a
        believed hand may take on average (:func:`believed_hands`; 0: no limit)."""
        self.view = view
        self.table = read_view(view)
        self.opponent = opponent
        self.sampler = sampler_for(self.table, model, reading, opponent)
        believed = f"belief/{seed if belief_seed is None else belief_seed}"
        pool = believed_hands(self.sampler, believed, belief, belief_deals)
        self._blur_base = zlib.crc32(believed.encode())
        """World ``i`` blurs the mover's believed risks with the key ``_blur_base + i`` (:attr:`Policy.risk_blur`)."""
        risk = risk_of(pool)
        self.belief = Belief.of(pool, MAX_BELIEF if knock_hands else 12, risk)
        """The belief as one (its commonest hands): what a play-out reads unless :attr:`beliefs`
        says otherwise, and the exact values' (:func:`exact_values`, :func:`one_ply_values`)."""
        self.beliefs = Belief.slices(pool, knock_hands, risk=risk) if knock_hands else (self.belief,)
        """The beliefs the worlds play on in turn (world ``i`` on the ``i``-th modulo their number)."""
        self.seen = table_sim(view, self.table, opponent_policy(opponent), self.belief, mover)
        self._template: object | None = None
        """The decision as the compiled play-out reads it for many worlds at once (made when first needed)."""
        self._rng = random.Random(f"analysis/{seed}")
        self._opponents = array("Q")
        self._lefts = array("Q")
        self._orders: list[bytes] = []
        """World ``i``: the opponent's hand, the stock's cards (masks) and its two orders one after
        the other, kept small (some 120 bytes a world: a verdict may draw 76,800 of them)."""

    @property
    def legal(self) -> tuple[Move, ...]:
        return self.table.legal

    def world(self, index: int) -> tuple[int, Stock]:
        """World ``index`` (from 0): the opponent's hand and a new stock, drawn in order once."""
        compiled = getattr(self.sampler, "_compiled", None)
        if compiled is not None and COMPILED is not None and len(self._orders) <= index:
            # By the compiled sampler, many at once: the same worlds from the same generator, its
            # Mersenne Twister run in C from a copy of its state (and the state put back after).
            version, state, gauss = self._rng.getstate()
            after, opponents, lefts, orders = COMPILED.draw_worlds(compiled, state, index + 1 - len(self._orders))
            self._rng.setstate((version, after, gauss))
            self._opponents.extend(opponents)
            self._lefts.extend(lefts)
            self._orders.extend(orders)
        while len(self._orders) <= index:
            opponent, cards = self.sampler.draw(self._rng)
            if COMPILED is not None:
                second = COMPILED.shuffled(cards, self._rng.getrandbits)
            else:
                second = [*cards]
                self._rng.shuffle(second)
            self._opponents.append(opponent)
            self._lefts.append(sum(1 << card for card in cards))
            self._orders.append(bytes(cards) + bytes(second))
        return self._opponents[index], Stock.packed(self._orders[index], self._lefts[index])

    def outcome(self, move: Move, index: int) -> int:
        """The mover's net points when it plays ``move`` in world ``index``."""
        opponent, stock = self.world(index)
        sim = in_world(self.seen, opponent, stock)
        sim.belief = self.beliefs[index % len(self.beliefs)]
        sim.blur_key = self._blur_base + index
        return play_option(sim, move, self.table)

    def outcomes(self, move: Move, start: int, count: int) -> list[int]:
        """:meth:`outcome` of worlds ``start`` to ``start + count - 1``: by the compiled play-outs
        in one call where there are some (the same numbers, without a Python call a world)."""
        if count <= 0:
            return []
        self.world(start + count - 1)
        if COMPILED is None:
            return [self.outcome(move, index) for index in range(start, start + count)]
        if self._template is None:
            self._template = _template_of(self.seen, self.beliefs, self.table.rules, self._blur_base)
        kind, card = move
        played: list[int] = COMPILED.play_worlds(self._template, MOVE_CODES[kind], -1 if card is None else card.index,
                                                 self._opponents, self._lefts, self._orders, start, count)
        return played

    def outcome_in(self, move: Move, opponent: int, order: Sequence[int]) -> int:
        """The mover's net points when it plays ``move`` against ``opponent``'s hand with the stock
        in ``order`` for both players (the next card first), on the whole belief (:attr:`belief`)."""
        return play_option(in_world(self.seen, opponent, Stock(order)), move, self.table)


MOVE_CODES = {"take": 0, "stock": 1, "pass": 2, "discard": 3, "knock": 4, "big_gin": 5}
"""A move's kind as the compiled :func:`Position.outcomes` reads it."""


def _template_of(seen: Sim, beliefs: Sequence[Belief], rules: Ruleset, blur_base: int) -> object:
    """The decision ``seen`` as the compiled play-out reads it for many worlds (each world on one of
    ``beliefs`` in turn, world ``i`` blurring its risks with the key ``blur_base + i``)."""
    assert COMPILED is not None
    return COMPILED.play_template(
        seen.hands[0], seen.pile, (seen.to_move, seen.phase, seen.dealer, seen.passes, seen.taken, seen.moves),
        (seen.deadwood[0], seen.deadwood[1]), seen.plan, (seen.shown[0], seen.shown[1]),
        (policy_args(seen.policies[0]), policy_args(seen.policies[1])), seen.eager, seen.belief.risk,
        [belief.hands for belief in beliefs], (rules.knock_limit, rules.big_gin_allowed, rules.void_at_stock,
                                               scoring_args(rules)),
        lambda knocker, defender: seen.gain(knocker, defender, rules), blur_base)


BELIEF_DEALS = 4
"""The deals a coach's believed hand may take on average (:func:`believed_hands`): where the opponent's
history seldom fits what it did (each hand dealt again up to :data:`REDRAWS` times), the belief draws
fewer hands rather than take several times as long (0.7 s for 32,000 hands at some decisions against
the intermediate player, 50 ms at most others)."""


def believed_hands(sampler: WorldSampler | HistorySampler, seed: str, count: int, deals: int = 0) -> list[int]:
    """Up to ``count`` opponent hands drawn by ``sampler`` from a generator seeded with ``seed``,
    one world at a time (its stock drawn too, and left out), until ``deals`` deals a hand have been
    made (0: every hand, however many deals it takes): by the compiled sampler in one call where
    there is one (the same hands)."""
    rng = random.Random(seed)
    most = deals * count if deals else REDRAWS * count
    compiled = getattr(sampler, "_compiled", None)
    if compiled is not None and COMPILED is not None:
        version, state, gauss = rng.getstate()
        hands: list[int] = COMPILED.draw_hands(compiled, state, count, most)[1]
        return hands
    drawn: list[int] = []
    before = getattr(sampler, "deals", 0)
    while len(drawn) < count and (not drawn or getattr(sampler, "deals", 0) - before < most):
        drawn.append(sampler.draw(rng)[0])
    return drawn


def analyze_decision(view: View, samples: int = 200, seed: int | str = 1, *,
                     moves: Sequence[Move] | None = None, model: str = "history", reading: bool = True,
                     opponent: str = DEFAULT_OPPONENT) -> Analysis:
    """Every legal move of the view's player (or those of ``moves``), valued over ``samples``
    worlds drawn from ``seed`` by the ``model`` of the hidden cards, weighed by ``reading``,
    against an opponent of the level ``opponent`` (see the module's docstring); the same view,
    samples, seed and opponent give the same analysis."""
    position = Position(view, seed, model=model, reading=reading, opponent=opponent)
    legal = tuple(moves) if moves is not None else position.legal
    if not legal:
        raise NothingToDecideError()
    outcomes = {move: tuple(map(float, position.outcomes(move, 0, samples))) for move in legal}
    return analysis_of(outcomes, samples)


def analysis_of(outcomes: dict[Move, tuple[float, ...]], samples: int) -> Analysis:
    """An :class:`Analysis` of moves' outcomes over the same ``samples`` worlds."""
    options = [OptionValue(move, statistics.fmean(values), stderr_of(values)) for move, values in outcomes.items()]
    return Analysis(tuple(sorted(options, key=lambda o: -o.expected)), samples, outcomes)


def exact_values(view: View, model: str = "history", reading: bool = True, *,
                 opponent: str = DEFAULT_OPPONENT, seed: int | str = 1) -> dict[Move, float]:
    """The exact expected points of each legal move, over every world the view allows with its
    probability under ``model`` (:func:`every_world`, :func:`every_history_world`): the values
    :func:`analyze_decision` estimates with the same model, reading, opponent and seed (the seed
    draws the mover's belief). For positions late in a hand, with two or three cards in the stock."""
    position = Position(view, seed, model=model, reading=reading, opponent=opponent)
    sampler = position.sampler
    worlds = every_world(sampler.hidden) if isinstance(sampler, WorldSampler) else every_history_world(sampler)
    values: dict[Move, float] = dict.fromkeys(position.legal, 0.0)
    for weight, opponent_hand, order in worlds:
        for move in position.legal:
            values[move] += weight * position.outcome_in(move, opponent_hand, order)
    return values


# --- The best next decision, exactly (a reference for the continuation) ---------------------------

def next_options(sim: Sim, rules: Ruleset) -> list[Move]:
    """Every legal move of player 0 at ``sim``'s decision, as the game would offer it."""
    if sim.phase == FIRST_UPCARD:
        return [("take", None), ("pass", None)] if sim.passes < 2 else [("stock", None)]
    if sim.phase == DRAW:
        return [("take", None), ("stock", None)] if sim.pile else [("stock", None)]
    hand = sim.hands[0]
    moves: list[Move] = []
    if rules.big_gin_allowed and min_deadwood(hand) == 0:
        moves.append(("big_gin", None))
    for card in cards_of_mask(hand):
        if card.index == sim.taken:
            continue
        moves.append(("discard", card))
        if rules.may_knock_with(min_deadwood(hand & ~card.bit)):
            moves.append(("knock", card))
    return moves


def _first_move(sim: Sim, move: Move, rules: Ruleset) -> None:
    """Play ``move`` for player 0, and nothing more."""
    kind, card = move
    if kind == "take":
        take_upcard(sim)
    elif kind == "stock":
        draw_stock(sim)
    elif kind == "pass":
        pass_upcard(sim)
    elif kind == "big_gin":
        big_gin(sim, rules)
    else:
        assert isinstance(card, Card)
        throw(sim, card.index, kind == "knock", rules)


def _next_decision(sim: Sim, rules: Ruleset) -> None:
    """Play on by the policies until player 0 is to decide again (or the hand is over)."""
    while sim.result is None and not (sim.to_move == 0 and sim.phase in (DRAW, DISCARD, FIRST_UPCARD)):
        step(sim, rules)


def one_ply_values(view: View, model: str = "history", reading: bool = True, *,
                   opponent: str = DEFAULT_OPPONENT, seed: int | str = 1) -> dict[Move, tuple[float, float]]:
    """For each legal move, exactly over every world (:func:`exact_values`): its value with the
    careful continuation, and its value when the mover's next decision is instead the best on
    what it then knows (each move it may make there valued over the worlds it cannot tell apart,
    the rest of the hand by the policies). The second is never below the first; their gap is what
    the continuation leaves on the table. For end positions only: it plays every option of the
    next decision in every world."""
    return one_ply_of(Position(view, seed, model=model, reading=reading, opponent=opponent))


def one_ply_of(position: Position) -> dict[Move, tuple[float, float]]:
    """:func:`one_ply_values` of a position (its worlds' model and its mover's belief)."""
    sampler = position.sampler
    rules = position.table.rules
    worlds = list(every_world(sampler.hidden) if isinstance(sampler, WorldSampler) else every_history_world(sampler))
    values: dict[Move, tuple[float, float]] = {}
    for move in position.legal:
        policy = best = 0.0
        groups: dict[tuple[Any, ...], list[tuple[float, Sim]]] = {}
        for weight, opponent_hand, order in worlds:
            sim = in_world(position.seen, opponent_hand, Stock(order))
            _first_move(sim, move, rules)
            _next_decision(sim, rules)
            if sim.result is not None:
                policy += weight * sim.result
                best += weight * sim.result
                continue
            policy += weight * play_out(sim.copy(), rules)
            key = (sim.hands[0], tuple(sim.pile), sim.phase, sim.stock.size, sim.taken, sim.shown[1], sim.passes)
            groups.setdefault(key, []).append((weight, sim))
        for members in groups.values():
            options = next_options(members[0][1], rules)
            best += max(sum(w * _continue(s, option, rules) for w, s in members) for option in options)
        values[move] = (policy, best)
    return values


def _continue(sim: Sim, move: Move, rules: Ruleset) -> int:
    played = sim.copy()
    _first_move(played, move, rules)
    return play_out(played, rules)
