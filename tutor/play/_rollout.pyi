"""Types of the compiled play-outs (tutor/play/_rollout.c)."""

from collections.abc import Callable, Sequence

def setup(run_deadwood: Sequence[int], run_melded: Sequence[int], drop_gain: Sequence[int],
          drop_best: Sequence[int], values: Sequence[int], highest: Sequence[int], by_value: Sequence[int],
          partners: Sequence[int], meld_pairs: Sequence[Sequence[int]],
          constants: tuple[int, int, int, int, float, float]) -> None: ...
def play_out(hands: tuple[int, int], orders: tuple[Sequence[int], Sequence[int]], at: tuple[int, int], left: int,
             size: int, pile: Sequence[int], state: tuple[int, int, int, int, int, int], deadwood: tuple[int, int],
             plan: tuple[int, int] | None, shown: tuple[int, int],
             policies: tuple[tuple[float, int, int, int, int, bool, bool, bool, bool],
                             tuple[float, int, int, int, int, bool, bool, bool, bool]],
             eager: tuple[bool, bool], risk: Sequence[float], believed: Sequence[tuple[float, int]],
             rules: tuple[int, bool, int], gain: Callable[[int, int], int]) -> int: ...
def min_deadwood(mask: int, /) -> int: ...
def discard_reach(mask: int, /) -> tuple[int, int]: ...
def kept_throw(hand: int, keep: int, partners: bool, /) -> int: ...
