"""The intermediate and strong players: one planner, weighed by a :class:`Style`.

Both look one draw ahead. A holding of ten cards is worth its deadwood, less what one more draw
from the stock is expected to take off it and the chance that it can knock then: so pairs and
two-way cards (a 7♥ beside 7♠ and 6♥) are kept and lone face cards go first. The upcard is
compared with what a card from the stock is worth on average: the best holding the upcard makes
against the average, over every card the stock may give, of the best holding that card makes (or
of a knock at once, where it allows one). The intermediate player knocks as soon as it can, except
late in the hand (fewer than 20 cards in the stock) with 7 or more points of deadwood, where an
undercut has grown likely. The strong player also reads the
opponent (the cards it took, passed and threw, what is dead), avoids feeding it, and times the
knock by the stage of the hand and the score of the game: in the first turns it knocks as soon as
it can; from then on it keeps playing for gin or a knock of two or less, since an opponent that
knocks early is often undercut by a hand that low; and whenever a hand may decide the game (the
opponent near the target, or a knock that may reach it) it knocks at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.engine.cards import STOCK_AFTER_DEAL, SUIT_BITS, Card, cards_of_mask
from tutor.play.bots.evaluate import (
    DECK_ORDER,
    Preference,
    Weights,
    discard_order,
    meld_chance,
    min_deadwood,
    min_deadwood_after_discard,
    outlook,
    uniform,
)
from tutor.play.bots.reading import Table
from tutor.play.moves import Move


@dataclass(frozen=True)
class Style:
    """How much a level weighs beyond plain deadwood."""

    future: float = 1.0
    """Weight of the deadwood one more draw is expected to take off a holding."""
    knock_bonus: float = 4.0
    """Deadwood points that a certain chance to knock after the next draw is worth."""
    take_margin: float = 0.0
    """How much better than an average stock card the upcard must be to be taken."""
    reads_opponent: bool = False
    """Weigh unseen cards by where they probably are, and discards by what they give away."""
    feed: float = 0.0
    """Deadwood points that handing the opponent a meld costs, early in the hand (it doubles by the end)."""
    gin_wait: int = -1
    """Knock deadwood at or below which the player keeps playing for gin (-1: it never waits)."""
    gin_wait_stock: int = 0
    """It waits for gin only while the stock holds at least this many cards."""
    closing_margin: int = 0
    """When the opponent is this close to the target, it knocks at once."""
    reach_margin: int = 25
    """When its own total is this close to the target, a knock may win the game, so it knocks at once
    (25: about what a good hand is worth, a gin or an undercut bonus of the classic game)."""
    hot: float = 1.6
    """How much likelier the opponent is to hold a card that melds with one it took from the pile."""
    cold: float = 0.5
    """How much less likely it is to hold a card that melds with one it threw or left on the pile."""
    careful_from: int = 99
    """Knock deadwood from which, late in the hand, the player keeps playing rather than risk an undercut."""
    careful_stock: int = 0
    """The stock size below which the hand is late for that."""
    stock_discards: int = 3
    """For each card the stock may give: how many of the discards with least deadwood are weighed."""
    upcard_discards: int = 6
    """For the upcard: how many of the discards with least deadwood are weighed (it is one card, so more)."""


INTERMEDIATE = Style(knock_bonus=20.0, careful_from=7, careful_stock=20)
STRONG = Style(knock_bonus=20.0, take_margin=2.0, reads_opponent=True, feed=5.0, gin_wait=2, gin_wait_stock=15,
               closing_margin=25, careful_from=3, careful_stock=25)
BEGINNER_TIMING = Style()
"""The beginner's timing as a style: it knocks whenever it can (source 000's player)."""
MOST_LIKELY = 0.95
"""The highest chance given that the opponent holds an unseen card: it may always be in the stock."""


def eager_to_knock(style: Style, score: tuple[int, int] | None, target: int) -> bool:
    """Whether the game's ``score`` (mine, theirs) makes a player of ``style`` knock at once: the
    opponent near the target, or a knock that may reach it."""
    if score is None:
        return False
    mine, theirs = score
    return theirs + style.closing_margin >= target or mine + style.reach_margin >= target


def knocks_now(style: Style, deadwood: int, stock_size: int, eager: bool = False) -> bool:
    """Whether a player of ``style`` knocks now with ``deadwood`` (already within the knock limit),
    with ``stock_size`` cards left: gin always; at once when ``eager`` (the score, above); late in the
    hand, not with high deadwood (an undercut grows likelier); early, not with very low deadwood
    (gin is near). The one knock timing of every level, in the game and in the analysis' rollouts."""
    if deadwood == 0 or eager:
        return True
    if deadwood >= style.careful_from and stock_size < style.careful_stock:
        return False
    return not (deadwood <= style.gin_wait and stock_size >= style.gin_wait_stock)


def feed_stake(style: Style, stock_size: int) -> float:
    """Deadwood points that handing the opponent a meld costs a player of ``style`` with
    ``stock_size`` cards left: :attr:`Style.feed`, doubling as the stock runs down."""
    return style.feed * (1.0 + max(0, STOCK_AFTER_DEAL - stock_size) / STOCK_AFTER_DEAL)


def _zone(cards: list[Card]) -> int:
    """The cards that make a meld with any of ``cards``: same rank, or same suit within two ranks."""
    zone = 0
    for card in cards:
        for suit in range(4):
            zone |= 1 << (suit * SUIT_BITS + card.rank - 1)
        base = card.index - card.rank + 1
        for rank in range(max(1, card.rank - 2), min(13, card.rank + 2) + 1):
            zone |= 1 << (base + rank - 1)
    return zone


def hold_weights(table: Table, hot: float = 1.6, cold: float = 0.5) -> dict[int, float]:
    """For each unseen card, how likely the opponent is to hold it, relative to the others: lower
    near what it threw or left on the pile (``cold``), higher near what it took (``hot``)."""
    cold_zone = _zone([*table.opponent_discards, *table.opponent_declined])
    hot_zone = _zone(cards_of_mask(table.opponent_known))
    raw = {}
    for card in cards_of_mask(table.unseen):
        p = 1.0
        if cold_zone >> card.index & 1:
            p *= cold
        if hot_zone >> card.index & 1:
            p *= hot
        raw[card.index] = p
    return raw


def opponent_holds(table: Table, hot: float = 1.6, cold: float = 0.5) -> dict[int, float]:
    """For each card, the chance that the opponent holds it: certain for the cards it took from the
    pile; for unseen cards, its share of them, lower near what it threw or left on the pile and
    higher near what it took; missing for cards it cannot hold."""
    holds = {c.index: 1.0 for c in cards_of_mask(table.opponent_known)}
    if not table.unseen or not table.opponent_hidden:
        return holds
    raw = hold_weights(table, hot, cold)
    scale = table.opponent_hidden / sum(raw.values())
    for index, p in raw.items():
        holds[index] = min(MOST_LIKELY, p * scale)
    return holds


def stock_weights(table: Table, holds: dict[int, float] | None) -> Weights:
    """Unseen cards weighted by the chance that they are in the stock rather than the opponent's hand."""
    if holds is None:
        return uniform(table.unseen)
    return tuple((c.bit, 1.0 - holds.get(c.index, 0.0)) for c in cards_of_mask(table.unseen))


class Planner:
    """A player that plans with a :class:`Style`."""

    def __init__(self, style: Style, prefer: Preference = DECK_ORDER) -> None:
        self.style = style
        self.prefer = prefer

    def holds(self, table: Table) -> dict[int, float] | None:
        """Where the unseen cards probably are, for a player that reads the opponent."""
        return opponent_holds(table, self.style.hot, self.style.cold) if self.style.reads_opponent else None

    def value(self, holding: int, weights: Weights, table: Table) -> float:
        """What a holding of ten cards is worth (lower is better), in deadwood points."""
        fall, chance = outlook(holding, weights, table.rules)
        return min_deadwood(holding) - self.style.future * fall - self.style.knock_bonus * chance

    def feed_cost(self, card: Card, table: Table, holds: dict[int, float] | None) -> float:
        """What discarding ``card`` may give the opponent: the chance it melds there, in points,
        weighing more as the stock runs down."""
        if holds is None or not self.style.feed:
            return 0.0
        return feed_stake(self.style, table.stock_size) * meld_chance(card, holds)

    def should_knock(self, table: Table, deadwood: int) -> bool:
        """Whether to knock now with ``deadwood`` (:func:`knocks_now`, the game's score read from the table)."""
        return knocks_now(self.style, deadwood, table.stock_size, eager_to_knock(self.style, table.score,
                                                                                 table.rules.target))

    def discard(self, table: Table) -> Move:
        """Big gin; else a knock when it is time; else the discard that leaves the best holding."""
        if table.can("big_gin"):
            return "big_gin", None
        if table.can("knock"):
            least, card = discard_order(table.hand, keep=table.taken, prefer=self.prefer)[0]
            if self.should_knock(table, least):
                return "knock", card
        return "discard", self.discard_scores(table)[0][1]

    def discard_scores(self, table: Table) -> list[tuple[float, Card]]:
        """Every plain discard with what the holding it leaves is worth (lower is better), best first."""
        holds = self.holds(table)
        weights = stock_weights(table, holds)
        scored = sorted(
            ((self.value(table.hand & ~card.bit, weights, table) + self.feed_cost(card, table, holds),
              self.prefer[card.index], card)
             for card in cards_of_mask(table.hand) if card is not table.taken),
            key=lambda s: s[:2])
        return [(score, card) for score, _, card in scored]

    def best_value(self, eleven: int, discards: list[tuple[int, Card]], weights: Weights, table: Table,
                   values: dict[int, float]) -> float:
        """The best holding ``eleven`` cards leave, among ``discards`` (from :func:`discard_order`),
        with ``values`` remembering each holding's worth in this decision."""
        best = float("inf")
        for _, card in discards:
            holding = eleven & ~card.bit
            worth = values.get(holding)
            if worth is None:
                worth = values[holding] = self.value(holding, weights, table)
            best = min(best, worth)
        return best

    def stock_value(self, table: Table, weights: Weights, values: dict[int, float]) -> float:
        """What a draw from the stock is worth on average: for each card it may give, a knock at
        once where that card allows one (its deadwood less a knock bonus), else the best holding
        the card makes."""
        total = weight_sum = 0.0
        for bit, weight in weights:
            eleven = table.hand | bit
            least = min_deadwood_after_discard(eleven)
            if table.rules.may_knock_with(least) and self.should_knock(table, least):
                worth = least - self.style.knock_bonus
            else:
                discards = discard_order(eleven, prefer=self.prefer)[:self.style.stock_discards]
                worth = self.best_value(eleven, discards, weights, table, values)
            total += weight * worth
            weight_sum += weight
        return total / weight_sum if weight_sum else float("inf")

    def draw(self, table: Table) -> Move:
        """Take the upcard when the best holding it makes beats what a stock card promises."""
        decline: Move = ("pass", None) if table.can("pass") else ("stock", None)
        card = table.top
        if not table.can("take") or card is None:
            return decline
        with_card = table.hand | card.bit
        discards = discard_order(with_card, keep=card, prefer=self.prefer)
        least = discards[0][0]
        if table.rules.may_knock_with(least) and self.should_knock(table, least):
            return "take", None
        weights = stock_weights(table, self.holds(table))
        values: dict[int, float] = {}
        taken = self.best_value(with_card, discards[:self.style.upcard_discards], weights, table, values)
        stock = self.stock_value(table, weights, values)
        return ("take", None) if taken + self.style.take_margin < stock else decline

    def choose(self, table: Table) -> Move:
        return self.discard(table) if table.phase == "discard" else self.draw(table)
