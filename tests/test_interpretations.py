"""Every decision of this project is marked as an interpretation wherever a page states it: each
option a ruleset file marks ``interpretation = true`` is listed here with the sentences that state
it on the rule pages, in the lessons and in the glossary, and each such sentence sits in a paragraph that says it is
gin-tutor's interpretation (content review, findings 3 and 4): on the rule pages, in the lessons and
in the glossary's definitions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.engine.rules import available_rulesets, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
MARKS = ("nterpretación", "nterpretation")

STATED: dict[str, list[tuple[str, str]]] = {
    "gin_can_be_undercut": [
        ("data/reference/es/06-knocking.md", "un gin nunca sufre contragolpe"),
        ("data/reference/en/06-knocking.md", "a gin is never undercut"),
        ("data/reference/es/09-undercut.md", "un gin nunca sufre contragolpe"),
        ("data/reference/en/09-undercut.md", "a gin is never undercut"),
    ],
    "undercut_adds_difference": [
        ("data/reference/es/09-undercut.md", "sumar la diferencia"),
        ("data/reference/en/09-undercut.md", "adding the difference"),
    ],
    "undercut_on_tie": [
        ("data/reference/es/09-undercut.md", "el empate sea para quien cerró"),
        ("data/reference/en/09-undercut.md", "the tie going to the knocker"),
    ],
    "gin_adds_defender_deadwood": [
        ("data/reference/es/10-hand-score.md", "sumarle los"),
        ("data/reference/en/10-hand-score.md", "adding the"),
    ],
    "big_gin_allowed": [
        ("data/reference/es/07-big-gin.md", "once cartas combinadas"),
        ("data/reference/en/07-big-gin.md", "eleven melded cards"),
        ("data/reference/es/rulesets/spanish.md", "no lo admite"),
        ("data/reference/en/rulesets/spanish.md", "does not allow it"),
    ],
    "big_gin_bonus": [("data/reference/es/07-big-gin.md", "once cartas combinadas")],
    "layoffs_onto_big_gin": [("data/reference/es/07-big-gin.md", "once cartas combinadas")],
    "knocker_picks_arrangement": [
        ("data/reference/es/08-layoffs.md", "muestra la que deja al defensor más puntos"),
        ("data/reference/en/08-layoffs.md", "show the one that leaves the defender the most deadwood"),
        ("lessons/es/08-scoring-a-hand.md", "enseña la que deja al defensor más puntos sueltos"),
        ("lessons/en/08-scoring-a-hand.md", "show the one that leaves the defender the most deadwood"),
    ],
    "defender_breaks_melds": [
        ("data/reference/es/08-layoffs.md", "puede deshacer una de sus combinaciones"),
        ("data/reference/en/08-layoffs.md", "may break up one of their own melds"),
    ],
    "first_dealer": [("data/reference/es/04-deal.md", "no explica cómo se reparte"),
                     ("data/reference/en/04-deal.md", "does not say how the classic game deals"),
                     ("lessons/es/04-turn.md", "El primer repartidor se decide al azar"),
                     ("lessons/en/04-turn.md", "The first dealer is chosen by chance")],
    "next_dealer": [("data/reference/es/04-deal.md", "no explica cómo se reparte"),
                    ("data/reference/en/04-deal.md", "does not say how the classic game deals"),
                    ("lessons/es/04-turn.md", "el reparto se alterna"),
                    ("lessons/en/04-turn.md", "the deal alternates")],
    "void_at_stock": [("data/reference/es/12-void.md", "cuando quedan dos cartas"),
                      ("data/reference/en/12-void.md", "once two cards are left"),
                      ("lessons/es/04-turn.md", "solo quedan dos cartas"),
                      ("lessons/en/04-turn.md", "only two cards are left in the stock")],
}
STATED["gin_adds_defender_deadwood"] += [
    ("data/reference/es/06-knocking.md", "más los puntos sueltos del rival"),
    ("data/reference/en/06-knocking.md", "plus the opponent's deadwood"),
    ("lessons/es/05-knocking.md", "más los puntos sueltos del rival"),
    ("lessons/en/05-knocking.md", "plus the opponent's deadwood"),
    ("data/glossary.toml", "Vale 25 (20 en el reglamento español) más los puntos sueltos"),
    ("data/glossary.toml", "It scores 25 (20 in the Spanish rules) plus the opponent's deadwood"),
]
STATED["undercut_adds_difference"] += [
    ("lessons/es/07-undercut.md", "el defensor suma la diferencia de puntos sueltos más"),
    ("lessons/en/07-undercut.md", "The defender scores the difference plus 25"),
    ("data/glossary.toml", "gana él la mano: la diferencia más 25"),
    ("data/glossary.toml", "the opponent wins the hand: the difference plus 25"),
]
STATED["undercut_on_tie"] += [("lessons/es/07-undercut.md", "el empate es para quien cierra"),
                              ("lessons/en/07-undercut.md", "a tie goes to the knocker")]
STATED["big_gin_allowed"] += [("lessons/es/05-knocking.md", "que no tiene big gin"),
                              ("lessons/en/05-knocking.md", "which have no big gin")]
BOTH_PLAYERS_BONUS = [("lessons/es/09-scoring-a-game.md", "que la reciban los dos"),
                      ("lessons/en/09-scoring-a-game.md", "that both players get it"),
                      ("data/reference/en/11-game-score.md", "each player gets it for the hands they won")]
"""Not a ruleset option but a decision of ours all the same: the bonus per hand won goes to both
players (each for the hands they won)."""


def paragraph_with(text: str, phrase: str) -> str:
    """The paragraph (lines between blank lines, joined) that holds ``phrase``; in the glossary (a
    TOML file), the one definition that holds it."""
    pieces = text.splitlines() if text.lstrip().startswith(("[", "#")) else text.split("\n\n")
    for paragraph in pieces:
        joined = " ".join(line.lstrip("> ").strip() for line in paragraph.splitlines())
        if phrase.lower() in joined.lower():
            return joined
    raise AssertionError(f"not stated: {phrase!r}")


def test_every_interpretation_of_a_ruleset_file_is_listed_here():
    flagged = {option for name in available_rulesets() for option in load_ruleset(name).interpretations}
    assert flagged <= set(STATED), flagged - set(STATED)


@pytest.mark.parametrize("option, path, phrase",
                         [(o, p, ph) for o, places in STATED.items() for p, ph in places]
                         + [("both_players_bonus", p, ph) for p, ph in BOTH_PLAYERS_BONUS])
def test_a_page_that_states_an_interpretation_marks_it(option, path, phrase):
    text = (ROOT / path).read_text(encoding="utf-8")
    assert any(mark in paragraph_with(text, phrase) for mark in MARKS), (option, path)
