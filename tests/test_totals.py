"""A game's totals under each ruleset, from score sheets such as ``A:23 B:31 void A:5``."""

import pytest

from tutor.engine.errors import HandsAfterGameEndError, MalformedResultError
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import game_totals, parse_results


def bonus_list(totals):
    return [(b.player, b.kind, b.points) for b in totals.bonuses]


def test_classic_shutout_doubles_the_winners_hand_points():
    # A wins 60 then 45: 105 reaches 100; B won no hand.
    totals = game_totals("A:60 A:45", load_ruleset("classic"))
    assert totals.finished and totals.winner == "A" and totals.shutout and totals.ending_hand == 2
    assert bonus_list(totals) == [("A", "hands_won", 50), ("A", "game", 100), ("A", "shutout_double", 105)]
    assert totals.totals == {"A": 105 + 50 + 100 + 105, "B": 0}


def test_short_shutout_after_one_hand():
    totals = game_totals("A:50", load_ruleset("short"))
    assert totals.totals == {"A": 225, "B": 0} and totals.shutout


def test_spanish_shutout_adds_100_for_winning_every_hand():
    totals = game_totals("A:60 A:45", load_ruleset("spanish"))
    assert bonus_list(totals) == [("A", "hands_won", 40), ("A", "game", 100), ("A", "shutout", 100)]
    assert totals.totals == {"A": 105 + 40 + 100 + 100, "B": 0}


def test_void_hands_count_as_no_hand():
    # A:30, void, B:20, void, A:70: A reaches exactly 100 at hand 5 under classic.
    totals = game_totals("A:30 void B:20 void A:70", load_ruleset("classic"))
    assert totals.finished and totals.ending_hand == 5 and not totals.shutout
    assert totals.hands_won == {"A": 2, "B": 1}
    assert [r["A"] for r in totals.running] == [30, 30, 30, 30, 100]
    assert totals.totals == {"A": 100 + 50 + 100, "B": 20 + 25}


def test_exactly_on_the_target_ends_classic_but_not_spanish():
    assert game_totals("A:60 B:10 A:40", load_ruleset("classic")).finished
    spanish = game_totals("A:60 B:10 A:40", load_ruleset("spanish"))
    assert not spanish.finished and spanish.winner is None
    assert spanish.bonuses == () and spanish.totals == {"A": 100, "B": 10}


def test_a_game_that_passes_the_target():
    # Spanish: the first past 100 wins; A reaches 101 at hand 4.
    totals = game_totals("A:60 B:10 A:40 A:1", load_ruleset("spanish"))
    assert totals.finished and totals.winner == "A" and totals.points == {"A": 101, "B": 10}
    assert totals.totals == {"A": 101 + 60 + 100, "B": 10 + 20}


def test_short_game_ends_at_50():
    totals = game_totals("B:20 A:35 B:31", load_ruleset("short"))
    assert totals.finished and totals.winner == "B" and totals.ending_hand == 3
    assert totals.totals == {"A": 35 + 25, "B": 51 + 50 + 100}


def test_a_hand_after_the_end_is_refused():
    with pytest.raises(HandsAfterGameEndError) as info:
        game_totals("A:100 B:5", load_ruleset("classic"))
    assert info.value.params == {"ending": 1, "position": 2, "result": "B:5"}


@pytest.mark.parametrize("token", ["C:10", "A:", "A:-5", "A23", "win"])
def test_a_malformed_result_is_named(token):
    with pytest.raises(MalformedResultError) as info:
        parse_results(f"A:10 {token}")
    assert info.value.params["token"] == token


def test_results_in_other_forms():
    assert [str(r) for r in parse_results("a:23, b=31 VOID nula")] == ["A:23", "B:31", "void", "void"]
