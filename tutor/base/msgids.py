"""Marking English text as a message id for the translation catalogs, without translating it.

The engine and the drills are language-free: they keep the English message ids beside the code
that raises an error or names a mistake, and the language layer (:mod:`tutor.language`)
translates them. ``pybabel extract -k N_ -k NP_:1,2`` collects every string marked with :func:`N_`, and
the singular and plural forms marked together with :func:`NP_`.
"""


def N_(message: str) -> str:
    """Mark a string for the catalogs; returns it unchanged."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message whose form depends on a count: its singular and plural ids, as one entry."""
    return singular, plural
