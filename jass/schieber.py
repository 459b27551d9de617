"""Schieber: the four-player partnership game (seed 001, "Spelregels voor Schieber").

Seats 0 and 2 play against seats 1 and 3 (team 0 and team 1). Each round the
dealer deals 9 cards each; Vorhand (the seat after the dealer) chooses trump or
pushes ("schieben") to the partner, who must then choose. Before their first
card a player may declare Weis; after the first trick the team with the best
Weis scores all of its Weis. Stöck (trump King and Queen in one hand) score 20.
Taking all nine tricks is a match (+100). Everything is multiplied by the trump
mode's multiplier. The game goes on until a team reaches the target; in the
seed's ``claim`` mode a team that has just won a trick ends it by announcing
"bedankt, genug".

>>> from jass import schieber, Trump
>>> state = schieber.new_game(seed=3, rules=schieber.Rules(first_dealer=3))
>>> schieber.to_act(state)          # Vorhand, the seat after the dealer
0
>>> state = schieber.apply(state, schieber.Push())
>>> schieber.to_act(state)          # the partner must choose
2
>>> state = schieber.apply(state, schieber.ChooseTrump(Trump.OBENABE))
>>> state.phase, schieber.to_act(state)   # Vorhand leads, also after a push
(Phase.PLAY, 0)

The module ends by registering the variant (:data:`VARIANT`) in :mod:`jass.variant`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Union

import attrs

from jass._base import LATER_OPTION, NamedEnum, cards_in, check_same, instance_of, int_in, tuple_of
from jass._kernel import HAND_BITS, HAND_MASK
from jass.cards import Card, CardSet
from jass.cards import deal as deal_cards
from jass.encoding import Encoding, one_hot, play_block, play_layout, relative
from jass.errors import IllegalMoveError, InvalidRulesError, InvalidStateError, JassError
from jass.errors import RecordError, SerialError
from jass.play import (
    CardPlay,
    PlayCard,
    Trick,
    card_moves,
    check_disjoint,
    check_hand_view,
    check_legal_cards,
    check_public_tricks,
    parse_play,
    round_seed,
)
from jass.rollout import RandomSource, play_cards
from jass.sampling import HandSampler
from jass.teams import (
    STOECK_BITS,
    TRICKS,
    check_round_teams,
    weis_lines,
    NextDeal,
    Parts,
    StoeckMode,
    WeisDeclaration,
    WEIS_LAYOUT,
    counted_weis,
    drawn_declarations,
    fullest_declaration,
    deal_text,
    explicit_deal,
    explicit_move,
    first_hands,
    game_from_record,
    parse_deal,
    parse_weis,
    replay_declaration,
    weis_text,
    hand_value,
    hidden_variations,
    known_cards,
    stoeck_team,
    team_of,
    team_parts,
    team_sampler,
    team_tricks,
    team_weis,
    weis_options,
    weis_block,
    weis_view,
)
from jass.teams import TeamScore as _TeamScore
from jass.tricks import PlayRules
from jass.trump import DEFAULT_TRUMP_JACK_POINTS, LAST_TRICK_BONUS, Trump
from jass.variant import (
    MAX_ROUNDS,
    SEED_LIMIT,
    ConformanceHooks,
    SearchHooks,
    SettingField,
    TwoPartState,
    Variant,
    check_observer,
    changed,
    check_turn,
    check_sender,
    game_end,
    game_start,
    no_argument,
    protocol_of,
    record_deal,
    refused,
    register,
    replay_move,
    rounds_before,
    slot_builder,
    split_move,
    wrong_state,
)
from jass.weis import MAX_WEIS_POINTS, STOECK_POINTS, Weis, WeisKind, WeisRules

__all__ = [
    "SEATS",
    "MAX_TARGET_SCORE",
    "EndMode",
    "ClaimBy",
    "CountingOrder",
    "FirstVorhand",
    "StoeckMode",
    "Phase",
    "GameEnd",
    "Rules",
    "ChooseTrump",
    "Push",
    "DeclareWeis",
    "PlayCard",
    "Announce",
    "Deal",
    "Move",
    "TeamScore",
    "RoundScore",
    "Setting",
    "State",
    "Observation",
    "VARIANT",
    "team_of",
    "totals",
    "rollout",
    "new_game",
    "legal_moves",
    "apply",
    "apply_trusted",
    "to_act",
    "is_over",
    "winner",
    "score_round",
    "observe",
    "card_zones",
    "hand_sampler",
    "sample_hands",
    "determinize",
    "round_values",
]

#: Number of players.
SEATS: Final = 4
_TRICKS: Final = TRICKS
#: The points a round shares out: every card (152) and the last trick.
_ROUND_POINTS: Final = 152 + LAST_TRICK_BONUS
#: The highest ``target_score``: the leading team has half of the round's points at least, so a
#: game to it ends within :data:`~jass.variant.MAX_ROUNDS` rounds (785,000), and can be saved.
MAX_TARGET_SCORE: Final = MAX_ROUNDS * _ROUND_POINTS // 2
#: The highest match bonus and multiplier the rules take.
_MAX_MATCH_BONUS: Final = 10_000
_MAX_MULTIPLIER: Final = 100
#: The most a team can score in a round (every point, the match bonus, 16 Weis of the most points
#: in each of its two hands, the Stöck, times the multiplier), and so in a game of at most
#: MAX_ROUNDS rounds: the range of a written score that JSON loads.
_MAX_ROUND_SCORE: Final = (_ROUND_POINTS + _MAX_MATCH_BONUS + 2 * 16 * MAX_WEIS_POINTS + STOECK_POINTS) * _MAX_MULTIPLIER
_MAX_SCORE: Final = MAX_ROUNDS * _MAX_ROUND_SCORE


class EndMode(NamedEnum):
    """How a game played to a target ends."""

    #: Seed 001: the team that has just won a trick may announce "bedankt, genug"; if its
    #: points reach the target it wins at once, otherwise it loses at once. Without an
    #: announcement, the points are counted at the end of the round, the team that took
    #: the last trick first.
    CLAIM = "claim"
    #: The engine ends the game as soon as a team reaches the target (Swisslos).
    AUTO = "auto"


class ClaimBy(NamedEnum):
    """Who may announce "bedankt, genug" in ``EndMode.CLAIM``."""

    #: The team that has just won a trick, before leading the next (seed 001: "het team dat
    #: net de slag maakt kan het einde van het spel aankondigen").
    TRICK_WINNER = "trick_winner"
    #: Either team at any time of the card play (the Jassreglement: "Jede Partei kann sich
    #: jederzeit bedanken, unabhängig davon, wer am Zug ist"). The engine asks one seat at a
    #: time, so it is the seat to act, for its team, before any card it plays.
    ANY_TEAM = "any_team"


class CountingOrder(NamedEnum):
    """The order in which points count when both teams reach the target during trick 1."""

    #: Stöck, then Weis, then the trick (seed 001 "Paar-Weis-Slag"; Swisslos "Stöck, Wys, Stich").
    STOECK_WEIS_STICH = "stoeck_weis_stich"
    #: Stöck, then the trick, then Weis.
    STOECK_STICH_WEIS = "stoeck_stich_weis"


class FirstVorhand(NamedEnum):
    """Who is Vorhand (chooses trump and leads) in the first round."""

    #: The seat after the first dealer, who comes from the game's seed (or ``first_dealer``).
    SEED = "seed"
    #: The seat dealt the Rosen 7 (♠7): it is Vorhand, the seat before it deals the first round
    #: (pagat.com, Schieber: the holder of the seven of roses begins).
    ROSEN_7 = "rosen_7"


class Phase(NamedEnum):
    """The phase of a Schieber game."""

    #: Vorhand names the trump mode or pushes; after a push the partner names it.
    CHOOSE_TRUMP = "choose_trump"
    #: The nine tricks are played (Weis declared with the first card, "bedankt, genug" between tricks).
    PLAY = "play"
    #: The round is written; the next dealer deals (:class:`Deal`).
    ROUND_OVER = "round_over"
    #: The game is over: :attr:`State.winner` and :attr:`State.end` say who won and why.
    GAME_OVER = "game_over"


class GameEnd(NamedEnum):
    """Why a game ended."""

    #: A team reached the target: at a round's end (the team of the last trick counts first),
    #: in ``AUTO`` mode as soon as it happens, or by the counting order when both teams pass
    #: the target in the first trick.
    TARGET_REACHED = "target_reached"
    #: A team said "bedankt, genug" with enough points, and won.
    CLAIM_CORRECT = "claim_correct"
    #: A team said "bedankt, genug" without enough points, and lost.
    CLAIM_WRONG = "claim_wrong"
    #: The fixed number of rounds (``Rules.rounds``) was played; the higher score won (equal
    #: scores: a draw).
    ROUNDS_PLAYED = "rounds_played"


#: Multipliers of the seed (Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe).
SEED_MULTIPLIERS: Final = (1, 1, 2, 2, 3, 4)
#: Swisslos' multipliers for the game to 2500: both no-trump modes x3.
SWISSLOS_MULTIPLIERS: Final = (1, 1, 2, 2, 3, 3)
#: Every mode counts once.
FLAT_MULTIPLIERS: Final = (1, 1, 1, 1, 1, 1)


def _multipliers_valid(instance: object, attribute: object, value: object) -> None:
    """6 ints 1..100: Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe."""
    if (
        not isinstance(value, tuple)
        or len(value) != 6
        or not all(isinstance(m, int) and not isinstance(m, bool) and 1 <= m <= _MAX_MULTIPLIER for m in value)
    ):
        raise InvalidRulesError(
            f"multipliers={value!r:.80}: expected 6 ints 1..{_MAX_MULTIPLIER} for Eicheln, Rosen, Schilten, "
            "Schellen, Obenabe, Undenufe"
        )


@attrs.frozen(cache_hash=True)  # a cache key of the Weis points
class Rules:
    """Every Schieber option (:doc:`/rules/schieber`); the defaults are the seed's (seed 001,
    "Spelregels voor Schieber"), or the official Swiss rule where the seed is silent.

    The options the official rules and the seed disagree on, each with its source:

    - ``weis=None``: a game without Weis, as clubs and tournaments play "ohne Weis" (the
      default: Weis on, the seed's "mag [...] aankondigen"); ``stoeck=StoeckMode.OFF`` a game
      without Stöck; both together a game of card points only;
    - ``stoeck``: Stöck credited when the second card is played (``IMMEDIATE``, the default:
      the official rule, and seed 001's "Paar-Weis-Slag" counts them during the round), at the
      end of the round (``ROUND_END``: seed 001's words "in de volgende ronde", German source
      "nach der Runde"), or never (``OFF``);
    - ``claim_by``: who may say "bedankt, genug" in claim mode: the team that has just won a
      trick (``TRICK_WINNER``, seed 001) or either team at any time (``ANY_TEAM``, the
      Jassreglement);
    - ``counting_order``: when both teams reach the target during trick 1, Stöck, Weis, then
      the trick (``STOECK_WEIS_STICH``, seed 001 "Paar-Weis-Slag") or Stöck, the trick, then
      Weis (``STOECK_STICH_WEIS``);
    - ``first_vorhand``: the first round's Vorhand from the seed (``SEED``) or the seat dealt
      the Rosen 7 (``ROSEN_7``, pagat.com);
    - ``weis.undenufe_sequences``: equal sequences in Undenufe by their top card in natural
      order (``NATURAL``, Q-K-A beats 6-7-8) or in Undenufe's order (``REVERSED``, Parlett).

    >>> Rules().multiplier(Trump.UNDENUFE), Rules.swisslos().multiplier(Trump.UNDENUFE)
    (4, 3)
    >>> Rules(target_score=None)
    Traceback (most recent call last):
    jass.errors.InvalidRulesError: set exactly one of target_score (a game to a target) and rounds (a fixed number of rounds)
    >>> Rules(weis=None, stoeck=StoeckMode.OFF).weis is None
    True
    """

    #: The score that ends the game. The highest allowed is one a game surely reaches within
    #: the round limit.
    #: Source: seed 001 (3000, the value used with the seed's multipliers); Swisslos plays to
    #: 2500 with multipliers or 1000 without (presets ``swisslos`` and ``flat``).
    target_score: int | None = attrs.field(default=3000, validator=int_in(1, MAX_TARGET_SCORE, optional=True))
    #: Play a fixed number of rounds instead of a target (then ``target_score=None``).
    #: Source: Swisslos' tournament mode, 12 rounds (preset ``tournament``).
    rounds: int | None = attrs.field(default=None, validator=int_in(1, MAX_ROUNDS, optional=True))
    #: How a game to a target ends: ``CLAIM`` ("bedankt, genug") or ``AUTO``.
    #: Source: seed 001 ("bedankt, genug"); Swisslos ends the game when a team reaches the target.
    end_mode: EndMode = attrs.field(default=EndMode.CLAIM, validator=instance_of(EndMode))
    #: Multiplier per mode: Eicheln, Rosen, Schilten, Schellen, Obenabe, Undenufe.
    #: Source: seed 001 (1, 1, 2, 2, 3, 4); Swisslos' game to 2500 counts both no-trump modes x3.
    multipliers: tuple[int, ...] = attrs.field(default=SEED_MULTIPLIERS, validator=_multipliers_valid)
    #: After a push, the partner may push back to Vorhand, who must then choose.
    #: Source: seed 001 has the partner choose (off); pushing back is a table's own rule.
    allow_push_back: bool = attrs.field(default=False, validator=instance_of(bool))
    #: Points for taking all nine tricks (before the multiplier); 0 turns it off.
    #: Source: seed 001 ("krijgen de tegenstanders nog 100 punten extra") and Swisslos.
    match_bonus: int = attrs.field(default=100, validator=int_in(0, _MAX_MATCH_BONUS))
    #: Every player's Weis is declared automatically (for simulation).
    #: Source: none, an engine setting: at the table declaring is optional (seed 001: "mag").
    auto_declare: bool = attrs.field(default=False, validator=instance_of(bool))
    #: The first round's dealer; ``None`` draws it from the game's seed.
    #: Source: none, an engine setting: the seeds do not say who deals first.
    first_dealer: int | None = attrs.field(default=None, validator=int_in(0, SEATS - 1, optional=True))
    #: The Weis options; ``None``: a game without Weis ("ohne Weis", clubs and tournaments).
    weis: WeisRules | None = attrs.field(factory=WeisRules, validator=instance_of(WeisRules, optional=True))
    #: The card-play options (Bauer exception, undertrumping forbidden unless only trumps).
    play: PlayRules = attrs.field(factory=PlayRules, validator=instance_of(PlayRules))
    #: When Stöck are credited: ``IMMEDIATE`` (the second card played), ``ROUND_END``, ``OFF``.
    #: Source: the official rule counts them at the second card; seed 001 "in de volgende
    #: ronde" (``ROUND_END``); ``OFF`` is a game without Stöck.
    stoeck: StoeckMode = attrs.field(default=StoeckMode.IMMEDIATE, validator=instance_of(StoeckMode),
                                     metadata=LATER_OPTION)
    #: Who may say "bedankt, genug": ``TRICK_WINNER`` or ``ANY_TEAM``.
    #: Source: seed 001 ("het team dat net de slag maakt"); the Jassreglement ("Jede Partei
    #: kann sich jederzeit bedanken").
    claim_by: ClaimBy = attrs.field(default=ClaimBy.TRICK_WINNER, validator=instance_of(ClaimBy),
                                    metadata=LATER_OPTION)
    #: The count when both teams reach the target in trick 1: ``STOECK_WEIS_STICH`` or
    #: ``STOECK_STICH_WEIS``.
    #: Source: seed 001 ("Paar-Weis-Slag") and Swisslos ("Stöck, Wys, Stich"); allmedias.ch
    #: counts the trick before the Weis.
    counting_order: CountingOrder = attrs.field(default=CountingOrder.STOECK_WEIS_STICH,
                                                validator=instance_of(CountingOrder), metadata=LATER_OPTION)
    #: The first round's Vorhand: ``SEED`` (after the first dealer) or ``ROSEN_7``.
    #: Source: pagat.com, Schieber (the holder of the seven of roses begins); the seeds do not
    #: say who begins (``SEED``, an engine setting).
    first_vorhand: FirstVorhand = attrs.field(default=FirstVorhand.SEED, validator=instance_of(FirstVorhand),
                                              metadata=LATER_OPTION)

    def __attrs_post_init__(self) -> None:
        if (self.target_score is None) == (self.rounds is None):
            raise InvalidRulesError(
                "set exactly one of target_score (a game to a target) and rounds "
                "(a fixed number of rounds)"
            )
        if self.first_vorhand is FirstVorhand.ROSEN_7 and self.first_dealer is not None:
            raise InvalidRulesError(
                f"first_dealer={self.first_dealer} and first_vorhand=rosen_7: the holder of the Rosen 7 "
                "fixes the first dealer; set one of them"
            )

    def multiplier(self, trump: Trump) -> int:
        """The multiplier of mode ``trump``."""
        return self.multipliers[trump]

    @classmethod
    def seed(cls) -> Rules:
        """The seed's rules (the defaults): to 3000, x1/x1/x2/x2/x3/x4, "bedankt, genug"."""
        return cls()

    @classmethod
    def swisslos(cls) -> Rules:
        """Swisslos' game to 2500: x1 Eicheln/Rosen, x2 Schilten/Schellen, x3 Obenabe and
        Undenufe; the game ends as soon as a team reaches the target."""
        return cls(target_score=2500, multipliers=SWISSLOS_MULTIPLIERS, end_mode=EndMode.AUTO)

    @classmethod
    def flat(cls) -> Rules:
        """Swisslos' game to 1000 with every mode counted once, ending automatically."""
        return cls(target_score=1000, multipliers=FLAT_MULTIPLIERS, end_mode=EndMode.AUTO)

    @classmethod
    def tournament(cls, rounds: int = 12) -> Rules:
        """Swisslos' tournament mode: a fixed number of rounds (12), every mode counted once."""
        return cls(target_score=None, rounds=rounds, multipliers=FLAT_MULTIPLIERS)


# --- moves -------------------------------------------------------------------


@attrs.frozen
class ChooseTrump:
    """Vorhand (or, after a push, the partner) names the trump mode."""

    trump: Trump = attrs.field(converter=Trump.parse)  # type: ignore[misc]

    def __str__(self) -> str:
        return f"choose {self.trump} {self.trump.symbol}"


@attrs.frozen
class Push:
    """Vorhand leaves the choice of trump to the partner ("schieben"); with
    ``allow_push_back``, the partner may push it back once."""

    def __str__(self) -> str:
        return "push (schieben)"


@attrs.frozen
class DeclareWeis(WeisDeclaration):
    """Declare Weis before playing the first card (in trick 1); the same player then plays.

    The Weis must be among those :func:`~jass.weis.detect_weis` finds in the
    player's hand; declaring is optional, and a player may declare only some.
    """


@attrs.frozen
class Announce:
    """ "Bedankt, genug": a player ends the game for their team, winning if the team's points
    reach the target and losing otherwise (``claim`` mode); who may say it is ``claim_by``."""

    def __str__(self) -> str:
        return "announce «bedankt, genug»"


@attrs.frozen
class Deal(NextDeal):
    """The next dealer deals the next round; ``hands=None`` deals from the game's seed.
    Explicit ``hands`` (four disjoint hands of nine cards) are checked when the move is built
    (:class:`~jass.errors.IllegalMoveError`, as for every bad move).

    >>> Deal(hands=[1, 2, 3, 4])
    Traceback (most recent call last):
    jass.errors.IllegalMoveError: Deal: hands: 1 is not a hand (expected 4 hands of 9 cards)
    """


#: Any Schieber move.
Move = Union[ChooseTrump, Push, DeclareWeis, PlayCard, Announce, Deal]


# --- scores ------------------------------------------------------------------

_STATE: Final = InvalidStateError


@attrs.frozen
class TeamScore(_TeamScore):
    """One team's points in one round, before and after the multiplier: ``cards``,
    ``last_trick``, ``match``, ``weis``, ``stoeck`` and the mode's ``multiplier``
    (:class:`jass.teams.TeamScore`)."""


@attrs.frozen
class RoundScore:
    """The score breakdown of one round (complete, or so far)."""

    trump: Trump = attrs.field(validator=instance_of(Trump, error=_STATE))
    teams: tuple[TeamScore, TeamScore] = attrs.field(validator=tuple_of(instance_of(TeamScore), 2, 2, error=_STATE))

    def __attrs_post_init__(self) -> None:
        check_round_teams(self.teams, self.trump, factor="the round's multiplier", cards_in_all=152)

    @property
    def totals(self) -> tuple[int, int]:
        """Both teams' written points."""
        return (self.teams[0].total, self.teams[1].total)


# --- state -------------------------------------------------------------------


def _declared_valid() -> Any:
    return tuple_of(tuple_of(instance_of(Weis), 1, 16, optional=True), 4, 4, error=_STATE)


@attrs.frozen
class Setting:
    """Everything about a Schieber game except the cards in play: it changes between
    rounds and phases, never with a card, so every :class:`State` of a round's card
    play shares one (each card builds only a small :class:`State` and its
    :class:`~jass.play.CardPlay`).

    ``dealt`` holds the round's hands as dealt (needed for Weis and Stöck).
    ``scores`` are the written scores: before the round in play, after it once it is over.
    """

    rules: Rules = attrs.field(validator=instance_of(Rules, error=_STATE))
    seed: int = attrs.field(validator=int_in(0, SEED_LIMIT - 1, error=_STATE))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    dealer: int = attrs.field(validator=int_in(0, SEATS - 1, error=_STATE))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=_STATE))
    dealt: tuple[CardSet, ...] = attrs.field(validator=tuple_of(cards_in(9, 9), 4, 4, error=_STATE))
    scores: tuple[int, int] = attrs.field(default=(0, 0), validator=tuple_of(int_in(0, _MAX_SCORE), 2, 2, error=_STATE))
    pushed: int = attrs.field(default=0, validator=int_in(0, 2, error=_STATE))
    trump: Trump | None = attrs.field(default=None, validator=instance_of(Trump, optional=True, error=_STATE))
    declared: tuple[tuple[Weis, ...] | None, ...] = attrs.field(default=(None,) * SEATS, validator=_declared_valid())
    history: tuple[RoundScore, ...] = attrs.field(
        default=(), validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=_STATE)
    )
    winner: int | None = attrs.field(default=None, validator=int_in(0, 1, optional=True, error=_STATE))
    end: GameEnd | None = attrs.field(default=None, validator=instance_of(GameEnd, optional=True, error=_STATE))


@attrs.frozen(repr=False)
class State(TwoPartState):
    """A Schieber game at one moment. Immutable: :func:`apply` returns a new one.

    ``setting`` holds what the cards in play do not change (rules, seed, dealer, deal,
    scores, trump, Weis, history, result), ``play`` the cards in play once trump is
    chosen. Every field of the setting reads directly on the state too
    (``state.scores``); :meth:`~jass.variant.TwoPartState.create` and
    :meth:`~jass.variant.TwoPartState.replace` take them all by name.
    """

    SETTING: ClassVar[type] = Setting
    PLAY_AFTER: ClassVar[str] = "trump"

    setting: Setting = attrs.field(validator=instance_of(Setting, error=_STATE))
    play: CardPlay | None = attrs.field(default=None, validator=instance_of(CardPlay, optional=True, error=_STATE))

    rules = SettingField[Rules]("The game's rules.")
    phase = SettingField[Phase]("The phase of the game.")
    dealt = SettingField[tuple[CardSet, ...]]("The round's hands as dealt.")
    scores = SettingField[tuple[int, int]]("The written scores: before the round in play, after it once it is over.")
    pushed = SettingField[int]("How often the choice of trump was pushed this round (0, 1, or 2 with push-back).")
    trump = SettingField[Trump | None]("The round's trump mode, once chosen.")
    declared = SettingField[tuple[tuple[Weis, ...] | None, ...]](
        "Each seat's declared Weis (``None``: not declared)."
    )
    history = SettingField[tuple[RoundScore, ...]]("The score breakdowns of the rounds written so far.")
    winner = SettingField[int | None]("The winning team once the game is over (``None`` for a draw).")
    end = SettingField[GameEnd | None]("Why the game ended.")

    @property
    def vorhand(self) -> int:
        """The seat after the dealer: chooses trump and leads the first trick."""
        return (self.setting.dealer + 1) % SEATS


_SEAT: Final = int_in(0, SEATS - 1, error=_STATE)
_OPTIONAL_SEAT: Final = int_in(0, SEATS - 1, optional=True, error=_STATE)


@attrs.frozen
class Observation:
    """What one seat may know: its own hand and everything public, nothing else."""

    #: The observing seat; ``None`` for a spectator.
    seat: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    rules: Rules = attrs.field(validator=instance_of(Rules, error=_STATE))
    phase: Phase = attrs.field(validator=instance_of(Phase, error=_STATE))
    round_number: int = attrs.field(validator=int_in(0, MAX_ROUNDS, error=_STATE))
    dealer: int = attrs.field(validator=_SEAT)
    to_act: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    hand: CardSet = attrs.field(validator=cards_in(0, 9, error=_STATE))
    hand_sizes: tuple[int, ...] = attrs.field(validator=tuple_of(int_in(0, 9), 4, 4, error=_STATE))
    trump: Trump | None = attrs.field(validator=instance_of(Trump, optional=True, error=_STATE))
    pushed: int = attrs.field(validator=int_in(0, 2, error=_STATE))
    trick: tuple[Card, ...] = attrs.field(validator=tuple_of(instance_of(Card), 0, 3, error=_STATE))
    trick_leader: int | None = attrs.field(validator=_OPTIONAL_SEAT)
    tricks: tuple[Trick, ...] = attrs.field(validator=tuple_of(instance_of(Trick), 0, 9, error=_STATE))
    #: Points each seat declared in Weis so far (``None``: not declared); public, as at the table.
    declared_points: tuple[int | None, ...] = attrs.field(
        validator=tuple_of(int_in(0, 1_000_000, optional=True), 4, 4, error=_STATE)
    )
    #: This seat's own declared Weis.
    own_weis: tuple[Weis, ...] | None = attrs.field(
        validator=tuple_of(instance_of(Weis), 0, 16, optional=True, error=_STATE)
    )
    #: After the first trick: the Weis of the team that scores them, shown to all.
    shown_weis: tuple[tuple[Weis, ...], ...] = attrs.field(
        validator=tuple_of(tuple_of(instance_of(Weis), 0, 16), 4, 4, error=_STATE)
    )
    stoeck_team: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    scores: tuple[int, int] = attrs.field(validator=tuple_of(int_in(0, _MAX_SCORE), 2, 2, error=_STATE))
    round_points: tuple[int, int] = attrs.field(validator=tuple_of(int_in(0, _MAX_SCORE), 2, 2, error=_STATE))
    history: tuple[RoundScore, ...] = attrs.field(
        validator=tuple_of(instance_of(RoundScore), 0, MAX_ROUNDS, error=_STATE)
    )
    winner: int | None = attrs.field(validator=int_in(0, 1, optional=True, error=_STATE))
    end: GameEnd | None = attrs.field(validator=instance_of(GameEnd, optional=True, error=_STATE))
    legal_moves: tuple[Move, ...] = attrs.field(
        validator=tuple_of(instance_of(object), 0, 400, error=_STATE)
    )


# Enum members as module constants: ``Phase.PLAY`` is a class-attribute lookup through the enum's
# metaclass, several times slower than a global, and the hot paths ask on every card.
_CHOOSE_TRUMP: Final = Phase.CHOOSE_TRUMP
_PLAY: Final = Phase.PLAY
_ROUND_OVER: Final = Phase.ROUND_OVER
_GAME_OVER: Final = Phase.GAME_OVER
_CLAIM: Final = EndMode.CLAIM
_TRICK_WINNER: Final = ClaimBy.TRICK_WINNER
_ANY_TEAM: Final = ClaimBy.ANY_TEAM
_ROSEN_7: Final = FirstVorhand.ROSEN_7
_IMMEDIATE: Final = StoeckMode.IMMEDIATE
# Values the package has checked, built slot by slot (see jass.variant.slot_builder).
_state: Final = slot_builder(State)
_setting: Final = slot_builder(Setting)
_team_score: Final = slot_builder(TeamScore)
_round_score: Final = slot_builder(RoundScore)
_observation: Final = slot_builder(Observation)
_NO_CARDS: Final = CardSet()


# --- the game ------------------------------------------------------------------



def new_game(
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    deal: Sequence[CardSet] | Sequence[Card | str] | None = None,
) -> State:
    """A new game, its first round dealt and Vorhand to choose trump.

    ``seed`` fixes every deal (and the first dealer unless ``rules.first_dealer``
    is set); without one a random seed is drawn and kept in the state. ``deal``
    gives the first round's hands explicitly: four hands of nine cards, or an
    order of the 36 cards (seat *k* gets cards ``9k .. 9k+8``).

    With ``first_vorhand=FirstVorhand.ROSEN_7`` the seat dealt the Rosen 7 is Vorhand: the
    seat before it is the first dealer.

    >>> state = new_game(seed=7)
    >>> state.dealt == deal_cards(7), state.phase
    (True, Phase.CHOOSE_TRUMP)
    >>> state = new_game(Rules(first_vorhand=FirstVorhand.ROSEN_7), seed=7)
    >>> Card.S7 in state.dealt[state.vorhand]
    True
    """
    game_rules, seed, dealer = game_start(rules, seed, Rules, SEATS)
    hands = deal_cards(seed) if deal is None else first_hands(deal)
    if game_rules.first_vorhand is _ROSEN_7:
        dealer = _rosen_7_dealer(hands)
    setting = _setting(rules=game_rules, seed=seed, round_number=0, dealer=dealer, phase=_CHOOSE_TRUMP, dealt=hands)
    return _state(setting, None)


def _rosen_7_dealer(hands: Sequence[CardSet]) -> int:
    """The first dealer under ``FirstVorhand.ROSEN_7``: the seat before the one dealt the Rosen 7."""
    holder = next(seat for seat, hand in enumerate(hands) if Card.S7 in hand)
    return (holder - 1) % SEATS


def _turn(phase: Phase, dealer: int, pushed: int, to_play: int | None) -> int | None:
    """The seat whose move is due (``to_play``: the card play's seat to play): the one rule
    behind :func:`to_act` and the check of a loaded observation."""
    if phase is _PLAY:
        return to_play
    if phase is _CHOOSE_TRUMP:
        # pushed counts pushes: 0 Vorhand, 1 the partner, 2 Vorhand again (push-back).
        return (dealer + 1 + 2 * (pushed % 2)) % SEATS
    if phase is _ROUND_OVER:
        return (dealer + 1) % SEATS
    return None


def to_act(state: State) -> int | None:
    """The seat whose move is due, ``None`` once the game is over."""
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    play = state.play
    return _turn(setting.phase, setting.dealer, setting.pushed, None if play is None else play.to_play)


is_over, winner = game_end(
    State, _GAME_OVER,
    """The winning team (0: seats 0 and 2; 1: seats 1 and 3); ``None`` while the game goes on, or
    for a drawn game of fixed rounds.""",
)


_CHOOSE_MOVES: Final = tuple(ChooseTrump(t) for t in Trump)
_PUSH: Final = Push()
_ANNOUNCE: Final = Announce()
_DEAL: Final = Deal()


def _may_push(rules: Rules, pushed: int) -> bool:
    return pushed == 0 or (pushed == 1 and rules.allow_push_back)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the seat to act may make; empty once the game is over.

    >>> state = new_game(seed=1)
    >>> legal_moves(state)[-1]
    Push()
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if phase is _PLAY:
        play = state.play
        assert play is not None
        cards: tuple[Move, ...] = card_moves(play.legal_bits)
        rules = setting.rules
        if play.tricks:
            # "Bedankt, genug", in a game to a target in claim mode: the trick's winner says it
            # between tricks (claim_by trick_winner), or the seat to act before any card
            # (any_team). The cheapest tests first, as this runs for every card.
            if (play.trick or len(play.tricks) >= _TRICKS) and rules.claim_by is _TRICK_WINNER:
                return cards
            if rules.target_score is None or rules.end_mode is not _CLAIM:
                return cards
            return (_ANNOUNCE,) + cards
        seat = (play.leader + len(play.trick)) % SEATS
        weis = rules.weis
        if weis is not None and not rules.auto_declare and setting.declared[seat] is None:
            cards = weis_options(setting.dealt[seat].bits, weis, DeclareWeis) + cards
        if rules.claim_by is _ANY_TEAM and rules.target_score is not None and rules.end_mode is _CLAIM:
            return (_ANNOUNCE,) + cards
        return cards
    if phase is _CHOOSE_TRUMP:
        if _may_push(setting.rules, setting.pushed):
            return _CHOOSE_MOVES + (_PUSH,)
        return _CHOOSE_MOVES
    if phase is _ROUND_OVER:
        return (_DEAL,)
    return ()


def apply(state: State, move: Move, *, seat: int | None = None) -> State:
    """The state after the seat to act makes ``move`` (one of :func:`legal_moves`); ``state``
    itself is unchanged. A move sent for ``seat`` is refused unless that seat is to act; the
    text of every error is safe to show to the sender (:class:`jass.variant.Apply`). Trusted
    code deals given cards with :func:`apply_trusted`.

    >>> state = new_game(Rules(first_dealer=3), seed=7)
    >>> apply(state, ChooseTrump("H"), seat=2)
    Traceback (most recent call last):
    jass.errors.WrongSeatError: seat 2 is not to act: seat 0 is
    >>> apply(state, ChooseTrump("H"), seat=0).trump
    Trump.SCHILTEN
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    setting = state.setting
    phase = setting.phase
    if seat is not None:
        check_sender(seat, to_act(state), SEATS)
    if phase is _PLAY and type(move) is PlayCard:
        # This runs for every card of every game.
        before = state.play
        assert before is not None
        try:
            play = before.play(move.card)
        except IllegalMoveError as error:  # with every legal move of the seat, not only its cards
            raise IllegalMoveError(str(error), legal_moves=legal_moves(state), detail=error.detail) from None
        target = setting.rules.target_score
        if target is not None:
            ended = _check_target(state, before, play, not play.trick, target)
            if ended is not None:
                return ended
        if play.legal_bits:
            return _state(setting, play)  # a card changes nothing else
        return _end_round(state, play)
    kind = type(move)
    if kind is ChooseTrump and phase is _CHOOSE_TRUMP:  # every mode is among legal_moves then
        trump = move.trump  # type: ignore[union-attr]
        play = CardPlay.start(trump, setting.dealt, state.vorhand, setting.rules.play)
        return changed(state, play, phase=_PLAY, trump=trump)
    legal = legal_moves(state)
    if move not in legal:  # the one rule of what may be played: legal_moves
        raise refused(move, phase, to_act(state), legal)
    if kind is Push:
        return changed(state, pushed=setting.pushed + 1)
    if kind is DeclareWeis:
        assert state.play is not None and state.play.to_play is not None
        return changed(state, declared=_with(setting.declared, state.play.to_play, move.weis))  # type: ignore[union-attr]
    if kind is Announce:
        return _announce(state)
    return _deal(state, move)  # type: ignore[arg-type]


def apply_trusted(state: State, move: Move) -> State:
    """:func:`apply` for trusted code only (a replayed record, a test position): it also takes
    a :class:`Deal` of given hands. Never for a move a client sent: a player must not choose
    the deal."""
    if type(move) is Deal and move.hands is not None and type(state) is State and state.phase is _ROUND_OVER:
        return _deal(state, move)
    return apply(state, move)


def _with(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``seat``'s changed to ``value``."""
    return values[:seat] + (value,) + values[seat + 1 :]


def _announce(state: State) -> State:
    """ "Bedankt, genug": the team wins if its points reach the target, else it loses."""
    play = state.play
    assert play is not None and play.to_play is not None and state.rules.target_score is not None
    team = team_of(play.to_play)
    reached = totals(state)[team] >= state.rules.target_score
    return _game_over(state, play, team if reached else 1 - team, GameEnd.CLAIM_CORRECT if reached else GameEnd.CLAIM_WRONG)


def _deal(state: State, move: Deal) -> State:
    number = state.round_number + 1
    hands = deal_cards(round_seed(state.seed, number)) if move.hands is None else move.hands
    setting = state.setting
    return _state(
        _setting(
            rules=setting.rules, seed=setting.seed, round_number=number, dealer=(setting.dealer + 1) % SEATS,
            phase=_CHOOSE_TRUMP, dealt=hands, scores=setting.scores, history=setting.history,
        ),
        None,
    )


# --- scoring: the one place a round is added up -----------------------------------------------


def _declarations(setting: Setting) -> tuple[tuple[Weis, ...], ...]:
    """Every seat's Weis as they count: declared, or every Weis with ``auto_declare``."""
    rules = setting.rules
    return counted_weis(setting.dealt, setting.declared, rules.weis, rules.auto_declare)


def _weis_points(setting: Setting, trump: Trump) -> tuple[int, int]:
    """Each team's Weis points: the team with the best Weis scores all of its own."""
    rules = setting.rules
    weis = rules.weis
    if weis is None or (not rules.auto_declare and setting.declared == _NO_DECLARATIONS):
        return (0, 0)  # no Weis, or nobody declared: most rounds of a game with declarations
    dealt = setting.dealt
    return team_weis((dealt[0].bits, dealt[1].bits, dealt[2].bits, dealt[3].bits), setting.declared, weis,
                     rules.auto_declare, (setting.dealer + 1) % SEATS, trump)


_NO_DECLARATIONS: Final = (None,) * SEATS


def _parts(
    setting: Setting, trump: Trump, cards: Sequence[int], won: Sequence[int], last: int | None,
    weis_due: bool, stoeck: int | None,
) -> tuple[Parts, Parts, int]:
    """The parts of a round's score from what the cards gave: ``cards`` and ``won`` (tricks)
    per team, ``last`` the team of the last trick once every card is played, whether the Weis
    count yet (after trick 1) and the team credited with the Stöck; per team (cards, last
    trick, match, Weis, Stöck) by the rules of :mod:`jass.teams`, and the multiplier.
    :func:`_tally` builds the :class:`RoundScore`, :func:`observe` reads the numbers."""
    rules = setting.rules
    weis = _weis_points(setting, trump) if weis_due else (0, 0)
    first, second = team_parts(cards, won, last, rules.match_bonus, weis, stoeck)
    return first, second, rules.multipliers[trump]


def _tally(
    setting: Setting, trump: Trump, cards: Sequence[int], won: Sequence[int], last: int | None,
    weis_due: bool, stoeck: int | None,
) -> RoundScore:
    """The score of a round (see :func:`_parts`). :func:`apply`, :func:`score_round`,
    :func:`rollout` and the loaders all add up a round here."""
    first, second, multiplier = _parts(setting, trump, cards, won, last, weis_due, stoeck)
    return _round_score(trump, (_team_score(*first, multiplier), _team_score(*second, multiplier)))


def _breakdown(setting: Setting, play: CardPlay, *, held_stoeck: bool = False) -> RoundScore:
    """The round's score so far: tricks taken, Weis once trick 1 is done, Stöck as the rules
    credit them (with ``held_stoeck``, immediate Stöck count as soon as held)."""
    return _tally(setting, play.setup.trump, *_so_far(setting, play, held_stoeck))


def _so_far(
    setting: Setting, play: CardPlay, held_stoeck: bool = False
) -> tuple[list[int], list[int], int | None, bool, int | None]:
    """What the cards of ``play`` have given so far, as :func:`_parts` takes it."""
    tricks = play.tricks
    cards, won = team_tricks(tricks)
    stoeck = stoeck_team(setting.rules.stoeck, setting.dealt, play.setup.trump, play, held=held_stoeck)
    last = None if play.legal_bits else tricks[-1].winner & 1
    return cards, won, last, bool(tricks), stoeck


def score_round(state: State) -> RoundScore:
    """The score breakdown of the round in play (so far) or just finished.

    Raises :class:`~jass.errors.JassError` before trump is chosen.
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.play is None:
        raise JassError("no round in play: trump has not been chosen yet")
    if state.phase is not _PLAY and state.history:
        # The round is over: its breakdown is the one written (which, after a game ended
        # by "Stöck, Weis, Stich" in trick 1, includes Stöck held but not yet played).
        return state.history[-1]
    return _breakdown(state.setting, state.play)


def totals(state: State) -> tuple[int, int]:
    """Both teams' points: the written scores plus what the round in play has credited."""
    if type(state) is not State:
        raise wrong_state(state, State)
    if state.phase is _PLAY:
        assert state.play is not None
        running = _breakdown(state.setting, state.play).totals
        return (state.scores[0] + running[0], state.scores[1] + running[1])
    return state.scores


def rollout(state: State, rng: RandomSource | None = None) -> RoundScore:
    """Play a round to its last card with random legal cards, on raw ints; its score.

    ``state`` is in phase ``CHOOSE_TRUMP`` (the seat to act then names a random mode: no
    push) or ``PLAY``. Nobody declares Weis (Weis already declared count, and with
    ``auto_declare`` every Weis does); the score is what :func:`score_round` gives after the
    last card. The game's end is not played: a target reached during the round ends nothing.

    The random choices are those the public API can repeat: each card is
    ``cards[int(rng.random() * len(cards))]`` of the legal cards in index order (the order of
    :func:`legal_moves`), a mode chosen here ``modes[int(rng.random() * 6)]`` in
    :class:`~jass.trump.Trump` order.

    >>> score = rollout(new_game(seed=7), random.Random(1))
    >>> sum(team.cards + team.last_trick for team in score.teams)
    157
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    if rng is None:
        rng = random.Random()
    setting = state.setting
    play = state.play
    cards = [0, 0]
    won = [0, 0]
    if setting.phase is _CHOOSE_TRUMP:
        trump = _MODES[int(rng.random() * 6)]
        hands: list[int] = [hand.bits for hand in setting.dealt]
        leader = state.vorhand
        trick: list[int] = []
    elif setting.phase is _PLAY and play is not None:
        trump = play.trump
        hands = [play.hand_bits >> HAND_BITS * seat & HAND_MASK for seat in range(SEATS)]  # the hands still held
        leader = play.leader
        trick = [card.index for card in play.trick]
        for done in play.tricks:
            cards[done.winner & 1] += done.points
            won[done.winner & 1] += 1
    else:
        raise JassError(f"no round to play out in phase {setting.phase.value}")
    outcome = play_cards(hands, trump, leader, rng, trick=trick, rules=setting.rules.play)
    for seat in range(SEATS):
        cards[seat & 1] += outcome.points[seat]
        won[seat & 1] += outcome.tricks[seat]
    last = outcome.last & 1
    cards[last] -= LAST_TRICK_BONUS  # play_cards counts it with the points
    stoeck = stoeck_team(setting.rules.stoeck, setting.dealt, trump, None)  # the round is played out
    return _tally(setting, trump, cards, won, last, True, stoeck)


_MODES: Final = tuple(Trump)


def _game_over(state: State, play: CardPlay, team: int, end: GameEnd, *, held_stoeck: bool = False) -> State:
    score = _breakdown(state.setting, play, held_stoeck=held_stoeck)
    scores = (state.scores[0] + score.totals[0], state.scores[1] + score.totals[1])
    return changed(
        state, play, phase=_GAME_OVER, scores=scores, history=state.history + (score,), winner=team, end=end,
    )


def _first_to_reach(start: tuple[int, int], steps: Sequence[tuple[int, int]], target: int) -> int | None:
    """Credit ``steps`` (team, points) in order; the first team to reach ``target``."""
    running = list(start)
    for team, points in steps:
        running[team] += points
        if running[team] >= target:
            return team
    return None


def _check_target(
    state: State, before: CardPlay, play: CardPlay, trick_done: bool, target: int
) -> State | None:
    """End the game if this card made a team reach the target, in the counting order
    (``counting_order``: Stöck, Weis, tricks, seed 001 "Paar-Weis-Slag"; or Stöck, tricks, Weis)."""
    setting = state.setting
    rules = setting.rules
    trump = play.trump
    first_trick = trick_done and len(play.tricks) == 1
    if rules.end_mode is _CLAIM and not first_trick:
        return None
    if not trick_done and not (STOECK_BITS[trump] >> play.trick[-1].index & 1 and rules.stoeck is _IMMEDIATE):
        return None  # only a trick or the second Stöck card (credited at once) credits points
    multiplier = rules.multiplier(trump)
    # What a team can have gained in this round at most: every card, the last trick, the match,
    # every Weis declared, the Stöck. Short of the target even so, nobody reaches it now.
    weis = sum(w.points for declared in _declarations(setting) for w in declared)
    ceiling = (_ROUND_POINTS + rules.match_bonus + weis + STOECK_POINTS) * multiplier
    if max(setting.scores) + ceiling < target:
        return None
    old = _breakdown(setting, before)
    start = (setting.scores[0] + old.totals[0], setting.scores[1] + old.totals[1])

    def count(held_stoeck: bool) -> list[tuple[int, int]]:
        new = _breakdown(setting, play, held_stoeck=held_stoeck)
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
    return _game_over(state, play, reached, GameEnd.TARGET_REACHED, held_stoeck=held)


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


def _end_round(state: State, play: CardPlay) -> State:
    setting = state.setting
    score = _breakdown(setting, play)
    written = score.totals
    scores = (setting.scores[0] + written[0], setting.scores[1] + written[1])
    history = setting.history + (score,)
    rules = setting.rules
    phase, winning, end = _GAME_OVER, None, None
    if rules.rounds is not None:
        if len(history) >= rules.rounds:
            end = GameEnd.ROUNDS_PLAYED
            winning = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        else:
            phase = _ROUND_OVER
    else:
        target = rules.target_score
        assert target is not None
        if scores[0] >= target or scores[1] >= target:
            # Seed 001: without an announcement, the team that took the last trick counts first.
            last_team = team_of(play.tricks[-1].winner)
            winning = last_team if scores[last_team] >= target else 1 - last_team
            end = GameEnd.TARGET_REACHED
        else:
            phase = _ROUND_OVER
    return changed(state, play, phase=phase, scores=scores, history=history, winner=winning, end=end)


# --- what a seat sees ------------------------------------------------------------------------------


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know: its own hand, the trump, the tricks, declared Weis points,
    the shown Weis, credited Stöck and the scores; never another hand. ``seat=None`` is a
    spectator: what everybody at the table sees (no hand, no legal moves).

    >>> view = observe(new_game(seed=5), 2)
    >>> len(view.hand), view.hand_sizes
    (9, (9, 9, 9, 9))
    >>> len(observe(new_game(seed=5), None).hand)
    0
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    check_observer(seat, SEATS)
    setting = state.setting
    play = state.play
    if play is not None and setting.phase is not _CHOOSE_TRUMP:
        hand = _NO_CARDS if seat is None else play.hand(seat)
        hand_sizes = play.hand_sizes
        trick = play.trick
        leader: int | None = play.leader
        tricks = play.tricks
    else:
        hand, trick, leader, tricks = _NO_CARDS if seat is None else setting.dealt[seat], (), None, ()
        hand_sizes = tuple(len(dealt) for dealt in setting.dealt)
    rules = setting.rules
    weis_team = credited_stoeck = None
    round_points = (0, 0)
    if play is not None and setting.trump is not None:
        if setting.phase is _PLAY:
            # The numbers of the score so far, without building it: this runs for every move.
            first, second, multiplier = _parts(setting, play.setup.trump, *_so_far(setting, play))
            round_points = (sum(first) * multiplier, sum(second) * multiplier)
        else:
            done = score_round(state).teams
            first = (0, 0, 0, done[0].weis, done[0].stoeck)
            second = (0, 0, 0, done[1].weis, done[1].stoeck)
        # The team with the best Weis scores all of its Weis, so it is the one with Weis points.
        weis_team = 0 if first[3] else 1 if second[3] else None
        credited_stoeck = 0 if first[4] else 1 if second[4] else None
    declared_points, own_weis, shown = weis_view(
        setting.dealt, setting.declared, rules.weis, rules.auto_declare, play is not None and bool(play.tricks),
        weis_team, seat,
    )
    acting = to_act(state)
    return _observation(
        seat, rules, setting.phase, setting.round_number, setting.dealer, acting, hand, hand_sizes,
        setting.trump, setting.pushed, trick, leader, tricks, declared_points, own_weis, shown, credited_stoeck,
        setting.scores, round_points, setting.history, setting.winner, setting.end,
        legal_moves(state) if acting == seat else (),
    )


def card_zones(state: State) -> dict[str, CardSet]:
    """Where each of the 36 cards is: ``"hand 0"`` .. ``"hand 3"`` (the cards each seat holds;
    before trump is chosen, the hands as dealt), ``"trick"`` (the trick in progress) and
    ``"won 0"`` .. ``"won 3"`` (the cards of the tricks each seat has taken). The zones are
    disjoint and hold the 36 cards together; :mod:`jass.testing` checks it after every move.

    >>> zones = card_zones(new_game(seed=1))
    >>> [len(zones[name]) for name in ("hand 0", "hand 3", "trick", "won 0")]
    [9, 9, 0, 0]
    """
    if type(state) is not State:
        raise wrong_state(state, State)
    play = state.play
    if play is None or state.phase is _CHOOSE_TRUMP:
        zones = {f"hand {seat}": hand for seat, hand in enumerate(state.dealt)}
        zones["trick"] = CardSet()
        zones.update((f"won {seat}", CardSet()) for seat in range(SEATS))
        return zones
    return play.zones()


# --- loading: a state is checked by replaying its round -------------------------------------------


def _check_history(setting: Setting, path: str) -> tuple[tuple[RoundScore, ...], tuple[int, int]]:
    """The dealer, and the rounds written before the one in ``setting`` (each a whole round that
    did not end the game); the rounds and the scores they add up to."""
    rules = setting.rules
    first_dealer = None
    if rules.first_vorhand is _ROSEN_7:
        # The first deal fixed the first dealer. A later round's state no longer holds that deal
        # (it may have been given, not seeded), so only round 0 can be checked against it.
        first_dealer = _rosen_7_dealer(setting.dealt) if setting.round_number == 0 else \
            (setting.dealer - setting.round_number) % SEATS
    over = setting.phase is _ROUND_OVER or setting.phase is _GAME_OVER
    before = rounds_before(setting, Rules, SEATS, over, path, first_dealer)
    scores = [0, 0]
    for i, score in enumerate(before):
        rpath = f"{path}.history[{i}]"
        teams = score.teams
        if teams[0].multiplier != rules.multiplier(score.trump):
            raise SerialError(f"is {teams[0].multiplier}, but the rules multiply {score.trump} by "
                              f"{rules.multiplier(score.trump)}", f"{rpath}.teams[0].multiplier")
        if teams[0].cards + teams[1].cards != 152 or teams[0].last_trick + teams[1].last_trick != LAST_TRICK_BONUS:
            raise SerialError("a finished round shares 152 card points and the last trick's 5", f"{rpath}.teams")
        for team in (0, 1):
            match = teams[team].match
            if match not in (0, rules.match_bonus) or (match and (teams[1 - team].cards or not teams[team].last_trick)):
                raise SerialError(f"is {match}, which the cards taken do not give", f"{rpath}.teams[{team}].match")
        scores[0] += score.totals[0]
        scores[1] += score.totals[1]
        if rules.target_score is not None and max(scores) >= rules.target_score:
            raise SerialError(f"a team reached the target {rules.target_score} in this round: the game "
                              "would have ended", rpath)
    if rules.rounds is not None and len(before) >= rules.rounds:
        raise SerialError(f"the game has {rules.rounds} rounds", f"{path}.round_number")
    return before, (scores[0], scores[1])


def check_loaded(state: State, path: str = "$") -> None:
    """Check a state read from JSON: its deal, its dealer and history, and then its round,
    replayed from the deal through :func:`apply` (trump, pushes, Weis, every card in order, a
    claim), must give the state itself. Raises :class:`~jass.errors.SerialError` at the
    first field that does not fit."""
    setting = state.setting
    check_disjoint(setting.dealt, f"{path}.dealt")
    before, scores = _check_history(setting, path)
    replay = State(Setting(rules=setting.rules, seed=setting.seed, round_number=setting.round_number,
                           dealer=setting.dealer, phase=_CHOOSE_TRUMP, dealt=setting.dealt, scores=scores,
                           history=before))
    for _ in range(setting.pushed):
        replay = replay_move(apply, replay, _PUSH, f"{path}.pushed")
    if setting.trump is not None:
        replay = replay_move(apply, replay, ChooseTrump(setting.trump), f"{path}.trump")
    if state.play is not None and replay.phase is _PLAY:
        for card, card_path in state.play.cards_in_order(f"{path}.play"):
            if replay.phase is _PLAY:
                replay = replay_declaration(apply, replay, setting.declared, DeclareWeis, path)
            replay = replay_move(apply, replay, PlayCard(card), card_path)
        if replay.phase is _PLAY:
            replay = replay_declaration(apply, replay, setting.declared, DeclareWeis, path)
        if setting.end in (GameEnd.CLAIM_CORRECT, GameEnd.CLAIM_WRONG):
            replay = replay_move(apply, replay, _ANNOUNCE, f"{path}.end")
    check_same(state, replay, path, "replaying the round from its deal")



def check_observation(view: Observation, path: str = "$") -> None:
    """Check an observation read from JSON: the public facts must agree (the tricks by the
    rules of card play, whose turn it is, the hand sizes, the scores and the history, the
    legal moves). Raises :class:`~jass.errors.SerialError`."""
    seat = view.seat
    vorhand = (view.dealer + 1) % SEATS
    if view.phase is _CHOOSE_TRUMP:
        if view.trump is not None or view.trick_leader is not None or view.tricks or view.trick:
            raise SerialError("no card is played and no trump known before trump is chosen", path)
        played, seen = [0] * SEATS, 0
        to_play = None
    else:
        if view.trump is None or view.trick_leader is None:
            raise SerialError(f"trump and the trick's leader are known in phase {view.phase.value}", path)
        played, seen = check_public_tricks(view.tricks, view.trick, view.trick_leader, view.trump, SEATS,
                                           DEFAULT_TRUMP_JACK_POINTS, vorhand, path)
        done = len(view.tricks) == _TRICKS
        if view.phase is _PLAY and done:
            raise SerialError("all nine tricks are played: the round is over", f"{path}.phase")
        if view.phase is _ROUND_OVER and not done:
            raise SerialError("the round is over only when all nine tricks are played", f"{path}.phase")
        to_play = (view.trick_leader + len(view.trick)) % SEATS
    check_hand_view(view.hand, view.hand_sizes, seat, played, seen, 9, path)
    if view.pushed == 2 and not view.rules.allow_push_back:
        raise SerialError("pushing back is off (Rules.allow_push_back)", f"{path}.pushed")
    over = view.phase is _GAME_OVER
    if not over and (view.winner is not None or view.end is not None):
        raise SerialError("the game is not over", f"{path}.winner" if view.winner is not None else f"{path}.end")
    if over and view.end is None:
        raise SerialError("the game is over: say why", f"{path}.end")
    if over and view.winner is None and view.end is not GameEnd.ROUNDS_PLAYED:
        raise SerialError("the game is over: a team has won (only a game of rounds can be drawn)", f"{path}.winner")
    sums = [sum(score.totals[team] for score in view.history) for team in (0, 1)]
    if list(view.scores) != sums:
        raise SerialError(f"is {list(view.scores)}, but the history adds up to {sums}", f"{path}.scores")
    if view.own_weis is not None and (seat is None or sum(w.points for w in view.own_weis) != view.declared_points[seat]):
        raise SerialError("is not the sum of this seat's own Weis", f"{path}.declared_points[{seat}]")
    if view.stoeck_team is not None and (view.trump is None or not view.trump.is_suit):
        raise SerialError("Stöck are only in a trump suit", f"{path}.stoeck_team")
    allowed: tuple[type, ...] = {
        _CHOOSE_TRUMP: (ChooseTrump, Push), _ROUND_OVER: (Deal,),
    }.get(view.phase, (PlayCard, DeclareWeis, Announce))
    if check_turn(view, _turn(view.phase, view.dealer, view.pushed, to_play), allowed, path) and view.phase is _PLAY:
        assert view.trump is not None
        check_legal_cards(view.legal_moves, view.hand, view.trick, view.trump, view.rules.play, path)


# --- records: moves as text, the deal, the result ----------------------------------------------

_VERBS: Final = ("trump", "push", "weis", "play", "announce", "deal")


def format_move(move: Move) -> str:
    """The short text of a move, as records write it.

    >>> format_move(ChooseTrump("obenabe")), format_move(PlayCard("H10")), format_move(Deal())
    ('trump obenabe', 'play H10', 'deal')
    """
    kind = type(move)
    if kind is PlayCard:
        return f"play {move.card}"  # type: ignore[union-attr]
    if kind is ChooseTrump:
        return f"trump {str(move.trump).lower()}"  # type: ignore[union-attr]
    if kind is Push:
        return "push"
    if kind is DeclareWeis:
        return "weis " + weis_text(move)  # type: ignore[arg-type]
    if kind is Announce:
        return "announce"
    if kind is Deal:
        return deal_text(move)  # type: ignore[arg-type]
    raise RecordError(f"{move!r:.80} is not a Schieber move")


def parse_move(text: str, rules: Rules | None = None) -> Move:
    """The move written as ``text`` (see :func:`format_move`); ``rules`` give the points of a
    Weis (the defaults if ``None``). Raises :class:`~jass.errors.RecordError`.

    >>> parse_move("weis H6-H8")
    DeclareWeis(weis=(Weis(kind=WeisKind.SEQUENCE, cards=CardSet('H6 H7 H8'), points=20),))
    """
    verb, rest = split_move(text, _VERBS, "Schieber")
    if verb == "play":
        return parse_play(rest)
    if verb == "trump":
        return ChooseTrump(Trump.parse(rest))
    if verb == "push":
        return no_argument(verb, rest, _PUSH)
    if verb == "announce":
        return no_argument(verb, rest, _ANNOUNCE)
    if verb == "weis":
        return parse_weis(rest, rules.weis if isinstance(rules, Rules) else None, DeclareWeis)
    return parse_deal(rest, _DEAL, Deal)


def _result(state: State) -> dict[str, Any]:
    return {"scores": list(state.scores), "end": None if state.end is None else state.end.value}


# --- the conformance harness's hooks -------------------------------------------------------------


def _choose(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """A random move; "bedankt, genug" mostly when it is right (a random announcement would end
    nearly every game of the seed's claim mode in its first round)."""
    if _ANNOUNCE in moves:
        seat = to_act(state)
        target = state.rules.target_score
        right = seat is not None and target is not None and totals(state)[seat % 2] >= target
        if rng.random() < (0.25 if right else 0.005):
            return _ANNOUNCE
        moves = [m for m in moves if m != _ANNOUNCE]
    return rng.choice(moves)


def _check_step(before: State, move: Move, after: State) -> None:
    """A finished round: 152 card points, 5 for the last trick, the match bonus for nine
    tricks (157 in all, plus the bonus); the written scores grow by the round's totals."""
    if len(after.history) == len(before.history):
        return
    score = after.history[-1]
    grown = (after.scores[0] - before.scores[0], after.scores[1] - before.scores[1])
    assert score.totals == grown, f"the scores grew by {grown}, the round's totals are {score.totals}"
    play = after.play
    assert play is not None
    if not play.is_done:  # the game ended during the round
        return
    teams = score.teams
    won = [sum(1 for trick in play.tricks if trick.winner % 2 == team) for team in (0, 1)]
    cards = teams[0].cards + teams[1].cards
    assert cards == 152, f"the round's card points are {cards}, not 152"
    assert (teams[0].last_trick, teams[1].last_trick) in ((LAST_TRICK_BONUS, 0), (0, LAST_TRICK_BONUS))
    bonus = after.rules.match_bonus
    match = tuple(bonus if n == _TRICKS else 0 for n in won)
    assert (teams[0].match, teams[1].match) == match, f"match points {teams[0].match, teams[1].match}"
    points = sum(t.cards + t.last_trick + t.match for t in teams)
    assert points == 157 + sum(match), f"the round's trick points are {points}, not 157 (+ match)"


# --- the rule-based bot's choices among Schieber's own moves ------------------------------------

# --- learning agents: fixed action ids and the observation as a vector -------------------------

_PHASES: Final = tuple(Phase)
_MODE_LIST: Final = tuple(Trump)
#: Action ids: 0..35 the cards, 36..41 the modes (Trump order), then these.
_PUSH_ID, _ANNOUNCE_ID, _DEAL_ID, _DECLARE_ID = 42, 43, 44, 45
_ACTION_NAMES: Final = (
    tuple(f"play {card.name}" for card in Card)
    + tuple(f"choose {mode.name.lower()}" for mode in Trump)
    + ("push", "announce bedankt, genug", "deal", "declare every Weis")
)


def _fullest_declaration(view: Observation) -> DeclareWeis | None:
    weis = fullest_declaration(view.hand, view.rules.weis)
    return DeclareWeis(weis) if weis else None


def _action_of(view: Observation, move: Move) -> int | None:
    kind = type(move)
    if kind is PlayCard:
        return move.card.index  # type: ignore[union-attr]
    if kind is ChooseTrump:
        return 36 + _MODE_LIST.index(move.trump)  # type: ignore[union-attr]
    if kind is Push:
        return _PUSH_ID
    if kind is Announce:
        return _ANNOUNCE_ID
    if kind is Deal:
        return _DEAL_ID if move.hands is None else None  # type: ignore[union-attr]
    # Only the fullest declaration has an id: declaring part of one's Weis is left out.
    return _DECLARE_ID if kind is DeclareWeis and move == _fullest_declaration(view) else None


def _move_of(view: Observation, action: int) -> Move:
    if 0 <= action < 36:
        return PlayCard(Card.from_index(action))
    if 36 <= action < 42:
        return _CHOOSE_MOVES[action - 36]
    if action == _DECLARE_ID:
        declaration = _fullest_declaration(view)
        if declaration is not None:
            return declaration
    moves: dict[int, Move] = {_PUSH_ID: _PUSH, _ANNOUNCE_ID: _ANNOUNCE, _DEAL_ID: _DEAL}
    if action in moves:
        return moves[action]
    raise IllegalMoveError(f"action {action!r:.20} is no Schieber move here (ids 0..45)")


_SCHIEBER_LAYOUT: Final = play_layout(SEATS) + (
    ("phase", len(_PHASES)),
    ("dealer", SEATS),
    ("pushed", 3),
    *WEIS_LAYOUT,
    ("scores", 2),
    ("round_points", 2),
    ("target", 1),
    ("multiplier", 1),
)


def _encode(view: Observation) -> list[float]:
    """The vector of :data:`_SCHIEBER_LAYOUT`: the card-play block, then the phase, the dealer
    (relative), the pushes, declared Weis points / 300 and who declared, the shown Weis cards
    per relative seat, the Stöck team (own, other, none), the written scores and this round's
    points of the own team and the other / the target (3000 in a game of rounds), the target
    / 5000 (0 in a game of rounds) and the mode's multiplier / 4."""
    seat = view.seat
    if seat is None:
        raise JassError("a spectator's view has no seat to encode from")
    rules = view.rules
    vector = play_block(view, view.trump)
    vector += one_hot(_PHASES.index(view.phase), len(_PHASES))
    vector += one_hot(relative(view.dealer, seat, SEATS), SEATS)
    vector += one_hot(view.pushed, 3)
    vector += weis_block(view, seat)
    team = seat % 2
    scale = rules.target_score or 3000
    vector += [view.scores[team] / scale, view.scores[1 - team] / scale]
    vector += [view.round_points[team] / scale, view.round_points[1 - team] / scale]
    vector += [(rules.target_score or 0) / 5000, (rules.multiplier(view.trump) if view.trump is not None else 0) / 4]
    return vector


def _claim_wins(view: Observation) -> bool:
    """Whether "bedankt, genug" said now wins: the seat's team's points, written and of this
    round so far, reach the target."""
    target = view.rules.target_score
    if target is None or view.seat is None:
        return False
    team = view.seat % 2
    return view.scores[team] + view.round_points[team] >= target


def _sensible_moves(view: Observation, moves: Sequence[Move]) -> Sequence[Move]:
    """Every legal move but a claim of "bedankt, genug" that loses the game at once."""
    if _ANNOUNCE in moves and not _claim_wins(view):
        return [move for move in moves if move is not _ANNOUNCE and type(move) is not Announce]
    return moves


def _rule_move(view: Observation, moves: Sequence[Move]) -> Move | None:
    """Announce once the team's points reach the target, declare every Weis, choose the trump
    the hand likes best or push a weak hand; cards are left to the card-play rules."""
    if _ANNOUNCE in moves and _claim_wins(view):
        return _ANNOUNCE
    for move in moves:
        if type(move) is DeclareWeis:
            return move  # the first offered declaration is the fullest one
    options = [m for m in moves if type(m) is ChooseTrump]
    if options:
        best = max(options, key=lambda m: hand_value(view.hand, m.trump))
        if _PUSH in moves and hand_value(view.hand, best.trump) < 24:
            return _PUSH
        return best
    return None


# --- search: the states a seat's view allows, and what a round is worth ---------------------------


def hand_sampler(view: Observation, *, max_tries: int = 100_000) -> HandSampler:
    """A :class:`~jass.sampling.HandSampler` of the hands the other seats may hold, given
    ``view``: the card play, and the Weis (:func:`jass.teams.team_sampler`). Before trump is
    chosen only the sizes count.
    """
    if type(view) is not Observation:
        raise wrong_state(view, Observation)
    return team_sampler(view, view.trump, max_tries)


def sample_hands(view: Observation, rng: random.Random) -> tuple[CardSet, ...]:
    """The four hands now, drawn uniformly among those consistent with ``view`` (see
    :func:`hand_sampler`); the observer's own hand is its own. For many draws from one view,
    build the sampler once with :func:`hand_sampler`.

    >>> state = apply(new_game(seed=4), ChooseTrump("obenabe"))
    >>> hands = sample_hands(observe(state, 1), random.Random(0))
    >>> hands[1] == state.play.hand(1), sorted(len(h) for h in hands)
    (True, [9, 9, 9, 9])
    """
    return hand_sampler(view).sample(rng)


@functools.lru_cache(maxsize=16)
def _cached_sampler(view: Observation) -> HandSampler:
    # A search determinises one view again and again; counting its deals is the costly part.
    return hand_sampler(view)


def determinize(view: Observation, rng: random.Random, sampler: HandSampler | None = None) -> State:
    """A state that ``view`` could come from: the other hands drawn by :func:`hand_sampler`
    (or ``sampler``, built once for many draws), their declared Weis among those that fit,
    a fresh seed for the rounds to come. ``observe(state, view.seat) == view``.

    >>> view = observe(apply(new_game(seed=4), ChooseTrump("obenabe")), 1)
    >>> observe(determinize(view, random.Random(0)), 1) == view
    True
    """
    hands, dealt = (sampler or _cached_sampler(view)).sample_dealt(rng)
    rules = view.rules
    declared = drawn_declarations(view, dealt, rng, view.trump)
    phase = view.phase
    setting = _setting(
        rules=rules, seed=rng.randrange(SEED_LIMIT), round_number=view.round_number, dealer=view.dealer,
        phase=phase, dealt=dealt, scores=view.scores, pushed=view.pushed, trump=view.trump,
        declared=declared, history=view.history, winner=view.winner, end=view.end,
    )
    if phase is _CHOOSE_TRUMP or view.trump is None:
        return _state(setting, None)
    setup = CardPlay.start(view.trump, dealt, (view.dealer + 1) % SEATS, rules.play).setup
    leader = view.trick_leader if view.trick_leader is not None else (view.dealer + 1) % SEATS
    return _state(setting, CardPlay.from_parts(setup, hands, leader, view.trick, view.tricks))


#: What a game won or lost is worth to the search, beside a round's points: more than any round.
_GAME_VALUE: Final = 10_000.0


def round_values(state: State) -> tuple[float, ...] | None:
    """What the round in play gave each seat once it is over: its team's points less the other
    team's (the round's totals, multiplied); a game won or lost is worth ±10,000. ``None``
    while the round goes on."""
    phase = state.setting.phase
    if phase is _GAME_OVER:
        winner = state.setting.winner
        if winner is not None and state.setting.end is not GameEnd.ROUNDS_PLAYED:
            return tuple(_GAME_VALUE if seat % 2 == winner else -_GAME_VALUE for seat in range(SEATS))
        return _values(state.history[-1])
    if phase is _ROUND_OVER:
        return _values(state.history[-1])
    return None


def _values(score: RoundScore) -> tuple[float, ...]:
    difference = score.teams[0].total - score.teams[1].total
    return (difference, -difference, difference, -difference)


def _playout(state: State, rng: random.Random) -> tuple[float, ...]:
    """:func:`rollout` as round values: the fast path of the search."""
    return _values(rollout(state, rng))


#: The search solves the card play exactly from this many tricks left.
_SOLVE_FROM: Final = 3


def _solve(state: State) -> tuple[float, ...] | None:
    """The round's values when both teams play their best with open hands, once at most
    three tricks are left (milliseconds); ``None`` before, or outside the card play."""
    play = state.play
    if state.setting.phase is not _PLAY or play is None or len(play.tricks) < 9 - _SOLVE_FROM:
        return None
    from jass.solver import solve  # the solver sits above the variants

    line = solve(play, match_bonus=state.setting.rules.match_bonus).principal_variation
    for card in line:
        state = apply(state, PlayCard(card))
        done = round_values(state)
        if done is not None:
            return done
    raise AssertionError("the solver's line does not finish the round")  # pragma: no cover


def _public_move(move: Move, rules: Rules) -> str:
    """What the table reads of a move: a declaration by its points (the Weis themselves are
    shown only after the first trick, and only the best team's)."""
    if type(move) is DeclareWeis:
        return f"declares Weis ({sum(w.points for w in move.weis)} points)"
    return str(move)


def _round_line(score: RoundScore) -> str:
    """A written round: each team's points by kind, the multiplier and the total."""
    parts = []
    for team, points in enumerate(score.teams):
        kinds = [f"{points.cards} in cards"]
        kinds += [f"{value} {name}" for value, name in (
            (points.last_trick, "last trick"), (points.match, "match"), (points.weis, "Weis"),
            (points.stoeck, "Stöck"),
        ) if value]
        times = f" x{points.multiplier} = {points.total}" if points.multiplier != 1 else ""
        parts.append(f"team {team} {' + '.join(kinds)}{' = ' + str(points.points) if len(kinds) > 1 else ''}{times}")
    return f"{score.trump} {score.trump.symbol}: " + "; ".join(parts)


def _describe(view: Observation) -> list[str]:
    """What a seat reads besides its hand and the table: the slate, the trump's multiplier, the
    round's points so far, Weis and Stöck, a finished round (see :attr:`Variant.describe`)."""
    rules = view.rules
    goal = (f"the game goes to {rules.target_score}" if rules.target_score is not None
            else f"round {min(view.round_number + 1, rules.rounds or 0)} of {rules.rounds}")
    lines = [f"Score: team 0 {view.scores[0]}, team 1 {view.scores[1]}; {goal}"]
    phase = view.phase
    if phase is _CHOOSE_TRUMP:
        chooser = _turn(phase, view.dealer, view.pushed, None)
        pushed = f"seat {(view.dealer + 1) % SEATS} pushed; " if view.pushed % 2 else ""
        lines.append(f"{pushed}seat {chooser} chooses trump")
        return lines
    trump = view.trump
    if trump is not None and phase is _PLAY:
        lines.append(f"This round counts x{rules.multiplier(trump)}; so far team 0 {view.round_points[0]}, "
                     f"team 1 {view.round_points[1]}")
    lines += weis_lines(view, phase is _PLAY)
    if phase is not _PLAY and view.history:
        lines.append(f"Round {len(view.history)} written: {_round_line(view.history[-1])}")
    return lines


def _end_reason(view: Observation) -> str:
    """Why the game ended, and who won (see :attr:`Variant.end_reason`)."""
    winner, end, scores = view.winner, view.end, view.scores
    target = view.rules.target_score
    won = "a draw" if winner is None else f"Team {winner} wins"
    if end is GameEnd.CLAIM_CORRECT and winner is not None:
        return f"Team {winner} announced «bedankt, genug» at {scores[winner]} points, reaching {target}: {won}"
    if end is GameEnd.CLAIM_WRONG and winner is not None:
        claimer = 1 - winner
        return f"Team {claimer} announced «bedankt, genug» at {scores[claimer]} points, short of {target}: {won}"
    if end is GameEnd.TARGET_REACHED and winner is not None:
        return f"Team {winner} reached {target} first ({scores[0]} : {scores[1]}): {won}"
    rounds = len(view.history)
    played = "1 round is" if rounds == 1 else f"{rounds} rounds are"
    return f"The game's {played} played ({scores[0]} : {scores[1]}): {won}"


#: Schieber, described for the registry (:mod:`jass.variant`).
VARIANT: Final = register(
    Variant(
        name="schieber",
        title="Schieber",
        seats=SEATS,
        teams=((0, 2), (1, 3)),
        rules_type=Rules,
        state_type=State,
        move_types=(ChooseTrump, Push, DeclareWeis, PlayCard, Announce, Deal),
        observation_type=Observation,
        presets={"seed": Rules.seed, "swisslos": Rules.swisslos, "flat": Rules.flat, "tournament": Rules.tournament},
        **protocol_of(globals()),
        standings=lambda state: state.scores,
        result=_result,
        record_deal=lambda state: record_deal(state, new_game, lambda s: explicit_deal(s, new_game)),
        game_from_record=lambda rules, seed, fields: game_from_record(new_game, rules, seed, fields),
        explicit_deal=lambda state: explicit_deal(state, new_game),
        explicit_move=explicit_move,
        aliases=("chibre", "schieb"),
        standing_name="team points",
        json_types=(Setting, TeamScore, RoundScore),
        check_loaded=check_loaded,
        check_observation=check_observation,
        hooks=ConformanceHooks(
            hidden_variations=hidden_variations, known_cards=known_cards, check_step=_check_step, choose=_choose,
        ),
        rule_move=_rule_move,
        public_move=_public_move,
        describe=_describe,
        end_reason=_end_reason,
        sensible_moves=_sensible_moves,
        encoding=Encoding(actions=len(_ACTION_NAMES), action_names=_ACTION_NAMES, action_of=_action_of,
                          move_of=_move_of, encode=_encode, layout=_SCHIEBER_LAYOUT),
        search=SearchHooks(determinize=determinize, round_values=round_values, playout=_playout, solve=_solve,
                           scale=150.0),
        module=__name__,
    )
)
