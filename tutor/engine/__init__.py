"""The public API of gin-tutor's rules engine.

Everything the app grades, it grades with these functions; the drills, the command line and
outside users call them too. Pure Python: no Streamlit here.

>>> from tutor.engine import parse_cards, analyze, score_hand
>>> analyze(parse_cards("AS 2S 3S 7H 7D 7C KD KC KH 9S")).deadwood
9
"""

from tutor.engine.cards import Card, DECK, format_cards, parse_card, parse_cards
from tutor.engine.errors import (
    CardError, KnockError, ResultError, RulesetError, TutorError,
)
from tutor.engine.layoffs import DefenderPlay, Layoff
from tutor.engine.melds import Arrangement, HandAnalysis, Meld, analyze, meld_problem
from tutor.engine.rules import Ruleset, available_rulesets, load_ruleset
from tutor.engine.scoring import GameTotals, HandResult, HandScore, game_totals, parse_results, score_hand

__all__ = [
    "Arrangement", "Card", "CardError", "DECK", "DefenderPlay", "GameTotals", "HandAnalysis",
    "HandResult", "HandScore", "KnockError", "Layoff", "Meld", "ResultError", "Ruleset",
    "RulesetError", "TutorError", "analyze", "available_rulesets", "format_cards", "game_totals",
    "load_ruleset", "meld_problem", "parse_card", "parse_cards", "parse_results", "score_hand",
]
