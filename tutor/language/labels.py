"""Names of the game's things in the learner's language: outcomes, sides, bonuses, meld kinds.

The app and the command line both use these, so a word is translated in one place.
"""

from __future__ import annotations

import json

from tutor.drills import drill_kind, mistake_names
from tutor.engine.cards import Card, parse_card
from tutor.engine.errors import TutorError
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.language.i18n import N_, Translator
from tutor.play.tips import TIP_NUMBERS

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
SOURCE_TITLES = {
    "000": N_("000 · Gin Rummy (Short), rules of an online game against a virtual player"),
    "001": N_("001 · “Free Classic” gin rummy: rules, tips and its screen"),
    "002": N_("002 · Traditional Spanish rules text, page 2 of 3"),
    "gin-tutor": N_("gin-tutor's own word: the sources do not use it"),
}


def suit_name(suit: str, tr: Translator) -> str:
    """A suit (``"S"``) in words: ``spades``."""
    return tr.gettext(SUIT_NAMES[suit])


def card_name(card: Card, tr: Translator) -> str:
    """The card in words, for text alternatives: ``7 of hearts``, ``queen of spades``."""
    rank = tr.gettext(RANK_WORDS[card.rank]) if card.rank in RANK_WORDS else tr.number(card.rank)
    return tr.gettext("{rank} of {suit}", rank=rank, suit=suit_name(card.suit, tr))


def ruleset_title(rules: Ruleset | str, tr: Translator) -> str:
    """A ruleset's title in the learner's language, from its file (``title.es``, ``title.en``); a
    ruleset of options no file ships (read back from a view whose options are not a shipped
    ruleset's) is "house rules", never titled as the shipped one whose name it may carry."""
    try:
        ruleset = rules if isinstance(rules, Ruleset) else load_ruleset(rules)
    except TutorError:
        return str(rules)
    if not ruleset.titles and not ruleset.sources:  # options alone, from no file
        return tr.gettext("House rules (options of their own)")
    return tr.content(ruleset.title(tr.locale))


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
    "knocker_picks_arrangement": N_("The knocker shows the arrangement best for them"),
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

LEVELS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def drill_kind_name(kind: str, tr: Translator) -> str:
    """A kind of drill's title, as its module declares it."""
    return tr.gettext(drill_kind(kind).TITLE)


def level_name(level: str, tr: Translator) -> str:
    return tr.gettext(LEVELS[level])

def mistake_name(code: str, tr: Translator) -> str:
    """A mistake's short description, as the drill kind that names it declares it."""
    names = mistake_names()
    return tr.gettext(names[code], **{k: tr.number(v) for k, v in TIP_NUMBERS.items()}) if code in names else code


KNOCK_ANSWERS = {"knock": N_("Knock now"), "wait": N_("Wait")}
"""The knock-or-wait drill's two answers, as the learner chooses them."""


def _cards_in_symbols(tokens: object) -> str | None:
    """Cards written as the drills keep them (``["8C", "QC"]``), with suit symbols: ``8♣ Q♣``."""
    if not isinstance(tokens, list | tuple) or not all(isinstance(t, str) for t in tokens):
        return None
    try:
        return " ".join(parse_card(t).symbol for t in tokens)
    except TutorError:
        return None


def given_answer(kind: str, text: str | None, tr: Translator) -> str:
    """A drill answer as its attempt keeps it (:func:`tutor.drills.answer_text`: a number,
    a word, or compact JSON) in words a teacher reads: ``2♥ 3♥ 4♥ · 6♣ 7♣ 8♣`` for melds, "the
    knocker, 35 points" for a hand's score. Text it cannot read is given back as it is."""
    if not text:
        return ""
    try:
        answer = json.loads(text)
    except ValueError:
        answer = text
    words: str | None = None
    if kind == "melds" and isinstance(answer, list):
        groups = [_cards_in_symbols(group) for group in answer]
        words = tr.gettext("no melds") if not groups else (
            None if None in groups else " · ".join(g for g in groups if g is not None))
    elif kind == "layoffs" and isinstance(answer, list):
        words = tr.gettext("no layoffs") if not answer else _cards_in_symbols(answer)
    elif kind == "discard" and isinstance(answer, str):
        words = _cards_in_symbols([answer])
    elif kind == "knock" and answer in KNOCK_ANSWERS:
        words = tr.gettext(KNOCK_ANSWERS[answer])
    elif kind == "deadwood" and type(answer) is int:
        words = tr.number(answer)
    elif kind == "score" and isinstance(answer, dict) and answer.get("winner") in SIDES \
            and type(answer.get("points")) is int:
        words = tr.ngettext("{side}, {points} point", "{side}, {points} points", answer["points"],
                            side=side_name(answer["winner"], tr), points=tr.number(answer["points"]))
    elif kind == "read" and isinstance(answer, dict) and answer and all(type(v) is int for v in answer.values()):
        cards = [_cards_in_symbols([card]) for card in answer]
        words = None if None in cards else ", ".join(f"{card} {tr.percent(chance / 100)}"
                                                      for card, chance in zip(cards, answer.values(), strict=True))
    elif kind == "totals" and isinstance(answer, dict) and all(type(v) is int for v in answer.values()):
        words = ", ".join(f"{player} {tr.number(points)}" for player, points in sorted(answer.items()))
    return words if words is not None else text
