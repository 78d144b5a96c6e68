"""What the arena's players share (``benchmarks/arena.py`` and the EAAI players of
``benchmarks/eaai.py``): the tally each side keeps, and the interface a player offers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from tutor.play.hand import Hand
from tutor.play.moves import Move


@dataclass
class Tally:
    """What the arena counts for one side."""

    decisions: list[float] = field(default_factory=list)
    illegal: int = 0
    substituted: int = 0
    fallback: int = 0


class Player(Protocol):
    """A player of the arena: told its seat at each hand's start, shown each move, asked for its own
    (a player that wants to know how a hand ended also has ``finish(hand, scores)``)."""

    tally: Tally

    def start(self, hand: Hand, player: int) -> None: ...

    def observe(self, before: Hand, move: Move) -> None: ...

    def move(self, hand: Hand) -> Move: ...
