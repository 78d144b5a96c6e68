"""Drills: generators keep their difficulty's promises, the same seed gives the same puzzle, and
checkers accept every right answer and name the typical mistakes."""

from collections import Counter
from typing import Any

import pytest

from tutor.drills import KINDS, LEVELS, Puzzle, check, generate, hints, judge_group, model_answer
from tutor.drills.model import BadSeedError, UnknownKindError, UnknownLevelError
from tutor.drills.properties import is_chained, layoff_properties, set_and_run_cards
from tutor.engine.cards import SUITS, mask_of, parse_cards
from tutor.engine.errors import TutorError
from tutor.engine.melds import analyze, best_arrangements
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import game_totals, score_hand
from tutor.language.feedback import explanation, feedback, hint_texts
from tutor.language.i18n import Translator

EN = Translator("en")


def said(verdict):
    """The verdict's feedback in English."""
    return feedback(verdict, EN)

RULESETS = ("classic", "short", "spanish")
SEEDS = range(40)
CLASSIC = load_ruleset("classic")


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_gives_the_same_puzzle(kind):
    # The kinds that ask the coach's analysis (seconds a puzzle) on one seed a level.
    for level in LEVELS:
        for seed in (12345,) if kind in ("knock", "read") else (0, 1, 12345):
            assert generate(kind, seed, level, CLASSIC) == generate(kind, str(seed), level, CLASSIC)
    assert generate(kind, 1, "easy", CLASSIC) != generate(kind, 2, "easy", CLASSIC)


def _fits_a_set_and_a_run(cards):
    """An independent oracle: cards whose rank is held in 3+ suits and that lie in 3+ in a row."""
    held = {(c.rank, c.suit) for c in cards}
    out = []
    for c in cards:
        suits = sum((c.rank, s) in held for s in SUITS)
        rows = [range(c.rank + d, c.rank + d + 3) for d in (-2, -1, 0)]
        if suits >= 3 and any(all((r, c.suit) in held for r in row) for row in rows):
            out.append(c)
    return out


@pytest.mark.parametrize("kind", ["melds", "deadwood"])
@pytest.mark.parametrize("level", LEVELS)
def test_hand_drills_keep_their_difficulty(kind, level):
    for seed in SEEDS:
        cards = generate(kind, seed, level, load_ruleset("classic")).cards
        assert len(cards) == 10
        shared = len(_fits_a_set_and_a_run(cards))
        ties = len(best_arrangements(mask_of(cards)))
        if level == "easy":
            assert shared == 0 and ties == 1
        elif level == "medium":
            assert shared >= 1 and ties == 1
        else:
            assert shared >= 1 and ties >= 2


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_score_drills_keep_their_difficulty(rules, level):
    seen: Counter[str] = Counter()
    for seed in range(60):
        puzzle = generate("score", seed, level, load_ruleset(rules))
        score = score_hand(puzzle.knocker, puzzle.defender, load_ruleset(rules))
        chained = is_chained(score.layoffs)
        tie = score.outcome in ("knock", "undercut") and score.knocker_deadwood == score.defender_deadwood
        hard = chained or tie or score.knocker_choice_mattered or score.outcome == "big_gin"
        if level == "easy":
            assert not score.layoffs and score.outcome in ("knock", "gin") and not hard
            seen[score.outcome] += 1
        elif level == "medium":
            assert not hard and (score.layoffs or score.outcome == "undercut")
            seen["undercut" if score.outcome == "undercut" else f"{score.outcome}+layoffs"] += 1
        else:
            assert hard
            seen.update(k for k, v in (("chain", chained), ("tie", tie), ("choice", score.knocker_choice_mattered),
                                       ("big_gin", score.outcome == "big_gin")) if v)
    expected = {"easy": {"knock", "gin"}, "medium": {"undercut", "knock+layoffs"},
                "hard": {"chain", "tie", "choice"}}[level]
    if level == "hard" and load_ruleset(rules).big_gin_allowed:
        expected.add("big_gin")
    if level == "medium" and load_ruleset(rules).layoffs_onto_gin:
        expected.add("gin+layoffs")
    assert expected <= set(seen), seen


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_layoff_drills_keep_their_difficulty(rules, level):
    """The generator's puzzles meet their level, measured with the same predicate the generator
    filters on (drills.properties.layoff_properties): this only fails if the filter is bypassed;
    the predicate itself is checked on hands drawn by hand below (test_layoff_properties_*)."""
    for seed in SEEDS:
        puzzle = generate("layoffs", seed, level, load_ruleset(rules))
        props = layoff_properties(score_hand(puzzle.knocker, puzzle.defender, load_ruleset(rules)))
        assert props["layoffs"] >= 1
        if level == "easy":
            assert props["layoffs"] == 1 and not props["chained"]
        elif level == "medium":
            assert (props["layoffs"] >= 2 or props["chained"]) and not props["decoy"]
        else:
            assert props["chained"] and (props["broke_meld"] or props["decoy"])


@pytest.mark.parametrize("rules", RULESETS)
@pytest.mark.parametrize("level", LEVELS)
def test_totals_drills_keep_their_difficulty(rules, level):
    for seed in SEEDS:
        puzzle = generate("totals", seed, level, load_ruleset(rules))
        totals = game_totals(puzzle.results, load_ruleset(rules))
        assert totals.finished and totals.ending_hand == len(puzzle.results)
        voids = puzzle.results.count("void")
        if level == "easy":
            assert voids == 0 and not totals.shutout
        elif level == "medium":
            assert voids >= 1 and not totals.shutout
        else:
            assert totals.shutout


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rules", RULESETS)
def test_the_model_answer_reads_back_as_right(kind, rules):
    # A smoke test of answer reading: the engine's own answer, in the learner's form, is accepted
    # (the knock drill's two answers on fewer seeds: each of its puzzles asks the analysis).
    for level in LEVELS:
        for seed in range(3 if kind in ("knock", "read") else 15):
            puzzle = generate(kind, seed, level, load_ruleset(rules))
            verdict = check(puzzle, model_answer(puzzle))
            assert verdict.correct and verdict.mistake is None, (kind, level, seed, said(verdict))


def test_every_other_minimum_arrangement_is_accepted():
    for seed in SEEDS:
        puzzle = generate("melds", seed, "hard", load_ruleset("classic"))
        arrangements = analyze(puzzle.cards).arrangements
        assert len(arrangements) >= 2
        for arrangement in arrangements:
            answer = [" ".join(str(c) for c in m.cards) for m in arrangement.melds]
            assert check(puzzle, answer).correct


def test_a_long_run_split_in_two_is_accepted():
    # A♠-6♠ as one run or as A♠ 2♠ 3♠ + 4♠ 5♠ 6♠: the same cards melded.
    puzzle = Puzzle("melds", 0, "easy", CLASSIC, cards=tuple(parse_cards("AS 2S 3S 4S 5S 6S 9H 9D 9C KD")))
    assert check(puzzle, ["AS 2S 3S", "4S 5S 6S", "9H 9D 9C"]).correct


# --- Wrong answers and the mistakes they name -------------------------------------------------

def _puzzle(kind: str, **hands: str) -> Puzzle:
    fields: dict[str, Any] = {k: tuple(parse_cards(v)) if k != "results" else tuple(v.split())
                              for k, v in hands.items()}
    return Puzzle(kind, 0, "medium", CLASSIC, **fields)


SHARED = "AS 2S 3S 5H 6H 7H 7S 7D KC 4C"   # 7♥ fits the run 5♥ 6♥ 7♥ and the sevens


def test_melds_a_card_left_out_is_named_with_the_meld_it_completes():
    puzzle = _puzzle("melds", cards=SHARED)
    verdict = check(puzzle, [["AS", "2S", "3S"]])
    assert not verdict.correct and verdict.mistake == "counted_melded_card"
    assert "7♠" in said(verdict) or "7♥" in said(verdict) or "7♦" in said(verdict)
    assert "set" in said(verdict)


def test_melds_the_run_instead_of_the_set_is_not_minimal():
    puzzle = _puzzle("melds", cards=SHARED)
    verdict = check(puzzle, ["AS 2S 3S", "5H 6H 7H"])
    assert verdict.mistake == "counted_melded_card"
    assert "You counted the 7♠ as deadwood, but it completes the set 7♠ 7♥ 7♦." in said(verdict)


@pytest.mark.parametrize("group, problem", [
    ("5H 6H 8H", "gap"), ("QH KH AH", "ace_high"), ("5H 6H 7C", "mixed_suits"),
    ("5H 6H", "too_few"), ("9S 10S JS", "not_in_hand"),
])
def test_each_group_is_judged_as_it_is_formed(group, problem):
    hand = parse_cards("5H 6H 7H 8H QH KH AH 7C 2D 3D")
    assert judge_group(parse_cards(group), hand) == problem


def test_a_card_used_twice():
    puzzle = _puzzle("melds", cards=SHARED)
    verdict = check(puzzle, ["5H 6H 7H", "7S 7H 7D"])
    assert verdict.mistake == "used_twice" and "7♥" in said(verdict)


@pytest.mark.parametrize("answer, mistake", [
    (1 + 2 + 3 + 5 + 6 + 7 + 7 + 7 + 10 + 4, "no_melds"),
    (25 + 1, "counted_melded_card"),  # the A♠ of A♠ 2♠ 3♠ counted
    (25 - 4, "missed_deadwood_card"),
    (28, "not_minimal"),  # the run 5♥ 6♥ 7♥ instead of the sevens leaves 7♠ 7♦ K♣ 4♣: three more, not the 7♠'s 7
])
def test_deadwood_mistakes_are_named(answer, mistake):
    verdict = check(_puzzle("deadwood", cards=SHARED), answer)
    assert not verdict.correct and verdict.mistake == mistake, said(verdict)
    assert "25" in said(verdict)


def test_a_wrong_deadwood_names_a_card_only_where_its_value_explains_the_difference():
    # A♠ 2♠ 6♠ A♥ 2♥ 10♥ A♦ 2♦ A♣ 2♣: the aces and the twos melded, 6♠ + 10♥ = 16 left.
    cards = "AS 2S 6S AH 2H 10H AD 2D AC 2C"
    verdict = check(_puzzle("deadwood", cards=cards), 17)  # one ace counted: its 1 explains it
    assert verdict.mistake == "counted_melded_card" and "You counted the A" in said(verdict)
    verdict = check(_puzzle("deadwood", cards=cards), 20)  # 4 more: no one card of the hand explains it
    assert not verdict.correct and "You counted the" not in said(verdict), said(verdict)


def test_deadwood_face_cards_counted_by_rank():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | 9♦ 9♣ 9♥ | Q♠: the queen counts 10, not 12.
    verdict = check(_puzzle("deadwood", cards="AS 2S 3S 7H 7D 7C 9D 9C 9H QS"), 12)
    assert verdict.mistake == "face_values"


KNOCKER = "5H 6H 7H KS KD KC AD 2D 3D 4C"
DEFENDER = "4H 8H 9H QS JS 9C 6D 6S 2C 3S"   # lays off 4♥, then 8♥ and 9♥: 46 left


@pytest.mark.parametrize("answer, mistake", [
    ({"winner": "knocker", "points": 67 - 4}, "forgot_layoffs"),
    ({"winner": "defender", "points": 25 + 42}, "undercut_thought"),
    ({"winner": "defender", "points": 3}, "wrong_winner"),
    ({"winner": "knocker", "points": 40}, "wrong_points"),
])
def test_score_mistakes_are_named(answer, mistake):
    verdict = check(_puzzle("score", knocker=KNOCKER, defender=DEFENDER), answer)
    assert not verdict.correct and verdict.mistake == mistake
    assert verdict.expected == {"winner": "knocker", "points": 42}


def test_score_a_tie_under_classic():
    puzzle = _puzzle("score", knocker="AS 2S 3S 7H 7D 7C JC QC KC 5D", defender="4H 5H 6H 8S 8D 8C 10D JD QD 5C")
    verdict = check(puzzle, {"winner": "knocker", "points": 0})
    assert verdict.mistake == "tie_rule" and "tie" in said(verdict)


def test_score_a_forgotten_gin_bonus():
    puzzle = _puzzle("score", knocker="AS 2S 3S 4S 7H 7D 7C JC QC KC", defender="5S 7S 10C 2H 3C 6D KH QD 9D 4H")
    assert check(puzzle, {"winner": "knocker", "points": 66}).mistake == "forgot_bonus"
    assert check(puzzle, {"winner": "knocker", "points": 25}).mistake == "gin_without_deadwood"


def test_layoffs_a_missed_chain_card_and_a_card_that_fits_nothing():
    puzzle = _puzzle("layoffs", knocker=KNOCKER, defender=DEFENDER)
    assert check(puzzle, ["4H", "8H", "9H"]).correct
    missed = check(puzzle, ["4H", "8H"])
    assert missed.mistake == "missed_chain" and "9♥" in said(missed)
    extra = check(puzzle, ["4H", "8H", "9H", "QS"])
    assert extra.mistake == "not_a_layoff" and "Q♠" in said(extra)


def test_layoffs_a_card_that_would_break_a_meld():
    # The defender's 8♥ fits the run 5♥ 6♥ 7♥ but sits in its set of eights; nothing follows it.
    puzzle = _puzzle("layoffs", knocker=KNOCKER, defender="8S 8C 8H 4H QS JS 2C 6S 3S 10C")
    verdict = check(puzzle, ["4H", "8H"])
    assert verdict.mistake == "breaks_meld" and "8♠ 8♥ 8♣" in said(verdict)


def test_totals_mistakes_are_named():
    puzzle = Puzzle("totals", 0, "hard", load_ruleset("classic"), results=("A:60", "A:45"))
    assert check(puzzle, {"A": 360, "B": 0}).correct
    assert check(puzzle, {"A": 105, "B": 0}).mistake == "no_bonuses"
    assert check(puzzle, {"A": 255, "B": 0}).mistake == "forgot_shutout_double"
    assert check(puzzle, {"A": 260, "B": 0}).mistake == "forgot_game"


def test_a_totals_mistake_for_one_player_is_named_too():
    # Classic: A 60, B 30, A 45 → A reaches 105 with 2 hands won (+50) and the game (+100): 255;
    # B has 30 and 1 hand won (+25): 55. A = 105 with B right leaves out A's bonuses only.
    puzzle = Puzzle("totals", 0, "hard", load_ruleset("classic"), results=("A:60", "B:30", "A:45"))
    assert check(puzzle, {"A": 255, "B": 55}).correct
    assert check(puzzle, {"A": 105, "B": 55}).mistake == "no_bonuses"
    assert check(puzzle, {"A": 155, "B": 55}).mistake == "forgot_game"
    assert check(puzzle, {"A": 106, "B": 55}).mistake == "wrong_total"


def test_the_explanation_is_in_the_learners_language():
    puzzle = _puzzle("score", knocker=KNOCKER, defender=DEFENDER)
    verdict = check(puzzle, {"winner": "knocker", "points": 63})
    spanish = Translator("es")
    assert "El defensor coloca el 8♥ en 5♥ 6♥ 7♥." in explanation(verdict.result, spanish)
    assert "antes de colocar" in feedback(verdict, spanish)


def test_hints_reveal_steps_without_the_answer():
    puzzle = _puzzle("score", knocker=KNOCKER, defender=DEFENDER)
    steps = hint_texts(hints(puzzle), EN)
    assert len(steps) >= 3
    assert not any("42" in step for step in steps)


@pytest.mark.parametrize("args, error", [
    (("poker", 1, "easy", CLASSIC), UnknownKindError),
    (("score", "abc", "easy", CLASSIC), BadSeedError),
    (("score", -3, "easy", CLASSIC), BadSeedError),
    (("score", 1, "expert", CLASSIC), UnknownLevelError),
])
def test_bad_drill_arguments_are_refused_clearly(args, error):
    with pytest.raises(error) as info:
        generate(*args)
    assert isinstance(info.value, TutorError) and info.value.key


@pytest.mark.parametrize("kind, answer", [
    ("deadwood", "lots"), ("score", {"winner": "nobody", "points": 3}), ("totals", "A:3"),
    ("melds", "AS 2S 3S"), ("layoffs", "ZZ"),
])
def test_unreadable_answers_raise_a_clear_error(kind, answer):
    puzzle = generate(kind, 3, "easy", load_ruleset("classic"))
    with pytest.raises(ValueError):
        check(puzzle, answer)


# --- The properties that define a level, on hands drawn by hand --------------------------------

def test_set_and_run_cards_on_a_drawn_hand():
    # 5♥ 6♥ 7♥ | 7♠ 7♦ : the 7♥ ends the run and completes the sevens; no other card does both.
    # A♠ 2♠ 3♠ is a run, but no ace, two or three is held three times.
    assert set_and_run_cards(parse_cards("AS 2S 3S 5H 6H 7H 7S 7D KC 4C")) == parse_cards("7H")


def test_no_dual_use_when_the_set_card_is_outside_every_run():
    # 7♠ 7♥ 7♦ | 4♣ 5♣ 6♣ : the 6♣ is in a run, but sixes are held once; the sevens are in no run.
    assert set_and_run_cards(parse_cards("7S 7H 7D 4C 5C 6C 10S JH QD KC")) == []


KNOCK = "5H 6H 7H KS KD KC AD 2D 3D 4C"   # melds 5♥ 6♥ 7♥, K♠ K♦ K♣, A♦ 2♦ 3♦; deadwood 4♣


def test_a_chain_is_a_layoff_that_fits_only_after_another():
    # Defender 4♥ 8♥ 9♥: 4♥ and 8♥ fit the run 5♥-7♥ as it stands; 9♥ fits only after the 8♥.
    score = score_hand(KNOCK, "4H 8H 9H QS JS 9C 6D 6S 2C 3S", load_ruleset("classic"))
    assert sorted(str(lay.card) for lay in score.layoffs) == ["4H", "8H", "9H"]
    assert is_chained(score.layoffs)
    assert not is_chained(tuple(lay for lay in score.layoffs if str(lay.card) != "9H"))


def test_layoff_properties_of_a_single_plain_layoff():
    # Defender 4♥ and filler that fits nothing: one layoff, no chain, no decoy, no meld broken.
    props = layoff_properties(score_hand(KNOCK, "4H QS JS 9C 6D 6S 2C 3S 10H 8C", load_ruleset("classic")))
    assert props == {"layoffs": 1, "chained": False, "broke_meld": False, "decoy": False, "best_plays": 1}


def test_layoff_properties_of_a_decoy():
    # Defender 8♠ 8♥ 8♣ (a set) and 4♥: the 8♥ fits the run 5♥-7♥ but is worth more in the set
    # of eights, so it is a decoy; the 4♥ is laid off.
    props = layoff_properties(score_hand(KNOCK, "8S 8C 8H 4H QS JS 2C 6S 3S 10C", load_ruleset("classic")))
    assert props["decoy"] and props["layoffs"] == 1 and not props["broke_meld"]


def test_layoff_properties_of_a_broken_meld():
    # Defender 8♥ 9♥ 10♥ (a run of its own) and 4♥: laying off 8♥ 9♥ 10♥ onto 5♥-7♥ as a chain
    # leaves the same deadwood as keeping the run; the defender's best play keeps its meld whole
    # (fewest layoffs), so no meld is broken and only the 4♥ goes.
    props = layoff_properties(score_hand(KNOCK, "8H 9H 10H 4H QS JS 2C 6S 3S QC", load_ruleset("classic")))
    assert props["layoffs"] == 1 and not props["broke_meld"]


NO_MELDS = "AS 3H 5D 7C 9S JH KD 2C 4S 6H"  # lesson 1's hand: no three cards make a meld; 57 in all


def test_a_hand_with_no_meld_gets_hints_on_the_card_values_not_on_melds():
    # J♥ and K♦ are the two cards worth 10: 20 of the 57.
    texts = hint_texts(hints(_puzzle("deadwood", cards=NO_MELDS)), EN)
    assert texts == ["Here every card counts: add up their values one by one.",
                     "An ace counts 1; a jack, a queen or a king 10; every other card its number.",
                     "2 cards worth 10 (tens and face cards) give 20 of the sum."]
    assert not any("meld" in t or "run" in t for t in texts)


def test_a_wrong_sum_on_a_hand_with_no_meld_is_told_the_values_and_promises_no_steps():
    verdict = check(_puzzle("deadwood", cards=NO_MELDS), 5)
    assert verdict.mistake == "wrong_total"
    assert said(verdict).startswith("Count again card by card: an ace counts 1, a jack, queen or king 10, and every "
                                    "other card its number.")
    assert "steps" not in said(verdict)


def test_the_layoffs_hints_point_at_where_cards_fit_not_at_what_the_screen_shows():
    # The knocker's run 5♥ 6♥ 7♥ takes the defender's 4♥ below and 8♥, 9♥ above: the hints never
    # repeat the knocker's deadwood, which the puzzle shows, and the last one names that run.
    texts = hint_texts(hints(_puzzle("layoffs", knocker=KNOCKER, defender=DEFENDER)), EN)
    assert not any(t.startswith("Start with the knocker") for t in texts)
    assert texts[0] == ("Look at both ends of each of the knocker's runs, and for the fourth card of each of "
                        "their sets of three.")
    assert texts[-1] == "One of the defender's cards fits onto 5♥ 6♥ 7♥."


def test_the_puzzle_of_the_day_is_the_same_all_day_and_goes_through_every_kind():
    from datetime import date, timedelta

    from tutor.drills.daily import daily_puzzle
    tuesday = date(2026, 12, 1)
    assert daily_puzzle(tuesday) == daily_puzzle(date(2026, 12, 1))
    days = [daily_puzzle(tuesday + timedelta(days=n)) for n in range(len(KINDS))]
    assert sorted(p.kind for p in days) == sorted(KINDS)  # eight days, eight kinds
    # Tuesday easy; Wednesday to Friday medium; Saturday, Sunday hard; Monday and Tuesday easy.
    assert [p.level for p in days] == ["easy", "medium", "medium", "medium", "hard", "hard", "easy", "easy"]
    assert len({p.seed for p in days}) == len(KINDS) and all(p.ruleset == "classic" for p in days)
    first = days[0]
    assert first.address == {"drill": first.kind, "seed": str(first.seed), "level": "easy", "rules": "classic"}
    assert generate(first.kind, first.seed, first.level, CLASSIC).kind == first.kind


def _tried(kind, level, ruleset, correct, mistake, minute):
    from datetime import UTC, datetime

    from tutor.progress.store import Attempt
    return Attempt(kind, level, ruleset, correct, 10.0, datetime(2026, 12, 1, 12, minute, tzinfo=UTC), 1, mistake)


def test_practice_builds_a_short_session_on_the_mistakes_made_most():
    from tutor.drills.practice import practice_session
    attempts = [
        _tried("score", "medium", "classic", False, "tie_rule", 1),
        _tried("score", "hard", "classic", False, "tie_rule", 2),
        _tried("score", "hard", "classic", False, "tie_rule", 9),        # the rule for a tie: 3 times
        _tried("totals", "medium", "spanish", False, "forgot_shutout", 3),
        _tried("totals", "medium", "spanish", False, "forgot_shutout", 4),  # the shutout bonus: twice
        _tried("deadwood", "easy", "classic", False, "wrong_total", 5),
        _tried("layoffs", "medium", "short", False, "missed_layoff", 8),  # once, but after the sum
        _tried("melds", "easy", "classic", True, None, 10),                 # right: not practised
    ]
    session = practice_session(attempts, key="ana")
    assert [(p.kind, p.level, p.ruleset, p.scenario, p.mistake, p.times) for p in session] == [
        ("score", "hard", "classic", "tie", "tie_rule", 3),
        ("totals", "hard", "spanish", "shutout", "forgot_shutout", 2),
        ("layoffs", "easy", "short", "", "missed_layoff", 1),  # failed at medium, never right there: easy
        ("score", "hard", "classic", "tie", "tie_rule", 3),
        ("totals", "hard", "spanish", "shutout", "forgot_shutout", 2),
    ]
    assert len({p.seed for p in session}) == 5 and practice_session(attempts, key="ana") == session
    assert practice_session(attempts, key="other") != session  # a new session, new puzzles
    for pick in session[:3]:  # every pick can be made under its rules
        assert generate(pick.kind, pick.seed, pick.level, load_ruleset(pick.ruleset), pick.scenario).kind == pick.kind
    assert practice_session([a for a in attempts if a.correct], key="ana") == []
    # A layoff answered right at medium once: the mistake made there is practised at medium.
    reached = [*attempts, _tried("layoffs", "medium", "short", True, None, 11)]
    assert [p.level for p in practice_session(reached, key="ana") if p.kind == "layoffs"] == ["medium"]


def test_practice_opens_with_positions_from_the_learners_games():
    from tutor.drills.practice import Pick, practice_session
    own = [Pick("discard", "medium", "classic", 77, position=f"code{n}") for n in range(3)]
    attempts = [_tried("score", "hard", "classic", False, "tie_rule", 1)]
    session = practice_session(attempts, key="ana", positions=own)
    assert [p.position for p in session] == ["code0", "code1", "", "", ""]  # two positions, then the mistake
    assert [p.position for p in practice_session([], key="ana", positions=own)] == ["code0", "code1", "code2"]


def test_a_figure_with_decimals_in_feedback_is_written_as_the_learners_language_writes_it():
    # The discard drill's loss (4.1 expected points): "4,1" in Spanish, "4.1" in English.
    from tutor.base.msgids import N_
    from tutor.drills.model import Remark
    from tutor.language.feedback import render
    remark = Remark(N_("Throwing {the_card} leaves {points} points of deadwood and gives up {loss} points of the "
                       "hand on average against the coach's card."),
                    {"card": parse_cards("KD")[0], "points": 7, "loss": 4.1})
    assert "4,1" in render(remark, Translator("es")) and "4.1" not in render(remark, Translator("es"))
    assert "gives up 4.1 points" in render(remark, Translator("en"))


def test_the_knock_drills_counts_take_their_plural_and_the_gin_tip_speaks_where_it_applies():
    # Easy knock puzzle 31 (classic): 1 point of deadwood on turn 3, and the coach knocks; answered "wait".
    from tutor.language.feedback import feedback, render
    from tutor.language.i18n import Translator
    classic = load_ruleset("classic")
    one = generate("knock", 31, "easy", classic)
    assert one.properties["deadwood"] == 1 and model_answer(one) == "knock"
    assert feedback(check(one, "wait"), Translator("es")).startswith("Con 1 punto suelto en el turno 3, cierra")
    assert feedback(check(one, "wait"), Translator("en")).startswith("With 1 point of deadwood on turn 3, knock")
    # Hard knock puzzle 5: 1 point on turn 8 and the coach plays on: the note names 001's tip on gin,
    # not the rule of thumb that would knock (content review L7).
    late = generate("knock", 5, "hard", classic)
    assert late.properties["deadwood"] == 1 and model_answer(late) == "wait"
    note = render(check(late, "wait").notes[0], Translator("en"))
    assert note.startswith("With this little deadwood, the tip of source 001 that speaks is the one on gin")
