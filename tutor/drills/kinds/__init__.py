"""The kinds of drill, one module each; :data:`REGISTRY` lists them in the order the app shows.

A new kind is a module here that provides what :class:`~tutor.drills.model.DrillKind` names,
one line in :data:`REGISTRY`, and its view in ``tutor/app/ui/drill_views.py``.
"""

from __future__ import annotations

from tutor.drills.kinds import deadwood, discard, knock, layoffs, melds, read, score, totals
from tutor.drills.model import DrillKind

REGISTRY: dict[str, DrillKind] = {kind.NAME: kind for kind in (melds, deadwood, score, layoffs, totals, discard, knock,
                                                                 read)}
"""Every kind of drill by name, in the order the app lists them."""
