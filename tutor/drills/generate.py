"""Puzzle generators: the same arguments always give the same puzzle, and each difficulty is a
set of properties measured with the engine, not a label.

==========  ==========================================================================
kind        easy / medium / hard
==========  ==========================================================================
melds,      easy: no card fits both a set and a run, one best arrangement;
deadwood    medium: a card fits both a set and a run, one best arrangement;
            hard: a card fits both, and two or more arrangements tie for the minimum.
score       easy: a plain knock or a gin, nothing laid off, no undercut;
            medium: one or more layoffs (no chain) or an undercut, the knocker's choice moot;
            hard: a chain of layoffs, a tie, a big gin, or the knocker's choice matters.
layoffs     easy: one card to lay off; medium: two or more, or a chain;
            hard: a chain, and a card that fits but must stay (it would break a meld) or a
            meld of the defender's that must be broken.
totals      easy: no void hand, no shutout; medium: a void hand, no shutout;
            hard: a shutout.
==========  ==========================================================================
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tutor.engine.cards import DECK, SUIT_BITS, SUITS, Card, card, mask_of
from tutor.drills.hands import knock_like_hand
from tutor.drills.model import KINDS, LEVELS, BadSeedError, Puzzle, UnknownKindError, UnknownLevelError
from tutor.engine.layoffs import Layoff
from tutor.engine.melds import best_arrangements, min_deadwood, set_ranks
from tutor.engine.rules import Ruleset, as_ruleset
from tutor.engine.scoring import HandScore, game_totals, score_hand

MAX_TRIES = 400
"""Candidates tried before a generator gives up (the tests show it never needs that many)."""


# --- Properties -------------------------------------------------------------------------------

def dual_use_cards(cards: list[Card] | tuple[Card, ...]) -> list[Card]:
    """Cards that could complete a set (their rank is held in three suits or more) and also a
    run (they sit in a block of three or more consecutive cards of their suit)."""
    mask = mask_of(cards)
    ranks = set_ranks(mask)
    found = []
    for c in cards:
        if not ranks >> (c.rank - 1) & 1:
            continue
        base = SUITS.index(c.suit) * SUIT_BITS
        low = high = c.rank
        while low > 1 and mask >> (base + low - 2) & 1:
            low -= 1
        while high < 13 and mask >> (base + high) & 1:
            high += 1
        if high - low + 1 >= 3:
            found.append(c)
    return found


def hand_properties(cards: list[Card] | tuple[Card, ...]) -> dict[str, Any]:
    """What makes a melds or deadwood puzzle easy or hard."""
    arrangements = best_arrangements(mask_of(cards))
    return {"dual_use": len(dual_use_cards(cards)), "arrangements": len(arrangements),
            "deadwood": arrangements[0].deadwood, "melds": len(arrangements[0].melds)}


def is_chained(layoffs: tuple[Layoff, ...]) -> bool:
    """Whether a layoff only fits because another laid-off card came first."""
    for lay in layoffs:
        if lay.meld.kind == "run":
            ranks = [c.rank for c in lay.meld.cards]
            if lay.card.rank < min(ranks) - 1 or lay.card.rank > max(ranks) + 1:
                return True
    return False


def score_properties(score: HandScore) -> dict[str, Any]:
    """What makes a score puzzle easy or hard."""
    return {"outcome": score.outcome, "layoffs": len(score.layoffs), "chained": is_chained(score.layoffs),
            "tie": score.outcome in ("knock", "undercut") and score.knocker_deadwood == score.defender_deadwood,
            "choice_mattered": score.knocker_choice_mattered, "winner": score.winner}


def _fits(c: Card, melds) -> bool:
    for meld in melds:
        if meld.kind == "set":
            if c.rank == meld.rank and len(meld.cards) == 3:
                return True
        elif c.suit == meld.suit and (c.rank == meld.cards[0].rank - 1 or c.rank == meld.cards[-1].rank + 1):
            return True
    return False


def layoff_properties(score: HandScore) -> dict[str, Any]:
    """What makes a layoffs puzzle easy or hard."""
    play = score.defender_play
    best = play.best_layoff_sets
    laid = set().union(*best) if best else set()
    own = best_arrangements(mask_of(score.defender_cards))
    melded_in_every_own = set.intersection(*[{c for m in a.melds for c in m.cards} for a in own])
    fitting = {c for c in score.defender_cards if _fits(c, score.knocker_melds)}
    return {"layoffs": len(play.layoffs), "chained": is_chained(play.layoffs),
            "broke_meld": bool({lay.card for lay in play.layoffs} & melded_in_every_own),
            "decoy": bool(fitting - laid), "best_plays": len(best)}


def totals_properties(results: tuple[str, ...], rules: Ruleset) -> dict[str, Any]:
    totals = game_totals(results, rules)
    return {"hands": len(results), "voids": sum(1 for r in results if r == "void"), "shutout": totals.shutout,
            "finished": totals.finished}


# --- Hands for melds and deadwood drills ------------------------------------------------------

def _rest(rng: random.Random, taken: set[Card], n: int) -> list[Card]:
    return rng.sample([c for c in DECK if c not in taken], n)


def _set_and_run_hand(rng: random.Random, tie: bool) -> list[Card]:
    """A card that fits both a set and a run: with ``tie`` the run has four cards, so either
    meld can take the shared card and the deadwood is the same both ways."""
    rank = rng.randint(3, 11)
    suit = rng.choice(SUITS)
    length = 4 if tie else 3
    start = rank - length + 1 if rng.random() < 0.5 and rank - length + 1 >= 1 else rank
    if start + length - 1 > 13:
        start = rank - length + 1
    run = [card(r, suit) for r in range(start, start + length)]
    others = [card(rank, s) for s in SUITS if s != suit]
    same_rank = others if tie else rng.sample(others, 2)
    hand = run + same_rank
    return hand + _rest(rng, set(hand), 10 - len(hand))


def _hand_level(props: dict[str, Any], level: str) -> bool:
    if props["melds"] == 0:
        return False
    if level == "easy":
        return props["dual_use"] == 0 and props["arrangements"] == 1
    if level == "medium":
        return props["dual_use"] >= 1 and props["arrangements"] == 1
    return props["dual_use"] >= 1 and props["arrangements"] >= 2


def _hand_puzzle(kind: str, rng: random.Random, level: str) -> dict[str, Any]:
    for _ in range(MAX_TRIES):
        cards = knock_like_hand(rng, 10) if level == "easy" else _set_and_run_hand(rng, tie=level == "hard")
        props = hand_properties(cards)
        if _hand_level(props, level):
            return {"cards": tuple(sorted(cards, key=lambda c: c.index)), "properties": props}
    raise RuntimeError(f"no {level} {kind} puzzle found")


# --- Hands for score and layoffs drills -------------------------------------------------------

def _melds_hand(rng: random.Random, sizes: tuple[int, ...], taken: set[Card]) -> list[list[Card]]:
    """Melds of the given sizes, none sharing a card with ``taken``."""
    melds: list[list[Card]] = []
    used = set(taken)
    for size in sizes:
        for _ in range(100):
            if size <= 4 and rng.random() < 0.4:
                rank = rng.randint(1, 13)
                meld = [card(rank, s) for s in rng.sample(SUITS, size)] if size <= 4 else []
            else:
                low = rng.randint(1, 14 - size)
                suit = rng.choice(SUITS)
                meld = [card(r, suit) for r in range(low, low + size)]
            if meld and not used.intersection(meld):
                melds.append(meld)
                used.update(meld)
                break
    return melds


def _knocker(rng: random.Random, deadwood_cards: int, big_gin: bool = False) -> list[Card]:
    """A knocker: melds, then a few low cards of deadwood (none for gin)."""
    total = 11 if big_gin else 10
    melded = total - deadwood_cards
    sizes = {11: (4, 4, 3), 10: (4, 3, 3), 9: (3, 3, 3), 8: (4, 4), 7: (4, 3), 6: (3, 3)}[melded]
    melds = _melds_hand(rng, tuple(rng.sample(sizes, len(sizes))), set())
    hand = [c for m in melds for c in m]
    low = [c for c in DECK if c.rank <= 5 and c not in hand]
    return hand + rng.sample(low, total - len(hand))


def _extensions(knocker: list[Card], defender_taken: set[Card]) -> list[list[Card]]:
    """For each end of each knocker meld, the cards that would extend it, nearest first."""
    chains = []
    for arrangement in best_arrangements(mask_of(knocker))[:1]:
        for meld in arrangement.melds:
            if meld.kind == "set":
                if len(meld.cards) == 3:
                    missing = next(s for s in SUITS if s not in {c.suit for c in meld.cards})
                    chains.append([card(meld.rank, missing)])
            else:
                low, high = meld.cards[0].rank, meld.cards[-1].rank
                chains.append([card(r, meld.suit) for r in range(low - 1, 0, -1)])
                chains.append([card(r, meld.suit) for r in range(high + 1, 14)])
    return [[c for c in chain if c not in knocker and c not in defender_taken] for chain in chains if chain]


def _defender(rng: random.Random, knocker: list[Card], lay: int = 0, chain: bool = False,
              melded: int = 0, deadwood_target: int | None = None) -> list[Card]:
    """A defender with ``lay`` cards that extend the knocker's melds (two in a row with ``chain``),
    ``melded`` cards in melds of its own, and filler that extends nothing."""
    taken: set[Card] = set(knocker)
    hand: list[Card] = []
    chains = [c for c in _extensions(knocker, set()) if c]
    rng.shuffle(chains)
    if chain:
        for ch in chains:
            if len(ch) >= 2 and ch[0].rank != ch[1].rank:
                hand += ch[:2]
                break
    for ch in chains:
        if len(hand) >= lay + (2 if chain else 0):
            break
        if ch[0] not in hand:
            hand.append(ch[0])
    taken.update(hand)
    if melded:
        sizes = (3,) if melded == 3 else (3, 3) if melded == 6 else (4, 3)
        for meld in _melds_hand(rng, sizes, taken | set(c for ch in chains for c in ch[:1])):
            hand += meld
            taken.update(meld)
    blocked = {c for ch in _extensions(knocker, set()) for c in ch[:1]}
    pool = [c for c in DECK if c not in taken and c not in blocked]
    if deadwood_target is not None:
        low = [c for c in pool if c.value <= max(1, deadwood_target)]
        pool = low if len(low) >= 10 - len(hand) else pool
    return hand + rng.sample(pool, 10 - len(hand))


SCORE_SCENARIOS: dict[str, Callable[[Ruleset], list[str]]] = {
    "easy": lambda rules: ["knock", "gin"],
    "medium": lambda rules: ["layoff", "undercut"] + (["gin_layoff"] if rules.layoffs_onto_gin else []),
    "hard": lambda rules: ["chain", "tie", "choice"] + (["big_gin"] if rules.big_gin_allowed else []),
}


def _choice_hands(rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A knocker whose shared card can end a run of four or make a set of four, and a defender
    holding the card that would extend the longer run."""
    rank = rng.randint(4, 12)
    suit = rng.choice(SUITS)
    run = [card(r, suit) for r in range(rank - 3, rank + 1)]
    sevens = [card(rank, s) for s in SUITS if s != suit]
    base = run + sevens
    extra = _melds_hand(rng, (3,), set(base) | {card(rank + 1, suit)})[0][:3] if rng.random() < 0.5 else []
    knocker = base + extra
    low = [c for c in DECK if c.rank <= 3 and c not in knocker and c != card(rank + 1, suit)]
    knocker += rng.sample(low, 10 - len(knocker))
    defender = [card(rank + 1, suit)] + rng.sample([c for c in DECK if c not in knocker and c != card(rank + 1, suit)], 9)
    return knocker, defender


def _score_hands(rng: random.Random, scenario: str) -> tuple[list[Card], list[Card]]:
    if scenario == "knock":
        knocker = _knocker(rng, rng.choice((1, 2, 3)))
        return knocker, _defender(rng, knocker, melded=rng.choice((0, 3)))
    if scenario == "gin":
        knocker = _knocker(rng, 0)
        return knocker, _defender(rng, knocker, melded=rng.choice((0, 3)))
    if scenario == "layoff":
        knocker = _knocker(rng, rng.choice((1, 2, 3)))
        return knocker, _defender(rng, knocker, lay=rng.choice((1, 2)), melded=rng.choice((0, 3)))
    if scenario == "gin_layoff":
        knocker = _knocker(rng, 0)
        return knocker, _defender(rng, knocker, lay=rng.choice((1, 2)))
    if scenario == "undercut":
        knocker = _knocker(rng, 3)
        return knocker, _defender(rng, knocker, melded=rng.choice((6, 7)), deadwood_target=2)
    if scenario == "chain":
        knocker = _knocker(rng, rng.choice((1, 2, 3)))
        return knocker, _defender(rng, knocker, chain=True, melded=rng.choice((0, 3)))
    if scenario == "tie":
        knocker = _knocker(rng, rng.choice((2, 3)))
        return knocker, _defender(rng, knocker, melded=rng.choice((6, 7)), deadwood_target=4)
    if scenario == "choice":
        return _choice_hands(rng)
    knocker = _knocker(rng, 0, big_gin=True)
    return knocker, _defender(rng, knocker, melded=rng.choice((0, 3)))


def _score_level(props: dict[str, Any], level: str, scenario: str) -> bool:
    hard = props["chained"] or props["tie"] or props["choice_mattered"] or props["outcome"] == "big_gin"
    if level == "easy":
        return (props["layoffs"] == 0 and props["outcome"] in ("knock", "gin") and not hard
                and props["outcome"] == scenario)
    if level == "medium":
        wanted = {"layoff": props["layoffs"] >= 1 and props["outcome"] == "knock",
                  "gin_layoff": props["layoffs"] >= 1 and props["outcome"] == "gin",
                  "undercut": props["outcome"] == "undercut"}[scenario]
        return wanted and not hard
    wanted = {"chain": props["chained"], "tie": props["tie"], "choice": props["choice_mattered"],
              "big_gin": props["outcome"] == "big_gin"}[scenario]
    return wanted


def _score_puzzle(kind: str, rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any]:
    scenario = rng.choice(SCORE_SCENARIOS[level](rules))
    for _ in range(MAX_TRIES):
        knocker, defender = _score_hands(rng, scenario)
        if len(set(knocker) | set(defender)) != len(knocker) + len(defender):
            continue
        if len(knocker) == 10 and min_deadwood(mask_of(knocker)) > rules.knock_limit:
            continue
        if len(knocker) == 11 and min_deadwood(mask_of(knocker)) != 0:
            continue
        score = score_hand(knocker, defender, rules)
        props = score_properties(score)
        if _score_level(props, level, scenario):
            props["scenario"] = scenario
            return {"knocker": tuple(sorted(knocker, key=lambda c: c.index)),
                    "defender": tuple(sorted(defender, key=lambda c: c.index)), "properties": props}
    raise RuntimeError(f"no {level} score puzzle found for {scenario}")


def _layoff_level(props: dict[str, Any], level: str) -> bool:
    if props["layoffs"] == 0 or props["best_plays"] != 1:
        return False
    if level == "easy":
        return props["layoffs"] == 1 and not props["chained"] and not props["broke_meld"] and not props["decoy"]
    if level == "medium":
        return (props["layoffs"] >= 2 or props["chained"]) and not props["broke_meld"] and not props["decoy"]
    return props["chained"] and (props["broke_meld"] or props["decoy"])


def _decoy_defender(rng: random.Random, knocker: list[Card]) -> list[Card]:
    """A defender with a chain to lay off, and a card that fits the knocker's melds but sits in a
    set of its own (laying it off would break the set)."""
    chains = [c for c in _extensions(knocker, set()) if c]
    hand: list[Card] = []
    for ch in rng.sample(chains, len(chains)):
        if len(ch) >= 2 and not hand:
            hand += ch[:2]
        elif hand and ch[0] not in hand:
            fit = ch[0]
            others = [card(fit.rank, s) for s in SUITS if s != fit.suit and card(fit.rank, s) not in knocker]
            if len(others) >= 2:
                hand += [fit] + rng.sample(others, 2)
                break
    blocked = {c for ch in chains for c in ch[:1]}
    pool = [c for c in DECK if c not in knocker and c not in hand and c not in blocked]
    return hand + rng.sample(pool, 10 - len(hand))


def _layoffs_puzzle(kind: str, rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any]:
    for _ in range(MAX_TRIES):
        knocker = _knocker(rng, rng.choice((1, 2, 3)))
        if level == "easy":
            defender = _defender(rng, knocker, lay=1, melded=rng.choice((0, 3)))
        elif level == "medium":
            defender = _defender(rng, knocker, lay=rng.choice((1, 2)), chain=rng.random() < 0.5)
        else:
            defender = _decoy_defender(rng, knocker)
        if len(set(knocker) | set(defender)) != 20 or min_deadwood(mask_of(knocker)) > rules.knock_limit:
            continue
        props = layoff_properties(score_hand(knocker, defender, rules))
        if _layoff_level(props, level):
            return {"knocker": tuple(sorted(knocker, key=lambda c: c.index)),
                    "defender": tuple(sorted(defender, key=lambda c: c.index)), "properties": props}
    raise RuntimeError(f"no {level} layoffs puzzle found")


# --- Score sheets for totals drills -----------------------------------------------------------

def _hand_points(rng: random.Random) -> int:
    kind = rng.random()
    if kind < 0.6:
        return rng.randint(2, 30)      # a knock
    if kind < 0.85:
        return 25 + rng.randint(0, 40)  # a gin
    return 25 + rng.randint(1, 10)     # an undercut


def _sheet(rng: random.Random, rules: Ruleset, level: str) -> tuple[str, ...]:
    points = {"A": 0, "B": 0}
    sheet: list[str] = []
    winner_bias = rng.choice("AB")
    scale = rules.target / 100
    while len(sheet) < 12:
        if level != "easy" and rng.random() < (0.25 if level == "medium" else 0.1):
            sheet.append("void")
            continue
        if level == "hard":
            player = winner_bias
        else:
            player = winner_bias if rng.random() < 0.6 else ("B" if winner_bias == "A" else "A")
        value = max(1, round(_hand_points(rng) * scale))
        points[player] += value
        sheet.append(f"{player}:{value}")
        if rules.game_over(points[player]):
            break
    return tuple(sheet)


def _totals_level(props: dict[str, Any], level: str) -> bool:
    if not props["finished"] or props["hands"] < 2:
        return False
    if level == "easy":
        return props["voids"] == 0 and not props["shutout"]
    if level == "medium":
        return props["voids"] >= 1 and not props["shutout"]
    return props["shutout"]


def _totals_puzzle(kind: str, rng: random.Random, level: str, rules: Ruleset) -> dict[str, Any]:
    for _ in range(MAX_TRIES):
        sheet = _sheet(rng, rules, level)
        props = totals_properties(sheet, rules)
        if _totals_level(props, level):
            return {"results": sheet, "properties": props}
    raise RuntimeError(f"no {level} totals puzzle found")


# --- The entry point --------------------------------------------------------------------------

def parse_seed(seed: int | str) -> int:
    """A seed from a URL or a form: a whole number from 0 to 2**32 - 1."""
    text = str(seed).strip()
    if not text.isdigit() or int(text) >= 2**32:
        raise BadSeedError(f"the seed {text!r} is not a whole number from 0 to 4294967295", seed=text)
    return int(text)


def generate(kind: str, seed: int | str, difficulty: str, ruleset: Ruleset | str) -> Puzzle:
    """The puzzle of that kind, seed, difficulty and ruleset: always the same one."""
    if kind not in KINDS:
        raise UnknownKindError(f"there is no drill {kind!r}: choose {', '.join(KINDS)}", kind=str(kind),
                               choices=", ".join(KINDS))
    if difficulty not in LEVELS:
        raise UnknownLevelError(f"there is no level {difficulty!r}: choose {', '.join(LEVELS)}",
                                level=str(difficulty), choices=", ".join(LEVELS))
    rules = as_ruleset(ruleset)
    number = parse_seed(seed)
    rng = random.Random(f"{kind}/{difficulty}/{rules.name}/{number}")
    if kind in ("melds", "deadwood"):
        made = _hand_puzzle(kind, rng, difficulty)
    elif kind == "score":
        made = _score_puzzle(kind, rng, difficulty, rules)
    elif kind == "layoffs":
        made = _layoffs_puzzle(kind, rng, difficulty, rules)
    else:
        made = _totals_puzzle(kind, rng, difficulty, rules)
    return Puzzle(kind, number, difficulty, rules.name, **made)
