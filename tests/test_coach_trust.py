"""A coach worth trusting: the audit's positions as named cases, the opponent's history as its level
plays, verdicts decided on the evidence, and a hint its own numbers never contradict.

The views in ``tests/views`` are the audit's (``shared/reviews/analysis-2026-12-01b.md``, appendix):
positions from the bots' games, one JSON view each.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

import pytest
from test_analysis import THROWN, table

from tutor.engine.cards import parse_card
from tutor.engine.rules import load_ruleset
from tutor.language.i18n import Translator
from tutor.language.play_text import accuracy_line, hint_value_text
from tutor.play import Bot
from tutor.play.analysis import (
    HistorySampler,
    analyze_decision,
    exact_values,
    hidden_of,
    history_odds,
    one_ply_values,
    sampler_for,
)
from tutor.play.bots.reading import read_view
from tutor.play.coach import coach_hint, coach_move, judge
from tutor.play.evaluation import Evaluation
from tutor.play.grading import settled
from tutor.play.hand import View
from tutor.play.match import start_match
from tutor.play.moves import Move
from tutor.play.opponents import opponent_policy

VIEWS = Path(__file__).parent / "views"


def view_of(name: str) -> View:
    return json.loads((VIEWS / f"{name}.json").read_text())


# --- The audit's end positions: what a sensible continuation makes of them -------------------------

# trap_2020_draw (strong against strong, 3 cards left, the mover to draw with the 5♥ on the pile):
#   mover 3♠ 6♠ 9♠ 10♠ J♠ 6♥ A♦ 2♦ 6♦ 2♣; the opponent, in the model, holds A♠ 2♠ nearly always.
#   The old rollout took the 5♥ and threw the 3♠ into the opponent's run: "a blunder that gives up
#   34.8". The careful continuation throws something else, and taking costs about a point.
# trap_2021_draw (3 cards left, the mover to draw, the 5♥ on the pile):
#   mover 9♠ A♥ 9♥ 2♦ 5♦ A♣ 6♣ 7♣ 8♣ 9♣; the opponent took the 10♥ and the 8♦.
#   Against the strong player's model (a hand near gin) neither draw is worth a knock; against the
#   beginner's (more than 10 points: it never knocked) the knock with 9 that taking the 5♥ allows
#   is worth it, and drawing from the stock more.
EXACT = {
    ("trap_2020_draw", "strong"): {"take": 0.000, "stock": 1.605},
    ("trap_2020_draw", "beginner"): {"take": 6.539, "stock": 5.703},
    ("trap_2021_draw", "strong"): {"take": -3.499, "stock": 0.000},
    ("trap_2021_draw", "beginner"): {"take": 12.592, "stock": 13.761},
}


@pytest.mark.parametrize("name, opponent", list(EXACT))
def test_the_audits_end_positions_are_valued_as_a_sensible_continuation_plays_them(name, opponent):
    view = view_of(name)
    exact = {move[0]: value for move, value in exact_values(view, opponent=opponent).items()}
    assert exact == pytest.approx(EXACT[name, opponent], abs=0.001)
    # The careful continuation leaves at most half a point to the best next decision on what the
    # mover then knows (the audit's quick continuation left 8.1 points on average, 34.7 at most).
    for policy, best in one_ply_values(view, opponent=opponent).values():
        assert policy <= best + 1e-9 and best - policy <= 0.5


def test_at_the_wall_a_draw_is_valued_with_the_coachs_own_next_decision():
    # wall_950477_draw (the second audit's M1: strong against strong, classic, 3 cards in the stock,
    #   the 5♠ on the pile): mover 2♠ 4♠ A♥ 5♥ 6♥ 7♥ 3♦ 3♣ 4♣ 5♣. One decision is left after the draw
    #   (the throw), so every move is valued exactly over every world, that throw the best on what the
    #   mover then knows: taking the 5♠ is worth 24.25 (the careful continuation's throw made it
    #   0.00), drawing from the stock 0.02. The same under any draw (nothing is drawn). The stock is a
    #   blunder, not "too close to call"; after the take (wall_950477_after_take) the coach throws the
    #   A♥, worth 24.71: not less than the take was valued at.
    view = view_of("wall_950477_draw")
    for draw in (0, 1, 2):
        evaluation = Evaluation(view, "strong", draw=draw)
        assert evaluation.exact
        assert {m[0]: round(v, 3) for m, v in evaluation.exact_values().items()} == {"take": 24.25, "stock": 0.024}
    hint = coach_hint(view, "strong")
    assert hint.move == ("take", None) and hint.close == () and hint.value is not None
    assert (round(hint.value.expected, 2), hint.value.stderr) == (24.25, 0.0)
    assert judge(view, ("stock", None), "strong").grade == "blunder"
    after = coach_hint(view_of("wall_950477_after_take"), "strong")
    assert after.move == ("discard", parse_card("AH")) and after.value is not None
    assert round(after.value.expected, 2) == 24.71 >= round(hint.value.expected, 2)


def test_the_coach_draws_reviews_discard_gets_one_verdict_whatever_the_coach_draws():
    # draws_discard (../shared/reviews/coach-draws-2026-12-05.md: classic, the strong level, turn 1,
    #   the Q♠ on the pile): mover A♠ 5♠ J♠ 4♥ 5♥ J♥ 3♦ 9♦ 4♣ 9♣ 10♣, to throw. Drawn again (its
    #   worlds, its belief of the opponent's hand), the coach of 4f35995 named the A♠, the J♠ or the
    #   10♣, and graded the 3♦ an inaccuracy (2.0 ± 0.15) or best (0.06 ± 0.27). Under three draws of
    #   everything the coach samples, it names the A♠ each time, no move is graded best under one and
    #   worse under another, and every grade is the same, but where its verdict says it cannot tell
    #   that grade from the next one (the loss within its precision of the line between them, as the
    #   10♣'s 2.5–2.7 is of 2.5 under every draw).
    view = view_of("draws_discard")
    runs = [Evaluation(view, "strong", draw=draw) for draw in (0, 1, 2)]
    assert [run.choice().move for run in runs] == [discard("AS")] * 3
    for move in runs[0].legal:
        verdicts = [run.verdict(move) for run in runs]
        grades = {v.grade for v in verdicts}
        assert "best" not in grades or grades == {"best"}, move
        assert len(grades) == 1 or not any(v.settled for v in verdicts), (move, verdicts)


def test_taking_the_upcard_at_2020_is_an_inaccuracy_not_a_blunder():
    judgement = judge(view_of("trap_2020_draw"), ("take", None), "strong")
    assert judgement.coach == ("stock", None)
    assert judgement.grade == "inaccuracy" and judgement.loss is not None and 1.0 < judgement.loss < 2.5


# --- The opponent's history, as its level plays --------------------------------------------------

# Classic at the wall, the opponent after six throws (THROWN); it holds, in truth,
#   A♠ 2♠ 3♠  8♦ 8♥ 8♠  4♣ 5♣ 6♣  K♥ (10 points: the beginner could knock)
# and the stock is 4♦ 9♦ 10♦. Many of the hands the 13 unseen cards make have 10 points or less.
AT_THE_WALL = table("classic", "2H 3H 4H 7S 7D 7C 9C 10C JC 5D", "AS 2S 3S 8D 8H 8S 4C 5C 6C KH", "KC",
                    stock="4D 9D 10D", events=THROWN)


class Counting(HistorySampler):
    """A history sampler that counts the draws refused because its level would have knocked."""

    refused = 0

    def would_have_knocked(self, hand: int, stock_size: int | None = None) -> bool:
        knocked = super().would_have_knocked(hand, stock_size)
        Counting.refused += knocked
        return knocked


def test_the_beginners_history_never_holds_a_hand_it_would_have_knocked_with():
    seen = read_view(AT_THE_WALL.view(0))
    rules = load_ruleset("classic")
    beginner = Counting(hidden_of(seen), rules, seen.stock_size, opponent_policy("beginner"), waste=1.0)
    Counting.refused = 0
    odds = history_odds(beginner)
    # The branch is reached: draws that would have made the beginner knock are refused, and some
    # deals are dealt again (a deal of 10 points or less would have knocked at its first turn).
    assert Counting.refused > 100
    dealt_again = sum(sum(o.values()) for score, o in odds.by_score.items() if score < len(beginner.meldable) + 1)
    assert dealt_again > 0
    final = odds.final()
    assert sum(final.values()) == pytest.approx(1.0)
    assert not any(beginner.would_have_knocked(hand) for hand, p in final.items() if p > 1e-12)
    # The strong player knocks with 10 only early: late in a hand its history keeps such hands.
    strong = HistorySampler(hidden_of(seen), rules, seen.stock_size, opponent_policy("strong"))
    assert any(strong.would_have_knocked(h) is False and beginner.would_have_knocked(h)
               for h in history_odds(strong).final())


def test_the_estimate_follows_the_beginners_history_exactly():
    view = AT_THE_WALL.view(0)
    exact = exact_values(view, opponent="beginner", seed=5)
    analysis = analyze_decision(view, samples=1500, seed=5, opponent="beginner")
    for option in analysis.options:
        assert abs(option.expected - exact[option.move]) <= 3.5 * option.stderr, option


@pytest.mark.parametrize("level, stock, deadwood, knocks", [
    ("beginner", 20, 10, True), ("beginner", 20, 11, False),  # whenever it can
    ("strong", 27, 10, True), ("strong", 27, 2, False),        # early: knocks, but waits for gin with 2
    ("strong", 10, 3, False), ("strong", 10, 2, True),          # late: not with 3 or more
    ("intermediate", 18, 7, False), ("intermediate", 18, 6, True),  # late: not with 7 or more
])
def test_a_level_would_have_knocked_as_its_code_times_it(level, stock, deadwood, knocks):
    from tutor.engine.cards import mask_of, parse_cards
    from tutor.engine.melds import min_deadwood
    # A♠ 2♠ 3♠, 4♥ 4♦ 4♣, Q♠ Q♥ Q♣ and one loose card of the points wanted; for 11, the run
    # A♠ 2♠ 3♠ 4♠ and Q♥ Q♦ Q♣ with 2♥ 3♦ 6♣ loose.
    melds = "AS 2S 3S 4H 4D 4C QS QH QC "
    cards = {2: melds + "2D", 3: melds + "3D", 6: melds + "6D", 7: melds + "7D", 10: melds + "KD",
             11: "AS 2S 3S 4S QH QD QC 2H 3D 6C"}[deadwood]
    hand = mask_of(parse_cards(cards))
    assert min_deadwood(hand) == deadwood
    seen = read_view(AT_THE_WALL.view(0))
    sampler = HistorySampler(hidden_of(seen), load_ruleset("classic"), seen.stock_size, opponent_policy(level))
    assert sampler.would_have_knocked(hand, stock) is knocks


# --- Verdicts decided on the evidence --------------------------------------------------------------

def test_a_grade_is_settled_only_when_its_interval_lies_within_one_grade():
    assert settled(3.5, 0.2, 3.0)         # 2.9 to 4.1: a mistake either way
    assert not settled(2.6, 0.2, 3.0)     # 2.0 to 3.2: an inaccuracy or a mistake
    assert settled(0.3, 0.2, 3.0)         # -0.3 to 0.9: best either way


def test_a_verdict_is_the_same_whether_the_hint_was_asked_first_or_not():
    view = view_of("pos15")
    first = Evaluation(view, "strong")
    hinted = first.choice()
    after_hint = {m: first.verdict(m) for m in first.legal}
    second = Evaluation(view, "strong")
    direct = {m: second.verdict(m) for m in reversed(second.legal)}
    assert direct == after_hint and second.choice() == hinted


def discard(text: str) -> Move:
    return ("discard", parse_card(text))


STEPS = {96, 144, 216, 324, 486, 729, 1093, 1639, 2458, 3687, 5530, 8295, 12442, 18663, 27994, 41991, 62986, 76800}
"""The worlds a verdict may be settled on at the app's budget: 96, half as many again each time, 76,800 at most."""


def test_every_move_races_and_the_coach_weighs_its_rivals_until_they_are_told_apart():
    # contenders_20000 (classic, against the beginner, turn 2, 27 cards in the stock, K♦ on the pile):
    #   mover 3♠ 7♠ 9♥ 6♦ 8♦ 2♣ 4♣ 5♣ 6♣ 9♣ 10♣, to throw. Every legal move races from the screen
    #   (none is cut there: the old 24-world screen cut the best move of some discards); the 2♣ stays
    #   beside the 7♠ until 46,129 worlds tell them apart, the others leave beyond doubt behind. The
    #   7♠ is the coach's move; the 2♣ is within a point of it, told apart (0.59 ± 0.10 on its verdict,
    #   which starts from the worlds the race played it on): not "too close to call". The hint's next
    #   best is the 9♥, with its verdict's figures (1.25 ± 0.08 on 76,800 worlds).
    evaluation = Evaluation(view_of("contenders_20000"), "beginner")
    choice = evaluation.choice()
    assert choice.move == discard("7S") and choice.worlds == 46129
    assert set(choice.raced) == set(evaluation.legal) and choice.survivors == ()
    assert evaluation.unresolved() == (discard("7S"),)
    assert evaluation.close() == ()
    assert [(m, round(loss, 2), round(err, 2)) for m, loss, err in evaluation.near()] == [(discard("2C"), 0.59, 0.1)]
    runner = evaluation.runner_up()
    assert runner is not None and runner[0] == discard("9H")
    assert (round(runner[1], 2), round(runner[2], 2)) == (1.25, 0.08)
    grades = {"9H": "inaccuracy", "6D": "inaccuracy", "2C": "best", "8D": "inaccuracy", "10C": "inaccuracy",
              "3S": "inaccuracy", "9C": "mistake", "4C": "blunder", "5C": "blunder", "6C": "blunder"}
    for text, expected in grades.items():
        verdict = evaluation.verdict(discard(text))
        assert (verdict.grade, verdict.coach) == (expected, discard("7S")), text
        assert verdict.worlds in STEPS  # the fixed steps, whatever was played before
    assert evaluation.verdict(discard("2C")).worlds == 62986  # from the race's 46,129 worlds up, not from 96


def first_world(evaluation: Evaluation) -> tuple[int, tuple[tuple[int, ...], ...]]:
    opponent, stock = evaluation.position.world(0)
    return opponent, stock.orders


def test_the_worlds_come_from_the_position_and_another_salt_draws_others():
    # No game number enters: the same position (its keys in any order) meets the same worlds.
    view = view_of("pos59")
    shuffled = cast(View, dict(reversed(list(view.items()))))
    assert first_world(Evaluation(view, "strong")) == first_world(Evaluation(shuffled, "strong"))
    assert first_world(Evaluation(view, "strong", salt=1)) != first_world(Evaluation(view, "strong"))
    assert first_world(Evaluation(view, "beginner")) != first_world(Evaluation(view, "strong"))


@pytest.mark.parametrize("name", ["pos15", "pos25", "pos59", "trap_2020_draw", "trap_7062_undercut"])
@pytest.mark.parametrize("opponent", ["beginner", "strong"])
def test_the_hint_is_never_contradicted_by_its_own_numbers(name, opponent):
    view = view_of(name)
    hint = coach_hint(view, opponent)
    assert coach_move(view, opponent) == hint.move  # the tests that follow the hints play this, without verdicts
    assert judge(view, hint.move, opponent).grade == "best"
    for move in hint.close:  # too close to call: graded best, as the hint says
        assert judge(view, move, opponent).grade == "best"
    if hint.runner_up is not None and hint.runner_up_loss is not None:
        loss, stderr = hint.runner_up_loss
        assert loss > 0 and loss - 2 * stderr > 0  # a next best that gives up something, beyond doubt
        assert hint.runner_up.move not in hint.close and hint.runner_up.move != hint.move
        assert judge(view, hint.runner_up.move, opponent).grade != "best" or loss <= 2
    text = hint_value_text(hint, view["top_discard"], Translator("en"))
    assert text is not None and "gives up -" not in text


def test_a_move_the_race_dropped_on_its_bad_worlds_is_told_by_its_verdict():
    # pos59 (classic, the first upcard, against the strong player): the mover holds 3♠ K♠ 6♥ 9♥ 10♥
    #   5♦ 7♦ K♦ A♣ K♣ and the 6♠ is offered. The race dropped the take at 480 worlds, 4.16 ± 1.18
    #   points behind the pass there. Its verdict, from those worlds up, reads 1.68 ± 0.16 on 27,994
    #   worlds: an inaccuracy. The hint names the pass, with its value on 4,800 worlds and its ±,
    #   and the take as the next best with the verdict's figures, not the race's "gives up 4.2".
    view = view_of("pos59")
    hint = coach_hint(view, "strong")
    assert hint.move == ("pass", None) and hint.close == () and hint.near == ()
    assert coach_move(view, "strong") == ("pass", None)  # the replay's coach's move, without the verdicts
    assert hint.value is not None and (round(hint.value.expected, 2), round(hint.value.stderr, 2)) == (-1.8, 0.35)
    assert hint.runner_up is not None and hint.runner_up.move == ("take", None)
    assert hint.runner_up_loss is not None
    assert tuple(round(x, 2) for x in hint.runner_up_loss) == (1.68, 0.16)
    take = judge(view, ("take", None), "strong")
    assert take.loss is not None and take.stderr is not None
    assert (take.grade, round(take.loss, 2), round(take.stderr, 2), take.worlds) == ("inaccuracy", 1.68, 0.16, 27994)


def test_a_learner_who_follows_every_hint_is_graded_best_at_every_decision():
    match = start_match(load_ruleset("short"), 3, "beginner")
    while len(match.game.played) < 1:
        match = match.play(coach_move(match.view(), match.level)) if match.learner_to_move else match.next_hand()
    assert match.decisions and all(d.agreed for d in match.decisions)
    # A forced move (both passed the first upcard: the stock) is no decision: not counted.
    line = accuracy_line(match.decisions, match.decisions, Translator("en"))
    graded = sum(not d.forced for d in match.decisions)
    assert line.endswith(f"on {graded} of {graded} decisions.") and line.startswith("Accuracy 100% this hand")


def test_the_expert_models_the_strong_player_unless_told():
    view = view_of("pos15")
    assert Bot("expert", 3).move(view) == Bot("expert", 3, opponent="strong").move(view)
    sampler = sampler_for(read_view(view), opponent="beginner")
    assert isinstance(sampler, HistorySampler) and sampler.policy == opponent_policy("beginner")
