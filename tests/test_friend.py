"""A game between two learners (tutor/play/friend.py) and its table in the store
(tutor/progress/store_friends.py): turns by seat, the virtual player taking a seat, each side's
decisions, a game rebuilt from its moves, and moves written only at the version they continue.

Game 12345 under ``short``: seat 1 deals, seat 0 decides on the first upcard, the 5♠.
    seat 0: 2♣ 6♠ Q♣ 6♦ 2♠ A♥ J♥ 10♠ 10♦ 3♥
    seat 1: 4♣ 8♠ 6♣ 2♥ 7♣ Q♠ 7♠ 4♥ 8♥ 7♦
    stock:  K♦ J♣ A♦ 5♥ …
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tutor.engine.cards import parse_card
from tutor.engine.rules import load_ruleset
from tutor.play import friend
from tutor.play.errors import GameOverError, NotYourTurnError, SeatTakenOverError, UpcardDecisionError
from tutor.play.friend import MODEL_LEVEL
from tutor.play.moves import moves_code, read_moves_code
from tutor.progress.store_friends import Sitter, table_code_key

SHORT = load_ruleset("short")
OPENING = [("pass", None), ("pass", None), ("stock", None), ("discard", "2S")]
"""Both pass the 5♠; seat 0 draws the K♦ and throws the 2♠."""


def _opened() -> friend.FriendGame:
    game = friend.start(SHORT, 12345)
    for seat, move in zip((0, 1, 0, 0), OPENING, strict=True):
        game = game.play(seat, move)
    return game


def test_each_seat_moves_only_on_its_turn():
    game = friend.start(SHORT, 12345)
    assert game.to_move == 0
    with pytest.raises(NotYourTurnError):
        game.play(1, ("pass", None))
    with pytest.raises(UpcardDecisionError):  # seat 0's own move, but not one the rules allow now
        game.play(0, ("stock", None))
    after = game.play(0, ("pass", None))
    assert after.to_move == 1 and game.to_move == 0  # a value: the game before is unchanged


def test_each_side_sees_its_own_hand_and_only_its_own_decisions():
    game = _opened()
    assert game.to_move == 1
    mine, theirs = game.side(0), game.side(1)
    assert "KD" in mine.view()["hand"] and "2S" not in mine.view()["hand"]
    assert mine.view()["hand"] != theirs.view()["hand"]
    assert not set(mine.view()["hand"]) & set(theirs.view()["hand"])
    assert [d.move[0] for d in mine.decisions] == ["pass", "stock", "discard"]
    assert [d.move[0] for d in theirs.decisions] == ["pass"]
    assert all(d.opponent == MODEL_LEVEL == "strong" for d in mine.decisions + theirs.decisions)
    assert theirs.learner_to_move and not mine.learner_to_move
    # Seat 0's discard was made on its view after drawing the K♦: eleven cards, the 2♠ among them.
    assert len(mine.decisions[-1].view["hand"]) == 11 and "2S" in mine.decisions[-1].view["hand"]


def test_a_side_keeps_the_decisions_it_had_so_their_verdicts_stay():
    game = _opened()
    before = game.side(0)
    later = game.play(1, ("stock", None)).side(0, before.decisions)
    assert all(a is b for a, b in zip(before.decisions, later.decisions, strict=True))


def test_a_game_is_rebuilt_from_its_moves_alone():
    game = _opened()
    code = moves_code(game.moves_text())
    assert code == "p.p.s.d2S"
    again = friend.replay(SHORT, 12345, list(read_moves_code(code)))
    assert [p.move for p in again.moves] == [p.move for p in game.moves]
    assert [p.player for p in again.moves] == [0, 1, 0, 0]
    assert again.game.view(1) == game.game.view(1)


def test_the_virtual_player_takes_a_seat_and_moves_for_it():
    game = _opened()  # seat 1 to move
    taken = game.take_over(1)
    assert taken.robot == 1 and taken.robot_from == 4
    assert taken.to_move == 0 or taken.game.played  # it drew and threw (or ended the hand) at once
    assert len(taken.moves) >= 6 and {p.player for p in taken.moves[4:]} == {1}
    with pytest.raises(SeatTakenOverError):
        taken.play(1, ("stock", None))
    with pytest.raises(SeatTakenOverError):
        taken.take_over(0)
    # Its moves are not seat 1's decisions: only the pass before it took the seat is.
    assert [d.move[0] for d in taken.side(1).decisions] == ["pass"]
    rebuilt = friend.replay(SHORT, 12345, [p.move for p in taken.moves], robot=1, robot_from=4)
    assert [d.move for d in rebuilt.side(1).decisions] == [("pass", None)]


def test_a_finished_game_takes_no_more_moves():
    game = friend.start(SHORT, 12345).take_over(1)
    # Seat 0 plays the strong player's moves too, to the end of the game.
    from tutor.play.bots import Bot

    bot = Bot(MODEL_LEVEL, 7)
    while not game.game.over:
        game = game.play(0, bot.move(game.game.view(0)))
    assert game.to_move is None
    with pytest.raises(GameOverError):
        game.play(0, ("stock", None))


# --- the table in the store --------------------------------------------------------------------------

@pytest.fixture
def store(store_at):
    """The store on each engine (SQLite, PostgreSQL), its clock at noon."""
    return store_at(clock=lambda: datetime(2026, 12, 5, 12, 0, tzinfo=UTC))


def test_a_table_is_found_by_its_code_as_typed(store):
    table = store.open_table("short", 12345, True, Sitter(None, "browser-a", "Ana"))
    assert table is not None and table.state == "open" and table.seats[1] is None
    typed = table.code.lower().replace("-", " ")
    assert table_code_key(typed) == table.code
    assert store.friend_table_by_code(typed).id == table.id
    assert store.friend_table_by_code("ZZZZ-ZZZZ") is None


def test_the_friend_sits_once_and_a_third_browser_is_refused(store):
    table = store.open_table("short", 12345, False, Sitter(None, "browser-a", "Ana"))
    problem, seated = store.sit(table.id, Sitter(None, "browser-b", "Bea"))
    assert problem is None and seated.state == "playing" and seated.seats[1].name == "Bea"
    assert seated.seat_of(None, "browser-a") == 0 and seated.seat_of(None, "browser-b") == 1
    assert store.sit(table.id, Sitter(None, "browser-c", "Cy"))[0] == "full"
    assert store.sit(table.id, Sitter(None, "browser-b", "Bea"))[0] is None  # the same browser: its seat again
    assert seated.seat_of(None, "browser-c") is None


def test_a_profile_is_its_seat_whatever_the_browser_and_a_guest_cannot_claim_it(store):
    ana = store.private_profile("Ana")
    table = store.open_table("classic", 1, True, Sitter(ana.id, None, "Ana"))
    assert table.seat_of(ana.id, "any-browser") == 0
    assert table.seat_of(None, None) is None and table.seat_of(ana.id + 1, None) is None


def test_a_challenge_seats_only_the_classmate_invited(store):
    ana, bea, cy = (store.private_profile(n) for n in ("Ana", "Bea", "Cy"))
    table = store.open_table("classic", 1, True, Sitter(ana.id, None, "Ana"), invited=bea.id)
    assert [t.id for t in store.challenges_for(bea.id)] == [table.id]
    assert store.sit(table.id, Sitter(cy.id, None, "Cy"))[0] == "not_invited"
    assert store.sit(table.id, Sitter(bea.id, None, "Bea"))[0] is None
    assert store.challenges_for(bea.id) == []


def test_a_move_is_written_only_at_the_version_it_continues(store):
    table = store.open_table("short", 12345, True, Sitter(None, "a", "Ana"))
    _, table = store.sit(table.id, Sitter(None, "b", "Bea"))
    first = store.friend_move(table.id, table.version, "p", "playing")
    assert first is not None and first.moves == "p" and first.version == table.version + 1
    # A second tab (or a repeated click) still at the old version: refused, nothing written.
    assert store.friend_move(table.id, table.version, "s", "playing") is None
    assert store.friend_table(table.id).moves == "p"


def test_a_player_who_leaves_leaves_the_game_abandoned_and_a_finished_one_takes_no_move(store):
    table = store.open_table("short", 12345, True, Sitter(None, "a", "Ana"))
    _, table = store.sit(table.id, Sitter(None, "b", "Bea"))
    left = store.friend_leave(table.id, 1)
    assert left.state == "abandoned" and left.left_seat == 1
    taken = store.friend_move(left.id, left.version, "p", "playing", robot=1, robot_from=1)
    assert taken.state == "playing" and taken.robot == 1
    over = store.friend_move(taken.id, taken.version, "p.p", "over", robot=1, robot_from=1)
    assert over.state == "over"
    assert store.friend_move(over.id, over.version, "p.p.s", "playing") is None


def test_each_seat_sign_of_life_is_kept(store):
    from tutor.app.ui.friend_state import GONE_AFTER, gone

    table = store.open_table("short", 12345, True, Sitter(None, "a", "Ana"))
    _, table = store.sit(table.id, Sitter(None, "b", "Bea"))
    store.friend_seen(table.id, 1)
    table = store.friend_table(table.id)
    noon = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
    assert table.seen[1] == noon
    assert not gone(table, 1, noon + timedelta(seconds=GONE_AFTER - 1))
    assert gone(table, 1, noon + timedelta(seconds=GONE_AFTER + 1))
    assert not gone(table, None, noon + timedelta(hours=1))


def test_a_hands_discards_graded_a_mistake_or_worse_go_to_review_and_only_judged_ones_count():
    from tutor.play.coach import Judgement
    from tutor.play.friend import discards_to_review
    from tutor.play.match import JUDGEMENT, judged_upto

    side = _opened().side(0)  # seat 0's pass, draw and discard of the 2♠
    passed, drew, threw = side.decisions
    assert judged_upto(side.decisions) == 0  # nothing judged yet: nothing counted
    passed.__dict__[JUDGEMENT] = Judgement(("pass", None), ("pass", None), 0.0)
    drew.__dict__[JUDGEMENT] = Judgement(("stock", None), ("stock", None), 0.0)
    assert judged_upto(side.decisions) == 2
    # The coach would have thrown the Q♣: throwing the 2♠ gave up 6 points (± 0.5), a blunder.
    card = threw.move[1]
    threw.__dict__[JUDGEMENT] = Judgement(("discard", card), ("discard", parse_card("QC")), 6.0, 0.5)
    assert judged_upto(side.decisions) == 3
    assert discards_to_review(side.decisions) == [threw]
    threw.__dict__[JUDGEMENT] = Judgement(("discard", card), ("discard", parse_card("QC")), 0.2, 0.5)
    assert discards_to_review(side.decisions) == []  # graded best: nothing to practise
