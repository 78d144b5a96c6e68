"""Who may do what (tutor/progress/access.py): the rules the app applies to teachers, to the address a
code was typed from, and to counting wrong codes, each checked with literal cases."""

from __future__ import annotations

from tutor.progress.access import client_address, code_wait, count_code, listed_teacher, teaching_refusal
from tutor.progress.throttle import Throttle


def test_who_may_teach_without_sign_in_with_it_and_where_the_school_lists_its_teachers():
    # Without sign-in anyone may; with it, a guest is asked to sign in, and a listed school lets
    # only its own accounts teach.
    assert teaching_refusal(False, None, None) is None
    assert teaching_refusal(False, None, ["@school.es"]) is None
    assert teaching_refusal(True, None, None) == "sign_in"
    assert teaching_refusal(True, "ana@school.es", None) is None
    assert teaching_refusal(True, "ana@school.es", ["@school.es"]) is None
    assert teaching_refusal(True, "luis@other.es", ["@school.es"]) == "not_listed"
    assert teaching_refusal(True, "luis@other.es", "luis@other.es") is None  # one address, not a list


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


def test_a_wrong_code_counts_against_the_session_and_the_address_and_a_right_one_clears_the_session():
    # A throttle of ``free`` N makes who it counts wait from the Nth wrong try in a row on: 5 s first.
    session, address = Throttle(free=2), Throttle(free=4)
    ana = ("session:a", "address:school")
    ben = ("session:b", "address:school")
    count_code(ana, False, session, address, now=0.0)  # the session's first wrong: no wait yet
    assert code_wait(ana, session, address, 0.0) == 0.0
    count_code(ana, False, session, address, now=0.0)  # the session waits 5 s
    assert code_wait(ana, session, address, 0.0) == 5.0
    assert code_wait(ben, session, address, 0.0) == 0.0  # the address has tries left
    count_code(ana, True, session, address, now=10.0)
    assert code_wait(ana, session, address, 10.0) == 0.0
    count_code(ben, False, session, address, now=10.0)  # the address's third wrong: no wait yet
    count_code(ben, False, session, address, now=10.0)  # its fourth: the address waits
    assert code_wait(("session:c", "address:school"), session, address, 10.0) == 5.0
    assert code_wait(("session:c",), session, address, 10.0) == 0.0  # no address known: the session alone
