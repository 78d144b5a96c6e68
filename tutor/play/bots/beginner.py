"""The beginner: source 000's virtual player, which is also the rule of OpenSpiel's simple gin
rummy bot. It knocks (or goes gin, or big gin) whenever it can; it discards the card that leaves
the least deadwood, the higher card among equals; it takes the upcard only when the card forms or
extends a meld or lets it knock at once.
"""

from __future__ import annotations

from tutor.play.bots.evaluate import DECK_ORDER, Preference, discard_order, taken_meld
from tutor.play.bots.reading import Table
from tutor.play.moves import Move


def wants_upcard(table: Table) -> bool:
    """Whether the top of the pile forms or extends a meld, or lets this hand knock at once."""
    card = table.top
    if card is None:
        return False
    if taken_meld(table.hand, card):
        return True
    least, _ = discard_order(table.hand | card.bit, keep=card)[0]
    return table.rules.may_knock_with(least)


def draw(table: Table) -> Move:
    """Take the upcard when it is wanted; otherwise pass on the first upcard or draw from the stock."""
    if table.can("take") and wants_upcard(table):
        return "take", None
    return ("pass", None) if table.can("pass") else ("stock", None)


def discard(table: Table, prefer: Preference = DECK_ORDER) -> Move:
    """Big gin, else a knock, else a plain discard, always of the card that leaves least deadwood."""
    if table.can("big_gin"):
        return "big_gin", None
    card = discard_order(table.hand, keep=table.taken, prefer=prefer)[0][1]
    return ("knock", card) if ("knock", card) in table.legal else ("discard", card)


def choose(table: Table, prefer: Preference = DECK_ORDER) -> Move:
    """The beginner's move."""
    return discard(table, prefer) if table.phase == "discard" else draw(table)
