"""The game: named scenarios for each rule under each ruleset, hands drawn in the comments."""

from __future__ import annotations

import dataclasses

import pytest
from checks import scored, some

from tutor.engine.cards import parse_card, parse_cards
from tutor.engine.rules import load_ruleset
from tutor.play import Bot, Hand, new_game, new_hand
from tutor.play.errors import (
    BadDealerError,
    BadGameSeedError,
    BigGinRulesError,
    CardNotHeldError,
    DiscardNowError,
    DrawFirstError,
    GameOverError,
    HandOverError,
    KnockTooHighError,
    MalformedMoveError,
    MustDrawStockError,
    NotAllMeldedError,
    PassOnlyUpcardError,
    TakenCardDiscardError,
    UpcardDecisionError,
)
from tutor.play.game import Game, next_dealer
from tutor.play.hand import View

VIEW_KEYS = {"seat", "phase", "hand", "top_discard", "taken_upcard", "discard_pile", "opponent_known",
             "opponent_discards", "events", "stock_size", "turn", "ruleset", "rules", "legal", "score"}


def table(ruleset: str, mover: str, other: str, pile: str, stock: str, *, phase: str = "draw",
          dealer: int = 1, taken: str | None = None) -> Hand:
    """A hand in the middle of play: player 0 (``mover``) to move, player 1 holds ``other``."""
    cards = (tuple(parse_cards(mover)), tuple(parse_cards(other)))
    return Hand(load_ruleset(ruleset), 0, dealer, cards, tuple(parse_cards(stock)), tuple(parse_cards(pile)),
                phase, 0, taken=None if taken is None else parse_card(taken))  # type: ignore[arg-type]


def moves(view: View) -> list[tuple[str, str | None]]:
    return [(str(m[0]), m[1]) for m in view["legal"]]


# --- The deal -------------------------------------------------------------------------------

def test_the_deal_is_ten_cards_each_one_at_a_time_from_the_non_dealer_then_the_upcard_then_the_stock():
    hand = new_hand(load_ruleset("classic"), 7, dealer=0)
    # seed 7, shuffled: 5H AC 6D JS 2C QS AS 7H 2H QC 4H 9S KD 6C 8D 7C QH 4D 10H KS | 9H | 5C 5D 3D ...
    assert [str(c) for c in hand.cards[1]] == ["5H", "6D", "2C", "AS", "2H", "4H", "KD", "8D", "QH", "10H"]
    assert [str(c) for c in hand.cards[0]] == ["AC", "JS", "QS", "7H", "QC", "9S", "6C", "7C", "4D", "KS"]
    assert str(hand.upcard) == "9H" and [str(c) for c in hand.stock[:3]] == ["5C", "5D", "3D"]
    assert len(hand.stock) == 31 and len({*hand.cards[0], *hand.cards[1], *hand.stock, hand.upcard}) == 52
    # The same seed deals the same cards whoever deals: the non-dealer always gets the first card.
    assert new_hand(load_ruleset("classic"), 7, dealer=1).cards[0] == hand.cards[1]
    assert new_hand(load_ruleset("short"), "7", dealer=0).cards == hand.cards


@pytest.mark.parametrize("bad", [-1, "x", "1.5", 2**32, True])
def test_a_bad_hand_number_or_dealer_says_what_was_wrong(bad):
    with pytest.raises(BadGameSeedError):
        new_hand(load_ruleset("classic"), bad)
    with pytest.raises(BadDealerError):
        new_hand(load_ruleset("classic"), 1, dealer=2)


# --- The first upcard -------------------------------------------------------------------------

def test_the_first_upcard_goes_to_the_non_dealer_then_the_dealer_then_the_non_dealer_draws_from_the_stock():
    hand = new_hand(load_ruleset("classic"), 7, dealer=0)
    assert hand.to_move == 1 and hand.phase == "first_upcard"
    assert moves(hand.view(1)) == [("take", None), ("pass", None)] and hand.view(0)["legal"] == []
    with pytest.raises(UpcardDecisionError):
        hand.apply(("stock", None))
    hand = hand.apply(("pass", None))
    assert hand.to_move == 0 and moves(hand.view(0)) == [("take", None), ("pass", None)]
    hand = hand.apply(("pass", None))
    # Both passed: the non-dealer's only move is the stock.
    assert hand.to_move == 1 and moves(hand.view(1)) == [("stock", None)]
    with pytest.raises(MustDrawStockError):
        hand.apply(("take", None))
    hand = hand.apply(("stock", None))
    assert hand.phase == "discard" and parse_card("5C") in hand.cards[1] and str(hand.upcard) == "9H"
    assert hand.view(0)["events"] == [["opp", "pass", "9H"], ["me", "pass", "9H"], ["opp", "stock", None]]


def test_whoever_takes_the_first_upcard_discards_at_once_and_not_that_card():
    hand = new_hand(load_ruleset("short"), 7, dealer=0).apply(("pass", None)).apply(("take", None))
    # The dealer (player 0) took 9H: it must discard now, any card but 9H.
    assert hand.to_move == 0 and hand.phase == "discard" and hand.view(0)["taken_upcard"] == "9H"
    assert ("discard", "9H") not in moves(hand.view(0)) and len(hand.view(0)["hand"]) == 11
    with pytest.raises(TakenCardDiscardError):
        hand.apply(("discard", "9H"))
    hand = hand.apply(("discard", "KS"))
    assert hand.to_move == 1 and hand.phase == "draw" and hand.view(1)["opponent_known"] == ["9H"]
    assert moves(hand.view(1)) == [("take", None), ("stock", None)]


def test_without_the_upcard_offer_spanish_the_non_dealer_simply_plays_first():
    hand = new_hand(load_ruleset("spanish"), 7, dealer=0)
    assert hand.phase == "draw" and hand.to_move == 1
    assert moves(hand.view(1)) == [("take", None), ("stock", None)]
    with pytest.raises(PassOnlyUpcardError):
        hand.apply(("pass", None))


# --- A turn -----------------------------------------------------------------------------------

def test_a_turn_is_a_draw_then_a_discard_and_each_out_of_order_move_says_why():
    # Player 0: A♠ 2♠ 3♠  7♥ 7♦ 7♣  K♦ K♣ K♥  9♠; pile top 4♠; stock 5♦ 8♣ 2♥ J♠.
    hand = table("classic", "AS 2S 3S 7H 7D 7C KD KC KH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                 "QH 4S", "5D 8C 2H JS")
    with pytest.raises(DrawFirstError):
        hand.apply(("discard", "9S"))
    drawn = hand.apply(("stock", None))
    assert drawn.phase == "discard" and parse_card("5D") in drawn.cards[0] and len(drawn.stock) == 3
    with pytest.raises(DiscardNowError):
        drawn.apply(("take", None))
    with pytest.raises(CardNotHeldError):
        drawn.apply(("discard", "QH"))
    after = drawn.apply(("discard", "5D"))
    assert after.to_move == 1 and after.phase == "draw" and str(after.upcard) == "5D"
    # What player 1 sees of it: a stock draw (no card) and the discard.
    assert after.view(1)["events"] == [["opp", "stock", None], ["opp", "discard", "5D"]]
    assert after.view(1)["opponent_discards"] == ["5D"] and after.view(1)["turn"] == 1
    assert after.view(0)["turn"] == 2


@pytest.mark.parametrize("move", ["discard", ("discard",), ("discard", "ZZ"), ("take", "7H"), ("knock", None),
                                  ("fold", None), None])
def test_a_malformed_move_is_named(move):
    hand = new_hand(load_ruleset("classic"), 3)
    with pytest.raises(MalformedMoveError):
        hand.apply(move)


# --- Knocking, gin, big gin -------------------------------------------------------------------

def test_a_knock_ends_the_hand_and_is_scored_by_the_engine():
    # Player 0 after drawing 5♦ from the stock:
    #   A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 9♠ 5♦
    # Knocking with 9♠ leaves 5 in deadwood; the defender holds
    #   4♥ 5♥ 6♥ | 8♦ 9♦ 10♦ J♦ | 2♣ 3♣ Q♠  -> 15, nothing to lay off: 15 - 5 = 10.
    hand = table("classic", "AS 2S 3S 7H 7D 7C KD KC KH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                 "QH", "5D 8C 2H JS").apply(("stock", None))
    assert ("knock", "9S") in moves(hand.view(0)) and ("knock", "5D") in moves(hand.view(0))
    done = hand.apply(("knock", "9S"))
    assert done.over and done.to_move is None and done.knocker == 0 and done.winner == 0
    assert (scored(done).outcome, scored(done).winner, scored(done).points) == ("knock", "knocker", 10)
    assert str(done.upcard) == "9S" and done.view(1)["events"][-1] == ["opp", "knock", "9S"]
    with pytest.raises(HandOverError):
        done.apply(("stock", None))


def test_knocking_over_the_limit_says_how_much_deadwood_is_left():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ Q♣ J♥ 9♠ + 5♦ drawn: knocking with 9♠ leaves 35.
    hand = table("classic", "AS 2S 3S 7H 7D 7C KD QC JH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                 "QH", "5D 8C 2H JS").apply(("stock", None))
    assert not [m for m in moves(hand.view(0)) if m[0] == "knock"]
    with pytest.raises(KnockTooHighError) as error:
        hand.apply(("knock", "9S"))
    assert error.value.params == {"card": "9♠", "deadwood": 35, "limit": 10}  # the card as the table shows it


def test_gin_on_the_first_turn_by_taking_the_first_upcard():
    # The non-dealer holds A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | Q♠ and the upcard Q♥ does not meld.
    # It passes, the dealer passes, it draws 4♠ and goes gin on its first turn, discarding Q♠.
    # Defender: 4♥ 5♥ 6♥ | 8♦ 9♦ 10♦ J♦ | 2♣ 3♣ J♠ = 15 -> 25 + 15 = 40 (no layoffs onto gin).
    hand = Hand(load_ruleset("classic"), 0, 1,
                (tuple(parse_cards("AS 2S 3S 7H 7D 7C KD KC KH QS")),
                 tuple(parse_cards("4H 5H 6H 8D 9D 10D 2C 3C JS JD"))),
                tuple(parse_cards("4S 8C 2H")), tuple(parse_cards("QH")), "first_upcard", 0)
    hand = hand.apply(("pass", None)).apply(("pass", None)).apply(("stock", None)).apply(("knock", "QS"))
    assert (scored(hand).outcome, scored(hand).points, scored(hand).layoffs) == ("gin", 40, ())
    assert hand.view(0)["turn"] == 2 and hand.view(1)["turn"] == 1


def test_big_gin_is_eleven_melded_cards_without_a_discard_where_the_rules_allow_it():
    # Player 0 draws 4♠ to A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 5♠  ->  A♠-5♠, three 7s, three kings.
    # Defender: 4♥ 5♥ 6♥ | 8♦ 9♦ 10♦ J♦ | 2♣ 3♣ J♠ = 15 -> 31 + 15 = 46.
    cards = "AS 2S 3S 7H 7D 7C KD KC KH 5S"
    defender = "4H 5H 6H 8D 9D 10D 2C 3C JS JD"
    classic = table("classic", cards, defender, "QH", "4S 8C 2H").apply(("stock", None))
    assert ("big_gin", None) in moves(classic.view(0))
    done = classic.apply(("big_gin", None))
    assert (scored(done).outcome, scored(done).points, len(scored(done).knocker_cards)) == ("big_gin", 46, 11)
    # Under spanish there is no big gin: the player discards one card and goes gin (20 + 15 = 35).
    spanish = table("spanish", cards, defender, "QH", "4S 8C 2H").apply(("stock", None))
    assert ("big_gin", None) not in moves(spanish.view(0))
    with pytest.raises(BigGinRulesError):
        spanish.apply(("big_gin", None))
    gin = spanish.apply(("knock", "AS"))
    assert (scored(gin).outcome, scored(gin).points) == ("gin", 35)


def test_big_gin_needs_every_card_melded():
    hand = table("classic", "AS 2S 3S 7H 7D 7C KD KC KH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                 "QH", "5D 8C 2H").apply(("stock", None))
    with pytest.raises(NotAllMeldedError) as error:
        hand.apply(("big_gin", None))
    assert error.value.params == {"deadwood": 14}


def test_an_undercut_under_each_ruleset():
    # Knocker (player 0) after drawing J♣: A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 9♠ J♣ -> knocks with J♣, 9.
    # Defender: 4♥ 5♥ 6♥ | 8♦ 9♦ 10♦ | 2♣ 3♣ 4♣ | 9♣ -> 9: a tie.
    knocker, defender = "AS 2S 3S 7H 7D 7C KD KC KH 9S", "4H 5H 6H 8D 9D 10D 2C 3C 4C 9C"
    classic = table("classic", knocker, defender, "QH", "JC 8C 2H").apply(("stock", None)).apply(("knock", "JC"))
    # classic: a tie is an undercut, 25 + 0, and the defender wins the hand.
    assert (scored(classic).outcome, scored(classic).points, classic.winner) == ("undercut", 25, 1)
    spanish = table("spanish", knocker, defender, "QH", "JC 8C 2H").apply(("stock", None)).apply(("knock", "JC"))
    # spanish (our interpretation): a tie is not an undercut; the knocker scores the difference, 0.
    assert (scored(spanish).outcome, scored(spanish).points, spanish.winner) == ("knock", 0, 0)


# --- The wall ---------------------------------------------------------------------------------

def test_a_discard_without_a_knock_with_two_cards_left_in_the_stock_voids_the_hand():
    # Three cards in the stock: player 0 draws one (two left) and discards without knocking.
    hand = table("classic", "AS 2S 3S 7H 7D 7C KD QC JH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                 "QH", "5D 8C 2H").apply(("stock", None))
    assert len(hand.stock) == 2
    void = hand.apply(("discard", "KD"))
    assert void.result == "void" and void.over and void.winner is None and void.to_move is None
    assert void.hand_result().void


def test_with_two_cards_left_a_knock_still_scores_and_taking_from_the_pile_does_not_reach_the_wall():
    hand = table("classic", "AS 2S 3S 7H 7D 7C KD KC KH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                 "QH", "5D 8C 2H")
    assert scored(hand.apply(("stock", None)).apply(("knock", "9S"))).outcome == "knock"
    # Taking Q♥ leaves three in the stock: the discard does not void the hand.
    after = hand.apply(("take", None)).apply(("discard", "9S"))
    assert after.result is None and after.to_move == 1 and len(after.stock) == 3


def test_the_wall_is_a_ruleset_option():
    # Overriding void_at_stock: with 0, the same discard with two cards left plays on.
    rules = dataclasses.replace(load_ruleset("classic"), void_at_stock=0)
    hand = table("classic", "AS 2S 3S 7H 7D 7C KD QC JH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                 "QH", "5D 8C 2H")
    hand = dataclasses.replace(hand, rules=rules).apply(("stock", None)).apply(("discard", "KD"))
    assert hand.result is None and hand.to_move == 1


@pytest.mark.parametrize("wall, stock, english, spanish", [
    # The stock holds one card more than the wall; after the mover's draw and plain discard it is at the wall.
    (2, "5D 8C 2H", "Only 2 cards were left in the stock: the hand is void and nobody scores.",
     "En el mazo solo quedaban 2 cartas: la mano es nula y nadie puntúa."),
    (1, "5D 8C", "Only 1 card was left in the stock: the hand is void and nobody scores.",
     "En el mazo solo quedaba 1 carta: la mano es nula y nadie puntúa."),
    (0, "5D", "The stock ran out without a knock: the hand is void and nobody scores.",
     "El mazo se acabó sin que nadie cerrara: la mano es nula y nadie puntúa."),
])
def test_the_void_hand_says_how_many_cards_the_wall_left(wall, stock, english, spanish):
    from tutor.language.i18n import Translator
    from tutor.language.play_text import void_hand_text
    rules = dataclasses.replace(load_ruleset("classic"), void_at_stock=wall)
    hand = table("classic", "AS 2S 3S 7H 7D 7C KD QC JH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD", "QH", stock)
    hand = dataclasses.replace(hand, rules=rules).apply(("stock", None)).apply(("discard", "KD"))
    assert hand.result == "void" and len(hand.stock) == wall
    assert void_hand_text(hand, Translator("en")) == english
    assert void_hand_text(hand, Translator("es")) == spanish


# --- Views ------------------------------------------------------------------------------------

def test_a_view_has_exactly_the_agreed_keys_and_is_plain_data():
    import json

    hand = new_hand(load_ruleset("classic"), 11, dealer=1)
    view = hand.view(0)
    assert set(view) == VIEW_KEYS and json.loads(json.dumps(view)) == view
    assert (view["seat"], view["phase"], view["stock_size"], view["turn"]) == (0, "first_upcard", 31, 1)
    assert view["ruleset"] == "classic" and view["score"] is None
    # Every option of the classic ruleset (data/rulesets/classic.toml, the rest at their defaults):
    assert view["rules"] == {
        "target": 100, "target_must_be_exceeded": False, "knock_limit": 10, "gin_bonus": 25,
        "gin_adds_defender_deadwood": True, "layoffs_onto_gin": False, "big_gin_allowed": True, "big_gin_bonus": 31,
        "layoffs_onto_big_gin": False, "gin_can_be_undercut": False, "undercut_on_tie": True, "undercut_bonus": 25,
        "undercut_adds_difference": True, "knocker_picks_arrangement": True, "defender_breaks_melds": True,
        "hand_bonus": 25, "game_bonus": 100, "shutout_doubles_hand_points": True, "shutout_bonus": 0,
        "upcard_offer": True, "first_dealer": "random", "next_dealer": "alternate", "void_at_stock": 2}
    assert hand.view(1)["seat"] == 1 and hand.view(1)["legal"] == []


# --- Games ------------------------------------------------------------------------------------

def play_out(game: Game, bots: tuple[Bot, Bot]) -> Game:
    while not game.over:
        player = some(game.to_move)
        game = game.apply(bots[player].decide(game.view(player)))
    return game


def test_a_game_deals_the_next_hand_at_once_with_the_score_and_ends_at_the_target():
    game = new_game(load_ruleset("short"), 5)
    assert game.hand.score == (0, 0) and game.totals.results == () and not game.over
    game = play_out(game, (Bot("beginner", 1), Bot("strong", 2)))
    assert game.over and game.totals.finished and game.winner in (0, 1)
    assert game.totals.totals[("A", "B")[game.winner]] >= 50 + 25 + 100
    assert [h.hand_result() for h in game.played] == list(game.totals.results)
    with pytest.raises(GameOverError):
        game.apply(("stock", None))
    # Every hand after the first was dealt with the points of the hands before it.
    points = [0, 0]
    for hand in game.played:
        assert hand.score == tuple(points)
        if hand.winner is not None:
            points[hand.winner] += scored(hand).points


def test_the_first_dealer_is_drawn_by_the_seed_and_the_same_seed_deals_the_same_game():
    dealers = {new_game(load_ruleset("classic"), seed).hand.dealer for seed in range(40)}
    assert dealers == {0, 1}
    assert new_game(load_ruleset("classic"), 9).hand.cards == new_game(load_ruleset("classic"), 9).hand.cards


def test_the_next_dealer_alternates_or_is_the_winner_and_stays_after_a_void_hand():
    # classic: the dealer alternates; spanish: the winner deals; a void hand: the same dealer.
    knock = table("classic", "AS 2S 3S 7H 7D 7C KD KC KH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                  "QH", "5D 8C 2H", dealer=0).apply(("stock", None)).apply(("knock", "9S"))
    assert knock.winner == 0 and next_dealer(knock) == 1
    spanish = dataclasses.replace(knock, rules=load_ruleset("spanish"))
    assert next_dealer(spanish) == 0
    void = table("classic", "AS 2S 3S 7H 7D 7C KD QC JH 9S", "4H 5H 6H 8D 9D 10D 2C 3C QS JD",
                 "QH", "5D 8C 2H", dealer=0).apply(("stock", None)).apply(("discard", "KD"))
    assert next_dealer(void) == 0


def test_an_unfinished_hand_has_no_line_on_the_score_sheet():
    from tutor.play.errors import HandInProgressError

    with pytest.raises(HandInProgressError):
        new_hand(load_ruleset("classic"), 1).hand_result()


def test_moves_are_written_for_an_address_and_read_back():
    from tutor.engine.cards import parse_card
    from tutor.play.moves import moves_code, read_moves_code
    moves = [("pass", None), ("stock", None), ("discard", "10H"), ("take", None), ("knock", "2C"), ("big_gin", None)]
    assert moves_code(moves) == "p.s.d10H.t.k2C.b"
    assert read_moves_code("p.s.d10H.t.k2C.b") == [("pass", None), ("stock", None), ("discard", parse_card("10H")),
                                                   ("take", None), ("knock", parse_card("2C")), ("big_gin", None)]
    assert read_moves_code("") == []


@pytest.mark.parametrize("code", ["x", "p..s", "d", "dZZ", "ps", "k", "s7H"])
def test_a_move_list_that_cannot_be_read_names_the_move(code):
    from tutor.play.errors import MalformedMoveError
    from tutor.play.moves import read_moves_code
    with pytest.raises(MalformedMoveError):
        read_moves_code(code)
