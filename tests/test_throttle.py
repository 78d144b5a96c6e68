"""The growing wait after wrong transfer codes (tutor.progress.throttle)."""

from __future__ import annotations

from tutor.progress.throttle import FIRST_WAIT, FORGET_AFTER, LONGEST_WAIT, Throttle, wait_after


def test_the_wait_doubles_after_the_free_tries_up_to_the_longest():
    # 3 free tries, then 5 s, 10 s, 20 s ... never more than 15 minutes.
    assert [wait_after(n) for n in range(1, 7)] == [0.0, 0.0, 5.0, 10.0, 20.0, 40.0]
    assert wait_after(40) == LONGEST_WAIT == 900.0 and wait_after(10**6) == LONGEST_WAIT
    assert wait_after(30, free=30) == FIRST_WAIT


def test_wrong_tries_make_each_one_who_made_them_wait_and_a_right_one_starts_again():
    tries = Throttle()
    ana, ben = ("session:ana",), ("session:ben",)
    assert [tries.wrong(ana, 100.0) for _ in range(3)] == [0.0, 0.0, 5.0]
    assert tries.wait_left(ana, 102.0) == 3.0 and tries.wait_left(ben, 102.0) == 0.0
    assert tries.wait_left(ana, 106.0) == 0.0
    assert tries.wrong(ana, 106.0) == 10.0
    tries.right(ana)
    assert tries.wait_left(ana, 106.0) == 0.0 and tries.wrong(ana, 106.0) == 0.0


def test_a_count_is_forgotten_a_day_after_the_last_wrong_try():
    tries = Throttle(free=1)
    tries.wrong(("address:10.0.0.7",), 0.0)
    assert tries.wait_left(("address:10.0.0.7",), 1.0) == 4.0
    tries.wrong(("address:10.0.0.8",), FORGET_AFTER + 10.0)  # the next wrong try clears stale counts
    assert tries.wrong(("address:10.0.0.7",), FORGET_AFTER + 10.0) == FIRST_WAIT  # its first again


def test_the_wrong_tries_in_a_row_are_counted_until_a_right_one_or_a_day_passes():
    tries = Throttle()
    ana = ("browser:ana",)
    assert tries.wrong_tries(ana, 0.0) == 0
    tries.wrong(ana, 0.0)
    tries.wrong(ana, 1.0)
    assert tries.wrong_tries(ana, 2.0) == 2 and tries.wrong_tries(("browser:ben",), 2.0) == 0
    assert tries.wrong_tries(ana, 1.0 + FORGET_AFTER + 1.0) == 0  # a day after the last one: forgotten
    tries.right(ana)
    assert tries.wrong_tries(ana, 3.0) == 0
