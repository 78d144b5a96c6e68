"""How strong each level of the virtual player is, as measured by ``benchmarks/arena.py``.

Each level above the beginner was played against the level below it on duplicate deals (every
deal twice, the seats swapped) under the classic rules without big gin, the EAAI challenge's
rules; the figures are points per hand and their standard error. They are measurements, so they
are written here by hand after a run, with the command that reproduces them::

    python benchmarks/arena.py --levels intermediate --opponent beginner --hands 4000 --games 400 --rules eaai
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """One step of the ladder: a level against the one below it."""

    below: str
    """The level it was measured against."""
    points: float
    """Points per hand it won on average against that level."""
    stderr: float
    """The standard error of ``points``."""
    hands: int
    """How many hands were played."""


LADDER = {
    "intermediate": Measured("beginner", 1.06, 0.34, 4000),
    "strong": Measured("intermediate", 1.12, 0.37, 4000),
    "expert": Measured("strong", 5.34, 0.44, 4000),
}
"""Each level above the beginner, measured against the level below it."""

ANCHORS = {
    "expert": Measured("SGP_LMGeo_Knock", 8.12, 0.49, 4000),
}
"""Public players a level was measured against (``benchmarks/arena.py --rules eaai --opponent sgp``):
Truong & Neller's agent of the EAAI challenge. The expert's figures are those of 2026-12-04, after
its rework (its race and careful continuation); its play has not changed since."""
