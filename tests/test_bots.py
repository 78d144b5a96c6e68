"""The virtual player's levels, on views written out by hand (as another program would send them)."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.engine import melds
from tutor.engine.cards import mask_of, parse_cards
from tutor.engine.rules import OptionValue, load_ruleset
from tutor.engine.scoring import may_knock
from tutor.play import BOT_LEVELS, Bot, new_hand
from tutor.play.bots import evaluate
from tutor.play.bots.reading import declined_cards, read_view
from tutor.play.errors import BadGameSeedError, NothingToDecideError, UnknownBotLevelError
from tutor.play.hand import View

OPTIONS: dict[str, OptionValue] = {"knock_limit": 10, "target": 100}
"""The rules as a program that knows only two of them would send them: the others keep their defaults."""


def discard_view(hand: str, *, taken: str | None = None, pile: tuple[str, ...] = ("5C",), known: tuple[str, ...] = (),
                 events: tuple[tuple[str, str, str | None], ...] = (), stock: int = 25,
                 score: list[int] | None = None) -> View:
    """A view in the discard phase, its legal moves listed as the game would list them."""
    cards = hand.split()
    rules = load_ruleset("classic")
    allowed = [c for c in cards if c != taken]
    legal: list[list[str | None]] = [["discard", c] for c in allowed]
    legal += [["knock", c] for c in allowed if may_knock(parse_cards([x for x in cards if x != c]), rules)]
    return {"seat": 0, "phase": "discard", "hand": cards, "top_discard": pile[-1] if pile else None,
            "taken_upcard": taken, "discard_pile": list(pile), "opponent_known": list(known),
            "opponent_discards": [c for who, move, c in events if who == "opp" and move == "discard" and c],
            "events": [[*e] for e in events], "stock_size": stock, "turn": 4, "ruleset": "classic",
            "rules": OPTIONS, "legal": legal, "score": score}


def draw_view(hand: str, top: str, *, first: bool = False) -> View:
    legal: list[list[str | None]] = [["take", None], ["pass", None]] if first else [["take", None], ["stock", None]]
    return {"seat": 0, "phase": "first_upcard" if first else "draw", "hand": hand.split(), "top_discard": top,
            "taken_upcard": None, "discard_pile": [top], "opponent_known": [], "opponent_discards": [],
            "events": [], "stock_size": 31, "turn": 1, "ruleset": "classic", "rules": OPTIONS, "legal": legal,
            "score": None}


# --- The beginner: source 000's player ---------------------------------------------------------

def test_the_beginner_takes_an_upcard_that_forms_or_extends_a_meld_and_passes_one_that_does_not():
    # A♠ 2♠ 3♠ | 7♥ 7♦ | K♦ Q♣ J♥ 9♠ 5♦: 7♣ makes a set of 7s; 4♠ extends the run; 8♣ does neither.
    hand = "AS 2S 3S 7H 7D KD QC JH 9S 5D"
    beginner = Bot("beginner", 0)
    assert beginner.decide(draw_view(hand, "7C", first=True)) == ("take", None)
    assert beginner.decide(draw_view(hand, "4S")) == ("take", None)
    assert beginner.decide(draw_view(hand, "8C", first=True)) == ("pass", None)
    assert beginner.decide(draw_view(hand, "8C")) == ("stock", None)


def test_the_beginner_takes_an_upcard_that_lets_it_knock_at_once():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | Q♦: the upcard A♥ melds nowhere, but taking it and
    # discarding Q♦ leaves 1 in deadwood: a knock.
    assert Bot("beginner", 0).decide(draw_view("AS 2S 3S 7H 7D 7C KD KC KH QD", "AH")) == ("take", None)


def test_the_beginner_knocks_whenever_it_can_with_the_discard_that_leaves_least_deadwood():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 9♠ 5♦: knocking with 9♠ leaves 5; with 5♦, 9.
    assert Bot("beginner", 0).decide(discard_view("AS 2S 3S 7H 7D 7C KD KC KH 9S 5D")) == ("knock", "9S")


def test_the_beginner_discards_the_card_that_leaves_least_deadwood_the_higher_among_equals():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | Q♦ J♣ 9♥ 4♣ 2♦: the queen and the jack are worth 10 each; the queen is higher.
    assert Bot("beginner", 3).decide(discard_view("AS 2S 3S 7H 7D 7C QD JC 9H 4C 2D")) == ("discard", "QD")


def test_no_level_discards_the_card_just_taken_from_the_pile():
    # Q♦ was just taken: the highest card, but it may not go back this turn.
    view = discard_view("AS 2S 3S 7H 7D 7C QD JC 9H 4C 2D", taken="QD")
    for level in BOT_LEVELS:
        assert Bot(level, 0).decide(view) != ("discard", "QD")


# --- The intermediate: what the cards could become -------------------------------------------

def test_the_intermediate_keeps_a_two_way_card_and_drops_a_lone_card():
    # A♠ 2♠ 3♠ | 4♦ 4♣ 4♥ | Q♥ Q♠ J♥ | 9♣ 2♣ after the draw.
    # Q♥ is two-way (a set with Q♠, a run with J♥): the beginner throws it (the highest card);
    # the intermediate and the strong player keep it and the jack.
    view = discard_view("AS 2S 3S 4D 4C 4H QH QS JH 9C 2C", pile=("5C", "3D"))
    assert Bot("beginner", 0).decide(view) == ("discard", "QH")
    for level in ("intermediate", "strong"):
        assert Bot(level, 0).decide(view) not in {("discard", "QH"), ("discard", "JH")}


def test_the_intermediate_takes_a_low_upcard_for_a_lone_king_where_the_beginner_draws():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | 8♠ 8♣ | 2♦ K♣: 28 in deadwood. The upcard A♦ melds nowhere, so the
    # beginner draws from the stock. Taken for K♣ it brings the deadwood to 8+8+2+1 = 19 for certain
    # and keeps the pair of 8s; a stock card only does as much when it melds or is an ace or a 2.
    view = draw_view("AS 2S 3S 7H 7D 7C 8S 8C 2D KC", "AD")
    assert Bot("beginner", 0).decide(view) == ("stock", None)
    assert Bot("intermediate", 0).decide(view) == ("take", None)


def test_the_intermediate_leaves_a_high_upcard_that_melds_nowhere():
    # A♠ 2♠ 3♠ 4♠ | 7♥ 7♦ 7♣ | 5♦ 6♦ | K♣: Q♥ would only take the king's place, 10 for 10,
    # where a stock card that melds (4♦, 5♠) or any card below 10 would lower the deadwood.
    view = draw_view("AS 2S 3S 4S 7H 7D 7C 5D 6D KC", "QH")
    assert Bot("intermediate", 0).decide(view) == ("stock", None)


# --- The strong player: reading the opponent -------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_strong_player_does_not_feed_the_opponent_a_card_next_to_one_it_took(seed):
    # The opponent took 8♦ from the pile. We hold A♠ 2♠ 3♠ | 4♦ 4♣ 4♥ | 6♥ 6♠ | 9♦ 9♣ 2♣:
    # 9♦ and 9♣ are equal for our own hand, but 9♦ may make a run with the opponent's 8♦.
    view = discard_view("AS 2S 3S 4D 4C 4H 6H 6S 9D 9C 2C", pile=("5C", "2D"), known=("8D",),
                        events=(("opp", "take", "8D"), ("opp", "discard", "2D")))
    assert Bot("strong", seed).decide(view) == ("discard", "9C")


def test_what_the_opponent_declined_is_read_from_the_public_events():
    # The opponent passed on the upcard 9♥, we took it and threw K♠; the opponent drew from the
    # stock (leaving K♠), threw 3♦; we drew and threw 5♣; the opponent took 5♣ and threw 8♠.
    events: list[list[Any]] = [
        ["opp", "pass", "9H"], ["me", "take", "9H"], ["me", "discard", "KS"], ["opp", "stock", None],
        ["opp", "discard", "3D"], ["me", "stock", None], ["me", "discard", "5C"], ["opp", "take", "5C"],
        ["opp", "discard", "8S"]]
    assert [str(c) for c in declined_cards(events, parse_cards("9H")[0])] == ["9H", "KS"]


# --- Every level ------------------------------------------------------------------------------

def test_a_single_legal_move_is_played_and_no_move_is_asked_when_it_is_not_the_players_turn():
    view = draw_view("AS 2S 3S 7H 7D KD QC JH 9S 5D", "8C")
    view["legal"] = [["stock", None]]
    assert Bot("strong", 0).decide(view) == ("stock", None)
    view["legal"] = []
    with pytest.raises(NothingToDecideError):
        Bot("strong", 0).decide(view)


def test_a_level_or_seed_that_does_not_exist_is_named():
    with pytest.raises(UnknownBotLevelError) as error:
        Bot("grandmaster", 0)
    assert "beginner, intermediate, strong" in str(error.value)
    with pytest.raises(BadGameSeedError):
        Bot("beginner", -3)


def test_a_view_is_read_into_what_the_player_knows():
    table = read_view(discard_view("AS 2S 3S 7H 7D 7C QD JC 9H 4C 2D", pile=("5C", "KH"), known=("8D",)))
    # 52 cards - 11 in hand - 2 in the pile - 1 the opponent showed = 38 unseen; 9 hidden opponent cards.
    assert table.unseen.bit_count() == 38 and table.opponent_hidden == 9


# --- The strong player: timing the knock -------------------------------------------------------

KNOCK_WITH_NINE = "AS 2S 3S 7H 7D 7C KD KC KH 9S QD"
"""A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 9♠ Q♦ after the draw: throwing Q♦ leaves 9 in deadwood."""


def test_the_strong_player_knocks_with_high_deadwood_early_but_not_late_in_the_hand():
    early = discard_view(KNOCK_WITH_NINE, stock=29)
    late = discard_view(KNOCK_WITH_NINE, stock=12)
    assert Bot("strong", 0).decide(early) == ("knock", "QD")
    # Late, an undercut is likelier: it throws Q♦ and plays on for a lower knock, as the
    # intermediate does with 7 or more; the beginner knocks whenever it can.
    assert Bot("strong", 0).decide(late) == ("discard", "QD")
    assert Bot("intermediate", 0).decide(late) == ("discard", "QD")
    assert Bot("beginner", 0).decide(late) == ("knock", "QD")


KNOCK_WITH_FIVE = "AS 2S 3S 7H 7D 7C KD KC KH 5S QD"
"""A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 5♠ Q♦ after the draw: throwing Q♦ leaves 5 in deadwood."""


def test_the_intermediate_knocks_late_with_less_than_seven_and_the_strong_player_does_not():
    late = discard_view(KNOCK_WITH_FIVE, stock=12)
    assert Bot("intermediate", 0).decide(late) == ("knock", "QD")
    assert Bot("beginner", 0).decide(late) == ("knock", "QD")
    assert Bot("strong", 0).decide(late) == ("discard", "QD")
    # With 20 cards or more in the stock, the hand is not late yet for the intermediate.
    assert Bot("intermediate", 0).decide(discard_view(KNOCK_WITH_NINE, stock=20)) == ("knock", "QD")


def test_the_strong_player_knocks_at_once_when_the_score_of_the_game_is_close():
    # The opponent has 90 of 100: any hand it wins may end the game, so the strong player knocks.
    assert Bot("strong", 0).decide(discard_view(KNOCK_WITH_NINE, stock=12, score=[40, 90])) == ("knock", "QD")
    # We have 80: a knock may win the game.
    assert Bot("strong", 0).decide(discard_view(KNOCK_WITH_NINE, stock=12, score=[80, 30])) == ("knock", "QD")
    # Far from the target, late: it plays on.
    assert Bot("strong", 0).decide(discard_view(KNOCK_WITH_NINE, stock=12, score=[20, 30])) == ("discard", "QD")


def test_the_strong_player_plays_on_for_gin_with_very_low_deadwood_early():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | A♦ Q♦: throwing Q♦ leaves 1. Early it plays on for gin;
    # late it knocks.
    hand = "AS 2S 3S 7H 7D 7C KD KC KH AD QD"
    assert Bot("strong", 0).decide(discard_view(hand, stock=25)) == ("discard", "QD")
    assert Bot("strong", 0).decide(discard_view(hand, stock=10)) == ("knock", "QD")


def test_the_planning_players_weigh_deadwood_as_the_engine_counts_it():
    # The players read deadwood through the analysis' compiled (else remembered) functions.
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | Q♣ J♥ 9♠ 5♦: deadwood 10 + 10 + 9 + 5 = 34.
    ten = mask_of(parse_cards("AS 2S 3S 7H 7D 7C QC JH 9S 5D"))
    # With K♦ drawn the best discard is the K♦ itself (or the Q♣ or J♥): 34 again.
    eleven = ten | mask_of(parse_cards("KD"))
    assert evaluate.min_deadwood(ten) == 34
    assert evaluate.min_deadwood_after_discard(eleven) == 34
    # 4♠ drawn extends the run: the best discard then is the Q♣ or J♥, leaving 10 + 9 + 5 = 24.
    assert evaluate.min_deadwood_after_discard(ten | mask_of(parse_cards("4S"))) == 24
    assert [card.symbol for _, card in evaluate.discard_order(eleven)[:3]] == ["K♦", "Q♣", "J♥"]


def test_the_planning_players_play_the_same_moves_with_the_engines_own_deadwood(monkeypatch):
    def moves() -> list[tuple[str, str | None]]:
        played = []
        for seed in (3, 4):
            hand, bots = new_hand(load_ruleset("classic"), seed), (Bot("strong", 1), Bot("intermediate", 2))
            while hand.to_move is not None:
                move = bots[hand.to_move].decide(hand.view(hand.to_move))
                played.append(move)
                hand = hand.apply(move)
        return played
    fast = moves()
    monkeypatch.setattr(evaluate, "deadwood_functions", lambda: (melds.min_deadwood, melds.discard_reach))
    assert moves() == fast and len(fast) > 20


def test_every_level_is_whole_in_the_registry_and_nowhere_else():
    # Each level of tutor/play/levels.py has a way to play, a model and both calibrations, its name
    # and note translated in every language, and its strength measured (the beginner is the ladder's
    # first step); the levels the bots, the analysis and the page offer are the registry's, in order.
    from tutor.language.i18n import LANGUAGES, Translator
    from tutor.language.play_text import bot_level_name, bot_level_note
    from tutor.play.bots.strength import LADDER
    from tutor.play.levels import LEVELS
    from tutor.play.opponents import history_waste, opponent_policy
    from tutor.play.simulate import Policy

    assert BOT_LEVELS == ("beginner", "intermediate", "strong", "expert") == tuple(LEVELS)
    for name, level in LEVELS.items():
        assert level.name == name and level.plays in ("rule", "plans", "checks")
        assert isinstance(opponent_policy(name), Policy) and opponent_policy(name) is level.model
        assert 0 < history_waste(name) <= 1 and 0 < level.temper <= 1
        assert (name in LADDER) == (name != "beginner")
        for language in LANGUAGES:
            tr = Translator(language)
            assert bot_level_name(name, tr) and bot_level_note(name, tr)
            if language != "en":
                assert bot_level_note(name, tr) != level.note, f"{name}'s note is not translated into {language}"
        assert Bot(name, 0).level == name
    assert [LADDER[n].below for n in BOT_LEVELS[1:]] == list(BOT_LEVELS[:-1])
