"""Errors raised by the game: a move that cannot be read, or one the rules do not allow now.

Like the engine's errors (:mod:`tutor.engine.errors`), each subclasses :class:`ValueError` through
:class:`~tutor.engine.errors.TutorError` and carries a key, its parameters and an English template
that the catalogs translate, so the app can tell a learner what was wrong in their language.
"""

from __future__ import annotations

from tutor.base.msgids import N_
from tutor.engine.errors import TutorError


class MoveError(TutorError):
    """A move that cannot be played."""


class MalformedMoveError(MoveError):
    key = "malformed_move"
    template = N_("“{move}” is not a move: a move is a kind (take, stock, pass, discard, knock or big_gin) "
                  "with a card for discard and knock, as (\"discard\", \"7H\").")


class HandOverError(MoveError):
    key = "hand_over"
    template = N_("The hand is over: no more moves can be played in it.")


class HandInProgressError(MoveError):
    key = "hand_in_progress"
    template = N_("The hand is still being played: it has no result yet.")


class GameOverError(MoveError):
    key = "game_over"
    template = N_("The game is over: no more moves can be played in it.")


class NotYourTurnError(MoveError):
    key = "not_your_turn"
    template = N_("It is not your turn: wait for the other player's move.")


class SeatTakenOverError(MoveError):
    key = "seat_taken_over"
    template = N_("The virtual player has taken this seat: its moves are no longer yours to make.")


class UpcardDecisionError(MoveError):
    key = "upcard_decision"
    template = N_("First decide on the upcard: take it or pass.")


class MustDrawStockError(MoveError):
    key = "must_draw_stock"
    template = N_("Both of you passed the upcard: draw from the stock.")


class DrawFirstError(MoveError):
    key = "draw_first"
    template = N_("Draw a card first, from the stock or from the discard pile.")


class DiscardNowError(MoveError):
    key = "discard_now"
    template = N_("You have drawn: now discard a card, or knock.")


class PassOnlyUpcardError(MoveError):
    key = "pass_only_upcard"
    template = N_("Passing is only possible on the first upcard.")


class EmptyPileError(MoveError):
    key = "empty_pile"
    template = N_("There is no card to take: the discard pile is empty.")


class CardNotHeldError(MoveError):
    key = "card_not_held"
    template = N_("{card} is not in your hand.")


class TakenCardDiscardError(MoveError):
    key = "taken_card_discard"
    template = N_("You have just taken {the_card} from the discard pile: it may not be thrown this turn.")


class KnockTooHighError(MoveError):
    key = "knock_too_high"
    template = N_("Knocking with {the_card} leaves {deadwood} in deadwood; knocking needs {limit} or less.")


class BigGinRulesError(MoveError):
    key = "big_gin_rules"
    template = N_("These rules have no big gin: with 11 melded cards, discard one and go gin.")


class NotAllMeldedError(MoveError):
    key = "not_all_melded"
    template = N_("Big gin needs all 11 cards in melds; these leave {deadwood} in deadwood.")


class BadDealerError(MoveError):
    key = "bad_dealer"
    template = N_("The dealer is player 0 or player 1, not {dealer}.")


class BadPlayerError(MoveError):
    key = "bad_player"
    template = N_("There are two players, 0 and 1, not {player}.")


class BadGameSeedError(MoveError):
    key = "bad_game_seed"
    template = N_("“{seed}” is not a game number: use a whole number from 0 to {most}.")


class UnknownBotLevelError(MoveError):
    key = "unknown_level"
    template = N_("There is no level called “{level}”. Choose one of: {choices}.")


class NothingToDecideError(MoveError):
    key = "nothing_to_decide"
    template = N_("There is nothing to decide: it is not this player's turn.")


class ImpossibleViewError(MoveError):
    key = "impossible_view"
    template = N_("This position cannot happen: the cards out of sight number {unseen}, but the opponent's hidden "
                  "cards and the stock come to {hidden}.")


class ViewFieldError(MoveError):
    key = "view_field"
    template = N_("This position cannot happen: its “{field}” is not one a game could show.")


class CardInTwoPlacesError(MoveError):
    key = "card_in_two_places"
    template = N_("This position cannot happen: {the_card} is in two places at once.")


class ListedMoveError(MoveError):
    key = "listed_move"
    template = N_("This position cannot happen: it offers a move its hand cannot play now: {move}.")


class MoveListedTwiceError(MoveError):
    key = "move_listed_twice"
    template = N_("This position cannot happen: it offers the same move twice: {move}.")
