"""Marking English text as a message id for the translation catalogs, without translating it.

The engine and the drills are language-free: they keep the English message ids beside the code
that raises an error or names a mistake, and the language layer (:mod:`tutor.language`)
translates them. ``pybabel extract -k N_`` collects every string marked with :func:`N_`.
"""


def N_(message: str) -> str:
    """Mark a string for the catalogs; returns it unchanged."""
    return message
