"""The analysis: every option of a decision valued in expected points, by simulation.

``analyze_decision(view, samples=200, seed=1)`` values each legal move of the player whose view it
is by the **expected net points of the hand** for that player: the points it wins minus the points
it loses when the hand ends, under the view's own rules (a void hand is 0).

What it models:

- **The hidden cards.** The opponent's hand and the stock's order are drawn at random, consistent
  with everything the view shows: the player's cards and the pile are where they are; the cards the
  opponent took from the pile and still holds are in its hand; its other cards come from the
  unseen ones with probability proportional to how likely it is to hold each (lower near what it
  threw or left on the pile, higher near what it took: the strong player's reading,
  :func:`tutor.play.bots.planner.hold_weights`); the rest make the stock, in a random order. Each
  draw of these is a *world*.
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
from tutor.play.bots.planner import hold_weights
from tutor.play.bots.reading import Table, read_view
from tutor.play.errors import ImpossibleViewError, NothingToDecideError
from tutor.play.moves import Move
from tutor.play.simulate import DISCARD, DRAW, FIRST_UPCARD, Sim, big_gin, draw_stock, pass_upcard, play_out, throw
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
        differences = [b - m for b, m in zip(self.outcomes[self.best], self.outcomes[move], strict=True)]
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


def hidden_of(table: Table, reading: bool = True) -> Hidden:
    """The unknowns of a table (an :class:`ImpossibleViewError` when its cards do not add up to a
    deck); ``reading`` weighs the unseen cards by where they probably are
    (uniform without it)."""
    unseen = tuple(c.index for c in cards_of_mask(table.unseen))
    if len(unseen) != table.opponent_hidden + table.stock_size:
        raise ImpossibleViewError(unseen=len(unseen), hidden=table.opponent_hidden + table.stock_size)
    weights = hold_weights(table) if reading else {}
    return Hidden(unseen, table.opponent_hidden, tuple(weights.get(i, 1.0) for i in unseen), table.opponent_known)


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


def _summary(outcomes: dict[Move, list[float]], weights: Sequence[float] | None = None) -> tuple[OptionValue, ...]:
    options = []
    for move, values in outcomes.items():
        if weights is None:
            options.append(OptionValue(move, statistics.fmean(values), _stderr(values)))
        else:
            options.append(OptionValue(move, sum(w * v for w, v in zip(weights, values, strict=True)), 0.0))
    return tuple(sorted(options, key=lambda o: -o.expected))


def analyze_decision(view: dict[str, Any], samples: int = 200, seed: int = 1, reading: bool = True,
                     moves: Sequence[Move] | None = None) -> Analysis:
    """Every legal move of the view's player (or those of ``moves``), valued over ``samples``
    worlds drawn from ``seed`` (see the module's docstring); the same view, samples and seed give
    the same analysis."""
    table = read_view(view)
    legal = tuple(moves) if moves is not None else table.legal
    if not legal:
        raise NothingToDecideError()
    sampler = WorldSampler(hidden_of(table, reading))
    rng = random.Random(f"analysis/{seed}")
    outcomes: dict[Move, list[float]] = {move: [] for move in legal}
    seen = table_sim(view, table)
    for _ in range(samples):
        opponent, stock = sampler.draw(rng)
        start = in_world(seen, opponent, stock)
        for move in legal:
            outcomes[move].append(play_option(start.copy(), move, table))
    return Analysis(_summary(outcomes), samples, {m: tuple(v) for m, v in outcomes.items()})


def exact_values(view: dict[str, Any], reading: bool = True) -> dict[Move, float]:
    """The exact expected points of each legal move, over every world the view allows (see
    :func:`every_world`): the value :func:`analyze_decision` estimates."""
    table = read_view(view)
    values: dict[Move, float] = dict.fromkeys(table.legal, 0.0)
    seen = table_sim(view, table)
    for weight, opponent, stock in every_world(hidden_of(table, reading)):
        start = in_world(seen, opponent, stock)
        for move in table.legal:
            values[move] += weight * play_option(start.copy(), move, table)
    return values
