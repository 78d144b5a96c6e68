"""Who may do what (tutor/progress/access.py): the rules the app applies to teachers, to the address a
code was typed from, and to counting wrong codes, each checked with literal cases."""

from __future__ import annotations

from tutor.progress.access import client_address, code_wait, count_code, listed_teacher, teaching_refusal
from tutor.progress.throttle import Throttle


def test_who_may_teach_where_profiles_are_public_private_or_signed_in_and_where_the_school_lists_them():
    # Where anyone may open any profile by its name, no one teaches; with private profiles anyone
    # may; with sign-in, a guest is asked to sign in, and a listed school lets only its own accounts.
    assert teaching_refusal(False, False, None, None) == "public"
    assert teaching_refusal(False, True, "ana@school.es", None) == "public"
    assert teaching_refusal(True, False, None, None) is None
    assert teaching_refusal(True, False, None, ["@school.es"]) is None
    assert teaching_refusal(True, True, None, None) == "sign_in"
    assert teaching_refusal(True, True, "ana@school.es", None) is None
    assert teaching_refusal(True, True, "ana@school.es", ["@school.es"]) is None
    assert teaching_refusal(True, True, "luis@other.es", ["@school.es"]) == "not_listed"
    assert teaching_refusal(True, True, "luis@other.es", "luis@other.es") is None  # one address, not a list


def test_a_listed_teacher_is_an_exact_address_or_one_of_a_listed_domain():
    assert listed_teacher("ana@school.es", None) and listed_teacher("ana@school.es", [])
    assert listed_teacher("Ana@School.es ", ["ana@school.es"])  # case and spaces ignored
    assert listed_teacher("luis@school.es", ["@school.es"])
    assert not listed_teacher("luis@other.es", ["@school.es", "ana@school.es"])
    assert not listed_teacher("mallory@evilschool.es", ["@school.es"])  # a longer domain ending the same
    assert not listed_teacher("luis@school.es.evil.com", ["@school.es"])
    assert not listed_teacher("luis@school.es", ["", " "])  # empty entries allow no one


def test_behind_the_proxy_the_address_is_the_one_the_proxy_added_last():
    # nginx on this machine appends the client's address: whatever a client put before it counts for nothing.
    assert client_address("127.0.0.1", "203.0.113.9") == "203.0.113.9"
    assert client_address("::1", "10.0.0.1, 203.0.113.9") == "203.0.113.9"
    assert client_address("", "198.51.100.4") == "198.51.100.4"
    # A client reaching the app directly cannot choose its address with the header.
    assert client_address("192.0.2.7", "203.0.113.9") == "192.0.2.7"
    assert client_address("192.0.2.7", "") == "192.0.2.7"
    assert client_address("127.0.0.1", "") == "127.0.0.1"


def test_a_browser_waits_for_its_own_wrong_codes_and_for_its_address_only_once_it_got_one_wrong():
    # A throttle of ``free`` N makes who it counts wait from the Nth wrong try in a row on: 5 s first.
    browser, address, school = Throttle(free=2), Throttle(free=4), Throttle(free=100)
    counts = (browser, address, school)
    ana = ("browser:a", "address:school")
    ben = ("browser:b", "address:school")
    count_code(ana, False, *counts, now=0.0)  # Ana's first wrong code: no wait yet
    assert code_wait(ana, *counts, 0.0) == 0.0
    count_code(ana, False, *counts, now=0.0)  # her second: her browser waits 5 s
    assert code_wait(ana, *counts, 0.0) == 5.0
    count_code(ana, True, *counts, now=10.0)  # a right one clears her browser's count
    assert code_wait(ana, *counts, 10.0) == 0.0
    count_code(ben, False, *counts, now=10.0)
    count_code(ben, False, *counts, now=10.0)  # the address's fourth wrong code: it is over its count
    # Cleo, at the same address, has typed nothing wrong: she never waits for the others' codes.
    cleo = ("browser:c", "address:school")
    assert code_wait(cleo, *counts, 10.0) == 0.0
    count_code(cleo, False, *counts, now=11.0)  # once she gets one wrong, the address counts for her
    assert code_wait(cleo, *counts, 11.0) == 10.0  # the address's fifth wrong code: 10 s
    assert code_wait(("browser:d",), *counts, 11.0) == 0.0  # no address known: the browser alone


def test_a_client_that_is_a_new_browser_for_every_try_is_bounded_by_its_address():
    browser, address, school = Throttle(free=3), Throttle(free=30), Throttle(free=300)
    counts = (browser, address, school)
    for n in range(299):  # 299 wrong codes, each from a browser never seen before
        count_code((f"browser:new{n}", "address:cafe"), False, *counts, now=0.0)
    assert code_wait(("browser:fresh", "address:cafe"), *counts, 0.0) == 0.0
    count_code(("browser:new299", "address:cafe"), False, *counts, now=0.0)  # the 300th
    assert code_wait(("browser:fresh", "address:cafe"), *counts, 0.0) == 5.0  # now every browser there waits
    assert code_wait(("browser:fresh", "address:elsewhere"), *counts, 0.0) == 0.0
