"""Playing a hand out fast, for the analysis: a compact, mutable state on card masks (not the
immutable :class:`~tutor.play.hand.Hand` the game keeps for its views) and, for each player, a
:class:`Policy` it follows to the end of the hand.

A card is its index in :data:`~tutor.engine.cards.DECK` (bit ``i`` of a mask). A policy sees only
what its player may know (its own cards, the top of the pile, the size of the stock, the cards the
other player took from the pile); it is deterministic, so the same world played twice gives the
same hand. :mod:`tutor.play.opponents` builds the policy of each level of the virtual player from
that level's own rules; they differ in:

- **draw**: every policy takes the upcard when it forms or extends a meld, or when it lets the hand
  knock now (as the player then would); the planning levels also take it when it lowers the
  deadwood after the best discard by :data:`TAKE_GAIN` points or more;
- **discard**: a card that leaves the least deadwood, never the one just taken; among those, the
  highest (the beginner), or the card with the fewest partners left (cards of its rank, or of its
  suit within two ranks), then the highest (the planning levels). A player that reads its opponent
  never throws a card that makes a meld with two cards the other took from the pile, if another
  card leaves as little or a little more;
- **big gin**: at once, where the rules allow it, whenever all eleven cards meld;
- **knock**: as the level times it (:func:`~tutor.play.bots.planner.knocks_now`, with the level's
  :class:`~tutor.play.bots.planner.Style`: the beginner whenever it can).

The mover's own later decisions (player 0, whose options the analysis values) follow a **careful**
policy: the strong player's, one ply deeper on what the mover believes of the opponent's hand (a
:class:`Belief`, drawn before the play-outs): a throw is weighed by the chance that it completes a
meld the opponent holds (the strong player's cost of feeding, on that chance), and near the wall,
where not knocking is worth little or nothing (the hand is about to be void), it knocks when the
knock's score, averaged over the opponent hands it believes in, is worth more than a void hand.

The stock is one set of cards, but each player draws from **its own order** of them
(:class:`Stock`: the first card of that player's order still in the stock). That is the same game
(each card drawn is equally likely to be any card left, whoever draws it), and two options that
differ early (one takes the upcard, the other draws) still give each player the same cards
afterwards, so their play-outs stay comparable: common random numbers that survive a card taken
from the pile.

The play-out runs in C where the package was built with a compiler (``tutor/play/_rollout.c``, a
translation of this module's policies, some ten times faster; :data:`COMPILED`), else in Python:
the same world gives the same result either way (``tests/test_rollout.py`` plays thousands of worlds
both ways). A change to a policy here is made there too.

The hand ends as the game's rules say: a knock (or gin, or big gin where the rules allow it) is
scored by the engine (:func:`~tutor.engine.scoring.knocker_gain`, layoffs and undercuts included);
a discard that leaves the stock at the wall voids it. A hand that goes on for :data:`MAX_MOVES`
moves (two players passing one card back and forth, the stock never shrinking) counts as void.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import ModuleType

from tutor.engine.cards import DECK
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import knocker_gain
from tutor.play import compiled
from tutor.play.bots.planner import STRONG, Style, feed_stake, knocks_now
from tutor.play.compiled import (
    BY_VALUE,
    CACHED,
    FEED_WORRY,
    HIGHEST,
    MAX_MOVES,
    MELD_PAIRS,
    PARTNERS,
    TAKE_GAIN,
    VALUES,
    WALL_CHANCES,
    discard_reach,
    min_deadwood,
)

FIRST_UPCARD, DRAW, DISCARD = 0, 1, 2
"""The phases of a turn."""
MAX_BELIEF = 64
"""The most believed hands a play-out reads (the compiled play-out's limit)."""


def feeds(card: int, held: int) -> bool:
    """Whether ``card`` makes a meld with two of the cards of ``held``."""
    near = held & PARTNERS[card]
    if not near & (near - 1):  # fewer than two of its partners
        return False
    return any(pair & near == pair for pair in MELD_PAIRS[card])


@dataclass(frozen=True)
class Policy:
    """How one player plays a hand out (see the module's docstring)."""

    style: Style
    """When it knocks (its level's timing); for a careful player also what feeding costs."""
    takes_gain: bool = True
    """It also takes an upcard that lowers its deadwood by :data:`TAKE_GAIN` (the planning levels)."""
    keeps_partners: bool = True
    """Among equal throws it keeps the cards with partners (the planning levels), not only the low ones."""
    reads: bool = False
    """It never throws a card that melds with two cards the other took from the pile, if it can help it."""
    careful: bool = False
    """The mover's continuation: throws and knocks near the wall weighed on its :class:`Belief`."""
    feed_tie: float = 0.0
    """For a careful player: feeding costs within this many deadwood points of the cheapest throw's
    count as the cheapest, and its partners decide (:func:`careful_throw`)."""
    risk_blur: float = 0.0
    """For a careful player: each world moves every believed risk by up to this much, at random
    (:func:`believed_risk`), so that its throws, and the value of the moves played before them,
    change smoothly with the belief instead of jumping where two risks cross."""


QUICK = Policy(STRONG)
"""The strong player's timing with the quick throws: the policy of the analysis before it modelled levels."""
CAREFUL = Policy(STRONG, reads=True, careful=True)
"""The mover's own continuation (the expert's analysis)."""
FEED_TIE = 0.5
"""Deadwood points of feeding cost within which the coach's careful mover treats throws as equally
safe and keeps the cards with partners (:data:`COACHING`): a feeding risk known to a point of
percentage or so no longer decides between a lone king and a ten beside its jack."""
RISK_BLUR = 0.1
"""How far each world of the coach's analysis moves a believed risk, at most (:data:`COACHING`): with
the belief's 32,000 hands, drawing the belief again then moves a loss by 0.02–0.06 points, under the
standard error of its worlds (0.1); unblurred, 0.05–0.15 (``benchmarks/coach_trust.py``)."""
COACHING = Policy(STRONG, reads=True, careful=True, feed_tie=FEED_TIE, risk_blur=RISK_BLUR)
"""The mover's continuation in the coach's analysis."""

MASK64 = (1 << 64) - 1


def blur_unit(key: int, card: int) -> float:
    """A number from 0 to 1 for a world's key and a card (splitmix64's mixer: the compiled play-out
    computes the same)."""
    z = (key + (card + 1) * 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    z ^= z >> 31
    return (z >> 11) * (1.0 / 9007199254740992.0)


@dataclass(frozen=True)
class Belief:
    """What the mover believes of the opponent's hand when the play-outs start (drawn from the
    same model as the worlds, but apart from them, so that no play-out peeks at its own world)."""

    risk: tuple[float, ...]
    """For each card, the share of believed hands that hold two cards making a meld with it."""
    hands: tuple[tuple[float, int], ...]
    """Distinct believed hands with their shares (the most common first), for a knock's value."""

    @classmethod
    def of(cls, hands: Sequence[int], keep: int = 12, risk: tuple[float, ...] | None = None) -> Belief:
        """The belief that ``hands`` (drawn opponent hands) make, keeping its ``keep`` commonest hands
        (``risk``: their :func:`risk_of`, where it is known)."""
        tally = _tally(hands)
        common = heapq.nsmallest(keep, tally.items(), key=lambda item: (-item[1], item[0]))
        total = sum(n for _, n in common)
        return cls(risk_of(hands) if risk is None else risk, tuple((n / total, hand) for hand, n in common))

    @classmethod
    def slices(cls, hands: Sequence[int], size: int, most: int = 64,
               risk: tuple[float, ...] | None = None) -> tuple[Belief, ...]:
        """The beliefs that one pool of drawn opponent hands makes for a knock's value, one world at
        a time: each has the whole pool's risk, and ``size`` of its hands in turn (the first
        ``size``, the next ``size``, and so on, ``most`` slices at most), equally shared. A
        play-out of world ``i`` reads slice ``i`` modulo their number, so that over the worlds the
        knock is weighed on many of the pool's hands, and what a slice's few hands happen to be is
        one more thing a world draws (its spread is in the worlds' standard error, not fixed for
        the position)."""
        if not hands:
            return (NO_BELIEF,)
        risk = risk_of(hands) if risk is None else risk
        out = []
        for start in range(0, min(max(len(hands) - size + 1, 1), most * size), size):
            tally = _tally(hands[start:start + size])
            count = sum(tally.values())
            out.append(cls(risk, tuple((n / count, hand) for hand, n in sorted(tally.items(),
                                                                               key=lambda item: (-item[1], item[0])))))
        return tuple(out)


def _tally(hands: Sequence[int]) -> dict[int, int]:
    """How many times each hand is drawn."""
    return Counter(hands)


def _completes() -> tuple[tuple[int, ...], ...]:
    """``[a][b]``: the cards that make a meld of three with cards ``a`` and ``b`` (a mask)."""
    rows = [[0] * len(DECK) for _ in DECK]
    for card, pairs in enumerate(MELD_PAIRS):
        for pair in pairs:
            a = (pair & -pair).bit_length() - 1
            b = pair.bit_length() - 1
            rows[a][b] |= 1 << card
            rows[b][a] |= 1 << card
    return tuple(tuple(row) for row in rows)


COMPLETES = _completes()
"""``COMPLETES[a][b]``: the cards that make a meld of three with cards ``a`` and ``b`` (a mask)."""


def fed_by(hand: int) -> int:
    """The cards that make a meld with two cards of ``hand`` (a mask): each card ``c`` with
    :func:`feeds` ``(c, hand)``."""
    cards = [c for c in range(len(DECK)) if hand >> c & 1]
    fed = 0
    for at, a in enumerate(cards):
        row = COMPLETES[a]
        for b in cards[at + 1:]:
            fed |= row[b]
    return fed


def card_counts(hands: Sequence[int]) -> tuple[int, ...]:
    """For each card, in how many of ``hands`` it is (counted by the compiled play-outs where there
    are some)."""
    if COMPILED is not None:
        counts: tuple[int, ...] = COMPILED.card_counts(hands, False)
        return counts
    found = [0] * len(DECK)
    for hand in hands:
        while hand:
            bit = hand & -hand
            hand ^= bit
            found[bit.bit_length() - 1] += 1
    return tuple(found)


def risk_of(hands: Sequence[int]) -> tuple[float, ...]:
    """For each card, the share of drawn ``hands`` that hold two cards making a meld with it (counted
    by the compiled play-outs where there are some)."""
    if not hands:
        return (0.0,) * len(DECK)
    if COMPILED is not None:
        counts: tuple[int, ...] = COMPILED.card_counts(hands, True)
        return tuple(n / len(hands) for n in counts)
    fed = [0] * len(DECK)
    for hand, times in _tally(hands).items():
        mask = fed_by(hand)
        while mask:
            bit = mask & -mask
            mask ^= bit
            fed[bit.bit_length() - 1] += times
    return tuple(n / len(hands) for n in fed)


NO_BELIEF = Belief((0.0,) * len(DECK), ())


class Stock:
    """The stock: its cards, and each player's own order of them (see the module's docstring).
    Mutable, and cheap to copy: the orders are shared, only the places in them are copied."""

    __slots__ = ("orders", "at", "left", "size")

    def __init__(self, first: Sequence[int], second: Sequence[int] | None = None) -> None:
        """A stock whose cards come to player 0 in the order ``first`` (the next card first) and
        to player 1 in the order ``second`` (the same order when None: one shuffled stock)."""
        self.orders = (tuple(first), tuple(first if second is None else second))
        self.at = [0, 0]
        self.left = 0
        for card in first:
            self.left |= 1 << card
        self.size = len(self.orders[0])

    @classmethod
    def packed(cls, orders: bytes, left: int) -> Stock:
        """A stock from its two orders one after the other (the first player's first, as bytes) and
        the mask of its cards."""
        stock = cls.__new__(cls)
        half = len(orders) // 2
        stock.orders = (tuple(orders[:half]), tuple(orders[half:]))
        stock.at, stock.left, stock.size = [0, 0], left, half
        return stock

    def __len__(self) -> int:
        return self.size

    def copy(self) -> Stock:
        """An independent copy."""
        other = Stock.__new__(Stock)
        other.orders, other.at, other.left, other.size = self.orders, [*self.at], self.left, self.size
        return other

    def draw(self, player: int) -> int:
        """The next card of ``player``'s order still in the stock, taken out of it."""
        order, at, left = self.orders[player], self.at[player], self.left
        card = order[at]
        while not left >> card & 1:
            at += 1
            card = order[at]
        self.at[player] = at + 1
        self.left = left & ~(1 << card)
        self.size -= 1
        return card


@dataclass(slots=True)
class Sim:
    """A hand being played out: both hands as masks, the stock, the pile (its top last), who moves
    and in which phase, and each player's policy. Mutable: a play-out changes it in place."""

    hands: list[int]
    stock: Stock
    pile: list[int]
    to_move: int
    phase: int
    dealer: int
    passes: int = 0
    taken: int = -1
    """In the discard phase: the card just taken from the pile (it may not be thrown now), or -1."""
    moves: int = 0
    result: int | None = None
    """Once the hand is over: player 0's net points (the negative for player 1), 0 for a void hand."""
    log: list[tuple[str, int]] | None = None
    """When a list: every move played, as (kind, card index or -1), to replay it on a real hand."""
    deadwood: list[int] = field(default_factory=lambda: [-1, -1])
    """Each player's deadwood with ten cards, once the policy knows it (-1 until then)."""
    plan: tuple[int, int] | None = None
    """The throws the policy weighed when it chose to take the upcard: (the least deadwood one
    leaves, the cards that leave it)."""
    shown: list[int] = field(default_factory=lambda: [0, 0])
    """The cards each player took from the pile and still holds (the other player has seen them)."""
    policies: tuple[Policy, Policy] = (CAREFUL, QUICK)
    eager: tuple[bool, bool] = (False, False)
    """Whether each player knocks at once, the game's score being what it is (its style's margins)."""
    belief: Belief = NO_BELIEF
    """The mover's belief about the opponent's hand (for a careful policy)."""
    blur_key: int = 0
    """The world's key for the blurred risks (:attr:`Policy.risk_blur`)."""
    gains: dict[tuple[int, int], int] = field(default_factory=dict)
    """Knocks scored so far, (knocker's cards, defender's cards) to the knocker's points under this
    hand's rules: shared by every copy, as the same knocks come back across worlds."""

    def copy(self) -> Sim:
        """An independent copy (the log is not carried over; the scored knocks are shared)."""
        return Sim([*self.hands], self.stock.copy(), [*self.pile], self.to_move, self.phase, self.dealer,
                   self.passes, self.taken, self.moves, self.result, None, [*self.deadwood], self.plan,
                   [*self.shown], self.policies, self.eager, self.belief, self.blur_key, self.gains)

    def gain(self, knocker: int, defender: int, rules: Ruleset) -> int:
        """:func:`~tutor.engine.scoring.knocker_gain` under this hand's ``rules``, remembered."""
        key = knocker, defender
        found = self.gains.get(key)
        if found is None:
            if len(self.gains) >= CACHED:
                self.gains.clear()
            found = self.gains[key] = knocker_gain(knocker, defender, rules)
        return found

    def note(self, kind: str, card: int = -1) -> None:
        """Record a move in the log, if there is one."""
        if self.log is not None:
            self.log.append((kind, card))


def should_knock(deadwood: int, stock_size: int) -> bool:
    """Whether the strong player's timing knocks with ``deadwood`` (already within the knock limit)."""
    return knocks_now(STRONG, deadwood, stock_size)


def pick_throw(reach: int, hand: int, keeps_partners: bool) -> int:
    """Among the cards of ``reach``, the one to throw: the fewest partners left in ``hand`` (when
    ``keeps_partners``), then the highest."""
    best, key = -1, (99, 0)
    while reach:
        bit = reach & -reach
        reach ^= bit
        index = bit.bit_length() - 1
        choice = ((PARTNERS[index] & hand).bit_count() if keeps_partners else 0, -HIGHEST[index])
        if choice < key:
            best, key = index, choice
    return best


def best_throw(hand: int, taken: int, keeps_partners: bool = True) -> tuple[int, int]:
    """A plain discard from an eleven-card ``hand``: (the deadwood it leaves, the card), among the
    cards that leave least (:func:`pick_throw`). ``taken`` (-1 for none) may not be thrown."""
    least, reach = _reach(hand, taken)
    return least, pick_throw(reach, hand, keeps_partners)


def _reach(hand: int, taken: int) -> tuple[int, int]:
    """The least deadwood a throw from ``hand`` leaves (never ``taken``), and the cards that leave it."""
    least, reach = discard_reach(hand)
    if taken >= 0 and reach & (1 << taken):
        reach &= ~(1 << taken)
        if not reach:  # only the card just taken leaves the least: the best of the others
            least, reach = _best_but(hand, taken)
    return least, reach


def _best_but(hand: int, taken: int) -> tuple[int, int]:
    """The least deadwood an eleven-card ``hand`` keeps when any card but ``taken`` is thrown, and
    the cards that reach it. Throwing a card takes off at most its value, so the cards are tried
    from the highest down, and the search stops when no card left can take off enough."""
    eleven = min_deadwood(hand)
    least, reach = 1 << 30, 0
    for index in BY_VALUE:
        bit = 1 << index
        if not hand & bit or index == taken:
            continue
        if eleven - VALUES[index] > least:
            break
        dw = min_deadwood(hand ^ bit)
        if dw < least:
            least, reach = dw, bit
        elif dw == least:
            reach |= bit
    return least, reach


def _throws(hand: int, taken: int) -> list[tuple[int, int]]:
    """Every throw from ``hand`` but ``taken``, as (deadwood it leaves, card), least first."""
    out = []
    rest = hand
    while rest:
        bit = rest & -rest
        rest ^= bit
        index = bit.bit_length() - 1
        if index != taken:
            out.append((min_deadwood(hand ^ bit), index))
    out.sort()
    return out


def safe_throw(hand: int, taken: int, held: int, keeps_partners: bool = True,
               reached: tuple[int, int] | None = None) -> tuple[int, int]:
    """:func:`best_throw`, but never a card that makes a meld with two cards of ``held`` (what the
    other player took from the pile) while a throw that does not feed leaves at most
    :data:`~tutor.play.bots.planner.Style.feed` more deadwood (``reached``: the least deadwood
    and the cards that leave it, when known)."""
    least, reach = reached if reached is not None else _reach(hand, taken)
    if not held:
        return least, pick_throw(reach, hand, keeps_partners)
    safe = reach
    scan = reach
    while scan:
        bit = scan & -scan
        scan ^= bit
        if feeds(bit.bit_length() - 1, held):
            safe &= ~bit
    if safe:
        return least, pick_throw(safe, hand, keeps_partners)
    for dw, card in _throws(hand, taken):
        if dw > least + STRONG.feed:
            break
        if not feeds(card, held):
            return dw, card
    return least, pick_throw(reach, hand, keeps_partners)


def careful_throw(sim: Sim, hand: int, taken: int, least: int, reach: int) -> tuple[int, int]:
    """The careful mover's plain discard: the least deadwood plus the cost of feeding (the strong
    player's, on the chance that the card completes a meld of the opponent: certain where it melds
    with two cards the opponent took from the pile, else its share in the mover's belief). Costs
    within the policy's :attr:`Policy.feed_tie` of each other count as equal: among the throws that
    leave least deadwood the partners decide, and another throw must beat theirs by more than it.
    ``least`` and ``reach``: the least deadwood a throw leaves, and the cards that leave it."""
    held = sim.shown[1]
    stake = feed_stake(sim.policies[0].style, sim.stock.size)

    def cost(card: int) -> float:
        return stake * (1.0 if feeds(card, held) else believed_risk(sim, card))

    cheapest, cheap = 1e9, 0
    prices = {}
    scan = reach
    while scan:
        bit = scan & -scan
        scan ^= bit
        price = prices[bit] = cost(bit.bit_length() - 1)
        if price < cheapest:
            cheapest, cheap = price, bit
        elif price == cheapest:
            cheap |= bit
    tie = sim.policies[0].feed_tie
    if tie > 0.0:
        for bit, price in prices.items():
            if price <= cheapest + tie:
                cheap |= bit
    choice = (least, pick_throw(cheap, hand, True))
    if cheapest <= FEED_WORRY:
        return choice
    score = least + cheapest - tie  # another throw must beat the least deadwood's by more than the tie
    eleven = min_deadwood(hand)
    rest = hand & ~reach
    if taken >= 0:
        rest &= ~(1 << taken)
    while rest:  # a throw takes off at most its value: a card that cannot beat the score is not tried
        bit = rest & -rest
        rest ^= bit
        card = bit.bit_length() - 1
        price = cost(card)
        if max(least, eleven - VALUES[card]) + price >= score:
            continue
        dw = min_deadwood(hand ^ bit)
        if dw + price < score:
            score, choice = dw + price, (dw, card)
    return choice


def believed_risk(sim: Sim, card: int) -> float:
    """The careful mover's chance that ``card`` makes a meld with two cards of the opponent's: its
    belief's, moved by up to its policy's :attr:`Policy.risk_blur` this world (within 0 and 1)."""
    risk = sim.belief.risk[card]
    blur = sim.policies[0].risk_blur
    if blur > 0.0:
        risk = risk + blur * (2.0 * blur_unit(sim.blur_key, card) - 1.0)
        risk = min(1.0, max(0.0, risk))
    return risk


def upcard_plan(hand: int, base: int, up: int, stock_size: int, rules: Ruleset,
                policy: Policy = QUICK, eager: bool = False) -> tuple[int, int] | None:
    """Whether a player of ``policy`` takes the upcard ``up`` into ten-card ``hand`` (whose
    deadwood is ``base``): the throws it would then weigh, (the least deadwood one leaves, the
    cards that leave it), or None to leave it."""
    bit = 1 << up
    eleven = min_deadwood(hand | bit)
    if eleven < base + VALUES[up]:
        return _reach(hand | bit, up)  # it forms or extends a meld
    # No throw takes off more than 10: when even that leaves too much to knock and too little
    # gain, there is no need to find the throw.
    floor = eleven - 10
    if (floor > base - TAKE_GAIN or not policy.takes_gain) and not rules.may_knock_with(floor):
        return None
    plan = _reach(hand | bit, up)
    least = plan[0]
    if rules.may_knock_with(least) and knocks_now(policy.style, least, stock_size, eager):
        return plan
    return plan if policy.takes_gain and least <= base - TAKE_GAIN else None


def wants_upcard(hand: int, up: int, stock_size: int, rules: Ruleset, policy: Policy = QUICK) -> bool:
    """Whether a player of ``policy`` takes the upcard ``up`` into ten-card ``hand``."""
    return upcard_plan(hand, min_deadwood(hand), up, stock_size, rules, policy) is not None


def _decide_upcard(sim: Sim, rules: Ruleset) -> bool:
    """Whether the player to move takes the upcard; if so its discard is planned."""
    player = sim.to_move
    hand = sim.hands[player]
    if sim.deadwood[player] < 0:
        sim.deadwood[player] = min_deadwood(hand)
    sim.plan = upcard_plan(hand, sim.deadwood[player], sim.pile[-1], sim.stock.size, rules, sim.policies[player],
                           sim.eager[player])
    return sim.plan is not None


def _end_knock(sim: Sim, player: int, rules: Ruleset) -> None:
    gain = sim.gain(sim.hands[player], sim.hands[1 - player], rules)
    sim.result = gain if player == 0 else -gain


def believed_knock(sim: Sim, kept: int, rules: Ruleset) -> float | None:
    """What a knock keeping the ten cards ``kept`` is worth to the mover on average over the
    opponent hands it believes in that are still possible (none holding a card it has seen since);
    None when none is."""
    seen = kept
    for card in sim.pile:
        seen |= 1 << card
    total = weight = 0.0
    for share, hand in sim.belief.hands:
        if hand & seen:
            continue
        total += share * sim.gain(kept, hand, rules)
        weight += share
    return total / weight if weight else None


def _careful_knock(sim: Sim, hand: int, reach: int, rules: Ruleset) -> int:
    """Near the wall, the careful mover's knock: the card to throw for the best knock its belief
    values above a void hand, -1 not to knock, or -2 when no hand it believed in is still possible
    (the level's timing then decides)."""
    best, value = -1, 0.0
    scan = reach
    tried = 0
    while scan and tried < 2:
        bit = scan & -scan
        scan ^= bit
        tried += 1
        worth = believed_knock(sim, hand ^ bit, rules)
        if worth is None:
            return -2  # nothing believed is possible any more: the level's timing decides
        if worth > value:
            best, value = bit.bit_length() - 1, worth
    return best


def step(sim: Sim, rules: Ruleset) -> None:
    """One move of the policy of the player to move."""
    player = sim.to_move
    sim.moves += 1
    if sim.phase == FIRST_UPCARD:
        if sim.passes >= 2:
            draw_stock(sim)
        elif _decide_upcard(sim, rules):
            take(sim)
        else:
            pass_upcard(sim)
        return
    if sim.phase == DRAW:
        if sim.pile and _decide_upcard(sim, rules):
            take(sim)
        else:
            draw_stock(sim)
        return
    _discard(sim, player, rules)


def _discard(sim: Sim, player: int, rules: Ruleset) -> None:
    """The discard of the player to move: big gin, a knock, or a plain throw, by its policy."""
    hand = sim.hands[player]
    policy = sim.policies[player]
    plan, sim.plan = sim.plan, None
    taken = sim.taken
    least, reach = plan if plan is not None and taken >= 0 else _reach(hand, taken)
    if least == 0 and rules.big_gin_allowed and min_deadwood(hand) == 0:  # all eleven meld only if one throw leaves 0
        big_gin(sim, rules)
        return
    if rules.may_knock_with(least):
        knock = -2
        if policy.careful and least and sim.stock.size <= rules.void_at_stock + WALL_CHANCES:
            knock = _careful_knock(sim, hand, reach, rules)
        if knock == -2:  # the level's timing
            timely = knocks_now(policy.style, least, sim.stock.size, sim.eager[player])
            knock = pick_throw(reach, hand, policy.keeps_partners) if timely else -1
        if knock >= 0:
            throw(sim, knock, True, rules)
            return
    if policy.careful:
        least, card = careful_throw(sim, hand, taken, least, reach)
    elif policy.reads:
        least, card = safe_throw(hand, taken, sim.shown[1 - player], policy.keeps_partners, (least, reach))
    else:
        card = pick_throw(reach, hand, policy.keeps_partners)
    throw(sim, card, False, rules)
    sim.deadwood[player] = least


def pass_upcard(sim: Sim) -> None:
    """Pass on the first upcard; after both have passed the non-dealer draws from the stock."""
    sim.note("pass")
    sim.passes += 1
    sim.to_move = 1 - sim.dealer if sim.passes == 2 else 1 - sim.to_move


def take(sim: Sim) -> None:
    """Take the top of the pile (or the first upcard)."""
    sim.note("take")
    card = sim.pile.pop()
    player = sim.to_move
    sim.hands[player] |= 1 << card
    sim.shown[player] |= 1 << card
    sim.taken = card
    sim.phase = DISCARD


def draw_stock(sim: Sim) -> None:
    """Draw the next card of the stock (the player's own order of it)."""
    sim.note("stock")
    sim.hands[sim.to_move] |= 1 << sim.stock.draw(sim.to_move)
    sim.taken = -1
    sim.phase = DISCARD


def big_gin(sim: Sim, rules: Ruleset) -> None:
    """End the hand showing all eleven cards melded (where the rules allow it)."""
    sim.note("big_gin")
    _end_knock(sim, sim.to_move, rules)


def throw(sim: Sim, card: int, knock: bool, rules: Ruleset) -> None:
    """Throw ``card`` (knocking, when ``knock``): the hand ends, or goes on with the other player,
    or is void at the wall."""
    sim.note("knock" if knock else "discard", card)
    player = sim.to_move
    bit = 1 << card
    sim.hands[player] &= ~bit
    sim.shown[player] &= ~bit
    sim.deadwood[player] = -1
    sim.pile.append(card)
    sim.taken = -1
    if knock:
        _end_knock(sim, player, rules)
        return
    if sim.stock.size <= rules.void_at_stock:
        sim.result = 0
        return
    sim.to_move = 1 - player
    sim.phase = DRAW


COMPILED = compiled.play_outs(STRONG.feed)
"""The compiled play-outs (:data:`tutor.play.compiled.COMPILED`, set up for them), or None:
:func:`play_out` then plays in Python."""
PolicyArgs = tuple[float, int, int, int, int, bool, bool, bool, bool, float, float]
_POLICY_ARGS: dict[Policy, PolicyArgs] = {}


def policy_args(policy: Policy) -> PolicyArgs:
    """A policy as the compiled play-out reads it."""
    found = _POLICY_ARGS.get(policy)
    if found is None:
        style = policy.style
        found = _POLICY_ARGS[policy] = (style.feed, style.gin_wait, style.gin_wait_stock, style.careful_from,
                                        style.careful_stock, policy.takes_gain, policy.keeps_partners, policy.reads,
                                        policy.careful, policy.feed_tie, policy.risk_blur)
    return found


ScoringArgs = tuple[int, bool, bool, int, bool, bool, bool, int, bool]


def scoring_args(rules: Ruleset) -> ScoringArgs | None:
    """A ruleset's scoring options as the compiled play-out reads them, where it scores a knock
    itself: where the knocker shows whichever of its equal arrangements leaves the defender most
    deadwood and the defender may break its own melds to lay off (every shipped ruleset). None
    otherwise: the play-out then asks :func:`~tutor.engine.scoring.knocker_gain`."""
    if not (rules.knocker_picks_arrangement and rules.defender_breaks_melds):
        return None
    return (rules.gin_bonus, rules.gin_adds_defender_deadwood, rules.layoffs_onto_gin, rules.big_gin_bonus,
            rules.layoffs_onto_big_gin, rules.gin_can_be_undercut, rules.undercut_on_tie, rules.undercut_bonus,
            rules.undercut_adds_difference)


def _play_out_compiled(sim: Sim, rules: Ruleset, compiled: ModuleType) -> int:
    """:func:`play_out` by the compiled code: the same moves, from the same state (the sim is used up:
    only its result is set)."""
    stock = sim.stock
    result: int = compiled.play_out(
        (sim.hands[0], sim.hands[1]), stock.orders, (stock.at[0], stock.at[1]), stock.left, stock.size, sim.pile,
        (sim.to_move, sim.phase, sim.dealer, sim.passes, sim.taken, sim.moves), (sim.deadwood[0], sim.deadwood[1]),
        sim.plan, (sim.shown[0], sim.shown[1]), (policy_args(sim.policies[0]), policy_args(sim.policies[1])),
        sim.eager, sim.belief.risk, sim.belief.hands,
        (rules.knock_limit, rules.big_gin_allowed, rules.void_at_stock, scoring_args(rules)),
        lambda knocker, defender: sim.gain(knocker, defender, rules), sim.blur_key)
    sim.result = result
    return result


def play_out(sim: Sim, rules: Ruleset, compiled: ModuleType | None = COMPILED) -> int:
    """Play the hand to its end, each player by its policy; player 0's net points. By the compiled
    code when there is one and no log is kept (``compiled=None``: in Python); after it, only the sim's
    result is meaningful."""
    if compiled is not None and sim.log is None and sim.result is None:
        return _play_out_compiled(sim, rules, compiled)
    while sim.result is None:
        if sim.moves >= MAX_MOVES:
            sim.result = 0
            break
        step(sim, rules)
    return sim.result
