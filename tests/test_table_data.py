"""What the play table shows, as pure functions of a match and a translator (no Streamlit, no
AppTest): the prompt and buttons in words that suit a mouse and a finger, each action's key letter
apart from its label, card faces inline, the virtual player's last turn in one line."""

from __future__ import annotations

from typing import cast
from urllib.parse import unquote

from tutor.app.card_faces import card_svg
from tutor.app.ui.table_data import opponent_last_turn, table_data
from tutor.engine.cards import parse_card
from tutor.engine.rules import load_ruleset
from tutor.language.i18n import Translator
from tutor.play.hand import View
from tutor.play.match import start_match

EN, ES = Translator("en"), Translator("es")


def deal_12345():
    """Game 12345, classic, against the beginner: the learner holds
    2♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ 2♣ Q♣ and is offered the 5♠ (the first upcard)."""
    return start_match(load_ruleset("classic"), 12345, "beginner")


def test_the_first_upcard_offers_take_and_pass_with_their_keys_apart_from_the_labels():
    data = table_data(deal_12345(), EN)
    assert data["prompt"] == "The first upcard: take it or pass."
    assert [(b["id"], b["label"], b["key"], b["active"]) for b in data["buttons"]] == [
        ("take", "Take", "D", True), ("pass", "Pass", "P", True), ("knock", "Knock", "K", False),
        ("gin", "Gin", "G", False)]
    assert data["stock"] == {"active": False, "label": "Stock: 31 cards. Draw from it", "key": "S",
                             "caption": "Stock (31)"}
    assert data["keys"] == {"s": "stock", "d": "take", "p": "pass", "k": "knock", "g": "gin", "b": "big_gin"}


def test_the_spanish_table_picks_its_own_key_letters():
    # D for the discard pile (el pozo, "descarte"), M for the stock (el mazo), C for knocking (cerrar).
    data = table_data(deal_12345(), ES)
    assert [(b["label"], b["key"]) for b in data["buttons"]] == [("Coger", "D"), ("Pasar", "P"), ("Cerrar", "C"),
                                                                 ("Gin", "G")]
    assert (data["stock"]["label"], data["stock"]["key"]) == ("Mazo: 31 cartas. Roba de él", "M")


def test_a_discard_asks_for_a_card_in_words_for_a_mouse_and_a_finger_alike():
    # The learner takes the 5♠: 2♠ 5♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ 2♣ Q♣, any card but the 5♠ may be thrown.
    match = deal_12345().play(("take", None))
    data = table_data(match, EN)
    assert data["prompt"] == "Choose the card you throw."
    assert table_data(match, ES)["prompt"] == "Elige la carta que descartas."
    cards = {c["id"]: c for g in data["groups"] for c in g["cards"]}
    assert set(cards) == {"2S", "5S", "6S", "10S", "AH", "3H", "JH", "6D", "10D", "2C", "QC"}
    assert not cards["5S"]["active"] and cards["5S"]["taken"]
    assert all(c["active"] for i, c in cards.items() if i != "5S")
    assert "click" not in data["prompt"].lower()


def test_card_faces_travel_inline_so_none_is_drawn_blank_while_it_loads():
    data = table_data(deal_12345(), EN)
    faces = [c["img"] for g in data["groups"] for c in g["cards"]] + [data["pile"]["card"]["img"]]
    assert len(faces) == 11 and all(f.startswith("data:image/svg+xml,") for f in faces)
    assert unquote(data["pile"]["card"]["img"].removeprefix("data:image/svg+xml,")) == card_svg(parse_card("5S"))


def test_the_virtual_players_last_turn_is_one_line_above_the_table():
    # Deal 12345, classic: both pass the upcard; the learner draws and throws the 2♠ from
    # 2♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ K♦ 2♣ Q♣; the virtual player draws from the stock and throws the Q♠.
    match = deal_12345()
    assert opponent_last_turn(match, EN) == ""
    match = match.play(("pass", None))
    assert opponent_last_turn(match, EN) == "The virtual player's last turn: It passed the upcard."
    match = match.play(("stock", None)).play(("discard", "2S"))
    assert opponent_last_turn(match, EN) == "The virtual player's last turn: It drew from the stock. It threw the Q♠."
    assert opponent_last_turn(match, ES) == "Último turno del jugador virtual: Robó del mazo. Descartó la Q♠."


def test_fresh_moves_fade_in_only_as_many_as_the_log_shows():
    match = deal_12345().play(("pass", None))
    assert table_data(match, EN, fresh=99)["fresh"] == len(table_data(match, EN)["log"])
    assert table_data(match, EN)["fresh"] == 0


def test_the_key_line_lists_only_the_moves_of_the_ruleset():
    # Classic: a first upcard to pass and a big gin. Spanish: neither (002 has no offer and no big gin).
    assert table_data(deal_12345(), EN)["keys_help"] == ("Keys: the arrows and Enter pick a card; S the stock, D the "
                                                         "discard pile, P pass, K knock, G gin, B big gin.")
    spanish = start_match(load_ruleset("spanish"), 30, "beginner")
    assert table_data(spanish, ES)["keys_help"] == ("Teclas: las flechas y Intro eligen una carta; M el mazo, D la "
                                                    "pila de descarte, C cerrar, G gin.")


def test_with_a_card_to_throw_the_position_line_gives_the_deadwood_after_the_best_throw():
    # A♠ 2♠ 3♠ | 7♥ 7♦ 7♣ | K♦ K♣ K♥ | 9♠ 4♦: eleven cards; the 9♠ thrown leaves the 4♦, so 4 (not 13).
    from tutor.language.play_text import position_line
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "KD", "KC", "KH", "9S", "4D"]
    view = cast(View, {"hand": hand, "phase": "discard", "turn": 9, "stock_size": 16})  # what the line reads
    assert position_line(view, EN) == "Turn 9 · 16 cards in the stock · your deadwood after the best throw: 4"
    assert position_line(view, ES) == "Turno 9 · 16 cartas en el mazo · tus puntos sueltos tras el mejor descarte: 4"
    ten = cast(View, {**view, "hand": hand[:10], "phase": "draw"})  # ten cards, before the draw: 9
    assert position_line(ten, EN) == "Turn 9 · 16 cards in the stock · your deadwood: 9"
