"""Lessons, progress and review through AppTest: take the first lesson's check to the end and see
the next lesson open; the progress page shows the attempt; a wrong drill comes back in review."""

import pytest
from apptest_helpers import screen, start
from checks import some

from tutor.app.ui.drill_state import puzzle_keys
from tutor.drills import generate, model_answer
from tutor.engine.rules import load_ruleset


@pytest.fixture(autouse=True)
def data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(tmp_path))
    return tmp_path


def with_profile(lang="en", name="Ana", **params):
    at = start(lang, params=params)
    at.text_input(key="profile_new").input(name).run()
    at.button(key="profile_create").click().run()
    assert at.session_state["profile_name"] == name
    return at


def pid(puzzle):
    return puzzle_keys(puzzle).pid


@pytest.mark.parametrize("lang", ["en", "es"])
def test_passing_the_first_lessons_check_opens_the_next(lang):
    at = with_profile(lang)
    at.switch_page("screens/lessons.py").run()
    assert not at.exception
    options = at.selectbox(key="lesson_choice").options
    assert options[0].startswith("→") and options[1].startswith("○")
    seeds = at.session_state["_check_seeds_01-cards"]
    for seed in seeds:
        puzzle = generate("deadwood", seed, "easy", load_ruleset("classic"), "no_melds")
        at.number_input(key=f"answer_deadwood_{pid(puzzle)}").set_value(model_answer(puzzle)).run()
        at.button(key=f"check_{pid(puzzle)}").click().run()
    assert not at.exception
    assert any(("Lesson passed" in s.value) or ("¡Lección superada" in s.value) for s in at.success), screen(at)
    options = at.selectbox(key="lesson_choice").options
    assert options[0].startswith("✓") and options[1].startswith("→")
    # Saved for the profile: a new session sees it.
    again = with_profile(lang)
    again.switch_page("screens/lessons.py").run()
    assert again.selectbox(key="lesson_choice").options[1].startswith("→")


def test_a_later_lesson_can_be_read_but_its_check_waits():
    at = with_profile("en", lesson="05-knocking")
    at.switch_page("screens/lessons.py").run()
    assert at.selectbox(key="lesson_choice").value == "05-knocking"
    assert any("Knocking and gin" in m.value for m in at.markdown)
    assert any("Finish the lessons before this one" in i.value for i in at.info)


def test_an_unknown_lesson_address_gets_a_message():
    at = start("en", params={"lesson": "99-poker"})
    at.switch_page("screens/lessons.py").run()
    assert not at.exception and any("99-poker" in w.value for w in at.warning)


def test_the_progress_page_shows_the_attempt_and_the_mistake():
    at = with_profile("en", drill="deadwood", seed="5", level="easy", rules="classic")
    at.switch_page("screens/drills.py").run()
    puzzle = generate("deadwood", 5, "easy", load_ruleset("classic"))
    wrong = sum(c.value for c in puzzle.cards)  # every card counted: the no_melds mistake
    at.number_input(key=f"answer_deadwood_{pid(puzzle)}").set_value(wrong).run()
    at.button(key=f"check_{pid(puzzle)}").click().run()
    at.switch_page("screens/progress.py").run()
    assert not at.exception
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Drills answered"] == "1" and metrics["Right answers in a row"] == "0"
    assert metrics["Day streak"] == "1 day"  # practised today
    assert any(m.value == "**Today's goal:** 1 of 10 answers" for m in at.markdown)
    assert any(m.value.startswith("1. → The cards and their values") for m in at.markdown)  # the course map
    cells = [str(v) for table in at.table for v in table.value.to_numpy().ravel()]
    assert "counting every card, melds included" in cells
    assert at.get("arrow_vega_lite_chart") or at.get("vega_lite_chart"), "the accuracy chart"


def answer_score_9_wrong(at):
    """On the drills page, the medium hand-score puzzle 9 (short rules) answered with 3 points too
    many; the puzzle and its right answer."""
    at.switch_page("screens/drills.py").run()
    puzzle = generate("score", 9, "medium", load_ruleset("short"))
    right = model_answer(puzzle)
    at.segmented_control(key=f"answer_winner_{pid(puzzle)}").set_value(right["winner"]).run()
    at.number_input(key=f"answer_points_{pid(puzzle)}").set_value(right["points"] + 3).run()
    at.button(key=f"check_{pid(puzzle)}").click().run()
    return puzzle, right


def test_a_wrong_drill_comes_back_in_review():
    at = with_profile("en", drill="score", seed="9", level="medium", rules="short")
    puzzle, right = answer_score_9_wrong(at)
    at.switch_page("screens/review.py").run()
    assert not at.exception
    assert any("1 drill due" in c.value for c in at.caption)
    # It opens fresh: no earlier verdict, no solution, an empty answer.
    assert not at.warning and not at.error and not any(e.label.startswith("The engine") for e in at.expander)
    assert at.number_input(key=f"answer_points_{pid(puzzle)}").value is None
    # The same puzzle is shown; answering it right sends it on ten minutes (FSRS's second learning
    # step), and the page says when it comes back.
    at.segmented_control(key=f"answer_winner_{pid(puzzle)}").set_value(right["winner"]).run()
    at.number_input(key=f"answer_points_{pid(puzzle)}").set_value(right["points"]).run()
    at.button(key=f"check_{pid(puzzle)}").click().run()
    at.run()
    assert any("No drill is due for review" in s.value for s in at.success)
    waiting = [list(t.value.to_numpy()[0]) for t in at.table]
    assert waiting == [["Hand score · medium · Short (to 50)", "in 10 minutes"]]
    # The forecast: back in ten minutes is due today (unless the test runs in the day's last ten).
    assert any(c.value in ("1 due today · 1 in the next 7 days · 1 in the next 30 days",
                           "0 due today · 1 in the next 7 days · 1 in the next 30 days") for c in at.caption)


def test_glossary_flash_cards_in_both_directions(data_folder):
    from tutor.content.glossary import term_by_id
    from tutor.progress.store import open_store
    # New cards come in a mixed order, fixed per learner and direction (not the alphabet): for
    # Ana (profile 1) the first es>en card is "barajar", the first en>es card "carta descubierta".
    first, other = some(term_by_id("barajar")), some(term_by_id("carta-descubierta"))
    at = with_profile("en")
    at.switch_page("screens/review.py").run()
    assert any(m.value == f"### {first.names['es']}" for m in at.markdown)
    at.button(key="flash_show").click().run()
    assert any(first.names['en'] in m.value for m in at.markdown)
    at.button(key="flash_again").click().run()
    store = open_store(data_folder)
    ana = some(store.profile("Ana")).id
    assert store.due(ana, "term:") == [f"term:{first.id}:es>en"]  # not yet known: back at once
    at.segmented_control(key="flash_direction").set_value("en>es").run()
    assert any(m.value == f"### {other.names['en']}" for m in at.markdown)
    at.button(key="flash_show").click().run()
    # Each answer says when the card comes back: at once, in 5 minutes (with effort), in 10 (known).
    assert [b.label for b in at.button if b.key.startswith("flash_")] == [
        "Not yet · now", "With effort · in 5 minutes", "I knew it · in 10 minutes"]
    at.button(key="flash_good").click().run()
    assert some(store.card_of(ana, f"term:{other.id}:en>es")).state.name == "Learning"  # known: back in ten minutes
    assert store.due(ana, "term:") == [f"term:{first.id}:es>en"]
    # Both cards the learner has met can leave as an Anki deck of their own.
    [download] = at.get("download_button")
    assert download.proto.label == "Download your 2 flash cards as an Anki deck"


def test_guests_are_told_review_needs_a_profile():
    at = start("es")
    at.switch_page("screens/review.py").run()
    assert any("perfil" in i.value for i in at.info)


def test_the_profile_remembers_language_and_ruleset():
    at = with_profile("es", name="Luis")
    at.selectbox(key="rules_switch_es").set_value("spanish").run()
    fresh = start("en")
    fresh.selectbox(key="profile_pick_en").set_value("Luis").run()
    assert fresh.session_state["lang"] == "es" and fresh.session_state["rules"] == "spanish"
    # The pages were in English before: the switch to the profile's Spanish is said, with a way back.
    assert any(i.value == "Tu perfil se usó por última vez en español, así que las páginas se muestran en ese "
                          "idioma." for i in fresh.sidebar.info)
    assert fresh.button(key="profile_language_back").label == "Show the pages in English"
    fresh.button(key="profile_language_back").click().run()
    assert fresh.session_state["lang"] == "en" and not fresh.exception
    again = start("es")
    again.selectbox(key="profile_pick_es").set_value("Luis").run()
    assert again.session_state["lang"] == "en"  # the profile keeps the language chosen last


def test_an_unwritable_data_folder_leaves_the_app_usable_with_a_message(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(blocker / "inside"))
    at = with_profile("en", name="Eva")
    assert any("cannot be saved" in w.value for w in at.sidebar.warning)
    at.switch_page("screens/lessons.py").run()
    assert not at.exception


def test_a_damaged_progress_file_is_kept_aside_with_a_message(tmp_path, monkeypatch):
    folder = tmp_path / "damaged"
    folder.mkdir()
    (folder / "progress.db").write_bytes(b"garbage" * 100)
    monkeypatch.setenv("GIN_TUTOR_DATA_DIR", str(folder))
    at = start("es")
    assert not at.exception
    warning = next(w.value for w in at.sidebar.warning if "dañado" in w.value)
    kept = [p for p in folder.iterdir() if "damaged" in p.name]
    assert kept and kept[0].name in warning and kept[0].read_bytes() == b"garbage" * 100


def test_a_profile_name_taken_in_another_case_is_chosen_and_said_so():
    at = with_profile("es", name="Lucía")
    at.text_input(key="profile_new").input("lucía").run()
    at.button(key="profile_create").click().run()
    assert at.session_state["profile_name"] == "Lucía"
    # Outside the profile box, which closes as its title changes to the profile's name (L6).
    assert any(i.value == "Ya hay un perfil llamado «Lucía»: es el que queda elegido." for i in at.sidebar.info)
    assert not any("Ya hay un perfil" in i.value for e in at.sidebar.expander for i in e.info)


def test_a_guest_is_told_in_the_profile_box_that_nothing_is_saved():
    at = start("en")
    assert at.selectbox(key=[k for k in at.session_state if str(k).startswith("profile_pick")][0]).value is None
    assert any(c.value == "As a guest, nothing is saved after you leave." for c in at.caption)


def test_practise_my_mistakes_opens_a_session_that_says_why_each_puzzle_was_chosen(data_folder):
    from tutor.progress.store import open_store
    at = with_profile("en", name="Marta")
    store = open_store(data_folder)
    marta = some(store.profile("Marta")).id
    for _ in range(2):
        store.record_attempt(marta, "score", "hard", "classic", False, 12.0, seed=3, mistake="tie_rule")
    store.record_attempt(marta, "deadwood", "easy", "short", False, 12.0, seed=4, mistake="wrong_total")
    at.switch_page("screens/drills.py").run()
    at.button(key="drill_practice").click().run()
    assert not at.exception
    assert any(i.value == "Practising your mistakes: puzzle 1 of 5, Hand score (hard), because you made this "
                          "mistake 2 times: the rule for a tie." for i in at.info), [i.value for i in at.info]
    assert at.query_params["scenario"] == "tie" and at.query_params["rules"] == "classic"
    at.button(key="drill_new").click().run()
    assert any(i.value.startswith("Practising your mistakes: puzzle 2 of 5, Deadwood (easy), because you made this "
                                  "mistake 1 time: a wrong sum.") for i in at.info)
    assert at.query_params["rules"] == "short" and "scenario" not in at.query_params


def test_suited_to_me_serves_the_level_near_the_learners_rating(data_folder):
    from tutor.progress.ratings import Rating
    from tutor.progress.store import open_store
    at = with_profile("en", name="Iker")
    store = open_store(data_folder)
    iker = some(store.profile("Iker")).id
    for seed in range(6):  # six hard score puzzles solved at once: well above 1500
        store.rate_attempt(iker, "score", f"drill:score:hard:classic:{seed}", Rating(1800, 200), True, False)
    assert store.ratings(iker)["score"].rating > 1700
    at.switch_page("screens/drills.py").run()
    at.segmented_control(key="drill_kind_choice").set_value("score").run()
    at.segmented_control(key="drill_level_choice").set_value("suited").run()
    assert not at.exception and at.query_params["level"] == "hard" and at.query_params["drill"] == "score"
    assert at.segmented_control(key="drill_level_choice").value == "suited"  # it stays on for the next puzzle
    at.button(key="drill_new").click().run()
    assert at.query_params["level"] == "hard" and at.segmented_control(key="drill_level_choice").value == "suited"


def test_a_learner_who_opens_the_drills_page_is_served_a_puzzle_near_their_rating_in_their_weakest_kind(
        data_folder):
    from tutor.drills import KINDS
    from tutor.progress.ratings import Rating
    from tutor.progress.store import open_store
    at = with_profile("en", name="Ona")
    store = open_store(data_folder)
    ona = some(store.profile("Ona")).id
    for kind in KINDS:  # four hard puzzles solved at once in every kind (about 2073), but layoffs:
        for n in range(4):  # right, wrong, right, wrong against puzzles rated 1500 (about 1496: medium)
            if kind == "layoffs":
                store.rate_attempt(ona, kind, f"drill:{kind}:medium:classic:{n}", Rating(1500, 200), n % 2 == 0, False)
            else:
                store.rate_attempt(ona, kind, f"drill:{kind}:hard:classic:{n}", Rating(1800, 200), True, False)
    assert round(store.ratings(ona)["layoffs"].rating) == 1496 and round(store.ratings(ona)["score"].rating) == 2073
    at.switch_page("screens/drills.py").run()
    assert not at.exception
    # 1,496 ± 363 (two deviations): its careful end, one deviation down, is 1,314, nearest the easy level.
    assert at.query_params["drill"] == "layoffs" and at.query_params["level"] == "easy"
    assert at.segmented_control(key="drill_level_choice").value == "suited"
    assert "Chosen for you: your rating in Layoffs is 1,496 ± 363. Going by its careful end (1,314), a puzzle of the " \
           "easy level. Pick a level above to choose yourself." in [c.value for c in at.caption], \
        [c.value for c in at.caption]
    at.button(key="drill_new").click().run()  # Next puzzle stays near the rating
    assert at.query_params["level"] == "easy" and at.segmented_control(key="drill_level_choice").value == "suited"
    at.segmented_control(key="drill_level_choice").set_value("hard").run()  # a hand-picked level is a click away
    assert at.query_params["level"] == "hard" and at.query_params["drill"] == "layoffs"


def test_two_wrong_answers_in_a_row_bring_an_easier_suited_puzzle_and_say_why(data_folder):
    from tutor.progress.ratings import Rating
    from tutor.progress.store import open_store
    at = with_profile("es", name="Lucía")
    store = open_store(data_folder)
    lucia = some(store.profile("Lucía")).id
    for seed in range(7):  # seven hard deadwood puzzles solved at once: a hard-puzzle learner
        store.rate_attempt(lucia, "deadwood", f"drill:deadwood:hard:classic:{seed}", Rating(1800, 200), True, False)
        store.record_attempt(lucia, "deadwood", "hard", "classic", True, 5.0, seed=seed)
    at.switch_page("screens/drills.py").run()
    at.segmented_control(key="drill_kind_choice").set_value("deadwood").run()
    at.segmented_control(key="drill_level_choice").set_value("suited").run()
    assert at.query_params["level"] == "hard"
    for seed in (20, 21):  # then two hard ones missed
        store.rate_attempt(lucia, "deadwood", f"drill:deadwood:hard:classic:{seed}", Rating(1800, 200), False, False)
        store.record_attempt(lucia, "deadwood", "hard", "classic", False, 5.0, seed=seed)
    at.button(key="drill_new").click().run()
    assert not at.exception and at.query_params["level"] == "medium"
    assert "Elegido para ti: tras 2 respuestas falladas seguidas en Cartas sueltas, un ejercicio más fácil, de nivel " \
           "medio. Elige un nivel arriba si prefieres decidir tú." in [c.value for c in at.caption], \
        [c.value for c in at.caption]


def test_a_new_learner_starts_at_the_first_kinds_easy_level_and_an_address_keeps_its_level(data_folder):
    new = with_profile("es", name="Pau")
    new.switch_page("screens/drills.py").run()  # never answered: the first kind of the course, easy
    assert new.query_params["drill"] == "melds" and new.query_params["level"] == "easy"
    assert new.segmented_control(key="drill_level_choice").value == "suited"
    assert "Elegido para ti: aún no has respondido ningún ejercicio de Combinaciones, así que empiezas por uno " \
           "fácil. Elige un nivel arriba si prefieres decidir tú." in [c.value for c in new.caption]
    addressed = with_profile("es", name="Leo", drill="score", seed="9", level="medium", rules="short")
    addressed.switch_page("screens/drills.py").run()  # a puzzle's address opens that puzzle, at its level
    assert addressed.query_params["seed"] == "9" and addressed.query_params["level"] == "medium"
    assert addressed.segmented_control(key="drill_level_choice").value == "medium"
    assert not any(c.value.startswith("Elegido para ti") for c in addressed.caption)
    guest = start("en")
    guest.switch_page("screens/drills.py").run()  # a guest has no rating: the hand-picked easy level
    assert guest.segmented_control(key="drill_level_choice").value == "easy"
    guest.segmented_control(key="drill_level_choice").set_value("suited").run()
    assert guest.query_params["level"] == "easy" and "A guest has no rating, so an easy puzzle. Create a profile in " \
        "the sidebar to have puzzles chosen for you as you answer." in [c.value for c in guest.caption]


def test_an_answer_checked_on_the_drills_page_moves_the_learners_rating(data_folder):
    from tutor.progress.store import open_store
    at = with_profile("en", name="Noa", drill="score", seed="9", level="medium", rules="short")
    puzzle, right = answer_score_9_wrong(at)
    store = open_store(data_folder)
    noa = some(store.profile("Noa")).id
    assert store.ratings(noa)["score"].rating < 1500  # a miss against a puzzle rated about 1500
    assert [kind for kind, _, _ in store.rating_history(noa)] == ["score"]


def test_the_progress_page_shows_each_kinds_rating_and_practises_the_weakest_situation(data_folder):
    from tutor.progress.ratings import Rating
    from tutor.progress.store import open_store
    at = with_profile("en", name="Olga")
    store = open_store(data_folder)
    olga = some(store.profile("Olga")).id
    for seed in range(3):  # three ties scored wrong, one wrong sum
        store.record_attempt(olga, "score", "hard", "classic", False, 20.0, seed=seed, mistake="tie_rule")
        store.rate_attempt(olga, "score", f"drill:score:hard:classic:{seed}", Rating(1800, 200), False, False)
    store.record_attempt(olga, "deadwood", "easy", "classic", False, 20.0, seed=9, mistake="wrong_total")
    at.switch_page("screens/progress.py").run()
    assert not at.exception
    [skills] = [t.value for t in at.table if "Rating" in t.value.columns]
    assert list(skills["Kind of drill"]) == ["Hand score"] and skills["Rating"][0].startswith("1")
    assert any(m.value == "**Weakest situation:** the rule for a tie (Hand score), missed 3 times."
               for m in at.markdown)
    at.button(key="progress_practise_weakest").click().run()
    assert not at.exception  # the drills page had not been opened in this session
    assert any(i.value.startswith("Practising your mistakes: puzzle 1 of 5, Hand score (hard), because you made "
                                  "this mistake 3 times") for i in at.info), [i.value for i in at.info]


def test_practise_my_mistakes_opens_with_a_position_from_the_learners_games(data_folder):
    # Deal 12345: after both pass the upcard, the learner draws and holds eleven cards, a discard
    # decision (2♠ 6♠ 10♠ A♥ 3♥ J♥ 6♦ 10♦ K♦ 2♣ Q♣) sent to review as "which card to throw".
    from tutor.play.match import start_match
    from tutor.play.positions import encode_view
    from tutor.progress.review import DrillItem, Rating
    from tutor.progress.store import open_store
    match = start_match(load_ruleset("classic"), 12345, "beginner").play(("pass", None)).play(("stock", None))
    code = encode_view(match.view())
    at = with_profile("en", name="Pau")
    store = open_store(data_folder)
    pau = some(store.profile("Pau")).id
    store.schedule(pau, DrillItem("discard", "easy", "classic", 12345, code).format(), Rating.Again)
    at.switch_page("screens/drills.py").run()
    at.button(key="drill_practice").click().run()
    assert not at.exception
    assert any(i.value == "Practising your mistakes: puzzle 1 of 1, Which card to throw (easy), because the coach "
                          "chose otherwise at this moment of one of your games." for i in at.info), \
        [i.value for i in at.info]
    assert not any("Address of this puzzle" in c.value for c in at.caption)  # a position of one's own stays private
    at.button(key="drill_new").click().run()  # the session was that one position: it ends
    assert not at.exception and not any(i.value.startswith("Practising") for i in at.info)


# Lesson 10 names each of 001's tips as the hand review does, and beside each the coach's
# measurement (tutor/play/tip_values.py), written in the learner's language.
MEASURED = {
    "en": "Measured by the coach: following “Throw face cards first” is worth 0.9 points a hand on average (± 0.3), "
          "the better choice in 66% of 188 positions.",
    "es": "Medido por el entrenador: seguir «Tira primero las figuras» vale de media 0,9 puntos por mano (± 0,3), y "
          "fue la mejor opción en el 66\u00a0% de 188 posiciones.",
}
COSTS = {
    "en": "Measured by the coach: following “Knock early, with little deadwood, when the opponent takes many "
          "discards” costs 7.4 points a hand on average (± 2.3), the better choice in 22% of 37 positions.",
    "es": "Medido por el entrenador: seguir «Cierra pronto, con pocos puntos sueltos, si el rival coge muchos "
          "descartes» cuesta de media 7,4 puntos por mano (± 2,3), y fue la mejor opción en el 22\u00a0% de 37 "
          "posiciones.",
}
"""A tip that costs points is said to cost them, with no minus sign (content review L1)."""
WAIT_TIP = {"en": "Rather than knock with 8 to 10, wait a turn to get down to 3 or 4",
            "es": "En vez de cerrar con entre 8 y 10, espera un turno más para quedarte en 3 o 4"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_10_shows_each_tip_beside_what_the_coach_measured(lang):
    at = start(lang, params={"lesson": "10-strategy"})
    at.switch_page("screens/lessons.py").run()
    assert not at.exception
    infos = [i.value for i in at.info]
    assert MEASURED[lang] in infos and COSTS[lang] in infos, infos
    assert len([i for i in infos if i.startswith(MEASURED[lang][:18])]) == 7  # all seven tips
    assert any(WAIT_TIP[lang] in i for i in infos)
