"""The coach's verdicts, worked out away from the page.

A decision's verdict (:attr:`Decision.judgement`) costs from a tenth of a second to a few seconds
of CPU, and none of it may sit between a click and its answer. :func:`request` hands decisions to
pools of worker *processes* (threads would share this process' one interpreter lock with every
page it serves): :func:`worker_count` of them for the reviews, by default one fewer than the
machine's cores and at least one, and one for what a learner waits for; ``0`` judges in one
thread of this process instead.

The same pools answer the page's questions about a view (:func:`ask`): the Hint (the coach's move
explained and valued, with the moves too close to call and the next best's verdict: up to a few
seconds) and the coach's move alone (the replay's view of the virtual player's moves). The page asks
again on each run and shows the answer once it is in.

The pools are process-wide: every session of an app process shares them, and they serve them
fairly.

- **Who waits goes first.** A page's own request (``urgent``: a question, Coach mode's verdict on the
  move just made, a decision tried again) goes to the learner's *urgent* line, worked out at
  :data:`URGENT_NICENESS`, a step below the pages; a hand's review goes to the learner's review
  line, worked out at :data:`NICENESS`, the lowest, by its own workers. Each kind of line takes
  turns between learners (``owner``), one job each, so that no learner waits behind another's
  whole hand or a flood of clicks.
- **Bounded.** A learner has at most :data:`URGENT_MOST` urgent jobs waiting: a newer one of the same
  kind (:attr:`Job.kind`) replaces the older (a verdict replaced goes to the review line), and past
  the bound the oldest goes. The work of a learner whose page has gone (:meth:`Reviewer.set_alive`:
  its browser session ended) is dropped when its turn comes.
- **Recovery.** A worker that dies (the kernel's memory killer, a crash) breaks its pool: the pool is
  made anew, the jobs it held are asked again (:data:`RETRIES` times, then failed), and each time
  the log says what happened. A failed decision or question is marked failed (the page says so and
  may ask again, :meth:`Reviewer.request` with ``again``), never asked again on its own.

A worker plays the decision's worlds through :mod:`tutor.play.coach`, as the page itself would, and
sends back the verdict with what the page reads beside it (the tips' measures; for a decision tried
again, every valued move's verdict), and no more: a decision keeps a few kilobytes, not its
evaluation's worlds. The verdict is the one the page would have worked out itself: the worlds come
from the position alone.

A worker exits with the app process that started it, even one killed outright (it watches its
parent), and a stopped server waits for no review: :meth:`Reviewer.shut_down` cancels what is
waiting.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from tutor.play import coach
from tutor.play.coach import CoachHint, Judgement
from tutor.play.debrief import review_tips
from tutor.play.hand import View
from tutor.play.match import FAILED, JUDGEMENT, SENT_BACK, VERDICTS, Decision
from tutor.play.moves import Move

WORKERS_ENV = "GIN_TUTOR_REVIEW_WORKERS"
"""The setting (an environment variable) for how many worker processes judge the reviews; 0: one
thread in the app's own process (for the reviews and the urgent work alike)."""
NICENESS = 19
"""How much lower a review worker's scheduling priority is than the app's (``nice``): when the
machine is busy, a click and a Hint are answered before a review goes on."""
URGENT_NICENESS = 1
"""How much lower the priority of the worker that answers what a learner waits for (a Hint, Coach
mode's verdict, a decision tried again) is than the app's: a step below the pages, above the reviews."""
URGENT_MOST = 3
"""The most urgent jobs one learner may have waiting (not counting the one being worked on)."""
REVIEW_CONSULTED = 4
"""How many evaluations a review worker keeps: it meets each decision once (a Hint and Coach mode's
verdict, which meet the same view, are worked out by the urgent worker). At 1 to 9 MiB each, 64 held
a review worker at some 400 MiB; with 4 it holds some 200 (``benchmarks/school.py``)."""
URGENT_CONSULTED = 24
"""How many evaluations the urgent worker keeps: a learner's Hint and the verdict on the move that
follows it meet the same view a few seconds apart, while the other learners of the process ask
theirs (64 held it at some 410 MiB after four minutes of 16 learners)."""
URGENT_SHARE = 15.0
"""Seconds of the urgent worker's time one learner may take in :data:`URGENT_WINDOW`: beyond it, their
urgent work waits in their review line until their share is back within it, so that a learner who
asks without end (a move tried again in a loop) cannot hold up everyone's Hint. A learner playing in
Coach mode takes some 4 seconds a minute."""
URGENT_WINDOW = 60.0
"""The seconds over which a learner's share of the urgent worker is counted."""
RETRIES = 2
"""How many times a job whose worker died is asked again before it is marked failed."""
TIMES_KEPT = 64
"""How many of the latest urgent answers' times :meth:`Reviewer.usual_wait` reads."""
PARENT_CHECK = 2.0
"""Seconds between a worker's checks that the process that started it is still there."""
_log = logging.getLogger(__name__)


def worker_count(environ: dict[str, str] | None = None) -> int:
    """How many worker processes to start for the reviews: :data:`WORKERS_ENV` when it is a whole
    number from 0, else one fewer than the machine's cores, at least one."""
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
    ``failed`` says the work failed (the page says so and may ask again); ``since`` is when it was
    asked (:func:`time.monotonic`)."""

    def __init__(self, view: View, opponent: str, what: str) -> None:
        if what not in QUESTIONS:
            raise ValueError(f"the coach is asked for one of {', '.join(QUESTIONS)}, not {what!r}")
        self.view = view
        self.opponent = opponent
        self.what = what
        self.answer: CoachHint | Move | None = None
        self.failed = False
        self.since = time.monotonic()

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


def answer(view: View, opponent: str, what: str) -> CoachHint | Move:
    """In a worker: the answer to a question (:class:`Asked`) about ``view``, as the page would
    work it out."""
    return coach.coach_hint(view, opponent) if what == "hint" else coach.coach_move(view, opponent)


@dataclass(frozen=True)
class Job:
    """One decision to judge or one question to answer (``subject``), for whom, and what more to
    work out with a decision: ``compare``, moves to value beside it (a decision tried again: the move
    first made), and ``thorough``, every valued move's own verdict (the table of a decision tried
    again); ``tries``, how many times its worker died under it."""

    subject: Decision | Asked
    owner: str
    urgent: bool = False
    compare: tuple[Move, ...] = ()
    thorough: bool = False
    tries: int = 0

    @property
    def kind(self) -> str:
        """What a newer urgent job of the same learner replaces: a question of the same kind, a verdict
        on a move just made, a decision tried again."""
        if isinstance(self.subject, Asked):
            return self.subject.what
        return "retry" if self.thorough else "verdict"


@dataclass(frozen=True)
class Worked:
    """What a worker sends back for one decision: the verdict, and the other values the page reads
    from the decision (the tips' measures; for a decision tried again, every valued move's verdict),
    each under the name the decision keeps it by."""

    judgement: Judgement
    kept: dict[str, Any]


def work(view: View, move: Move, opponent: str, compare: tuple[Move, ...] = (),
         thorough: bool = False) -> Worked:
    """In a worker: judge ``move`` as the page would (its verdict with ``compare`` valued beside it,
    the tips' measures; with ``thorough``, every valued move's verdict) and return it all."""
    decision = Decision(0, view, move, opponent)
    judgement = coach.judge(view, move, opponent, compare)
    decision.__dict__[JUDGEMENT] = judgement
    review_tips([decision])
    if thorough:
        decision.__dict__[VERDICTS] = coach.verdicts(view, tuple(o.move for o in judgement.options), opponent)
    kept = {name: value for name, value in decision.__dict__.items() if name.startswith(SENT_BACK)}
    return Worked(judgement, kept)


def _ready() -> None:
    """In a worker: nothing more than being started (:meth:`Reviewer.warm`)."""


def _worker_start(parent: int, niceness: int, consulted: int) -> None:
    """In a worker, first: yield the processor to the pages (``niceness``), keep ``consulted``
    evaluations (:func:`tutor.play.coach.keep_evaluations`), and leave as soon as the process that
    started it is gone."""
    with contextlib.suppress(OSError):
        os.nice(niceness)
    coach.keep_evaluations(consulted)

    def watch() -> None:
        while os.getppid() == parent:
            threading.Event().wait(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class _Pool:
    """One pool of workers and the jobs it is working on: the reviews' or the urgent work's."""

    def __init__(self, name: str, workers: int, niceness: int, consulted: int) -> None:
        self.name = name
        self.workers = workers
        self.niceness = niceness
        self.consulted = consulted
        """How many evaluations each worker keeps (:func:`tutor.play.coach.keep_evaluations`)."""
        self.executor: Executor | None = None
        self.running: dict[int, Job] = {}
        """The jobs sent to it and not back yet, by their subject's identity."""

    @property
    def free(self) -> bool:
        return len(self.running) < max(1, self.workers)

    def submit(self, *args: Any) -> tuple[Future[Any], Executor]:
        """Send work to a worker, starting the pool first where it is not running; the future, and
        the executor it went to."""
        if self.executor is None:
            if self.workers == 0:
                self.executor = ThreadPoolExecutor(1, thread_name_prefix=f"coach-{self.name}")
            else:
                self.executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                                    initializer=_worker_start,
                                                    initargs=(os.getpid(), self.niceness, self.consulted))
        return self.executor.submit(*args), self.executor

    def drop(self, executor: Executor | None = None) -> bool:
        """Throw the pool's executor away (``executor``, where it is still the pool's: broken; or
        whatever it is, the server stopping): the next job starts a new one. Whether one was thrown."""
        if self.executor is None or (executor is not None and executor is not self.executor):
            return False
        dropped, self.executor = self.executor, None
        dropped.shutdown(wait=False, cancel_futures=True)
        return True


def _always(owner: str) -> bool:
    return True


class Reviewer:
    """The process-wide lines of decisions to judge and questions to answer, and the pools that work
    them out (see the module's docstring). Safe to call from every session's thread."""

    def __init__(self, workers: int, judge: Callable[..., Worked] = work,
                 answer_view: Callable[..., CoachHint | Move] = answer) -> None:
        """``workers`` processes for the reviews and one for the urgent work (0: one thread here for
        both); ``judge`` the work done for each decision (:func:`work`) and ``answer_view`` for each
        question (:func:`answer`): each must be importable by name for a worker process to run it."""
        self.workers = workers
        self._judge = judge
        self._answer = answer_view
        self._asked: OrderedDict[str, Asked] = OrderedDict()
        """The latest questions, answered or waiting, by :attr:`Asked.key`."""
        self._lock = threading.Lock()
        self._urgent: dict[str, deque[Job]] = {}
        """Each learner's urgent line, in the order the lines take turns."""
        self._lines: dict[str, deque[Job]] = {}
        """Each learner's review, in the order the lines take turns."""
        self._waiting: dict[int, Job] = {}
        """Every decision or question queued or being worked on, by identity."""
        reviews = _Pool("review", workers, NICENESS, REVIEW_CONSULTED)
        self._pools = {False: reviews, True: _Pool("urgent", min(workers, 1), URGENT_NICENESS, URGENT_CONSULTED)
                       if workers else reviews}
        """The reviews' pool, and the urgent work's (the same one thread where there are no workers)."""
        self._alive: Callable[[str], bool] = _always
        self._times: deque[float] = deque(maxlen=TIMES_KEPT)
        self._spent: dict[str, deque[tuple[float, float]]] = {}
        """Each learner's urgent jobs of the last :data:`URGENT_WINDOW`: when each ended, how long it took."""
        self._started: dict[int, float] = {}
        """When each job being worked on was sent to its worker, by its subject's identity."""
        self._closed = False
        self._warmed = False

    def set_alive(self, alive: Callable[[str], bool]) -> None:
        """How to tell whether a learner's page is still there (``alive(owner)``): the work of one that
        is gone is dropped when its turn comes."""
        self._alive = alive

    def warm(self) -> None:
        """Start the workers now, once: a worker process takes seconds to start and import the
        coach, and the first question asked (a Hint) should not wait for that."""
        with self._lock:
            if self._warmed or self._closed:
                return
            self._warmed = True
            pools = list(dict.fromkeys(self._pools.values()))
        for pool in pools:
            if pool.workers:
                with contextlib.suppress(RuntimeError):  # the pool is shutting down with the process, or broken
                    pool.submit(_ready)

    def request(self, decisions: Sequence[Decision], owner: str, urgent: bool = False,
                compare: tuple[Move, ...] = (), thorough: bool = False, again: bool = False) -> int:
        """Queue each of ``decisions`` not judged yet for ``owner`` (``urgent``: in its urgent line);
        a decision already waiting in a review line moves to the urgent one when asked for urgently.
        A decision whose verdict failed is queued again only when asked ``again``. Returns how many
        are still to judge (failed ones included)."""
        waiting = [d for d in decisions if not d.judged]
        with self._lock:
            for decision in waiting:
                if decision.__dict__.get(FAILED):
                    if not again:
                        continue
                    del decision.__dict__[FAILED]
                queued = self._waiting.get(id(decision))
                if queued is not None and (queued.urgent or not urgent or self._over_share(owner)
                                           or queued not in self._lines.get(queued.owner, ())):
                    continue
                if queued is not None:
                    self._lines[queued.owner].remove(queued)
                self._queue(Job(decision, owner, urgent, compare, thorough))
        self._dispatch()
        return len(waiting)

    def ask(self, view: View, opponent: str, what: str, owner: str, again: bool = False) -> Asked:
        """The question ``what`` about ``view`` against ``opponent``: the one already asked (answered,
        or still waiting: then it goes on waiting), else a new one in the learner's urgent line.
        ``again``: a question whose work failed is asked anew."""
        asked = Asked(view, opponent, what)
        with self._lock:
            found = self._asked.get(asked.key)
            if found is not None and not (again and found.failed):
                self._asked.move_to_end(asked.key)
                if found.answered or found.failed or id(found) in self._waiting:
                    return found
                asked = found  # dropped while waiting (forget, replaced, its page gone): queued again
                asked.since = time.monotonic()
            self._asked[asked.key] = asked
            self._asked.move_to_end(asked.key)
            while len(self._asked) > ASKED_KEPT:
                self._asked.popitem(last=False)
            self._queue(Job(asked, owner, urgent=True))
        self._dispatch()
        return asked

    def _queue(self, job: Job) -> None:
        """Put a job in its learner's line (with the lock held). An urgent one replaces a waiting one
        of the same kind (a verdict replaced goes to the review line), and the oldest beyond
        :data:`URGENT_MOST` goes."""
        if job.urgent and self._over_share(job.owner):
            job = Job(job.subject, job.owner, False, job.compare, job.thorough, job.tries)
        self._waiting[id(job.subject)] = job
        if not job.urgent:
            self._lines.setdefault(job.owner, deque()).append(job)
            return
        line = self._urgent.setdefault(job.owner, deque())
        for older in [old for old in line if old.kind == job.kind]:
            line.remove(older)
            self._set_aside(older)
        line.append(job)
        while len(line) > URGENT_MOST:
            self._set_aside(line.popleft())

    def _over_share(self, owner: str) -> bool:
        """Whether ``owner`` has taken more than :data:`URGENT_SHARE` seconds of the urgent worker in
        the last :data:`URGENT_WINDOW` (with the lock held)."""
        spent = self._spent.get(owner)
        if not spent:
            return False
        since = time.monotonic() - URGENT_WINDOW
        while spent and spent[0][0] < since:
            spent.popleft()
        if not spent:
            del self._spent[owner]
            return False
        return sum(seconds for _, seconds in spent) > URGENT_SHARE

    def _set_aside(self, job: Job) -> None:
        """An urgent job no longer waited for (with the lock held): a verdict goes to its learner's
        review, anything else is dropped (a question dropped is queued again when it is asked again)."""
        if isinstance(job.subject, Decision) and not job.thorough:
            moved = Job(job.subject, job.owner)
            self._waiting[id(job.subject)] = moved
            self._lines.setdefault(job.owner, deque()).append(moved)
        elif self._waiting.get(id(job.subject)) is job:
            del self._waiting[id(job.subject)]

    def workers_running(self) -> dict[str, list[int]]:
        """The process ids of each pool's live workers now (by the pool's name: ``review``, ``urgent``;
        none where the work is done in a thread, or where the pool is broken and not started again yet)."""
        with self._lock:
            pools = list(dict.fromkeys(self._pools.values()))
        found = {}
        for pool in pools:
            executor = pool.executor
            processes = {} if getattr(executor, "_broken", False) else dict(getattr(executor, "_processes", None) or {})
            found[pool.name] = sorted(pid for pid, process in processes.items() if process.is_alive())
        return found

    def waiting(self) -> int:
        """How many decisions and questions are queued or being worked on."""
        with self._lock:
            return len(self._waiting)

    def usual_wait(self) -> float | None:
        """How long, in seconds, the latest answers a learner waited for took (their median, from
        the ask to the answer); None before any."""
        with self._lock:
            times = sorted(self._times)
        return times[len(times) // 2] if times else None

    def _next(self, urgent: bool) -> Job | None:
        """The next job of the urgent lines or of the review lines (with the lock held), the lines
        taking turns; among the urgent ones, a question (a Hint) before any verdict: the learner who
        asked waits for it, where Coach mode's verdict lets the learner play on. The jobs of a
        learner whose page is gone are dropped on the way."""
        lines = self._urgent if urgent else self._lines
        for owner in [owner for owner in list(lines) if not self._alive(owner)]:
            self._drop(owner)
        if urgent:
            for owner, line in list(lines.items()):
                question = next((job for job in line if isinstance(job.subject, Asked)), None)
                if question is not None:
                    return self._take(lines, owner, question)
        for owner, line in list(lines.items()):
            if line:
                return self._take(lines, owner, line[0])
            del lines[owner]
        return None

    @staticmethod
    def _take(lines: dict[str, deque[Job]], owner: str, job: Job) -> Job:
        """Take ``job`` out of ``owner``'s line, whose turn then goes to the back (with the lock held)."""
        line = lines.pop(owner)
        del line[next(i for i, queued in enumerate(line) if queued is job)]
        if line:
            lines[owner] = line
        return job

    def _drop(self, owner: str) -> None:
        """Drop every waiting job of ``owner`` (with the lock held)."""
        for lines in (self._urgent, self._lines):
            for job in lines.pop(owner, ()):
                if self._waiting.get(id(job.subject)) is job:
                    del self._waiting[id(job.subject)]

    def _dispatch(self) -> None:
        """Send jobs to the workers while one is free, the urgent ones to theirs, the reviews to theirs."""
        while True:
            with self._lock:
                if self._closed:
                    return
                job = None
                for urgent in (True, False):
                    pool = self._pools[urgent]
                    if pool.free:
                        job = self._next(urgent) or (self._next(True) if not urgent and pool is self._pools[True]
                                                     else None)
                        if job is not None:
                            break
                if job is None:
                    return
                pool = self._pools[job.urgent]
                pool.running[id(job.subject)] = job
                self._started[id(job.subject)] = time.monotonic()
                subject = job.subject
                try:
                    if isinstance(subject, Asked):
                        future, executor = pool.submit(self._answer, subject.view, subject.opponent, subject.what)
                    else:
                        future, executor = pool.submit(self._judge, subject.view, subject.move, subject.opponent,
                                                       job.compare, job.thorough)
                except BrokenExecutor:
                    del pool.running[id(subject)]
                    self._started.pop(id(subject), None)
                    self._broken(pool, pool.executor, [job])
                    continue
                except RuntimeError:  # the pool is shutting down with the process
                    del pool.running[id(subject)]
                    self._started.pop(id(subject), None)
                    if self._waiting.get(id(subject)) is job:
                        del self._waiting[id(subject)]
                    return
            future.add_done_callback(partial(self._back, pool, executor, job))

    def _broken(self, pool: _Pool, executor: Executor | None, jobs: Sequence[Job]) -> None:
        """A worker of ``pool``'s ``executor`` died (with the lock held): a new executor next time (the
        first to learn of it throws the broken one away), and each of ``jobs`` asked again, or failed
        after :data:`RETRIES` tries."""
        if pool.drop(executor):
            _log.error("a coach worker of the %s pool died (killed, or out of memory): the pool is started "
                       "again, and the work it held asked again", pool.name)
        for job in jobs:
            if job.tries < RETRIES:
                again = Job(job.subject, job.owner, job.urgent, job.compare, job.thorough, job.tries + 1)
                self._waiting[id(job.subject)] = again
                (self._urgent if job.urgent else self._lines).setdefault(job.owner, deque()).appendleft(again)
            else:
                _log.error("the coach's work on a %s failed %d times, its worker dying each time: given up",
                           job.kind, job.tries + 1)
                self._failed(job)

    def _failed(self, job: Job) -> None:
        """Mark a job's subject failed (with the lock held): the page says so, and may ask again."""
        subject = job.subject
        if isinstance(subject, Asked):
            subject.failed = True
        else:
            subject.__dict__[FAILED] = True
        if self._waiting.get(id(subject)) is job:
            del self._waiting[id(subject)]

    def _back(self, pool: _Pool, executor: Executor, job: Job, future: Future[Any]) -> None:
        """A worker's answer: kept on the decision or the question; a worker that died, or work that
        failed, as :meth:`_broken` and :meth:`_failed` say."""
        subject = job.subject
        broken = False
        try:
            if not future.cancelled():
                result = future.result()
                if isinstance(subject, Asked):
                    subject.answer = result
                    with self._lock:
                        self._times.append(time.monotonic() - subject.since)
                else:
                    for name, value in result.kept.items():
                        subject.__dict__.setdefault(name, value)
                    subject.__dict__.setdefault(JUDGEMENT, result.judgement)  # last: the decision is judged
        except BrokenExecutor:
            broken = True
        except Exception:  # noqa: BLE001 (the page says the coach could not work it out)
            _log.exception("the coach's background work on a %s failed", job.kind)
            with self._lock:
                self._failed(job)
        with self._lock:
            pool.running.pop(id(subject), None)
            started = self._started.pop(id(subject), None)
            if job.urgent and started is not None:
                now = time.monotonic()
                self._spent.setdefault(job.owner, deque()).append((now, now - started))
                for owner in [o for o, spent in self._spent.items() if spent[-1][0] < now - URGENT_WINDOW]:
                    del self._spent[owner]  # a learner who has asked nothing for a while (or has gone)
            if broken:
                self._broken(pool, executor, [job])
            elif self._waiting.get(id(subject)) is job:
                del self._waiting[id(subject)]
        self._dispatch()

    def forget(self) -> int:
        """Drop every decision and question still waiting (not those being worked on); how many were
        dropped. A dropped question is queued again when it is asked again."""
        with self._lock:
            dropped = [job for lines in (self._urgent, self._lines) for line in lines.values() for job in line]
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
            pools = list(dict.fromkeys(self._pools.values()))
        for pool in pools:
            pool.drop()


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
            compare: tuple[Move, ...] = (), thorough: bool = False, again: bool = False) -> int:
    """Queue ``decisions`` for the process' reviewer (:meth:`Reviewer.request`); returns how many
    are still to judge."""
    return reviewer().request(decisions, owner, urgent, compare, thorough, again)


def ask(view: View, opponent: str, what: str, owner: str = "", again: bool = False) -> Asked:
    """Put a question about ``view`` to the process' reviewer (:meth:`Reviewer.ask`)."""
    return reviewer().ask(view, opponent, what, owner, again)


def warm() -> None:
    """Start the process' reviewer's workers (:meth:`Reviewer.warm`): the Play page does on opening."""
    reviewer().warm()


def usual_wait() -> float | None:
    """How long an answer a learner waits for usually takes (:meth:`Reviewer.usual_wait`)."""
    return reviewer().usual_wait()


def judged(decisions: Sequence[Decision]) -> int:
    """How many of ``decisions`` the coach has already judged."""
    return sum(d.judged for d in decisions)
