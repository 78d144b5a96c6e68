"""The speed and strength scripts still run (they are not shipped, so only this keeps them working)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=300, check=True)
    return done.stdout


def test_the_arena_plays_duplicate_deals_and_games_and_prints_its_table():
    out = run("arena.py", "--opponent", "beginner", "--levels", "beginner", "strong", "--hands", "20",
              "--games", "2", "--workers", "1")
    rows = [line for line in out.splitlines() if line.startswith("| beginner |") or line.startswith("| strong |")]
    # Each row: 20 hands, 2 games, no illegal move.
    assert len(rows) == 2
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[1] == "20" and cells[3].endswith("of 2") and cells[5] == "0"


def test_the_arena_skips_the_java_players_and_says_why_when_they_are_not_built(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "arena.py"), "--opponent", "sgp", "--levels",
                           "beginner", "--hands", "2", "--games", "0"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=True, env={**os.environ, "GIN_TUTOR_EAAI": str(tmp_path)})
    assert done.stdout.startswith("skipped: the EAAI players cannot run here: ")
    assert "benchmarks/eaai.py" in done.stdout or "JDK" in done.stdout


def test_the_arena_ends_as_void_a_hand_its_players_would_play_for_ever():
    # Deal 1013 (EAAI rules), the expert told it faces the beginner against the strong player. The
    # expert in seat 0: with three cards left in the stock both keep taking the top of the pile
    # (2♥, 2♠, 2♣ round and round), and the arena stops the hand at the 50th take: void, no points.
    # Seats swapped, the strong player knocks and the expert loses 8 points.
    script = ("import json, sys; sys.path.insert(0, 'benchmarks'); from arena import EAAI, hand_batch;"
              "r = hand_batch('expert/beginner', 'strong', [1013], EAAI);"
              "print(json.dumps([r['points'], dict(r['outcomes'])]))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          check=True)
    assert json.loads(done.stdout) == [[0, -8], {"void, endless": 1, "lost knock": 1}]


def test_the_arena_compares_two_logs_deal_by_deal_on_the_deals_both_played(tmp_path):
    def row(level, deals, points):
        return json.dumps({"level": level, "opponent": "beginner", "rules": "classic-no-big-gin", "deals": deals,
                           "points": points, "outcomes": {}, "ours": {}, "theirs": {}})
    # Deal 1: the expert +3 and -1 (2 over both seats), the strong player +1 and +1 (2): no gap.
    # Deal 2: the expert +10 and 0, the strong player -2 and 0: 12 over two hands, 6 a hand.
    # Deal 3 only the expert played: left out. Gaps 0 and 6: mean 3, standard error 3.
    (tmp_path / "expert.jsonl").write_text(row("expert", [1, 2], [3, -1, 10, 0]) + "\n"
                                           + row("expert", [3], [25, 25]) + "\n")
    (tmp_path / "strong.jsonl").write_text(row("strong", [1, 2], [1, 1, -2, 0]) + "\n")
    out = run("arena.py", "--paired", str(tmp_path / "expert.jsonl"), str(tmp_path / "strong.jsonl"))
    assert out == ("expert vs beginner (classic-no-big-gin) against strong vs beginner (classic-no-big-gin), "
                   "paired on 2 shared deals (4 hands each): +3.00 (± 3.00) points a hand\n")


def test_the_play_benchmark_times_moves_views_and_each_level():
    out = run("play.py", "--hands", "3")
    assert all(f"| decision, {level} |" in out for level in ("beginner", "intermediate", "strong"))
    assert "| view |" in out and "| move applied |" in out


def test_the_analysis_benchmark_times_decisions_a_review_the_expert_and_a_rollout():
    out = run("analysis.py", "--hands", "1", "--samples", "10")
    for row in ("| analyze_decision, discard (", "| a hand's review (1 hands) |", "| the expert's decision (",
                "| a rollout, with the world drawn ("):
        assert row in out, out


def test_the_play_page_benchmark_times_a_rerun_after_a_click_as_a_guest_and_with_a_profile_and_the_hint():
    # Game 158, a short hand: the beginner knocks on its third turn.
    out = run("play_page.py", "--hands", "1", "--hints", "2", "--first-game", "158")
    for setting in ("guest, Coach mode off", "guest, Coach mode on", "profile, Coach mode off",
                    "profile, Coach mode on"):
        assert f"| rerun after a click: {setting} |" in out, out
    assert "| coach's hint, CPU (cold) | 2 |" in out


def test_the_drills_benchmark_times_making_and_grading_each_kind_and_level():
    out = run("drills.py", "--seeds", "1", "--kinds", "deadwood", "knock")
    rows = [line.split() for line in out.splitlines() if line.startswith(("deadwood ", "knock "))]
    assert [(r[0], r[1]) for r in rows] == [(k, lv) for k in ("deadwood", "knock") for lv in ("easy", "medium", "hard")]


def test_the_load_benchmark_measures_latency_and_memory_per_session():
    out = run("load.py", "--learners", "1", "--seconds", "1", "--interval", "0.5", "--sessions", "1")
    one = [line for line in out.splitlines() if line.startswith("| one process | 1 |")]
    assert len(one) == 1 and int(one[0].split("|")[3]) >= 1  # clicks answered
    assert "server memory per open session:" in out


def test_the_click_cost_benchmark_compares_with_a_hello_world_app():
    import os
    if not Path("/usr/bin/chromium").exists() and not os.environ.get("CI"):
        import pytest
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    out = run("click_cost.py", "--clicks", "1", "--warmup", "1")
    assert "hello-world app" in out and "gin-tutor drills page" in out and "× the hello-world app" in out


def test_the_next_puzzle_benchmark_times_the_choice_on_both_engines():
    out = run("next_puzzle.py", "--attempts", "200", "--choices", "5")
    assert "| SQLite |" in out and "| PostgreSQL |" in out and " ms |" in out


def test_the_recovery_benchmark_kills_every_worker_twice_and_finds_every_answer_right():
    out = run("coach_recovery.py", "--rounds", "1")
    [row] = [line for line in out.splitlines() if line.startswith("| 1 |")]
    cells = [c.strip() for c in row.strip("|").split("|")]
    # Six Hints pending or asked after the second kill, both reviews done, none failed, lost or differing.
    assert cells[1] == "6" and cells[4] == "2" and cells[6] == "0"
