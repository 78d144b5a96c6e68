"""Step-by-step explanations of the engine's results, in the learner's language (no Streamlit).

The app shows them under every example and every graded answer; the drills build on them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tutor.engine.cards import Card, mask_of
from tutor.engine.melds import Arrangement, HandAnalysis, Meld, best_arrangements
from tutor.engine.rules import Ruleset
from tutor.engine.scoring import GameTotals, HandScore
from tutor.language.i18n import Translator
from tutor.language.labels import bonus_name


def cards_text(cards: Iterable[Card]) -> str:
    """Cards with suit symbols, as ``5♥ 6♥ 7♥``."""
    return " ".join(c.symbol for c in cards)


def melds_text(melds: Sequence[Meld]) -> str:
    return ", ".join(cards_text(m.cards) for m in melds)


def deadwood_sum(cards: Sequence[Card], tr: Translator) -> str:
    """The deadwood counted card by card: ``9♠ 9 + K♦ 10 = 19``."""
    if not cards:
        return tr.number(0)
    terms = " + ".join(f"{c.symbol} {tr.number(c.value)}" for c in cards)
    return f"{terms} = {tr.number(sum(c.value for c in cards))}"


def arrangement_steps(arrangement: Arrangement, tr: Translator) -> list[str]:
    """The melds of an arrangement and its deadwood counted card by card."""
    steps = []
    if arrangement.melds:
        steps.append(tr.ngettext("Meld: {melds}.", "Melds: {melds}.", len(arrangement.melds),
                                 melds=melds_text(arrangement.melds)))
    else:
        steps.append(tr.gettext("No meld can be made."))
    if arrangement.deadwood_cards:
        steps.append(tr.gettext("Deadwood: {sum}.", sum=deadwood_sum(arrangement.deadwood_cards, tr)))
    else:
        steps.append(tr.gettext("No deadwood: every card is in a meld."))
    return steps


def interpretation_note(rules: Ruleset | None, option: str, tr: Translator) -> str:
    """`` (gin-tutor's interpretation: the sources do not say)`` after a sentence that states an
    option these rules mark as an interpretation; "" otherwise."""
    if rules is None or not rules.is_interpretation(option):
        return ""
    return " " + tr.gettext("(gin-tutor's interpretation: the sources do not say.)")


def eleven_card_arrangement(result: HandAnalysis) -> Arrangement:
    """A big gin's eleven cards, arranged in their melds."""
    return best_arrangements(mask_of(result.cards))[0]


def analysis_steps(result: HandAnalysis, tr: Translator, rules: Ruleset | None = None) -> list[str]:
    """Explain a hand analysis: discard (for 11 cards), melds, deadwood, other arrangements, knocking."""
    steps = []
    if result.big_gin and (rules is None or rules.big_gin_allowed):
        steps.append(tr.gettext("All eleven cards form melds: that is a big gin, laid down with no discard."))
        return steps + arrangement_steps(eleven_card_arrangement(result), tr)
    if result.discard is not None:
        if result.big_gin:
            steps.append(tr.gettext("All eleven cards form melds, but these rules have no big gin: discard {the_card} "
                                    "and go gin with the ten left.", card=result.discard.symbol)
                         + interpretation_note(rules, "big_gin_allowed", tr))
        else:
            steps.append(tr.gettext("Every discard was tried: discarding {the_card} leaves the least deadwood.",
                                    card=result.discard.symbol))
    steps += arrangement_steps(result.arrangement, tr)
    others = len(result.arrangements) - 1
    if others:
        steps.append(tr.ngettext("{n} other arrangement leaves the same deadwood.",
                                 "{n} other arrangements leave the same deadwood.", others))
    if rules is not None:
        limit = rules.knock_limit
        if result.deadwood == 0:
            steps.append(tr.gettext("With no deadwood this hand can go gin."))
        elif rules.may_knock_with(result.deadwood):
            steps.append(tr.ngettext("{n} point of deadwood, within the knock limit of {limit}: this hand may knock.",
                                     "{n} points of deadwood, within the knock limit of {limit}: this hand may knock.",
                                     result.deadwood, limit=tr.number(limit)))
        else:
            steps.append(tr.ngettext("{n} point of deadwood, over the knock limit of {limit}: this hand may not knock.",
                                     "{n} points of deadwood, over the knock limit of {limit}: this hand may not "
                                     "knock.", result.deadwood, limit=tr.number(limit)))
    return steps


def _comparison(score: HandScore, tr: Translator) -> str:
    k, d = tr.number(score.knocker_deadwood), tr.number(score.defender_deadwood)
    if score.outcome == "big_gin":
        return tr.gettext("Big gin: all eleven cards of the knocker are melded.")
    if score.outcome == "gin":
        if score.rules.gin_can_be_undercut:
            return tr.gettext("Gin: the knocker has no deadwood, and under these rules only a defender with "
                              "as little could undercut it.")
        return (tr.gettext("Gin: the knocker has no deadwood, and a gin is never undercut.")
                + interpretation_note(score.rules, "gin_can_be_undercut", tr))
    if score.outcome == "undercut":
        if score.knocker_deadwood == score.defender_deadwood:
            return tr.gettext("The deadwoods are equal ({k} and {d}): under these rules a tie is an undercut.",
                              k=k, d=d)
        return tr.gettext("The defender has less deadwood ({d}) than the knocker ({k}): an undercut.", k=k, d=d)
    if score.knocker_deadwood == score.defender_deadwood:
        return (tr.gettext("The deadwoods are equal ({k} and {d}): under these rules only a lower deadwood "
                           "undercuts, so the knocker wins.", k=k, d=d)
                + interpretation_note(score.rules, "undercut_on_tie", tr))
    return tr.gettext("The knocker has less deadwood ({k}) than the defender ({d}): the knocker wins.", k=k, d=d)


def _points(score: HandScore, tr: Translator) -> str:
    n = tr.number
    if score.outcome == "knock":
        return tr.ngettext("Knock: {d} − {k} = {n} point for the knocker.",
                           "Knock: {d} − {k} = {n} points for the knocker.", score.points,
                           d=n(score.defender_deadwood), k=n(score.knocker_deadwood))
    if score.outcome == "undercut":
        if score.rules.undercut_adds_difference:
            return (tr.gettext("Undercut: {bonus} + ({k} − {d}) = {points} points for the defender.",
                               bonus=n(score.bonus), k=n(score.knocker_deadwood), d=n(score.defender_deadwood),
                               points=n(score.points))
                    + interpretation_note(score.rules, "undercut_adds_difference", tr))
        return tr.gettext("Undercut: {points} points for the defender.", points=n(score.points))
    name = tr.gettext("Big gin") if score.outcome == "big_gin" else tr.gettext("Gin")
    if score.points == score.bonus:
        return tr.gettext("{name}: {points} points for the knocker.", name=name, points=n(score.points))
    return (tr.gettext("{name}: {bonus} + {d} = {points} points for the knocker.", name=name, bonus=n(score.bonus),
                       d=n(score.points - score.bonus), points=n(score.points))
            + (interpretation_note(score.rules, "gin_adds_defender_deadwood", tr) if score.outcome == "gin" else ""))


def score_steps(score: HandScore, tr: Translator) -> list[str]:
    """Explain a hand's score step by step: melds, layoffs, the comparison, the points, each read
    from the ruleset the hand was scored with."""
    steps = [tr.gettext("The knocker's melds: {melds}.", melds=melds_text(score.knocker_melds) or "—"),
             tr.gettext("The knocker's deadwood: {sum}.",
                        sum=deadwood_sum(score.knocker_arrangement.deadwood_cards, tr))]
    if score.knocker_choice_mattered:
        steps.append(tr.ngettext(
            "The knocker had {n} arrangement with this deadwood and shows the one that leaves the defender "
            "most deadwood.",
            "The knocker had {n} arrangements with this deadwood and shows the one that leaves the defender "
            "most deadwood.",
            score.knocker_arrangements) + interpretation_note(score.rules, "knocker_picks_arrangement", tr))
    steps.append(tr.ngettext("Before laying off, the defender has {n} point of deadwood.",
                             "Before laying off, the defender has {n} points of deadwood.",
                             score.defender_deadwood_before_layoffs))
    if not score.layoffs_allowed:
        steps.append(tr.gettext("Nothing may be laid off onto this hand under these rules."))
    elif not score.layoffs:
        steps.append(tr.gettext("The defender has nothing to lay off."))
    for layoff in score.layoffs:
        steps.append(tr.gettext("The defender lays off {the_card} onto {meld}.", card=layoff.card.symbol,
                                meld=cards_text(layoff.meld.cards)))
    steps.append(tr.gettext("The defender's melds: {melds}.", melds=melds_text(score.defender_melds) or "—"))
    steps.append(tr.gettext("The defender's deadwood: {sum}.",
                            sum=deadwood_sum(score.defender_play.arrangement.deadwood_cards, tr)))
    steps.append(_comparison(score, tr))
    steps.append(_points(score, tr))
    return steps


def totals_steps(totals: GameTotals, tr: Translator) -> list[str]:
    """Explain a game's totals: the hand that ends it, then each bonus."""
    rules = totals.rules
    n = tr.number
    if not totals.finished:
        return [tr.gettext("Nobody has ended the game yet (target {target}): no bonuses are added.",
                           target=n(rules.target))]
    steps = [tr.gettext("Player {winner} ends the game at hand {hand} with {points} points.",
                        winner=totals.winner, hand=n(totals.ending_hand or 0),
                        points=n(totals.points[totals.winner]))]  # type: ignore[index]
    if totals.shutout:
        steps.append(tr.gettext("The loser won no hand: it is a shutout."))
    for bonus in totals.bonuses:
        if bonus.kind == "hands_won":
            steps.append(tr.ngettext("{player}: {n} hand won × {each} = {points}.",
                                     "{player}: {n} hands won × {each} = {points}.", bonus.hands,
                                     player=bonus.player, each=n(rules.hand_bonus), points=n(bonus.points)))
        else:
            steps.append(tr.gettext("{player}: {name} +{points}.", player=bonus.player,
                                    name=bonus_name(bonus.kind, tr), points=n(bonus.points)))
    steps.append(tr.gettext("Totals: A {a}, B {b}.", a=n(totals.totals["A"]), b=n(totals.totals["B"])))
    return steps
