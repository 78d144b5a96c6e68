"""gin-tutor's rules engine: pure Python, no other layer of gin-tutor and no Streamlit.

Everything the app grades, it grades with these functions; the drills, the command line and
outside users call them too::

    >>> from tutor import engine
    >>> engine.analyze(engine.parse_cards("AS 2S 3S 7H 7D 7C KD KC KH 9S")).deadwood
    9
    >>> score = engine.score_hand("AS 2S 3S 7H 7D 7C KD KC KH 9S",
    ...                           "4S 5S 8H 9H 10H 2C 3C 6D 8D QD", engine.load_ruleset("classic"))
    >>> # melds A♠ 2♠ 3♠, 7♥ 7♦ 7♣, K♦ K♣ K♥, deadwood 9♠; the defender lays off 4♠ 5♠ and keeps 29
    >>> score.outcome, score.winner, score.points, score.rules.name
    ('knock', 'knocker', 20, 'classic')

Modules: ``cards`` (the deck, reading a typed hand), ``melds`` (sets, runs, deadwood),
``layoffs`` (what fits a meld, the defender's best layoffs), ``rules`` (every option declared
once; rulesets loaded from data), ``scoring`` (a hand's score, a game's totals), ``errors``.
"""

from tutor.engine.cards import BIG_GIN_SIZE, DECK, HAND_SIZE, Card, format_cards, parse_card, parse_cards
from tutor.engine.errors import CardError, KnockError, ResultError, RulesetError, TutorError
from tutor.engine.layoffs import DefenderPlay, Layoff, extensions, fits
from tutor.engine.melds import Arrangement, HandAnalysis, Meld, analyze, meld_problem
from tutor.engine.rules import OPTION_NAMES, Ruleset, available_rulesets, load_ruleset
from tutor.engine.scoring import (
    GameTotals,
    HandOutcome,
    HandResult,
    HandScore,
    check_knock,
    game_totals,
    hand_outcome,
    may_knock,
    outcome_points,
    parse_results,
    score_hand,
)

__all__ = [
    "BIG_GIN_SIZE", "DECK", "HAND_SIZE", "OPTION_NAMES", "Arrangement", "Card", "CardError", "DefenderPlay",
    "GameTotals", "HandAnalysis", "HandOutcome", "HandResult", "HandScore", "KnockError", "Layoff", "Meld",
    "ResultError", "Ruleset", "RulesetError", "TutorError", "analyze", "available_rulesets", "check_knock",
    "extensions", "fits", "format_cards", "game_totals", "hand_outcome", "load_ruleset", "may_knock",
    "meld_problem", "outcome_points", "parse_card", "parse_cards", "parse_results", "score_hand",
]
