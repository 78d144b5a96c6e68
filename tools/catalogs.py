"""Keep the gettext catalogs up to date with the code.

    python tools/catalogs.py                 extract messages.pot, update every catalog, fill en
    python tools/catalogs.py --apply F.json [--lang es]
                                             also set translations from a JSON file
                                             ({"msgid": "msgstr"} or, for plurals, a list)

The English catalog is filled from the message ids (they are English); the others are written by
people. Prints the messages still missing a translation; exits 1 if there are any.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tutor.language.i18n import LANGUAGES  # noqa: E402  (after the checkout is on the path)

LOCALES = ROOT / "locales"
POT = LOCALES / "messages.pot"
MSGID_LANGUAGE = "en"
"""Message ids are English: this catalog is filled from them."""
EXTRACT_KEYWORDS = ("-k", "N_", "-k", "NP_:1,2", "-k", "ngettext:1,2")
"""The keywords that mark messages, besides gettext: the tests extract with the same."""


def extract(pot: Path, *extra: str) -> None:
    """Extract every message of the code into a template."""
    pybabel("extract", "-F", "babel.cfg", "-o", str(pot), "--no-location", *EXTRACT_KEYWORDS, *extra, ".")


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def load(lang: str):
    with po_path(lang).open("rb") as fp:
        return read_po(fp, locale=lang)


def save(lang: str, catalog) -> None:
    with po_path(lang).open("wb") as fp:
        write_po(fp, catalog, width=100, omit_header=False)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--apply", type=Path, help="JSON file of translations into --lang")
    parser.add_argument("--lang", default="es", help="the language --apply fills (default: es)")
    args = parser.parse_args()
    LOCALES.mkdir(exist_ok=True)
    extract(POT, "--sort-output", "--project=gin-tutor", "--copyright-holder=gin-tutor", "--width=100")
    for lang in LANGUAGES:
        if po_path(lang).exists():
            pybabel("update", "-i", str(POT), "-d", str(LOCALES), "-l", lang, "--no-fuzzy-matching",
                    "--width=100", "--ignore-obsolete")
        else:
            pybabel("init", "-i", str(POT), "-d", str(LOCALES), "-l", lang, "--width=100")
    en = load(MSGID_LANGUAGE)
    for message in en:
        if not message.id:
            continue
        message.flags.discard("fuzzy")
        if isinstance(message.id, tuple):
            if not all(message.string):
                message.string = (message.id[0], message.id[1])
        elif not message.string:
            message.string = message.id
    save(MSGID_LANGUAGE, en)
    table = json.loads(args.apply.read_text(encoding="utf-8")) if args.apply else {}
    applied_to = args.lang
    status = 0
    for lang in LANGUAGES:
        if lang == MSGID_LANGUAGE:
            continue
        catalog = load(lang)
        for message in catalog:
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            if message.context:  # a message with a context is keyed "context\u0004msgid", as gettext does
                key = f"{message.context}\u0004{key}"
            if lang == applied_to and key in table:
                value = table[key]
                message.string = tuple(value) if isinstance(message.id, tuple) else value
                message.flags.discard("fuzzy")
        save(lang, catalog)
        missing = [m.id for m in catalog
                   if m.id and (not all(m.string) if isinstance(m.id, tuple) else not m.string)]
        for msgid in missing:
            print(f"untranslated ({lang}): {msgid!r}")
        status = status or int(bool(missing))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
