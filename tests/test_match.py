"""A learner's game against the virtual player, the hand review with source 001's tips, positions
as codes, and the "which card to throw" drill made from them. Hands drawn in the comments."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import pytest
from test_play import table

from tutor.drills import check, generate, hints, model_answer, position_puzzle, puzzle_of
from tutor.drills.kinds.discard import STAGES, accepted, level_of_turn
from tutor.engine.cards import mask_of, parse_card, parse_cards
from tutor.engine.melds import HandAnalysis, min_deadwood
from tutor.engine.rules import load_ruleset
from tutor.play.bots import Bot
from tutor.play.bots.evaluate import discard_order
from tutor.play.bots.reading import Table, read_view
from tutor.play.coach import coach_hint, coach_move, judge
from tutor.play.debrief import Departure, TipReview, agreement, difference, review_tips
from tutor.play.errors import MustDrawStockError, UnknownBotLevelError, UpcardDecisionError
from tutor.play.hand import View
from tutor.play.match import LEARNER, VIRTUAL, Decision, Played, replay, start_match
from tutor.play.moves import Move
from tutor.play.positions import PositionError, decode_view, encode_view
from tutor.play.tips import TIPS, check_tips, cold_suits, could_join_set_and_run, follows, is_lone, tip_verdict
from tutor.progress.review import DrillItem

# --- The match ------------------------------------------------------------------------------------

def test_the_virtual_player_may_end_a_hand_before_the_learner_moves():
    # Game 777, classic: the learner deals. The virtual player, offered the upcard 9♦, holds
    # J♠ A♣ A♦ 3♥ 9♥ 9♠ J♦ 9♣ J♣ 8♠: it takes the 9♦, throws the 8♠ and knocks with A♣ A♦ 3♥ = 5.
    match = start_match(load_ruleset("classic"), 777, "beginner")
    assert match.moves == (Played(VIRTUAL, 0, ("take", None), parse_card("9D")),
                           Played(VIRTUAL, 0, ("knock", parse_card("8S"))))
    assert len(match.game.played) == 1 and match.game.totals.points == {"A": 0, "B": 37}
    assert match.decisions == ()


def test_each_learner_move_is_answered_by_the_virtual_player_up_to_the_learner_next_decision():
    # Game 12345, classic: the virtual player deals; the learner holds
    # 2♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ 2♣ Q♣ and is offered the 5♠.
    match = start_match(load_ruleset("classic"), 12345, "beginner")
    assert match.learner_to_move and match.view()["phase"] == "first_upcard" and match.moves == ()
    after = match.play(("pass", None))
    # The beginner passes the 5♠ too; the learner must now draw from the stock.
    assert [(p.player, p.move) for p in after.moves] == [(LEARNER, ("pass", None)), (VIRTUAL, ("pass", None))]
    assert after.view()["legal"] == [["stock", None]]
    drawn = after.play(("stock", None))
    assert drawn.view()["phase"] == "discard" and "KD" in drawn.view()["hand"]
    # Each decision keeps the view it was made on; the coach's verdict on it measures against the
    # level played, the beginner.
    first = drawn.decisions[0]
    assert first.view["phase"] == "first_upcard" and first.move == ("pass", None)
    assert first.judgement == judge(first.view, ("pass", None), "beginner")
    assert first.judgement.opponent == "beginner"
    assert first.advice.move == first.judgement.coach == coach_hint(first.view, "beginner").move
    assert first.agreed == (first.judgement.grade == "best")


def test_an_illegal_move_raises_and_leaves_the_match_as_it_was():
    match = start_match(load_ruleset("classic"), 12345, "beginner")
    with pytest.raises(UpcardDecisionError):
        match.play(("discard", "QC"))
    with pytest.raises(MustDrawStockError):  # both passed the 5♠: only the stock is left
        match.play(("pass", None)).play(("take", None))
    assert match.moves == () and match.decisions == ()


def test_an_unknown_level_is_refused_before_anything_is_dealt():
    with pytest.raises(UnknownBotLevelError):
        start_match(load_ruleset("classic"), 1, "grandmaster")


def play_hints_until_a_hand_ends(match):
    """The learner plays the strong player's moves until the first hand is over."""
    while not match.game.played:
        match = match.play(Bot("strong", match.seed).move(match.view()))
    return match


def test_a_learner_knock_ends_the_hand_and_the_virtual_player_waits_for_next_hand():
    # Game 7, classic, against the strong player: the learner, following the hints, knocks with the
    # 14th move of the hand (throwing the 6♠). The dealer alternates, so the learner deals hand 2
    # and the virtual player, offered the upcard first, moves once the learner asks for the next hand.
    match = play_hints_until_a_hand_ends(start_match(load_ruleset("classic"), 7, "strong"))
    assert match.moves[-1] == Played(LEARNER, 0, ("knock", parse_card("6S")))
    assert len(match.moves) == 14 and all(p.hand == 0 for p in match.moves)
    assert match.game.hand.dealer == LEARNER and not match.learner_to_move
    opened = match.next_hand()
    assert [p.player for p in opened.moves[14:]] == [VIRTUAL] and opened.moves[14].hand == 1
    assert opened.learner_to_move


def test_a_void_hand_is_dealt_again_by_the_same_dealer_and_waits_for_next_hand():
    # Game 137, classic: the learner's discard of the 8♦ leaves two cards in the stock: the hand is
    # void; the learner dealt it and deals again, so the virtual player opens hand 2.
    match = play_hints_until_a_hand_ends(start_match(load_ruleset("classic"), 137, "strong"))
    assert match.moves[-1] == Played(LEARNER, 0, ("discard", parse_card("8D")))
    assert match.game.played[0].result == "void" and match.game.hand.dealer == LEARNER
    assert not any(p.hand == 1 for p in match.moves)
    assert any(p.hand == 1 for p in match.next_hand().moves)


def test_a_saved_game_is_rebuilt_from_the_learner_moves_alone():
    match = start_match(load_ruleset("short"), 99, "intermediate")
    for _ in range(25):
        if match.game.over:
            break
        if not match.learner_to_move:
            match = match.next_hand()
            continue
        match = match.play(match.view()["legal"][0])
    rebuilt = replay(load_ruleset("short"), 99, "intermediate", match.learner_moves())
    assert rebuilt.moves == match.moves
    assert rebuilt.view() == match.view()
    assert [d.move for d in rebuilt.decisions] == [d.move for d in match.decisions]


# --- After a hand: differences and source 001's tips ----------------------------------------------

def decision(mover: str, move: tuple[str, str | None], *, phase: str = "discard", pile: str = "5C",
             taken: str | None = None, ruleset: str = "classic") -> Decision:
    """The learner (player 0) at a decision; the opponent holds cards that touch none of the mover's."""
    hand = table(ruleset, mover, "2H 3H 4H 5H 6H 8H 10H JH QH KH", pile, "AH 7S 8S 9S 10S JS QS KS AC 2C 3C",
                 phase=phase, taken=taken)
    view = hand.view(0)
    return Decision(0, view, hand_move(move))


def hand_move(move: tuple[str, str | None]):
    kind, card = move
    return kind, parse_card(card) if card else None


@dataclass(frozen=True)
class Decided:
    """A decision as the tips' checks read it."""

    table: Table
    move: Move


def verdict(tip: str, d: Decision) -> tuple[tuple[int, ...], tuple[int, ...]]:
    found = next(c for c in check_tips([d]) if c.tip == tip)
    return found.turns, found.broken


def test_lone_and_double_use_cards_are_named_as_001_means_them():
    # 7♥ beside 7♦ and 6♥ serves a set and a run; K♦ with no king and no Q♦ or J♦ is lone.
    hand = mask_of(parse_cards("7H 7D 6H KD 4C 6C"))
    assert could_join_set_and_run(parse_card("7H"), hand) and not could_join_set_and_run(parse_card("7D"), hand)
    assert is_lone(parse_card("KD"), hand) and not is_lone(parse_card("6H"), hand)


FACES = "AS 2S 3S 7S 7D 7C KD 4C 9D 2D 6C"
# Melds A♠ 2♠ 3♠ and 7♠ 7♦ 7♣; loose: K♦ (a lone face card), 4♣, 9♦, 2♦, 6♣.


def test_faces_first_is_followed_when_the_lone_face_card_goes():
    assert verdict("faces_first", decision(FACES, ("discard", "KD"))) == ((1,), ())


def test_faces_first_is_broken_when_a_low_card_goes_and_the_lone_face_card_stays():
    assert verdict("faces_first", decision(FACES, ("discard", "4C"))) == ((1,), (1,))


DOUBLE = "AS 2S 3S 4S KD KC KS 7H 7D 6H JC"
# Melds A♠ 2♠ 3♠ 4♠ and K♦ K♣ K♠; loose: 7♥ (with 7♦ and 6♥: two uses), 7♦, 6♥, J♣.


def test_double_use_cards_are_kept_when_a_plain_card_goes():
    assert verdict("keep_double_use", decision(DOUBLE, ("discard", "JC"))) == ((1,), ())
    assert verdict("keep_double_use", decision(DOUBLE, ("discard", "7H"))) == ((1,), (1,))


def test_the_pile_is_taken_only_for_a_card_that_melds():
    # 9♠ 9♦ in hand: the 9♣ on the pile makes a set; the K♣ melds with nothing.
    holding = "9S 9D AS 2D 4C 6H 8D JS QD 3C"
    assert verdict("take_to_meld", decision(holding, ("take", None), phase="draw", pile="9C")) == ((1,), ())
    assert verdict("take_to_meld", decision(holding, ("take", None), phase="draw", pile="KC")) == ((1,), (1,))
    assert verdict("take_to_meld", decision(holding, ("stock", None), phase="draw", pile="KC")) == ((), ())


KNOCK_AT_EIGHT = "AS 2S 3S 7S 7D 7C 9D 9C 9H 8D QH"
# Melds A♠ 2♠ 3♠, 7♠ 7♦ 7♣, 9♦ 9♣ 9♥; loose 8♦ and Q♥: throw the Q♥ and 8 is left.


def test_no_knock_above_five_before_the_tenth_turn_and_waiting_at_eight():
    knocked = decision(KNOCK_AT_EIGHT, ("knock", "QH"))
    assert verdict("no_early_knock", knocked) == ((1,), (1,))
    assert verdict("wait_at_eight", knocked) == ((1,), (1,))
    waited = decision(KNOCK_AT_EIGHT, ("discard", "QH"))
    assert verdict("no_early_knock", waited) == ((), ())
    assert verdict("wait_at_eight", waited) == ((1,), ())


def test_a_low_knock_follows_both_knock_tips():
    # Melds as above and loose 2♦ A♦ with the Q♥ thrown: a knock with 3.
    low = decision("AS 2S 3S 7S 7D 7C 9D 9C 9H 2D QH", ("knock", "QH"))
    assert verdict("no_early_knock", low) == ((1,), ())
    assert verdict("wait_at_eight", low) == ((), ())
    assert [c.tip for c in check_tips([low])] == list(TIPS)


def test_a_difference_counts_the_deadwood_the_learner_choice_leaves_beyond_the_strong_player():
    # FACES: the strong player throws the K♦ (deadwood 4+9+2+6 = 21); throwing the 4♣ leaves 27.
    d = decision(FACES, ("discard", "4C"))
    assert d.advice.move == ("discard", parse_card("KD"))
    diff = difference(d)
    assert diff is not None and (diff.learner_after, diff.strong_after, diff.cost) == (27, 21, 6)
    assert difference(decision(FACES, ("discard", "KD"))) is None
    assert agreement([d, decision(FACES, ("discard", "KD"))]) == 0.5 and agreement([]) is None


# --- Positions and the "which card to throw" drill ------------------------------------------------

def test_a_position_code_gives_back_the_same_view():
    view = decision(FACES, ("discard", "KD")).view
    code = encode_view(view)
    assert ":" not in code and decode_view(code) == view


@pytest.mark.parametrize("code", ["", "abc", "%%%", "eJzLSM3JyQcABiwCFQ", "A" * 5000])
def test_a_damaged_position_code_says_so(code):
    with pytest.raises(PositionError):
        decode_view(code)


def test_a_position_of_the_learners_game_is_graded_by_the_coachs_analysis_against_the_level_played():
    # Game 12345, classic, against the beginner: the learner takes the 5♠ and holds 2♠ 5♠ 6♠ 10♠ A♥
    # 3♥ J♥ 6♦ 10♦ 2♣ Q♣. The coach, measuring against the beginner (the position's code says so),
    # throws the 3♥ (62 points of deadwood left, and every card that could still meld kept); the J♥,
    # the A♥ and the Q♣ are within a point of it (0.49, 0.54 and 0.58 ± 0.13); the 6♠ breaks the
    # 5♠ 6♠ just made: it leaves less deadwood (59), but gives up 6.0 points.
    match = start_match(load_ruleset("classic"), 12345, "beginner").play(("take", None))
    puzzle = position_puzzle(encode_view(match.view(), "beginner"), 12345)
    assert puzzle.properties["opponent"] == "beginner"
    # Opened again (and reviewed) by its code, never by the game's number as if it were a made puzzle's.
    assert puzzle.from_game and puzzle.address == {"drill": "discard", "position": puzzle.position, "rules": "classic"}
    assert model_answer(puzzle) == "3H" and check(puzzle, "3H").correct
    assert check(puzzle, "QC").correct and check(puzzle, "JH").correct
    wrong = check(puzzle, "6S")
    assert not wrong.correct and wrong.mistake == "less_promise" and wrong.expected == "3H"
    assert wrong.remarks[0].params["n"] == 59 and wrong.remarks[0].params["loss"] > 5
    assert wrong.remarks[1].params == {"card": parse_card("3H"), "n": 62}
    # A code made before positions named their opponent is measured against the strong player.
    assert position_puzzle(encode_view(match.view()), 12345).properties["opponent"] == "strong"


def test_a_hand_written_position_that_cannot_be_sampled_is_graded_by_the_strong_player():
    # The views of ``decision`` leave cards out of the deck: the analysis cannot deal the hidden cards.
    view = decision(FACES, ("discard", "KD")).view
    puzzle = position_puzzle(encode_view(view))
    assert puzzle.kind == "discard" and puzzle.level == "easy" and puzzle.ruleset == "classic"
    assert model_answer(puzzle) == "KD" and check(puzzle, "KD").correct
    wrong = check(puzzle, "4C")
    assert not wrong.correct and wrong.mistake == "more_deadwood" and wrong.expected == "KD"
    # The verdict explains the ten cards kept: K♦ thrown, deadwood 4 + 9 + 2 + 6 = 21.
    assert isinstance(wrong.result, HandAnalysis) and wrong.result.deadwood == 21
    assert len(hints(puzzle)) == 3


def test_the_card_just_taken_may_not_be_the_answer():
    # The learner took the 2♦ from the pile: throwing it back is not allowed this turn.
    view = decision(FACES, ("discard", "KD"), taken="2D").view
    assert check(position_puzzle(encode_view(view)), "2D").mistake == "taken_card"


def test_a_game_position_goes_into_review_and_comes_back_as_the_same_puzzle():
    code = encode_view(decision(FACES, ("discard", "KD")).view)
    item = DrillItem("discard", "easy", "classic", 0, code)
    parsed = DrillItem.parse(item.format())
    assert parsed == item
    puzzle = puzzle_of(parsed.kind, parsed.seed, parsed.level, load_ruleset(parsed.ruleset), parsed.position)
    assert sorted(puzzle.cards) == sorted(parse_cards(FACES)) and model_answer(puzzle) == "KD"


def test_a_draw_position_is_not_a_discard_puzzle():
    view = decision("9S 9D AS 2D 4C 6H 8D JS QD 3C", ("take", None), phase="draw", pile="9C").view
    with pytest.raises(PositionError):
        position_puzzle(encode_view(view))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("ruleset", ["classic", "spanish"])
def test_generated_discard_puzzles_have_their_level(level, ruleset):
    for seed in range(6):
        puzzle = generate("discard", seed, level, load_ruleset(ruleset))
        view = decode_view(puzzle.position)
        table_ = read_view(view)
        assert view["phase"] == "discard" and len(puzzle.cards) == 11 and view["turn"] in STAGES[level]
        best, good = accepted(table_, view)
        least = discard_order(table_.hand, keep=table_.taken)[0][0]
        plain = min_deadwood(table_.hand & ~best.bit) == least
        assert plain == (level != "hard")
        assert check(puzzle, str(best)).correct
        assert level_of_turn(view["turn"]) in ("easy", "medium", "hard")


# --- 001's tips reconciled with the coach -----------------------------------------------------------

PICKUPS_HAND = "AS 2S 3S 7S 7D 7C 9D 9C 9H 2D QH"
# Melds A♠ 2♠ 3♠, 7♠ 7♦ 7♣, 9♦ 9♣ 9♥; loose 2♦ and Q♥: throw the Q♥ and knock with 2.


def tip_table(mover: str, *, known: str = "", thrown: tuple[str, ...] = ()):
    """Player 0 to discard, player 1 holding 4♥ 5♥ 6♥ J♦ J♠ 8♣ 10♣ K♠ K♣ 5♦, of which ``known`` were
    taken from the pile, and ``thrown`` the cards it threw."""
    from test_analysis import table as analysis_table
    events = tuple((1, "discard", card) for card in thrown)
    hand = analysis_table("classic", mover, "4H 5H 6H JD JS 8C 10C KS KC 5D", "KH", phase="discard",
                          known=known, events=events)
    return read_view(hand.view(0))


def test_knocking_early_follows_the_tip_when_the_opponent_takes_many_discards():
    fast = tip_table(PICKUPS_HAND, known="JD JS")  # it took two cards from the pile
    assert tip_verdict("time_by_pickups", Decided(fast, hand_move(("knock", "QH")))) is True
    assert tip_verdict("time_by_pickups", Decided(fast, hand_move(("discard", "QH")))) is False
    assert follows("time_by_pickups", fast, hand_move(("discard", "QH"))) == hand_move(("knock", "QH"))
    slow = tip_table(PICKUPS_HAND, known="JD")  # one card only: the tip does not apply
    assert tip_verdict("time_by_pickups", Decided(slow, hand_move(("discard", "QH")))) is None


def test_a_knock_with_more_than_a_little_is_not_judged_by_the_pickups_tip():
    # A♠ 2♠ 3♠, 7♠ 7♦ 7♣, Q♠ Q♦ Q♣; loose 9♥ and K♦: the best knock throws the K♦ and keeps 9.
    # The opponent took three cards from the pile (J♦ J♠ K♠), but 001's tip is to knock early
    # *with little deadwood* (5 or less, our reading): here it does not speak, and the tip about
    # knocks with 8 to 10 says wait. The two tips never judge one knock in opposite ways.
    fast = tip_table("AS 2S 3S 7S 7D 7C QS QD QC 9H KD", known="JD JS KS")
    knock = Decided(fast, hand_move(("knock", "KD")))
    assert tip_verdict("time_by_pickups", knock) is None
    assert tip_verdict("time_by_pickups", Decided(fast, hand_move(("discard", "KD")))) is None
    assert tip_verdict("wait_at_eight", knock) is False


def test_a_meld_card_of_a_suit_the_opponent_keeps_throwing_is_no_safe_throw():
    # The opponent threw the 6♣ and J♣; every club the mover holds (A♣ 2♣ 3♣) is in a meld:
    # the tip offers no loose card of that suit to throw, so it does not apply.
    held = tip_table("AC 2C 3C 7S 7D 7H 9D 9S 9H QH 4D", thrown=("6C", "JC"))
    assert cold_suits(held) == {"C"}
    assert tip_verdict("watch_discards", Decided(held, hand_move(("discard", "AC")))) is None
    assert tip_verdict("watch_discards", Decided(held, hand_move(("discard", "QH")))) is None


def test_a_suit_the_opponent_keeps_throwing_is_the_safe_throw():
    # The opponent threw two clubs (3♣ and 6♣); the mover, with loose 8♦ Q♥ 4♣ J♣ ... throws from hearts or clubs.
    holding = "AS 2S 3S 7S 7D 7C 9D 9C 9H QH 4C"
    cold = tip_table(holding, thrown=("3C", "6C"))
    assert cold_suits(cold) == {"C"}
    assert tip_verdict("watch_discards", Decided(cold, hand_move(("discard", "4C")))) is True
    assert tip_verdict("watch_discards", Decided(cold, hand_move(("discard", "QH")))) is False
    assert follows("watch_discards", cold, hand_move(("discard", "QH"))) == hand_move(("discard", "4C"))
    # One club thrown is not yet a pattern.
    assert tip_verdict("watch_discards", Decided(tip_table(holding, thrown=("3C",)), hand_move(("discard", "QH")))) \
        is None


@pytest.mark.parametrize("ruleset", ["classic", "short", "spanish"])
def test_a_learner_who_follows_every_hint_is_never_told_a_tip_was_not_followed(ruleset):
    # Game 22 under each ruleset, the learner playing the coach's hints for two hands against the
    # strong player: every departure from a tip is the coach's, approved, and measured; under each
    # ruleset the coach departs from a tip at least once (it keeps cards of a suit the opponent
    # keeps throwing, or a card that works twice). (Game 21's two Spanish hands have no departure
    # since the coach leads with the tip's move where it cannot tell two moves apart.)
    match = start_match(load_ruleset(ruleset), 22, "strong")
    while len(match.game.played) < 2 and not match.game.over:
        match = match.play(coach_move(match.view(), match.level)) if match.learner_to_move else match.next_hand()
    departures = 0
    for hand in range(len(match.game.played)):
        for review in review_tips([d for d in match.decisions if d.hand == hand]):
            for departure in review.departures:
                departures += 1
                assert departure.approved, (ruleset, hand, review.tip, departure)
                assert departure.gain is not None
    assert all(d.agreed for d in match.decisions)
    assert departures > 0


@pytest.mark.parametrize("departure, english", [
    (Departure(4, hand_move(("discard", "QH")), hand_move(("discard", "4C")), 2.25, True, 0.5),
     "A suit your opponent keeps throwing is a suit they are not building: "
     "on turn 4 the coach departs from it: its move is worth "
     "2.2 points more than “Throw the 4♣”."),
    # Within two standard errors: the coach's move and the tip's are not told apart (never "the coach
    # departs from it" while the tip's move is valued higher).
    (Departure(4, hand_move(("discard", "QH")), hand_move(("discard", "4C")), -0.4, True, 0.6),
     "A suit your opponent keeps throwing is a suit they are not building: "
     "on turn 4 the coach's move and the tip's, “Throw the "
     "4♣”, are as good, within what the analysis can tell."),
    (Departure(4, hand_move(("discard", "QH")), hand_move(("discard", "4C")), -0.4, False, 0.6),
     "A suit your opponent keeps throwing is a suit they are not building: "
     "not followed on turn 4; the tip's move, “Throw the 4♣”, "
     "was as good, within what the analysis can tell."),
    (Departure(4, hand_move(("discard", "QH")), hand_move(("discard", "4C")), -3.0, False, 0.8),
     "A suit your opponent keeps throwing is a suit they are not building: "
     "not followed on turn 4: “Throw the 4♣” was worth 3.0 "
     "points more."),
    (Departure(4, hand_move(("discard", "QH")), hand_move(("discard", "4C")), 1.0, False, 0.3),
     "A suit your opponent keeps throwing is a suit they are not building: "
     "not followed on turn 4, and rightly: “Throw the 4♣” was "
     "worth 1.0 points less."),
])
def test_a_departure_from_a_tip_is_told_with_its_numbers(departure, english):
    from tutor.language.i18n import Translator
    from tutor.language.play_text import tip_review_lines
    review = TipReview("watch_discards", (4,), (departure,))
    assert tip_review_lines(review, {}, Translator("en")) == [english]
    [spanish] = tip_review_lines(review, {}, Translator("es"))
    assert spanish.startswith("Un palo que el rival no para de tirar es un palo con el que no construye nada: ")


def test_a_games_accuracy_is_that_of_its_judged_decisions_forced_moves_left_out():
    # Three decisions judged: the coach's own move (loss 0), one graded best within what the analysis
    # can tell (counted as 0), one that gives up 5 ± 1 points (4 after the benefit of the doubt:
    # 100·e^-1 = 36.79); and a forced move (one legal move), left out. Arithmetic mean 78.93,
    # harmonic 3 / (1/100 + 1/100 + 1/36.79) = 63.58: the accuracy is their mean, 71.26.
    from tutor.play.coach import Judgement
    from tutor.play.match import JUDGEMENT, Decision, decisions_accuracy

    def judged(move, coach, loss, stderr, legal=2):
        decision = Decision(0, cast(View, {"legal": [["discard", "AS"], ["discard", "2S"]][:legal]}), move)
        decision.__dict__[JUDGEMENT] = Judgement(move, coach, loss, stderr)
        return decision

    same, close = ("discard", "AS"), ("discard", "2S")
    decisions = [judged(same, same, 0.0, 0.0), judged(close, same, 0.4, 0.5), judged(close, same, 5.0, 1.0),
                 judged(same, same, 0.0, 0.0, legal=1)]
    score = decisions_accuracy(decisions)
    assert score is not None and round(score, 2) == 71.26
    assert decisions_accuracy(decisions[3:]) is None


def judged_decision(mover: str, move: tuple[str, str | None], coach: tuple[str, str | None], loss: float,
                    stderr: float) -> Decision:
    """A decision of ``mover``'s eleven cards (see :func:`decision`), with the coach's verdict set."""
    from tutor.play.coach import Judgement
    from tutor.play.match import JUDGEMENT
    made = decision(mover, move)
    made.__dict__[JUDGEMENT] = Judgement(hand_move(move), hand_move(coach), loss, stderr)
    return made


# A♠ 2♠ 3♠, 7♦ 8♦ 9♦, J♣ Q♣ K♣ melded, 5♦ and 4♣ loose: throwing the 5♦ leaves 4, enough to knock.
KNOCKABLE = "AS 2S 3S 7D 8D 9D JC QC KC 5D 4C"


def test_a_knock_where_the_coach_plays_on_with_the_same_card_is_told_as_a_knock():
    # The learner throws the 5♦ and knocks with 4; the coach throws it and plays on: the verdict names
    # the knock, not only the card both threw (the review's "the same deadwood, with better chances").
    from tutor.language.i18n import Translator
    from tutor.language.play_text import verdict_line
    knocked = judged_decision(KNOCKABLE, ("knock", "5D"), ("discard", "5D"), 20.6, 2.0)
    assert verdict_line(knocked, Translator("en")) == (
        "Blunder (gives up 20.6 ± 2.0 points): The coach would have thrown the 5♦ and played on: a knock with 4 "
        "points risked an undercut.")
    assert verdict_line(knocked, Translator("es")).endswith(
        "El entrenador habría descartado el 5♦ y seguido jugando: cerrar con 4 puntos exponía a un contragolpe.")
    # The other way round: the coach knocks where the learner played on.
    waited = judged_decision(KNOCKABLE, ("discard", "5D"), ("knock", "5D"), 3.1, 0.4)
    assert verdict_line(waited, Translator("en")) == (
        "Mistake (gives up 3.1 ± 0.4 points): The coach would have thrown the 5♦ and knocked with 4 points: waiting "
        "gave the opponent the time to get down too.")
    # With 2 or less the coach's reason is gin: A♠ 2♠ 3♠, 7♦ 8♦ 9♦, J♣ Q♣ K♣ and A♦ 4♣: the 4♣ leaves 1.
    for_gin = judged_decision("AS 2S 3S 7D 8D 9D JC QC KC AD 4C", ("knock", "4C"), ("discard", "4C"), 9.0, 1.0)
    assert verdict_line(for_gin, Translator("en")).endswith(
        "The coach would have thrown the 4♣ and played on: with 1 point left, going for gin was worth more than the "
        "knock.")


def test_a_tip_followed_where_the_coach_prefers_another_move_is_said_in_the_tips_review():
    # A♠ 2♠ 3♠, 7♦ 8♦ 9♦, 4♣ 5♣ 6♣ melded; the K♦ stands alone, the 5♠ loose. The learner throws
    # the K♦, as "face cards first" says; the coach throws the 5♠, and grades the K♦ an inaccuracy
    # (1.4 ± 0.1): the tips review says the tip was followed there, what it gave up and why.
    from tutor.language.i18n import Translator
    from tutor.language.play_text import tip_review_lines
    followed = judged_decision("AS 2S 3S 7D 8D 9D 4C 5C 6C KD 5S", ("discard", "KD"), ("discard", "5S"), 1.4, 0.1)
    [faces] = [r for r in review_tips([followed]) if r.tip == "faces_first"]
    assert faces.turns and not faces.departures and [o.loss for o in faces.overruled] == [1.4]
    lines = tip_review_lines(faces, {}, Translator("en"))
    assert len(lines) == 2 and lines[0].endswith(": followed (1 time).")
    assert lines[1] == ("Throw face cards first: followed on turn 1, and here the coach prefers another move: the "
                        "tip's gives up 1.4 ± 0.1 points. The coach would have thrown the 5♠: 5 points more deadwood "
                        "now, for better chances.")
    assert tip_review_lines(faces, {}, Translator("es"))[1].split(": ", 1)[1].startswith(
        "seguido en el turno 1, pero aquí el entrenador prefiere otra jugada")
