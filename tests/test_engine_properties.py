"""Property tests: the engine against the brute-force reference in ``reference.py``."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from reference import ref_arrangements, ref_deadwood, ref_defender_deadwood, ref_discard_deadwood
from tutor.drills.hands import knock_like_hand, knock_pair
from tutor.engine.cards import DECK, card, mask_of
from tutor.engine.layoffs import best_defence
from tutor.engine.melds import analyze, best_arrangements, is_valid_meld
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import score_hand

# Meld-dense hands: ten or eleven cards drawn from ranks 4-9 of all suits (24 cards).
DENSE = [card(r, s) for s in "SHDC" for r in range(4, 10)]
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def hands(size):
    return st.one_of(
        st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True),
        st.lists(st.sampled_from(DENSE), min_size=size, max_size=size, unique=True),
        st.integers(0, 2**32 - 1).map(lambda seed: knock_like_hand(random.Random(seed), size)),
    )


def check_arrangement(cards, arrangement):
    placed = [c for m in arrangement.melds for c in m.cards] + list(arrangement.deadwood_cards)
    assert sorted(placed, key=lambda c: c.index) == sorted(cards, key=lambda c: c.index)
    assert all(is_valid_meld(m.cards) for m in arrangement.melds)


@SETTINGS
@given(hands(10))
def test_ten_cards_reach_the_references_deadwood(cards):
    result = analyze(cards)
    assert result.deadwood == ref_deadwood(frozenset(cards))
    for arrangement in result.arrangements:
        check_arrangement(cards, arrangement)
        assert arrangement.deadwood == result.deadwood


@SETTINGS
@given(hands(10))
def test_every_best_arrangement_is_listed(cards):
    # Up to splitting a long run in two (the same cards melded), the reference's arrangements
    # are the engine's: compare which cards are melded in sets, and which are deadwood.
    def signature(melds, deadwood):
        sets = frozenset(frozenset(m) for m in melds if len({c.rank for c in m}) == 1 and len(m) >= 3
                         and len({c.suit for c in m}) == len(m))
        return sets, frozenset(deadwood)
    cards_set = frozenset(cards)
    engine = {signature([frozenset(m.cards) for m in a.melds], a.deadwood_cards)
              for a in best_arrangements(mask_of(cards))}
    reference = set()
    for melds in ref_arrangements(cards_set):
        melded = frozenset().union(*melds) if melds else frozenset()
        reference.add(signature(melds, cards_set - melded))
    assert engine == reference


@SETTINGS
@given(hands(11))
def test_eleven_cards_the_best_discard_and_big_gin(cards):
    result = analyze(cards)
    assert result.deadwood == ref_discard_deadwood(frozenset(cards))
    kept = [c for c in cards if c is not result.discard]
    assert ref_deadwood(frozenset(kept)) == result.deadwood
    assert result.big_gin == (ref_deadwood(frozenset(cards)) == 0)
    assert set(result.discard_options) == {c for c in cards
                                           if ref_deadwood(frozenset(cards) - {c}) == result.deadwood}
    check_arrangement(kept, result.arrangement)


@SETTINGS
@given(st.integers(0, 2**32 - 1))
def test_layoffs_leave_the_references_least_deadwood(seed):
    knocker, defender = knock_pair(random.Random(seed))
    for arrangement in best_arrangements(mask_of(knocker)):
        play = best_defence(arrangement.melds, mask_of(defender))
        melds = [frozenset(m.cards) for m in arrangement.melds]
        assert play.deadwood == ref_defender_deadwood(melds, frozenset(defender))
        laid = {lay.card for lay in play.layoffs}
        check_arrangement([c for c in defender if c not in laid], play.arrangement)


def formula(rules, knocker_dw, defender_dw, big_gin):
    """Each ruleset's scoring formula, written out from RULES.md."""
    gin = knocker_dw == 0
    tie_undercuts = rules.undercut_on_tie
    if not gin and not big_gin and (defender_dw < knocker_dw or (defender_dw == knocker_dw and tie_undercuts)):
        return "defender", rules.undercut_bonus + knocker_dw - defender_dw
    if big_gin:
        return "knocker", rules.big_gin_bonus + defender_dw
    if gin:
        return "knocker", rules.gin_bonus + defender_dw
    return "knocker", defender_dw - knocker_dw


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from(["classic", "short", "spanish"]))
def test_scores_follow_the_rulesets_formula(seed, name):
    rules = load_ruleset(name)
    knocker, defender = knock_pair(random.Random(seed))
    score = score_hand(knocker, defender, rules)
    layoffs_allowed = score.knocker_deadwood > 0 or rules.layoffs_onto_gin
    # The defender's deadwood is its least after layoffs onto the arrangement the knocker
    # shows; the knocker shows the arrangement best for itself.
    best = None
    for arrangement in best_arrangements(mask_of(knocker)):
        melds = [frozenset(m.cards) for m in arrangement.melds]
        dw = ref_defender_deadwood(melds, frozenset(defender)) if layoffs_allowed else ref_deadwood(frozenset(defender))
        winner, points = formula(rules, score.knocker_deadwood, dw, False)
        gain = points if winner == "knocker" else -points
        if best is None or gain > best[0]:
            best = (gain, winner, points, dw)
    _, winner, points, dw = best
    assert (score.winner, score.points, score.defender_deadwood) == (winner, points, dw)
    assert score.knocker_deadwood == ref_deadwood(frozenset(knocker))
