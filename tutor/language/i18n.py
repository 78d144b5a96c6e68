"""Languages: gettext catalogs made with Babel, language negotiation and number formatting.

Message ids are English. The catalogs live in ``locales/<lang>/LC_MESSAGES/messages.po``; the
set-up compiles them to ``.mo`` files (``python -m tutor.language.i18n compile``). Where a compiled file
is missing the catalog is read from its ``.po`` file in memory, so a checkout always works.

A pseudo-language, ``qps``, wraps every translated string in markers; tests run the app in it
to catch any visible text that does not go through the catalogs.
"""

from __future__ import annotations

import gettext
import io
import os
import sys
from collections.abc import Iterable
from datetime import date, timedelta
from functools import cache
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.dates import format_skeleton, format_timedelta
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import Translations

from tutor.base.msgids import N_
from tutor.base.resources import locales_dir

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "N_", "PSEUDO_LANGUAGE", "Translator", "compile_catalogs",
           "language_from_environment", "negotiate", "translations"]

LANGUAGES = ("es", "en")
"""The languages gin-tutor speaks, in the order the switch shows them."""
DEFAULT_LANGUAGE = "en"
PSEUDO_LANGUAGE = "qps"
"""A pseudo-language for tests: English, every translated string wrapped in markers."""
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
PSEUDO_ENV = "GIN_TUTOR_PSEUDO_LOCALE"
"""Set to 1 to offer the pseudo-language (tests use it to find text that bypasses the catalogs)."""
DOMAIN = "messages"
MIN_GROUPING_DIGITS = {"es": 2}
"""CLDR's minimum grouping digits where they are not 1: Spanish groups thousands from 10 000 on."""


def offered_languages() -> tuple[str, ...]:
    """The languages a learner may choose: :data:`LANGUAGES`, and the pseudo-language where
    :data:`PSEUDO_ENV` is 1."""
    return LANGUAGES + ((PSEUDO_LANGUAGE,) if os.environ.get(PSEUDO_ENV) == "1" else ())


def negotiate(preferred: Iterable[str | None]) -> str:
    """The best of gin-tutor's languages for some language tags (``es-ES``, ``en_US.UTF-8``)."""
    tags = []
    for tag in preferred:
        if tag:
            tags.append(tag.split(".")[0].split("@")[0].replace("_", "-"))
    for tag in tags:
        if tag == PSEUDO_LANGUAGE:
            return PSEUDO_LANGUAGE
    chosen = Locale.negotiate(tags, list(LANGUAGES), sep="-") if tags else None
    return str(chosen) if chosen else DEFAULT_LANGUAGE


def language_from_environment() -> str:
    """The language the environment asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    tags: list[str | None] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            tags.extend(value.split(":"))
    return negotiate(tags)


def _catalog_path(lang: str, suffix: str) -> Path:
    return locales_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of a language: its compiled ``.mo``, else its ``.po`` read in memory."""
    base = "en" if lang == PSEUDO_LANGUAGE else lang
    mo = _catalog_path(base, ".mo")
    po = _catalog_path(base, ".po")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fp:
            return Translations(fp, domain=DOMAIN)
    if po.is_file():
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=base)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        return Translations(buffer, domain=DOMAIN)
    return gettext.NullTranslations()


class Translator:
    """Translates and formats for one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES or lang == PSEUDO_LANGUAGE else DEFAULT_LANGUAGE
        self._catalog = translations(self.lang)
        self._pseudo = self.lang == PSEUDO_LANGUAGE
        self.locale = "en" if self._pseudo else self.lang
        """The language whose content (rule pages, lessons, glossary) is shown."""

    def _wrap(self, text: str) -> str:
        return f"{PSEUDO_OPEN}{text}{PSEUDO_CLOSE}" if self._pseudo else text

    def gettext(self, msgid: str, /, **params: object) -> str:
        """The message in this language, with ``{name}`` fields filled from ``params`` (and, with a
        ``card``, ``{the_card}`` and ``{The_card}``: :meth:`the_card`)."""
        text = self._catalog.gettext(msgid)
        return self._wrap(text.format(**self._with_articles(params)) if params else text)

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The plural form for ``n``; ``{n}`` and ``params`` are filled in."""
        text = self._catalog.ngettext(singular, plural, n)
        return self._wrap(text.format(n=self.number(n), **self._with_articles(params)))

    def the_card(self, card: str) -> str:
        """A card (``Q♠``, ``7H``) with the article its rank takes in this language: "the Q♠" in
        English; in Spanish "la Q♠" (*la reina*, *la jota*) but "el 7♥", "el A♠" (*el as*), "el K♣".
        The article is a message of its own for each kind of rank (a context), so each catalog
        says it."""
        rank = card[:-1]
        patterns = {
            "A": self._catalog.pgettext("a card: an ace", "the {card}"),
            "J": self._catalog.pgettext("a card: a jack", "the {card}"),
            "Q": self._catalog.pgettext("a card: a queen", "the {card}"),
            "K": self._catalog.pgettext("a card: a king", "the {card}"),
        }
        pattern = patterns.get(rank) or self._catalog.pgettext("a card: a number card", "the {card}")
        return pattern.format(card=card)

    def _with_articles(self, params: dict[str, object]) -> dict[str, object]:
        if "card" not in params or "the_card" in params:
            return params
        the = self.the_card(str(params["card"]))
        return {**params, "the_card": the, "The_card": the[:1].upper() + the[1:]}

    def content(self, text: str) -> str:
        """Text from content files (already in this language): marked in the pseudo-language."""
        return self._wrap(text)

    def number(self, value: float, places: int | None = None) -> str:
        """A number as this language writes it: ``4,000`` and ``1.5`` in English; ``4000``, ``40.000``
        and ``1,5`` in Spanish (CLDR's minimum grouping digits, which Babel does not apply). With
        ``places``, always that many decimals (``1.0``)."""
        grouped = abs(value) >= 10 ** (2 + MIN_GROUPING_DIGITS.get(self.lang, 1))
        pattern = None if places is None else "#,##0" + ("." + "0" * places if places else "")
        return format_decimal(value, format=pattern, locale=self.locale, group_separator=grouped)

    def percent(self, value: float) -> str:
        return format_percent(value, locale=self.locale)

    def time_until(self, delta: timedelta) -> str:
        """How long until something, as this language says it: ``in 10 minutes`` / ``dentro de 2
        días``; ``now`` / ``ahora`` when it is less than a minute away (or past)."""
        if delta < timedelta(minutes=1):
            return self.gettext("now")
        return self._wrap(format_timedelta(delta, add_direction=True, locale=self.locale))

    def day(self, value: date) -> str:
        """A day as this language writes it in a sentence: ``December 1`` / ``1 de diciembre``."""
        return self._wrap(format_skeleton("MMMMd", value, locale=self.locale))

    def list_of(self, items: list[str]) -> str:
        """Items joined as this language joins a list: ``1, 3, 7 and 14`` / ``1, 3, 7 y 14``."""
        return format_list(items, locale=self.locale)

    def language_label(self, lang: str) -> str:
        """A language's name in this translator's language (Spanish, inglés)."""
        return self.content(_display_name(lang, self.locale))

    def language_name(self, lang: str) -> str:
        """A language's own name, as the switch shows it (Español, English)."""
        return _display_name(lang, lang)

    def language_in_text(self, lang: str) -> str:
        """A language's name inside a sentence of this translator's language, as that language
        writes it there (``español`` in Spanish, ``Spanish`` in English)."""
        try:
            name = Locale.parse(lang).get_display_name(self.locale) or lang
        except (ValueError, UnknownLocaleError):
            name = lang
        return self.content(name)


def _display_name(lang: str, in_language: str) -> str:
    """A language's name in a language, capitalized; the code itself when Babel has none."""
    try:
        name = Locale.parse(lang).get_display_name(in_language) or lang
    except (ValueError, UnknownLocaleError):
        name = lang
    return name[:1].upper() + name[1:]


def compile_catalogs(directory: Path | None = None) -> list[Path]:
    """Compile every ``messages.po`` under ``locales/`` into its ``messages.mo``."""
    root = directory or locales_dir()
    written = []
    for po in sorted(root.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as fp:
            catalog = read_po(fp, locale=po.parent.parent.name)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as fp:
            write_mo(fp, catalog)
        written.append(mo)
    translations.cache_clear()
    return written


def main(argv: list[str] | None = None) -> int:
    """``python -m tutor.language.i18n compile``: compile the catalogs (the set-up runs it)."""
    args = sys.argv[1:] if argv is None else argv
    if args != ["compile"]:
        print("usage: python -m tutor.language.i18n compile", file=sys.stderr)
        return 2
    for mo in compile_catalogs():
        print(f"compiled {mo}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
