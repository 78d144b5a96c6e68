"""The play table in words: the virtual player's moves for the log, the coach's hint and comments,
source 001's tips after a hand, and the virtual player's levels."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.engine.cards import Card, mask_of, parse_card, parse_cards
from tutor.engine.melds import min_deadwood
from tutor.language.i18n import N_, Translator
from tutor.play.bots.strength import ANCHORS, LADDER
from tutor.play.coach import Advice, CoachHint
from tutor.play.debrief import Departure, Overruled, TipReview, difference
from tutor.play.friend import FRIEND_LEVEL
from tutor.play.hand import Hand, View
from tutor.play.levels import LEVELS
from tutor.play.match import LEARNER, Decision, Played, decisions_accuracy
from tutor.play.tip_values import TIP_VALUES
from tutor.play.tips import TIP_NUMBERS, TIPS

GRADE_NAMES = {"best": N_("best"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
               "blunder": N_("blunder")}
"""Each grade of a decision (:mod:`tutor.play.grading`) in words."""
TIP_TEXTS = {
    "time_by_pickups": N_("Knock early, with little deadwood, when the opponent takes many discards"),
    "watch_discards": N_("A suit your opponent keeps throwing is a suit they are not building"),
    "faces_first": N_("Throw face cards first"),
    "keep_double_use": N_("Keep cards that work twice"),
    "take_to_meld": N_("Take from the discard pile only what you really need"),
    "no_early_knock": N_("Don't knock with more than {most} before turn {turn}"),
    "wait_at_eight": N_("Rather than knock with {low} to {high}, wait a turn to get down to {aim_low} or {aim_high}"),
}
"""Each tip in lesson 10's words, the same wherever the tip is named; the numbers are 001's
(:data:`~tutor.play.tips.TIP_NUMBERS`)."""


def void_hand_text(hand: Hand, tr: Translator) -> str:
    """Why a void hand ended: the stock down to the ruleset's wall (``void_at_stock``) with no knock."""
    left = len(hand.stock)
    if left == 0:
        return tr.gettext("The stock ran out without a knock: the hand is void and nobody scores.")
    return tr.ngettext("Only {n} card was left in the stock: the hand is void and nobody scores.",
                       "Only {n} cards were left in the stock: the hand is void and nobody scores.", left)


def level_strength_text(level: str, tr: Translator) -> str:
    """How strong a level is, measured against the level below it (:data:`~tutor.play.bots.strength.LADDER`)."""
    step = LADDER.get(level)
    if step is None:
        return tr.gettext("The first step of the ladder: each level above it wins at least one point a hand "
                          "more than the one below, measured on duplicate deals.")
    text = tr.ngettext("Measured over {hands} hand of duplicate deals: {points} points a hand more than the "
                       "{below} player (± {stderr}).",
                       "Measured over {hands} hands of duplicate deals: {points} points a hand more than the "
                       "{below} player (± {stderr}).",
                       step.hands, hands=tr.number(step.hands), points=tr.number(step.points),
                       below=bot_level_name(step.below, tr), stderr=tr.number(step.stderr))
    anchor = ANCHORS.get(level)
    if anchor is not None:
        text += " " + tr.gettext("Against {player}, a published research agent: {points} points a hand more "
                                 "(± {stderr}, {hands} hands).", player=anchor.below, points=tr.number(anchor.points),
                                 stderr=tr.number(anchor.stderr), hands=tr.number(anchor.hands))
    return text


def bot_level_name(level: str, tr: Translator) -> str:
    """A level of the virtual player in words; a level this version does not know (a saved game of a
    newer gin-tutor sharing the database) as it is written."""
    if level == FRIEND_LEVEL:
        return tr.gettext("a friend")
    return tr.gettext(LEVELS[level].title) if level in LEVELS else tr.content(level[:40])


def bot_level_note(level: str, tr: Translator) -> str:
    """What a level of the virtual player does, in a sentence."""
    return tr.gettext(LEVELS[level].note)


def _symbol(card: Card | None) -> str:
    return card.symbol if card is not None else ""


def log_line(played: Played, tr: Translator, gin: bool = False, seat: int = LEARNER, name: str | None = None) -> str:
    """One move for the table's log: ``You drew from the stock``, ``It threw the K♣``, ``It knocks``;
    ``gin``: the knock left no deadwood (``It threw the 6♣ and went gin``). ``seat`` is the reader's;
    ``name`` the other player's, in a game between two learners (``Ana threw the K♣``)."""
    if played.player != seat and name is not None:
        return _friend_line(played, tr, gin, name)
    kind, card = played.move
    top = played.took
    you = played.player == seat
    if kind == "stock":
        return tr.gettext("You drew from the stock.") if you else tr.gettext("It drew from the stock.")
    if kind == "take":
        return (tr.gettext("You took {the_card}.", card=_symbol(top)) if you
                else tr.gettext("It took {the_card}.", card=_symbol(top)))
    if kind == "pass":
        return tr.gettext("You passed the upcard.") if you else tr.gettext("It passed the upcard.")
    if kind == "discard":
        return (tr.gettext("You threw {the_card}.", card=_symbol(card)) if you
                else tr.gettext("It threw {the_card}.", card=_symbol(card)))
    if kind == "knock" and gin:
        return (tr.gettext("You threw {the_card} and went gin.", card=_symbol(card)) if you
                else tr.gettext("It threw {the_card} and went gin.", card=_symbol(card)))
    if kind == "knock":
        return (tr.gettext("You threw {the_card} and knocked.", card=_symbol(card)) if you
                else tr.gettext("It threw {the_card} and knocked.", card=_symbol(card)))
    return tr.gettext("You laid down big gin.") if you else tr.gettext("It laid down big gin.")


def _friend_line(played: Played, tr: Translator, gin: bool, name: str) -> str:
    """The other player's move, by their name, in a game between two learners."""
    kind, card = played.move
    if kind == "stock":
        return tr.gettext("{name} drew from the stock.", name=name)
    if kind == "take":
        return tr.gettext("{name} took {the_card}.", name=name, card=_symbol(played.took))
    if kind == "pass":
        return tr.gettext("{name} passed the upcard.", name=name)
    if kind == "discard":
        return tr.gettext("{name} threw {the_card}.", name=name, card=_symbol(card))
    if kind == "knock" and gin:
        return tr.gettext("{name} threw {the_card} and went gin.", name=name, card=_symbol(card))
    if kind == "knock":
        return tr.gettext("{name} threw {the_card} and knocked.", name=name, card=_symbol(card))
    return tr.gettext("{name} laid down big gin.", name=name)


def position_line(view: View, tr: Translator) -> str:
    """Where a hand stands: the turn, the stock, the deadwood of the cards held; with a card to
    throw (eleven cards), the deadwood after the best throw, the figure the drills' feedback speaks of."""
    hand = mask_of(parse_cards(" ".join(view["hand"]))) if view["hand"] else 0
    stock = tr.ngettext("{n} card in the stock", "{n} cards in the stock", view["stock_size"])
    if view.get("phase") == "discard" and hand:
        least = min(min_deadwood(hand & ~(1 << i)) for i in range(52) if hand >> i & 1)
        return tr.gettext("Turn {turn} · {stock} · your deadwood after the best throw: {deadwood}",
                          turn=tr.number(view["turn"]), stock=stock, deadwood=tr.number(least))
    return tr.gettext("Turn {turn} · {stock} · your deadwood: {deadwood}", turn=tr.number(view["turn"]), stock=stock,
                      deadwood=tr.number(min_deadwood(hand)))


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.symbol for c in cards)


def hint_sentence(advice: Advice, top: str | None, tr: Translator) -> str:
    """The coach's move in one sentence, with the numbers a learner can see behind it."""
    kind, card = advice.move
    before, after = tr.number(advice.deadwood_before), tr.number(advice.deadwood_after)
    upcard = _symbol(parse_card(top)) if top else ""
    reason = advice.reason
    if reason == "big_gin":
        return tr.gettext("Lay down big gin: all eleven cards are melded.")
    if reason == "gin":
        return tr.gettext("Throw {the_card} and go gin: no deadwood is left.", card=_symbol(card))
    if reason == "knock":
        return tr.gettext("Throw {the_card} and knock with {after}.", card=_symbol(card), after=after)
    if reason in ("play_on", "play_for_gin"):
        why = (tr.gettext("Throw {the_card} and play on for gin: you could knock with {least}, but gin is close.",
                          card=_symbol(card), least=before) if reason == "play_for_gin"
               else tr.gettext("Throw {the_card} and play on: knocking now with {least} risks an undercut.",
                               card=_symbol(card), least=before))
        same = advice.deadwood_after == advice.deadwood_before
        left = (tr.gettext("Your deadwood stays at {after}.", after=after) if same
                else tr.gettext("Your deadwood goes from {least} to {after}.", least=before, after=after))
        return f"{why} {left}"
    if reason == "only_move":
        return tr.gettext("Both of you passed the upcard: draw from the stock.")
    if reason == "discard":
        return tr.gettext("Throw {the_card}: your deadwood will be {after}.", card=_symbol(card), after=after)
    if reason == "take_meld":
        return tr.gettext("Take {the_card}: it makes {meld}; your deadwood falls from {before} to {after}.",
                          card=upcard, meld=_cards(advice.meld), before=before, after=after)
    if reason == "take_knock":
        return tr.gettext("Take {the_card}: with it you can knock with {after}.", card=upcard, after=after)
    if reason == "take_lower":
        return tr.gettext("Take {the_card}: your deadwood falls from {before} to {after}.",
                          card=upcard, before=before, after=after)
    if kind == "pass":
        return tr.gettext("Pass: {the_card} makes no meld, and a card from the stock is worth more on average.",
                          card=upcard)
    return tr.gettext("Draw from the stock: {the_card} would not help enough.", card=upcard)


def move_phrase(move: tuple[str, Card | None], top: str | None, tr: Translator) -> str:
    """A move as an instruction: ``Take the 7♣``, ``Throw the J♣ and knock``, ``Draw from the stock``."""
    kind, card = move
    upcard = _symbol(parse_card(top)) if top else ""
    if kind == "take":
        return tr.gettext("Take {the_card}", card=upcard)
    if kind == "stock":
        return tr.gettext("Draw from the stock")
    if kind == "pass":
        return tr.gettext("Pass {the_card}", card=upcard)
    if kind == "discard":
        return tr.gettext("Throw {the_card}", card=_symbol(card))
    if kind == "knock":
        return tr.gettext("Throw {the_card} and knock", card=_symbol(card))
    return tr.gettext("Lay down big gin")


def _move_words(move: tuple[str, Card | None], top: str | None, tr: Translator) -> str:
    kind, card = move
    upcard = _symbol(parse_card(top)) if top else ""
    if kind == "take":
        return tr.gettext("taken {the_card}", card=upcard)
    if kind == "stock":
        return tr.gettext("drawn from the stock")
    if kind == "pass":
        return tr.gettext("passed {the_card}", card=upcard)
    if kind == "discard":
        return tr.gettext("thrown {the_card}", card=_symbol(card))
    if kind == "knock":
        return tr.gettext("thrown {the_card} and knocked", card=_symbol(card))
    return tr.gettext("laid down big gin")


def points_text(value: float, tr: Translator) -> str:
    """Expected points with one decimal, as this language writes them: ``1.4``, ``1,4``, ``3.0``."""
    return tr.number(value, places=1)


def grade_name(grade: str, tr: Translator) -> str:
    return tr.gettext(GRADE_NAMES[grade])


def estimate_text(value: float, error: float, tr: Translator) -> str:
    """Expected points with their sampling error: ``-3.2 ± 0.4``, or ``-3.2`` where the analysis
    weighed every world (no error)."""
    if round(error, 1) == 0:
        return points_text(value, tr)
    return tr.gettext("{value} ± {error}", value=points_text(value, tr), error=points_text(error, tr))


def loss_text(loss: float, error: float, tr: Translator) -> str:
    """A loss in points with its sampling error: ``1.4 ± 0.6``, or ``about 21.0`` when the error
    rounds to nothing (the analysis is then sure of its model, not of the hand)."""
    if round(error, 1) == 0:
        return tr.gettext("about {loss}", loss=points_text(loss, tr))
    return tr.gettext("{loss} ± {error}", loss=points_text(loss, tr), error=points_text(error, tr))


def measured_against(opponent: str, tr: Translator) -> str:
    """Which level the coach measures against, and what of it."""
    return tr.gettext("The coach measures against the level you face (“{level}”): how it takes from the pile, "
                      "throws and knocks.", level=bot_level_name(opponent, tr))


def modelled_friend(name: str, tr: Translator) -> str:
    """Against whom the coach measures in a game between two learners: a model of the other player."""
    return tr.gettext("The coach cannot know how {name} plays: it measures your moves against the strong "
                      "virtual player in their seat, a model of a good player (our choice).", name=name)


def hint_value_text(hint: CoachHint, top: str | None, tr: Translator) -> str | None:
    """What the coach's move is worth, the moves too close to it to call, what the next best move
    gives up against it, and against whom the coach measures; None when the analysis had nothing
    to weigh."""
    if hint.value is None:
        return None
    parts = [tr.gettext("On average this move is worth {value} points this hand.",
                        value=estimate_text(hint.value.expected, hint.value.stderr, tr))]
    if hint.close:
        moves = tr.list_of([tr.gettext("“{move}”", move=move_phrase(m, top, tr)) for m in hint.close])
        parts.append(tr.ngettext("Too close to call: {moves} is as good, within what the analysis can tell.",
                                 "Too close to call: {moves} are as good, within what the analysis can tell.",
                                 len(hint.close), moves=moves))
    if hint.near:
        near = sorted(hint.near, key=lambda n: n[1])
        moves = tr.list_of([tr.gettext("“{move}” ({loss})", move=move_phrase(m, top, tr),
                                       loss=loss_text(max(0.0, loss), err, tr)) for m, loss, err in near])
        parts.append(tr.ngettext("Within a point of it, and told apart from it: {moves}.",
                                 "Within a point of it, and told apart from it: {moves}.", len(near), moves=moves))
    if hint.runner_up is not None and hint.runner_up_loss is not None:
        runner = move_phrase(hint.runner_up.move, top, tr)
        parts.append(tr.gettext("The next best the coach weighed, “{move}”, gives up {loss}.", move=runner,
                                loss=loss_text(*hint.runner_up_loss, tr)))
    parts.append(measured_against(hint.opponent, tr))
    return " ".join(parts)


def verdict_line(decision: Decision, tr: Translator) -> str:
    """The coach's verdict on a decision: its grade, what it gave up, and what the coach would have done."""
    judgement = decision.judgement
    grade = judgement.grade
    if judgement.forced:
        return tr.gettext("The only legal move: nothing to grade.")
    if grade is None or judgement.loss is None:
        return coach_comment(decision, tr)
    if decision.agreed:
        if judgement.move == judgement.coach:
            return tr.gettext("Best: the coach's move.")
        if judgement.too_close:
            return tr.gettext("Best: too close to call beside the coach's move; the analysis cannot tell them apart.")
        return tr.gettext("Best: within a point of the coach's move (it gives up {loss}).",
                          loss=loss_text(max(0.0, judgement.loss), judgement.stderr, tr))
    line = tr.gettext("{grade} (gives up {loss} points): {comment}", grade=grade_name(grade, tr).capitalize(),
                      loss=loss_text(max(0.0, judgement.loss), judgement.stderr, tr),
                      comment=coach_comment(decision, tr))
    if not judgement.settled:
        line += " " + tr.gettext("The analysis cannot tell this grade from the next one: the loss is near the line "
                                 "between them.")
    return line


def last_move_verdict(decision: Decision, tr: Translator) -> str:
    """Coach mode's verdict on the learner's last move, labelled as such (it stands beside the hint
    for the move to come)."""
    move = move_phrase(decision.move, decision.view["top_discard"], tr)
    return tr.gettext("Your last move, “{move}”. {verdict}", move=move, verdict=verdict_line(decision, tr))


def coach_comment(decision: Decision, tr: Translator) -> str:
    """What the coach would have done at a decision where the learner chose otherwise, with the
    deadwood each choice leaves."""
    diff = difference(decision)
    top = decision.view["top_discard"]
    coach = _move_words(decision.advice.move, top, tr)
    if diff is None:
        return tr.gettext("The coach would have done the same.")
    if decision.view["phase"] != "discard" and decision.advice.move[0] in ("stock", "pass"):
        card = _symbol(parse_card(top)) if top else ""
        if decision.advice.move[0] == "pass":
            return tr.gettext("The coach would have passed {the_card}.", card=card)
        return tr.gettext("The coach would have drawn from the stock rather than take {the_card}.", card=card)
    knock = _knock_comment(decision, diff.learner_after, tr)
    if knock is not None:
        return knock
    if diff.cost > 0:
        return tr.ngettext("The coach would have {move}: {n} point less deadwood.",
                           "The coach would have {move}: {n} points less deadwood.", diff.cost, move=coach)
    if diff.cost < 0:
        return tr.ngettext("The coach would have {move}: {n} point more deadwood now, for better chances.",
                           "The coach would have {move}: {n} points more deadwood now, for better chances.",
                           -diff.cost, move=coach)
    return tr.gettext("The coach would have {move}: the same deadwood, with better chances.", move=coach)


def _knock_comment(decision: Decision, deadwood: int, tr: Translator) -> str | None:
    """Where the learner and the coach throw the same card and only one of them knocks, what the
    knock changed (None otherwise): the same card named twice would say nothing."""
    kind, card = decision.move
    coach_kind, coach_card = decision.advice.move
    if card is None or card != coach_card or {kind, coach_kind} != {"discard", "knock"}:
        return None
    if coach_kind == "knock":
        return tr.ngettext("The coach would have thrown {the_card} and knocked with {n} point: waiting gave "
                           "the opponent the time to get down too.",
                           "The coach would have thrown {the_card} and knocked with {n} points: waiting gave "
                           "the opponent the time to get down too.", deadwood, card=_symbol(card))
    if decision.advice.reason == "play_for_gin":
        return tr.ngettext("The coach would have thrown {the_card} and played on: with {n} point left, going "
                           "for gin was worth more than the knock.",
                           "The coach would have thrown {the_card} and played on: with {n} points left, going "
                           "for gin was worth more than the knock.", deadwood, card=_symbol(card))
    return tr.ngettext("The coach would have thrown {the_card} and played on: a knock with {n} point risked "
                       "an undercut.",
                       "The coach would have thrown {the_card} and played on: a knock with {n} points risked "
                       "an undercut.", deadwood, card=_symbol(card))


def tip_name(tip: str, tr: Translator) -> str:
    return tr.gettext(TIP_TEXTS[tip], **{k: tr.number(v) for k, v in TIP_NUMBERS.items()})


def tip_review_lines(review: TipReview, top_of: dict[int, str | None], tr: Translator) -> list[str]:
    """How a tip fared in a hand, reconciled with the coach: one line if it did not come up or was
    followed, else one line per departure, with what following the tip would have gained or cost
    (``top_of``: the top of the pile at each turn, to name a taken card)."""
    name = tip_name(review.tip, tr)
    if not review.turns:
        return [tr.gettext("{tip}: it did not come up.", tip=name)]
    overruled = [_overruled_line(name, o, tr) for o in review.overruled]
    if not review.departures:
        return [tr.ngettext("{tip}: followed ({n} time).", "{tip}: followed ({n} times).", len(review.turns),
                            tip=name), *overruled]
    return [*(_departure_line(name, d, top_of.get(d.turn), tr) for d in review.departures), *overruled]


def _overruled_line(name: str, overruled: Overruled, tr: Translator) -> str:
    """A decision that followed a tip where the coach preferred another move: what it gave up, and why."""
    decision = overruled.decision
    return tr.gettext("{tip}: followed on turn {turn}, and here the coach prefers another move: the tip's gives up "
                      "{loss} points. {why}", tip=name, turn=tr.number(overruled.turn),
                      loss=loss_text(max(0.0, overruled.loss), overruled.stderr, tr),
                      why=coach_comment(decision, tr))


def _departure_line(name: str, departure: Departure, top: str | None, tr: Translator) -> str:
    turn = tr.number(departure.turn)
    if departure.alternative is None or departure.gain is None:
        if departure.approved:
            return tr.gettext("{tip}: on turn {turn} the coach's move departs from it.", tip=name, turn=turn)
        return tr.gettext("{tip}: not followed on turn {turn}.", tip=name, turn=turn)
    other = move_phrase(departure.alternative, top, tr)
    gain = points_text(abs(departure.gain), tr)
    if not departure.clear:
        if departure.approved:
            return tr.gettext("{tip}: on turn {turn} the coach's move and the tip's, “{other}”, are as good, "
                              "within what the analysis can tell.", tip=name, turn=turn, other=other)
        return tr.gettext("{tip}: not followed on turn {turn}; the tip's move, “{other}”, was as good, within "
                          "what the analysis can tell.", tip=name, turn=turn, other=other)
    if departure.gain > 0:
        if departure.approved:
            return tr.gettext("{tip}: on turn {turn} the coach departs from it: its move is worth {gain} points "
                              "more than “{other}”.", tip=name, turn=turn, gain=gain, other=other)
        return tr.gettext("{tip}: not followed on turn {turn}, and rightly: “{other}” was worth {gain} points less.",
                          tip=name, turn=turn, gain=gain, other=other)
    return tr.gettext("{tip}: not followed on turn {turn}: “{other}” was worth {gain} points more.",
                      tip=name, turn=turn, gain=gain, other=other)


def accuracy_line(hand: Sequence[Decision], game: Sequence[Decision], tr: Translator) -> str:
    """The accuracy of a hand's decisions and of the game's so far, and how many the coach graded
    best (forced moves left out: they are not decisions)."""
    mine = [d for d in hand if not d.forced]
    hand_accuracy = decisions_accuracy(mine)
    game_accuracy = decisions_accuracy(game)
    best = sum(d.agreed for d in mine)
    return tr.ngettext("Accuracy {hand} this hand ({game} in the game): the coach's move, or as good, "
                       "on {best} of {n} decision.",
                       "Accuracy {hand} this hand ({game} in the game): the coach's move, or as good, "
                       "on {best} of {n} decisions.", len(mine),
                       hand=tr.percent((hand_accuracy or 0.0) / 100), game=tr.percent((game_accuracy or 0.0) / 100),
                       best=tr.number(best))


def value_chart(decisions: Sequence[Decision], tr: Translator) -> dict[str, dict[int, float]]:
    """For a chart: the expected points of the hand after each of the learner's decisions, beside
    what the coach's move would have kept (by the decision's number in the hand, from 1)."""
    mine: dict[int, float] = {}
    coach: dict[int, float] = {}
    for number, decision in enumerate(decisions, start=1):
        judgement = decision.judgement
        if judgement.expected is not None and judgement.coach_expected is not None:
            mine[number] = round(judgement.expected, 1)
            coach[number] = round(judgement.coach_expected, 1)
    return {tr.gettext("Your move"): mine, tr.gettext("The coach's move"): coach}


def discard_history(view: View, tr: Translator, name: str | None = None) -> list[str]:
    """The hand's discards so far, for the table: what the virtual player (or the friend called
    ``name``) threw, the cards they hold that they took from the pile, and what the learner threw
    (each oldest first)."""
    theirs = [parse_card(c).symbol for c in view["opponent_discards"]]
    known = [parse_card(c).symbol for c in view["opponent_known"]]
    mine = [parse_card(c).symbol for who, move, c in view["events"] if who == "me" and move in ("discard", "knock")
            and c is not None]
    none = tr.gettext("nothing yet")
    if name is not None:
        return [tr.gettext("{name} threw: {cards}", name=name, cards=" ".join(theirs) or none),
                tr.gettext("{name} holds, taken from the pile: {cards}", name=name, cards=" ".join(known) or none),
                tr.gettext("You threw: {cards}", cards=" ".join(mine) or none)]
    return [tr.gettext("The virtual player threw: {cards}", cards=" ".join(theirs) or none),
            tr.gettext("It holds, taken from the pile: {cards}", cards=" ".join(known) or none),
            tr.gettext("You threw: {cards}", cards=" ".join(mine) or none)]


def tip_measure_text(tip: str, tr: Translator) -> str:
    """What the coach measured one of 001's tips to be worth (:data:`~tutor.play.tip_values.TIP_VALUES`),
    in a sentence for lesson 10."""
    value = TIP_VALUES[tip]
    figures = {"tip": tip_name(tip, tr), "points": tr.number(abs(value.points), places=1),
               "stderr": tr.number(value.stderr, places=1), "better": tr.percent(value.better),
               "positions": tr.number(value.positions)}
    if value.points < 0:
        return tr.gettext("Measured by the coach: following “{tip}” costs {points} points a hand on average "
                          "(± {stderr}), the better choice in {better} of {positions} positions.", **figures)
    return tr.gettext("Measured by the coach: following “{tip}” is worth {points} points a hand on average "
                      "(± {stderr}), the better choice in {better} of {positions} positions.", **figures)


def tip_value_rows(tr: Translator) -> dict[str, list[str]]:
    """For a table: each of 001's tips with what following it is worth on average, measured by the
    analysis (:data:`~tutor.play.tip_values.TIP_VALUES`)."""
    tips = [tip for tip in TIPS if tip in TIP_VALUES]
    return {
        tr.gettext("Tip"): [tip_name(tip, tr) for tip in tips],
        tr.gettext("Following it is worth (points a hand, ± s.e.)"): [
            f"{tr.number(TIP_VALUES[t].points, places=1)} (± {tr.number(TIP_VALUES[t].stderr, places=1)})"
            for t in tips],
        tr.gettext("Better to follow it"): [tr.percent(TIP_VALUES[t].better) for t in tips],
        tr.gettext("Positions measured"): [tr.number(TIP_VALUES[t].positions) for t in tips],
    }


def friend_ending_title(outcome: str, name: str, tr: Translator) -> str:
    """How the other player ended the hand, as a bold line, in a game between two learners (``name``
    already made inert for Markdown)."""
    if outcome == "gin":
        return tr.gettext("**{name} went gin**", name=name)
    if outcome == "big_gin":
        return tr.gettext("**{name} laid down big gin**", name=name)
    return tr.gettext("**{name} knocked**", name=name)


def ending_title(outcome: str, you_ended: bool, tr: Translator) -> str:
    """Who ended the hand and how, as a bold line: a knock (an undercut is a knock too), gin or big gin."""
    if outcome == "gin":
        return tr.gettext("**You went gin**") if you_ended else tr.gettext("**The virtual player went gin**")
    if outcome == "big_gin":
        return tr.gettext("**You laid down big gin**") if you_ended else tr.gettext("**The virtual player laid "
                                                                                  "down big gin**")
    return tr.gettext("**You knocked**") if you_ended else tr.gettext("**The virtual player knocked**")
