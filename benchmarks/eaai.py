"""The EAAI Gin Rummy challenge's Java players, for the arena (``benchmarks/arena.py``).

Two public players, built from their own sources (fetched by whoever runs this; nothing here is a
dependency of the app):

* ``simple``: ``SimpleGinRummyPlayer``, the challenge's baseline (``tneller/gin-rummy-eaai``);
* ``sgp``: Truong & Neller's ``SGP_LMGeo_Knock`` (``sangttruong/ginrummy``, AAAI-21 "A Data-Driven
  Approach for Gin Rummy Hand Evaluation"), compiled against the challenge's own classes.

Each runs in a Java process of its own (``ArenaDriver.java`` beside this file), driven through the
challenge's callbacks (``GinRummyPlayer``) in the order its ``GinRummyGame`` calls them: the face-up
card offered to the player to move, each draw reported to both players (the card only to the one
who drew it, unless it was face up), the discard asked for and reported, then ``getFinalMelds`` to
know whether it knocks; at the end of a hand the final melds, the layoffs, both hands and the scores.
Every move is played on our own :class:`~tutor.play.hand.Hand`, so the engine checks it; a move our
rules refuse is replaced by the best legal one and counted.

Prepare once (needs ``git`` and a JDK, e.g. Debian's ``default-jdk-headless``)::

    python benchmarks/eaai.py                      # clones both repositories from GitHub
    python benchmarks/eaai.py --eaai PATH --truong PATH   # or from local clones

The classes land in ``~/.cache/gin-tutor/eaai`` (``GIN_TUTOR_EAAI`` elsewhere).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from players import Tally

from tutor.engine.cards import Card, mask_of, parse_card
from tutor.engine.melds import Meld
from tutor.engine.scoring import HandScore
from tutor.play import Hand
from tutor.play.bots.evaluate import discard_order
from tutor.play.moves import Move

EAAI_REPO = "https://github.com/tneller/gin-rummy-eaai"
EAAI_COMMIT = "559c712"
TRUONG_REPO = "https://github.com/sangttruong/ginrummy"
TRUONG_COMMIT = "45f6a10"
TRUONG_FILES = ("SGP_LMGeo_Knock.java", "FeatureEngineer0.java", "GameState.java")
"""The files of Truong & Neller's player: the player, the features its model reads and their input."""
AGENTS = {"simple": "SimpleGinRummyPlayer", "sgp": "SGP_LMGeo_Knock"}
HERE = Path(__file__).resolve().parent


def cache() -> Path:
    return Path(os.environ.get("GIN_TUTOR_EAAI", Path.home() / ".cache" / "gin-tutor" / "eaai"))


def missing() -> str | None:
    """Why the Java players cannot run here, or None when they can."""
    if shutil.which("java") is None or shutil.which("javac") is None:
        return "no JDK (java and javac): install one, e.g. Debian's default-jdk-headless"
    if not (cache() / "classes" / "ginrummy" / "ArenaDriver.class").exists():
        return "the EAAI players are not built: run python benchmarks/eaai.py"
    return None


def _clone(source: str, into: Path) -> Path:
    """A clone without a work tree (one of the repositories holds big data files we do not need)."""
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", source, str(into)], check=True)
    return into


def _java_files(repo: Path, commit: str, names: tuple[str, ...] | None = None) -> dict[str, str]:
    """The Java files of a repository's ``ginrummy`` folder at a commit (or only ``names``)."""
    listed = subprocess.run(["git", "-C", str(repo), "ls-tree", "--name-only", commit, "ginrummy/"],
                            check=True, capture_output=True, text=True).stdout.split()
    files = {}
    for path in listed:
        name = path.rsplit("/", 1)[-1]
        if name.endswith(".java") and (names is None or name in names):
            files[name] = subprocess.run(["git", "-C", str(repo), "show", f"{commit}:{path}"], check=True,
                                         capture_output=True).stdout.decode("utf-8", "replace")
    return files


def build(eaai: str, truong: str) -> Path:
    """Fetch both repositories' players at their pinned commits and compile them with our driver."""
    target = cache()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        files = _java_files(_clone(eaai, work / "eaai"), EAAI_COMMIT)
        for name, text in _java_files(_clone(truong, work / "truong"), TRUONG_COMMIT, TRUONG_FILES).items():
            # Written in the default package beside its own copies of the challenge's classes.
            files[name] = text if "package ginrummy;" in text else "package ginrummy;\n" + text
        files["ArenaDriver.java"] = (HERE / "eaai" / "ArenaDriver.java").read_text(encoding="utf-8")
        sources = work / "src"
        sources.mkdir()
        for name, text in files.items():
            (sources / name).write_text(text, encoding="utf-8")
        classes = target / "classes"
        shutil.rmtree(classes, ignore_errors=True)
        classes.mkdir(parents=True)
        subprocess.run(["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(classes),
                        *map(str, sorted(sources.glob("*.java")))], check=True)
    return target


# --- Cards and melds as the challenge writes them --------------------------------------------------

def eaai(c: Card) -> str:
    """A card as the challenge writes it: "TH" for our 10H."""
    text = str(c)
    return "T" + text[2:] if text.startswith("10") else text


def from_eaai(text: str) -> Card:
    return parse_card("10" + text[1:] if text.startswith("T") else text)


def melds_text(melds: list[list[Card]]) -> str:
    return " ".join(",".join(eaai(c) for c in meld) for meld in melds)


# --- A Java player in the arena -----------------------------------------------------------------------

class JavaPlayer:
    """One EAAI player in a Java process, with the arena's interface (start, observe, move, finish)."""

    def __init__(self, name: str) -> None:
        reason = missing()
        if reason:
            raise SystemExit(f"eaai: {reason}")
        self.proc = subprocess.Popen(
            ["java", "-Xss16m", "-cp", str(cache() / "classes"), "ginrummy.ArenaDriver", f"ginrummy.{AGENTS[name]}"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.tally = Tally()
        self.player = 0

    def _send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")

    def _ask(self, line: str) -> str:
        self._send(line)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"the Java player stopped (after {line!r})")
        return answer.strip()

    def start(self, hand: Hand, player: int) -> None:
        self.player = player
        self._send(f"start {player} {hand.non_dealer} " + " ".join(eaai(c) for c in hand.cards[player]))

    def observe(self, before: Hand, move: Move) -> None:
        kind, c = move
        mover = before.to_move
        if kind in ("take", "stock"):
            drawn = before.discard_pile[-1] if kind == "take" else before.stock[0]
            shown = drawn if mover == self.player or kind == "take" else None
            self._send(f"draw {mover} {eaai(shown) if shown else '-'}")
        elif kind in ("discard", "knock") and mover != self.player and c is not None:
            self._send(f"discarded {mover} {eaai(c)}")

    def move(self, hand: Hand) -> Move:
        began = time.perf_counter()
        move = self._decide(hand)
        self.tally.decisions.append(time.perf_counter() - began)
        return move

    def _decide(self, hand: Hand) -> Move:
        legal = hand.legal_moves
        if hand.phase != "discard":
            if ("take", None) not in legal:
                return legal[0]  # both passed on the first upcard: the stock, without asking
            assert hand.upcard is not None
            if self._ask(f"faceup {eaai(hand.upcard)}") == "yes":
                return "take", None
            return ("pass", None) if hand.phase == "first_upcard" else ("stock", None)
        card = from_eaai(self._ask("discard"))
        self._send(f"discarded {self.player} {eaai(card)}")
        knock = self._ask("melds") != "none"
        move: Move = ("knock" if knock else "discard", card)
        if move in legal:
            return move
        self.tally.substituted += 1
        player = hand.to_move
        assert player is not None
        best = discard_order(mask_of(hand.cards[player]), keep=hand.taken)[0][1]
        return ("knock", best) if knock and ("knock", best) in legal else ("discard", best)

    def finish(self, hand: Hand, scores: tuple[int, int]) -> None:
        """The end of a hand, as the challenge reports it: melds, layoffs, both hands, the scores."""
        result = hand.result
        if isinstance(result, HandScore) and hand.knocker is not None:
            knocker, defender = hand.knocker, 1 - hand.knocker
            self._send(f"finalmelds {knocker} " + melds_text([list(m.cards) for m in result.knocker_arrangement.melds]))
            if defender == self.player:
                self._ask("melds")  # asked as the challenge asks; the engine arranges the defender's cards
            play = result.defender_play
            self._send(f"finalmelds {defender} " + melds_text([list(m.cards) for m in play.arrangement.melds]))
            grown: dict[Meld, list[Card]] = {}
            for layoff in play.layoffs:
                meld = grown.setdefault(layoff.meld, list(layoff.meld.cards))
                self._send(f"layoff {defender} {eaai(layoff.card)} {melds_text([meld])}")
                meld.append(layoff.card)
        for seat in (0, 1):
            self._send(f"finalhand {seat} " + " ".join(eaai(c) for c in hand.cards[seat]))
        self._send(f"scores {scores[0]} {scores[1]}")

    def close(self) -> None:
        """Stop the Java process."""
        if self.proc.poll() is None:
            self._send("quit")
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--eaai", default=EAAI_REPO, help="tneller/gin-rummy-eaai: a URL or a local clone")
    parser.add_argument("--truong", default=TRUONG_REPO, help="sangttruong/ginrummy: a URL or a local clone")
    args = parser.parse_args()
    if shutil.which("javac") is None:
        print("eaai: skipped: no JDK (javac); install one, e.g. Debian's default-jdk-headless")
        return 0
    print(f"eaai: built in {build(args.eaai, args.truong)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
