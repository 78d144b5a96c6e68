"""The map of what the opponent probably holds (tutor/play/holding.py): computed by the engine from
a decision's view, known and seen cards as they must be, the same map in every game, readings named
from chances written out, and the Brier score of a guess against a hand drawn here."""

from __future__ import annotations

import math

import pytest

from tutor.engine.cards import DECK, mask_of, parse_card
from tutor.engine.rules import load_ruleset
from tutor.play import Bot, new_hand
from tutor.play.hand import View
from tutor.play.holding import Holding, Reading, brier, holding, readings
from tutor.play.levels import LEVELS

CLASSIC = load_ruleset("classic")


def _card(text: str) -> int:
    return parse_card(text).index


def views_after_a_take(count: int, level: str = "beginner") -> list[tuple[View, list[str]]]:
    """Seat 0's views (with the opponent's real hand) after the opponent took from the pile, in
    hands of the strong player against ``level``."""
    found: list[tuple[View, list[str]]] = []
    seed = 500
    while len(found) < count:
        hand = new_hand(CLASSIC, seed, dealer=seed % 2)
        bots = {0: Bot("strong", seed), 1: Bot(level, seed + 1)}
        while hand.to_move is not None:
            view = hand.view(hand.to_move)
            if hand.to_move == 0 and view["opponent_known"] and view["phase"] == "draw":
                found.append((view, [str(c) for c in hand.cards[1]]))
                break
            hand = hand.apply(bots[hand.to_move].move(view))
        seed += 1
    return found


def test_a_taken_card_is_known_a_seen_card_is_not_held_and_the_chances_add_up_to_the_hand():
    view, _ = views_after_a_take(1)[0]
    seen = mask_of([parse_card(c) for c in [*view["hand"], *view["discard_pile"]]])
    known = [_card(c) for c in view["opponent_known"]]
    found = holding(view, "beginner", draws=400)
    assert all(found.chances[i] == 1.0 for i in known) and found.known == mask_of(
        [parse_card(c) for c in view["opponent_known"]])
    assert all(found.chances[c.index] == 0.0 for c in DECK if seen >> c.index & 1)
    assert math.isclose(sum(found.chances), 10.0)  # ten cards in every drawn hand
    assert found.hidden == 10 - len(known) and found.unseen.bit_count() == 52 - seen.bit_count() - len(known)
    assert all(found.stderr(DECK[i]) == 0.0 for i in known)


def test_the_same_decision_shows_the_same_map_and_another_level_draws_its_own():
    view, _ = views_after_a_take(1)[0]
    assert holding(view, "beginner", draws=300) == holding(view, "beginner", draws=300)
    assert holding(view, "strong", draws=300).chances != holding(view, "beginner", draws=300).chances


def test_a_map_needs_a_drawn_hand():
    view, _ = views_after_a_take(1)[0]
    with pytest.raises(ValueError, match="at least one drawn hand"):
        holding(view, draws=0)


def test_the_cards_it_really_holds_are_given_more_than_the_uniform_chance_and_the_rest_less():
    # 12 positions of the strong player against the beginner, each just after the beginner took
    # from the pile: over them, the hidden cards it really held got a higher chance on average
    # than a reader of nothing gives (hidden / unseen), and the cards it did not hold a lower one.
    held_chances: list[float] = []
    other_chances: list[float] = []
    uniforms: list[float] = []
    for view, real in views_after_a_take(12):
        found = holding(view, "beginner", draws=300)
        real_mask = mask_of([parse_card(c) for c in real])
        for card in DECK:
            if found.unseen >> card.index & 1:
                (held_chances if real_mask >> card.index & 1 else other_chances).append(found.chance(card))
        uniforms.append(found.uniform)
    uniform = sum(uniforms) / len(uniforms)
    assert sum(held_chances) / len(held_chances) > 1.2 * uniform
    assert sum(other_chances) / len(other_chances) < uniform


def _map(chances: dict[str, float], known: list[str], unseen: list[str], hidden: int) -> Holding:
    values = [0.0] * 52
    for text, chance in chances.items():
        values[_card(text)] = chance
    for text in known:
        values[_card(text)] = 1.0
    return Holding(tuple(values), mask_of([parse_card(c) for c in known]), mask_of([parse_card(c) for c in unseen]),
                   hidden, 1000, "beginner")


def test_readings_name_the_card_taken_the_likeliest_card_and_the_cold_suit():
    # Unseen: 7♥ 8♥ 2♣ 3♣ (4 cards), 2 of them hidden in the opponent's hand: uniform 0.5 each.
    # The opponent took the 6♥. The 7♥ at 1.0 is twice the uniform chance; clubs average
    # (0.2 + 0.1) / 2 = 0.15, under 0.6 × 0.5.
    found = _map({"7H": 1.0, "8H": 0.7, "2C": 0.2, "3C": 0.1}, ["6H"], ["7H", "8H", "2C", "3C"], 2)
    took, likely, cold = readings(found)
    assert took == Reading("took", parse_card("6H"), None, 1.0)
    assert likely == Reading("likely", parse_card("7H"), None, 1.0)
    assert (cold.kind, cold.card, cold.suit) == ("cold_suit", None, "C") and cold.chance == pytest.approx(0.15)


def test_no_reading_where_the_map_is_flat():
    # Four unseen cards, two hidden, each at the uniform 0.5: nothing to name.
    assert readings(_map({"7H": 0.5, "8H": 0.5, "2C": 0.5, "3C": 0.5}, [], ["7H", "8H", "2C", "3C"], 2)) == ()


def test_the_brier_score_of_a_guess_against_the_real_hand():
    # Unseen: 7♥ 8♥ 2♣ 3♣; the opponent held 7♥ and 2♣. Guess 7♥ 100 %, 8♥ 50 %, nothing else:
    # (1-1)² + (0.5-0)² + (0-1)² + (0-0)² = 1.25, over 4 cards = 0.3125.
    unseen = mask_of([parse_card(c) for c in ["7H", "8H", "2C", "3C"]])
    held = mask_of([parse_card(c) for c in ["7H", "2C"]])
    assert brier({_card("7H"): 1.0, _card("8H"): 0.5}, held, unseen) == 0.3125
    # The uniform guess (0.5 each): 4 × 0.25 / 4 = 0.25; a perfect one: 0.
    assert brier({_card(c): 0.5 for c in ["7H", "8H", "2C", "3C"]}, held, unseen) == 0.25
    assert brier({_card("7H"): 1.0, _card("2C"): 1.0}, held, unseen) == 0.0
    with pytest.raises(ValueError, match="between 0 and 1"):
        brier({_card("7H"): 1.5}, held, unseen)
    with pytest.raises(ValueError, match="no unseen card"):
        brier({}, held, 0)


def test_the_map_shown_keeps_the_levels_measured_share_of_each_chances_distance_from_the_uniform():
    # The beginner's share is 0.779: a card drawn in 60 % of the hands, where the uniform chance is
    # 24 %, shows 0.24 + 0.779 × 0.36 = 52.0 %; the known cards stay at 1 and the seen ones at 0.
    view, _ = views_after_a_take(1)[0]
    raw = holding(view, "beginner", draws=300, tempered=False)
    shown = holding(view, "beginner", draws=300)
    assert LEVELS["beginner"].temper == 0.779
    for card in DECK:
        if raw.unseen >> card.index & 1:
            assert math.isclose(shown.chance(card), raw.uniform + 0.779 * (raw.chance(card) - raw.uniform))
        else:
            assert shown.chance(card) == raw.chance(card)
    assert math.isclose(sum(shown.chances), 10.0)
    # Its standard error is the drawn share's, times the share kept: 0.779 × √(p (1 − p) / 300).
    card = next(c for c in DECK if raw.unseen >> c.index & 1 and 0 < raw.chance(c) < 1)
    assert math.isclose(shown.stderr(card), 0.779 * math.sqrt(raw.chance(card) * (1 - raw.chance(card)) / 300))


def test_a_throw_that_could_meld_with_a_card_taken_is_the_first_reading():
    # It took the 6♥. Throwing the 8♥ (6♥ 7♥ 8♥ would be a run) is named first, with the 6♥ beside it;
    # throwing the 2♣ (no meld with it) leaves the reading of the card taken.
    found = _map({"7H": 1.0, "8H": 0.7, "2C": 0.2, "3C": 0.1}, ["6H"], ["7H", "8H", "2C", "3C"], 2)
    assert readings(found, thrown=parse_card("8H"))[0] == Reading("fed", parse_card("8H"), None, 1.0,
                                                                   parse_card("6H"))
    assert readings(found, thrown=parse_card("2C"))[0] == Reading("took", parse_card("6H"), None, 1.0)
    from tutor.language.holding_text import reading_sentence
    from tutor.language.i18n import Translator
    assert reading_sentence(readings(found, thrown=parse_card("8H"))[0], found, Translator("en")) == (
        "You threw the 8♥, which could make a meld with the card it took from the pile (6♥): it may well have "
        "been waiting for it.")


def test_the_maps_tint_grows_with_the_chance_and_a_seen_card_has_none():
    # The 6♥ taken (full tint, bold), the 7♥ at 100 % and the 2♣ at 20 % (a fifth of it), the
    # A♠ seen (none). Rows are ranks (A first), columns the rank's label then ♠ ♥ ♦ ♣.
    from tutor.app.ui.render import HOLDING_ALPHA, holding_tints
    tints = holding_tints(_map({"7H": 1.0, "8H": 0.7, "2C": 0.2, "3C": 0.1}, ["6H"], ["7H", "8H", "2C", "3C"], 2))
    assert HOLDING_ALPHA == 0.45
    assert tints[5][2] == "background-color: rgba(168, 32, 46, 0.45); font-weight: 600"   # 6♥
    assert tints[6][2] == "background-color: rgba(168, 32, 46, 0.450)"                    # 7♥
    assert tints[1][4] == "background-color: rgba(168, 32, 46, 0.090)"                    # 2♣
    assert tints[0][1] == "" and all(row[0] == "" for row in tints)                       # A♠; the rank column
