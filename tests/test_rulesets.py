"""Rulesets are data: each file declares every option with its source, and bad files are refused."""

import shutil
from pathlib import Path

import pytest

from tutor.engine.errors import RulesetFileError, UnknownRulesetError
from tutor.engine.rules import OPTION_NAMES, available_rulesets, load_ruleset, parse_ruleset_file, rulesets_dir

RULES_TABLE = {
    # option: (classic, short, spanish), as the ruleset pages state them
    "target": (100, 50, 100),
    "target_must_be_exceeded": (False, False, True),
    "knock_limit": (10, 10, 10),
    "gin_bonus": (25, 25, 20),
    "layoffs_onto_gin": (False, False, True),
    "big_gin_allowed": (True, True, False),
    "big_gin_bonus": (31, 31, 0),
    "undercut_on_tie": (True, True, False),
    "undercut_bonus": (25, 25, 10),
    "hand_bonus": (25, 25, 20),
    "game_bonus": (100, 100, 100),
    "shutout_doubles_hand_points": (True, True, False),
    "shutout_bonus": (0, 0, 100),
    "upcard_offer": (True, True, False),
    "next_dealer": ("alternate", "alternate", "hand_winner"),
}


@pytest.mark.parametrize("option", RULES_TABLE)
def test_each_ruleset_matches_the_rules_brief(option):
    values = tuple(getattr(load_ruleset(name), option) for name in ("classic", "short", "spanish"))
    assert values == RULES_TABLE[option]


def test_the_three_rulesets_ship_in_order():
    assert available_rulesets()[:3] == ("classic", "short", "spanish")


def test_every_option_cites_a_source_and_spanish_marks_its_inferences():
    for name in ("classic", "short", "spanish"):
        rules = load_ruleset(name)
        assert set(rules.sources) == set(OPTION_NAMES)
    spanish = load_ruleset("spanish")
    for inferred in ("gin_adds_defender_deadwood", "undercut_adds_difference", "undercut_on_tie",
                     "big_gin_allowed"):
        assert spanish.is_interpretation(inferred)
    assert not spanish.is_interpretation("gin_bonus") and spanish.source_of("gin_bonus") == "002"


def test_an_unknown_ruleset_names_the_choices():
    with pytest.raises(UnknownRulesetError) as info:
        load_ruleset("rummikub")
    assert info.value.params["choices"] == "classic, short, spanish"


def _copy(tmp_path: Path, edit) -> Path:
    target = tmp_path / "classic.toml"
    shutil.copy(rulesets_dir() / "classic.toml", target)
    target.write_text(edit(target.read_text(encoding="utf-8")), encoding="utf-8")
    return target


@pytest.mark.parametrize("edit, field", [
    (lambda t: t + '\n[jokers]\nvalue = 2\nsource = "001"\n', "jokers"),
    (lambda t: t.replace("[knock_limit]\nvalue = 10", "[knock_limit]\nvalue = \"ten\""), "knock_limit"),
    (lambda t: t.replace("[upcard_offer]\nvalue = true", "[upcard_offer]\nvalue = 1"), "upcard_offer"),
    (lambda t: t.replace("[next_dealer]\nvalue = \"alternate\"", "[next_dealer]\nvalue = \"loser\""), "next_dealer"),
    (lambda t: t.replace("[gin_bonus]\nvalue = 25\nsource = \"001\"",
                         "[gin_bonus]\nvalue = 25\nsource = \"009\""), "gin_bonus"),
])
def test_a_bad_ruleset_file_names_the_file_and_the_field(tmp_path, edit, field):
    path = _copy(tmp_path, edit)
    with pytest.raises(RulesetFileError) as info:
        parse_ruleset_file(path)
    assert info.value.params == {"file": "classic.toml", "field": field}
    assert "classic.toml" in str(info.value) and field in str(info.value)


def test_the_game_ends_by_the_rulesets_comparison():
    assert load_ruleset("classic").game_over(100) and not load_ruleset("spanish").game_over(100)
    assert load_ruleset("spanish").game_over(101) and load_ruleset("short").game_over(50)


def test_an_option_a_file_leaves_out_takes_its_default_as_an_interpretation(tmp_path):
    path = _copy(tmp_path, lambda t: t.replace("[knock_limit]\nvalue = 10\nsource = \"001\"\n", "")
                 .replace("[knock_limit]\nvalue = 10\nsource = \"000\"\n", ""))
    rules = parse_ruleset_file(path)
    assert rules.knock_limit == 10 and rules.source_of("knock_limit") is None
    assert rules.is_interpretation("knock_limit")


def test_a_fourth_ruleset_is_one_file(tmp_path, monkeypatch):
    # A copy of the classic file under another name: listed, loaded, titled from its own file.
    folder = tmp_path / "rulesets"
    folder.mkdir()
    for name in ("classic", "short", "spanish"):
        shutil.copy(rulesets_dir() / f"{name}.toml", folder / f"{name}.toml")
    text = (rulesets_dir() / "classic.toml").read_text(encoding="utf-8")
    (folder / "oklahoma.toml").write_text(text.replace('en = "Classic (to 100)"', 'en = "Oklahoma"'),
                                          encoding="utf-8")
    monkeypatch.setattr("tutor.engine.rules.rulesets_dir", lambda: folder)
    assert available_rulesets() == ("classic", "short", "spanish", "oklahoma")
    assert load_ruleset("oklahoma").title("en") == "Oklahoma"
    assert load_ruleset("oklahoma").target == 100


def test_rulesets_are_hashable_values():
    assert hash(load_ruleset("classic")) == hash(load_ruleset("classic"))
    assert load_ruleset("classic") != load_ruleset("short")


def test_a_loaded_ruleset_cannot_be_changed_by_one_of_its_callers():
    # load_ruleset returns one cached value to every caller: nothing in it may change.
    rules = load_ruleset("classic")
    with pytest.raises(TypeError):
        rules.titles["en"] = "Changed by one caller"  # type: ignore[index]
    with pytest.raises(TypeError):
        rules.sources["knock_limit"] = "002"  # type: ignore[index]
    assert load_ruleset("classic").titles["en"] == "Classic (to 100)"


def test_a_ruleset_read_back_from_a_position_is_the_shipped_one_with_its_title_and_interpretations():
    # A discard puzzle made from a game position (the review's and practice's way) reads its rules
    # back from the position's view: the shipped classic ruleset, titled and with its notes.
    from tutor.drills import generate, puzzle_of
    from tutor.engine.rules import ruleset_of_options
    from tutor.language.i18n import Translator
    from tutor.language.labels import ruleset_title
    classic = load_ruleset("classic")
    position = generate("discard", 1, "easy", classic).position
    again = puzzle_of("discard", 1, "easy", classic, position=position).rules
    assert again == classic and again.interpretations == classic.interpretations and again.interpretations
    assert (ruleset_title(again, Translator("en")), ruleset_title(again, Translator("es"))) == ("Classic (to 100)",
                                                                                              "Clásico (a 100)")
    house = ruleset_of_options("classic", {**classic.options(), "knock_limit": 5})  # not the shipped options
    assert house != classic and not house.interpretations and house.knock_limit == 5
    # It keeps the name it was given, but is never titled as the shipped classic ruleset.
    assert (ruleset_title(house, Translator("en")), ruleset_title(house, Translator("es"))) == (
        "House rules (options of their own)", "Reglas de la casa (con opciones propias)")
