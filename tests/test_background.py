"""The coach's background reviewer (tutor/play/background.py): fair turns between learners, the
page's own request first, verdicts sent back whole from a worker process, the worker count setting,
and no worker left behind when the app's process goes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, cast

from tutor.engine.rules import load_ruleset
from tutor.play import background
from tutor.play.background import Reviewer, worker_count
from tutor.play.hand import View
from tutor.play.match import start_match

ROOT = Path(__file__).resolve().parent.parent


def decisions_of_4242(count: int):
    """The learner's first ``count`` decisions of game 4242 (classic, against the beginner),
    each the first legal move."""
    match = start_match(load_ruleset("classic"), 4242, "beginner")
    while len(match.decisions) < count:
        match = match.play(match.view()["legal"][0])
    return list(match.decisions)


def tagged(view: View, who: str, **changes: Any) -> View:
    """A view marked with who asks for it (the held workers write it down), fields changed by ``changes``."""
    return cast(View, {**view, "_who": who, **changes})


def held_judge(gate: threading.Event, order: list[str], names: dict[int, str]):
    """A judge that waits for ``gate``, then writes down the name of the decision it judges (its
    view's, in ``names``) in ``order`` and judges it as a worker would."""
    def judge(view, move, opponent, compare=(), thorough=False):
        gate.wait(60)
        order.append(names[id(view)])
        return background.work(view, move, opponent, compare, thorough)
    return judge


def until_idle(reviewer: Reviewer, seconds: float = 120) -> None:
    """Wait until ``reviewer`` has nothing queued or being worked on."""
    deadline = time.monotonic() + seconds
    while reviewer.waiting():
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_the_worker_count_is_a_setting_with_a_sensible_default(monkeypatch):
    assert worker_count({"GIN_TUTOR_REVIEW_WORKERS": "3"}) == 3
    assert worker_count({"GIN_TUTOR_REVIEW_WORKERS": "0"}) == 0
    for cores, default in ((8, 7), (2, 1), (1, 1), (None, 1)):  # one fewer than the cores, at least one
        monkeypatch.setattr(os, "cpu_count", lambda cores=cores: cores)
        assert worker_count({}) == default
        assert worker_count({"GIN_TUTOR_REVIEW_WORKERS": "many"}) == default


def test_learners_take_turns_and_the_pages_own_request_goes_first():
    # One worker thread, held at a gate: Ana queues four decisions of a hand's review, Ben one, then
    # Ana's page asks for a decision urgently. The order judged: Ana's first (sent to the worker at
    # once, her line then going behind the others: there were none yet), the urgent one, then the
    # two lines taking turns, one decision each: Ben's one waits behind one of Ana's, not her three.
    order: list[str] = []
    gate = threading.Event()
    names: dict[int, str] = {}
    reviewer = Reviewer(0, held_judge(gate, order, names))
    ana = decisions_of_4242(5)
    ben = decisions_of_4242(6)[5:]
    for label, decision in [*((f"ana{i}", d) for i, d in enumerate(ana)), ("ben0", ben[0])]:
        names[id(decision.view)] = label
    reviewer.request(ana[:4], "ana")
    reviewer.request(ben, "ben")
    reviewer.request(ana[4:], "ana", urgent=True)
    gate.set()
    until_idle(reviewer)
    assert order == ["ana0", "ana4", "ana1", "ben0", "ana2", "ana3"]
    assert all(d.judged for d in [*ana, *ben])
    reviewer.shut_down()


def test_a_verdict_from_a_worker_process_is_sent_back_as_it_was_worked_out():
    # Game 4242, classic, against the beginner: the learner takes the 4♥ and holds
    # A♠ 6♠ K♠ 4♥ 6♥ 9♥ 2♦ 7♦ K♦ A♣ 6♣; it throws the A♠, where the coach throws the 7♦: the worker
    # measures a loss of 9.85 ± 1.05 points on 486 worlds, a blunder, and the page reads just that.
    reviewer = Reviewer(1)
    [_, second] = decisions_of_4242(2)
    reviewer.request([second], "ana")
    deadline = time.monotonic() + 120
    while not second.judged:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    sent = second.judgement
    assert str(second.move[1]) == "AS" and str(sent.coach[1]) == "7D"
    assert (round(sent.loss, 2), round(sent.stderr, 2), sent.worlds, sent.grade) == (9.85, 1.05, 486, "blunder")
    reviewer.shut_down()


def test_a_worker_sends_back_the_verdict_and_what_the_page_reads_and_no_more():
    # The same decision of game 4242 (the A♠ thrown where the coach throws the 7♦): what comes back
    # from the worker, and stays on the decision in the app process for the life of the game, is
    # the verdict and the tips' measures: under 2 KB pickled (587 KB when it carried the worlds),
    # and under 8 KB for a decision tried again, with every valued move's verdict.
    import pickle

    [_, second] = decisions_of_4242(2)
    worked = background.work(second.view, second.move, second.opponent)
    assert worked.judgement.grade == "blunder" and str(worked.judgement.coach[1]) == "7D"
    assert len(pickle.dumps(worked)) < 2_000
    thorough = background.work(second.view, second.move, second.opponent, (), True)
    assert len(pickle.dumps(thorough)) < 8_000


def test_a_question_goes_before_the_reviews_and_is_asked_once():
    # One worker thread, held at a gate: Ana's review queues three decisions, then her page asks for
    # the Hint at the fourth, twice (the page asks again on each run). The first review decision is
    # already with the worker; the question comes next, once, then the rest of the review.
    order: list[str] = []
    gate = threading.Event()
    names: dict[int, str] = {}

    def answer(view, opponent, what):
        order.append(what)
        return background.answer(view, opponent, what)

    reviewer = Reviewer(0, held_judge(gate, order, names), answer)
    ana = decisions_of_4242(4)
    for i, decision in enumerate(ana):
        names[id(decision.view)] = f"ana{i}"
    reviewer.request(ana[:3], "ana")
    asked = reviewer.ask(ana[3].view, "beginner", "hint", "ana")
    assert reviewer.ask(ana[3].view, "beginner", "hint", "ana") is asked and not asked.answered
    gate.set()
    until_idle(reviewer)
    assert order == ["ana0", "hint", "ana1", "ana2"]
    assert asked.answered and asked.hint is not None
    assert reviewer.ask(ana[3].view, "beginner", "hint", "ana") is asked  # answered: not worked out again
    assert order.count("hint") == 1
    reviewer.shut_down()


def test_a_question_is_answered_in_a_worker_process_and_one_dropped_is_asked_again():
    # Game 4242, classic, against the beginner, the learner's second decision (the 4♥ taken: A♠ 6♠ K♠
    # 4♥ 6♥ 9♥ 2♦ 7♦ K♦ A♣ 6♣): the coach throws the 7♦, whether asked for the Hint or its move alone.
    [_, second] = decisions_of_4242(2)
    reviewer = Reviewer(1)
    hint = reviewer.ask(second.view, "beginner", "hint", "ana")
    move = reviewer.ask(second.view, "beginner", "move", "ana")  # waits behind the hint: dropped below
    assert reviewer.forget() == 1 and not move.answered
    assert reviewer.ask(second.view, "beginner", "move", "ana") is move  # dropped: queued again
    deadline = time.monotonic() + 120
    while not (hint.answered and move.answered):
        assert time.monotonic() < deadline and not hint.failed and not move.failed
        time.sleep(0.02)
    assert hint.hint is not None and str(hint.hint.move[1]) == "7D" and hint.hint.opponent == "beginner"
    assert move.answer is not None and str(move.answer[1]) == "7D"
    reviewer.shut_down()


def nice_of(pid: int) -> int:
    """A process' niceness (the 19th field of /proc/PID/stat)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


def test_warming_starts_the_workers_once_before_any_question_the_urgent_one_above_the_reviews():
    reviewer = Reviewer(1)
    reviewer.warm()
    deadline = time.monotonic() + 60
    while not all(reviewer.workers_running().values()):
        assert time.monotonic() < deadline, "no worker started"
        time.sleep(0.02)
    started = reviewer.workers_running()
    reviewer.warm()
    assert reviewer.workers_running() == started and reviewer.waiting() == 0
    [review], [urgent] = started["review"], started["urgent"]
    # The reviews nobody waits for at the lowest priority; what a learner waits for a step below the app.
    deadline = time.monotonic() + 30
    mine = nice_of(os.getpid())
    while (nice_of(review), nice_of(urgent)) != (min(19, mine + 19), min(19, mine + 1)):
        assert time.monotonic() < deadline, (nice_of(review), nice_of(urgent))
        time.sleep(0.02)
    reviewer.shut_down()
    reviewer.warm()  # a stopped reviewer starts nothing
    assert reviewer.workers_running() == {"review": [], "urgent": []}


def test_only_the_hint_and_the_coachs_move_are_asked():
    import pytest

    with pytest.raises(ValueError, match="not 'verdict'"):
        background.Asked(cast(View, {}), "beginner", "verdict")


WORKER_SCRIPT = """
import os, sys, time
from tutor.engine.rules import load_ruleset
from tutor.play.background import Reviewer
from tutor.play.match import start_match

if __name__ == "__main__":
    match = start_match(load_ruleset("classic"), 4242, "beginner")
    match = match.play(match.view()["legal"][0])
    reviewer = Reviewer(1)
    reviewer.request(match.decisions, "ana")
    while not reviewer.workers_running()["review"]:
        time.sleep(0.05)
    print(" ".join(str(pid) for pid in reviewer.workers_running()["review"]), flush=True)
    time.sleep(600)
"""


def test_no_worker_outlives_the_process_that_started_it_even_killed(tmp_path):
    script = tmp_path / "parent.py"
    script.write_text(WORKER_SCRIPT)
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert parent.stdout is not None
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    assert workers
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait(timeout=30)
    deadline = time.monotonic() + 30
    while any(Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid) for pid in workers):
        assert time.monotonic() < deadline, "a worker outlived its parent"
        time.sleep(0.1)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split("\n")[0].lower()
    except (FileNotFoundError, IndexError):
        return "zombie"


def test_workers_killed_twice_are_started_again_and_every_question_and_review_is_answered_as_it_would_be():
    # Ana's review of game 4242's first six decisions waits; Ben asks for the Hint of game 12345's
    # first decision. Every worker is killed (SIGKILL, as the kernel's memory killer does) while they
    # work, twice: the pools are started again, the work they held asked again, and every verdict
    # and the hint come back as an undisturbed coach works them out (nothing lost, nothing mixed).
    from tutor.play.coach import coach_hint, judge

    ana = decisions_of_4242(6)
    ben = start_match(load_ruleset("classic"), 12345, "beginner").view()
    reviewer = Reviewer(1)
    reviewer.request(ana, "ana")
    asked = reviewer.ask(ben, "beginner", "hint", "ben")
    killed: set[int] = set()
    for _ in range(2):
        deadline = time.monotonic() + 60
        while not all(pids and not set(pids) & killed for pids in reviewer.workers_running().values()):
            assert time.monotonic() < deadline, "no worker started again"
            time.sleep(0.02)
        for pids in reviewer.workers_running().values():
            for pid in pids:
                os.kill(pid, signal.SIGKILL)
                killed.add(pid)
        reviewer.request(ana, "ana")  # the page asks again each second
        reviewer.ask(ben, "beginner", "hint", "ben")
    deadline = time.monotonic() + 180
    while not (all(d.judged for d in ana) and asked.answered):
        assert time.monotonic() < deadline, ([d.judged for d in ana], asked.answered, asked.failed)
        assert not asked.failed and not any(d.failed for d in ana)
        reviewer.request(ana, "ana")
        time.sleep(0.05)
    for decision in ana:
        assert decision.judgement == judge(decision.view, decision.move, decision.opponent)
    assert asked.answer == coach_hint(ben, "beginner")
    reviewer.shut_down()


def test_a_verdict_that_cannot_be_worked_out_is_failed_once_and_asked_again_only_on_request():
    # A judge that always fails (one thread, as GIN_TUTOR_REVIEW_WORKERS=0): the page asks each
    # second, but the decision is worked on once and marked failed; asked again, once more.
    calls = []

    def fails(*args, **kwargs):
        calls.append(args)
        raise RuntimeError("the coach broke")

    reviewer = Reviewer(0, fails)
    [decision] = decisions_of_4242(1)
    for _ in range(10):
        reviewer.request([decision], "ana", urgent=True)
        until_idle(reviewer)
    assert decision.failed and not decision.judged and len(calls) == 1
    reviewer.request([decision], "ana", urgent=True, again=True)
    until_idle(reviewer)
    assert decision.failed and len(calls) == 2
    reviewer.shut_down()


def test_one_learners_flood_of_urgent_work_is_bounded_and_waits_its_turn():
    # One worker thread held at a gate. Ana asks for a verdict on a move tried again twenty times (a
    # new choice each time): the first goes to the worker, and each newer one replaces the older
    # waiting, so one waits; she asks three Hints for three positions: only the last waits. Ben asks
    # one Hint. The Hints go before any verdict (a learner waits for a Hint), Ana's first as her
    # line's turn comes first; Ben's does not wait behind her flood.
    from tutor.play.match import Decision

    gate = threading.Event()
    order: list[str] = []

    def held(view, *args, **kwargs):
        gate.wait(60)
        order.append(view["_who"])
        raise RuntimeError("not worked out here")

    reviewer = Reviewer(0, held, held)
    views = [tagged(d.view, f"ana-retry{i}") for i, d in enumerate(decisions_of_4242(1) * 20)]
    first = decisions_of_4242(1)[0]
    retries = [Decision(first.hand, v, first.move, first.opponent) for v in views]
    for retry in retries:
        reviewer.request([retry], "ana", urgent=True, compare=(first.move,), thorough=True)
    hints = [tagged(first.view, f"ana-hint{i}", turn=100 + i) for i in range(3)]
    for hint in hints:
        reviewer.ask(hint, "beginner", "hint", "ana")
    reviewer.ask(tagged(first.view, "ben-hint", turn=200), "beginner", "hint", "ben")
    assert reviewer.waiting() == 4  # the one being worked on, two of Ana's waiting, Ben's one
    gate.set()
    until_idle(reviewer)
    assert order == ["ana-retry0", "ana-hint2", "ben-hint", "ana-retry19"]
    reviewer.shut_down()


def test_a_hint_goes_before_the_verdicts_waiting_for_the_urgent_worker():
    # One worker thread held at a gate. Ana's Coach mode verdict goes to the worker; Cat's waits;
    # then Ben asks for a Hint: it is worked out before Cat's verdict (Cat may play on meanwhile,
    # Ben waits for his answer).
    from tutor.play.match import Decision

    gate = threading.Event()
    order: list[str] = []

    def held(view, *args, **kwargs):
        gate.wait(60)
        order.append(view["_who"])
        raise RuntimeError("not worked out here")

    reviewer = Reviewer(0, held, held)
    first = decisions_of_4242(1)[0]
    for who in ("ana", "cat"):
        reviewer.request([Decision(0, tagged(first.view, f"{who}-verdict"), first.move, first.opponent)], who,
                         urgent=True)
    reviewer.ask(tagged(first.view, "ben-hint"), "beginner", "hint", "ben")
    gate.set()
    until_idle(reviewer)
    assert order == ["ana-verdict", "ben-hint", "cat-verdict"]
    reviewer.shut_down()


def test_a_learner_past_their_share_of_the_urgent_worker_waits_in_their_review_line(monkeypatch):
    # Each verdict takes 0.2 s, and a learner's share is 0.3 s a minute here. Ana has two verdicts
    # worked out urgently (0.4 s: past her share). Then, while Cat's verdict holds the worker, Ben
    # queues a review decision and Ana asks for a verdict urgently, twice (a page asks each second):
    # hers waits in her review line, behind Ben's review, and is still worked out.
    from tutor.play.match import Decision

    monkeypatch.setattr(background, "URGENT_SHARE", 0.3)
    gate = threading.Event()
    gate.set()
    order: list[str] = []

    def slow(view, *args, **kwargs):
        gate.wait(60)
        time.sleep(0.2)
        order.append(view["_who"])
        raise RuntimeError("not worked out here")

    reviewer = Reviewer(0, slow, slow)
    first = decisions_of_4242(1)[0]

    def decision(who):
        return Decision(0, tagged(first.view, who), first.move, first.opponent)

    for n in range(2):
        reviewer.request([decision(f"ana-{n}")], "ana", urgent=True)
        until_idle(reviewer)
    gate.clear()
    reviewer.request([decision("cat")], "cat", urgent=True)
    reviewer.request([decision("ben-review")], "ben")
    late = decision("ana-2")
    reviewer.request([late], "ana", urgent=True)
    reviewer.request([late], "ana", urgent=True)
    gate.set()
    until_idle(reviewer)
    assert order == ["ana-0", "ana-1", "cat", "ben-review", "ana-2"]
    reviewer.shut_down()


def test_the_work_of_a_learner_whose_page_is_gone_is_dropped():
    gate = threading.Event()
    order: list[str] = []
    names: dict[int, str] = {}
    reviewer = Reviewer(0, held_judge(gate, order, names))
    reviewer.set_alive(lambda owner: owner != "gone")
    ana, gone = decisions_of_4242(2), decisions_of_4242(4)[2:]
    for label, decision in [("ana0", ana[0]), ("ana1", ana[1]), ("gone0", gone[0]), ("gone1", gone[1])]:
        names[id(decision.view)] = label
    reviewer.request(ana[:1], "ana")
    reviewer.request(gone, "gone")
    reviewer.request(ana[1:], "ana")
    gate.set()
    until_idle(reviewer)
    assert order == ["ana0", "ana1"] and not any(d.judged for d in gone)
    reviewer.shut_down()



def test_a_process_keeps_as_many_evaluations_as_it_is_told_the_oldest_going_first(monkeypatch):
    # A review worker keeps 4 evaluations (it meets each decision once), the urgent worker 24: three
    # decisions of game 4242 weighed in a process told to keep 2 leave the last two.
    from tutor.play import coach

    monkeypatch.setattr(coach, "_evaluations", type(coach._evaluations)())
    monkeypatch.setattr(coach, "CONSULTED", coach.CONSULTED)
    decisions = decisions_of_4242(3)
    for decision in decisions:
        assert coach.evaluation(decision.view, decision.opponent) is not None
    coach.keep_evaluations(2)
    assert [json.loads(key[0])["turn"] for key in coach._evaluations] == [d.view["turn"] for d in decisions[1:]]
    coach.evaluation(decisions[0].view, decisions[0].opponent)
    assert len(coach._evaluations) == 2
    assert background.REVIEW_CONSULTED == 4 and background.URGENT_CONSULTED == 24 and coach.CONSULTED == 2
