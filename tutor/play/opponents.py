"""The opponent the analysis plays against: a level of the virtual player as the analysis models it
(:attr:`tutor.play.levels.Level.model`, :attr:`~tutor.play.levels.Level.history_waste`; the
registry of :mod:`tutor.play.levels` says how each is modelled and calibrated).
"""

from __future__ import annotations

from tutor.play.errors import UnknownBotLevelError
from tutor.play.levels import LEVELS, Level
from tutor.play.simulate import Policy

DEFAULT_OPPONENT = "strong"
"""The opponent the analysis models when it is not told which level it faces."""


def level_of(name: str) -> Level:
    """The level named ``name`` (an :class:`UnknownBotLevelError` for an unknown one)."""
    if name not in LEVELS:
        raise UnknownBotLevelError(level=str(name)[:40], choices=", ".join(LEVELS))
    return LEVELS[name]


def history_waste(level: str) -> float:
    """The history waste of ``level`` (:attr:`~tutor.play.levels.Level.history_waste`; an
    :class:`UnknownBotLevelError` for an unknown level)."""
    return level_of(level).history_waste


def opponent_policy(level: str) -> Policy:
    """The model of the level ``level`` (an :class:`UnknownBotLevelError` for an unknown one)."""
    return level_of(level).model
