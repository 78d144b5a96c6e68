"""The Play page, driven through its callbacks in AppTest: a whole hand, the hint, the coach, a bad
address, a game resumed for a profile, the review of a decision, and the progress page's games.

The table is a custom component that AppTest cannot click (it shows as an unknown element): its
callback only files the action it reports under ``play_pending``, and the page plays it. These
tests file actions the same way; the clicks themselves are tested in Chromium (test_browser.py).
"""

from __future__ import annotations

import json
import time

import pytest
from apptest_helpers import screen, start
from checks import some

from tutor.app.ui.play_actions import actions_for
from tutor.engine.cards import parse_card
from tutor.play.background import judged
from tutor.play.coach import coach_move
from tutor.play.match import LEARNER

GAME = {"game": "12345", "level": "beginner", "rules": "classic"}
# Game 12345, classic: the virtual player deals; the learner holds
# 2♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ 2♣ Q♣ and is offered the 5♠.
OVER = {"en": "Hand 1 is over", "es": "La mano 1 ha terminado"}
SHORT = {"game": "158", "level": "beginner", "rules": "classic"}
# Game 158, classic: the learner passing, drawing from the stock and throwing the first card offered
# (throw_the_first_card_offered), the beginner knocks on its third turn; of the learner's five
# decisions, both discards differ from the coach's. A short hand to review.


def open_play(lang: str, params: dict | None = None):
    """The app on the Play page, with the URL's parameters."""
    at = start(lang, params=params)
    return at.switch_page("screens/play.py").run()


def act(at, action: str):
    at.session_state["play_pending"] = action
    return at.run()


def wait_judged(decisions, seconds: float = 300, what: str = "the review did not finish"):
    """Wait until the coach has judged every one of ``decisions`` (in the background)."""
    deadline = time.monotonic() + seconds
    while judged(decisions) < len(decisions):
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def until_reviewed(at, seconds: float = 300):
    """Once a hand is over, wait for the coach's review (worked out in the background) and show the
    page again."""
    match = at.session_state["play_match"]
    wait_judged([d for d in match.decisions if d.hand == len(match.game.played) - 1], seconds)
    return at.run()


def until_verdict(at, seconds: float = 120):
    """Wait for Coach mode's verdict on the learner's last move (worked out in the background, first
    in line) and show the page again."""
    wait_judged(at.session_state["play_match"].decisions[-1:], seconds, "the verdict did not come")
    return at.run()


def until_retried(at, seconds: float = 120):
    """Wait for the verdict on a move chosen anew (worked out in the background) and show the page again."""
    wait_judged([at.session_state["play_retry_move"]], seconds, "the verdict did not come")
    return at.run()


def until_hint(at, seconds: float = 120):
    """Wait for the hint asked for at the learner's decision (worked out in the background, first in
    line) and show the page again."""
    from tutor.play import background
    match = at.session_state["play_match"]
    deadline = time.monotonic() + seconds
    while not ((asked := background.ask(match.view(), match.level, "hint")).answered or asked.failed):
        assert time.monotonic() < deadline, "the hint did not come"
        time.sleep(0.02)
    return at.run()


def held_reviewer(monkeypatch):
    """The process' reviewer replaced by one working in a thread of this process, each decision and
    question held at a gate until the test opens it; returns it and the gate."""
    import threading

    from tutor.play import background
    gate = threading.Event()

    def held(work):
        def run(*args, **kwargs):
            gate.wait(300)
            return work(*args, **kwargs)
        return run

    reviewer = background.Reviewer(0, held(background.work), held(background.answer))
    monkeypatch.setattr(background, "_reviewer", reviewer)
    return reviewer, gate


def play_hint_moves(at, most: int = 200):
    """Play the strong player's moves for the learner through the page until the hand is over, and
    wait for the coach's review."""
    for _ in range(most):
        match = at.session_state["play_match"]
        if len(match.game.played) > at.session_state["play_seen"]:
            return until_reviewed(at)
        kind, card = coach_move(match.view(), match.level)  # the hint's move, without its verdicts
        for action in actions_for((kind, str(card) if card else None)):
            act(at, action)
        assert not at.exception, [e.value for e in at.exception]
    raise AssertionError("the hand did not end")


UNDERCUT = {"en": "Undercut: you score 28.", "es": "Contragolpe: te apuntas 28."}
ACCURACY = {"en": "Accuracy 100% this hand (100% in the game): the coach's move, or as good, on 20 of 20 decisions.",
            "es": "Precisión del 100\u00a0% en esta mano (100\u00a0% en la partida): la jugada del entrenador, "
                  "o una igual de buena, en 20 de 20 decisiones."}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_whole_hand_is_played_through_the_page(lang):
    # Following the coach's hints in game 12345 (measured against the beginner), the learner passes
    # the 5♠ (the virtual player passes too: the learner's draw from the stock is forced) and makes
    # 21 decisions, 20 of them choices; the virtual player knocks on the 42nd move of the hand,
    # throwing the 6♣, with 4♥ 4♦ 4♣ and 6♠ 7♠ 8♠ 9♠ and 2♥ 5♥ 3♣ = 10, against the learner's
    # A♠ 2♠ 3♠ and 5♦ 6♦ 7♦ and A♥ 3♥ A♦ 2♣ = 7, nothing to lay off: an undercut, 3 + 25 = 28 to the
    # learner.
    at = open_play(lang, GAME)
    assert at.session_state["play_match"].seed == 12345
    play_hint_moves(at)
    match = at.session_state["play_match"]
    assert len(match.moves) == 42 and len(match.decisions) == 21
    assert match.moves[-1].move == ("knock", parse_card("6C"))
    assert OVER[lang] in screen(at)
    assert [s.value for s in at.success] == [UNDERCUT[lang]]
    # Every decision was the coach's: an accuracy of 100 %, and a chart of the hand's expected points.
    assert ACCURACY[lang] in screen(at)
    [chart] = at.get("vega_lite_chart")  # its numbers written as the language writes them: -1,5 in Spanish
    spec = json.loads(chart.proto.spec)
    assert spec["config"]["locale"]["number"]["decimal"] == {"en": ".", "es": ","}[lang]
    # The coach's line blue and solid, the learner's orange and dashed, in either theme (learner review L7).
    colour, dash = spec["encoding"]["color"]["scale"], spec["encoding"]["strokeDash"]["scale"]
    assert colour["range"][:2] == ["#0072B2", "#E69F00"] and dash["range"][:2] == [[1, 0], [6, 3]]
    assert colour["domain"] == dash["domain"] and len(colour["domain"]) == 2
    # Both hands laid out (twenty cards at least), the five tips of source 001, the score sheet.
    assert sum(h.proto.body.count("<img") for h in at.get("html")) >= 20
    assert len(at.text) >= 5
    [sheet] = [t.value for t in at.table if len(t.value.columns) == 4 and "A" in t.value.columns]
    assert len(sheet) == 1  # the score sheet: one hand
    at.button(key="play_next").click().run()
    assert not at.exception
    # In hand 2 the learner deals: the virtual player takes the upcard and throws the Q♥.
    after = at.session_state["play_match"]
    assert after.hand_number == 1 and after.learner_to_move
    assert [(p.player, p.move) for p in after.moves[42:]] == [(1, ("take", None)), (1, ("discard", parse_card("QH")))]


# Game 12345's first decision: 2♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ 2♣ Q♣ (deadwood 60), offered the 5♠. Taking
# it and throwing the Q♣ would leave 55 and 5♠ 6♠ waiting for a run; it melds nothing yet.
def test_the_hint_says_the_coach_move_why_the_moves_too_close_to_call_and_against_whom():
    # Game 12345's first upcard, the 5♠, against the beginner: taking it and passing are too close to
    # call, and the coach leads with the pass, as lesson 10's tip teaches (take from the pile only
    # what melds); its value is read on 4,800 worlds, with its ±.
    at = open_play("en", GAME)
    at.button(key="play_hint_button").click().run()
    until_hint(at)
    [hint] = [i.value for i in at.info]
    assert hint.startswith("Hint for this move: Pass: the 5♠ makes no meld, and a card from the stock is worth more "
                           "on average. On average this move is worth -2.0 ± 0.2 points this hand.")
    assert "Too close to call: “Take the 5♠” is as good, within what the analysis can tell." in hint
    assert hint.endswith("The coach measures against the level you face (“beginner”): how it takes from the pile, "
                         "throws and knocks.")
    assert "gives up -" not in hint


def test_the_hint_names_the_next_best_move_and_what_it_gives_up():
    # After taking the 5♠ the coach throws the 3♥ (62 of deadwood, every card that might still meld
    # kept); four throws are within a point of it and told apart from it (each measured as its
    # verdict is), the nearest first; the next best, by the verdicts, is the 6♦: it gives up 1.6 ± 0.2.
    at = open_play("en", GAME)
    act(at, "take")
    at.button(key="play_hint_button").click().run()
    until_hint(at)
    [hint] = [i.value for i in at.info]
    assert hint.startswith("Hint for this move: Throw the 3♥: your deadwood will be 62. On average this move is worth ")
    assert "Within a point of it, and told apart from it: “Throw the J♥” (0.5 ± 0.1), “Throw the A♥” (0.5 ± 0.1), " \
           "“Throw the Q♣” (0.6 ± 0.1), and “Throw the 2♠” (0.8 ± 0.1)." in hint
    assert "Too close to call" not in hint
    assert "The next best the coach weighed, “Throw the 6♦”, gives up 1.6 ± 0.2." in hint


def test_the_hint_is_worked_out_away_from_the_click_and_shown_once_it_is_in(monkeypatch):
    # The worker is held at a gate: the click answers at once with a line saying the coach is
    # weighing the options (no hint worked out on the click), and the hint shows once it is in.
    import tutor.play.match as match_module

    def no_hint(*args, **kwargs):
        raise AssertionError("a hint was worked out on the click")

    monkeypatch.setattr(match_module, "coach_hint", no_hint)
    reviewer, gate = held_reviewer(monkeypatch)
    at = open_play("en", GAME)
    at.button(key="play_hint_button").click().run()
    assert not at.exception and not at.info, screen(at)
    assert "The coach is weighing your options…" in screen(at)
    gate.set()
    until_hint(at)
    [hint] = [i.value for i in at.info]
    assert hint.startswith("Hint for this move: Pass: the 5♠ makes no meld")
    assert "weighing" not in screen(at)
    reviewer.shut_down()


def test_a_hint_whose_work_failed_says_so_and_is_asked_again_with_the_button(monkeypatch):
    from tutor.play import background

    calls = []

    def fails_once(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise RuntimeError("the worker died")
        return background.answer(*args, **kwargs)

    reviewer = background.Reviewer(0, background.work, fails_once)
    monkeypatch.setattr(background, "_reviewer", reviewer)
    at = open_play("en", GAME)
    at.button(key="play_hint_button").click().run()
    until_hint(at)
    assert [e.value for e in at.error] == ["The coach could not work out a hint this time. Press Hint to ask again."]
    at.button(key="play_hint_button").click().run()
    until_hint(at)
    assert not at.error and at.info[0].value.startswith("Hint for this move: Pass: the 5♠")
    assert len(calls) == 2
    reviewer.shut_down()


def test_a_hint_that_takes_long_says_how_long_hints_usually_take_here(monkeypatch):
    # The worker held at a gate: once the learner has waited past 3 s, the waiting line says how
    # long an answer usually takes on this server (the latest answers' median) and how long so far.
    from tutor.play import background

    reviewer, gate = held_reviewer(monkeypatch)
    monkeypatch.setattr(reviewer, "usual_wait", lambda: 1.6)
    at = open_play("en", GAME)
    at.button(key="play_hint_button").click().run()
    assert "The coach is weighing your options…" in [c.value for c in at.caption]  # not yet 3 s
    match = at.session_state["play_match"]
    background.ask(match.view(), match.level, "hint").since -= 5  # as if asked 5 s ago
    at.run()
    assert "The coach is weighing your options… It usually takes about 2 s here; 5 s so far." in \
        [c.value for c in at.caption]
    gate.set()
    until_hint(at)
    reviewer.shut_down()


def failing_reviewer(monkeypatch):
    """The process' reviewer replaced by one working in a thread of this process whose verdicts fail
    while the returned event is set (as when the work fails each time it is tried)."""
    import threading

    from tutor.play import background
    failing = threading.Event()
    failing.set()
    calls = []

    def judge(*args, **kwargs):
        calls.append(args[1])
        if failing.is_set():
            raise RuntimeError("the worker died")
        return background.work(*args, **kwargs)

    reviewer = background.Reviewer(0, judge, background.answer)
    monkeypatch.setattr(background, "_reviewer", reviewer)
    return reviewer, failing, calls


def wait_settled(decisions, seconds: float = 300):
    """Wait until the coach has judged each of ``decisions`` or failed to."""
    deadline = time.monotonic() + seconds
    while not all(d.judged or d.failed for d in decisions):
        assert time.monotonic() < deadline, "the coach neither judged nor failed"
        time.sleep(0.02)


def test_a_verdict_that_cannot_be_worked_out_says_so_and_is_asked_again_only_on_request(monkeypatch):
    # Coach mode on, the learner passes the 5♠ and the coach's work on it fails: the page says so
    # with a button, and does not ask again by itself (two more runs of the page ask nothing). Asked
    # again, the verdict comes.
    reviewer, failing, calls = failing_reviewer(monkeypatch)
    at = open_play("en", GAME)
    at.toggle(key="play_coach").set_value(True).run()
    act(at, "pass")
    wait_settled(at.session_state["play_match"].decisions)
    at.run()
    assert [w.value for w in at.warning] == ["The coach could not weigh your last move this time."]
    at.run()
    at.run()
    assert len(calls) == 1
    failing.clear()
    at.button(key="play_verdict_again").click().run()
    until_verdict(at)
    assert [s.value for s in at.success] == ["Your last move, “Pass the 5♠”. Best: the coach's move."]
    assert len(calls) == 2
    reviewer.shut_down()


def test_a_review_and_a_move_tried_again_that_cannot_be_worked_out_say_so_and_are_asked_again(monkeypatch):
    # Game 12345, the first legal move each time to the end of hand 1 (16 decisions): the coach's
    # work fails on every one, and the review says so with a button; asked again, the review comes.
    # Then a move tried again fails too, says so, and is weighed when asked again.
    reviewer, failing, calls = failing_reviewer(monkeypatch)
    at = play_first_moves(open_play("en", GAME))
    decisions = [d for d in at.session_state["play_match"].decisions if d.hand == 0]
    wait_settled(decisions)
    at.run()
    assert [w.value for w in at.warning] == [f"The coach could not review {len(decisions)} of your decisions this "
                                             "time."]
    assert len(decisions) == 16
    failing.clear()
    at.button(key="play_review_again").click().run()
    until_reviewed(at)
    assert any(c.value.startswith("Accuracy ") for c in at.caption), screen(at)
    failing.set()
    retry = next(b.key for b in at.button if b.key.startswith("play_retry_") and b.key[11:].isdigit())
    index = int(retry[11:])
    at.button(key=retry).click().run()
    at.button(key=f"play_retry_move_{index}_0").click().run()
    wait_settled([at.session_state["play_retry_move"]])
    at.run()
    assert "The coach could not weigh this move this time." in [w.value for w in at.warning]
    failing.clear()
    at.button(key=f"play_retry_weigh_{index}").click().run()
    until_retried(at)
    assert any(line.startswith("You chose: ") for line in [s.value for s in at.success] + [w.value for w in at.warning])
    reviewer.shut_down()


def test_the_hint_in_spanish():
    at = open_play("es", GAME)
    at.button(key="play_hint_button").click().run()
    until_hint(at)
    [hint] = [i.value for i in at.info]
    assert hint.startswith("Pista para esta jugada: Pasa: el 5♠ no forma ninguna combinación y, de media, una carta "
                           "del mazo vale más. De media, esta jugada vale -2,0 ± 0,2 puntos en esta mano.")
    assert "Demasiado igualado para decidir: «Coge el 5♠» es igual de buena, hasta donde el análisis puede " \
           "distinguir." in hint
    assert "(«principiante»)" in hint


def test_coach_mode_grades_a_move_the_coach_would_not_make():
    # The learner takes the 5♠ (2♠ 5♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ 2♣ Q♣) and throws the 6♠, breaking the
    # 5♠ 6♠ it just made; the coach throws the 3♥: a blunder (6.0 ± 0.3 points).
    at = open_play("en", GAME)
    at.toggle(key="play_coach").set_value(True).run()
    act(at, "take")
    act(at, "card:6S")
    assert "The coach is weighing your last move…" in screen(at) and not at.warning  # the click did not wait
    until_verdict(at)
    [warning] = [w.value for w in at.warning]
    judgement = at.session_state["play_match"].decisions[1].judgement
    assert judgement.coach == ("discard", parse_card("3H")) and judgement.grade == "blunder"
    assert warning.startswith("Your last move, “Throw the 6♠”. Blunder (gives up 6.0 ± 0.3 points): The coach "
                              "would have thrown the 3♥")


def test_coach_mode_says_when_the_learner_agrees():
    at = open_play("en", GAME)
    at.toggle(key="play_coach").set_value(True).run()
    act(at, "pass")  # the coach's move
    until_verdict(at)
    assert [s.value for s in at.success] == ["Your last move, “Pass the 5♠”. Best: the coach's move."]


def test_coach_mode_says_when_a_move_is_as_good_as_the_coachs_within_what_the_analysis_can_tell():
    at = open_play("en", GAME)
    at.toggle(key="play_coach").set_value(True).run()
    act(at, "take")  # too close to call against passing the 5♠
    until_verdict(at)
    assert [s.value for s in at.success] == ["Your last move, “Take the 5♠”. Best: too close to call beside the "
                                             "coach's move; the analysis cannot tell them apart."]


def test_an_illegal_action_gets_a_message_in_the_learner_language():
    at = open_play("es", GAME)
    act(at, "card:QC")  # a discard before deciding on the upcard
    assert [e.value for e in at.error] == ["Primero decide sobre la carta descubierta: cógela o pasa."]
    assert at.session_state["play_match"].moves == ()


@pytest.mark.parametrize("params, needle", [
    ({"game": "abc", "level": "beginner"}, "abc"),
    ({"game": "99999999999999999999", "level": "beginner"}, "9999"),
    ({"game": "²³", "level": "beginner"}, "²³"),
    ({"game": "7", "level": "grandmaster"}, "grandmaster"),
])
def test_a_bad_game_address_gets_a_message_and_the_choice_of_a_new_game(params, needle):
    at = open_play("en", params)
    assert not at.exception
    assert any(needle in w.value for w in at.warning), screen(at)
    assert at.button(key="play_deal")


def test_the_game_address_is_shown_and_deals_the_same_cards():
    at = open_play("en", GAME)
    assert "play?game=12345&level=beginner&rules=classic" in screen(at)
    again = open_play("en", GAME)
    assert again.session_state["play_match"].view() == at.session_state["play_match"].view()


def with_profile(at, name="Ana"):
    at.text_input(key="profile_new").input(name).run()
    at.button(key="profile_create").click().run()
    return at


def test_a_game_in_progress_resumes_in_a_new_session_of_the_profile():
    at = with_profile(start("en"))
    at.switch_page("screens/play.py").run()
    at.button(key="play_deal").click().run()
    act(at, "pass")
    match = at.session_state["play_match"]
    other = start("en")
    other.session_state["profile_name"] = "Ana"
    other.switch_page("screens/play.py").run()
    resumed = other.session_state["play_match"]
    assert resumed.seed == match.seed and resumed.moves == match.moves and resumed.view() == match.view()
    # Both passed the 5♠, so the learner draws from the stock (forced) and throws: the resumed game
    # goes on and is saved with its three moves.
    assert resumed.view()["legal"] == [["stock", None]]
    act(other, "stock")
    act(other, "card:" + next(c for k, c in other.session_state["play_match"].view()["legal"] if k == "discard"))
    assert not other.exception
    [saved] = profile_store(other).games(other.session_state["_profile"].id)
    assert len(saved.moves) == 3 and not saved.finished


def profile_store(at):
    """The progress store the app uses (the test's own data folder)."""
    import os
    from pathlib import Path

    from tutor.progress.store import FILE_NAME, Store
    return Store(Path(os.environ["GIN_TUTOR_DATA_DIR"]) / FILE_NAME)


def test_a_move_with_a_profile_works_out_no_verdict_on_the_click(monkeypatch):
    # With a profile and Coach mode on, the coach's verdict is worked out by the reviewer (held back
    # here until the gate opens; its work runs in a thread of this process): the page never works one
    # out itself (it fails here if it does), the moves are played and saved at once, and the game's
    # record counts the decisions once they are judged. Game 12345: the learner takes the 5♠ (the
    # coach's move, best) and throws the 6♠ (a blunder), then, once both are judged, throws again.
    import tutor.play.match as match_module

    def no_verdict(*args, **kwargs):
        raise AssertionError("a verdict was worked out on the click")

    monkeypatch.setattr(match_module, "judge", no_verdict)
    _, gate = held_reviewer(monkeypatch)
    at = with_profile(start("en"), "Dora")
    at.query_params.update(GAME)
    at.switch_page("screens/play.py").run()
    at.toggle(key="play_coach").set_value(True).run()
    for action in ("take", "card:6S"):
        act(at, action)
        assert not at.exception and not at.error, screen(at)
    assert "The coach is weighing your last move…" in screen(at)
    [saved] = profile_store(at).games(at.session_state["_profile"].id)
    assert saved.moves == [("take", None), ("discard", "6S")] and (saved.decisions, saved.agreed) == (0, 0)
    gate.set()
    wait_judged(at.session_state["play_match"].decisions[:2], 120)
    gate.clear()  # the next decisions wait again: the record below counts these two only
    at.run()
    assert at.warning[0].value.startswith("Your last move, “Throw the 6♠”. Blunder")
    match = at.session_state["play_match"]
    while not match.learner_to_move or match.view()["phase"] != "discard":
        kind, card = match.view()["legal"][0]
        act(at, kind if kind != "discard" else f"card:{card}")
        match = at.session_state["play_match"]
    act(at, "card:" + next(c for k, c in match.view()["legal"] if k == "discard"))
    [saved] = profile_store(at).games(at.session_state["_profile"].id)
    assert (saved.decisions, saved.agreed) == (2, 1)
    gate.set()


def test_the_play_pages_switches_stay_on_across_hands_and_sessions_of_a_profile():
    # Game 12345 against the beginner, the learner playing the first legal move each time: the three
    # switches (Coach mode, Quick moves, the map of what it probably holds) on in hand 1 stay on at
    # the table of hand 2, and in a new session of the same profile. The map is off until turned on.
    at = with_profile(start("en"), "Eli")
    at.query_params.update(GAME)
    at.switch_page("screens/play.py").run()
    assert not at.toggle(key="play_reading").value and not [t for t in at.table if "Card" in t.value.columns]
    at.toggle(key="play_coach").set_value(True).run()
    at.toggle(key="play_quick").set_value(True).run()
    at.toggle(key="play_reading").set_value(True).run()
    # The learner holds 2♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ 2♣ Q♣ and sees the 5♠: eleven cards seen ("—"),
    # the other 41 each with a chance; no mark of the real hand at the table.
    [live] = [t.value for t in at.table if "Card" in t.value.columns]
    cells = list(live.drop(columns="Card").to_numpy().ravel())
    assert cells.count("—") == 11 and all(c.endswith("%") for c in cells if c != "—")
    assert not any("●" in c for c in cells)
    play_first_moves(at)
    assert "Hand 1 is over" in screen(at) and not at.toggle  # the switches are not drawn on this page
    at.button(key="play_next").click().run()
    assert all(at.toggle(key=k).value for k in ("play_coach", "play_quick", "play_reading"))
    again = start("en")
    again.session_state["profile_name"] = "Eli"
    again.switch_page("screens/play.py").run()
    if "Hand 1 is over" in screen(again):  # the game was saved as hand 1 ended, hand 2 not opened yet
        again.button(key="play_next").click().run()
    assert all(again.toggle(key=k).value for k in ("play_coach", "play_quick", "play_reading"))


def throw_the_first_card_offered(at):
    """Play hand 1 to its end throwing the first card offered each turn (seldom the strong player's),
    and wait for the coach's review (worked out in the background)."""
    for _ in range(200):
        match = at.session_state["play_match"]
        if len(match.game.played) > at.session_state["play_seen"]:
            return until_reviewed(at)
        view = match.view()
        if view["phase"] == "discard":
            act(at, "card:" + next(c for k, c in view["legal"] if k == "discard"))
        else:
            act(at, "stock" if ["stock", None] in view["legal"] else "pass")
    raise AssertionError("the hand did not end")


def review_buttons(at) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith("play_review_")]


def test_what_was_sent_to_review_in_one_game_stays_with_that_game():
    # Game 158: the learner sends its first differing discard to review; then, in the same
    # session, game 31: every differing discard there offers "Review it later", none says
    # "In your review" (nothing of game 31 was sent). In both the beginner knocks on its third turn.
    at = with_profile(start("en"))
    at.query_params.update(SHORT)
    at.switch_page("screens/play.py").run()
    throw_the_first_card_offered(at)
    first = review_buttons(at)
    at.button(key=first[0]).click().run()
    assert "In your review" in screen(at) and first[0] not in review_buttons(at)
    at.query_params.update({"game": "31", "level": "beginner", "rules": "classic"})
    at.run()
    assert at.session_state["play_match"].seed == 31
    throw_the_first_card_offered(at)
    assert review_buttons(at) and "In your review" not in screen(at)
    differing = [d for d in at.session_state["play_match"].decisions
                 if not d.agreed and d.view["phase"] == "discard"]
    assert len(review_buttons(at)) == len(differing)


def test_a_decision_goes_to_review_and_the_games_show_on_the_progress_page():
    at = with_profile(start("en"))
    at.query_params.update(SHORT)
    at.switch_page("screens/play.py").run()
    throw_the_first_card_offered(at)
    buttons = review_buttons(at)
    assert buttons
    at.button(key=buttons[0]).click().run()
    assert "In your review" in screen(at)
    at.switch_page("screens/review.py").run()
    assert not at.exception
    assert "You hold these eleven cards. Which one do you throw?" in screen(at)
    at.switch_page("screens/progress.py").run()
    assert not at.exception
    text = screen(at)
    assert "Games against the virtual player" in text and "Replay a game" in text
    assert at.session_state["play_match"].game.played[0].result is not None
    assert LEARNER == 0


def test_the_replay_weighs_the_virtual_players_move_away_from_the_page():
    # Game 12345: the learner takes the 5♠ and throws the Q♣; the virtual player then passes the Q♣
    # and draws from the stock (move 3 of the replay). The coach's move there is worked out in the
    # background: first a line saying so, then the move, the same one.
    at = with_profile(start("en"))
    at.query_params.update(GAME)
    at.switch_page("screens/play.py").run()
    act(at, "take")
    act(at, "card:QC")
    at.switch_page("screens/progress.py").run()
    [slider] = [s for s in at.slider if s.key.startswith("replay_move_")]
    slider.set_value(3).run()
    assert any(m.value.startswith("**Move 3 of ") and m.value.endswith("** It drew from the stock.")
               for m in at.markdown)
    assert "The coach is weighing this move…" in [c.value for c in at.caption]
    from tutor.play import background
    deadline = time.monotonic() + 120
    while background.reviewer().waiting():
        assert time.monotonic() < deadline, "the coach's move did not come"
        time.sleep(0.02)
    at.run()
    assert "The coach's move: Draw from the stock." in [t.value for t in at.text]
    assert [s.value for s in at.success] == ["The virtual player made the coach's move."]
    assert not at.exception


def test_a_game_saved_as_a_hand_ended_resumes_on_that_hand_result():
    # Game 7 against the strong player: following the hints, the learner's knock ends hand 1 and
    # the virtual player opens hand 2 only after Next hand.
    at = with_profile(start("en"), "Bea")
    at.query_params.update({"game": "7", "level": "strong", "rules": "classic"})
    at.switch_page("screens/play.py").run()
    play_hint_moves(at)
    assert at.session_state["play_match"].moves[-1].player == 0
    again = start("en", params={"game": "7", "level": "strong", "rules": "classic"})
    again.session_state["profile_name"] = "Bea"
    again.switch_page("screens/play.py").run()
    assert "Hand 1 is over" in screen(again)
    again.button(key="play_next").click().run()
    assert again.session_state["play_match"].learner_to_move


def test_the_browser_cookie_brings_back_the_profile():
    at = with_profile(start("en"), "Cai")
    assert any("gin_tutor_profile=Cai" in h.proto.body for h in at.get("html"))


def test_a_whole_game_ends_with_the_final_totals_and_every_bonus():
    # Game 4 under the short rules (to 50), the learner following the hints against the beginner:
    # two hands, each an undercut of the beginner's knock, for 27 and 30 = 57 (at least 50): a
    # shutout, so A's 57 counts twice: 57 + 2 × 25 + 100 + 57 = 264, B 0.
    at = open_play("en", {"game": "4", "level": "beginner", "rules": "short"})
    for _ in range(20):
        play_hint_moves(at)
        if at.session_state["play_match"].game.over:
            break
        at.button(key="play_next").click().run()
    assert [s.value for s in at.success if "won the game" in s.value] == ["You won the game, 264 to 0."]
    steps = [m.value for m in at.markdown if m.value.startswith("1. Player A ends the game")]
    assert steps == ["1. Player A ends the game at hand 2 with 57 points.\n2. The loser won no hand: it is a "
                     "shutout.\n3. A: 2 hands won × 25 = 50.\n4. A: game bonus +100.\n5. A: shutout: hand points "
                     "doubled +57.\n6. Totals: A 264, B 0."]
    at.button(key="play_new").click().run()
    assert at.button(key="play_deal") and "play_match" not in at.session_state


def test_a_move_from_a_stale_tab_is_refused_and_that_tab_shows_the_game_as_it_is():
    # Ana has game 12345 open in tabs A and B, both at the first upcard. A passes, and plays on to its
    # first discard; B, still at the first upcard, takes: refused (A's moves are kept), and B shows
    # the game as A left it, saying why.
    tab_a = with_profile(start("en"))
    tab_a.query_params.update(GAME)
    tab_a.switch_page("screens/play.py").run()
    tab_b = start("en")
    tab_b.session_state["profile_name"] = "Ana"
    tab_b.query_params.update(GAME)
    tab_b.switch_page("screens/play.py").run()
    assert tab_b.session_state["play_match"].moves == tab_a.session_state["play_match"].moves
    act(tab_a, "pass")
    view = tab_a.session_state["play_match"].view()
    act(tab_a, "stock" if ["stock", None] in view["legal"] else "take")
    view = tab_a.session_state["play_match"].view()
    act(tab_a, "card:" + next(c for k, c in view["legal"] if k == "discard"))
    a_moves = tab_a.session_state["play_match"].moves
    act(tab_b, "take")
    assert [e.value for e in tab_b.error] == ["This game moved on in another tab or window: here it is as it is now."]
    assert tab_b.session_state["play_match"].moves == a_moves
    from tutor.app.ui import store_access
    store = store_access.store()
    saved = store.game_in_progress(some(store.find_profile("Ana")).id)
    assert saved is not None and [tuple(m) for m in saved.moves] == tab_a.session_state["play_match"].learner_moves()
    act(tab_a, "stock" if ["stock", None] in tab_a.session_state["play_match"].view()["legal"] else "take")
    assert not tab_a.error  # the tab that moved on goes on


@pytest.mark.parametrize("lang, level, needles", [
    # The figures are tutor/play/bots/strength.py's LADDER, as the page formats them.
    ("en", "intermediate", ("Measured over 4,000 hands of duplicate deals: 1.06 points a hand more than the beginner "
                          "player",)),
    ("es", "strong", ("Medido en 4000 manos de repartos duplicados: 1,12 puntos por mano más que el jugador "
                        "intermedio",)),
    ("en", "beginner", ("The first step of the ladder",)),
    ("es", "expert", ("Medido en 4000 manos de repartos duplicados: 5,34 puntos por mano más que el jugador fuerte "
                      "(± 0,44).",
                      "Contra SGP_LMGeo_Knock, un agente de investigación publicado: 8,12 puntos por mano más "
                      "(± 0,49, 4000 manos).")),
])
def test_each_level_is_described_with_its_measured_strength(lang, level, needles):
    at = start(lang)
    at.session_state["play_level_choice"] = level
    at = at.switch_page("screens/play.py").run()
    assert not at.exception
    assert all(needle in screen(at) for needle in needles), screen(at)


def test_a_mistake_is_tried_again_from_the_same_position_and_the_analysis_answers():
    # Game 12345: the learner takes the 5♠ and throws the 6♠ (a blunder: the coach throws the 3♥),
    # then follows the hints to the end of the hand. In the review, "Try again" opens that
    # position: the learner throws the J♥ this time and is told it is within a point of the coach's
    # move, told apart from it, with every move the analysis valued.
    at = open_play("en", GAME)
    act(at, "take")
    act(at, "card:6S")
    play_hint_moves(at)
    at.button(key="play_retry_1").click().run()
    assert "Try again: turn 1" in screen(at)
    [throw_jh] = [b for b in at.button if b.label == "Throw the J♥"]
    throw_jh.click().run()
    assert not at.exception and "The coach is weighing your move…" in screen(at)  # worked out in the background
    until_retried(at)
    assert "You chose: Throw the J♥. Best: within a point of the coach's move (Throw the 3♥): it gives up 0.5 ± 0.1 " \
           "points." in [s.value for s in at.success]
    [options] = [t.value for t in at.table if "Move" in t.value.columns]
    assert list(options.columns) == ["Move", "Expected points (± s.e.)", "Grade"]
    assert "Throw the 6♠" in list(options["Move"]) and "Throw the 3♥ (the coach's)" in list(options["Move"])
    assert set(options["Grade"]) <= {"best", "inaccuracy", "mistake", "blunder"}
    at.button(key="play_retry_close_1").click().run()
    assert "Try again: turn 1" not in screen(at)


def test_the_table_shows_the_discards_of_the_hand_for_both_players():
    # Game 12345 against the beginner: both pass the 5♠; the learner draws and throws the K♦, the
    # beginner draws and throws the Q♠.
    at = open_play("en", GAME)
    act(at, "pass")
    act(at, "stock")
    act(at, "card:KD")
    assert "The virtual player threw: Q♠\nIt holds, taken from the pile: nothing yet\nYou threw: K♦" in screen(at)


def test_the_review_shows_what_each_tip_is_worth_and_what_the_virtual_player_probably_held():
    # The table of tutor/play/tip_values.py: every one of 001's seven tips with its measured worth.
    at = open_play("en", GAME)
    play_hint_moves(at)
    [worth] = [t.value for t in at.table if "Tip" in t.value.columns]
    assert len(worth) == 7 and "Throw face cards first" in list(worth["Tip"])
    row = worth[worth["Tip"] == "Keep cards that work twice"].iloc[0]
    assert row["Following it is worth (points a hand, ± s.e.)"] == "3.4 (± 0.3)" and row["Better to follow it"] == "71%"
    # The map at the first decision (the 5♠ offered, which the hint passes): the learner's ten cards and the 5♠ are
    # seen ("—"); every other card has a chance; ● marks the ten cards the beginner really held.
    assert "What the virtual player probably held" in [e.label for e in at.expander]
    chosen = at.selectbox(key="play_holding_at_1")
    assert chosen.value == len(chosen.options) - 1  # the last decision first: the most is known there
    assert chosen.options[0] == "Turn 1: Pass the 5♠"
    chosen.set_value(0).run()
    [held] = [t.value for t in at.table if "Card" in t.value.columns]
    assert list(held.columns) == ["Card", "♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs"]
    assert list(held["Card"]) == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    cells = {f"{rank}{suit[0]}": held[suit][row] for row, rank in enumerate(held["Card"]) for suit in held.columns[1:]}
    seen = ["2♠", "6♠", "10♠", "A♥", "3♥", "J♥", "6♦", "10♦", "2♣", "Q♣", "5♠"]
    assert sorted(c for c, text in cells.items() if text == "—") == sorted(seen)
    assert sum(text.endswith(" ●") for text in cells.values()) == 10
    assert all(text == "—" or text.rstrip(" ●").endswith("%") for text in cells.values())
    assert any(c.value.startswith("“taken”: it took the card from the pile") for c in at.caption)
    # Back at the hand's last decision the map is drawn again, for that position.
    chosen.set_value(len(chosen.options) - 1).run()
    [later] = [t.value for t in at.table if "Card" in t.value.columns]
    assert not at.exception and sum(text == "—" for text in later.drop(columns="Card").to_numpy().ravel()) > 11


def play_first_moves(at, most: int = 200):
    """Play the first legal move for the learner until the hand is over (no hint asked: the coach
    has not looked at these positions yet)."""
    for _ in range(most):
        match = at.session_state["play_match"]
        if len(match.game.played) > at.session_state["play_seen"]:
            return at
        kind, card = match.view()["legal"][0]
        for action in actions_for((kind, card)):
            act(at, action)
        assert not at.exception, [e.value for e in at.exception]
    raise AssertionError("the hand did not end")


def test_the_review_is_worked_out_in_the_background_never_holds_up_the_next_hand_and_stays(monkeypatch):
    # The reviewer is held back (one thread in this process, its work waiting for a gate) so that the
    # review is still under way when the hand ends: Next hand deals at once, and the review of hand 1,
    # once judged, is there above the table of hand 2.
    _, gate = held_reviewer(monkeypatch)
    at = play_first_moves(open_play("en", GAME))
    match = at.session_state["play_match"]
    decisions = [d for d in match.decisions if d.hand == 0]
    assert judged(decisions) == 0
    [bar] = at.get("progress")
    assert "The coach is going over your decisions" in bar.proto.text
    assert "You can deal the next hand meanwhile: this review stays with the game." in bar.proto.text
    at.button(key="play_next").click().run()  # the next hand at once, the review still under way
    assert not at.exception and "Hand 1 is over" not in screen(at)
    assert len(at.session_state["play_match"].game.played) == 1
    gate.set()
    wait_judged(decisions)  # the same decisions, judged for the game's record
    at.run()
    assert all(d.judgement.grade for d in at.session_state["play_match"].decisions if d.hand == 0)
    assert "Reviews of this game's earlier hands" in [e.label for e in at.expander]
    assert at.selectbox(key="play_review_hand").value == 1
    assert any(c.value.startswith("Accuracy ") for c in at.caption), screen(at)


def test_a_guests_moves_stay_in_the_address_and_a_reload_replays_them():
    # Deal 12345: the learner passes the 5♠, the virtual player passes too, the learner draws and
    # throws the 2♠ (the virtual player then draws and throws the Q♠).
    at = open_play("en", GAME)
    for action in ("pass", "stock", "card:2S"):
        act(at, action)
    assert at.query_params["moves"] == "p.s.d2S"
    reloaded = open_play("en", {**GAME, "moves": "p.s.d2S"})  # a new session: what a reload is
    match = reloaded.session_state["play_match"]
    assert match.learner_moves() == [("pass", None), ("stock", None), ("discard", "2S")]
    assert match.learner_to_move and not reloaded.exception and not reloaded.warning


@pytest.mark.parametrize("lang, moves, needle", [
    ("en", "p.zz", "The address lists a move that cannot be read (“zz”): the game is dealt again from the start."),
    ("es", "p.s.dAS", "Los movimientos de esta dirección no encajan con este reparto (A♠ no está en tu mano.)"),
])
def test_moves_in_an_address_that_cannot_be_replayed_deal_the_game_again_with_a_message(lang, moves, needle):
    at = open_play(lang, {**GAME, "moves": moves})
    assert not at.exception
    assert any(needle in w.value for w in at.warning), [w.value for w in at.warning]
    assert at.session_state["play_match"].learner_moves() == []


def test_the_move_log_says_went_gin_for_a_knock_that_leaves_no_deadwood():
    # Deal 158 (short rules, beginner) with the learner's moves of the learner review's address (L5),
    # p.s.d7S.t.dKD: the virtual player ends the hand by throwing the 6♣ with nothing left loose.
    at = open_play("en", {"game": "158", "level": "beginner", "rules": "short", "moves": "p.s.d7S.t.dKD"})
    from apptest_helpers import screen
    shown = screen(at)
    assert "It threw the 6♣ and went gin." in shown and "It threw the 6♣ and knocked." not in shown, shown
