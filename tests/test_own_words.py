"""Our own words: no Spanish sentence of the product repeats 8 or more consecutive words of a
source sentence (content review, finding 2), measured as the review measured it (tests/own_words.py)."""

from __future__ import annotations

import own_words


def test_no_spanish_sentence_repeats_eight_consecutive_words_of_a_source():
    copied = own_words.copied_runs(least=8)
    assert not copied, "\n".join(f"{c.words} words from {c.source} in {c.where}: “{c.run}”" for c in copied)


def test_the_measure_reads_every_part_of_the_product_and_finds_a_copied_run(monkeypatch):
    product = own_words.product_sentences()
    assert {where.split("/")[0].split(" ")[0] for _, where in product} == {"data", "lessons", "locales"}
    # 002's sentence on the deal, copied whole into one sentence of ours, is found: 14 words.
    copied = "Así: quien reparte da diez cartas a cada jugador, de una en una, empezando por el contrario."
    monkeypatch.setattr(own_words, "product_sentences", lambda: [*product, (copied, "a test")])
    [found] = own_words.copied_runs(least=8)
    assert (found.words, found.where, found.source) == (14, "a test", "002")
    assert found.run == "da diez cartas a cada jugador de una en una empezando por el contrario"
