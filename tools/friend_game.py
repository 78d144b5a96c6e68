"""Two players at a Play a friend table, for the deployment test and the friend-games benchmark: a
whole game's moves worked out beforehand (the strong virtual player's in both seats, so that a chosen
deal ends in a known number of moves), each move clicked on its player's table as a learner would,
and the cards a seat's page must never receive while a hand is played."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from tutor.engine.cards import Card
from tutor.engine.rules import load_ruleset
from tutor.play.bots import Bot
from tutor.play.game import new_game
from tutor.play.moves import Move


@dataclass(frozen=True)
class Step:
    """One move of a planned game: who makes it, in which hand (from 0), the move."""

    seat: int
    hand: int
    move: Move


def planned_game(ruleset: str, seed: int) -> tuple[list[Step], list[tuple[set[Card], set[Card]]]]:
    """The strong virtual player's moves in both seats for game ``seed``, to its end; and, for each
    hand, each seat's cards that stayed hidden from the other player the whole hand (dealt to it and
    still held when the hand ended: neither taken from the pile nor thrown)."""
    game = new_game(load_ruleset(ruleset), seed)
    bots = (Bot("strong", seed), Bot("strong", seed + 1))
    steps: list[Step] = []
    hidden: list[tuple[set[Card], set[Card]]] = []
    dealt = (set(game.hand.cards[0]), set(game.hand.cards[1]))
    while not game.over:
        seat = game.to_move
        assert seat is not None
        number = len(game.played)
        move = bots[seat].move(game.view(seat))
        steps.append(Step(seat, number, move))
        game = game.apply(move)
        if len(game.played) > number:  # the hand ended: what each seat kept hidden in it
            ended = game.played[-1]
            hidden.append((dealt[0] & set(ended.cards[0]), dealt[1] & set(ended.cards[1])))
            dealt = (set(game.hand.cards[0]), set(game.hand.cards[1]))
    return steps, hidden


def click_move(page: Any, move: Move) -> None:
    """Make ``move`` on the table as a learner does: the pile or the stock, Pass, Big gin, a card of
    the hand (Knock pressed first for a knock)."""
    kind, card = move
    if kind == "pass":
        page.click("button[data-action='pass']:not([disabled])")
    elif kind == "take":
        page.click("button[data-pile='discard']:not([disabled])")
    elif kind == "stock":
        page.click("button[data-pile='stock']:not([disabled])")
    elif kind == "big_gin":
        page.click("button[data-action='big_gin']:not([disabled])")
    else:
        assert card is not None
        if kind == "knock":
            page.click("button[data-action='knock'][aria-pressed='false']:not([disabled])")
            page.locator("button[data-action='knock'][aria-pressed='true']").wait_for()
        page.click(f".gt-row button.gt-card[data-id='{card}']:not([disabled])")


def card_ids_in(payload: str | bytes, cards: set[Card]) -> set[Card]:
    """The cards of ``cards`` that a message from the server names as the table's data does (a
    card's ``"id"``)."""
    text = payload.decode("latin-1") if isinstance(payload, bytes) else payload
    return {c for c in cards if re.search(r'\\?"id\\?":\s*\\?"' + re.escape(str(c)) + r'\\?"', text)}
