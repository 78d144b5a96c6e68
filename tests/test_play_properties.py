"""Properties of the game over hundreds of hands and games played to the end (thousands with
``--thorough``), half the moves at random and half by the virtual player (so that hands end by
knocks, gins and the wall alike)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from checks import scored, some

from tutor.engine.cards import DECK, HAND_SIZE, parse_card
from tutor.engine.rules import RULESET_NAMES, load_ruleset
from tutor.engine.scoring import HandScore, game_totals, score_hand
from tutor.play import BOT_LEVELS, Bot, Hand, new_game, new_hand
from tutor.play.hand import View
from tutor.play.positions import check_view


def seen_in(view: View) -> set[str]:
    """Every card a view mentions."""
    cards = {*view["hand"], *view["discard_pile"], *view["opponent_known"], *view["opponent_discards"]}
    cards |= {c for c in (view["top_discard"], view["taken_upcard"]) if c is not None}
    cards |= {c for _, _, c in view["events"] if c is not None}
    cards |= {c for _, c in view["legal"] if c is not None}
    return cards


def check_view_hides(hand: Hand) -> None:
    """No view shows a stock card or a card of the opponent's that the opponent did not show."""
    shown = {str(e.card) for e in hand.events if e.card is not None} | {str(c) for c in hand.discard_pile}
    for player in (0, 1):
        own = {str(c) for c in hand.cards[player]}
        opponent_hidden = {str(c) for c in hand.cards[1 - player]} - {str(c) for c in hand.known[1 - player]}
        view = hand.view(player)
        assert seen_in(view) <= own | shown
        assert not seen_in(view) & opponent_hidden
        assert not seen_in(view) & {str(c) for c in hand.stock}
        assert view["stock_size"] == len(hand.stock)


def check_state(hand: Hand) -> None:
    """The 52 cards are all somewhere once, and each hand has its right size."""
    places = [*hand.cards[0], *hand.cards[1], *hand.stock, *hand.discard_pile]
    assert sorted(c.index for c in places) == list(range(len(DECK)))
    if hand.to_move is not None:
        sizes = [len(hand.cards[0]), len(hand.cards[1])]
        if hand.phase == "discard":
            assert sizes[hand.to_move] == HAND_SIZE + 1 and sizes[1 - hand.to_move] == HAND_SIZE
        else:
            assert sizes == [HAND_SIZE, HAND_SIZE]


def play(hand: Hand, rng: random.Random, bots: tuple[Bot, Bot], checks: bool = True) -> Hand:
    """Play a hand to its end, checking each step; returns the finished hand."""
    while hand.to_move is not None:
        player = hand.to_move
        view = hand.view(player)
        if checks:
            assert check_view(view) is view  # every decision the game shows is a view the checks accept
        move = bots[player].decide(view) if rng.random() < 0.5 else tuple(rng.choice(view["legal"]))
        assert list(move) in view["legal"]
        stock_before = len(hand.stock)
        after = hand.apply(move)
        if move[0] == "discard":
            # The wall: a plain discard ends the hand, void, exactly when two cards are left.
            assert (after.result == "void") == (stock_before <= hand.rules.void_at_stock)
        else:
            assert after.result != "void"
        if checks:
            check_state(after)
            check_view_hides(after)
        hand = after
    return hand


def check_score(hand: Hand) -> None:
    """The cards that reach the scorer are the hands as they ended (the knocker's ten, or eleven for a
    big gin; the defender's ten), and the hand keeps the score the engine gives them; a void hand
    ended on a discard at the wall."""
    if hand.result == "void":
        assert hand.events[-1].move == "discard" and len(hand.stock) <= hand.rules.void_at_stock
        return
    assert isinstance(hand.result, HandScore) and hand.knocker is not None
    knocker, defender = hand.cards[hand.knocker], hand.cards[1 - hand.knocker]
    expected = score_hand(list(knocker), list(defender), hand.rules)
    got = hand.result
    assert (got.outcome, got.winner, got.points) == (expected.outcome, expected.winner, expected.points)
    assert set(got.knocker_cards) == set(knocker) and set(got.defender_cards) == set(defender)
    assert len(knocker) == (11 if got.outcome == "big_gin" else 10)


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_hundreds_of_hands_end_scored_by_the_engine_or_void_at_the_wall(ruleset, thorough):
    rng = random.Random(f"hands-{ruleset}")
    bots = (Bot("beginner", 1), Bot("beginner", 2))
    outcomes: Counter[str] = Counter()
    for seed in range(1000 if thorough else 300):
        hand = play(new_hand(load_ruleset(ruleset), seed, dealer=seed % 2), rng, bots, checks=seed < 150)
        check_score(hand)
        outcomes["void" if hand.result == "void" else scored(hand).outcome] += 1
    # The sample reaches every common ending, and big gin only where the ruleset has it.
    allowed = {"void", "knock", "gin", "undercut"} | ({"big_gin"} if load_ruleset(ruleset).big_gin_allowed else set())
    assert {"void", "knock", "gin", "undercut"} <= set(outcomes) <= allowed, outcomes


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_games_follow_the_dealer_rule_and_end_with_the_engine_totals(ruleset, thorough):
    rules = load_ruleset(ruleset)
    rng = random.Random(f"games-{ruleset}")
    bots = (Bot("strong", 3), Bot("beginner", 4))
    for seed in range(60 if thorough else 12):
        game = new_game(load_ruleset(ruleset), seed)
        while not game.over:
            player = some(game.to_move)
            view = game.view(player)
            move = bots[player].decide(view) if rng.random() < 0.8 else tuple(rng.choice(view["legal"]))
            game = game.apply(move)
        hands = game.played
        for before, after in zip(hands, hands[1:], strict=False):
            if before.winner is None:
                assert after.dealer == before.dealer
            elif rules.next_dealer == "hand_winner":
                assert after.dealer == before.winner
            else:
                assert after.dealer == 1 - before.dealer
        for hand in hands:
            check_score(hand)
        totals = game_totals([h.hand_result() for h in hands], rules)
        assert game.totals.totals == totals.totals and totals.finished and totals.ending_hand == len(hands)


@pytest.mark.parametrize("level", BOT_LEVELS)
@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_the_virtual_player_never_plays_an_illegal_move(level, ruleset, thorough):
    bots = (Bot(level, 5), Bot(level, 6))
    hands = 300 if thorough else 40
    if level == "expert":  # some 7 ms a decision, 30 times the strong player's: fewer hands (test_analysis
        hands //= 4  # checks its rollouts), and the strong player across the table (its own case checks its moves)
        bots = (Bot(level, 5), Bot("strong", 6))
    for seed in range(hands):
        hand = new_hand(load_ruleset(ruleset), seed, dealer=seed % 2)
        while hand.to_move is not None:
            view = hand.view(hand.to_move)
            move = bots[hand.to_move].decide(view)
            assert list(move) in view["legal"], (seed, view, move)
            hand = hand.apply(move)


def test_the_virtual_player_is_deterministic_and_reads_only_the_view():
    # Two bots of a level with one seed, one given the hand's own views, the other the same views
    # rebuilt from their JSON text by a separate process' worth of parsing (no object of the hand
    # shared) with every key the view does not document removed: they play the same moves.
    import json

    from tutor.play.hand import VIEW_KEYS

    hand = new_hand(load_ruleset("classic"), 21, dealer=0)
    for level in BOT_LEVELS:
        first, again = Bot(level, 8), Bot(level, 8)
        game = hand
        while game.to_move is not None:
            view = game.view(game.to_move)
            copied = {key: value for key, value in json.loads(json.dumps(view)).items() if key in VIEW_KEYS}
            assert copied == view  # a view holds only its documented keys, all plain data
            move = first.decide(view)
            assert again.decide(copied) == move
            game = game.apply(move)


def test_a_seen_card_is_parsed_back_the_same():
    # The views' card names are the engine's notation, read back to the same card.
    assert all(str(parse_card(str(c))) == str(c) for c in DECK)
