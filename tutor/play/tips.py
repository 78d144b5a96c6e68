"""Source 001's tips for play, and a check of each on one decision.

Source 001 gives seven tips, rules of thumb for beginners, each checked here on a learner's
decisions (the numbers live here once, for the after-hand review, the knock-or-wait drill and the
texts that state them). Where 001 leaves a word open, the check reads it as gin-tutor does (each
reading named below, and marked as ours wherever a text states it):

- ``time_by_pickups``: knock early, with little deadwood, when the opponent takes many discards
  (its hand is coming together fast); late, playing for gin, it may wait while the opponent draws
  from the stock. Checked where the player may knock with :data:`LITTLE_DEADWOOD` or less (our
  reading of "pocas cartas sueltas": the figure of 001's other knock tip) and the opponent holds
  :data:`MANY_PICKUPS` or more cards taken from the pile (our reading of "mucho"): following it is
  knocking with that little;
- ``wait_at_eight``: knocking with :data:`WEAK_KNOCK` points is nearly always worse than waiting a
  turn to get down to :data:`AIM_AFTER_WAIT` (3 or 4);
- ``no_early_knock``: no knock with more than :data:`EARLY_KNOCK_MOST` points of deadwood before
  turn :data:`EARLY_TURNS`;
- ``faces_first``: throw face cards first (ten points of deadwood cost more than a loose 3): checked
  where a loose face card (a J, Q or K with no partner, our reading) could be thrown;
- ``keep_double_use``: keep cards that work twice, for a set and a run (a 7♥ beside 7♠ and 6♥);
- ``watch_discards``: a suit the opponent throws again and again is one it builds nothing in. Our
  reading, to check it: a loose card of that suit is a safe throw. Checked where a deadwood card of
  a suit the opponent has thrown :data:`COLD_SUIT` or more times could be thrown: following it is
  throwing one;
- ``take_to_meld``: take from the discard pile only what you really need (our reading: a card that
  melds).

:func:`follows` gives, for a decision that did not follow a tip, a move that would have (for the
review to measure what following the tip would have gained or cost).

Each check is a small function of the decision's view, read as a player reads it: ``True`` when the
decision followed the tip, ``False`` when it did not, ``None`` when the tip did not apply.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from tutor.engine.cards import Card, cards_of_mask
from tutor.engine.melds import best_arrangements, min_deadwood
from tutor.engine.rules import Ruleset
from tutor.play.bots.evaluate import discard_order, taken_meld
from tutor.play.bots.reading import Table
from tutor.play.moves import Move

EARLY_TURNS = 10
"""001: no knock above :data:`EARLY_KNOCK_MOST` before this turn."""
EARLY_KNOCK_MOST = 5
WEAK_KNOCK = range(8, 11)
"""001: a knock with this much deadwood is nearly always worse than waiting."""
AIM_AFTER_WAIT = range(3, 5)
"""001: what waiting a turn instead of a weak knock hopes to get down to (3 or 4)."""
LITTLE_DEADWOOD = EARLY_KNOCK_MOST
"""Our reading of 001's "pocas cartas sueltas" in its early-knock tip: this much or less (the figure
of its other knock tip)."""
MANY_PICKUPS = 2
"""Our reading of 001's "takes many discards": the opponent holds this many cards taken from the pile."""
FEW_POINTS = 10
"""000's score tip ("if a few points will do, knock at the first chance"): how many points still
needed count as "a few" (000 gives no number; gin-tutor's interpretation: what one knock against a
hand of loose cards usually brings)."""
COLD_SUIT = 2
"""Our reading of 001's "a suit it throws again and again": this many of its discards in the suit."""
TIP_NUMBERS = {"most": EARLY_KNOCK_MOST, "turn": EARLY_TURNS, "low": WEAK_KNOCK.start, "high": WEAK_KNOCK.stop - 1,
               "pickups": MANY_PICKUPS, "times": COLD_SUIT, "aim_low": AIM_AFTER_WAIT.start,
               "aim_high": AIM_AFTER_WAIT.stop - 1, "little": LITTLE_DEADWOOD}
"""The numbers the tips' texts state, by the name of their placeholder."""


class Decided(Protocol):
    """A decision as the checks see it: the table it was made on and the move made."""

    @property
    def table(self) -> Table: ...

    @property
    def move(self) -> Move: ...


@dataclass(frozen=True)
class TipCheck:
    """How one tip fared in a hand: ``turns`` where it applied, and the turns where it was not followed."""

    tip: str
    turns: tuple[int, ...]
    broken: tuple[int, ...]

    @property
    def applied(self) -> bool:
        return bool(self.turns)

    @property
    def followed(self) -> bool:
        return self.applied and not self.broken


def is_lone(card: Card, mask: int) -> bool:
    """Whether ``card`` has no partner in ``mask``: no card of its rank, none of its suit one rank away."""
    for other in cards_of_mask(mask & ~card.bit):
        if other.rank == card.rank or (other.suit == card.suit and abs(other.rank - card.rank) == 1):
            return False
    return True


def could_join_set_and_run(card: Card, mask: int) -> bool:
    """Whether ``card`` could still join both a set and a run: another card of its rank and one of
    its suit within two ranks are in ``mask`` (001's "double use" card)."""
    others = cards_of_mask(mask & ~card.bit)
    pairs = any(o.rank == card.rank for o in others)
    neighbours = any(o.suit == card.suit and 0 < abs(o.rank - card.rank) <= 2 for o in others)
    return pairs and neighbours


def early_knock_allowed(deadwood: int, turn: int) -> bool:
    """001: before turn :data:`EARLY_TURNS`, knock only with :data:`EARLY_KNOCK_MOST` or less."""
    return turn >= EARLY_TURNS or deadwood <= EARLY_KNOCK_MOST


def knock_or_wait(deadwood: int, turn: int) -> str:
    """Source 001's answer for a knock with ``deadwood`` on the player's ``turn``: ``knock`` or ``wait``."""
    return "wait" if deadwood in WEAK_KNOCK or not early_knock_allowed(deadwood, turn) else "knock"


def pickups_say(pickups: int, deadwood: int) -> str:
    """001's tip on the opponent's pickups, for a knock with ``deadwood`` (:data:`LITTLE_DEADWOOD`
    or less) when the opponent has taken ``pickups`` cards from the discard pile: ``knock`` (they
    are taking many: their hand is coming together) or ``wait`` (they draw from the stock: there is
    time to play for gin)."""
    return "knock" if pickups >= MANY_PICKUPS else "wait"


def score_says(needed: int) -> str:
    """000's score tip, for a player who may knock and needs ``needed`` more points to end the game:
    ``knock`` when :data:`FEW_POINTS` or fewer will do, else ``wait`` (the tip does not push)."""
    return "knock" if needed <= FEW_POINTS else "wait"


def waiting_can_pay(rules: Ruleset) -> bool:
    """Whether 001's tips ever advise waiting under ``rules``: only with a knock limit above
    :data:`EARLY_KNOCK_MOST` (the tips advise waiting with more than that early, or with :data:`WEAK_KNOCK`)."""
    return rules.knock_limit > EARLY_KNOCK_MOST


def _throwable(table: Table) -> list[Card]:
    """The deadwood cards of the hand that may be thrown now."""
    return [c for c in best_arrangements(table.hand)[0].deadwood_cards if c is not table.taken]


def _faces_first(table: Table, move: Move) -> bool | None:
    kind, card = move
    faces = [c for c in _throwable(table) if c.rank > 10 and is_lone(c, table.hand)]
    if not faces or kind == "big_gin" or card is None:
        return None
    return card.value >= 10


def _keep_double_use(table: Table, move: Move) -> bool | None:
    card = move[1]
    throwable = _throwable(table)
    doubles = [c for c in throwable if could_join_set_and_run(c, table.hand)]
    if not doubles or len(doubles) == len(throwable) or card is None:
        return None
    return card not in doubles


def _no_early_knock(table: Table, move: Move) -> bool | None:
    kind, card = move
    if kind != "knock" or card is None or table.turn >= EARLY_TURNS:
        return None
    return early_knock_allowed(min_deadwood(table.hand & ~card.bit), table.turn)


def _wait_at_eight(table: Table, move: Move) -> bool | None:
    kind, card = move
    knocked = kind == "knock" and card is not None and min_deadwood(table.hand & ~card.bit) in WEAK_KNOCK
    could = table.can("knock") and discard_order(table.hand, keep=table.taken)[0][0] in WEAK_KNOCK
    if not (knocked or could):
        return None
    return not knocked


def _take_to_meld(table: Table, move: Move) -> bool | None:
    if move[0] != "take" or table.top is None:
        return None
    return bool(taken_meld(table.hand, table.top))


def _time_by_pickups(table: Table, move: Move) -> bool | None:
    if not table.can("knock") or table.opponent_known.bit_count() < MANY_PICKUPS:
        return None
    if discard_order(table.hand, keep=table.taken)[0][0] > LITTLE_DEADWOOD:
        return None  # no knock with little deadwood to be had: the tip does not speak
    kind, card = move
    return kind == "knock" and card is not None and min_deadwood(table.hand & ~card.bit) <= LITTLE_DEADWOOD


def cold_suits(table: Table) -> set[str]:
    """The suits the opponent has thrown :data:`COLD_SUIT` or more cards of this hand."""
    counts = Counter(card.suit for card in table.opponent_discards)
    return {suit for suit, n in counts.items() if n >= COLD_SUIT}


def _cold_throws(table: Table) -> list[Card]:
    """The deadwood cards of a suit the opponent keeps throwing (a card of one's own meld is no safe throw)."""
    cold = cold_suits(table)
    return [c for c in _throwable(table) if c.suit in cold]


def _watch_discards(table: Table, move: Move) -> bool | None:
    card = move[1]
    cold = _cold_throws(table)
    if card is None or not cold:
        return None
    return card in cold


Check = Callable[[Table, Move], "bool | None"]
DISCARD_CHECKS: dict[str, Check] = {"time_by_pickups": _time_by_pickups, "wait_at_eight": _wait_at_eight,
                                    "no_early_knock": _no_early_knock, "faces_first": _faces_first,
                                    "keep_double_use": _keep_double_use, "watch_discards": _watch_discards}
"""The tips about the discard (and the knock that goes with it)."""
DRAW_CHECKS: dict[str, Check] = {"take_to_meld": _take_to_meld}
"""The tips about the draw."""
TIPS = ("time_by_pickups", "wait_at_eight", "no_early_knock", "faces_first", "keep_double_use", "watch_discards",
        "take_to_meld")
"""Source 001's tips, in the order it gives them."""


def _least_throw(table: Table, cards: Sequence[Card]) -> Card | None:
    """Of ``cards``, the throw that leaves least deadwood (the higher card among equals)."""
    if not cards:
        return None
    return min(cards, key=lambda c: (min_deadwood(table.hand & ~c.bit), -c.value, c.index))


def follows(tip: str, table: Table, move: Move) -> Move | None:
    """A legal move that follows ``tip`` where ``move`` did not (None where none does)."""
    kind, card = move
    alternative: Move | None = None
    if tip == "take_to_meld":
        alternative = ("pass", None) if table.can("pass") else ("stock", None)
    elif tip in ("no_early_knock", "wait_at_eight") and card is not None:
        alternative = ("discard", card)
    elif tip == "time_by_pickups":
        knocks = [c for k, c in table.legal if k == "knock" and c is not None
                  and min_deadwood(table.hand & ~c.bit) <= LITTLE_DEADWOOD]
        best = _least_throw(table, knocks)
        alternative = None if best is None else ("knock", best)
    elif tip == "faces_first":
        faces = [c for c in _throwable(table) if c.rank > 10 and is_lone(c, table.hand)]
        best = _least_throw(table, faces)
        alternative = None if best is None else ("discard", best)
    elif tip == "keep_double_use":
        keep = [c for c in _throwable(table) if not could_join_set_and_run(c, table.hand)]
        best = _least_throw(table, keep)
        alternative = None if best is None else ("discard", best)
    elif tip == "watch_discards":
        best = _least_throw(table, _cold_throws(table))
        alternative = None if best is None else ("discard", best)
    return alternative if alternative in table.legal else None


def tip_verdict(tip: str, decision: Decided) -> bool | None:
    """Whether ``decision`` followed ``tip``; None where the tip did not apply."""
    table = decision.table
    checks = DISCARD_CHECKS if table.phase == "discard" else DRAW_CHECKS
    check = checks.get(tip)
    return None if check is None else check(table, decision.move)


def check_tip(tip: str, decisions: Sequence[Decided]) -> TipCheck:
    """One tip checked on a hand's decisions: the turns where it applied, and where it was not followed."""
    turns: list[int] = []
    broken: list[int] = []
    for decision in decisions:
        verdict = tip_verdict(tip, decision)
        if verdict is None:
            continue
        turns.append(decision.table.turn)
        if not verdict:
            broken.append(decision.table.turn)
    return TipCheck(tip, tuple(turns), tuple(broken))


def check_tips(decisions: Sequence[Decided]) -> list[TipCheck]:
    """Source 001's tips, each checked on the learner's decisions of one hand."""
    return [check_tip(tip, decisions) for tip in TIPS]


def broken_tips(table: Table, move: Move) -> int:
    """How many of source 001's tips ``move`` would not follow at this decision."""
    checks = DISCARD_CHECKS if table.phase == "discard" else DRAW_CHECKS
    return sum(check(table, move) is False for check in checks.values())
