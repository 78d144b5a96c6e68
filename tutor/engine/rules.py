"""Rulesets: every rule option declared once with its default, and the rulesets loaded from
``data/rulesets``.

A ruleset file gives its title in each language and, for each option it sets, a value, the
source that states it (``000``, ``001``, ``002``) and whether it is this project's
interpretation of a silence in the sources. No code branches on a ruleset's name: the engine
reads these options. A new ruleset is one file here plus its two pages (``data/reference``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args, get_type_hints

from tutor.base.resources import data_dir
from tutor.engine.errors import RulesetFileError, RulesetOptionError, UnknownRulesetError, excerpt

SOURCES = ("000", "001", "002")
"""The source texts, by the number their file name starts with."""

Dealer = Literal["random", "alternate", "hand_winner"]
K = TypeVar("K")
V = TypeVar("V")


class Frozen(Mapping[K, V]):
    """A mapping that cannot be changed (a ruleset's titles and sources: a cached ruleset is shared
    by every caller, so nothing in it may change). It pickles, unlike ``types.MappingProxyType``."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[K, V] | None = None) -> None:
        self._items: dict[K, V] = dict(items or {})

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Frozen({self._items!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Frozen, (self._items,)


OptionValue = int | bool | str
"""The value of a rule option: a number of points or cards, a yes or no, or a choice by name."""


@dataclass(frozen=True)
class Ruleset:
    """The options of one ruleset, each documented and declared here once with its default (the
    classic game's value). A ruleset file sets the options it has a source for; any it leaves out
    keeps its default and counts as this project's interpretation."""

    name: str
    """The ruleset's name, as it is chosen: ``classic``, ``short``, ``spanish``."""
    titles: Mapping[str, str] = field(default_factory=Frozen, hash=False)
    """The ruleset's title in each language, by language code."""
    target: int = 100
    """Points that end the game."""
    target_must_be_exceeded: bool = False
    """True: the game ends when a player has more than ``target``; false: ``target`` or more."""
    knock_limit: int = 10
    """Most deadwood a hand may have to knock."""
    gin_bonus: int = 25
    """Points for gin, before the defender's deadwood."""
    gin_adds_defender_deadwood: bool = True
    """Gin also scores the defender's deadwood."""
    layoffs_onto_gin: bool = False
    """The defender may lay off onto a gin hand."""
    big_gin_allowed: bool = True
    """Eleven melded cards after a draw may be shown as big gin without a discard."""
    big_gin_bonus: int = 31
    """Points for big gin, before the defender's deadwood (unused when big gin is not allowed)."""
    layoffs_onto_big_gin: bool = False
    """The defender may lay off onto a big gin hand."""
    gin_can_be_undercut: bool = False
    """A gin hand can lose to a defender with no deadwood."""
    undercut_on_tie: bool = True
    """A defender whose deadwood equals the knocker's undercuts; otherwise only a lower one does."""
    undercut_bonus: int = 25
    """Points for an undercut, before the difference."""
    undercut_adds_difference: bool = True
    """An undercut also scores the difference between the deadwoods."""
    knocker_picks_arrangement: bool = True
    """Among equal arrangements the knocker shows the one that leaves the defender most deadwood."""
    defender_breaks_melds: bool = True
    """The defender may break its own melds to lay off, when that leaves less deadwood."""
    hand_bonus: int = 25
    """Points per hand won, added at the end of the game."""
    game_bonus: int = 100
    """Points for winning the game."""
    shutout_doubles_hand_points: bool = True
    """In a shutout the winner's hand points are doubled before the bonuses."""
    shutout_bonus: int = 0
    """Points added to the winner of a shutout."""
    upcard_offer: bool = True
    """At the start the non-dealer, then the dealer, may take the upcard or pass."""
    first_dealer: Dealer = "random"
    """How the first dealer is chosen."""
    next_dealer: Dealer = "alternate"
    """Who deals the next hand: ``alternate`` or ``hand_winner``."""
    void_at_stock: int = 2
    """Cards left in the stock when a discard without a knock makes the hand void."""
    sources: Mapping[str, str | None] = field(default_factory=Frozen, hash=False)
    """For each option, the source that states it (None where the option keeps its default)."""
    interpretations: frozenset[str] = frozenset()
    """The options that are this project's decision where the sources are silent."""

    def __post_init__(self) -> None:
        for name in ("titles", "sources"):  # a caller's dict is copied into a mapping nobody can change
            value = getattr(self, name)
            if not isinstance(value, Frozen):
                object.__setattr__(self, name, Frozen(value))

    def source_of(self, option: str) -> str | None:
        """The source that states an option, None where it keeps its default."""
        return self.sources.get(option)

    def title(self, lang: str) -> str:
        """The ruleset's title in a language (its name where the file gives none)."""
        return self.titles.get(lang) or self.titles.get("en") or self.name

    def is_interpretation(self, option: str) -> bool:
        return option in self.interpretations

    def applies(self, option: str) -> bool:
        """Whether an option has any effect under these rules: a big gin's bonus and layoffs only
        where there is a big gin, a shutout's bonus only where a shutout does not double instead."""
        if option in ("big_gin_bonus", "layoffs_onto_big_gin"):
            return self.big_gin_allowed
        if option == "shutout_bonus":
            return not self.shutout_doubles_hand_points
        return True

    def game_over(self, total: int) -> bool:
        """Whether a running total ends the game."""
        return total > self.target if self.target_must_be_exceeded else total >= self.target

    def may_knock_with(self, deadwood: int) -> bool:
        """Whether a hand left with ``deadwood`` points (after its discard) may knock: the one place
        the knock limit is compared (gin, at 0, is always within it)."""
        return deadwood <= self.knock_limit

    def options(self) -> dict[str, OptionValue]:
        """Every rule option with its value, as a plain dict (what a player's view carries)."""
        return {option: getattr(self, option) for option in OPTION_NAMES}


RULESET_NAMES = ("classic", "short", "spanish")
"""The rulesets that ship with gin-tutor, in the order the app lists them (others follow by name)."""

_META_FIELDS = ("name", "titles", "sources", "interpretations")
OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Ruleset) if f.name not in _META_FIELDS)
"""Every rule option, in the order they are declared."""
_OPTION_TYPES = get_type_hints(Ruleset)


BONUS_MOST = 1000
"""The largest bonus a ruleset may give (a game's target is reached long before)."""
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "target": (1, 10_000),
    "knock_limit": (0, 99),  # a ten-card hand's deadwood is under 100
    "void_at_stock": (0, 30),  # the deal leaves 31 cards in the stock: at 31 no card could be drawn
    **{bonus: (0, BONUS_MOST) for bonus in ("gin_bonus", "big_gin_bonus", "undercut_bonus", "hand_bonus",
                                            "game_bonus", "shutout_bonus")},
}
"""The values a whole-number rule option may take, least and most."""


def option_problem(option: str, value: Any) -> str | None:
    """What is wrong with ``value`` for a rule option (its type, its choices or its range), None
    when nothing."""
    expected = _OPTION_TYPES[option]
    choices = get_args(expected)
    if choices:
        return None if value in choices else f"{option} must be one of {', '.join(choices)}, not {value!r}"[:200]
    if type(value) is not expected:
        return f"{option} must be {expected.__name__}, not {type(value).__name__}"
    least, most = OPTION_RANGES.get(option, (value, value))
    if not least <= value <= most:
        return f"{option} must be from {least} to {most}, not {value}"[:200]
    return None


def _check_type(path: Path, option: str, value: Any) -> None:
    problem = option_problem(option, value)
    if problem:
        raise RulesetFileError(f"{path.name}: {problem}", file=path.name, field=option)


def _option(path: Path, option: str, entry: Any) -> tuple[Any, str, bool]:
    if not isinstance(entry, dict):
        raise RulesetFileError(f"{path.name}: {option} must be a table with value and source",
                               file=path.name, field=option)
    unknown = set(entry) - {"value", "source", "interpretation"}
    if unknown or "value" not in entry or "source" not in entry:
        raise RulesetFileError(f"{path.name}: {option} needs value and source (and may say interpretation)",
                               file=path.name, field=option)
    _check_type(path, option, entry["value"])
    if entry["source"] not in SOURCES:
        raise RulesetFileError(f"{path.name}: {option} cites an unknown source {entry['source']!r}",
                               file=path.name, field=option)
    interpretation = entry.get("interpretation", False)
    if type(interpretation) is not bool:
        raise RulesetFileError(f"{path.name}: {option}.interpretation must be true or false",
                               file=path.name, field=option)
    return entry["value"], entry["source"], interpretation


def _titles(path: Path, raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict) or not raw or not all(isinstance(v, str) and v for v in raw.values()):
        raise RulesetFileError(f"{path.name}: title must be a table of titles by language, as es = \"…\"",
                               file=path.name, field="title")
    return dict(raw)


def parse_ruleset_file(path: Path) -> Ruleset:
    """Load and validate one ruleset file; errors name the file and the field."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulesetFileError(f"{path.name}: cannot be read ({exc})", file=path.name, field="") from exc
    unknown = sorted(set(raw) - set(OPTION_NAMES) - {"title"})
    if unknown:
        raise RulesetFileError(f"{path.name}: unknown field {unknown[0]}", file=path.name, field=unknown[0])
    titles = _titles(path, raw["title"]) if "title" in raw else {}
    values: dict[str, Any] = {}
    sources: dict[str, str | None] = {}
    interpretations = set()
    for option in OPTION_NAMES:
        if option not in raw:
            sources[option] = None
            interpretations.add(option)
            continue
        values[option], sources[option], interpreted = _option(path, option, raw[option])
        if interpreted:
            interpretations.add(option)
    return Ruleset(name=path.stem, titles=titles, sources=sources, interpretations=frozenset(interpretations),
                   **values)


def ruleset_of_options(name: str, options: Mapping[str, Any]) -> Ruleset:
    """A ruleset from its name and its options as a view carries them (:meth:`Ruleset.options`):
    each option is checked; one left out keeps its default. Where the name and every option are a
    shipped ruleset's, that ruleset itself (its titles, sources and interpretations travel with it);
    else a ruleset of those options under that name. Raises :class:`RulesetOptionError`."""
    if not isinstance(name, str) or not isinstance(options, Mapping):
        raise RulesetOptionError("a ruleset needs a name and a table of options", option="")
    unknown = sorted(str(o) for o in options if o not in OPTION_NAMES)
    if unknown:
        raise RulesetOptionError(f"unknown option {unknown[0][:40]}", option=unknown[0][:40])
    for option, value in options.items():
        problem = option_problem(option, value)
        if problem:
            raise RulesetOptionError(problem, option=option)
    rebuilt = _cached_options(name[:80], tuple(sorted(options.items())))
    if name in RULESET_NAMES:  # the shipped ruleset itself, with its titles, sources and interpretations
        shipped = load_ruleset(name)
        if shipped.options() == rebuilt.options():
            return shipped
    return rebuilt


@lru_cache(maxsize=256)
def _cached_options(name: str, items: tuple[tuple[str, Any], ...]) -> Ruleset:
    return Ruleset(name=name, **dict(items))


def rulesets_dir() -> Path:
    return data_dir() / "rulesets"


def available_rulesets() -> tuple[str, ...]:
    """Names of the ruleset files, the shipped ones first in their usual order (read anew each
    time, so a file added while the app runs appears)."""
    names = {p.stem for p in rulesets_dir().glob("*.toml")}
    return tuple(n for n in RULESET_NAMES if n in names) + tuple(sorted(names - set(RULESET_NAMES)))


@lru_cache(maxsize=64)
def _load(path: Path, modified: int) -> Ruleset:
    return parse_ruleset_file(path)


_NAME = re.compile(r"[a-z0-9_-]{1,64}")
"""What a ruleset's name may be: a file name in data/rulesets, never a path."""


def load_ruleset(name: str) -> Ruleset:
    """The ruleset of that name, from ``data/rulesets/NAME.toml`` (read again when the file changes)."""
    try:
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise FileNotFoundError(name)
        path = rulesets_dir() / f"{name}.toml"
        modified = path.stat().st_mtime_ns
    except FileNotFoundError:
        raise UnknownRulesetError(f"unknown ruleset {excerpt(name, 40)}", name=excerpt(name, 40),
                                  choices=", ".join(available_rulesets())) from None
    return _load(path, modified)


def require_ruleset(rules: object) -> Ruleset:
    """``rules`` itself when it is a :class:`Ruleset`; a ``TypeError`` that says what to do otherwise
    (a name is turned into a ruleset once, at the edge, with :func:`load_ruleset`)."""
    if not isinstance(rules, Ruleset):
        raise TypeError(f"a Ruleset is needed, not {type(rules).__name__}: load_ruleset(name) gives one")
    return rules
