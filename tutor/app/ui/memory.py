"""Keeping the garbage collector's work per click small.

Streamlit, left to its default, collects garbage in full after every run of a page
(``runner.postScriptGC``). A full collection walks every object the process holds: the modules,
the rules and the content, and every session's games and analyses (a decision's outcomes run to
thousands of worlds). With a school's learners in one process, measured with
``benchmarks/school.py`` and a sampling profiler, it took most of an app process's time and, since
it holds the interpreter lock, it held up every other learner's click (p95 of a second and more
with 16 learners). So the app turns it off (``tutor/app/config.toml``): Python's own collector
still runs as objects pile up, its oldest generation only when they have grown by a quarter.

After the process's first run, :func:`freeze_once` also imports every module of the app, collects
once, and moves all that survives out of the collector's sight (``gc.freeze``), so that each
collection walks only what the sessions made since.
"""

from __future__ import annotations

import gc
import importlib
import pkgutil

import tutor

_frozen = False


def import_everything() -> int:
    """Import every module of the ``tutor`` package but the Streamlit screens (page scripts, run
    by the navigation); returns how many modules there are."""
    count = 0
    for module in pkgutil.walk_packages(tutor.__path__, "tutor."):
        if not module.name.startswith("tutor.app.screens") and module.name != "tutor.app.main":
            importlib.import_module(module.name)
            count += 1
    return count


def freeze_once() -> bool:
    """The first time it is called in a process: import everything, collect, freeze what is left.
    Returns whether it froze now."""
    global _frozen
    if _frozen:
        return False
    _frozen = True
    import_everything()
    gc.collect()
    gc.freeze()
    return True
