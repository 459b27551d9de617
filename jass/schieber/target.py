"""How a Schieber game ends: a team reaching the target (at the round's end, in ``AUTO`` mode at
once, or by the counting order when both pass it in trick 1), «Mer bedanked eus!», or the fixed
number of rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jass.play import CardPlay
from jass.schieber.rules import CLAIM, IMMEDIATE, ROUND_POINTS, CountingOrder, EndMode
from jass.schieber.score import counted_declarations, score_so_far
from jass.schieber.state import GAME_OVER, ROUND_OVER, GameEnd, State, TeamScore
from jass.teams.rules import team_of
from jass.teams.score import STOECK_BITS, stoeck_holder
from jass.variant.state import changed
from jass.weis import STOECK_POINTS


def game_over(state: State, play: CardPlay, team: int, end: GameEnd, *, held_stoeck: bool = False) -> State:
    score = score_so_far(state.setting, play, held_stoeck=held_stoeck)
    scores = (state.scores[0] + score.totals[0], state.scores[1] + score.totals[1])
    return changed(
        state, play, phase=GAME_OVER, scores=scores, history=state.history + (score,), winner=team, end=end,
    )


def _first_to_reach(start: tuple[int, int], steps: Sequence[tuple[int, int]], target: int) -> int | None:
    """Credit ``steps`` (team, points) in order; the first team to reach ``target``."""
    running = list(start)
    for team, points in steps:
        running[team] += points
        if running[team] >= target:
            return team
    return None


def check_target(
    state: State, before: CardPlay, play: CardPlay, trick_done: bool, target: int
) -> State | None:
    """End the game if this card made a team reach the target, in the counting order
    (``counting_order``: Stöck, Weis, tricks, seed 001 "Paar-Weis-Slag"; or Stöck, tricks, Weis)."""
    setting = state.setting
    rules = setting.rules
    trump = play.trump
    first_trick = trick_done and len(play.tricks) == 1
    if rules.end_mode is CLAIM and not first_trick:
        return None
    if not trick_done and not (STOECK_BITS[trump] >> play.trick[-1].index & 1 and rules.stoeck is IMMEDIATE):
        return None  # only a trick or the second Stöck card (credited at once) credits points
    multiplier = rules.multiplier(trump)
    # What a team can have gained in this round at most: every card, the last trick, the match,
    # every Weis declared, the Stöck. Short of the target even so, nobody reaches it now.
    weis = sum(w.points for declared in counted_declarations(setting) for w in declared)
    ceiling = (ROUND_POINTS + rules.match_bonus + weis + STOECK_POINTS) * multiplier
    if max(setting.scores) + ceiling < target:
        return None
    old = score_so_far(setting, before)
    start = (setting.scores[0] + old.totals[0], setting.scores[1] + old.totals[1])

    def count(held_stoeck: bool) -> list[tuple[int, int]]:
        new = score_so_far(setting, play, held_stoeck=held_stoeck)
        steps: list[tuple[int, int]] = []
        for kind in _COUNTING[rules.counting_order]:
            for team in (0, 1):
                gained = _gained(new.teams[team], kind) - _gained(old.teams[team], kind)
                if gained:
                    steps.append((team, gained * multiplier))
        return steps

    steps = count(first_trick)
    final = list(start)
    for team, points in steps:
        final[team] += points
    both_over = final[0] >= target and final[1] >= target
    if rules.end_mode is EndMode.CLAIM and not both_over:
        # Claim mode counts automatically only when both teams are over after trick 1.
        return None
    # Stöck still in hand count only in that count (both teams over after trick 1); otherwise
    # they are credited when their second card is played, in auto mode too.
    held = first_trick and both_over
    if first_trick and not held:
        steps = count(False)
    reached = _first_to_reach(start, steps, target)
    if reached is None:
        return None
    return game_over(state, play, reached, GameEnd.TARGET_REACHED, held_stoeck=held)


#: The order points count in when both teams reach the target in trick 1 ("stich": the trick's
#: card points, with the last trick and the match once the round is over).
_COUNTING: Final = {
    CountingOrder.STOECK_WEIS_STICH: ("stoeck", "weis", "stich"),
    CountingOrder.STOECK_STICH_WEIS: ("stoeck", "stich", "weis"),
}


def _gained(score: TeamScore, kind: str) -> int:
    """A team's points of one ``kind`` of :data:`_COUNTING`, before the multiplier."""
    if kind == "stich":
        return score.cards + score.last_trick + score.match
    return score.weis if kind == "weis" else score.stoeck


def end_round(state: State, play: CardPlay) -> State:
    setting = state.setting
    score = score_so_far(setting, play)
    written = score.totals
    scores = (setting.scores[0] + written[0], setting.scores[1] + written[1])
    history = setting.history + (score,)
    rules = setting.rules
    phase, winning, end = GAME_OVER, None, None
    if rules.rounds is not None:
        if len(history) >= rules.rounds:
            end = GameEnd.ROUNDS_PLAYED
            winning = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        else:
            phase = ROUND_OVER
    else:
        target = rules.target_score
        assert target is not None
        if scores[0] >= target or scores[1] >= target:
            # Seed 001: without an announcement, the team that took the last trick counts first.
            last_team = team_of(play.tricks[-1].winner)
            winning = last_team if scores[last_team] >= target else 1 - last_team
            end = GameEnd.TARGET_REACHED
        else:
            phase = ROUND_OVER
    return changed(state, play, phase=phase, scores=scores, history=history, winner=winning, end=end)


def announce(state: State) -> State:
    """Going out («Mer bedanked eus!»): the team wins if its points reach the target, else it
    loses. With ``stoeck_claim`` the team shows Stöck one of its players holds and has not yet
    been credited with, and they count (jasswelt.ch, "Die Stöcke")."""
    setting = state.setting
    play = state.play
    rules = setting.rules
    assert play is not None and play.to_play is not None and rules.target_score is not None
    team = team_of(play.to_play)
    holder = stoeck_holder(setting.dealt, play.trump) if rules.stoeck_claim else None
    shown = holder is not None and team_of(holder) == team
    score = score_so_far(setting, play, held_stoeck=shown)
    reached = setting.scores[team] + score.totals[team] >= rules.target_score
    return game_over(state, play, team if reached else 1 - team, GameEnd.CLAIM_CORRECT if reached else GameEnd.CLAIM_WRONG,
                     held_stoeck=shown)
