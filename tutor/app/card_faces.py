"""Card faces drawn as SVG, and hands laid out as HTML: pure functions, no Streamlit.

Each card shows its rank and suit symbol in two corners and a large suit in the middle; hearts
and diamonds are red, spades and clubs black. The suit symbol itself tells the suits apart, so
no card depends on colour alone, and each image carries a text alternative.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from html import escape
from pathlib import Path
from urllib.parse import quote

from tutor.engine.cards import DECK, SUIT_SYMBOLS, Card, rank_name

CARD_WIDTH, CARD_HEIGHT = 60, 84
RED, BLACK = "#c62828", "#1a1a1a"


@cache
def card_svg(card: Card) -> str:
    """The SVG source of one card's face."""
    colour = RED if card.is_red else BLACK
    rank = rank_name(card.rank)
    suit = SUIT_SYMBOLS[card.suit]
    corner_size = 15 if len(rank) == 1 else 13
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
        f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">'
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="6" ry="6" '
        f'fill="#ffffff" stroke="#6b6b6b" stroke-width="1.5"/>'
        f'<g fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold">'
        f'<text x="5" y="17" font-size="{corner_size}">{rank}</text>'
        f'<text x="5" y="31" font-size="13">{suit}</text>'
        f'<text x="{CARD_WIDTH / 2}" y="{CARD_HEIGHT / 2 + 12}" font-size="32" '
        f'text-anchor="middle">{suit}</text>'
        f'<g transform="rotate(180 {CARD_WIDTH / 2} {CARD_HEIGHT / 2})">'
        f'<text x="5" y="17" font-size="{corner_size}">{rank}</text>'
        f'<text x="5" y="31" font-size="13">{suit}</text></g>'
        f"</g></svg>"
    )


CARD_FILES = Path(__file__).resolve().parent / "static" / "cards"
"""Where the 52 faces are kept as files (written by :func:`write_card_files`), which Streamlit
serves as static files (``server.enableStaticServing``): the browser fetches and caches each face
once, instead of receiving it again with every page drawn."""


def card_url(card: Card) -> str:
    """The address of the card's face, relative to any page of the app."""
    return f"app/static/cards/{card}.svg"


@cache
def card_data_url(card: Card) -> str:
    """The card's face as a ``data:`` address, to draw inline with the page (never an empty frame
    while a file loads)."""
    return "data:image/svg+xml," + quote(card_svg(card), safe="")


def write_card_files(folder: Path = CARD_FILES) -> list[Path]:
    """Write every card's face into ``folder`` as ``7H.svg``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for card in DECK:
        path = folder / f"{card}.svg"
        path.write_text(card_svg(card), encoding="utf-8")
        written.append(path)
    return written


def card_img(card: Card, alt: str, height: int = CARD_HEIGHT) -> str:
    """An ``<img>`` of the card, its text alternative given in the learner's language."""
    width = round(height * CARD_WIDTH / CARD_HEIGHT)
    return (f'<img class="gt-card" src="{card_url(card)}" alt="{escape(alt)}" title="{escape(alt)}" '
            f'width="{width}" height="{height}" style="margin:0 2px">')


def group_html(images: Sequence[str], label: str, note: str = "", deadwood: bool = False, plain: bool = False) -> str:
    """A labelled group of card images: a meld (green), the deadwood set apart (dashed amber), or
    with ``plain`` just some cards (grey), which says nothing about whether they meld."""
    border = "2px dashed #b26a00" if deadwood else "2px solid #757575" if plain else "2px solid #2e7d32"
    note_html = f'<div style="font-size:0.85em">{escape(note)}</div>' if note else ""
    return (
        f'<figure role="group" aria-label="{escape(label)}" style="display:inline-block;margin:4px 8px 4px 0;'
        f'padding:6px;border:{border};border-radius:8px;vertical-align:top;max-width:100%;box-sizing:border-box">'
        f'<div style="display:flex;flex-wrap:wrap;row-gap:4px">{"".join(images)}</div>'
        f'<figcaption style="font-size:0.85em;margin-top:2px">{escape(label)}</figcaption>{note_html}</figure>'
    )


def row_html(groups: Sequence[str]) -> str:
    """Groups side by side, wrapping on narrow screens."""
    return f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start">{"".join(groups)}</div>'


if __name__ == "__main__":  # python -m tutor.app.card_faces: write the faces again after a change
    print(f"wrote {len(write_card_files())} card faces into {CARD_FILES}")
