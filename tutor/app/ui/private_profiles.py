"""Private profiles in the browser: what opens a profile where progress is shared (a database
server, ``private_profiles = true`` in the secrets).

A browser holds a **key** for each profile it made or was given (a random value the server issued
and keeps only as a hash: :meth:`tutor.progress.store.Store.issue_key`), in two cookies: the keys it
holds (``gin_tutor_keys``) and the key of the profile chosen now (``gin_tutor_key``). A profile's
name opens nothing. To use a profile in another browser, the learner shows a one-time **transfer
code** in a browser where it is open and types it in the other. A forged, altered, expired or
withdrawn key opens nothing, and the learner is told so.

A profile from before keys is opened with a transfer code that the operator makes for it
(``gin-tutor transfer-code NAME``). Only where the operator turns it on (``claim_old_profiles = true``
in the secrets) may a browser that still holds the old cookie of one chosen profile
(``gin_tutor_profile``: one name, never the list of names ``gin_tutor_profiles``) claim that profile,
once, within 30 days of the upgrade and only while no browser holds a key to it
(:meth:`~tutor.progress.store.Store.claim_by_name`): a cookie is plain text that any client can send,
so by default a name claims nothing. The claim turns the name into a key, and the old cookies are
cleared.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

import streamlit as st

from tutor.progress.store import Profile, Store

KEY_COOKIE = "gin_tutor_key"
"""The key of the profile chosen now in this browser."""
KEYS_COOKIE = "gin_tutor_keys"
"""The keys this browser holds, one per profile it made or was given (a JSON list)."""
LEGACY_COOKIE, LEGACY_LIST = "gin_tutor_profile", "gin_tutor_profiles"
"""The cookies of the versions before keys: a profile's name, and the names this browser knew."""
MOST_KEYS = 50
"""The most keys a browser keeps (a cookie has room for about 80)."""
YEAR = 365 * 24 * 3600
MOST_NAME = 100
"""The most characters of an old name cookie read (a profile name has at most 40)."""


def browser_cookies() -> Mapping[str, str]:
    """The cookies the browser sent with this session (none outside a browser)."""
    return st.context.cookies or {}


def _list(text: str | None) -> list[str]:
    """A cookie that holds a JSON list of strings; empty when it is missing or damaged."""
    try:
        value = json.loads(unquote(text)) if text else []
    except ValueError:
        return []
    return [v for v in value if isinstance(v, str)][:MOST_KEYS] if isinstance(value, list) else []


@dataclass
class Held:
    """What this browser holds: each profile's key by the profile's name, the profile chosen now,
    and why something it presented opened nothing (``unknown``, ``expired``, ``revoked``, or
    ``legacy``: a name from before keys that may no longer be claimed; ``legacy_name`` is that name)."""

    keys: dict[str, str] = field(default_factory=dict)
    chosen: Profile | None = None
    problem: str | None = None
    legacy_name: str | None = None
    changed: bool = False
    """Whether the cookies must be written again (a claim, a key gone)."""


def read_browser(store: Store, cookies: Mapping[str, str], claim: bool = False) -> Held:
    """Open what the browser's cookies hold: each key checked by the server; with ``claim`` (the
    operator's choice), the one name of the old cookie claimed where that is still allowed."""
    held = Held()
    current = unquote(cookies.get(KEY_COOKIE) or "")
    keys = _list(cookies.get(KEYS_COOKIE))
    if current and current not in keys:
        keys.append(current)
    for key in keys:
        check = store.open_key(key)
        if check.profile is not None:
            held.keys[check.profile.name] = key
            if key == current:
                held.chosen = check.profile
        else:
            held.changed = True
            if key == current or held.problem is None:
                held.problem = check.problem
    held.changed |= LEGACY_LIST in cookies
    legacy = unquote(cookies.get(LEGACY_COOKIE) or "")[:MOST_NAME]
    if not legacy or legacy in held.keys:
        held.changed |= LEGACY_COOKIE in cookies
        return held
    claimed = store.claim_by_name(legacy) if claim else None
    issued = store.issue_key(claimed.id) if claimed is not None else None
    if claimed is not None and issued is not None:
        held.keys[claimed.name] = issued
        if held.chosen is None:
            held.chosen = claimed
    else:
        held.problem, held.legacy_name = "legacy", legacy
    held.changed = True
    return held


def cookie_script(keys: Mapping[str, str], chosen: str | None) -> str:
    """The script that writes the browser's cookies: the keys it holds, the chosen profile's key (or
    none, for a guest), and the old name cookies cleared."""
    key = keys.get(chosen or "") or ""
    cookies = [f"{KEY_COOKIE}={quote(key, safe='')}; path=/; max-age={YEAR if key else 0}; SameSite=Lax",
               f"{KEYS_COOKIE}={quote(json.dumps(list(keys.values())[-MOST_KEYS:]), safe='')}; path=/; "
               f"max-age={YEAR}; SameSite=Lax",
               f"{LEGACY_COOKIE}=; path=/; max-age=0; SameSite=Lax", f"{LEGACY_LIST}=; path=/; max-age=0; SameSite=Lax"]
    return "".join(f"document.cookie = {json.dumps(c)};" for c in cookies)
