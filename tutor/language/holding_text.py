"""The map of what the opponent probably holds (:mod:`tutor.play.holding`) in the learner's
language: a table a screen reader reads (a row per rank, a column per suit, each cell the chance as
a percentage, with marks that say as much as any colour), its legend, and the readings that
mattered, as sentences."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.cards import RANKS, SUIT_SYMBOLS, SUITS, Card, card, mask_of, rank_name
from tutor.language.i18n import Translator
from tutor.language.labels import suit_name
from tutor.play.holding import Holding, Reading

HELD_MARK = "●"
"""After a chance: the opponent really held the card (shown in a review, never at the table)."""


def holding_cell(map_: Holding, card: Card, real: int | None, tr: Translator) -> str:
    """One card's cell: ``taken`` for a card the opponent took from the pile (known), ``—`` for a
    card the learner holds or saw thrown, else the chance; with :data:`HELD_MARK` where ``real``
    (the opponent's real hand, a mask) holds it."""
    if map_.known >> card.index & 1:
        text = tr.gettext("taken")
    elif not map_.unseen >> card.index & 1:
        return "—"
    else:
        text = tr.percent(round(map_.chance(card), 2))
    return f"{text} {HELD_MARK}" if real is not None and real >> card.index & 1 else text


def holding_rows(map_: Holding, real: Sequence[Card] | None, tr: Translator) -> dict[str, list[str]]:
    """The map as a table (columns by heading), narrow enough for a phone: a row per rank (A, 2 …
    K), a column per suit."""
    held = mask_of(real) if real is not None else None
    table: dict[str, list[str]] = {tr.gettext("Card"): [rank_name(rank) for rank in RANKS]}
    for suit in SUITS:
        table[f"{SUIT_SYMBOLS[suit]} {suit_name(suit, tr)}"] = [holding_cell(map_, card(rank, suit), held, tr)
                                                               for rank in RANKS]
    return table


def holding_legend(map_: Holding, review: bool, tr: Translator) -> str:
    """What the table's marks mean, against whom the chances were drawn and the chance a reader of
    nothing gives each unseen card."""
    marks = (tr.gettext("“taken”: it took the card from the pile and still holds it; “—”: a card you hold or saw "
                        "thrown; ● beside a chance: it really held that card.") if review
             else tr.gettext("“taken”: it took the card from the pile and still holds it; “—”: a card you hold or "
                             "saw thrown."))
    return tr.gettext("{marks} Drawn from {n} hands as the level you face would have kept them; without reading "
                      "anything, each unseen card would have {uniform}.", marks=marks, n=tr.number(map_.draws),
                      uniform=tr.percent(round(map_.uniform, 2)))


def reading_sentence(reading: Reading, map_: Holding, tr: Translator) -> str:
    """One reading in a sentence."""
    if reading.kind == "fed" and reading.card is not None and reading.partner is not None:
        return tr.gettext("You threw {the_card}, which could make a meld with the card it took from the pile "
                          "({taken}): it may well have been waiting for it.", card=reading.card.symbol,
                          taken=reading.partner.symbol)
    if reading.kind == "took" and reading.card is not None:
        return tr.gettext("It took {the_card} from the pile: it holds it and wants the cards that make a meld "
                          "with it, so do not throw them.", card=reading.card.symbol)
    if reading.kind == "likely" and reading.card is not None:
        return tr.gettext("It very likely holds {the_card} ({chance}, where an unseen card has {uniform}).",
                          card=reading.card.symbol, chance=tr.percent(round(reading.chance, 2)),
                          uniform=tr.percent(round(map_.uniform, 2)))
    if reading.kind == "cold_suit" and reading.suit is not None:
        return tr.gettext("It is not collecting {suit}: {chance} for each unseen card of the suit, where an "
                          "unseen card has {uniform}. Those are the safer throws.",
                          suit=suit_name(reading.suit, tr), chance=tr.percent(round(reading.chance, 2)),
                          uniform=tr.percent(round(map_.uniform, 2)))
    raise ValueError(f"a reading of an unknown kind: {reading.kind!r}")
