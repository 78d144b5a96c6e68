"""Property tests: the engine against the brute-force reference in ``reference.py``."""

import random
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from reference import ref_arrangements, ref_deadwood, ref_defender_deadwood, ref_discard_deadwood

from tutor.drills.hands import knock_like_hand, knock_pair, knocker_hand
from tutor.engine.cards import DECK, HAND_SIZE, Card, card, mask_of
from tutor.engine.layoffs import best_defence, defender_deadwood
from tutor.engine.melds import analyze, best_arrangements, is_valid_meld
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import knocker_gain, score_hand

# Meld-dense hands: ten or eleven cards drawn from ranks 4-9 of all suits (24 cards).
DENSE = [card(r, s) for s in "SHDC" for r in range(4, 10)]
SETTINGS = settings()  # the number of examples comes from the run's profile (tests/conftest.py: --thorough)


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
    knocker, defender = knock_pair(random.Random(seed), load_ruleset("classic"))
    for arrangement in best_arrangements(mask_of(knocker)):
        play = best_defence(arrangement.melds, mask_of(defender))
        melds = [frozenset(m.cards) for m in arrangement.melds]
        assert play.deadwood == ref_defender_deadwood(melds, frozenset(defender))
        assert defender_deadwood(arrangement.melds, mask_of(defender)) == play.deadwood  # the simulations' path
        laid = {lay.card for lay in play.layoffs}
        check_arrangement([c for c in defender if c not in laid], play.arrangement)


def formula(rules, knocker_dw, defender_dw, big_gin):
    """A hand's winner and points written out from the rule options, every one of them read."""
    gin = knocker_dw == 0
    lower = defender_dw < knocker_dw
    tie = defender_dw == knocker_dw and rules.undercut_on_tie
    gin_protected = gin and not rules.gin_can_be_undercut
    if not big_gin and not gin_protected and (lower or tie):
        difference = knocker_dw - defender_dw if rules.undercut_adds_difference else 0
        return "defender", rules.undercut_bonus + difference
    if big_gin:
        return "knocker", rules.big_gin_bonus + defender_dw
    if gin:
        return "knocker", rules.gin_bonus + (defender_dw if rules.gin_adds_defender_deadwood else 0)
    return "knocker", defender_dw - knocker_dw


def big_gin_pair(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """Eleven cards that all meld (a big gin) and a random defender."""
    knocker = knocker_hand(rng, 0, big_gin=True)
    rest = [c for c in DECK if c not in set(knocker)]
    return knocker, rng.sample(rest, HAND_SIZE)


# Each shipped ruleset, and variants that flip the scoring options away from what they ship with.
VARIANTS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in ("classic", "short", "spanish")] + [
    ("classic", {"gin_can_be_undercut": True, "gin_adds_defender_deadwood": False}),
    ("spanish", {"undercut_adds_difference": False, "undercut_on_tie": True}),
    ("classic", {"layoffs_onto_gin": True, "knocker_picks_arrangement": False, "defender_breaks_melds": False}),
    ("classic", {"layoffs_onto_big_gin": True, "big_gin_bonus": 50, "undercut_bonus": 10}),
]


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.sampled_from(VARIANTS), st.booleans())
def test_scores_follow_the_rulesets_formula(seed, variant, big):
    name, flips = variant
    rules = replace(load_ruleset(name), **flips)
    if big and not rules.big_gin_allowed:
        big = False
    rng = random.Random(seed)
    knocker, defender = big_gin_pair(rng) if big else knock_pair(rng, rules)
    score = score_hand(knocker, defender, rules)
    gin = score.knocker_deadwood == 0
    layoffs_allowed = (rules.layoffs_onto_big_gin if big else rules.layoffs_onto_gin if gin else True)
    assert score.layoffs_allowed == layoffs_allowed and score.rules is rules
    candidates = best_arrangements(mask_of(knocker))
    if not rules.knocker_picks_arrangement:
        candidates = candidates[:1]
    # The defender's deadwood is its least after layoffs onto the arrangement the knocker shows;
    # where the ruleset lets it, the knocker shows the arrangement best for itself.
    best = None
    for arrangement in candidates:
        melds = [frozenset(m.cards) for m in arrangement.melds]
        if not layoffs_allowed:
            dw = ref_deadwood(frozenset(defender))
        elif rules.defender_breaks_melds:
            dw = ref_defender_deadwood(melds, frozenset(defender))
        else:
            own = best_arrangements(mask_of(defender))[0]
            loose = frozenset(own.deadwood_cards)
            dw = (ref_deadwood(frozenset(defender)) - sum(c.value for c in loose)
                  + ref_defender_deadwood(melds, loose))
        winner, points = formula(rules, score.knocker_deadwood, dw, big)
        gain = points if winner == "knocker" else -points
        if best is None or gain > best[0]:
            best = (gain, winner, points, dw)
    assert best is not None
    _, winner, points, dw = best
    assert (score.winner, score.points, score.defender_deadwood) == (winner, points, dw)
    # The simulations' fast path scores the same.
    assert knocker_gain(mask_of(knocker), mask_of(defender), rules) == (points if winner == "knocker" else -points)
    expected_knocker = 0 if big else ref_deadwood(frozenset(knocker))
    assert score.knocker_deadwood == expected_knocker
