"""The compiled play-outs (tutor/play/_rollout.c) against the Python code they translate
(tutor/play/simulate.py, tutor/engine/melds.py): the same deadwood and discards for random hands, and
the same result for every world of every legal move, at every level, under every ruleset, a house
ruleset, a score that makes the opponent knock at once, and the last cards of the stock (where the
careful mover weighs a knock on its belief)."""

from __future__ import annotations

import os
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from checks import require

from tutor.engine.melds import discard_reach, min_deadwood
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.engine.scoring import knocker_gain
from tutor.play import Bot, new_hand, simulate
from tutor.play import compiled as tables
from tutor.play.analysis import Position, _first_move, belief_seed, believed_hands, in_world, sampler_for
from tutor.play.bots.reading import read_view
from tutor.play.simulate import CAREFUL, COACHING, Policy, Sim, Stock, play_out


@pytest.fixture(scope="module")
def compiled():
    """The compiled play-outs; the tests skip where the package was built without a C compiler
    (and fail in CI, which builds them)."""
    require([] if simulate.COMPILED is not None else ["the package was built without its compiled play-outs"],
            "the compiled play-outs' test")
    return simulate.COMPILED


def _hands(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        mask = 0
        for card in rng.sample(range(52), rng.choice((10, 11))):
            mask |= 1 << card
        hands.append(mask)
    return hands


def test_deadwood_and_the_best_discards_are_the_engines_for_random_hands(compiled):
    for mask in _hands(20_000, 5):
        assert compiled.min_deadwood(mask) == min_deadwood(mask), hex(mask)
        assert compiled.discard_reach(mask) == discard_reach(mask), hex(mask)


def test_a_hand_of_four_sevens_and_a_run_is_read_alike(compiled):
    """7♠ 7♥ 7♦ 7♣, 8♠ 9♠, A♥ 2♥ 3♥, Q♦ K♣ (11 cards): A-2-3♥ melds, and the sevens as a set of four
    or the 7♠ in a 7-8-9♠ run beside 7♥ 7♦ 7♣: either way Q♦ and K♣ are left, 20 points; the best
    discards are the engine's."""
    cards = [6, 13 + 6, 26 + 6, 39 + 6, 7, 8, 13, 14, 15, 39 + 12, 26 + 11]
    mask = sum(1 << c for c in cards)
    assert compiled.min_deadwood(mask) == min_deadwood(mask) == 20
    assert compiled.discard_reach(mask) == discard_reach(mask)


SCORING_OPTIONS = ("gin_adds_defender_deadwood", "layoffs_onto_gin", "layoffs_onto_big_gin", "gin_can_be_undercut",
                   "undercut_on_tie", "undercut_adds_difference")


def _turned(rules: Ruleset, option: str) -> Ruleset:
    """The ruleset with one yes-or-no option turned the other way."""
    changes: dict[str, Any] = {option: not getattr(rules, option)}
    return replace(rules, **changes)


def _knocks(count: int, seed: int) -> list[tuple[int, int]]:
    """Knocks against 10 other cards: a run, a set and cards to fill 10 (a knock when its deadwood
    allows), or two runs and a set that make eleven melded cards (a big gin); most defenders hold
    cards that could lie off onto the knocker's melds."""
    rng = random.Random(seed)
    found: list[tuple[int, int]] = []
    while len(found) < count:
        deck = rng.sample(range(52), 52)
        one, two = rng.sample(range(4), 2)
        big = rng.random() < 0.3
        first, size, second = rng.choice(((4, 3, 4), (5, 3, 3), (3, 4, 4), (4, 4, 3))) if big else \
            (rng.choice((3, 4, 5)), rng.choice((3, 4)), 0)
        melds = [one * 13 + low + i for low in [rng.randrange(14 - first)] for i in range(first)]
        rank = rng.randrange(13)
        melds += [s * 13 + rank for s in rng.sample(range(4), size)]
        melds += [two * 13 + low + i for low in [rng.randrange(14 - second)] for i in range(second)]
        knocker = list(dict.fromkeys(melds if big else melds + deck))
        if big and len(knocker) != 11:
            continue
        knocker = knocker[:10 if not big else 11]
        kmask = sum(1 << c for c in knocker)
        if min_deadwood(kmask) > (0 if big else 10):
            continue
        near = [c for c in deck if not kmask >> c & 1
                and any(c % 13 == k % 13 or (c // 13 == k // 13 and abs(c - k) <= 2) for k in knocker)]
        defender = list(dict.fromkeys(near[:rng.randrange(7)] + [c for c in deck if not kmask >> c & 1]))[:10]
        found.append((kmask, sum(1 << c for c in defender)))
    return found


def test_a_knock_is_scored_by_the_compiled_code_as_the_engine_scores_it_under_every_scoring_option(compiled):
    """Under each shipped ruleset, and each with one scoring option turned the other way (layoffs onto
    gin and big gin, undercuts on a tie, a gin undercut, what gin and an undercut add), the compiled
    score of 1,500 knocks is the engine's (tutor.engine.scoring.knocker_gain)."""
    rulesets = [load_ruleset(name) for name in ("classic", "short", "spanish")]
    rulesets += [_turned(r, option) for r in rulesets[:] for option in SCORING_OPTIONS]
    knocks = _knocks(1500, 8)
    assert sum(k.bit_count() == 11 for k, _ in knocks) > 100
    for rules in rulesets:
        args = simulate.scoring_args(rules)
        assert args is not None
        assert [compiled.knocker_gain(k, d, args) for k, d in knocks] == [knocker_gain(k, d, rules) for k, d in knocks]


def test_a_big_gin_with_the_defender_holding_what_would_lie_off_scores_the_bonus_and_all_its_deadwood(compiled):
    """The knocker's eleven cards meld in full (a big gin): 4♠ 5♠ 6♠ 7♠, 8♥ 8♦ 8♣, 10♣ J♣ Q♣ K♣. The
    defender holds A♥ 2♥ 3♥ 4♥ (a run) and A♠ 3♠ 8♠ 9♦ 10♦ 5♣: 3♠ is the spade run's next card down,
    8♠ its next card up (and the eights' fourth). The classic game allows no layoffs onto big gin:
    the defender keeps 1 + 3 + 8 + 9 + 10 + 5 = 36 and the knocker scores 31 + 36 = 67. Where layoffs
    onto big gin are allowed, 3♠ and 8♠ lie off (A♠ would need the 2♠ first): 31 + 25 = 56."""
    spades, hearts, diamonds, clubs = 0, 13, 26, 39
    knocker = [spades + 3, spades + 4, spades + 5, spades + 6, hearts + 7, diamonds + 7, clubs + 7,
               clubs + 9, clubs + 10, clubs + 11, clubs + 12]
    defender = [hearts, hearts + 1, hearts + 2, hearts + 3, spades, spades + 2, spades + 7, diamonds + 8,
                diamonds + 9, clubs + 4]
    k, d = sum(1 << c for c in knocker), sum(1 << c for c in defender)
    classic = load_ruleset("classic")
    lenient = replace(classic, layoffs_onto_big_gin=True)
    assert compiled.knocker_gain(k, d, simulate.scoring_args(classic)) == knocker_gain(k, d, classic) == 67
    assert compiled.knocker_gain(k, d, simulate.scoring_args(lenient)) == knocker_gain(k, d, lenient) == 56


def test_where_the_knocker_shows_its_first_arrangement_the_play_out_asks_the_engine(compiled):
    """A ruleset where the knocker does not pick among equal arrangements, or the defender may not
    break its melds to lay off, is scored by the engine through the play-out's callback (the
    compiled code tries every arrangement): the same results as in Python."""
    for option in ("knocker_picks_arrangement", "defender_breaks_melds"):
        rules = _turned(load_ruleset("classic"), option)
        assert simulate.scoring_args(rules) is None
        positions = _positions(rules, ("strong",), range(81, 82))
        python, fast = [], []
        for position, _ in positions:
            one, two = _both_ways(position, 4)
            python += one
            fast += two
        assert fast == python and len(python) > 100


def _positions(rules: Ruleset, levels: tuple[str, ...], seeds: range,
               mover: Policy = CAREFUL) -> list[tuple[Position, str]]:
    """Seat 0's decisions in hands of the strong player against each level, each as a position
    whose mover continues by ``mover`` (the coach's continuation with the coach's belief: 2,000
    hands, knocks weighed on slices of 32 of them)."""
    found = []
    coach = mover is not CAREFUL
    for level in levels:
        for seed in seeds:
            hand = new_hand(rules, seed, dealer=seed % 2)
            bots = {0: Bot("strong", seed), 1: Bot(level, seed + 1)}
            while hand.to_move is not None:
                view = hand.view(hand.to_move)
                if hand.to_move == 0 and len(view["legal"]) > 1:
                    found.append((Position(view, "rollout-test", opponent=level, mover=mover,
                                           belief=2000 if coach else 64, knock_hands=32 if coach else 0), level))
                hand = hand.apply(bots[hand.to_move].move(view))
    return found


def _both_ways(position: Position, worlds: int, eager: bool = False) -> tuple[list[int], list[int]]:
    """Every legal move's outcome on the first ``worlds`` worlds, by Python and by the compiled code
    (one world at a time, and many at once)."""
    python, fast = [], []
    for move in position.legal:
        for index in range(worlds):
            opponent, stock = position.world(index)
            sim = in_world(position.seen, opponent, stock.copy())
            sim.belief = position.beliefs[index % len(position.beliefs)]
            sim.blur_key = position._blur_base + index
            if eager:
                sim.eager = (False, True)
            _first_move(sim, move, position.table.rules)
            twin = sim.copy()
            python.append(play_out(sim, position.table.rules, None))
            fast.append(play_out(twin, position.table.rules))
        if not eager:
            assert position.outcomes(move, 0, worlds) == fast[-worlds:]
    return python, fast


HOUSE = replace(load_ruleset("classic"), name="house", knock_limit=5, undercut_bonus=10, big_gin_allowed=False)


@pytest.mark.parametrize("rules", [load_ruleset("classic"), load_ruleset("short"), load_ruleset("spanish"), HOUSE],
                         ids=lambda r: r.name)
def test_every_world_of_every_move_ends_alike_at_every_level(compiled, rules):
    positions = _positions(rules, ("beginner", "intermediate", "strong"), range(31, 33))
    assert len(positions) > 30
    python, fast = [], []
    for position, _ in positions:
        one, two = _both_ways(position, 6)
        python += one
        fast += two
    assert len(python) > 1000
    assert fast == python


@pytest.mark.parametrize("rules", [load_ruleset("classic"), HOUSE], ids=lambda r: r.name)
def test_the_coachs_continuation_plays_alike(compiled, rules):
    """The coach's careful mover (feeding costs within half a point alike, its risks blurred a
    world at a time) on its belief's slices, every world of every move, one at a time and many at
    once."""
    positions = _positions(rules, ("beginner", "strong"), range(35, 37), COACHING)
    assert len(positions) > 20
    python, fast = [], []
    for position, _ in positions:
        one, two = _both_ways(position, 6)
        python += one
        fast += two
    assert len(python) > 1000
    assert fast == python


def test_an_opponent_eager_to_knock_plays_alike(compiled):
    positions = _positions(load_ruleset("classic"), ("intermediate", "strong"), range(41, 42))
    python, fast = [], []
    for position, _ in positions:
        one, two = _both_ways(position, 6, eager=True)
        python += one
        fast += two
    assert fast == python


def test_near_the_wall_the_careful_knock_on_the_belief_plays_alike(compiled):
    """Positions with at most four cards in the stock, where the careful mover weighs a knock on the
    opponent hands it believes in (and the gains come from the engine's scoring through Python)."""
    late = [(p, level) for mover in (CAREFUL, COACHING)
            for p, level in _positions(load_ruleset("classic"), ("beginner", "strong"), range(51, 59), mover)
            if p.view["stock_size"] <= 4]
    assert len(late) >= 6  # three positions, each under both continuations
    python, fast = [], []
    for position, _ in late:
        one, two = _both_ways(position, 20)
        python += one
        fast += two
    assert fast == python


def test_a_sim_that_keeps_a_log_or_has_ended_is_played_in_python(compiled):
    """A log is written only by the Python play-out (a replay reads it), with the same result; a
    hand already over keeps its result."""
    position, _ = _positions(load_ruleset("classic"), ("strong",), range(61, 62))[0]
    opponent, stock = position.world(0)
    sim = in_world(position.seen, opponent, stock.copy())
    twin = sim.copy()
    sim.log = []
    assert play_out(sim, position.table.rules) == play_out(twin, position.table.rules)
    assert sim.log and sim.log[-1][0] in ("discard", "knock", "big_gin")
    ended = Sim([0b111 | 1 << 20, 0], Stock(()), [], 0, simulate.DISCARD, 1, policies=(CAREFUL, CAREFUL))
    ended.result = 7
    assert play_out(ended, load_ruleset("classic")) == 7


PLAIN = (0.0, -1, 0, 99, 0, True, True, False, False, 0.0, 0.0)
"""A policy as the compiled play-out reads it: no feeding cost, no careful throws."""


def test_a_stock_whose_orders_miss_a_card_is_refused_with_a_clear_error(compiled):
    with pytest.raises(ValueError, match="missing from a player's order"):
        compiled.play_out((1, 2), ((5,), (5,)), (0, 0), 1 << 6, 1, [9], (0, 1, 1, 0, -1, 0), (-1, -1), None, (0, 0),
                          (PLAIN, PLAIN), (False, False), (0.0,) * 52, (), (10, True, 2, None), lambda k, d: 0)


def test_without_the_compiled_code_the_deadwood_is_remembered_from_the_engine():
    """Where the package was built without a compiler, the play-outs remember the engine's answers."""
    for mask in _hands(300, 6):
        assert tables.remembered_min_deadwood(mask) == min_deadwood(mask)
        assert tables.remembered_discard_reach(mask) == discard_reach(mask)


def test_the_throw_of_the_opponents_history_is_the_pythons(compiled):
    """The card a history's turn throws, never one of the cards kept (what the opponent took)."""
    from tutor.play.analysis import python_kept_throw
    hands = [h for h in _hands(6000, 7) if h.bit_count() == 11]
    for number, hand in enumerate(hands):
        keep = hand & -hand if number % 3 == 0 else (hand & (hand >> 3)) if number % 3 == 1 else 0
        for partners in (False, True):
            assert compiled.kept_throw(hand, keep, partners) == python_kept_throw(hand, keep, partners), hex(hand)


def test_the_worlds_drawn_are_the_pythons_from_the_same_generator(compiled, monkeypatch):
    """Every level's history of the opponent's hand and both orders of the stock, world by world,
    under two rulesets."""
    from tutor.play import analysis
    positions = [p for p, _ in _positions(load_ruleset("classic"), ("beginner", "intermediate", "strong"),
                                          range(71, 73))]
    positions += [p for p, _ in _positions(load_ruleset("spanish"), ("strong",), range(73, 74))]
    fast = [[(o, s.orders) for o, s in (p.world(i) for i in range(25))] for p in positions]
    monkeypatch.setattr(analysis, "COMPILED", None)
    slow = [analysis.Position(p.view, "rollout-test", opponent=p.opponent) for p in positions]
    assert all(isinstance(s.sampler, analysis.HistorySampler) and s.sampler._compiled is None for s in slow)
    assert [[(o, s.orders) for o, s in (p.world(i) for i in range(25))] for p in slow] == fast


def test_many_worlds_and_believed_hands_at_once_are_drawn_as_one_at_a_time(compiled, monkeypatch):
    """The worlds and the belief's hands drawn in one call (Python's Mersenne Twister run in C from a
    copy of the generator's state) are those drawn one at a time from the same generator, which is
    left where one at a time leaves it, and the belief stops where Python's stops (after four deals
    a hand); the cards counted in C are counted as in Python."""
    from tutor.play import analysis
    positions = [p for p, _ in _positions(load_ruleset("classic"), ("beginner", "strong"), range(75, 76))]
    for position in positions[:6]:
        many = Position(position.view, "batch", opponent=position.opponent)
        many.world(199)
        one = Position(position.view, "batch", opponent=position.opponent)
        sampler = one.sampler
        rng = random.Random("analysis/batch")
        for index in range(200):
            opponent, cards = sampler.draw(rng)
            second = compiled.shuffled(cards, rng.getrandbits)
            assert many._opponents[index] == opponent
            assert many._orders[index] == bytes(cards) + bytes(second)
        assert many._rng.getstate() == rng.getstate()
        view, level = position.view, position.opponent
        hands = believed_hands(sampler_for(read_view(view), opponent=level), f"belief/{belief_seed(view, level)}", 300)
        rng = random.Random(f"belief/{belief_seed(view, level)}")
        assert 0 < len(hands) <= 300 and hands == [sampler.draw(rng)[0] for _ in range(len(hands))]
        with monkeypatch.context() as patched:
            patched.setattr(analysis, "COMPILED", None)
            python = sampler_for(read_view(view), opponent=level)
            assert python._compiled is None  # type: ignore[union-attr]
            assert believed_hands(python, f"belief/{belief_seed(view, level)}", 300) == hands
        for fed in (False, True):
            counted = [sum(simulate.feeds(card, h) if fed else bool(h >> card & 1) for h in hands)
                       for card in range(52)]
            assert list(compiled.card_counts(hands, fed)) == counted


def test_a_world_asked_of_the_batch_is_refused_where_it_is_not_drawn_or_its_move_not_legal(compiled):
    position, _ = _positions(load_ruleset("classic"), ("strong",), range(61, 62))[0]
    position.world(9)
    template = simulate_template(position)
    with pytest.raises(ValueError, match="not all drawn"):
        compiled.play_worlds(template, 3, 0, position._opponents, position._lefts, position._orders, 5, 10)
    absent = next(card for card in range(52) if not position.seen.hands[0] >> card & 1)
    with pytest.raises(ValueError, match="not one the mover may make"):
        compiled.play_worlds(template, 3, absent, position._opponents, position._lefts, position._orders, 0, 1)


def simulate_template(position: Position) -> object:
    from tutor.play.analysis import _template_of
    return _template_of(position.seen, position.beliefs, position.table.rules, position._blur_base)


def test_a_shuffle_is_pythons(compiled):
    for seed in range(20):
        cards = list(range(seed, seed + 30))
        mine, theirs = random.Random(seed), random.Random(seed)
        expected = [*cards]
        theirs.shuffle(expected)
        assert compiled.shuffled(cards, mine.getrandbits) == expected
        assert mine.random() == theirs.random()  # the generator is left where Python's leaves it


def test_without_the_compiled_code_the_analysis_values_every_move_the_same(compiled):
    """GIN_TUTOR_PURE_PYTHON plays in Python (as a machine without a C compiler does): game 12345's
    first decision valued on 40 worlds gives the same numbers both ways."""
    import json
    import os
    import subprocess
    import sys
    script = ("import json; from tutor.play import new_hand, simulate; from tutor.engine import load_ruleset;"
              "from tutor.play.analysis import analyze_decision;"
              "h = new_hand(load_ruleset('classic'), 12345, dealer=1); v = h.view(h.to_move);"
              "a = analyze_decision(v, samples=40, seed=3, opponent='beginner');"
              "print(json.dumps([simulate.COMPILED is None, [[o.move[0], str(o.move[1]), o.expected, o.stderr]"
              " for o in a.options]]))")
    runs = [json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                                      env=os.environ | {tables.PURE_PYTHON_ENV: pure}).stdout)
            for pure in ("", "1")]
    assert [run[0] for run in runs] == [False, True]
    assert runs[0][1] == runs[1][1] and len(runs[0][1]) >= 2


def test_a_state_no_game_can_reach_is_refused_with_a_clear_error(compiled):
    """A player 2, a stock whose size is not its cards', a draw from an empty stock: a ValueError that
    says so, never a read past the state."""
    def play(to_move=0, size=1, left=1 << 6, phase=1, pile=(9,)):
        return compiled.play_out((1, 2), ((6,), (6,)), (0, 0), left, size, list(pile), (to_move, phase, 1, 2, -1, 0),
                                 (-1, -1), None, (0, 0), (PLAIN, PLAIN),
                                 (False, False), (0.0,) * 52, (), (10, True, 0, None), lambda k, d: 0)
    with pytest.raises(ValueError, match="not one of a game"):
        play(to_move=2)
    with pytest.raises(ValueError, match="not the count of its cards"):
        play(size=3)
    with pytest.raises(ValueError, match="empty stock"):
        play(size=0, left=0, pile=())


HOSTILE = r"""
import sys
from tutor.play import simulate
PLAIN = (0.0, -1, 0, 99, 0, True, True, False, False, 0.0, 0.0)
SCORING = (25, True, False, 31, False, False, True, 25, True)
hand = lambda cards: sum(1 << c for c in cards)
def play(hands=(1, 2), at=(0, 0), left=1 << 6, size=1, pile=(9,), state=(0, 1, 1, 2, -1, 0), plan=None,
         scoring=None):
    return compiled.play_out(hands, ((6,), (6,)), at, left, size, list(pile), state, (-1, -1), plan, (0, 0),
                             (PLAIN, PLAIN), (False, False), (0.0,) * 52, (), (10, True, 0, scoring), lambda k, d: 0)
calls = {
    "a card past the deck (throw)": lambda: compiled.kept_throw(1 << 60, 0, True),
    "a card past the deck (deadwood)": lambda: compiled.min_deadwood(1 << 60),
    "a card past the deck (discards)": lambda: compiled.discard_reach((1 << 60) | 7),
    "a hand of 36 cards": lambda: compiled.min_deadwood((1 << 36) - 1),
    "a place before the order": lambda: play(at=(-3, 0)),
    "a plan past the deck": lambda: play(state=(0, 2, 1, 2, -1, 0), plan=(5, 1 << 60)),
    "a knock of 36 cards": lambda: play(hands=((1 << 36) - 1, 1 << 40), left=1 << 45, pile=(46,),
                                        state=(0, 2, 1, 2, -1, 0), scoring=SCORING),
    "a card in two places": lambda: play(hands=(1 << 9, 2), pile=(9,)),
}
refused = []
for name, call in calls.items():
    try:
        call()
    except ValueError:
        refused.append(name)
print(len(refused), len(calls))
"""


def test_a_state_no_game_can_reach_is_refused_before_any_read_or_write_past_an_array(compiled, tmp_path):
    """The review's hostile states (a card past the deck, a hand of 36 cards that knocks, a place
    before a stock's order, a plan past the deck, a card in two places), each refused with a
    ValueError; and refused before it is used: the module built here with AddressSanitizer and
    UndefinedBehaviorSanitizer reports nothing on them, nor on a few hundred real play-outs."""
    import shutil
    import subprocess
    import sys
    import sysconfig
    script = "from tutor.play import simulate\ncompiled = simulate.COMPILED\n" + HOSTILE
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["8", "8"]
    gcc = shutil.which("gcc")
    asan = subprocess.run([gcc or "gcc", "-print-file-name=libasan.so"], capture_output=True, text=True)
    if gcc is None or asan.returncode or "/" not in asan.stdout:
        require(["gcc with AddressSanitizer is not installed"], "the sanitized build")
    assert gcc is not None
    built = tmp_path / f"_rollout{sysconfig.get_config_var('EXT_SUFFIX')}"
    source = Path(simulate.__file__).with_name("_rollout.c")
    subprocess.run([gcc, "-O1", "-g", "-fno-omit-frame-pointer", "-ffp-contract=off", "-fsanitize=address,undefined",
                    "-fno-sanitize-recover=undefined", "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}",
                    str(source), "-o", str(built)], check=True)
    sanitized = ("import importlib.util, os\n"
                 "os.environ['GIN_TUTOR_PURE_PYTHON'] = '1'\n"
                 "from tutor.play import simulate\n"
                 f"spec = importlib.util.spec_from_file_location('tutor.play._rollout', {str(built)!r})\n"
                 "compiled = importlib.util.module_from_spec(spec); spec.loader.exec_module(compiled)\n"
                 "from tutor.play import compiled as tables\n"
                 "tables._set_up(compiled, simulate.STRONG.feed)\n"
                 + HOSTILE +
                 "from tutor.engine.rules import load_ruleset\n"
                 "from tutor.play import new_hand, analysis\n"
                 "rules = load_ruleset('classic'); hand = new_hand(rules, 7, dealer=1)\n"
                 "position = analysis.Position(hand.view(hand.to_move), 'asan', opponent='strong', belief=256,"
                 " knock_hands=32, mover=simulate.COACHING)\n"
                 "position.world(199); analysis.COMPILED = compiled\n"
                 "template = analysis._template_of(position.seen, position.beliefs, rules, 1)\n"
                 "for move in position.legal:\n"
                 "    kind, card = move\n"
                 "    compiled.play_worlds(template, analysis.MOVE_CODES[kind], -1 if card is None else card.index,"
                 " position._opponents, position._lefts, position._orders, 0, 200)\n"
                 "print('played')\n")
    env = {**os.environ, "LD_PRELOAD": asan.stdout.strip(), "ASAN_OPTIONS": "detect_leaks=0",
           "UBSAN_OPTIONS": "print_stacktrace=1"}
    done = subprocess.run([sys.executable, "-c", sanitized], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0 and done.stdout.split() == ["8", "8", "played"], done.stderr[-3000:]
    assert "runtime error" not in done.stderr and "AddressSanitizer" not in done.stderr, done.stderr[-3000:]
