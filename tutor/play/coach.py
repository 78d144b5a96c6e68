"""The coach's advice: the strong player's move for a view, with the numbers behind it.

:func:`advise` says what the strong player would do and why, as data the language layer turns into
one sentence ("Take the J♦: it makes J♥ J♦ J♣; your deadwood falls from 34 to 5"): the reason, the
deadwood before and after, and the meld a taken card makes. Like a bot, it reads only the view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from tutor.engine.cards import Card
from tutor.engine.melds import min_deadwood
from tutor.play.bots import Bot
from tutor.play.bots.evaluate import discard_order, taken_meld
from tutor.play.bots.reading import read_view
from tutor.play.moves import Move

Reason = Literal["big_gin", "gin", "knock", "play_on", "discard", "take_meld", "take_knock", "take_lower",
                 "decline"]


@dataclass(frozen=True)
class Advice:
    """A move and why: ``deadwood_before`` is the hand's deadwood as it stands (for a discard: the
    least any discard would leave), ``deadwood_after`` what the move leaves."""

    move: Move
    reason: Reason
    deadwood_before: int
    deadwood_after: int
    meld: tuple[Card, ...] = ()
    """For ``take_meld``: the meld the taken card joins."""


def advise(view: dict[str, Any], level: str = "strong", seed: int = 0) -> Advice:
    """What the player of ``level`` would do in this view, with the numbers it rests on."""
    table = read_view(view)
    move = Bot(level, seed).move(view)
    kind, card = move
    if table.phase == "discard":
        least = discard_order(table.hand, keep=table.taken)[0][0]
        if kind == "big_gin" or card is None:
            return Advice(move, "big_gin", least, 0)
        after = min_deadwood(table.hand & ~card.bit)
        if kind == "knock":
            return Advice(move, "gin" if after == 0 else "knock", least, after)
        could_knock = any(k == "knock" for k, _ in table.legal)
        return Advice(move, "play_on" if could_knock else "discard", least, after)
    before = min_deadwood(table.hand)
    top = table.top
    if kind != "take" or top is None:
        return Advice(move, "decline", before, before)
    after = discard_order(table.hand | top.bit, keep=top)[0][0]
    meld = taken_meld(table.hand, top)
    if meld:
        return Advice(move, "take_meld", before, after, meld)
    return Advice(move, "take_knock" if table.rules.may_knock_with(after) else "take_lower", before, after)

