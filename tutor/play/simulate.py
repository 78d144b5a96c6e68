"""Playing a hand out fast, for the analysis: a compact, mutable state on card masks (not the
immutable :class:`~tutor.play.hand.Hand` the game keeps for its views) and a quick policy that both
players follow to the end of the hand.

A card is its index in :data:`~tutor.engine.cards.DECK` (bit ``i`` of a mask). The stock is a list
whose *last* element is drawn next. The policy sees only what its player may know (its own cards,
the top of the pile, the size of the stock); it is deterministic, so the same world played twice
gives the same hand. It plays like a careful club player, cheaply:

- **draw**: take the upcard when it forms or extends a meld, or when it lets the hand knock now
  (as the player then would), or when it lowers the deadwood after the best discard by
  :data:`TAKE_GAIN` points or more; otherwise draw from the stock;
- **discard**: throw a card that leaves the least deadwood, never the one just taken; among those,
  the card with the fewest partners left (cards of its rank, or of its suit within two ranks),
  then the highest;
- **big gin**: at once, where the rules allow it, whenever all eleven cards meld;
- **knock**: as the strong player times it (:meth:`tutor.play.bots.planner.Planner.should_knock`,
  without the score of the game): at once with gin; in the first turns whenever it can, except with
  two or less while the stock is long (gin is near); late in the hand only with less than three.

The hand ends as the game's rules say: a knock (or gin, or big gin where the rules allow it) is
scored by the engine (:func:`~tutor.engine.scoring.knocker_gain`, layoffs and undercuts included);
a discard that leaves the stock at the wall voids it. A hand that goes on for :data:`MAX_MOVES`
moves (two players passing one card back and forth, the stock never shrinking) counts as void.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tutor.engine.cards import DECK
from tutor.engine.melds import discard_reach, min_deadwood
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import knocker_gain

FIRST_UPCARD, DRAW, DISCARD = 0, 1, 2
"""The phases of a turn."""
MAX_MOVES = 400
"""Moves after which a hand still going on counts as void (a loop of passes through the pile)."""
TAKE_GAIN = 6
"""Deadwood points by which taking the upcard must beat the hand as it stands, when it melds nothing."""
GIN_WAIT, GIN_WAIT_STOCK = 2, 15
"""With this much deadwood or less, while the stock holds at least this many cards, play on for gin."""
CAREFUL_FROM, CAREFUL_STOCK = 3, 25
"""With this much deadwood or more, once the stock holds fewer than this many cards, do not knock."""
VALUES = tuple(c.value for c in DECK)
RANKS = tuple(c.rank for c in DECK)
BY_VALUE = tuple(sorted(range(len(DECK)), key=lambda i: -VALUES[i]))
"""The cards' indices, the highest value first."""


def _partners() -> tuple[int, ...]:
    """For each card, the cards that could meld with it: its rank, and its suit within two ranks."""
    out = []
    for c in DECK:
        mask = 0
        for other in DECK:
            if other is c:
                continue
            if other.rank == c.rank or (other.suit == c.suit and abs(other.rank - c.rank) <= 2):
                mask |= other.bit
        out.append(mask)
    return tuple(out)


PARTNERS = _partners()


@dataclass
class Sim:
    """A hand being played out: both hands as masks, the stock (drawn from its end), the pile (its
    top last), who moves and in which phase. Mutable: a rollout changes it in place."""

    hands: list[int]
    stock: list[int]
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
    """The discard the policy worked out when it chose to take the upcard: (deadwood left, card)."""

    def copy(self) -> Sim:
        """An independent copy (the log is not carried over)."""
        return Sim([*self.hands], [*self.stock], [*self.pile], self.to_move, self.phase, self.dealer, self.passes,
                   self.taken, self.moves, self.result, None, [*self.deadwood], self.plan)

    def note(self, kind: str, card: int = -1) -> None:
        """Record a move in the log, if there is one."""
        if self.log is not None:
            self.log.append((kind, card))


def should_knock(deadwood: int, stock_size: int) -> bool:
    """Whether the quick policy knocks with ``deadwood`` (already within the knock limit)."""
    if deadwood == 0:
        return True
    if deadwood >= CAREFUL_FROM and stock_size < CAREFUL_STOCK:
        return False
    return not (deadwood <= GIN_WAIT and stock_size >= GIN_WAIT_STOCK)


def best_throw(hand: int, taken: int) -> tuple[int, int]:
    """The quick policy's discard from an eleven-card ``hand``: (the deadwood it leaves, the card).
    ``taken`` (-1 for none) may not be thrown."""
    least, reach = discard_reach(hand)
    if taken >= 0 and reach & (1 << taken):
        reach &= ~(1 << taken)
        if not reach:  # only the card just taken leaves the least: the best of the others
            least, reach = _best_but(hand, taken)
    best, key = -1, (99, 0)
    while reach:
        bit = reach & -reach
        reach ^= bit
        index = bit.bit_length() - 1
        choice = ((PARTNERS[index] & hand).bit_count(), -VALUES[index] * 16 - RANKS[index])
        if choice < key:
            best, key = index, choice
    return least, best


def upcard_plan(hand: int, base: int, up: int, stock_size: int, rules: Ruleset) -> tuple[int, int] | None:
    """Whether the quick policy takes the upcard ``up`` into ten-card ``hand`` (whose deadwood is
    ``base``): the discard it would then make, (deadwood left, card), or None to leave it."""
    bit = 1 << up
    eleven = min_deadwood(hand | bit)
    if eleven < base + VALUES[up]:
        return best_throw(hand | bit, up)  # it forms or extends a meld
    # No throw takes off more than 10: when even that leaves too much to knock and too little
    # gain, there is no need to find the throw.
    floor = eleven - 10
    if floor > base - TAKE_GAIN and not rules.may_knock_with(floor):
        return None
    plan = best_throw(hand | bit, up)
    least = plan[0]
    if rules.may_knock_with(least) and should_knock(least, stock_size):
        return plan
    return plan if least <= base - TAKE_GAIN else None


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


def wants_upcard(hand: int, up: int, stock_size: int, rules: Ruleset) -> bool:
    """Whether the quick policy takes the upcard ``up`` into ten-card ``hand``."""
    return upcard_plan(hand, min_deadwood(hand), up, stock_size, rules) is not None


def _decide_upcard(sim: Sim, rules: Ruleset) -> bool:
    """Whether the player to move takes the upcard; if so its discard is planned."""
    player = sim.to_move
    hand = sim.hands[player]
    if sim.deadwood[player] < 0:
        sim.deadwood[player] = min_deadwood(hand)
    sim.plan = upcard_plan(hand, sim.deadwood[player], sim.pile[-1], len(sim.stock), rules)
    return sim.plan is not None


def _end_knock(sim: Sim, player: int, rules: Ruleset) -> None:
    gain = knocker_gain(sim.hands[player], sim.hands[1 - player], rules)
    sim.result = gain if player == 0 else -gain


def step(sim: Sim, rules: Ruleset) -> None:
    """One move of the quick policy for the player to move."""
    player = sim.to_move
    hand = sim.hands[player]
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
    plan, sim.plan = sim.plan, None
    least, card = plan if plan is not None and sim.taken >= 0 else best_throw(hand, sim.taken)
    if least == 0 and rules.big_gin_allowed and min_deadwood(hand) == 0:  # all eleven meld only if one throw leaves 0
        big_gin(sim, rules)
        return
    knock = rules.may_knock_with(least) and should_knock(least, len(sim.stock))
    throw(sim, card, knock, rules)
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
    sim.hands[sim.to_move] |= 1 << card
    sim.taken = card
    sim.phase = DISCARD


def draw_stock(sim: Sim) -> None:
    """Draw the stock's next card."""
    sim.note("stock")
    sim.hands[sim.to_move] |= 1 << sim.stock.pop()
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
    sim.hands[player] &= ~(1 << card)
    sim.deadwood[player] = -1
    sim.pile.append(card)
    sim.taken = -1
    if knock:
        _end_knock(sim, player, rules)
        return
    if len(sim.stock) <= rules.void_at_stock:
        sim.result = 0
        return
    sim.to_move = 1 - player
    sim.phase = DRAW


def play_out(sim: Sim, rules: Ruleset) -> int:
    """Play the hand to its end with the quick policy; player 0's net points."""
    while sim.result is None:
        if sim.moves >= MAX_MOVES:
            sim.result = 0
            break
        step(sim, rules)
    return sim.result
