"""A hand's score under each ruleset, as named scenarios with the hands drawn in comments."""

import pytest

from tutor.engine.errors import (
    DeadwoodOverLimitError,
    DefenderCardCountError,
    DuplicateCardError,
    KnockCardCountError,
    NoBigGinError,
    NotBigGinError,
    SharedCardError,
    UnknownRulesetError,
)
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import game_totals, score_hand

ALL = ("classic", "short", "spanish")

# Knocker gin:   A♠ 2♠ 3♠ 4♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣
GIN = "AS 2S 3S 4S 7H 7D 7C JC QC KC"


def layoffs_of(score):
    return [(str(lay.card), " ".join(map(str, lay.meld.cards))) for lay in score.layoffs]


# --- The figures source 000 works out, under short -------------------------------------------

def test_000_a_gin_against_25_deadwood_ends_a_50_point_game_from_zero():
    # Knocker gin (above). Defender: 8♥ 9♥ 10♥ | 5♠ 6♠ 7♠ | K♦ Q♠ 4♣ A♦ = 25 deadwood.
    score = score_hand(GIN, "8H 9H 10H 5S 6S 7S KD QS 4C AD", load_ruleset("short"))
    assert (score.outcome, score.winner, score.points) == ("gin", "knocker", 50)
    assert score.defender_deadwood == 25 and score.layoffs == ()
    assert game_totals(["A:50"], load_ruleset("short")).finished


def test_000_a_big_gin_needs_only_19():
    # Knocker big gin: A♠-5♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣
    # Defender: 8♥ 9♥ 10♥ | 4♦ 5♦ 6♦ | K♥ 6♣ 2♦ A♣ = 19 deadwood.
    score = score_hand("AS 2S 3S 4S 5S 7H 7D 7C JC QC KC", "8H 9H 10H 4D 5D 6D KH 6C 2D AC", load_ruleset("short"))
    assert (score.outcome, score.winner, score.points, score.bonus) == ("big_gin", "knocker", 50, 31)
    assert game_totals(["B:50"], load_ruleset("short")).winner == "B"


def test_000_an_undercut_is_worth_at_most_35():
    # Knocker: A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣ | 10♦  (deadwood 10, the most a knock allows)
    # Defender: 4♥ 5♥ 6♥ | 8♠ 8♦ 8♣ | 2♦ 3♦ 4♦ 5♦  (no deadwood)
    score = score_hand("AS 2S 3S 7H 7D 7C JC QC KC 10D", "4H 5H 6H 8S 8D 8C 2D 3D 4D 5D", load_ruleset("short"))
    assert (score.outcome, score.winner, score.points) == ("undercut", "defender", 35)
    assert not game_totals(["B:35"], load_ruleset("short")).finished


def test_000_the_winners_total_is_at_least_175_and_225_after_a_shutout():
    # B wins a small hand first, then A's gin of 50 ends the game: no shutout.
    plain = game_totals(["B:10", "A:50"], load_ruleset("short"))
    assert plain.totals == {"A": 50 + 25 + 100, "B": 10 + 25} and not plain.shutout
    # A's 50 in one hand: a shutout doubles the hand points before the bonuses.
    shutout = game_totals(["A:50"], load_ruleset("short"))
    assert shutout.shutout and shutout.totals == {"A": 2 * 50 + 25 + 100, "B": 0}


# --- Knocks, layoffs and undercuts ------------------------------------------------------------

@pytest.mark.parametrize("rules", ALL)
def test_chained_layoffs_at_both_ends_of_a_run(rules):
    # Knocker: 5♥ 6♥ 7♥ | K♠ K♦ K♣ | A♦ 2♦ 3♦ | 4♣          deadwood 4
    # Defender: 4♥ 8♥ 9♥ Q♠ J♠ 9♣ 6♦ 6♠ 2♣ 3♠              deadwood 67
    # 4♥ goes below the run; 8♥ then 9♥ above it: 67 - 21 = 46; the knocker scores 46 - 4.
    score = score_hand("5H 6H 7H KS KD KC AD 2D 3D 4C", "4H 8H 9H QS JS 9C 6D 6S 2C 3S", load_ruleset(rules))
    assert score.defender_deadwood_before_layoffs == 67
    assert sorted(layoffs_of(score)) == [("4H", "5H 6H 7H"), ("8H", "5H 6H 7H"), ("9H", "5H 6H 7H")]
    assert (score.outcome, score.winner, score.points) == ("knock", "knocker", 42)


@pytest.mark.parametrize("rules", ALL)
def test_the_defender_breaks_its_set_of_four_to_lay_off_a_chain(rules):
    # Knocker: 5♥ 6♥ 7♥ | K♠ K♦ K♣ | A♦ 2♦ 3♦ | 4♣          deadwood 4
    # Defender: 8♠ 8♣ 8♦ 8♥ | 9♥ Q♠ J♠ 2♣ 6♠ 3♠           deadwood 40
    # Keeping 8♠ 8♣ 8♦ and laying off 8♥ then 9♥ onto the run leaves 31.
    score = score_hand("5H 6H 7H KS KD KC AD 2D 3D 4C", "8S 8C 8D 8H 9H QS JS 2C 6S 3S", load_ruleset(rules))
    assert score.defender_deadwood_before_layoffs == 40
    assert layoffs_of(score) == [("8H", "5H 6H 7H"), ("9H", "5H 6H 7H")]
    assert [" ".join(map(str, m.cards)) for m in score.defender_melds] == ["8S 8D 8C"]
    assert (score.defender_deadwood, score.points) == (31, 27)


def test_a_fourth_card_laid_off_on_a_set():
    # Knocker: K♠ K♦ K♣ | 5♥ 6♥ 7♥ | A♦ 2♦ 3♦ | 4♣   Defender holds K♥.
    score = score_hand("KS KD KC 5H 6H 7H AD 2D 3D 4C", "KH 9C 9S 2H QD JD 6S 6C 3C 10S", load_ruleset("classic"))
    assert layoffs_of(score) == [("KH", "KS KD KC")]


@pytest.mark.parametrize("rules, outcome, winner, points", [
    ("classic", "undercut", "defender", 25),
    ("short", "undercut", "defender", 25),
    ("spanish", "knock", "knocker", 0),
])
def test_a_tie_is_an_undercut_in_classic_but_not_in_spanish(rules, outcome, winner, points):
    # Knocker:  A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣ | 5♦       deadwood 5
    # Defender: 4♥ 5♥ 6♥ | 8♠ 8♦ 8♣ | 10♦ J♦ Q♦ | 5♣     deadwood 5, nothing to lay off
    score = score_hand("AS 2S 3S 7H 7D 7C JC QC KC 5D", "4H 5H 6H 8S 8D 8C 10D JD QD 5C", load_ruleset(rules))
    assert (score.knocker_deadwood, score.defender_deadwood) == (5, 5)
    assert (score.outcome, score.winner, score.points) == (outcome, winner, points)


@pytest.mark.parametrize("rules, points", [("classic", 25 + 7), ("short", 25 + 7), ("spanish", 10 + 7)])
def test_a_lower_deadwood_is_an_undercut_everywhere(rules, points):
    # Knocker:  A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣ | 8♦       deadwood 8
    # Defender: 4♥ 5♥ 6♥ | 8♠ 9♠ 10♠ | 10♦ J♦ Q♦ | A♣    deadwood 1: undercut by 7
    score = score_hand("AS 2S 3S 7H 7D 7C JC QC KC 8D", "4H 5H 6H 8S 9S 10S 10D JD QD AC", load_ruleset(rules))
    assert (score.knocker_deadwood, score.defender_deadwood) == (8, 1)
    assert (score.outcome, score.winner, score.points) == ("undercut", "defender", points)


def test_a_king_is_laid_off_at_the_top_of_a_run():
    # Knocker: 10♠ J♠ Q♠ | 4♥ 4♦ 4♣ | 7♥ 7♦ 7♣ | 2♠ = 2. Defender: A♥ 2♥ 3♥ | 9♣ 9♦ 9♥ | K♠ 5♣ 6♣ 8♠
    # = 29; the K♠ goes on top of 10♠ J♠ Q♠ (a run may reach the king), leaving 19: 19 − 2 = 17.
    score = score_hand("10S JS QS 4H 4D 4C 7H 7D 7C 2S", "KS AH 2H 3H 9C 9D 9H 5C 6C 8S", load_ruleset("classic"))
    assert [str(layoff.card) for layoff in score.layoffs] == ["KS"]
    assert (score.defender_deadwood, score.winner, score.points) == (19, "knocker", 17)


def test_a_plain_knock_scores_the_difference():
    # Knocker deadwood 4; defender 4♥ 5♥ 6♥ | 8♠ 8♦ 8♣ | 10♦ J♦ Q♦ | K♠: deadwood 10.
    score = score_hand("AS 2S 3S 7H 7D 7C JC QC KC 4D", "4H 5H 6H 8S 8D 8C 10D JD QD KS", load_ruleset("classic"))
    assert (score.outcome, score.winner, score.points, score.bonus) == ("knock", "knocker", 6, 0)


# --- Gin and big gin ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules, points, layoffs", [
    ("classic", 25 + 66, []),
    ("short", 25 + 66, []),
    ("spanish", 20 + 44, [("5S", "AS 2S 3S 4S"), ("7S", "7H 7D 7C"), ("10C", "JC QC KC")]),
])
def test_layoffs_onto_gin_only_in_spanish(rules, points, layoffs):
    # Knocker gin: A♠ 2♠ 3♠ 4♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣
    # Defender: 5♠ 7♠ 10♣ 2♥ 3♣ 6♦ K♥ Q♦ 9♦ 4♥   deadwood 66; 5♠, 7♠ and 10♣ fit the gin hand.
    score = score_hand(GIN, "5S 7S 10C 2H 3C 6D KH QD 9D 4H", load_ruleset(rules))
    assert score.outcome == "gin" and score.winner == "knocker"
    assert sorted(layoffs_of(score)) == sorted(layoffs)
    assert score.points == points


@pytest.mark.parametrize("rules", ["classic", "short"])
def test_big_gin_scores_31_plus_deadwood_with_no_layoffs(rules):
    # Knocker: A♠-5♠ | 7♥ 7♦ 7♣ | J♣ Q♣ K♣ (11 cards); defender holds 6♠ and 7♠, which would fit.
    score = score_hand("AS 2S 3S 4S 5S 7H 7D 7C JC QC KC", "6S 7S 2H 9D 4C 8H KD QH 3D 10S", load_ruleset(rules))
    assert score.outcome == "big_gin" and score.layoffs == ()
    assert score.points == 31 + (6 + 7 + 2 + 9 + 4 + 8 + 10 + 10 + 3 + 10)


def test_spanish_has_no_big_gin():
    with pytest.raises(NoBigGinError):
        score_hand("AS 2S 3S 4S 5S 7H 7D 7C JC QC KC", "6S 7S 2H 9D 4C 8H KD QH 3D 10S", load_ruleset("spanish"))


def test_a_gin_is_never_undercut():
    # Both hands have no deadwood: gin still wins, 25 + 0.
    score = score_hand(GIN, "4H 5H 6H 8S 8D 8C 2D 3D 4D 5D", load_ruleset("classic"))
    assert (score.outcome, score.winner, score.points) == ("gin", "knocker", 25)


# --- The knocker's choice ----------------------------------------------------------------------

def test_the_knocker_shows_the_arrangement_that_leaves_the_defender_most_deadwood():
    # Knocker: 4♥ 5♥ 6♥ 7♥ 7♠ 7♦ 7♣ 2♦ A♦ A♣: 7♥ can end the run or make four sevens.
    # Defender: 8♥ 9♥ 3♥ K♠ Q♠ J♠ 10♠ 5♣ 5♦ 9♦: with the run 4♥-7♥ it lays off 3♥ 8♥ 9♥ (19 left);
    # with four sevens and 4♥ 5♥ 6♥ only 3♥ (36 left). The knocker shows the sevens: 36 - 4.
    score = score_hand("4H 5H 6H 7H 7S 7D 7C 2D AD AC", "8H 9H 3H KS QS JS 10S 5C 5D 9D", load_ruleset("classic"))
    assert sorted(" ".join(map(str, m.cards)) for m in score.knocker_melds) == ["4H 5H 6H", "7S 7H 7D 7C"]
    assert score.points == 32 and score.knocker_choice_mattered
    assert score.knocker_arrangements == 2


def test_when_the_choice_does_not_matter_it_is_not_claimed():
    score = score_hand("5H 6H 7H KS KD KC AD 2D 3D 4C", "4H 8H 9H QS JS 9C 6D 6S 2C 3S", load_ruleset("classic"))
    assert not score.knocker_choice_mattered


# --- Impossible knocks -------------------------------------------------------------------------

def test_a_knock_over_the_limit_is_refused():
    # Knocker: A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | J♣ Q♣ 9♦ 2♥: deadwood 31, over the limit of 10.
    with pytest.raises(DeadwoodOverLimitError) as info:
        score_hand("AS 2S 3S 7H 7D 7C JC QC 9D 2H", "4H 5H 6H 8S 8D 8C 10D 2D QD KS", load_ruleset("classic"))
    assert info.value.params == {"deadwood": 31, "limit": 10}


def test_hands_that_share_a_card_are_refused():
    with pytest.raises(SharedCardError) as info:
        score_hand(GIN, "AS 5H 6H 8S 8D 8C 10D 2D QD KS", load_ruleset("classic"))
    assert info.value.params["card"] == "AS"


@pytest.mark.parametrize("knocker, defender, error", [
    ("AS 2S 3S 7H 7D 7C JC QC KC", "4H 5H 6H 8S 8D 8C 10D 2D QD KS", KnockCardCountError),
    (GIN, "4H 5H 6H 8S 8D 8C 10D 2D QD", DefenderCardCountError),
    ("AS 2S 3S 4S 6S 7H 7D 7C JC QC KC", "4H 5H 6H 8S 8D 8C 10D 2D QD KS", NotBigGinError),
])
def test_wrong_card_counts_are_refused(knocker, defender, error):
    with pytest.raises(error):
        score_hand(knocker, defender, load_ruleset("classic"))


def test_a_card_twice_in_one_hand_is_refused():
    from tutor.engine.cards import parse_card
    knocker = [parse_card(t) for t in GIN.split()]
    with pytest.raises(DuplicateCardError):
        score_hand(knocker[:9] + [knocker[0]], "4H 5H 6H 8S 8D 8C 10D 2D QD KS", load_ruleset("classic"))


def test_an_unknown_ruleset_is_refused():
    with pytest.raises(UnknownRulesetError) as info:
        score_hand(GIN, "4H 5H 6H 8S 8D 8C 10D 2D QD KS", load_ruleset("bridge"))
    assert "classic" in str(info.value)
