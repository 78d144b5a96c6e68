"""The coach's verdicts, worked out away from the page.

A decision's verdict (:attr:`Decision.judgement`) costs from a tenth of a second to a few seconds
of CPU, and none of it may sit between a click and its answer. :func:`request` hands decisions to
a pool of worker *processes* (threads would share this process' one interpreter lock with every
page it serves): :func:`worker_count` of them, by default one fewer than the machine's cores and
at least one; ``0`` judges in one thread of this process instead.

The same pool answers the page's questions about a view (:func:`ask`): the Hint (the coach's move
explained and valued, with the moves too close to call and the next best's verdict: up to a few
seconds) and the coach's move alone (the replay's view of the virtual player's moves). The page asks
again on each run and shows the answer once it is in.

The pool is process-wide: every session of an app process shares it, and it serves them fairly.
A page's own request (``urgent``: a question, the verdict on the move just made, a decision tried
again) goes before any review; a hand's review waits in its learner's own line (``owner``), and
the lines take turns, one decision each, so that no learner's review waits behind another's
whole hand. No more decisions are sent to the workers than there are workers, so that a request
made now overtakes every review still waiting.

A worker plays the decision's worlds through :mod:`tutor.play.coach`, as the page itself would,
and sends back what it worked out (:class:`tutor.play.evaluation.EvaluationState`); this process
keeps it (:func:`tutor.play.coach.restore`) and reads the verdict from it, so the page then shows
the verdict, the review's chart and the tips' measures without playing a world again. The verdict
is the one the page would have worked out itself: the worlds come from the position alone.

A worker process runs at a lower priority than the pages (:data:`NICENESS`): on a busy machine a
click is answered first and the reviews wait. It exits with the app process that started it, even
one killed outright (it watches its parent), and a stopped server waits for no review:
:meth:`Reviewer.shut_down` cancels what is waiting.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import multiprocessing
import os
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from tutor.play import coach
from tutor.play.coach import CoachHint, Judgement
from tutor.play.debrief import review_tips
from tutor.play.evaluation import EvaluationState
from tutor.play.match import EVALUATION, JUDGEMENT, SENT_BACK, VERDICTS, Decision
from tutor.play.moves import Move

WORKERS_ENV = "GIN_TUTOR_REVIEW_WORKERS"
"""The setting (an environment variable) for how many worker processes judge decisions; 0: one
thread in the app's own process."""
NICENESS = 19
"""How much lower a worker's scheduling priority is than the app's (``nice``): when the machine is
busy, a click is answered before a review goes on."""
PARENT_CHECK = 2.0
"""Seconds between a worker's checks that the process that started it is still there."""
_log = logging.getLogger(__name__)


def worker_count(environ: dict[str, str] | None = None) -> int:
    """How many worker processes to start: :data:`WORKERS_ENV` when it is a whole number from 0,
    else one fewer than the machine's cores, at least one."""
    text = (os.environ if environ is None else environ).get(WORKERS_ENV, "").strip()
    if text.isdigit():
        return int(text)
    if text:
        _log.warning("%s=%r is not a whole number: using the default", WORKERS_ENV, text)
    return max(1, (os.cpu_count() or 2) - 1)


QUESTIONS = ("hint", "move")
"""What the page may ask about a view (:func:`ask`): the Hint, or the coach's move alone."""
ASKED_KEPT = 256
"""How many questions the process keeps, answered or waiting (the oldest go first): a page asks
again on each run and finds its own."""


class Asked:
    """A question about one view, put to the coach in the background: ``what`` (one of
    :data:`QUESTIONS`) the coach says against ``opponent``. ``answer`` is None until it is in;
    ``failed`` says the work failed (the page says so and may ask again)."""

    def __init__(self, view: dict[str, Any], opponent: str, what: str) -> None:
        if what not in QUESTIONS:
            raise ValueError(f"the coach is asked for one of {', '.join(QUESTIONS)}, not {what!r}")
        self.view = view
        self.opponent = opponent
        self.what = what
        self.answer: CoachHint | Move | None = None
        self.failed = False

    @property
    def key(self) -> str:
        """What tells two questions apart: the view, the opponent and what is asked."""
        return json.dumps([self.view, self.opponent, self.what], sort_keys=True)

    @property
    def answered(self) -> bool:
        """Whether the answer is in."""
        return self.answer is not None

    @property
    def hint(self) -> CoachHint | None:
        """The answer to a question for the Hint, once it is in."""
        return self.answer if isinstance(self.answer, CoachHint) else None

    @property
    def move(self) -> Move | None:
        """The answer to a question for the coach's move alone, once it is in."""
        return None if self.answer is None or isinstance(self.answer, CoachHint) else self.answer


def answer(view: dict[str, Any], opponent: str, what: str) -> CoachHint | Move:
    """In a worker: the answer to a question (:class:`Asked`) about ``view``, as the page would
    work it out."""
    return coach.coach_hint(view, opponent) if what == "hint" else coach.coach_move(view, opponent)


@dataclass(frozen=True)
class Job:
    """One decision to judge or one question to answer (``subject``), for whom, and what more to
    work out with a decision: ``compare``, moves to value beside it (a decision tried again: the move
    first made), and ``thorough``, every valued move's own verdict (the table of a decision tried
    again)."""

    subject: Decision | Asked
    owner: str
    urgent: bool = False
    compare: tuple[Move, ...] = ()
    thorough: bool = False


@dataclass(frozen=True)
class Worked:
    """What a worker sends back for one decision: what its evaluation worked out, the verdict, and
    the other values the page reads from the decision (the tips' measures; for a decision tried
    again, every valued move's verdict), each under the name the decision keeps it by."""

    state: EvaluationState | None
    judgement: Judgement
    kept: dict[str, Any]


def work(view: dict[str, Any], move: Move, opponent: str, compare: tuple[Move, ...] = (),
         thorough: bool = False) -> Worked:
    """In a worker: judge ``move`` as the page would (its verdict with ``compare`` valued beside it,
    the tips' measures; with ``thorough``, every valued move's verdict) and return it all. The
    verdict travels as it was worked out: worked out again from the evaluation's later state, it
    could start from more worlds and differ."""
    decision = Decision(0, view, move, opponent)
    judgement = coach.judge(view, move, opponent, compare)
    decision.__dict__[JUDGEMENT] = judgement
    review_tips([decision])
    if thorough:
        decision.__dict__[VERDICTS] = coach.verdicts(view, tuple(o.move for o in judgement.options), opponent)
    kept = {name: value for name, value in decision.__dict__.items() if name.startswith(SENT_BACK)}
    return Worked(coach.evaluation_state(view, opponent), judgement, kept)


def _ready() -> None:
    """In a worker: nothing more than being started (:meth:`Reviewer.warm`)."""


def _worker_start(parent: int) -> None:
    """In a worker, first: yield the processor to the pages (:data:`NICENESS`), and leave as soon as
    the process that started it is gone."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class Reviewer:
    """The process-wide queue of decisions to judge and the pool that judges them (see the
    module's docstring). Safe to call from every session's thread."""

    def __init__(self, workers: int, judge: Callable[..., Worked] = work,
                 answer_view: Callable[..., CoachHint | Move] = answer) -> None:
        """``workers`` processes (0: one thread here); ``judge`` the work done for each decision
        (:func:`work`) and ``answer_view`` for each question (:func:`answer`): each must be
        importable by name for a worker process to run it."""
        self.workers = workers
        self._judge = judge
        self._answer = answer_view
        self._asked: OrderedDict[str, Asked] = OrderedDict()
        """The latest questions, answered or waiting, by :attr:`Asked.key`."""
        self._lock = threading.Lock()
        self._urgent: deque[Job] = deque()
        self._lines: dict[str, deque[Job]] = {}
        """Each learner's review, in the order the lines take turns."""
        self._waiting: dict[int, Job] = {}
        """Every decision or question queued or being worked on, by identity."""
        self._running = 0
        self._pool: Executor | None = None
        self._closed = False
        self._warmed = False

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers == 0:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="coach-review")
            else:
                self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_worker_start, initargs=(os.getpid(),))
        return self._pool

    def warm(self) -> None:
        """Start the workers now, once: a worker process takes seconds to start and import the
        coach, and the first question asked (a Hint) should not wait for that."""
        with self._lock:
            if self._warmed or self._closed:
                return
            self._warmed = True
        if self.workers:
            with contextlib.suppress(RuntimeError):  # the pool is shutting down with the process
                self._executor().submit(_ready)

    def request(self, decisions: Sequence[Decision], owner: str, urgent: bool = False,
                compare: tuple[Move, ...] = (), thorough: bool = False) -> int:
        """Queue each of ``decisions`` not judged yet for ``owner`` (``urgent``: before every
        review); a decision already waiting in a line moves to the front when asked for urgently.
        Returns how many are still to judge."""
        waiting = [d for d in decisions if not d.judged]
        with self._lock:
            for decision in waiting:
                queued = self._waiting.get(id(decision))
                if queued is not None and (queued.urgent or not urgent or queued not in
                                           self._lines.get(queued.owner, ())):
                    continue
                if queued is not None:
                    self._lines[queued.owner].remove(queued)
                job = Job(decision, owner, urgent, compare, thorough)
                self._waiting[id(decision)] = job
                if urgent:
                    self._urgent.append(job)
                else:
                    self._lines.setdefault(owner, deque()).append(job)
        self._dispatch()
        return len(waiting)

    def ask(self, view: dict[str, Any], opponent: str, what: str, owner: str, again: bool = False) -> Asked:
        """The question ``what`` about ``view`` against ``opponent``: the one already asked (answered,
        or still waiting: then it goes on waiting), else a new one queued before every review.
        ``again``: a question whose work failed is asked anew."""
        asked = Asked(view, opponent, what)
        with self._lock:
            found = self._asked.get(asked.key)
            if found is not None and not (again and found.failed):
                self._asked.move_to_end(asked.key)
                if found.answered or found.failed or id(found) in self._waiting:
                    return found
                asked = found  # dropped while waiting (forget): queued again
            self._asked[asked.key] = asked
            self._asked.move_to_end(asked.key)
            while len(self._asked) > ASKED_KEPT:
                self._asked.popitem(last=False)
            job = Job(asked, owner, urgent=True)
            self._waiting[id(asked)] = job
            self._urgent.append(job)
        self._dispatch()
        return asked

    def waiting(self) -> int:
        """How many decisions and questions are queued or being worked on."""
        with self._lock:
            return len(self._waiting)

    def _next(self) -> Job | None:
        """The next job (with the lock held): the first urgent one, else the next line's first."""
        if self._urgent:
            return self._urgent.popleft()
        for owner in list(self._lines):
            line = self._lines.pop(owner)
            if line:
                job = line.popleft()
                if line:
                    self._lines[owner] = line  # back of the turn order
                return job
        return None

    def _dispatch(self) -> None:
        """Send jobs to the workers while one is free."""
        while True:
            with self._lock:
                if self._closed or self._running >= max(1, self.workers):
                    return
                job = self._next()
                if job is None:
                    return
                self._running += 1
            subject = job.subject
            try:
                if isinstance(subject, Asked):
                    future: Future[Any] = self._executor().submit(self._answer, subject.view, subject.opponent,
                                                                  subject.what)
                else:
                    future = self._executor().submit(self._judge, subject.view, subject.move, subject.opponent,
                                                     job.compare, job.thorough)
            except RuntimeError:  # the pool is shutting down with the process
                self._finish(job)
                return
            future.add_done_callback(partial(self._answered if isinstance(subject, Asked) else self._done, job))

    def _answered(self, job: Job, future: Future[CoachHint | Move]) -> None:
        """A worker's answer to a question: kept on it (a failure is logged and marked on it, for the
        page to say so)."""
        asked = job.subject
        assert isinstance(asked, Asked)
        try:
            if not future.cancelled():
                asked.answer = future.result()
        except Exception:  # noqa: BLE001 (the page says the coach could not answer)
            _log.exception("the coach's background answer to a question failed")
            asked.failed = True
        finally:
            self._finish(job)
            self._dispatch()

    def _done(self, job: Job, future: Future[Worked]) -> None:
        """A worker's answer: keep what it worked out, then judge here from it (a failure is logged
        and left for the page, which asks again and shows its message)."""
        decision = job.subject
        assert isinstance(decision, Decision)
        try:
            if not future.cancelled():
                worked = future.result()
                if worked.state is not None:
                    found = coach.restore(decision.view, worked.state, decision.opponent)
                    decision.__dict__.setdefault(EVALUATION, found)
                for name, value in worked.kept.items():
                    decision.__dict__.setdefault(name, value)
                decision.__dict__.setdefault(JUDGEMENT, worked.judgement)  # last: the decision is judged
        except Exception:  # noqa: BLE001 (the page judges it again and reports the error)
            _log.exception("the background review of a decision failed")
        finally:
            self._finish(job)
            self._dispatch()

    def _finish(self, job: Job) -> None:
        with self._lock:
            self._running -= 1
            if self._waiting.get(id(job.subject)) is job:
                del self._waiting[id(job.subject)]

    def forget(self) -> int:
        """Drop every decision and question still waiting (not those being worked on); how many were
        dropped. A dropped question is queued again when it is asked again."""
        with self._lock:
            dropped = [*self._urgent, *(job for line in self._lines.values() for job in line)]
            self._urgent.clear()
            self._lines.clear()
            for job in dropped:
                if self._waiting.get(id(job.subject)) is job:
                    del self._waiting[id(job.subject)]
        return len(dropped)

    def shut_down(self) -> None:
        """Stop: what is waiting is dropped, and the workers end after the decision they are on."""
        with self._lock:
            self._closed = True
            self._urgent.clear()
            self._lines.clear()
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


_reviewer: Reviewer | None = None
_reviewer_lock = threading.Lock()


def reviewer() -> Reviewer:
    """The process' reviewer, started on first use with :func:`worker_count` workers."""
    global _reviewer
    with _reviewer_lock:
        if _reviewer is None:
            _reviewer = Reviewer(worker_count())
            atexit.register(_reviewer.shut_down)
        return _reviewer


def request(decisions: Sequence[Decision], owner: str = "", urgent: bool = False,
            compare: tuple[Move, ...] = (), thorough: bool = False) -> int:
    """Queue ``decisions`` for the process' reviewer (:meth:`Reviewer.request`); returns how many
    are still to judge."""
    return reviewer().request(decisions, owner, urgent, compare, thorough)


def ask(view: dict[str, Any], opponent: str, what: str, owner: str = "", again: bool = False) -> Asked:
    """Put a question about ``view`` to the process' reviewer (:meth:`Reviewer.ask`)."""
    return reviewer().ask(view, opponent, what, owner, again)


def warm() -> None:
    """Start the process' reviewer's workers (:meth:`Reviewer.warm`): the Play page does on opening."""
    reviewer().warm()


def judged(decisions: Sequence[Decision]) -> int:
    """How many of ``decisions`` the coach has already judged."""
    return sum(d.judged for d in decisions)
