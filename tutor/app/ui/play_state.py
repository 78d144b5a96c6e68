"""The play page's memory: the match in progress (kept in the session, saved for the learner's
profile after every move, mirrored into the URL as ``?game=SEED&level=…&rules=…``), the table's
clicks turned into moves, the hint, the coach's comments, and the end of each hand.

The game itself is :mod:`tutor.play`; this module only keeps it and reacts to the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from tutor.app.card_faces import card_url
from tutor.app.ui import profile, state
from tutor.app.ui.safe import error_text, plain
from tutor.drills.kinds.discard import level_of_turn
from tutor.engine.cards import Card, mask_of, parse_card, parse_cards
from tutor.engine.errors import TutorError
from tutor.engine.melds import best_arrangements, min_deadwood
from tutor.engine.rules import Ruleset, available_rulesets, load_ruleset
from tutor.language.i18n import N_, Translator
from tutor.language.labels import card_name, meld_kind_name
from tutor.language.play_text import bot_level_name, hint_sentence, hint_value_text, log_line, verdict_line
from tutor.play import BOT_LEVELS
from tutor.play.coach import CoachHint
from tutor.play.errors import MalformedMoveError, UnknownBotLevelError
from tutor.play.hand import check_seed
from tutor.play.match import LEARNER, Decision, Match, replay, start_match
from tutor.play.moves import moves_code, read_moves_code
from tutor.play.positions import encode_view
from tutor.progress.review import DrillItem, Rating
from tutor.progress.store import Saved, SavedGame, StaleGameError

(MATCH, GAME_ID, SEEN, ARMED, HINT, COMMENTS, ERROR, FRESH, REVIEWED, ADDRESS, PENDING, RETRY, RETRY_MOVE,
 GRADED) = (
    "play_match", "play_game_id", "play_seen", "play_armed", "play_hint", "play_comments", "play_error",
    "play_fresh", "play_reviewed", "_play_address", "play_pending", "play_retry", "play_retry_move", "play_graded")
"""The session keys of the play page. Every key of one game (all but ``ADDRESS`` and ``PENDING``)
is set afresh when a game opens and dropped when the learner leaves it."""
GAME_KEYS = (MATCH, GAME_ID, SEEN, ARMED, HINT, COMMENTS, ERROR, FRESH, REVIEWED, RETRY, RETRY_MOVE, GRADED)
MOVES_PARAM = "moves"
"""A guest's moves in the page's address (``?moves=p.s.d7H``): a reload replays them."""
TABLE_KEY = "play_table"
QUICK_KEY = "play_quick"
"""The switch for quick moves: the virtual player's moves shown at once, not faded in one by one."""
LOG_LINES = 6
"""The table's log shows the hand's last moves; the whole list is shown when the hand ends."""
KEY_LETTERS = {
    "stock": N_("Key for the stock: S"),
    "take": N_("Key for the discard pile: D"),
    "pass": N_("Key for passing: P"),
    "knock": N_("Key for knocking: K"),
    "gin": N_("Key for gin: G"),
    "big_gin": N_("Key for big gin: B"),
}
"""The table's keyboard letter for each action: the last letter of the message, so that each
language picks letters that fit its own words (``M`` for *mazo*, ``C`` for *cerrar*)."""


def key_letters(tr: Translator) -> dict[str, str]:
    """Each action's key in the learner's language, as a capital letter."""
    return {action: tr.gettext(msgid).rsplit(" ", 1)[-1][-1].upper() for action, msgid in KEY_LETTERS.items()}


# --- the match in the session ------------------------------------------------------------------

def current() -> Match | None:
    match: Match | None = st.session_state.get(MATCH)
    return match


def _begin(match: Match, saved: Saved | None = None, resumed: bool = False) -> None:
    """Open ``match`` at the table (``saved``: where it is stored, and its version): every key of the
    game before it goes. A new game shows the virtual player's opening moves as fresh; a resumed one
    (saved, or ``resumed`` from a guest's address) shows its moves as they stand, without fading
    them in again."""
    session = st.session_state
    for key in GAME_KEYS:
        session.pop(key, None)
    session[MATCH] = match
    session[GAME_ID] = saved
    session[SEEN] = 0
    session[COMMENTS] = []
    session[REVIEWED] = set()
    session[FRESH] = 0 if saved is not None or resumed else len(match.moves)
    _mirror(match)


def reviewed() -> set[int]:
    """The decisions of the open game (by their index) that the learner sent to review."""
    sent: set[int] = st.session_state.setdefault(REVIEWED, set())
    return sent


def _mirror(match: Match) -> None:
    """Keep the game in the URL. The ruleset's parameter stays the sidebar's: a game keeps its own
    ruleset to the end whatever the sidebar says, and its address (:func:`address`) names it."""
    st.query_params.update({"game": str(match.seed), "level": match.level})


def address(match: Match) -> str:
    """The page's address for this game: the same deal, level and ruleset."""
    return f"play?game={match.seed}&level={match.level}&rules={match.rules.name}"


def new_game(rules: Ruleset, level: str, seed: int | None = None) -> None:
    """Deal a new game (a fresh seed unless one is given) and save it for the profile."""
    match = start_match(rules, state.new_seed() if seed is None else seed, level)
    st.session_state.rules = match.rules.name  # the sidebar follows the game's ruleset as it starts
    st.query_params["rules"] = match.rules.name
    _begin(match)
    st.session_state[ADDRESS] = (str(match.seed), match.level)
    save(match)


def _read_address(tr: Translator, rules: Ruleset) -> str | None:
    """Open the game the URL names, once per address; a bad address gets a message."""
    params = st.query_params
    wanted = (params.get("game"), params.get("level"))
    if wanted[0] is None or wanted == st.session_state.get(ADDRESS):
        return None
    st.session_state[ADDRESS] = wanted
    match = current()
    seed_text, level = wanted
    if match is not None and (str(match.seed), match.level) == wanted:
        return None
    level = level or "beginner"
    try:
        if level not in BOT_LEVELS:
            names = tr.list_of([bot_level_name(lv, tr) for lv in BOT_LEVELS])
            raise UnknownBotLevelError(level=level[:40], choices=names)
        seed = check_seed(seed_text)
        if not resume(seed, level, rules):
            moves = params.get(MOVES_PARAM)
            if moves and profile.current() is None:
                return _open_guest_game(rules, seed, level, moves, tr)
            new_game(rules, level, seed)
    except TutorError as error:
        for key in ("game", "level", MOVES_PARAM):
            st.query_params.pop(key, None)
        return error_text(error, tr)
    return None


def _open_guest_game(rules: Ruleset, seed: int, level: str, code: str, tr: Translator) -> str | None:
    """A guest's game as the address lists its moves (a reload keeps the game where it was, as the
    profile's store does for a profile); moves that cannot be read or played deal the game again,
    with a message."""
    try:
        moves = read_moves_code(code)
    except MalformedMoveError as error:
        new_game(rules, level, seed)
        return tr.gettext("The address lists a move that cannot be read (“{move}”): the game is dealt again from "
                          "the start.", move=plain(str(error.params["move"])))
    try:
        match = replay(rules, seed, level, moves)
    except TutorError as error:
        new_game(rules, level, seed)
        return tr.gettext("The moves in this address do not fit this deal ({problem}): the game is dealt again "
                          "from the start.", problem=error_text(error, tr))
    _begin(match, resumed=True)
    _taken_up(match)
    return None


def start(tr: Translator, rules: Ruleset) -> str | None:
    """Set up the page: the game the URL names (under ``rules``, the sidebar's), else the one in the
    session, else the profile's game in progress. Returns a message when the URL named a game that
    cannot be."""
    message = _read_address(tr, rules)
    if current() is None:
        resume()
    match = current()
    if match is not None:
        _mirror(match)
    return message


def resume(seed: int | None = None, level: str | None = None, rules: Ruleset | None = None) -> bool:
    """Take up the profile's most recent unfinished game (of that seed, level and rules when
    given), rebuilt from its moves under the ruleset its row names. Whether there was one."""
    learner = profile.current()
    if learner is None:
        return False
    store = profile.store()
    if seed is None:
        saved = store.game_in_progress(learner.id)
    else:
        wanted = (seed, level, rules and rules.name)
        saved = next((g for g in store.games(learner.id) if not g.finished and (g.seed, g.level, g.ruleset) == wanted),
                     None)
    return saved is not None and _open_saved(saved)


def _open_saved(saved: SavedGame) -> bool:
    """Open a saved game at the table, rebuilt from its moves under the ruleset its row names;
    whether it could be (a level or a ruleset this version does not know, or moves that no longer
    replay: the game stays on file, not opened)."""
    if saved.ruleset not in available_rulesets() or saved.level not in BOT_LEVELS:
        return False
    try:
        match = replay(load_ruleset(saved.ruleset), saved.seed, saved.level, saved.moves)
    except TutorError:
        return False
    _begin(match, Saved(saved.id, saved.version))
    # The decisions graded when the game was saved keep their count: a resumed game is not
    # analysed again decision by decision before its next move can be saved.
    graded = [i for i, d in enumerate(match.decisions) if not d.forced]
    if saved.decisions <= len(graded):
        upto = graded[saved.decisions - 1] + 1 if saved.decisions else 0
        st.session_state[GRADED] = (upto, saved.agreed)
    _taken_up(match)
    return True


def _taken_up(match: Match) -> None:
    """A game taken up again (saved, or from a guest's address) where it stood: left just as a hand
    ended, the next one not opened yet, that hand's end is shown again."""
    waiting = not match.learner_to_move and not match.game.over and match.game.played
    st.session_state[SEEN] = len(match.game.played) - (1 if waiting else 0)
    st.session_state[ADDRESS] = (str(match.seed), match.level)


def save(match: Match) -> bool:
    """Save the match for the learner's profile (nothing for a guest); whether it could go on. When
    another tab or window has moved the same game on, nothing is saved: the table shows the game
    as it is stored now, and says so."""
    learner = profile.current()
    if learner is None:  # a guest's moves live in the page's address, so that a reload keeps them
        code = moves_code(match.learner_moves())
        if code:
            st.query_params[MOVES_PARAM] = code
        else:
            st.query_params.pop(MOVES_PARAM, None)
        return True
    counted, agreed = st.session_state.get(GRADED, (0, 0))
    agreed += sum(d.agreed for d in match.decisions[counted:] if not d.forced)
    won = None if not match.game.over else match.game.winner == LEARNER
    kept: Saved | None = st.session_state.get(GAME_ID)
    try:
        saved = profile.store().save_game(
            learner.id, kept.id if kept else None, match.seed, match.level, match.rules.name,
            match.learner_moves(), match.game.over, won, sum(not d.forced for d in match.decisions), agreed,
            version=kept.version if kept else 0)
    except StaleGameError as stale:
        current_copy = profile.store().game(learner.id, kept.id) if kept else None
        if current_copy is None or not _open_saved(current_copy):
            leave_game()
        st.session_state[ERROR] = stale
        return False
    if saved is not None:
        st.session_state[GAME_ID] = saved
    return True


# --- what the table shows ----------------------------------------------------------------------

def hand_over_pending(match: Match) -> bool:
    """Whether a finished hand's result is waiting for the learner's Next hand."""
    seen: int = st.session_state.get(SEEN, 0)
    return len(match.game.played) > seen


def _card(card: Card, tr: Translator, active: bool, taken: bool = False, dim: bool = False) -> dict[str, Any]:
    return {"id": str(card), "symbol": card.symbol, "name": card_name(card, tr), "img": card_url(card),
            "active": active, "taken": taken, "dim": dim}


def _knock_cards(view: dict[str, Any], gin: bool) -> set[str]:
    """The cards whose discard knocks (or, with ``gin``, goes gin)."""
    hand = mask_of(parse_cards(" ".join(view["hand"])))
    return {c for k, c in view["legal"]
            if k == "knock" and (not gin or min_deadwood(hand & ~parse_card(c).bit) == 0)}


def _groups(view: dict[str, Any], tr: Translator, armed: str | None) -> tuple[list[dict[str, Any]], int]:
    cards = parse_cards(" ".join(view["hand"]))
    arrangement = best_arrangements(mask_of(cards))[0]
    discarding = view["phase"] == "discard"
    taken = view["taken_upcard"]
    allowed = _knock_cards(view, armed == "gin") if armed else {c for k, c in view["legal"] if k == "discard"}

    def shown(card: Card) -> dict[str, Any]:
        active = discarding and str(card) in allowed
        return _card(card, tr, active, taken=str(card) == taken, dim=discarding and not active)

    groups = [{"label": meld_kind_name(meld.kind, tr).capitalize(), "deadwood": False,
               "cards": [shown(c) for c in meld.cards]} for meld in arrangement.melds]
    label = (tr.gettext("Deadwood: {points}", points=tr.number(arrangement.deadwood)) if arrangement.deadwood_cards
             else tr.gettext("No deadwood"))
    groups.append({"label": label, "deadwood": True, "cards": [shown(c) for c in arrangement.deadwood_cards]})
    return groups, arrangement.deadwood


def _prompt(view: dict[str, Any], armed: str | None, tr: Translator) -> str:
    phase = view["phase"]
    if phase == "first_upcard":
        if any(k == "take" for k, _ in view["legal"]):
            return tr.gettext("The first upcard: take it or pass.")
        return tr.gettext("Both passed the upcard: draw from the stock.")
    if phase == "draw":
        return tr.gettext("Your turn: click the stock or the discard pile.")
    if armed == "gin":
        return tr.gettext("Gin: click the card you throw.")
    if armed == "knock":
        return tr.gettext("Knock: click the card you throw to end the hand.")
    return tr.gettext("Click the card you throw.")


def _buttons(view: dict[str, Any], armed: str | None, tr: Translator, keys: dict[str, str]) -> list[dict[str, Any]]:
    legal = {k for k, _ in view["legal"]}

    def button(action: str, label: str, active: bool) -> dict[str, Any]:
        return {"id": action, "label": f"{label} ({keys[action]})", "active": active, "armed": armed == action}

    buttons = []
    if view["phase"] == "first_upcard":
        buttons += [button("take", tr.gettext("Take"), "take" in legal),
                    button("pass", tr.gettext("Pass"), "pass" in legal)]
    buttons += [button("knock", tr.gettext("Knock"), "knock" in legal),
                button("gin", tr.gettext("Gin"), "knock" in legal and bool(_knock_cards(view, gin=True)))]
    if view["phase"] == "discard" and "big_gin" in legal:
        buttons.append(button("big_gin", tr.gettext("Big gin"), True))
    return buttons


def log_lines(match: Match, tr: Translator, number: int | None = None) -> list[str]:
    """The moves of a hand (the current one by default) as the table's log shows them."""
    hand_number = match.hand_number if number is None else number
    return [log_line(p, tr) for p in match.hand_moves(hand_number)]


def opponent_last_turn(match: Match, tr: Translator) -> str:
    """The virtual player's latest moves of this hand (its last turn) in one line, or "" before it
    has moved: read at a glance above the table."""
    moves = match.hand_moves(match.hand_number)
    end = max((i for i, p in enumerate(moves) if p.player != LEARNER), default=-1)
    if end < 0:
        return ""
    start = end
    while start > 0 and moves[start - 1].player != LEARNER:
        start -= 1
    return tr.gettext("The virtual player's last turn: {moves}",
                      moves=" ".join(log_line(p, tr) for p in moves[start:end + 1]))


def table_data(match: Match, tr: Translator, animate: bool = True) -> dict[str, Any]:
    """Everything the table component draws, in the learner's language (``animate``: the virtual
    player's fresh moves fade in one by one; off, they show at once)."""
    view = match.view()
    armed = st.session_state.get(ARMED) if view["phase"] == "discard" else None
    mine = match.learner_to_move
    groups, deadwood = _groups(view, tr, armed)
    drawing = view["phase"] in ("draw", "first_upcard") and mine
    legal = {k for k, _ in view["legal"]}
    top = view["top_discard"]
    lines = log_lines(match, tr)[-LOG_LINES:]
    keys = key_letters(tr)
    fresh = min(len(lines), st.session_state.get(FRESH, 0))
    return {
        "opponent": {"label": tr.gettext("The virtual player ({level}): ten cards, face down",
                                         level=bot_level_name(match.level, tr)),
                     "last": opponent_last_turn(match, tr)},
        "stock": {"active": drawing and "stock" in legal,
                  "label": tr.ngettext("Stock: {n} card. Draw from it ({key})",
                                       "Stock: {n} cards. Draw from it ({key})", view["stock_size"], key=keys["stock"]),
                  "caption": tr.ngettext("Stock ({n})", "Stock ({n})", view["stock_size"])},
        "pile": {"card": _card(parse_card(top), tr, drawing and "take" in legal) if top else None,
                 "caption": tr.gettext("Discard pile")},
        "prompt": _prompt(view, armed, tr),
        "hand_label": tr.gettext("Your hand, deadwood {points}", points=tr.number(deadwood)),
        "groups": groups,
        "buttons": _buttons(view, armed, tr, keys),
        "log": lines,
        "fresh": fresh if animate else 0,
        "log_label": tr.gettext("Moves of this hand"),
        "keys": {letter.lower(): action for action, letter in keys.items()},
        "keys_help": tr.gettext("Keys: the arrows and Enter pick a card; {stock} the stock, {take} the discard pile, "
                                "{pass_} pass, {knock} knock, {gin} gin, {big_gin} big gin.", stock=keys["stock"],
                                take=keys["take"], pass_=keys["pass"], knock=keys["knock"], gin=keys["gin"],
                                big_gin=keys["big_gin"]),
        "focus": True,
    }


# --- the learner's actions ---------------------------------------------------------------------

def act(action: str) -> None:
    """React to a click or a key on the table: a move, or arming Knock or Gin."""
    match = current()
    session = st.session_state
    session.pop(ERROR, None)
    if match is None or match.game.over or hand_over_pending(match) or not match.learner_to_move:
        return
    armed = session.get(ARMED)
    if action in ("knock", "gin"):
        possible = _knock_cards(match.view(), gin=action == "gin")
        session[ARMED] = None if armed == action or not possible else action
        return
    if action.startswith("card:"):
        card = action.removeprefix("card:")
        move: tuple[str, str | None] = ("knock", card) if armed in ("knock", "gin") else ("discard", card)
    elif action in ("stock", "take", "pass", "big_gin"):
        move = (action, None)
    else:
        return
    play(match, move)


def actions_for(move: tuple[str, Any]) -> list[str]:
    """The table's actions that make a move: a card click for a discard, the Knock button then a
    card for a knock, else the action of the move's kind."""
    kind, card = move
    if kind == "discard":
        return [f"card:{card}"]
    if kind == "knock":
        return ["knock", f"card:{card}"]
    return [kind]


def play(match: Match, move: tuple[str, str | None]) -> None:
    """Play the learner's move and the virtual player's replies; keep the coach's comment."""
    session = st.session_state
    try:
        after = match.play(move)
    except TutorError as error:
        session[ERROR] = error
        return
    session[ARMED] = None
    session[HINT] = None
    session[MATCH] = after
    session[FRESH] = len([p for p in after.moves[len(match.moves):] if p.player != LEARNER])
    if not save(after):
        return  # the game moved on elsewhere: this move is refused, the table shows the game as it is
    comments: list[Any] = session.setdefault(COMMENTS, [])
    comments.append(after.decisions[-1])  # the coach's verdict is worked out when it is shown


def table_clicked() -> None:
    """The table component's callback: its trigger value, the action, waits for the page's run
    (:func:`take_pending`), which plays it before drawing anything."""
    result = st.session_state.get(TABLE_KEY)
    action = getattr(result, "action", None) if result is not None else None
    if isinstance(action, str):
        st.session_state[PENDING] = action


def take_pending() -> None:
    """Play the action the table reported, if one is waiting."""
    action = st.session_state.pop(PENDING, None)
    if isinstance(action, str):
        act(action)


def ask_hint() -> None:
    match = current()
    if match is not None and match.learner_to_move and not hand_over_pending(match):
        st.session_state[HINT] = (len(match.decisions), match.hint())


def hint_text(match: Match, tr: Translator) -> str | None:
    """The hint asked for at this decision, in words."""
    kept = st.session_state.get(HINT)
    if not kept or kept[0] != len(match.decisions):
        return None
    hint: CoachHint = kept[1]
    top = match.view()["top_discard"]
    value = hint_value_text(hint, top, tr)
    sentence = hint_sentence(hint.advice, top, tr)
    return f"{sentence} {value}" if value else sentence


def last_verdict(tr: Translator) -> tuple[bool, str] | None:
    """The coach's verdict on the learner's last decision in this hand: whether the coach graded it
    best, and the line that says so; None before the first decision."""
    comments = st.session_state.get(COMMENTS) or []
    if not comments:
        return None
    decision: Decision = comments[-1]
    return decision.agreed, verdict_line(decision, tr)


def move_error(tr: Translator) -> str | None:
    """Why the learner's last action could not be played, if it could not."""
    error = st.session_state.get(ERROR)
    return error_text(error, tr) if error is not None else None


def next_hand() -> None:
    """Leave the finished hand's result: the virtual player opens the next hand if it is first."""
    match = current()
    if match is None:
        return
    session = st.session_state
    session[SEEN] = len(match.game.played)
    session[COMMENTS] = []
    session.pop(RETRY, None)
    session.pop(RETRY_MOVE, None)
    before = len(match.moves)
    after = match.next_hand()
    session[MATCH] = after
    session[FRESH] = len(after.moves) - before
    save(after)


def leave_game() -> None:
    """Close the table to choose a new game (the unfinished one stays saved)."""
    for key in (*GAME_KEYS, ADDRESS):
        st.session_state.pop(key, None)
    for key in ("game", "level", MOVES_PARAM):
        st.query_params.pop(key, None)


def to_review(decision_index: int) -> None:
    """Put a discard decision of the learner's into the review queue as a "which card to throw" drill."""
    match = current()
    learner = profile.current()
    if match is None or learner is None or not 0 <= decision_index < len(match.decisions):
        return
    decision = match.decisions[decision_index]
    level = level_of_turn(int(decision.view["turn"]))
    item = DrillItem("discard", level, match.rules.name, match.seed, encode_view(decision.view, match.level)).format()
    profile.store().schedule(learner.id, item, Rating.Again)
    reviewed().add(decision_index)


# --- the review of a hand: the coach's verdicts, and trying a decision again -------------------

def judge_all(decisions: Sequence[Decision], tr: Translator) -> None:
    """Work out the coach's verdict on each decision not judged yet, with a progress bar while it runs."""
    waiting = [d for d in decisions if "judgement" not in d.__dict__]
    if not waiting:
        return
    bar = st.progress(0.0, text=tr.gettext("The coach is going over your decisions…"))
    for done, decision in enumerate(waiting, start=1):
        _ = decision.judgement
        bar.progress(done / len(waiting), text=tr.gettext("The coach is going over your decisions…"))
    bar.empty()


def retry(decision_index: int) -> None:
    """Open one of the learner's decisions again, to choose anew from the same position."""
    match = current()
    if match is not None and 0 <= decision_index < len(match.decisions):
        st.session_state[RETRY] = decision_index
        st.session_state.pop(RETRY_MOVE, None)


def retrying(match: Match) -> int | None:
    """The decision (by its index) being tried again, if one is."""
    index = st.session_state.get(RETRY)
    return index if isinstance(index, int) and 0 <= index < len(match.decisions) else None


def retry_move(move: tuple[str, str | None]) -> None:
    """The learner's new choice at the decision being tried again."""
    st.session_state[RETRY_MOVE] = move


def retried() -> tuple[str, str | None] | None:
    """The move chosen on the decision being tried again, once chosen."""
    move: tuple[str, str | None] | None = st.session_state.get(RETRY_MOVE)
    return move


def close_retry() -> None:
    st.session_state.pop(RETRY, None)
    st.session_state.pop(RETRY_MOVE, None)
