"""Who may do what, as pure rules the app applies (no Streamlit here, so each is tested with literal
cases): who may teach a class, which address a code was typed from behind the deployment's proxy,
and how wrong codes are counted against a browser session and an address."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.progress.throttle import Throttle

LOCAL_PEERS = ("127.0.0.1", "::1", "")
"""Where the deployment's proxy (nginx, on the same machine) reaches the app from."""


def listed_teacher(address: str, listed: Any) -> bool:
    """Whether an account's ``address`` may teach under the ``teachers`` setting: anyone when it is
    empty; else an address listed exactly, or one of a listed ``@domain`` (case ignored)."""
    if not listed:
        return True
    entries = listed if isinstance(listed, list | tuple) else [listed]
    wanted = address.strip().casefold()
    for entry in entries:
        allowed = str(entry).strip().casefold()
        if allowed and (wanted == allowed or (allowed.startswith("@") and wanted.endswith(allowed))):
            return True
    return False


def teaching_refusal(private: bool, sign_in_configured: bool, account_address: str | None,
                     listed: Any) -> str | None:
    """Why a profile may not teach a class, or None when it may. Where profiles are public (anyone
    at the app may open any profile by its name) no one may (``public``: a teacher's page would be
    anyone's). Without sign-in any private profile may; where sign-in is configured only a signed-in
    account may (``sign_in``: ``account_address`` is None), and where the ``teachers`` setting lists
    addresses (``ana@school.es``) or domains (``@school.es``), only an account whose address is listed
    (``not_listed``)."""
    if not private:
        return "public"
    if not sign_in_configured:
        return None
    if account_address is None:
        return "sign_in"
    return None if listed_teacher(account_address, listed) else "not_listed"


def client_address(peer: str, forwarded: str) -> str:
    """The address a request came from: the peer's own, or, where the peer is the deployment's proxy
    on this machine, the address that proxy added last to ``X-Forwarded-For`` (a client may put
    anything before it, never after)."""
    if forwarded and peer in LOCAL_PEERS:
        return forwarded.split(",")[-1].strip()
    return peer


def code_wait(who: Sequence[str], browser: Throttle, address: Throttle, school: Throttle, now: float) -> float:
    """Seconds before ``who`` (its browser first, then its address, if known) may try another code.
    A browser waits for its own wrong codes, and for its address's (``address``) only once it has
    itself got a code wrong: the wrong codes of one client at a school's address never keep a learner
    who types a right code waiting. Every browser at an address waits once the address as a whole is
    past ``school``'s far larger count, so that a client who drops its cookie for each try (a new
    browser each time) is bounded too (what guessing then costs: ``docs/deploying.md``)."""
    wait = max(browser.wait_left(tuple(who[:1]), now), school.wait_left(tuple(who[1:]), now))
    if browser.wrong_tries(tuple(who[:1]), now):
        wait = max(wait, address.wait_left(tuple(who[1:]), now))
    return wait


def count_code(who: Sequence[str], right: bool, browser: Throttle, address: Throttle, school: Throttle,
               now: float) -> None:
    """Count a code typed by ``who``: a right one clears its browser's count, a wrong one counts
    against its browser and its address (in ``address`` and ``school``)."""
    if right:
        browser.right(tuple(who[:1]))
        return
    browser.wrong(tuple(who[:1]), now)
    address.wrong(tuple(who[1:]), now)
    school.wrong(tuple(who[1:]), now)
