"""Drawing the engine's results: cards as images, melds grouped, deadwood apart, explanations."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from tutor.app.card_faces import CARD_HEIGHT, card_img, group_html, row_html
from tutor.content.documents import Block, Document
from tutor.engine.cards import RANKS, SUITS, Card, card, parse_cards
from tutor.engine.layoffs import Layoff
from tutor.engine.melds import Arrangement, HandAnalysis, analyze
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.engine.scoring import GameTotals, HandScore, game_totals, score_hand
from tutor.language.explain import analysis_steps, eleven_card_arrangement, score_steps, totals_steps
from tutor.language.i18n import Translator
from tutor.language.labels import card_name, meld_kind_name, outcome_name, ruleset_title, side_name
from tutor.language.play_text import tip_measure_text
from tutor.play.holding import Holding

LAYOFF_HEIGHT = 64
"""Cards laid off onto a meld are drawn smaller than the meld's own."""


HOLDING_TINT = "168, 32, 46"
"""The map's tint (the theme's primary colour, as RGB): a cell's background, stronger the likelier the card."""
HOLDING_ALPHA = 0.45
"""The tint's opacity for a card held for sure; a chance p gets p times it (text stays readable in
both colour schemes: checked by axe-core)."""


def holding_tints(map_: Holding) -> list[list[str]]:
    """Each cell's CSS for the map's table (a row per rank, a column per suit, after the rank's
    column): the tint, by the chance; none for a card seen."""
    def tint(one: Card) -> str:
        if map_.known >> one.index & 1:
            return f"background-color: rgba({HOLDING_TINT}, {HOLDING_ALPHA}); font-weight: 600"
        if map_.unseen >> one.index & 1:
            return f"background-color: rgba({HOLDING_TINT}, {HOLDING_ALPHA * map_.chance(one):.3f})"
        return ""
    return [["", *(tint(card(rank, suit)) for suit in SUITS)] for rank in RANKS]


def show_holding_table(rows: dict[str, list[str]], map_: Holding) -> None:
    """The map of what the opponent probably holds as a table, each cell tinted by its chance (the
    text says the chance too: the tint is never the only cue)."""
    frame = pd.DataFrame(rows)
    tints = pd.DataFrame(holding_tints(map_), index=frame.index, columns=frame.columns)
    st.table(frame.style.apply(lambda _: tints, axis=None).hide(axis="index"))


def images(cards: Sequence[Card], tr: Translator, height: int = CARD_HEIGHT) -> list[str]:
    return [card_img(c, card_name(c, tr), height) for c in cards]


def show_cards(cards: Sequence[Card], tr: Translator, label: str = "") -> None:
    """A row of cards, with an optional caption."""
    group = group_html(images(cards, tr), label or tr.ngettext("{n} card", "{n} cards", len(cards)), plain=True)
    st.html(row_html([group]))


def arrangement_groups(arrangement: Arrangement, tr: Translator, layoffs: Sequence[Layoff] = ()) -> list[str]:
    """Each meld as a labelled group, then the deadwood apart with its total."""
    groups = []
    for meld in arrangement.melds:
        laid = [lay.card for lay in layoffs if lay.meld == meld]
        note = tr.gettext("laid off: {cards}", cards=" ".join(c.symbol for c in laid)) if laid else ""
        label = meld_kind_name(meld.kind, tr).capitalize()
        low = min(c.rank for c in meld.cards)
        below = sorted((c for c in laid if meld.kind == "run" and c.rank < low), key=lambda c: c.rank)
        above = [c for c in laid if c not in below]
        shown = images(below, tr, LAYOFF_HEIGHT) + images(meld.cards, tr) + images(above, tr, LAYOFF_HEIGHT)
        groups.append(group_html(shown, label, note))
    if arrangement.deadwood_cards:
        label = tr.gettext("Deadwood: {points}", points=tr.number(arrangement.deadwood))
        groups.append(group_html(images(arrangement.deadwood_cards, tr), label, deadwood=True))
    else:
        groups.append(group_html([], tr.gettext("No deadwood"), deadwood=True))
    return groups


def show_arrangement(arrangement: Arrangement, tr: Translator, layoffs: Sequence[Layoff] = ()) -> None:
    st.html(row_html(arrangement_groups(arrangement, tr, layoffs)))


def show_steps(steps: Sequence[str]) -> None:
    """An explanation as a numbered list."""
    st.markdown("\n".join(f"{i}. {step}" for i, step in enumerate(steps, start=1)))


def show_analysis(result: HandAnalysis, tr: Translator, rules: Ruleset | None = None,
                  others: bool = True) -> None:
    """A hand's best melds and deadwood, the discard for 11 cards, and the other arrangements. A big
    gin (under rules that have it, or with no rules named) is laid out as eleven melded cards, no
    discard; under rules without big gin it is a discard and a gin."""
    if result.big_gin and (rules is None or rules.big_gin_allowed):
        show_arrangement(eleven_card_arrangement(result), tr)
        show_steps(analysis_steps(result, tr, rules))
        return
    if result.discard is not None:
        st.html(row_html([group_html(images([result.discard], tr), tr.gettext("Best discard"), deadwood=True)]))
    show_arrangement(result.arrangement, tr)
    show_steps(analysis_steps(result, tr, rules))
    if others and len(result.arrangements) > 1:
        with st.expander(tr.gettext("Other arrangements with the same deadwood")):
            for arrangement in result.arrangements[1:]:
                show_arrangement(arrangement, tr)


def show_score(score: HandScore, tr: Translator) -> None:
    """Both hands laid out, the layoffs on the melds they went onto, and the explanation."""
    st.markdown(tr.gettext("**Knocker**"))
    show_arrangement(score.knocker_arrangement, tr, score.layoffs)
    st.markdown(tr.gettext("**Defender**"))
    show_arrangement(score.defender_play.arrangement, tr)
    verdict = tr.gettext("{outcome}: {winner} scores {points}.", outcome=outcome_name(score.outcome, tr).capitalize(),
                         winner=side_name(score.winner, tr), points=tr.number(score.points))
    st.success(verdict)
    with st.expander(tr.gettext("Step by step")):
        show_steps(score_steps(score, tr))


def show_totals(totals: GameTotals, tr: Translator) -> None:
    """The score sheet with running totals, then the bonuses and the final totals."""
    hand = tr.gettext("Hand")
    result_label = tr.gettext("Result")
    rows = []
    for position, (result, running) in enumerate(zip(totals.results, totals.running, strict=True), start=1):
        shown = tr.gettext("void") if result.void else f"{result.winner}: {tr.number(result.points)}"
        rows.append({hand: tr.number(position), result_label: shown, "A": tr.number(running["A"]),
                     "B": tr.number(running["B"])})
    st.table(rows)
    show_steps(totals_steps(totals, tr))


def show_example(block: Block, tr: Translator) -> None:
    """One example of a rule page or lesson, laid out and counted by the engine now."""
    parts = block.parts
    if block.kind == "cards":
        show_cards(parse_cards(block.body), tr)
    elif block.kind == "hand":
        show_analysis(analyze(parse_cards(block.body)), tr, others=True)
    elif block.kind == "score":
        st.caption(tr.gettext("Rules: {rules}", rules=ruleset_title(parts[0], tr)))
        show_score(score_hand(parts[1], parts[2], load_ruleset(parts[0])), tr)
    elif block.kind == "totals":
        st.caption(tr.gettext("Rules: {rules}", rules=ruleset_title(parts[0], tr)))
        show_totals(game_totals(parts[1], load_ruleset(parts[0])), tr)
    elif block.kind == "tip":
        st.info(tip_measure_text(block.body, tr))


def show_document(document: Document, tr: Translator, heading: str | None = "##",
                  ask: Callable[[Block, str], None] | None = None) -> None:
    """A rule page or lesson: its title (as a Markdown heading, or none when the page shows it
    itself), its text and its examples, in order. ``ask`` draws a lesson's short questions (given
    the block and a key of its own)."""
    if heading is not None:
        st.markdown(f"{heading} {tr.content(document.title)}")
    for index, block in enumerate(document.blocks):
        if block.kind == "text":
            st.markdown(tr.content(block.body))
        elif block.kind == "ask":
            if ask is not None:
                ask(block, f"ask_{document.id}_{index}")
        elif block.kind != "drill":
            show_example(block, tr)


def chart_locale(locale: str) -> Any:
    """The chart's number format in the learner's language (Babel's symbols): ``-1,5`` in Spanish."""
    import altair as alt
    from babel.numbers import get_decimal_symbol, get_group_symbol

    return alt.Locale(number=alt.NumberLocale(decimal=get_decimal_symbol(locale), thousands=get_group_symbol(locale),
                                              grouping=[3], currency=["", ""]))


SERIES_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#999999", "#B8860B")
"""The lines' colours, in the series' order, the same in light and dark mode: hues apart (Okabe and
Ito's palette for colour-blind readers, its black and pale yellow left out as they vanish on one of the
two backgrounds), so that the first series (the coach's move) is blue and the second (yours) orange
whatever the theme (learner review L7)."""
SERIES_DASHES = ((1, 0), (6, 3), (2, 2), (8, 2, 2, 2))
"""The lines' dashes, in the series' order: the first solid, the others dashed, told apart without colour."""


def show_line_chart(series: dict[str, dict[int, float]], x_label: str, y_label: str, description: str,
                    locale: str = "en") -> None:
    """Lines (one per series, by a whole-number x) as an accessible chart: the chart is described in
    words for screen readers and its marks are left out of the accessibility tree; its numbers are
    written as ``locale`` writes them. The axis format names its precision: without one, Vega takes
    it from the step between ticks and writes -10 as -1e+1."""
    import altair as alt

    rows = [{"x": x, "y": y, "series": name} for name, points in series.items() for x, y in points.items()]
    names = list(series)
    colours = [SERIES_COLOURS[i % len(SERIES_COLOURS)] for i in range(len(names))]
    dashes = [SERIES_DASHES[i % len(SERIES_DASHES)] for i in range(len(names))]
    chart = (alt.Chart({"values": rows})
             .mark_line(point=True, aria=False)
             .encode(x=alt.X("x:Q", title=x_label, axis=alt.Axis(tickMinStep=1)),
                     y=alt.Y("y:Q", title=y_label, axis=alt.Axis(format=".6~g")),  # 1400 and -10, not 1.4e+3 nor -1e+1
                     color=alt.Color("series:N", title=None, legend=alt.Legend(orient="bottom"),
                                     scale=alt.Scale(domain=names, range=colours)),
                     strokeDash=alt.StrokeDash("series:N", title=None, legend=alt.Legend(orient="bottom"),
                                               scale=alt.Scale(domain=names, range=dashes)))
             .properties(description=description)
             .configure(locale=chart_locale(locale)))
    st.altair_chart(chart, width="stretch")


def show_bar_chart(counts: list[int], x_label: str, y_label: str, description: str, locale: str = "en") -> None:
    """Bars for counts by a whole-number x (0, 1, 2...), accessible as the line chart is: described in
    words for screen readers, its marks left out of the accessibility tree."""
    import altair as alt

    rows = [{"x": x, "y": y} for x, y in enumerate(counts)]
    chart = (alt.Chart({"values": rows})
             .mark_bar(aria=False)
             .encode(x=alt.X("x:O", title=x_label),
                     y=alt.Y("y:Q", title=y_label, axis=alt.Axis(tickMinStep=1, format=".6~g")))
             .properties(description=description)
             .configure(locale=chart_locale(locale)))
    st.altair_chart(chart, width="stretch")
