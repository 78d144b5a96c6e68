"""The arena: how well each level of the virtual player plays, in points per hand and games won.

Each deal is played twice with the seats swapped (duplicate deals), under the classic ruleset (or,
with ``--rules eaai``, the EAAI challenge's: classic without big gin), by one of our levels against
an opponent:

* ``openspiel``: OpenSpiel's simple gin rummy bot (``pyspiel.make_simple_gin_rummy_bot``), run on
  a mirror of the hand in OpenSpiel's own ``gin_rummy`` game; install it with
  ``pip install -e .[arena]``. OpenSpiel lets a player discard the card it has just taken from the
  pile and our rules do not: where its bot tries that, the arena plays its best legal discard
  instead and counts it.
* ``beginner`` (or any level): our own virtual player, for quick comparisons without OpenSpiel.

Our side is a level, or ``expert/LEVEL``: the expert told which level it faces (it then models
that level in its analysis, where by default it models the strong player).

Hands are scored by the engine (``score_hand``, classic), games by ``game_totals`` to 100. A hand
in which the players would take from the discard pile for ever is stopped as void at the 50th take
(:data:`PILE_TAKES_MOST`, OpenSpiel's bound); a game with such a hand is not counted.
Run from the checkout::

    python benchmarks/arena.py --hands 20000 --games 2000
    python benchmarks/arena.py --levels strong --opponent beginner --hands 2000 --games 0
    python benchmarks/arena.py --levels expert --opponent strong --hands 4000 --games 0 --log expert.jsonl

With ``--log`` each task of 20 deals is written down as it finishes, the running figure is printed
to stderr, and the same command run again after an interruption plays only the deals not logged.
Two logs of the same deals (say the expert's and the strong player's, each against the beginner)
are compared deal by deal, which takes out the luck of the cards::

    python benchmarks/arena.py --paired expert_beginner.jsonl strong_beginner.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from players import Tally

from tutor.engine.cards import Card, card, mask_of
from tutor.engine.rules import Ruleset, load_ruleset
from tutor.play import BOT_LEVELS, Bot, Game, Hand, new_game, new_hand
from tutor.play.bots.evaluate import discard_order
from tutor.play.moves import Move, read_move

CLASSIC = load_ruleset("classic")
EAAI = replace(CLASSIC, name="classic-no-big-gin", big_gin_allowed=False)
"""The EAAI Gin Rummy challenge's rules: the classic game without big gin."""
RULESETS = {"classic": CLASSIC, "eaai": EAAI}
SUIT_OF_OPENSPIEL = "SCDH"
"""OpenSpiel numbers a card ``suit * 13 + rank - 1`` with its suits in the order s, c, d, h."""
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55


def to_openspiel(c: Card) -> int:
    return SUIT_OF_OPENSPIEL.index(c.suit) * 13 + c.rank - 1


def from_openspiel(action: int) -> Card:
    return card(action % 13 + 1, SUIT_OF_OPENSPIEL[action // 13])


class OurPlayer:
    """One of our levels, deciding from the view alone."""

    def __init__(self, level: str, seed: int) -> None:
        """``level``, or ``expert/LEVEL``: the expert told it faces LEVEL (it models that level)."""
        name, _, told = level.partition("/")
        self.bot = Bot(name, seed, opponent=told) if told else Bot(name, seed)
        self.tally = Tally()

    def start(self, hand: Hand, player: int) -> None:
        self.player = player

    def observe(self, before: Hand, move: Move) -> None:
        pass

    def move(self, hand: Hand) -> Move:
        view = hand.view(self.player)
        began = time.perf_counter()
        chosen = self.bot.decide(view)
        self.tally.decisions.append(time.perf_counter() - began)
        move = read_move(chosen)
        if move not in hand.legal_moves:
            self.tally.illegal += 1
            return hand.legal_moves[0]
        return move


def best_legal_discard(hand: Hand, knock: bool) -> Move:
    """The discard that leaves least deadwood among those our rules allow, as a knock when one was
    asked for and the rules allow it (then it is the least-deadwood discard too)."""
    player = hand.to_move
    assert player is not None
    card = discard_order(mask_of(hand.cards[player]), keep=hand.taken)[0][1]
    return ("knock", card) if knock and ("knock", card) in hand.legal_moves else ("discard", card)


class OpenSpielPlayer:
    """OpenSpiel's simple bot, playing a mirror of our hand in OpenSpiel's ``gin_rummy``."""

    def __init__(self) -> None:
        import pyspiel

        self.pyspiel = pyspiel
        self.game = pyspiel.load_game("gin_rummy")
        self.tally = Tally()

    def start(self, hand: Hand, player: int) -> None:
        self.player = player
        self.state = self.game.new_initial_state()
        for c in (*hand.cards[hand.non_dealer], *hand.cards[hand.dealer], hand.discard_pile[-1]):
            self.state.apply_action(to_openspiel(c))
        seat = 0 if player == hand.non_dealer else 1
        self.bot = self.pyspiel.make_simple_gin_rummy_bot(self.game.get_parameters(), seat)

    def observe(self, before: Hand, move: Move) -> None:
        if self.state.is_terminal():
            return
        kind, c = move
        if kind == "take":
            self.state.apply_action(DRAW_UPCARD)
        elif kind == "pass":
            self.state.apply_action(PASS)
        elif kind == "stock":
            self.state.apply_action(DRAW_STOCK)
            self.state.apply_action(to_openspiel(before.stock[0]))
        elif kind == "discard" and c is not None:
            self.state.apply_action(to_openspiel(c))

    def move(self, hand: Hand) -> Move:
        if self.state.is_terminal():
            self.tally.fallback += 1
            return best_legal_discard(hand, knock=False) if hand.phase == "discard" else hand.legal_moves[0]
        action = self.bot.step(self.state)
        if action == DRAW_UPCARD:
            return "take", None
        if action == DRAW_STOCK:
            return "stock", None
        if action == PASS:
            return "pass", None
        if action == KNOCK:
            # Ask for the knock's discard on a copy of the state, then forget the knock: when our
            # rules refuse it (the card just taken) and the hand goes on, the bot must too.
            after = self.state.clone()
            after.apply_action(KNOCK)
            move: Move = ("knock", from_openspiel(self.bot.step(after)))
            self.bot.restart()
        else:
            move = ("discard", from_openspiel(action))
        if move in hand.legal_moves:
            return move
        self.tally.substituted += 1
        return best_legal_discard(hand, knock=move[0] == "knock")


JAVA = ("simple", "sgp")
"""The EAAI challenge's players (``benchmarks/eaai.py``): its baseline and Truong & Neller's."""


def make_player(name: str, seed: int) -> Any:
    if name in JAVA:
        from eaai import JavaPlayer

        return JavaPlayer(name)
    return OpenSpielPlayer() if name == "openspiel" else OurPlayer(name, seed)


def hand_over(hand: Hand, players: dict[int, Any]) -> None:
    """Tell the players that want to know how a hand ended (the EAAI players do), with the scores
    after it (the game's, or this hand's alone)."""
    scores = list(hand.score or (0, 0))
    if hand.winner is not None:
        scores[hand.winner] += hand.hand_result().points
    for agent in players.values():
        finish = getattr(agent, "finish", None)
        if finish is not None:
            finish(hand, (scores[0], scores[1]))


PILE_TAKES_MOST = 50
"""The arena ends a hand as void at this take from the discard pile, as OpenSpiel's gin_rummy does
(``kMaxNumDrawUpcardActions``). No rule of ours ends a hand in which both players keep taking from
the pile, throwing back what the other takes: the expert told it faces the beginner and the strong
player did so on deal 1013 (2♥, 2♠ and 2♣ round and round, three cards left in the stock)."""


def endless(hand: Hand, move: Move) -> bool:
    """Whether ``move`` would be the hand's :data:`PILE_TAKES_MOST`-th take from the discard pile."""
    return move[0] == "take" and sum(e.move == "take" for e in hand.events) + 1 >= PILE_TAKES_MOST


def play_hand(hand: Hand, players: dict[int, Any]) -> Hand:
    """Play a dealt hand to its end (void at the :data:`PILE_TAKES_MOST`-th take from the pile)."""
    for player, agent in players.items():
        agent.start(hand, player)
    while hand.to_move is not None:
        move = players[hand.to_move].move(hand)
        if endless(hand, move):
            return replace(hand, phase="over", to_move=None, taken=None, result="void")
        after = hand.apply(move)
        for agent in players.values():
            agent.observe(hand, move)
        hand = after
    hand_over(hand, players)
    return hand


def play_game(game: Game, players: dict[int, Any]) -> Game:
    """Play a game to its end, hand after hand."""
    started = -1
    while not game.over:
        if started != len(game.played):
            started = len(game.played)
            for player, agent in players.items():
                agent.start(game.hand, player)
        hand = game.hand
        assert hand.to_move is not None
        move = players[hand.to_move].move(hand)
        if endless(hand, move):
            return game  # not over: counted apart from the games played
        for agent in players.values():
            agent.observe(hand, move)
        game = game.apply(move)
        if len(game.played) != started:
            hand_over(game.played[-1], players)
    return game


def signed_points(hand: Hand, us: int) -> int:
    """Our points in a finished hand: positive when we won it, negative when the opponent did."""
    if hand.winner is None:
        return 0
    points = hand.hand_result().points
    return points if hand.winner == us else -points


def hand_batch(level: str, opponent: str, seeds: list[int], rules: Ruleset) -> dict[str, Any]:
    ours, theirs = make_player(level, 1), make_player(opponent, 2)
    points: list[int] = []
    outcomes: Counter[str] = Counter()
    for seed in seeds:
        for us in (0, 1):
            players = {us: ours, 1 - us: theirs}
            hand = play_hand(new_hand(rules, seed, dealer=0), players)
            points.append(signed_points(hand, us))
            if hand.result == "void":  # at the wall, or stopped at the bound of takes from the pile
                outcomes["void" if len(hand.stock) <= rules.void_at_stock else "void, endless"] += 1
            else:
                side = "won" if hand.winner == us else "lost"
                outcomes[f"{side} {hand.result.outcome}"] += 1  # type: ignore[union-attr]
    return {"points": points, "outcomes": outcomes, "ours": ours.tally, "theirs": theirs.tally}


def game_batch(level: str, opponent: str, seeds: list[int], rules: Ruleset) -> dict[str, Any]:
    ours, theirs = make_player(level, 1), make_player(opponent, 2)
    wins = games = stopped = 0
    for seed in seeds:
        for us in (0, 1):
            game = play_game(new_game(rules, seed), {us: ours, 1 - us: theirs})
            if not game.over:
                stopped += 1
                continue
            games += 1
            wins += game.winner == us
    return {"wins": wins, "games": games, "stopped": stopped, "ours": ours.tally, "theirs": theirs.tally}


def _split(seeds: list[int], parts: int) -> list[list[int]]:
    return [seeds[i::parts] for i in range(parts)]


CHUNK = 20
"""Deals per task of the hand match: each finished task is logged, so a long run can resume."""


def _logged(log: Path | None, key: dict[str, str]) -> list[dict[str, Any]]:
    """The finished tasks of this pairing in the log (one JSON object a line), oldest first."""
    if log is None or not log.exists():
        return []
    rows = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    return [r for r in rows if all(r.get(k) == v for k, v in key.items())]


def _hand_parts(level: str, opponent: str, deals: list[int], workers: int, rules: Ruleset,
                log: Path | None) -> list[dict[str, Any]]:
    """Every deal's two hands, in tasks of ``CHUNK`` deals; with a log, finished tasks are kept and skipped."""
    key = {"level": level, "opponent": opponent, "rules": rules.name}
    done = [r for r in _logged(log, key) if set(r["deals"]) <= set(deals)]
    seen = {d for r in done for d in r["deals"]}
    todo = [d for d in deals if d not in seen]
    chunks = [todo[i:i + CHUNK] for i in range(0, len(todo), CHUNK)]
    parts: list[dict[str, Any]] = [
        {"points": r["points"], "outcomes": Counter(r["outcomes"]), "ours": _tally(r["ours"]),
         "theirs": _tally(r["theirs"])} for r in done]
    if done:
        print(f"  resumed: {len(seen)} deals from {log}", file=sys.stderr, flush=True)
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(hand_batch, level, opponent, chunk, rules) for chunk in chunks]
        for chunk, future in zip(chunks, futures, strict=True):
            part = future.result()
            parts.append(part)
            if log is not None:
                with log.open("a") as out:
                    out.write(json.dumps({**key, "deals": chunk, "points": part["points"],
                                          "outcomes": dict(part["outcomes"]), "ours": vars(part["ours"]),
                                          "theirs": vars(part["theirs"])}) + "\n")
            points = [p for q in parts for p in q["points"]]
            if len(points) > 1:
                print(f"  {len(points)} of {2 * len(deals)} hands: {statistics.fmean(points):+.2f} "
                      f"(± {statistics.stdev(points) / math.sqrt(len(points)):.2f})", file=sys.stderr, flush=True)
    return parts


def _tally(row: dict[str, Any]) -> Tally:
    return Tally(decisions=list(row["decisions"]), illegal=row["illegal"], substituted=row["substituted"],
                 fallback=row["fallback"])


def measure(level: str, opponent: str, hands: int, games: int, workers: int, rules: Ruleset,
            log: Path | None = None) -> dict[str, Any]:
    deals = list(range(1, hands // 2 + 1))
    game_seeds = list(range(100_001, 100_001 + games // 2))
    hand_parts = _hand_parts(level, opponent, deals, workers, rules, log)
    with ProcessPoolExecutor(workers) as pool:
        game_parts = (list(pool.map(game_batch, [level] * workers, [opponent] * workers,
                                    _split(game_seeds, workers), [rules] * workers)) if games else [])
    points = [p for part in hand_parts for p in part["points"]]
    outcomes: Counter[str] = sum((part["outcomes"] for part in hand_parts), Counter())
    tallies = [part["ours"] for part in hand_parts + game_parts]
    opponents = [part["theirs"] for part in hand_parts + game_parts]
    decisions = [d for t in tallies for d in t.decisions]
    mean = statistics.fmean(points)
    error = statistics.stdev(points) / math.sqrt(len(points))
    won = sum(p["wins"] for p in game_parts)
    played = sum(p["games"] for p in game_parts)
    return {
        "level": level, "hands": len(points), "points": mean, "error": error, "outcomes": outcomes,
        "games": played, "game_share": won / played if played else float("nan"),
        "stopped": sum(p["stopped"] for p in game_parts),
        "median_ms": statistics.median(decisions) * 1000,
        "p99_ms": sorted(decisions)[int(0.99 * len(decisions))] * 1000,
        "illegal": sum(t.illegal for t in tallies),
        "substituted": sum(t.substituted for t in opponents), "fallback": sum(t.fallback for t in opponents),
    }


def deal_points(log: Path) -> dict[int, tuple[str, int]]:
    """Each deal of a log, with its pairing and the points our side made over its two hands (seats swapped)."""
    deals: dict[int, tuple[str, int]] = {}
    for row in _logged(log, {}):
        pairing = f"{row['level']} vs {row['opponent']} ({row['rules']})"
        for place, deal in enumerate(row["deals"]):
            deals[deal] = pairing, row["points"][2 * place] + row["points"][2 * place + 1]
    return deals


def paired(ours: dict[int, tuple[str, int]], theirs: dict[int, tuple[str, int]]) -> tuple[int, float, float]:
    """How many deals both logs (read by :func:`deal_points`) played, and how many points a hand the
    first log's side made more than the second's on them (the mean of each deal's difference over its
    two hands), with its standard error."""
    shared = sorted(ours.keys() & theirs.keys())
    if len(shared) < 2:
        raise SystemExit(f"the logs share {len(shared)} deals: at least 2 are needed")
    gaps = [(ours[d][1] - theirs[d][1]) / 2 for d in shared]
    return len(shared), statistics.fmean(gaps), statistics.stdev(gaps) / math.sqrt(len(gaps))


def print_paired(first: Path, second: Path) -> None:
    """The paired comparison of two logs, as a line of text."""
    logs = [deal_points(log) for log in (first, second)]
    deals, gap, error = paired(*logs)
    names = [next(iter(log.values()))[0] for log in logs]
    print(f"{names[0]} against {names[1]}, paired on {deals} shared deals ({2 * deals} hands each): "
          f"{gap:+.2f} (± {error:.2f}) points a hand")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--paired", nargs=2, type=Path, metavar="LOG",
                        help="compare two logs of the same deals deal by deal (the first's points a hand "
                             "less the second's), and play nothing")
    parser.add_argument("--levels", nargs="+", default=list(BOT_LEVELS),
                        choices=[*BOT_LEVELS, *JAVA, *(f"expert/{level}" for level in BOT_LEVELS)],
                        help="expert/LEVEL: the expert told it faces LEVEL (it models that level, not the strong one)")
    parser.add_argument("--opponent", default="openspiel", choices=["openspiel", *BOT_LEVELS, *JAVA])
    parser.add_argument("--hands", type=int, default=20_000, help="hands per level (an even number)")
    parser.add_argument("--games", type=int, default=2_000, help="games to 100 per level (an even number)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, help="a file where each finished task of the hand match is logged; "
                        "a run given the same log resumes where it stopped")
    parser.add_argument("--rules", default="classic", choices=RULESETS,
                        help="classic, or eaai: the EAAI challenge's rules (classic without big gin)")
    args = parser.parse_args()
    if args.paired:
        print_paired(*args.paired)
        return 0
    rules = RULESETS[args.rules]
    if {args.opponent, *args.levels} & set(JAVA):
        from eaai import missing
        why = missing()
        if why is not None:
            print(f"skipped: the EAAI players cannot run here: {why}")
            return 0
    print(f"opponent: {args.opponent}; ruleset: {rules.name}; duplicate deals, seats swapped")
    print("| level | hands | points per hand (± s.e.) | games won | decision median / p99 | illegal | "
          "opponent moves replaced |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for level in args.levels:
        r = measure(level, args.opponent, args.hands, args.games, args.workers, rules, args.log)
        games = f"{r['game_share']:.1%} of {r['games']}" if r["games"] else "-"
        print(f"| {level} | {r['hands']} | {r['points']:+.2f} (± {r['error']:.2f}) | {games} | "
              f"{r['median_ms']:.2f} / {r['p99_ms']:.2f} ms | {r['illegal']} | "
              f"{r['substituted']} (+{r['fallback']} after its game ended) |", flush=True)
        total = sum(r["outcomes"].values())
        print("  outcomes: " + ", ".join(f"{k} {v / total:.1%}" for k, v in sorted(r["outcomes"].items())),
              flush=True)
        if r["stopped"]:
            print(f"  games stopped at the {PILE_TAKES_MOST}th take from the pile of a hand (not counted): "
                  f"{r['stopped']}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
