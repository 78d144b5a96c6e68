"""The analysis: every option of a decision valued in expected points, by simulation.

``analyze_decision(view, samples=200, seed=1)`` values each legal move of the player whose view it
is by the **expected net points of the hand** for that player: the points it wins minus the points
it loses when the hand ends, under the view's own rules (a void hand is 0).

What it models:

- **The hidden cards.** The opponent's hand and the stock's order are drawn at random, consistent
  with everything the view shows: the player's cards and the pile are where they are; the cards the
  opponent took from the pile and still holds are in its hand. Its other cards are drawn as its play
  would have kept them (:class:`HistorySampler`): dealt at random, then improved once for each card
  it has thrown (one more unseen card drawn, the card that leaves least deadwood thrown), and drawn
  again if it would then have knocked and did not. Each unseen card is weighed by how likely the
  opponent is to hold it (lower near what it threw or left on the pile, higher near what it took:
  the strong player's reading, :func:`tutor.play.bots.planner.hold_weights`). The rest make the
  stock, in a random order. Each draw of these is a *world*. (Ten unseen cards drawn by their
  weights alone, :class:`WorldSampler`, make an opponent far weaker than play makes it.)
- **The rest of the hand.** In each world, each option is played and the hand is then played to its
  end by both players following one quick policy (:mod:`tutor.play.simulate`), scored by the
  engine (layoffs, gin, undercuts, the wall). Every option meets the same worlds (common random
  numbers), so their differences are much sharper than their values.

What it does not model: a cleverer opponent than the quick policy, what the opponent might infer
from the player's own discards, the score of the game (every point counts the same), and any
decision after this one other than by the quick policy (so it values a move by what follows if the
play after it is careful but plain). ``expected`` is an estimate: ``stderr`` is its standard error
over the worlds, and :meth:`Analysis.loss` gives a move's cost against the best with the standard
error of the paired difference.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from tutor.engine.cards import Card, cards_of_mask, parse_card
from tutor.engine.melds import discard_reach, min_deadwood
from tutor.engine.rules import Ruleset
from tutor.play.bots.planner import hold_weights
from tutor.play.bots.reading import Table, read_view
from tutor.play.errors import ImpossibleViewError, NothingToDecideError
from tutor.play.moves import Move
from tutor.play.simulate import (
    DISCARD,
    DRAW,
    FIRST_UPCARD,
    RANKS,
    VALUES,
    Sim,
    big_gin,
    draw_stock,
    pass_upcard,
    play_out,
    should_knock,
    throw,
)
from tutor.play.simulate import take as take_upcard

PHASES = {"first_upcard": FIRST_UPCARD, "draw": DRAW, "discard": DISCARD}


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
        differences = [b - m for b, m in zip(self.outcomes[against], self.outcomes[move], strict=True)]
        return statistics.fmean(differences), _stderr(differences)


def _stderr(values: Sequence[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


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


def hidden_of(table: Table, reading: bool = True) -> Hidden:
    """The unknowns of a table (an :class:`ImpossibleViewError` when its cards do not add up to a
    deck); ``reading`` weighs the unseen cards by where they probably are
    (uniform without it)."""
    unseen = tuple(c.index for c in cards_of_mask(table.unseen))
    if len(unseen) != table.opponent_hidden + table.stock_size:
        raise ImpossibleViewError(unseen=len(unseen), hidden=table.opponent_hidden + table.stock_size)
    weights = hold_weights(table) if reading else {}
    return Hidden(unseen, table.opponent_hidden, tuple(weights.get(i, 1.0) for i in unseen), table.opponent_known,
                  len(table.opponent_discards))


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


class WorldSampler:
    """Draws worlds: the opponent's hidden cards with probability proportional to the product of
    their weights (drawn card by card, exactly), and the stock's order at random."""

    def __init__(self, hidden: Hidden) -> None:
        self.hidden = hidden
        self.sums = _subset_sums(hidden.weights, hidden.opponent_hidden)

    def draw(self, rng: random.Random) -> tuple[int, list[int]]:
        """One world: the opponent's hand (a mask) and the stock (drawn from its end)."""
        h = self.hidden
        need, hand, stock = h.opponent_hidden, h.opponent_known, []
        for j, card in enumerate(h.unseen):
            if need and rng.random() * self.sums[j][need] < h.weights[j] * self.sums[j + 1][need - 1]:
                hand |= 1 << card
                need -= 1
            else:
                stock.append(card)
        rng.shuffle(stock)
        return hand, stock


REDRAWS = 20
"""How many times a world is drawn again, at most, when the opponent would have knocked in it."""


class HistorySampler:
    """Draws worlds in which the opponent holds what its play would have kept: it is dealt its
    hidden cards at random (by their weights, beside the cards it is known to hold), then, once for
    each card it has thrown this hand, it draws one more unseen card and throws the card that leaves
    it least deadwood (never one it is known to hold). The rest is the stock, in a random order.

    A hand that has had its turns is much better than ten cards drawn at random: in hands the strong
    player plays against itself, the opponent's deadwood at its eighth turn averages 13, where ten
    unseen cards drawn at random average 45. Sampling that way would have the analysis knock
    into undercuts; this sampler brings the average to what play gives (``tests/test_analysis.py``
    measures it)."""

    def __init__(self, hidden: Hidden, rules: Ruleset | None = None, stock_size: int = 0) -> None:
        self.hidden = hidden
        self.weight = dict(zip(hidden.unseen, hidden.weights, strict=True))
        self.rules = rules
        self.stock_size = stock_size

    def would_have_knocked(self, hand: int) -> bool:
        """Whether the opponent, left with ``hand`` after its last throw, would have knocked then
        (as the quick policy would): it did not, so such a hand is drawn again."""
        if self.rules is None or not self.hidden.rounds:
            return False
        deadwood = min_deadwood(hand)
        return self.rules.may_knock_with(deadwood) and should_knock(deadwood, self.stock_size + 1)

    def _pick(self, pool: list[int], rng: random.Random) -> int:
        card = rng.choices(pool, [self.weight[c] for c in pool])[0]
        pool.remove(card)
        return card

    def draw(self, rng: random.Random) -> tuple[int, list[int]]:
        """One world: the opponent's hand (a mask) and the stock (drawn from its end). A hand with
        which the opponent would have knocked is drawn again, up to :data:`REDRAWS` times."""
        for _ in range(REDRAWS):
            hand, pool = self._history(rng)
            if not self.would_have_knocked(hand):
                break
        rng.shuffle(pool)
        return hand, pool

    def _history(self, rng: random.Random) -> tuple[int, list[int]]:
        h = self.hidden
        pool = list(h.unseen)
        hand = h.opponent_known
        for _ in range(h.opponent_hidden):
            hand |= 1 << self._pick(pool, rng)
        for _ in range(h.rounds if h.opponent_hidden else 0):
            hand |= 1 << self._pick(pool, rng)
            thrown = _kept_throw(hand, h.opponent_known)
            hand &= ~(1 << thrown)
            pool.append(thrown)
        return hand, pool


def _kept_throw(hand: int, keep: int) -> int:
    """The card of an eleven-card hand, not among ``keep``, whose throw leaves least deadwood (the
    highest of those)."""
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
    best, value = -1, -1
    while reach:
        bit = reach & -reach
        reach ^= bit
        index = bit.bit_length() - 1
        if VALUES[index] * 16 + RANKS[index] > value:
            best, value = index, VALUES[index] * 16 + RANKS[index]
    return best


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


def every_history_world(hidden: Hidden, rules: Ruleset, stock_size: int) -> Iterator[tuple[float, int, list[int]]]:
    """Every world :class:`HistorySampler` may draw, with its probability, for uniform weights:
    the deal of the opponent's hidden cards (every choice equally likely), each round of its
    history (every unseen card equally likely to be drawn, then its throw), the redraws of the
    hands it would have knocked with, and every order of the stock."""
    if len(set(hidden.weights)) > 1:
        raise ValueError("the history model is enumerated only with uniform weights")
    sampler = HistorySampler(hidden, rules, stock_size)
    deals = list(combinations(hidden.unseen, hidden.opponent_hidden))
    odds: dict[int, float] = {}
    for chosen in deals:
        hand = hidden.opponent_known
        for card in chosen:
            hand |= 1 << card
        odds[hand] = 1 / len(deals)
    for _ in range(hidden.rounds if hidden.opponent_hidden else 0):
        after: dict[int, float] = {}
        for hand, p in odds.items():
            pool = [c for c in hidden.unseen if not hand >> c & 1]
            for card in pool:
                eleven = hand | 1 << card
                kept = eleven & ~(1 << _kept_throw(eleven, hidden.opponent_known))
                after[kept] = after.get(kept, 0.0) + p / len(pool)
        odds = after
    knocked = {hand for hand in odds if sampler.would_have_knocked(hand)}
    rejected = sum(odds[hand] for hand in knocked)
    for hand, p in odds.items():
        # Drawn again up to REDRAWS times: a hand it would have knocked with stays only as the last draw.
        weight = p * (rejected ** (REDRAWS - 1) if hand in knocked else sum(rejected ** k for k in range(REDRAWS)))
        rest = [c for c in hidden.unseen if not hand >> c & 1]
        orders = list(permutations(rest))
        for order in orders:
            yield weight / len(orders), hand, list(order)


# --- Playing an option in a world ------------------------------------------------------------------

def table_sim(view: dict[str, Any], table: Table) -> Sim:
    """The hand as the player sees it, the mover as player 0: the opponent's hand and the stock
    left empty, for :func:`in_world` to fill."""
    passes = sum(1 for _, move, _ in view["events"] if move == "pass")
    dealer = 0 if view["seat"] == 1 else 1
    pile = [parse_card(text).index for text in view["discard_pile"]]
    taken = table.taken.index if table.taken is not None else -1
    return Sim([table.hand, 0], [], pile, 0, PHASES[table.phase], dealer, passes, taken)


def in_world(seen: Sim, opponent: int, stock: list[int]) -> Sim:
    """The hand as it stands in one world: what the player sees, with the opponent's hand and the stock."""
    sim = seen.copy()
    sim.hands[1] = opponent
    sim.stock = stock
    return sim


def world_sim(view: dict[str, Any], table: Table, opponent: int, stock: list[int]) -> Sim:
    """The hand as it stands in one world: the mover is player 0, the opponent player 1."""
    return in_world(table_sim(view, table), opponent, stock)


def play_option(sim: Sim, move: Move, table: Table) -> int:
    """Play ``move`` for player 0, then the rest of the hand; player 0's net points."""
    rules = table.rules
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
    return play_out(sim, rules)


def _summary(outcomes: dict[Move, list[float]]) -> tuple[OptionValue, ...]:
    options = [OptionValue(move, statistics.fmean(values), _stderr(values)) for move, values in outcomes.items()]
    return tuple(sorted(options, key=lambda o: -o.expected))


MODELS = ("history", "weights")
"""How the opponent's hidden cards are drawn: as its play would have kept them (:class:`HistorySampler`,
the default), or by their weights alone (:class:`WorldSampler`)."""


def sampler_for(table: Table, model: str = "history", reading: bool = True) -> WorldSampler | HistorySampler:
    """The world sampler of a model (see :data:`MODELS`) for a table."""
    hidden = hidden_of(table, reading)
    if model == "weights":
        return WorldSampler(hidden)
    if model == "history":
        return HistorySampler(hidden, table.rules, table.stock_size)
    raise ValueError(f"unknown model {model!r}: {', '.join(MODELS)}")


def analyze_decision(view: dict[str, Any], samples: int = 200, seed: int = 1, *,
                     moves: Sequence[Move] | None = None, model: str = "history", reading: bool = True) -> Analysis:
    """Every legal move of the view's player (or those of ``moves``), valued over ``samples``
    worlds drawn from ``seed`` by the ``model`` of the hidden cards, weighed by ``reading`` (see
    the module's docstring); the same view, samples and seed give the same analysis."""
    table = read_view(view)
    legal = tuple(moves) if moves is not None else table.legal
    if not legal:
        raise NothingToDecideError()
    sampler = sampler_for(table, model, reading)
    rng = random.Random(f"analysis/{seed}")
    outcomes: dict[Move, list[float]] = {move: [] for move in legal}
    seen = table_sim(view, table)
    for _ in range(samples):
        opponent, stock = sampler.draw(rng)
        start = in_world(seen, opponent, stock)
        for move in legal:
            outcomes[move].append(play_option(start.copy(), move, table))
    return Analysis(_summary(outcomes), samples, {m: tuple(v) for m, v in outcomes.items()})


def exact_values(view: dict[str, Any], model: str = "history", reading: bool = False) -> dict[Move, float]:
    """The exact expected points of each legal move, over every world the view allows with its
    probability under ``model`` (:func:`every_world`, :func:`every_history_world`): the values
    :func:`analyze_decision` estimates with the same model and reading. For positions with two or
    three cards left in the stock; the history model only without reading (uniform weights)."""
    table = read_view(view)
    hidden = hidden_of(table, reading)
    worlds = every_world(hidden) if model == "weights" else every_history_world(hidden, table.rules, table.stock_size)
    values: dict[Move, float] = dict.fromkeys(table.legal, 0.0)
    seen = table_sim(view, table)
    for weight, opponent, stock in worlds:
        start = in_world(seen, opponent, stock)
        for move in table.legal:
            values[move] += weight * play_option(start.copy(), move, table)
    return values
