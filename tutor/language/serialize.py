"""The engine's results as plain JSON objects, with the field names the command line promises."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.layoffs import Layoff
from tutor.engine.melds import HandAnalysis, Meld
from tutor.engine.scoring import GameTotals, HandScore


def card_list(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def meld_list(melds: Iterable[Meld]) -> list[list[str]]:
    return [card_list(m.cards) for m in melds]


def layoff_object(layoff: Layoff) -> dict[str, Any]:
    return {"card": str(layoff.card), "meld": card_list(layoff.meld.cards)}


def analysis_json(result: HandAnalysis) -> dict[str, Any]:
    """``cards``, ``deadwood``, ``melds``, ``deadwood_cards``, ``discard``, ``big_gin`` and more."""
    return {
        "cards": card_list(result.cards),
        "deadwood": result.deadwood,
        "melds": meld_list(result.melds),
        "deadwood_cards": card_list(result.deadwood_cards),
        "discard": str(result.discard) if result.discard else None,
        "big_gin": result.big_gin,
        "big_gin_melds": meld_list(result.big_gin_melds) if result.big_gin_melds else None,
        "discard_options": card_list(result.discard_options),
        "arrangements": [{"melds": meld_list(a.melds), "deadwood_cards": card_list(a.deadwood_cards)}
                         for a in result.arrangements],
    }


def score_json(score: HandScore) -> dict[str, Any]:
    """``outcome``, ``winner``, ``points``, both deadwoods, both hands' melds, ``layoffs`` and more."""
    return {
        "rules": score.rules.name,
        "outcome": score.outcome,
        "winner": score.winner,
        "points": score.points,
        "bonus": score.bonus,
        "knocker_deadwood": score.knocker_deadwood,
        "defender_deadwood": score.defender_deadwood,
        "defender_deadwood_before_layoffs": score.defender_deadwood_before_layoffs,
        "knocker_melds": meld_list(score.knocker_melds),
        "knocker_deadwood_cards": card_list(score.knocker_arrangement.deadwood_cards),
        "defender_melds": meld_list(score.defender_melds),
        "defender_deadwood_cards": card_list(score.defender_play.arrangement.deadwood_cards),
        "layoffs": [layoff_object(lay) for lay in score.layoffs],
        "layoffs_allowed": score.layoffs_allowed,
        "knocker_choice_mattered": score.knocker_choice_mattered,
    }


def totals_json(totals: GameTotals) -> dict[str, Any]:
    """``finished``, ``winner``, ``shutout``, ``points``, ``hands_won``, ``totals``, ``bonuses``."""
    return {
        "rules": totals.rules.name,
        "finished": totals.finished,
        "winner": totals.winner,
        "shutout": totals.shutout,
        "ending_hand": totals.ending_hand,
        "points": totals.points,
        "hands_won": totals.hands_won,
        "totals": totals.totals,
        "bonuses": [{"player": b.player, "kind": b.kind, "points": b.points, "hands": b.hands}
                    for b in totals.bonuses],
        "running": list(totals.running),
    }
