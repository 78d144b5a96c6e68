"""The ``gin-tutor`` command's entry point: it imports the command line (:mod:`tutor.cli`, whose
imports take a moment) and runs it, so that Ctrl-C at any moment, while it starts too, ends it with
one line, ``gin-tutor: interrupted``, and status 130, never a traceback."""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""The exit status after Ctrl-C, as shells report it."""


def _interrupted() -> str:
    """"interrupted" in the user's language, or in English when the catalogs cannot be read now."""
    try:
        from tutor.language.i18n import Translator, language_from_environment
        return Translator(language_from_environment()).gettext("interrupted")
    except BaseException:  # noqa: BLE001 (a second Ctrl-C, or anything else: English will do)
        return "interrupted"


def main() -> int:
    """Run ``gin-tutor``; its exit status."""
    try:
        from tutor.cli import main as run
        return run()
    except KeyboardInterrupt:
        try:
            sys.stderr.write(f"gin-tutor: {_interrupted()}\n")
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001 (a closed error stream: nothing to say it on)
            pass
        return INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(main())
