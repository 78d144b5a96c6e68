"""The reliability review's findings (../shared/reviews/reliability-2026-11-30.md), each with the
test that failed before its fix: seeds, storage faults, double clicks, profiles and lessons."""

from __future__ import annotations

import pytest
from apptest_helpers import screen, start

from tutor.drills import BadSeedError, parse_seed
from tutor.engine.numbers import whole_number
from tutor.play.errors import BadGameSeedError
from tutor.play.hand import check_seed
from tutor.progress.review import DrillItem

ODD_SEEDS = ["²", "³⁴", "٣", "𝟕", "1" * 4301, "9" * 5000, "+7", "-1", "1e3", "0x10", "", " ", "7.0"]


@pytest.mark.parametrize("seed", ODD_SEEDS)
def test_odd_seeds_are_refused_with_the_bad_seed_error(seed):
    # F7: "²" passed str.isdigit() and then failed int(); 4,301 digits hit Python's conversion limit.
    assert whole_number(seed, 2**32 - 1) is None
    with pytest.raises(BadSeedError):
        parse_seed(seed)
    with pytest.raises(BadGameSeedError):
        check_seed(seed)
    assert DrillItem.parse(f"drill:score:easy:classic:{seed}") is None


def test_plain_seeds_still_read():
    assert whole_number(" 00000007 ", 2**32 - 1) == 7 and parse_seed("4294967295") == 4294967295
    assert whole_number("4294967296", 2**32 - 1) is None


@pytest.mark.parametrize("seed", ["²", "1" * 4301])
def test_an_odd_seed_in_an_address_gets_the_same_message_as_other_bad_seeds(seed):
    at = start("en", params={"drill": "score", "seed": seed, "level": "easy"})
    at.switch_page("screens/drills.py").run()
    assert not at.exception
    assert any("is not a whole number" in w.value for w in at.warning), screen(at)
    at = start("en", params={"game": seed, "level": "beginner"})
    at.switch_page("screens/play.py").run()
    assert not at.exception and any("is not a game number" in w.value for w in at.warning), screen(at)
