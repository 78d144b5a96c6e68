"""Names of the game's things in the learner's language: outcomes, sides, bonuses, meld kinds.

The app and the command line both use these, so a word is translated in one place.
"""

from __future__ import annotations

from tutor.engine.cards import Card
from tutor.language.i18n import N_, Translator

OUTCOMES = {
    "knock": N_("knock"),
    "gin": N_("gin"),
    "big_gin": N_("big gin"),
    "undercut": N_("undercut"),
}
SIDES = {"knocker": N_("the knocker"), "defender": N_("the defender")}
MELD_KINDS = {"set": N_("set"), "run": N_("run")}
BONUS_KINDS = {
    "hands_won": N_("hands won"),
    "game": N_("game bonus"),
    "shutout_double": N_("shutout: hand points doubled"),
    "shutout": N_("shutout bonus"),
}


def outcome_name(outcome: str, tr: Translator) -> str:
    return tr.gettext(OUTCOMES[outcome])


def side_name(side: str, tr: Translator) -> str:
    return tr.gettext(SIDES[side])


def bonus_name(kind: str, tr: Translator) -> str:
    return tr.gettext(BONUS_KINDS[kind])


def meld_kind_name(kind: str, tr: Translator) -> str:
    return tr.gettext(MELD_KINDS[kind])

SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
RANK_WORDS = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}
RULESET_TITLES = {
    "classic": N_("Classic (to 100)"),
    "short": N_("Short (to 50)"),
    "spanish": N_("Spanish (traditional)"),
}
SOURCE_TITLES = {
    "000": N_("000 · Gin Rummy (Short), rules of an online game against a virtual player"),
    "001": N_("001 · “Free Classic” gin rummy: rules, tips and its screen"),
    "002": N_("002 · Traditional Spanish rules text, page 2 of 3"),
}


def card_name(card: Card, tr: Translator) -> str:
    """The card in words, for text alternatives: ``7 of hearts``, ``queen of spades``."""
    rank = tr.gettext(RANK_WORDS[card.rank]) if card.rank in RANK_WORDS else tr.number(card.rank)
    return tr.gettext("{rank} of {suit}", rank=rank, suit=tr.gettext(SUIT_NAMES[card.suit]))


def ruleset_title(name: str, tr: Translator) -> str:
    return tr.gettext(RULESET_TITLES[name]) if name in RULESET_TITLES else name


def source_title(source: str, tr: Translator) -> str:
    return tr.gettext(SOURCE_TITLES[source])

OPTION_LABELS = {
    "target": N_("Points that end the game"),
    "target_must_be_exceeded": N_("The target must be passed, not just reached"),
    "knock_limit": N_("Knock limit (most deadwood to knock)"),
    "gin_bonus": N_("Gin bonus"),
    "gin_adds_defender_deadwood": N_("Gin also scores the defender's deadwood"),
    "layoffs_onto_gin": N_("Layoffs onto a gin"),
    "big_gin_allowed": N_("Big gin (11 melded cards, no discard)"),
    "big_gin_bonus": N_("Big gin bonus"),
    "layoffs_onto_big_gin": N_("Layoffs onto a big gin"),
    "gin_can_be_undercut": N_("A gin can be undercut"),
    "undercut_on_tie": N_("Equal deadwood is an undercut"),
    "undercut_bonus": N_("Undercut bonus"),
    "undercut_adds_difference": N_("The undercut also scores the difference"),
    "knocker_picks_arrangement": N_("The knocker shows the arrangement best for itself"),
    "defender_breaks_melds": N_("The defender may break its melds to lay off"),
    "hand_bonus": N_("Bonus per hand won"),
    "game_bonus": N_("Game bonus"),
    "shutout_doubles_hand_points": N_("Shutout doubles the winner's hand points"),
    "shutout_bonus": N_("Shutout bonus"),
    "upcard_offer": N_("Upcard offered to both players at the start"),
    "first_dealer": N_("First dealer"),
    "next_dealer": N_("Next dealer"),
    "void_at_stock": N_("Cards left in the stock that make a hand void"),
}
DEALER_CHOICES = {
    "random": N_("chosen at random"),
    "alternate": N_("the deal alternates"),
    "hand_winner": N_("the winner of the hand"),
}


def option_label(option: str, tr: Translator) -> str:
    return tr.gettext(OPTION_LABELS[option])


def option_value(value: object, tr: Translator) -> str:
    """A rule option's value in words: yes/no, a number, or a dealing choice."""
    if isinstance(value, bool):
        return tr.gettext("yes") if value else tr.gettext("no")
    if isinstance(value, int):
        return tr.number(value)
    return tr.gettext(DEALER_CHOICES[str(value)])

DRILL_KINDS = {
    "melds": N_("Melds"),
    "deadwood": N_("Deadwood"),
    "score": N_("Hand score"),
    "layoffs": N_("Layoffs"),
    "totals": N_("Game totals"),
}
LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def drill_kind_name(kind: str, tr: Translator) -> str:
    return tr.gettext(DRILL_KINDS[kind])


def level_name(level: str, tr: Translator) -> str:
    return tr.gettext(LEVELS[level])

MISTAKES = {
    "counted_melded_card": N_("counting a melded card as deadwood"),
    "not_minimal": N_("an arrangement that does not leave the least deadwood"),
    "no_melds": N_("counting every card, melds included"),
    "face_values": N_("counting face cards as 11, 12 and 13"),
    "missed_deadwood_card": N_("leaving a deadwood card out"),
    "wrong_total": N_("a wrong sum"),
    "too_few": N_("a meld of fewer than three cards"),
    "too_many_for_set": N_("a set of more than four cards"),
    "mixed_suits": N_("a run of mixed suits"),
    "gap": N_("a run with a gap"),
    "ace_high": N_("an ace after the king"),
    "mixed": N_("cards that are neither a set nor a run"),
    "not_in_hand": N_("a card that is not in the hand"),
    "used_twice": N_("a card used in two melds"),
    "forgot_layoffs": N_("forgetting the layoffs"),
    "laid_off_onto_gin": N_("laying off onto a gin where the rules forbid it"),
    "tie_rule": N_("the rule for a tie"),
    "forgot_bonus": N_("forgetting the gin or undercut bonus"),
    "gin_without_deadwood": N_("gin without the defender's deadwood"),
    "undercut_thought": N_("seeing an undercut where there is none"),
    "missed_undercut": N_("missing an undercut"),
    "wrong_winner": N_("the wrong winner"),
    "wrong_points": N_("the wrong number of points"),
    "not_a_layoff": N_("laying off a card that fits no meld"),
    "breaks_meld": N_("laying off a card that breaks your own meld"),
    "missed_chain": N_("missing a chained layoff"),
    "missed_layoff": N_("missing a layoff"),
    "no_bonuses": N_("leaving out every bonus"),
    "forgot_hands_won": N_("forgetting the bonus per hand won"),
    "forgot_game": N_("forgetting the game bonus"),
    "forgot_shutout_double": N_("forgetting the doubled shutout"),
    "forgot_shutout": N_("forgetting the shutout bonus"),
}


def mistake_name(code: str, tr: Translator) -> str:
    return tr.gettext(MISTAKES[code]) if code in MISTAKES else code
