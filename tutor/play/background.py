"""The coach's review of a hand, worked out in the background.

When a hand ends, the coach measures each of the learner's decisions (:attr:`Decision.judgement`,
a few seconds for a hand). :func:`review_in_background` queues them for one worker thread, so the
page can show how far the review has got and the learner can deal the next hand meanwhile: a
decision judged here keeps its verdict (the same object travels in the match), and one the page
needs before its turn in the queue is simply judged where it is asked for. The worker is a daemon
thread: a review still under way never holds up the end of the process.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Sequence

from tutor.play.match import Decision

_queue: queue.SimpleQueue[Decision] = queue.SimpleQueue()
_queued: dict[int, Decision] = {}
"""The decisions waiting for the worker or being judged, by identity."""
_lock = threading.Lock()
_worker: threading.Thread | None = None
_log = logging.getLogger(__name__)


def is_judged(decision: Decision) -> bool:
    """Whether the coach's verdict on ``decision`` is already worked out."""
    return "judgement" in decision.__dict__


def judged(decisions: Sequence[Decision]) -> int:
    """How many of ``decisions`` the coach has already judged."""
    return sum(is_judged(d) for d in decisions)


def _work() -> None:
    """The worker: judge each queued decision in turn (a failure is logged, and left for the page,
    which asks again and shows its message)."""
    while True:
        decision = _queue.get()
        try:
            _ = decision.judgement
        except Exception:  # noqa: BLE001 (the page judges it again and reports the error)
            _log.exception("the background review of a decision failed")
        finally:
            with _lock:
                _queued.pop(id(decision), None)


def review_in_background(decisions: Sequence[Decision]) -> int:
    """Queue every decision not judged yet (and not already queued); returns how many are still
    to judge."""
    global _worker
    waiting = [d for d in decisions if not is_judged(d)]
    with _lock:
        for decision in waiting:
            if id(decision) not in _queued:
                _queued[id(decision)] = decision
                _queue.put(decision)
        if waiting and (_worker is None or not _worker.is_alive()):
            _worker = threading.Thread(target=_work, name="coach-review", daemon=True)
            _worker.start()
    return len(waiting)
