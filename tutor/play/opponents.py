"""The opponent the analysis plays against: each level of the virtual player as the analysis models
it, read from that level's own rules (:mod:`tutor.play.bots`).

A model is a :class:`~tutor.play.simulate.Policy`: how the level takes from the pile, throws and
knocks in a play-out, and what the analysis' history of its hand assumes it would have done
(:class:`~tutor.play.analysis.HistorySampler`: a hand it would have knocked with is drawn again):

- ``beginner`` (source 000's player): it takes only a card that melds or lets it knock, throws the
  card that leaves least deadwood (the highest among equals) and knocks whenever it can;
- ``intermediate``: the planning player's takes and throws, and its timing (it knocks as soon as
  it can, except late in the hand with 7 or more);
- ``strong``: the same with the strong player's timing (gin waits, no knock with 3 or more late),
  and it never throws a card that melds with two its opponent took from the pile;
- ``expert``: the strong player checked by the analysis, modelled as the strong player in play-outs,
  with a history of its hand that improves it more slowly (:data:`HISTORY_WASTE`).

The planning levels look one draw ahead to take and to throw; their models do it the quick way (a
card that lowers the deadwood by :data:`~tutor.play.simulate.TAKE_GAIN` or more, the throw with the
fewest partners): the timing, which decides most of what a knock is worth, is each level's own.
"""

from __future__ import annotations

from tutor.play.bots.planner import BEGINNER_TIMING, INTERMEDIATE, STRONG
from tutor.play.errors import UnknownBotLevelError
from tutor.play.simulate import Policy

OPPONENTS = {
    "beginner": Policy(BEGINNER_TIMING, takes_gain=False, keeps_partners=False),
    "intermediate": Policy(INTERMEDIATE),
    "strong": Policy(STRONG, reads=True),
    "expert": Policy(STRONG, reads=True),
}
"""Each level of the virtual player, as the analysis models it (see the module's docstring)."""
HISTORY_WASTE = {"beginner": 1.0, "intermediate": 0.25, "strong": 0.25, "expert": 0.8}
"""For each level, the weight, beside an unseen card's, that the history of its hand gives each card
it threw when a round draws its next card (:class:`~tutor.play.analysis.HistorySampler`): how
often a draw of that level came to nothing. Calibrated on knocks scored against the real hands
(``benchmarks/coach_trust.py``): the history's greedy turns, drawing only cards nobody has seen,
improve a hand faster than play does, the beginner's most (a card it threw is then as likely a
draw as any unseen card), the planning levels' less (they also take from the pile and plan).
Fitted on knocks of 120 to 300 hands a level (seeds 7000 and 8000 on); the benchmark measures them
on other hands. The expert's was the strong player's (0.25) until the benchmark, on 400 hands, found
the Hint valuing knocks against it 4.2 ± 1.0 points low: its hands improve more slowly than the
strong player's history has them. Fitted on 300 hands (seeds 7000 on, 2026-12-04): 0.25 read
-4.19 ± 1.19, 0.5 -2.04, 0.75 -0.34, 0.85 +0.28, 1.0 +1.11 (± 1.2 each)."""
DEFAULT_OPPONENT = "strong"
"""The opponent the analysis models when it is not told which level it faces."""


def history_waste(level: str) -> float:
    """The history waste of ``level`` (:data:`HISTORY_WASTE`; an :class:`UnknownBotLevelError` for an
    unknown level)."""
    opponent_policy(level)
    return HISTORY_WASTE[level]


def opponent_policy(level: str) -> Policy:
    """The model of the level ``level`` (an :class:`UnknownBotLevelError` for an unknown one)."""
    if level not in OPPONENTS:
        raise UnknownBotLevelError(level=str(level)[:40], choices=", ".join(OPPONENTS))
    return OPPONENTS[level]
