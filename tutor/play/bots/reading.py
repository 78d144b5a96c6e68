"""Reading a view: what a virtual player knows, as card masks it can compute with.

A bot reads nothing but the view (:meth:`tutor.play.hand.Hand.view`), so that a view built by
another program (an adapter from another gin rummy engine, under its own options, with no ruleset
file anywhere) is played just as well. The rules come from the view too: its ``rules`` are every
option a player may know; the ruleset's name is only for display.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import DECK, HAND_SIZE, Card, mask_of, parse_card
from tutor.engine.rules import Ruleset, ruleset_of_options
from tutor.play.hand import View
from tutor.play.moves import Move, read_move

FULL_DECK = (1 << len(DECK)) - 1


@dataclass(frozen=True)
class Table:
    """What one player knows at a decision."""

    rules: Ruleset
    phase: str
    hand: int
    """Own cards, as a mask."""
    top: Card | None
    """The top of the discard pile."""
    taken: Card | None
    """In ``discard``: the card just taken from the pile, which may not be discarded now."""
    dead: int
    """Cards in the discard pile: out of play for everyone (the top only for the opponent)."""
    opponent_known: int
    """Cards the opponent took from the pile and still holds."""
    opponent_discards: tuple[Card, ...]
    opponent_declined: tuple[Card, ...]
    """Cards the opponent could have taken from the pile and left (passed or drew from the stock)."""
    stock_size: int
    turn: int
    legal: tuple[Move, ...]
    score: tuple[int, int] | None

    @property
    def unseen(self) -> int:
        """Cards this player has not seen: in the stock or hidden in the opponent's hand."""
        return FULL_DECK & ~(self.hand | self.dead | self.opponent_known)

    @property
    def opponent_hidden(self) -> int:
        """How many of the opponent's ten cards this player has not seen."""
        return max(0, HAND_SIZE - self.opponent_known.bit_count())

    def can(self, kind: str) -> bool:
        return any(k == kind for k, _ in self.legal)


def _cards(texts: list[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def declined_cards(events: list[list[Any]], first_pile_card: Card | None) -> tuple[Card, ...]:
    """The cards the opponent left on the pile when it could take them, replaying the public
    events: a pass on the upcard, or a draw from the stock while a card lay on the pile."""
    pile: list[Card] = [] if first_pile_card is None else [first_pile_card]
    declined: list[Card] = []
    for who, move, text in events:
        card = None if text is None else parse_card(text)
        if move == "pass" and who == "opp" and card is not None:
            declined.append(card)
        elif move == "stock" and who == "opp" and pile:
            declined.append(pile[-1])
        elif move == "take" and pile:
            pile.pop()
        elif move in ("discard", "knock") and card is not None:
            pile.append(card)
    return tuple(declined)


def _first_pile_card(view: View) -> Card | None:
    """The first upcard: the card of the first pass or take, else the bottom of the pile."""
    for _, move, text in view["events"]:
        if move in ("pass", "take") and text is not None:
            return parse_card(text)
        if move in ("stock", "discard"):
            break
    return parse_card(view["discard_pile"][0]) if view["discard_pile"] else None


def rules_of_view(view: View) -> Ruleset:
    """The rules a view carries: its options (``rules``) under its name (``ruleset``)."""
    return ruleset_of_options(view["ruleset"], view["rules"])


def read_view(view: View) -> Table:
    """The table as the view shows it."""
    top = view["top_discard"]
    taken = view["taken_upcard"]
    score = view["score"]
    return Table(
        rules=rules_of_view(view),
        phase=view["phase"],
        hand=mask_of(_cards(view["hand"])),
        top=None if top is None else parse_card(top),
        taken=None if taken is None else parse_card(taken),
        dead=mask_of(_cards(view["discard_pile"])),
        opponent_known=mask_of(_cards(view["opponent_known"])),
        opponent_discards=tuple(_cards(view["opponent_discards"])),
        opponent_declined=declined_cards(view["events"], _first_pile_card(view)),
        stock_size=view["stock_size"],
        turn=view["turn"],
        legal=tuple(read_move(m) for m in view["legal"]),
        score=None if score is None else (score[0], score[1]),
    )
