"""The drills page through AppTest: each kind solved right and wrong through the page's widgets in
both languages, a puzzle opened by its address, and bad addresses."""

import pytest
from apptest_helpers import screen, start

from tutor.app.ui import drill_state
from tutor.app.ui.drill_state import made, puzzle_keys
from tutor.drills import KINDS, generate, model_answer
from tutor.engine.cards import mask_of
from tutor.engine.melds import analyze, candidate_arrangements
from tutor.engine.rules import load_ruleset
from tutor.engine.scoring import game_totals, score_hand

RIGHT = {"en": "Right!", "es": "¡Correcto!"}
WRONG = {"en": "Not quite.", "es": "No del todo."}
ENGINE_ANSWER = {"en": "The engine's answer", "es": "La respuesta del motor"}


def open_puzzle(lang, kind, seed=7, level="medium", rules="classic"):
    at = start(lang, params={"drill": kind, "seed": str(seed), "level": level, "rules": rules})
    at.switch_page("screens/drills.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at, made(kind, seed, level, load_ruleset(rules))  # the page's own puzzle: made once, kept


def pick(at, state_key, names):
    """Pick cards as the card picker's callback does after clicks (AppTest cannot click the
    component; the browser tests do)."""
    at.session_state[state_key] = list(names)
    at.run()


def pid(puzzle):
    return puzzle_keys(puzzle).pid


def answer(at, puzzle, right):
    p = pid(puzzle)
    if puzzle.kind == "melds":
        melds = analyze(puzzle.cards).melds
        if not right:  # valid melds, but an arrangement that leaves more deadwood than the best
            worse = next(a for a in candidate_arrangements(mask_of(puzzle.cards))
                         if a.melds and a.deadwood > analyze(puzzle.cards).deadwood)
            melds = worse.melds
        groups = [[str(c) for c in m.cards] for m in melds]
        for group in groups:
            pick(at, f"answer_pick_{p}", group)
            at.button(key=f"add_{p}").click().run()
    elif puzzle.kind == "deadwood":
        value = analyze(puzzle.cards).deadwood
        at.number_input(key=f"answer_deadwood_{p}").set_value(value if right else value + 1).run()
    elif puzzle.kind in ("score", "layoffs"):
        score = score_hand(puzzle.knocker, puzzle.defender, puzzle.rules)
        if puzzle.kind == "score":
            at.segmented_control(key=f"answer_winner_{p}").set_value(score.winner).run()
            at.number_input(key=f"answer_points_{p}").set_value(score.points + (0 if right else 1)).run()
        else:
            laid = [str(lay.card) for lay in score.layoffs]
            pick(at, f"answer_layoffs_{p}", laid if right else laid[:-1])
    elif puzzle.kind == "discard":
        from tutor.drills.kinds.discard import accepted
        from tutor.play.bots.reading import read_view
        from tutor.play.positions import decode_view
        view = decode_view(puzzle.position)
        good = accepted(read_view(view), view)[1]
        chosen = str(good[0]) if right else next(str(c) for c in puzzle.cards if c not in good)
        pick(at, f"answer_discard_{p}", [chosen])
    elif puzzle.kind == "read":
        # Right: the coach's own chances. Wrong: sure of the opposite of what it held on every card.
        chances = model_answer(puzzle) if right else {str(c): 5 if c in puzzle.held else 90 for c in puzzle.cards}
        for card, chance in chances.items():
            at.segmented_control(key=f"answer_read_{card}_{p}").set_value(chance)
        at.run()
    elif puzzle.kind == "knock":
        right_answer = model_answer(puzzle)
        at.segmented_control(key=f"answer_knock_{p}").set_value(
            right_answer if right else {"knock": "wait", "wait": "knock"}[right_answer]).run()
    else:
        totals = game_totals(puzzle.results, puzzle.rules).totals
        at.number_input(key=f"answer_total_A_{p}").set_value(totals["A"] + (0 if right else 5)).run()
        at.number_input(key=f"answer_total_B_{p}").set_value(totals["B"]).run()
    at.button(key=f"check_{pid(puzzle)}").click().run()
    assert not at.exception, [e.value for e in at.exception]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("kind", KINDS)
def test_solve_each_kind_right_then_wrong(lang, kind):
    at, puzzle = open_puzzle(lang, kind)
    answer(at, puzzle, right=True)
    assert any(RIGHT[lang] in s.value for s in at.success), screen(at)
    tally = at.session_state["drill_tally"][kind]
    assert tally == {"tried": 1, "right": 1, "streak": 1}
    at, puzzle = open_puzzle(lang, kind, seed=8)
    answer(at, puzzle, right=False)
    # A first wrong answer: where it went wrong and a second try, the solution not yet shown.
    assert any(w.value.startswith(WRONG[lang]) for w in at.warning), screen(at)
    assert not any(e.label.startswith(ENGINE_ANSWER[lang]) for e in at.expander)
    assert at.session_state["drill_tally"][kind]["streak"] == 0


def test_a_knock_puzzle_is_made_once_however_often_the_page_runs(monkeypatch):
    # A knock-or-wait puzzle asks the coach's analysis (seconds of CPU): a hint, a wrong answer and a
    # second try rerun the page, and none of them makes the puzzle again.
    drill_state._made.cache_clear()
    making = []
    real = generate

    def counted(*args):
        making.append(args)
        return real(*args)

    monkeypatch.setattr(drill_state, "generate", counted)
    at, puzzle = open_puzzle("en", "knock", seed=9)
    hint = next(b for b in at.button if b.label.startswith("Hint"))
    hint.click().run()
    answer(at, puzzle, right=False)
    answer(at, puzzle, right=True)
    assert not at.exception, [e.value for e in at.exception]
    assert making == [("knock", 9, "medium", load_ruleset("classic"), "")]


def test_a_reading_is_shown_beside_the_coachs_and_the_hand_it_really_held_with_the_sessions_mean():
    # Seed 1, easy (tests/test_read_drill.py draws the position): asked Q♠ K♠ K♥ A♦ 7♦ 8♦; it held
    # 7♦ and 8♦. 5 % on the four it did not hold, 90 % on the two it did: (4 × 25 + 2 × 100) / 600 =
    # 0.5 against the coach's 10.0.
    at, puzzle = open_puzzle("en", "read", seed=1, level="easy")
    p = pid(puzzle)
    for card, chance in {"QS": 5, "KS": 5, "KH": 5, "AD": 5, "7D": 90, "8D": 90}.items():
        at.segmented_control(key=f"answer_read_{card}_{p}").set_value(chance)
    at.run()
    at.button(key=f"check_{p}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Your reading scored 0.5; the coach's, 10.0." in [i.value for i in at.info]
    table = at.table[0].value
    assert list(table["Card"]) == ["Q♠", "K♠", "K♥", "A♦", "7♦", "8♦"]
    assert list(table["Your chance"]) == ["5%", "5%", "5%", "5%", "90%", "90%"]
    assert list(table["Held"]) == ["no", "no", "no", "no", "yes", "yes"]
    assert "This session, your reading scored 0.5 on average over 1 position; the coach's, 10.0 on the same " \
           "position." in [c.value for c in at.caption]


SOURCE_001 = {"en": "source 001's rules of thumb", "es": "reglas prácticas de la fuente 001"}
GRADED_BY = {"en": "The coach's analysis grades your answer", "es": "El análisis del entrenador califica tu respuesta"}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_knock_or_wait_says_what_grades_it_and_gives_001s_word_from_the_first_answer(lang):
    at, puzzle = open_puzzle(lang, "knock")
    assert GRADED_BY[lang] in screen(at)  # said before any answer is given
    answer(at, puzzle, right=False)
    assert any(w.value.startswith(WRONG[lang]) for w in at.warning), screen(at)
    assert any(SOURCE_001[lang] in i.value.lower() for i in at.info), screen(at)  # on the first wrong answer
    at, puzzle = open_puzzle(lang, "knock", seed=8)
    answer(at, puzzle, right=True)
    assert any(RIGHT[lang] in s.value for s in at.success), screen(at)
    assert any(SOURCE_001[lang] in i.value.lower() for i in at.info), screen(at)


def test_a_puzzle_opens_by_its_address():
    at, puzzle = open_puzzle("en", "score", seed=424242, level="hard", rules="spanish")
    assert at.session_state["drill_seed"] == 424242 and at.session_state["rules"] == "spanish"
    text = screen(at)
    shown = " ".join(h.proto.body for h in at.get("html"))
    for card in puzzle.knocker:
        assert f'title="{card_name_en(card)}"' in shown
    assert "drill=score&seed=424242&level=hard&rules=spanish" in text


def card_name_en(card):
    from tutor.language.i18n import Translator
    from tutor.language.labels import card_name
    return card_name(card, Translator("en"))


@pytest.mark.parametrize("params, needle", [
    ({"drill": "poker", "seed": "3", "level": "easy"}, "poker"),
    ({"drill": "score", "seed": "abc", "level": "easy"}, "abc"),
    ({"drill": "score", "seed": "5", "level": "expert"}, "expert"),
])
def test_a_bad_address_gets_a_message_and_a_fresh_puzzle(params, needle):
    at = start("en", params=params)
    at.switch_page("screens/drills.py").run()
    assert not at.exception
    assert any(needle in w.value and "Here is a new puzzle." in w.value for w in at.warning)
    assert at.session_state["drill_kind"] in KINDS


def test_a_bad_address_message_in_spanish():
    at = start("es", params={"drill": "score", "seed": "x1", "level": "easy"})
    at.switch_page("screens/drills.py").run()
    assert any("«x1»" in w.value and "Aquí tienes un ejercicio nuevo." in w.value for w in at.warning)


def test_hints_come_one_at_a_time_and_a_new_puzzle_can_be_drawn():
    at, puzzle = open_puzzle("en", "score")
    at.button(key=f"hint_{pid(puzzle)}").click().run()
    assert len(at.info) == 1
    at.button(key=f"hint_{pid(puzzle)}").click().run()
    assert len(at.info) == 2
    seed = at.session_state["drill_seed"]
    at.button(key="drill_new").click().run()
    assert at.session_state["drill_seed"] != seed and not at.info


def test_retry_clears_the_answer_and_the_verdict():
    at, puzzle = open_puzzle("en", "deadwood")
    answer(at, puzzle, right=False)
    assert at.warning
    at.button(key="drill_retry").click().run()
    assert not at.warning and at.number_input(key=f"answer_deadwood_{pid(puzzle)}").value is None


def test_a_second_wrong_answer_shows_the_solution():
    at, puzzle = open_puzzle("en", "deadwood")
    right = analyze(puzzle.cards).deadwood
    at.number_input(key=f"answer_deadwood_{pid(puzzle)}").set_value(right + 1).run()
    at.button(key=f"check_{pid(puzzle)}").click().run()
    assert any(w.value.startswith("Not quite.") for w in at.warning) and not at.error
    at.number_input(key=f"answer_deadwood_{pid(puzzle)}").set_value(right + 2).run()
    at.button(key=f"check_{pid(puzzle)}").click().run()
    assert any(e.value.startswith("Not quite.") for e in at.error)
    assert any(e.label.startswith("The engine's answer") for e in at.expander)


def test_an_empty_melds_answer_is_not_an_attempt():
    at, puzzle = open_puzzle("en", "melds")
    at.button(key=f"check_{pid(puzzle)}").click().run()
    assert any(w.value == "Give an answer first." for w in at.warning)
    assert at.session_state["drill_tally"] == {}


def test_a_meld_is_judged_as_it_is_formed():
    at, puzzle = open_puzzle("en", "melds", level="easy")
    cards = sorted(puzzle.cards, key=lambda c: (c.suit, c.rank))
    pick(at, f"answer_pick_{pid(puzzle)}", [str(cards[0]), str(cards[-1])])
    at.button(key=f"add_{pid(puzzle)}").click().run()
    assert any("A meld needs at least three cards." in e.value for e in at.error)


def test_the_puzzle_of_the_day_opens_under_the_classic_rules_with_its_address():
    from tutor.app.ui.drill_state import today
    from tutor.drills.daily import daily_puzzle
    daily = daily_puzzle(today())
    at = start("es", params={"rules": "spanish"})
    at.switch_page("screens/drills.py").run()
    at.button(key="drill_daily").click().run()
    assert not at.exception
    assert (at.query_params["drill"], at.query_params["seed"], at.query_params["level"], at.query_params["rules"]) \
        == (daily.kind, str(daily.seed), daily.level, "classic")
    assert any(i.value.startswith("El ejercicio del día ") and i.value.endswith("el mismo para todos, con el "
                                                                               "reglamento clásico.") for i in at.info)


def test_a_puzzle_asked_for_by_its_situation_keeps_it_in_its_address():
    at = start("en", params={"drill": "score", "seed": "3", "level": "hard", "rules": "classic", "scenario": "tie"})
    at.switch_page("screens/drills.py").run()
    assert not at.exception and not at.warning and at.query_params["scenario"] == "tie"
    tie = generate("score", 3, "hard", load_ruleset("classic"), "tie")
    assert tie.properties["tie"]  # the knocker and the defender end level
    assert at.segmented_control(key=f"answer_winner_{puzzle_keys(tie).pid}").value is None  # that puzzle is open
    bad = start("en", params={"drill": "score", "seed": "3", "level": "hard", "scenario": "poker"})
    bad.switch_page("screens/drills.py").run()
    assert any("no situation called “poker”" in w.value for w in bad.warning), [w.value for w in bad.warning]
    assert "scenario" not in bad.query_params


def test_an_answer_is_kept_as_text_a_teacher_can_read():
    from tutor.drills import answer_text
    assert answer_text(32) == "32" and answer_text("knock") == "knock"
    assert answer_text({"winner": "knocker", "points": 17}) == '{"winner":"knocker","points":17}'
    assert answer_text([["7♥", "8♥", "9♥"]]) == '[["7♥","8♥","9♥"]]'
