"""Playing gin rummy: hands and whole games under any ruleset, and the virtual player.

Pure Python over the engine (no Streamlit)::

    >>> from tutor.engine import load_ruleset
    >>> from tutor.play import new_game, new_hand, Bot
    >>> hand = new_hand(load_ruleset("classic"), 7, dealer=0)
    >>> hand.to_move, hand.view(1)["phase"], hand.view(1)["legal"]
    (1, 'first_upcard', [['take', None], ['pass', None]])
    >>> bots = Bot("beginner", 1), Bot("strong", 2)
    >>> while hand.to_move is not None:
    ...     hand = hand.apply(bots[hand.to_move].decide(hand.view(hand.to_move)))
    >>> hand.result == "void" or hand.result.rules.name == "classic"
    True

A move is ``(kind, card or None)``: ``("take", None)`` (the top of the discard pile, or the first
upcard), ``("stock", None)``, ``("pass", None)`` (decline the first upcard), ``("discard", "7H")``,
``("knock", "7H")`` (discard and knock: gin when no deadwood is left), ``("big_gin", None)``.
An illegal move raises a :class:`~tutor.play.errors.MoveError` that says why.

A view (:meth:`Hand.view`) is a :class:`~tutor.play.hand.View`, a JSON-ready dict with the keys
``seat`` (0 non-dealer, 1 dealer), ``phase`` (``first_upcard``, ``draw``, ``discard``; ``over`` once
the hand has ended), ``hand``, ``top_discard``, ``taken_upcard``, ``discard_pile`` (bottom to top),
``opponent_known`` (cards the opponent took from the pile and still holds), ``opponent_discards``,
``events`` (the public history, oldest first, as ``[who, move, card]``: who ``me``/``opp``; move
``take``, ``stock`` (card null), ``pass`` (the upcard passed), ``discard``, and at the end ``knock``
or ``big_gin``), ``stock_size``, ``turn``, ``ruleset`` (the rules' name, for display only),
``rules`` (every rule option a player may know, by name: ``{"knock_limit": 10, "target": 100,
"undercut_bonus": 25, ...}``, as :meth:`~tutor.engine.rules.Ruleset.options` gives them; an option
left out keeps its default), ``legal`` and ``score`` (``[mine, opponent's]`` in a game, else null).

A player builds what it knows from the view alone (:func:`~tutor.play.bots.reading.read_view`):
the rules too come from ``rules``, never from a file named by ``ruleset``. So a view made by another
program (an adapter from OpenSpiel's or the EAAI framework's game, under their own options, with no
ruleset file anywhere) is played just as well.
"""

from tutor.base.numbers import MAX_SEED
from tutor.play.bots import BOT_LEVELS, Bot
from tutor.play.errors import MoveError
from tutor.play.game import Game, new_game
from tutor.play.hand import Event, Hand, new_hand
from tutor.play.moves import KINDS, Move, read_move

__all__ = ["KINDS", "BOT_LEVELS", "MAX_SEED", "Bot", "Event", "Game", "Hand", "Move", "MoveError", "new_game",
           "new_hand", "read_move"]
