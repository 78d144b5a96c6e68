"""A house ruleset that no file defines: classic with a knock limit of 5, an undercut bonus of 10 and
no big gin. The game, every level of the virtual player, the coach and every kind of drill play and
grade under it, reading it from the value they are given (a view's ``rules``, a puzzle's ``rules``),
never from a file by its name. Hands drawn in the comments; the expected results worked out by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.drills import KINDS, LEVELS, check, generate, hints, model_answer
from tutor.drills.kinds.knock import coach_answer
from tutor.engine.cards import parse_cards
from tutor.engine.errors import UnknownRulesetError
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import HandScore
from tutor.language.feedback import explanation, hint_texts
from tutor.language.i18n import Translator
from tutor.play import Bot, Game, Hand, new_game, new_hand
from tutor.play.coach import advise
from tutor.play.hand import View
from tutor.play.match import start_match
from tutor.play.positions import decode_view

HOUSE = replace(load_ruleset("classic"), name="house", knock_limit=5, undercut_bonus=10, big_gin_allowed=False)
EN = Translator("en")


def test_no_file_defines_the_house_rules():
    with pytest.raises(UnknownRulesetError):
        load_ruleset("house")


def play_hand(hand: Hand, bots: tuple[Bot, Bot]) -> Hand:
    while hand.to_move is not None:
        view = hand.view(hand.to_move)
        assert view["ruleset"] == "house" and view["rules"]["knock_limit"] == 5
        hand = hand.apply(bots[hand.to_move].decide(view))
    return hand


def play_game(game: Game, bots: tuple[Bot, Bot]) -> Game:
    while not game.over:
        player = game.to_move
        assert player is not None
        game = game.apply(bots[player].decide(game.view(player)))
    return game


def outcome(hand: Hand) -> tuple[str, str, int, int, int]:
    result = hand.result
    assert isinstance(result, HandScore) and result.rules is HOUSE
    return result.outcome, result.winner, result.points, result.knocker_deadwood, result.defender_deadwood


@pytest.mark.parametrize("level, seed, expected", [
    # Deal 6, player 0 deals; player 1 knocks with 2♠ 3♠ 7♠ A♥ 3♥ 7♥ 2♦ 7♦ 3♣ 7♣: 7♠ 7♥ 7♦ 7♣ and
    # 3♠ 3♥ 3♣, deadwood 2♠ A♥ 2♦ = 5, the most the house allows. The defender, A♠ 8♠ 2♥ 8♥ A♦ 3♦ 8♦
    # A♣ 2♣ 8♣, melds the eights and A♠ A♦ A♣ and lays 3♦ off onto the threes: 2♥ 2♣ = 4 < 5, an
    # undercut of 10 + 1 = 11 (25 + 1 in the classic game).
    ("beginner", 6, ("undercut", "defender", 11, 5, 4)),
    # Deal 50: player 1 knocks with A♠ A♥ A♦, 4♠ 4♥ 4♣, K♥ K♦ K♣ and 5♠ = 5; the defender holds Q♠ Q♥
    # Q♦ Q♣, 8♠ 8♦ 8♣ and 2♠ 4♦ A♣ = 7, lays off A♣ onto the aces and 4♦ onto the fours: 2♠ = 2,
    # an undercut of 10 + 3 = 13.
    ("intermediate", 50, ("undercut", "defender", 13, 5, 2)),
    # Deal 26: player 0 knocks with 5♥ 6♥ 7♥, 9♥ 10♥ J♥, 8♥ 8♦ 8♣ and A♦ = 1. The defender, A♠ 2♠ 5♠
    # 6♠ 7♠ 8♠ 2♥ 3♥ 4♥ 2♣, melds 5♠-8♠ and 2♠ 2♥ 2♣ and lays off the chain 4♥ then 3♥ below 5♥ 6♥
    # 7♥: A♠ = 1, a tie, which undercuts as in the classic game: 10 + 0 = 10.
    ("strong", 26, ("undercut", "defender", 10, 1, 1)),
    # Deal 11: player 1 knocks with 9♠ 9♥ 9♦ 9♣ and 4♥ 5♥ 6♥ 7♥, deadwood A♦ 3♣ = 4. The defender,
    # A♠ 2♠ 4♠ 5♠ 6♠ 7♠ A♥ 2♥ 3♥ 2♦, melds 4♠-7♠ and 2♠ 2♥ 2♦ and lays 3♥ off below 4♥: A♠ A♥ = 2,
    # an undercut of 10 + 2 = 12.
    ("expert", 11, ("undercut", "defender", 12, 4, 2)),
])
def test_every_level_plays_a_whole_hand_under_the_house_rules(level, seed, expected):
    hand = play_hand(new_hand(HOUSE, seed, dealer=0), (Bot(level, 1), Bot(level, 2)))
    assert outcome(hand) == expected


@pytest.mark.parametrize("level, sheet, totals", [
    # Game 7, that level as player A against the beginner as B. A wins 6 hands for 12 + 5 + 8 + 11 +
    # 18 + 55 = 109, B one for 8: A 109 + 6 × 25 + 100 = 359, B 8 + 25 = 33.
    ("beginner", [("A", 12), ("A", 5), ("B", 8), ("A", 8), ("A", 11), ("A", 18), ("A", 55)], {"A": 359, "B": 33}),
    # A: 5 + 6 + 18 + 55 + 53 = 137 in 5 hands, B: 12 + 31 + 12 + 10 = 65 in 4 hands (its 12 an
    # undercut: 10 + 2): A 137 + 125 + 100 = 362, B 65 + 100 = 165.
    ("intermediate", [("B", 12), ("B", 31), ("A", 5), ("A", 6), ("B", 12), ("A", 18), ("A", 55), ("B", 10),
                      ("A", 53)], {"A": 362, "B": 165}),
    # A: 12 + 11 + 31 + 12 + 55 = 121 in 5 hands (three undercuts at 10 + the difference), B: 14 + 31
    # = 45 in 2: A 121 + 125 + 100 = 346, B 45 + 50 = 95.
    ("strong", [("B", 14), ("B", 31), ("A", 12), ("A", 11), ("A", 31), ("A", 12), ("A", 55)], {"A": 346, "B": 95}),
])
def test_every_level_plays_a_whole_game_under_the_house_rules(level, sheet, totals):
    game = play_game(new_game(HOUSE, 7), (Bot(level, 1), Bot("beginner", 2)))
    assert game.rules is HOUSE and game.totals.rules is HOUSE
    assert [(r.winner, r.points) for r in game.results] == sheet
    assert game.totals.totals == totals and game.winner == 0
    for hand in game.played:
        if isinstance(hand.result, HandScore):
            assert hand.result.knocker_deadwood <= 5 and hand.result.outcome != "big_gin"
            if hand.result.outcome == "undercut":
                assert hand.result.points == 10 + hand.result.knocker_deadwood - hand.result.defender_deadwood


def draw_view(hand: str, top: str) -> View:
    """A draw decision under the house rules, as a program would send it."""
    return {"seat": 0, "phase": "draw", "hand": hand.split(), "top_discard": top, "taken_upcard": None,
            "discard_pile": [top], "opponent_known": [], "opponent_discards": [], "events": [], "stock_size": 25,
            "turn": 3, "ruleset": "house", "rules": HOUSE.options(), "legal": [["take", None], ["stock", None]],
            "score": None}


def test_the_virtual_player_reads_the_knock_limit_from_the_view():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | Q♦, the upcard 6♥: it melds nowhere; taken, with Q♦ thrown it
    # leaves 6, a knock in the classic game (the beginner takes it there) but not under the house
    # limit of 5 (the beginner draws from the stock).
    view = draw_view("AS 2S 3S 7H 7D 7C KD KC KH QD", "6H")
    assert Bot("beginner").decide(view) == ("stock", None)
    classic = view.copy()
    classic["ruleset"], classic["rules"] = "classic", load_ruleset("classic").options()
    assert Bot("beginner").decide(classic) == ("take", None)


def test_the_coach_advises_under_the_rules_of_the_game():
    # A match under the house rules: the coach's advice reads the learner's view, with the house rules.
    match = start_match(HOUSE, 6, "strong")
    assert match.rules is HOUSE and match.view()["rules"] == HOUSE.options()
    advice = advise(match.view())
    assert advice.move in {tuple(m) for m in match.view()["legal"]}


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_of_drill_is_made_graded_and_explained_under_the_house_rules(kind):
    for level in LEVELS:
        puzzle = generate(kind, 1, level, HOUSE)
        assert puzzle.rules is HOUSE and puzzle.address["rules"] == "house"
        verdict = check(puzzle, model_answer(puzzle))
        assert verdict.correct and explanation(verdict.result, EN) and hint_texts(hints(puzzle), EN)
        if puzzle.position:  # a position from a hand played under the house rules carries them
            assert decode_view(puzzle.position)["rules"] == HOUSE.options()


def test_an_undercut_puzzle_is_graded_and_explained_with_the_house_bonus():
    # Knocker 5♠ 5♥ 5♦ 5♣, Q♠ Q♦ Q♣ and 2♥ A♦ 2♦ = 5; defender A♠ A♥ A♣, 7♦ 8♦ 9♦, 8♣ 9♣ 10♣ and 2♠ = 2,
    # nothing to lay off: an undercut of 10 + 3 = 13 (28 in the classic game, which a learner who
    # remembers the classic bonus would answer).
    puzzle = generate("score", 1, "medium", HOUSE, "undercut")
    assert puzzle.knocker == tuple(parse_cards("5S QS 2H 5H AD 2D 5D QD 5C QC"))
    assert puzzle.defender == tuple(parse_cards("AS 2S AH 7D 8D 9D AC 8C 9C 10C"))
    assert model_answer(puzzle) == {"winner": "defender", "points": 13}
    assert check(puzzle, {"winner": "defender", "points": 13}).correct
    assert not check(puzzle, {"winner": "defender", "points": 28}).correct
    steps = explanation(check(puzzle, {"winner": "defender", "points": 13}).result, EN)
    assert steps[-1] == "Undercut: 10 + (5 − 2) = 13 points for the defender."


def test_a_big_gin_situation_is_a_gin_where_the_house_has_no_big_gin():
    # Knocker 9♠ 9♥ 9♦, J♠ J♥ J♦ J♣, A♦ 2♦ 3♦ with 11 melded cards: no big gin here, so it throws one
    # and goes gin; the defender's 6♠ 5♥ 6♣ 10♣ = 27 beside 8♠ 8♦ 8♣ and Q♥ Q♦ Q♣: 25 + 27 = 52.
    puzzle = generate("score", 2, "hard", HOUSE, "big_gin")
    assert model_answer(puzzle) == {"winner": "knocker", "points": 52}
    assert len(puzzle.knocker) == 10


def test_the_knock_drill_under_a_limit_of_5_asks_only_what_001_can_answer():
    # 001's tips advise waiting only with more than 5 early, or with 8 to 10: under a limit of 5 no
    # knock the rules allow is one they wait with, so the puzzles look for knocks (5 or less), and
    # take a position whose answer is clear to the coach; it still waits where gin is near (1 point
    # early in the hand) or the undercut likely.
    for level in LEVELS:
        for seed in range(1):  # one puzzle a level: each is searched for on the coach's worlds
            puzzle = generate("knock", seed, level, HOUSE)
            assert puzzle.properties["deadwood"] <= 5
            view = decode_view(puzzle.position)
            answer, gain, _, clear = coach_answer(view, puzzle.properties["opponent"])
            assert clear and gain > 1 and model_answer(puzzle) == answer


def test_a_shutout_sheet_under_the_house_rules_totals_with_every_bonus():
    # B wins all five hands: 13 + 35 + 38 + 6 + 50 = 142, doubled for the shutout = 284, + 5 × 25 +
    # 100 = 509; A, who won nothing, 0.
    puzzle = generate("totals", 1, "hard", HOUSE)
    assert puzzle.results == ("B:13", "B:35", "B:38", "B:6", "B:50")
    assert model_answer(puzzle) == {"A": 0, "B": 509}
    assert not check(puzzle, {"A": 0, "B": 367}).correct  # 142 + 125 + 100: the doubling forgotten


def test_a_discard_position_from_a_hand_played_under_the_house_rules():
    # Turn 1, the 6♥ just taken from the pile: 3♠ 5♠ 6♠ 6♥ 10♥ 2♦ 6♦ 10♦ Q♦ A♣ 7♣. Keeping 6♠ 6♥ 6♦,
    # throwing 10♥, 10♦ or Q♦ leaves 38; the strong player keeps the pair of tens and throws the
    # lone Q♦.
    puzzle = generate("discard", 1, "easy", HOUSE)
    assert puzzle.cards == tuple(parse_cards("3S 5S 6S 6H 10H 2D 6D 10D QD AC 7C"))
    view = decode_view(puzzle.position)
    assert view["taken_upcard"] == "6H" and view["rules"]["knock_limit"] == 5
    assert model_answer(puzzle) == "QD" and check(puzzle, "QD").correct
