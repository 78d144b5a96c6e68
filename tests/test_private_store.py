"""The progress store's side of private profiles and of rows that cannot be read, on SQLite and on
PostgreSQL: keys that open a profile (forged, altered, expired and revoked ones open nothing),
one-time transfer codes, the claim of a profile from before keys, names that only look alike, and
damaged rows set aside whole (never deleted), by the pages' reads and by the migration."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from checks import some
from fsrs import Rating

from tutor.progress.database import upgrade
from tutor.progress.store import CODE_HOURS, KEY_DAYS, open_store


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def place(request, tmp_path):
    """An empty database on one engine: its SQLAlchemy URL, and how to open the store on it."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'progress.db'}"

        def opened(clock=None):
            return open_store(tmp_path, **({"clock": clock} if clock else {}))
    else:
        url = request.getfixturevalue("postgres_cluster").new_database()

        def opened(clock=None):
            return open_store(url=url, **({"clock": clock} if clock else {}))
    stores = []

    def open_here(clock=None):
        stores.append(opened(clock))
        return stores[-1]
    yield url, open_here
    for store in stores:
        store.close()


def raw(url: str, *statements: tuple[str, dict]) -> list:
    """Run SQL on the database directly (as a damaged file or another program would leave it)."""
    engine = sa.create_engine(url)
    out = []
    with engine.begin() as db:
        for sql, params in statements:
            result = db.execute(sa.text(sql), params)
            out.append(result.all() if result.returns_rows else None)
    engine.dispose()
    return out


def test_a_key_opens_its_profile_and_a_forged_altered_expired_or_revoked_one_opens_nothing(place):
    url, open_here = place
    clock = Clock()
    store = open_here(clock)
    alice = some(store.profile("Alice"))
    key = some(store.issue_key(alice.id))
    assert len(key) >= 40 and "Alice" not in key
    assert store.open_key(key).profile == alice
    assert store.open_key("Alice").problem == "unknown"                       # the name is no key
    assert store.open_key(key[:-1] + ("A" if key[-1] != "A" else "B")).problem == "unknown"   # altered
    # Kept as a hash: the database holds nothing a browser could present.
    (rows,) = raw(url, ("SELECT key_hash FROM profile_keys", {}))
    assert rows and all(key not in row[0] for row in rows)
    # Each use extends its life: after 300 days of use it still opens, 366 days after the last use not.
    clock.now += timedelta(days=300)
    assert store.open_key(key).profile == alice
    clock.now += timedelta(days=KEY_DAYS + 1)
    assert store.open_key(key).problem == "expired"
    other = some(store.issue_key(alice.id))
    assert store.revoke_key(other) and store.open_key(other).problem == "revoked"


def test_a_transfer_code_opens_the_profile_once_within_a_day(place):
    _, open_here = place
    clock = Clock()
    store = open_here(clock)
    alice = some(store.profile("Alice"))
    code = some(store.transfer_code(alice.id))
    assert len(code) == 14 and code.count("-") == 2          # K7QX-2M9P-TV4R
    assert store.redeem_code(code.lower().replace("-", " ")).profile == alice   # as a learner may type it
    assert store.redeem_code(code).problem == "used"
    late = some(store.transfer_code(alice.id))
    clock.now += timedelta(hours=CODE_HOURS, minutes=1)
    assert store.redeem_code(late).problem == "expired"
    assert store.redeem_code("AAAA-BBBB-CCCC").problem == "unknown"


def test_names_that_only_look_alike_are_one_profile(place):
    _, open_here = place
    store = open_here()
    alice = some(store.profile("Alice"))
    # Fullwidth letters, a Cyrillic А, a capital I for the l, capitals: all read as Alice.
    for lookalike in ("ＡＬＩＣＥ", "\u0410lice", "AIice", "ALICE"):
        assert store.lookalike_profile(lookalike) == alice, lookalike
        assert store.profile(lookalike) == alice, lookalike
    assert store.lookalike_profile("Alicia") is None
    assert [p.name for p in store.profiles()] == ["Alice"]


INVISIBLE = ("\u034f", "\ufe0f", "\ufe00", "\u3164", "\uffa0", "\u115f", "\u180b", "\u17b4", "\u2800",
             "\u200b", "\u00ad", "\U000e0041")
"""Characters that show as nothing: a combining grapheme joiner, two variation selectors, three
Hangul fillers, a Mongolian free variation selector, a Khmer inherent vowel, the blank Braille
pattern, a zero-width space, a soft hyphen, a tag letter."""


def test_a_name_with_an_invisible_character_is_the_same_profile(place):
    _, open_here = place
    store = open_here()
    alice = some(store.profile("Alice"))
    for invisible in INVISIBLE:
        assert store.lookalike_profile(f"Alice{invisible}") == alice, hex(ord(invisible))
        assert store.profile(f"Al{invisible}ice") == alice, hex(ord(invisible))
    assert [p.name for p in store.profiles()] == ["Alice"]


def test_private_profiles_may_share_a_name_and_a_code_waits_where_the_browser_holds_that_name(place):
    # Two learners each make an "Alice" where profiles are private: two profiles (a new name tells
    # nobody the other exists), both found by the operator by name, each opened by its own key.
    _, open_here = place
    store = open_here()
    first, second = some(store.private_profile("Alice")), some(store.private_profile("ALICE\u200b"))
    assert first.id != second.id and (first.name, second.name) == ("Alice", "ALICE")
    assert [p.id for p in store.profiles_named("alice")] == [first.id, second.id]
    assert store.open_key(some(store.issue_key(second.id))).profile == second
    assert store.find_profile("Alice") is None  # a name alone finds no private profile
    code = some(store.transfer_code(first.id))
    held = store.redeem_code(code, held={"Alice"})  # a browser that holds another "Alice"
    assert (held.profile, held.problem) == (first, "held")
    assert store.redeem_code(code, held={"Bob"}).profile == first  # the code was left unused
    assert store.redeem_code(code).problem == "used"


def test_a_code_waits_where_the_browser_holds_a_name_that_only_looks_like_its_profiles(place):
    # The reliability review's N4: browser B holds "Alice"; C makes "Аlice" (a Cyrillic А) and hands
    # B its code. B's list would show two names that look the same: the code waits, unused.
    _, open_here = place
    store = open_here()
    some(store.private_profile("Alice"))
    lookalike = some(store.private_profile("\u0410lice"))
    code = some(store.transfer_code(lookalike.id))
    for held in ({"Alice"}, {"ALICE"}, {"AIice"}):
        check = store.redeem_code(code, held=held)
        assert (check.profile, check.problem) == (lookalike, "held"), held
    assert store.redeem_code(code, held={"Bob"}).profile == lookalike  # still unused until then


def at_once(count: int, work):
    """``work()`` called by ``count`` threads released together; what each returned."""
    gate = threading.Barrier(count)

    def one(_: int):
        gate.wait()
        return work()
    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(one, range(count)))


def test_a_transfer_code_redeemed_by_several_browsers_at_once_opens_the_profile_for_one(place):
    _, open_here = place
    store = open_here()
    alice = some(store.profile("Alice"))
    for _ in range(6):
        code = some(store.transfer_code(alice.id))
        checks = at_once(6, lambda code=code: store.redeem_code(code))
        assert [c.profile for c in checks].count(alice) == 1
        assert sorted(c.problem or "" for c in checks) == ["", "used", "used", "used", "used", "used"]


def test_a_claim_made_by_several_browsers_at_once_is_won_by_one(place):
    url, open_here = place
    names = ("Alice", "Bob", "Carol", "Dora")
    at_schema_5(url, *((f"INSERT INTO profiles (name, name_key, created) VALUES ('{n}', '{n.lower()}', "
                        "'2026-11-01T00:00:00+00:00')", {}) for n in names))
    clock = Clock()
    clock.now = datetime.now(UTC)
    store = open_here(clock)
    for name in names:
        claims = at_once(6, lambda name=name: store.claim_by_name(name))
        assert sum(c is not None for c in claims) == 1, name


def test_leaving_a_profile_withdraws_its_codes_and_no_one_elses(place):
    _, open_here = place
    store = open_here()
    alice, bob = some(store.profile("Alice")), some(store.profile("Bob"))
    key, kept = some(store.issue_key(alice.id)), some(store.issue_key(alice.id))
    shown = [some(store.transfer_code(alice.id)) for _ in range(2)]
    bobs = some(store.transfer_code(bob.id))
    assert store.revoke_key(key, codes=True)
    assert store.open_key(key).problem == "revoked" and store.open_key(kept).profile == alice
    assert [store.redeem_code(code).problem for code in shown] == ["used", "used"]
    assert store.redeem_code(bobs).profile == bob


def test_a_key_code_or_claim_whose_end_cannot_be_read_opens_nothing(place):
    url, open_here = place
    at_schema_5(url, PROFILE_5)
    store = open_here()
    alice = some(store.find_profile("Alice"))
    key = some(store.issue_key(alice.id))
    code = some(store.transfer_code(alice.id))
    raw(url, ("UPDATE profile_keys SET expires = 'garbage'", {}), ("UPDATE transfer_codes SET expires = 'soon'", {}),
        ("INSERT INTO profiles (name, name_key, created, claim_until) VALUES ('Olga', 'olga', "
         "'2026-11-01T00:00:00+00:00', 'later')", {}))
    assert store.open_key(key).problem == "expired"
    assert store.redeem_code(code).problem == "expired"
    assert store.claim_by_name("Olga") is None


def test_a_sign_out_ends_every_sign_in_made_before_it_and_no_later_one(place):
    from datetime import UTC, datetime, timedelta
    url, open_here = place
    now = [datetime(2026, 12, 3, 10, 0, tzinfo=UTC)]
    store = open_here(clock=lambda: now[0])
    cara = some(store.account_profile("acct-77", "cara@example.org"))
    earlier, later = now[0] - timedelta(minutes=5), now[0] + timedelta(minutes=5)
    assert not store.signed_out_since(cara.id, earlier)  # never signed out
    assert store.sign_out_account(cara.id)
    assert store.signed_out_since(cara.id, earlier) and store.signed_out_since(cara.id, now[0])
    assert not store.signed_out_since(cara.id, later)  # signed in again after the sign-out
    raw(url, ("UPDATE profiles SET signed_out = 'garbage'", {}))
    assert store.signed_out_since(cara.id, later)  # a sign-out time that cannot be read opens nothing


def at_schema_5(url: str, *rows: tuple[str, dict]) -> None:
    """The database as gin-tutor's schema 5 left it, with these rows written into it."""
    engine = sa.create_engine(url)
    with engine.begin() as db:
        upgrade(db, target=5)
        for sql, params in rows:
            db.execute(sa.text(sql), params)
    engine.dispose()


PROFILE_5: tuple[str, dict[str, object]] = (
    "INSERT INTO profiles (name, name_key, created) VALUES ('Alice', 'alice', '2026-11-01T00:00:00+00:00')", {})
"""Alice, made under schema 5: the first profile of the database (id 1)."""


def test_a_profile_from_before_keys_can_be_claimed_by_name_once_within_30_days(place):
    url, open_here = place
    at_schema_5(url, PROFILE_5, ("INSERT INTO profiles (name, name_key, created) VALUES ('Bob', 'bob', "
                                 "'2026-11-01T00:00:00+00:00')", {}))
    clock = Clock()
    clock.now = datetime.now(UTC)
    store = open_here(clock)
    alice = some(store.claim_by_name("Alice"))
    assert alice.name == "Alice"
    assert store.claim_by_name("alice") is None            # claimed once: the window is closed
    some(store.issue_key(alice.id))
    assert store.claim_by_name("Alice") is None
    clock.now += timedelta(days=31)
    assert store.claim_by_name("Bob") is None               # after 30 days nobody claims by name
    assert store.claim_by_name("Carol") is None
    new = some(store.profile("Dora"))                       # made after keys: never claimable
    assert store.claim_by_name(new.name) is None


def test_rows_that_cannot_be_read_are_set_aside_whole_and_the_rest_is_read(place):
    url, open_here = place
    store = open_here()
    ana = some(store.profile("Ana"))
    heard: list[tuple[str, int]] = []
    store.aside_listener = lambda origin, n: heard.append((origin, n))
    good = some(store.save_game(ana.id, None, 12345, "beginner", "classic", [("pass", None)], False, None, 1, 1))
    store.schedule(ana.id, "term:baceta:es>en", Rating.Good)
    store.record_attempt(ana.id, "melds", "easy", "classic", True, 3.0)
    game = ("INSERT INTO games (profile_id, seed, level, ruleset, moves, finished, won, decisions, agreed, started, "
            "updated) VALUES (:p, 1, 'beginner', 'classic', :moves, 0, NULL, 0, 0, :started, "
            "'2026-01-01T00:00:00+00:00')")
    card = ("INSERT INTO review (profile_id, item, state, step, stability, difficulty, due, last_review) "
            "VALUES (:p, :item, :state, NULL, :stability, :difficulty, :due, NULL)")
    raw(url,
        (game, {"p": ana.id, "moves": "not json", "started": "2026-01-01T00:00:00+00:00"}),
        (game, {"p": ana.id, "moves": '[["stock"]]', "started": "2026-01-01T00:00:00+00:00"}),
        (game, {"p": ana.id, "moves": "[]", "started": "yesterday"}),
        (card, {"p": ana.id, "item": "term:pozo:es>en", "state": 99, "stability": None, "difficulty": None,
                "due": "2026-01-01T00:00:00+00:00"}),
        (card, {"p": ana.id, "item": "term:mazo:es>en", "state": 2, "stability": -3.0, "difficulty": 5.0,
                "due": "2026-01-01T00:00:00+00:00"}),
        (card, {"p": ana.id, "item": "term:carta:es>en", "state": 2, "stability": 3.0, "difficulty": 5.0,
                "due": "garbage"}),
        ("INSERT INTO attempts (profile_id, kind, difficulty, ruleset, correct, seconds, at) "
         "VALUES (:p, 'melds', 'easy', 'classic', 1, 2.0, 'not a time')", {"p": ana.id}))
    assert [g.id for g in store.games(ana.id)] == [good.id]
    assert list(store.scheduled(ana.id)) == ["term:baceta:es>en"]
    assert len(store.attempts(ana.id)) == 1
    assert heard == [("games", 3), ("review", 3), ("attempts", 1)]
    assert store.set_aside_count(ana.id) == 7
    # Kept whole, with why, not deleted:
    (kept,) = raw(url, ("SELECT origin, content, reason FROM set_aside ORDER BY id", {}))
    assert [k[0] for k in kept] == ["games"] * 3 + ["review"] * 3 + ["attempts"]
    contents = [(origin, json.loads(content), reason) for origin, content, reason in kept]
    assert {c["moves"] for o, c, _ in contents if o == "games"} == {"not json", '[["stock"]]', "[]"}
    assert any(c["moves"] == "not json" and "not a list" in why for _, c, why in contents if "moves" in c)
    assert any(c.get("state") == 99 for _, c, _ in contents) and any(c.get("due") == "garbage" for _, c, _ in contents)
    # A time written without a time zone is read as UTC, not set aside.
    raw(url, (card, {"p": ana.id, "item": "term:baza:es>en", "state": 1, "stability": None, "difficulty": None,
                     "due": "2020-01-01T00:00:00"}))
    assert store.due(ana.id) == ["term:baza:es>en"] and store.set_aside_count(ana.id) == 7


def test_an_answer_to_an_item_whose_card_cannot_be_read_starts_it_afresh(place):
    url, open_here = place
    store = open_here()
    ana = some(store.profile("Ana"))
    raw(url, ("INSERT INTO review (profile_id, item, state, step, stability, difficulty, due, last_review) "
              "VALUES (:p, 'term:pozo:es>en', 2, NULL, NULL, 5.0, '2026-01-01T00:00:00+00:00', NULL)",
              {"p": ana.id}))
    assert store.schedule(ana.id, "term:pozo:es>en", Rating.Again)   # a review card without stability
    assert some(store.card_of(ana.id, "term:pozo:es>en")).state.name == "Learning"
    assert store.set_aside_count(ana.id) == 1


def test_the_migration_sets_aside_the_rows_it_cannot_read_instead_of_failing(place):
    url, open_here = place
    at_schema_5(url, PROFILE_5,
                ("INSERT INTO review (profile_id, item, state, step, stability, difficulty, due, last_review) "
                 "VALUES (1, 'term:pozo:es>en', 99, NULL, NULL, NULL, '2026-01-01T00:00:00+00:00', NULL)", {}),
                ("INSERT INTO review (profile_id, item, state, step, stability, difficulty, due, last_review) "
                 "VALUES (1, 'term:mazo:es>en', 1, 0, NULL, NULL, '2026-01-01T00:00:00+00:00', NULL)", {}),
                ("INSERT INTO games (profile_id, seed, level, ruleset, moves, finished, won, decisions, agreed, "
                 "started, updated) VALUES (1, 7, 'beginner', 'classic', 'oops', 0, NULL, 0, 0, "
                 "'2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')", {}))
    store = open_here()
    assert store.status is None
    alice = some(store.find_profile("Alice"))
    assert list(store.scheduled(alice.id)) == ["term:mazo:es>en"] and store.games(alice.id) == []
    assert store.set_aside_count(alice.id) == 2


@pytest.mark.parametrize("box, due", [("x", "2026-01-01T00:00:00+00:00"), ("3", "not-a-date")])
def test_a_file_from_before_alembic_with_a_damaged_review_row_migrates_and_keeps_it_aside(tmp_path, box, due):
    # A schema-4 file (Leitner boxes), its review row damaged: schema 5 keeps the row marked, schema
    # 6 sets it aside; the store works on the file and the rest is there.
    import sqlite3

    from legacy import OLD_STEPS, old_migrate
    with sqlite3.connect(tmp_path / "progress.db") as db:
        old_migrate(db, target=len(OLD_STEPS))
        db.execute("INSERT INTO profiles (name, created, name_key) VALUES ('Old', '2026-01-01T00:00:00+00:00', 'old')")
        db.execute("INSERT INTO review VALUES (1, 'term:pozo:es>en', ?, ?)", (box, due))
        db.execute("INSERT INTO review VALUES (1, 'term:mazo:es>en', 2, '2026-01-02T00:00:00+00:00')")
    db.close()
    store = open_store(tmp_path)
    assert store.status is None
    old = some(store.find_profile("Old"))
    assert list(store.scheduled(old.id)) == ["term:mazo:es>en"]
    assert store.set_aside_count(old.id) == 1
    store.close()


def test_a_saved_game_may_hold_every_kind_of_move_and_no_other():
    from tutor.play.moves import KINDS
    from tutor.progress.rows import MOVE_KINDS
    assert frozenset(KINDS) == MOVE_KINDS
