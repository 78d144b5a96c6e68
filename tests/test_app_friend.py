"""Play a friend through its page in AppTest: two sessions (two browsers) share the store, as two
players on two app processes share the database. The table is a custom component that AppTest
cannot click: its callback files the action under ``_friend_pending`` and the page plays it, as
these tests do (the clicks themselves, both players on two processes behind nginx: test_deploy.py).

Game 12345 under ``short``: seat 1 deals, seat 0 (the player who opens the table) decides first on
the upcard, the 5♠.
    seat 0: 2♣ 6♠ Q♣ 6♦ 2♠ A♥ J♥ 10♠ 10♦ 3♥
    seat 1: 4♣ 8♠ 6♣ 2♥ 7♣ Q♠ 7♠ 4♥ 8♥ 7♦
"""

from __future__ import annotations

from apptest_helpers import APP, screen
from streamlit.testing.v1 import AppTest

from tutor.app.ui.session_keys import TRIES_ID
from tutor.progress.store import open_store


def open_friend(lang: str, browser: str, params: dict | None = None) -> AppTest:
    """The Play a friend page in one browser (its id, as its cookie would give it)."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = lang
    for key, value in (params or {}).items():
        at.query_params[key] = value
    at.session_state[TRIES_ID] = browser
    at.run()
    return at.switch_page("screens/friend.py").run()


def act(at: AppTest, action: str) -> AppTest:
    at.session_state["_friend_pending"] = action
    return at.run()


def stored(code: str):
    """The table as the store holds it now."""
    return open_store().friend_table_by_code(code)


def opened_by_ana(hints: bool = True) -> tuple[AppTest, str]:
    """Ana (a guest, in English) opens a table dealing game 12345 under ``short``; its code."""
    ana = open_friend("en", "a" * 32, {"game": "12345", "rules": "short"})
    ana.text_input(key="friend_name").input("Ana")
    ana.radio(key="friend_hints").set_value(hints)
    ana.button(key="friend_open").click().run()
    assert "Waiting for your friend to sit down" in screen(ana)
    return ana, ana.query_params["table"][0] if isinstance(ana.query_params["table"], list) \
        else ana.query_params["table"]


def bea_sits(code: str) -> AppTest:
    """Bea (a guest, in Spanish) opens the link and sits down."""
    bea = open_friend("es", "b" * 32, {"table": code})
    assert "**Ana** te invita a una partida: Corto (a 50)." in screen(bea)
    bea.text_input(key="friend_name").input("Bea")
    bea.button(key="friend_sit").click().run()
    return bea


def test_two_browsers_play_their_own_turns_each_in_their_language():
    ana, code = opened_by_ana()
    bea = bea_sits(code)
    assert "Corto (a 50) · tú 0, Ana 0 (meta 50)" in screen(bea)
    ana.run()
    assert "Short (to 50) · you 0, Bea 0 (target 50)" in screen(ana)
    act(bea, "pass")  # Ana decides on the upcard first
    assert [e.value for e in bea.error] == ["No es tu turno: espera a que juegue el otro jugador."]
    assert stored(code).moves == ""
    act(ana, "pass")
    act(bea.run(), "pass")
    act(ana.run(), "stock")
    act(ana, "card:2S")
    assert stored(code).moves == "p.p.s.d2S"
    bea.run()
    assert "Ana descartó: 2♠" in screen(bea)  # the discards as Bea reads them, in Spanish
    assert not ana.exception and not bea.exception


def test_a_move_the_rules_do_not_allow_is_refused_with_a_message():
    ana, code = opened_by_ana()
    bea_sits(code)
    act(ana.run(), "card:QC")  # a discard before deciding on the upcard
    assert [e.value for e in ana.error] == ["First decide on the upcard: take it or pass."]
    act(ana, "card:9H")  # a card Ana does not hold, named by a forged action
    assert [e.value for e in ana.error] == ["First decide on the upcard: take it or pass."]
    assert stored(code).moves == ""


def test_two_tabs_of_one_seat_do_not_both_move_and_a_reload_finds_the_seat():
    ana, code = opened_by_ana()
    bea_sits(code)
    ana.run()
    second_tab = open_friend("en", "a" * 32, {"table": code})
    assert "you 0, Bea 0" in screen(second_tab)  # the same seat, from the browser's id
    act(ana, "pass")
    act(second_tab, "pass")  # the other tab, drawn before Ana's pass, passes again
    assert [e.value for e in second_tab.error] == ["It is not your turn: wait for the other player's move."]
    assert stored(code).moves == "p"


def test_a_third_browser_cannot_sit_and_a_wrong_code_says_so():
    _, code = opened_by_ana()
    bea_sits(code)
    cy = open_friend("en", "c" * 32, {"table": code})
    assert "Two players already sit at this table." in screen(cy)
    lost = open_friend("en", "c" * 32, {"table": "**NOPE**"})
    assert "There is no table with the code “\\*\\*NOPE\\*\\*”." in screen(lost)  # shown as typed, never as Markdown


def test_a_player_who_leaves_can_be_replaced_by_the_virtual_player():
    ana, code = opened_by_ana(hints=False)
    bea = bea_sits(code)
    act(ana.run(), "pass")
    bea.run().button(key="friend_leave").click().run()
    bea.button(key="friend_leave_yes").click().run()
    assert stored(code).state == "abandoned"
    ana.run()
    assert "Bea left the game. It is kept as abandoned" in screen(ana)
    ana.button(key="friend_robot_left").click().run()
    table = stored(code)
    assert table.state == "playing" and table.robot == 1
    assert table.moves.startswith("p.") and len(table.moves.split(".")) >= 2  # it moved for Bea at once
    assert "The virtual player (strong level) plays in Bea's seat." in screen(ana)


def test_a_table_without_hints_offers_no_hint():
    ana, code = opened_by_ana(hints=False)
    bea_sits(code)
    ana.run()
    assert not [b for b in ana.button if b.key == "friend_hint"]
    assert "A game without hints: the coach reviews each hand once it is over." in screen(ana)


def test_a_friend_game_counts_in_each_players_progress():
    """Game 182 under ``short``, both with profiles: Ana passes, Bea passes, Ana draws and throws the
    K♥, Bea draws the 6♦ and knocks with the 9♥ (4♠ 4♣ 4♦, 8♣ 8♦ 8♥; K♣ Q♣ 5♥ 6♦ left), which ends
    the game to 50. Each profile's record of it: finished, who won, its decisions judged."""
    from test_app_play import wait_judged

    ana = open_friend("en", "a" * 32, {"game": "182", "rules": "short"})
    ana.text_input(key="profile_new").input("Ana").run()
    ana.button(key="profile_create").click().run()
    ana.button(key="friend_open").click().run()
    code = ana.query_params["table"]
    code = code[0] if isinstance(code, list) else code
    bea = open_friend("es", "b" * 32, {"table": code})
    bea.text_input(key="profile_new").input("Bea").run()
    bea.button(key="profile_create").click().run()
    bea.button(key="friend_sit").click().run()
    for page, action in ((ana.run(), "pass"), (bea.run(), "pass"), (ana.run(), "stock"), (ana, "card:KH"),
                         (bea.run(), "stock"), (bea, "knock"), (bea, "card:9H")):
        act(page, action)
        assert not page.error, [e.value for e in page.error]
    assert stored(code).state == "over"
    for page in (ana.run(), bea.run()):
        wait_judged(page.session_state["_friend_at"].side.decisions)
        page.run()
    store = open_store()
    profiles = {name: store.profile(name) for name in ("Ana", "Bea")}
    records = {name: store.games(profile.id) for name, profile in profiles.items() if profile is not None}
    for name, won in (("Ana", False), ("Bea", True)):
        (game,) = records[name]
        assert (game.level, game.ruleset, game.seed, game.finished, game.won, game.hands) == \
            ("friend", "short", 182, True, won, 1)
        assert game.friend_id == stored(code).id and game.accuracy is not None
    assert records["Ana"][0].moves == [("pass", None), ("stock", None), ("discard", "KH")]
    assert "Bea won the game" in screen(ana) and "Ganaste la partida" in screen(bea)


def test_a_friend_gone_quiet_can_be_waited_for_or_replaced_by_the_virtual_player():
    from datetime import UTC, datetime

    ana, code = opened_by_ana()
    bea_sits(code)
    table = stored(code)
    open_store(clock=lambda: datetime(2026, 1, 1, tzinfo=UTC)).friend_seen(table.id, 1)  # Bea's page went quiet
    ana.run()
    assert "Bea seems to have gone: their page has not answered for a while." in screen(ana)
    ana.button(key="friend_wait").click().run()
    assert "seems to have gone" not in screen(ana)  # Ana waits: not asked again for a while
    assert stored(code).robot is None
    ana.session_state["_friend_waiting_until"] = 0.0  # the while is over, Bea still quiet
    ana.run()
    ana.button(key="friend_robot").click().run()
    assert stored(code).robot == 1
    assert "The virtual player (strong level) plays in Bea's seat." in screen(ana)
