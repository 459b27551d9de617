"""One learning agent against bots, in Gymnasium (optional extra ``jass[rl]``): the usual first
experiment, for every variant with an encoding.

The agent plays the seats ``learners`` (one seat, or the seats of one team: one policy plays
them all); any bots play the others, given as the arena takes them (:data:`jass.ai.players.BotEntry`:
a name such as ``"rule"``, a factory ``factory(seed)``, a bot object; one for every other
seat or a list with one per seat) and a learned policy through :class:`jass.rl.policy.PolicyBot`
(self-play against a frozen copy of the learner). A step is one decision of the agent; the
environment plays the bots' moves, and a move that is the only one offered, in between.

- **Observation**: ``observation="dict"`` (the default) ``{"observation": float32[size],
  "action_mask": int8[actions]}`` in the variant's layout (:mod:`jass.variant.encoding`), as
  PettingZoo's card games show it; ``"flat"`` the vector alone (a Box), for libraries that
  want one. Either way ``info["action_mask"]`` and :meth:`JassGymEnv.action_masks` give the
  mask (sb3-contrib's ``MaskablePPO`` reads the latter).
- **Actions**: the variant's fixed ids (``Discrete(actions)``); only the ids of the mask are
  offered: the **sensible** legal moves (``moves="sensible"``, no going out («Mer bedanked eus!»)
  that loses at once; ``"all"`` offers every legal move), of the ``modes`` allowed (a curriculum: only
  these trump modes are chosen, by every seat). Any other id ends the episode with reward -1
  and ``info["illegal"]`` (``illegal="terminate"``, as PettingZoo's card games do) or raises
  :class:`~jass.errors.IllegalMoveError` (``illegal="raise"``).
- **Reward** (:mod:`jass.rl.rewards`): ``"round_margin"`` after every round, ``"game"`` at the
  end of the game.
- **Episode**: one game under ``rules`` (a ``Rules`` object, a preset's name, or ``None``: the
  variant's defaults). ``reset(seed=s)`` plays the game of seed ``s`` (the deal of
  ``new_game(rules, seed=s)``; the bots are seeded from ``s`` too); a game in which the agent
  never has a choice is replaced by the next.

>>> from jass.rl.gymnasium import JassGymEnv
>>> env = JassGymEnv("schieber", opponents="random")
>>> observation, info = env.reset(seed=7)
>>> observation["observation"].shape, int(observation["action_mask"].sum()) > 1
((515,), True)
>>> action = int(observation["action_mask"].argmax())
>>> observation, reward, terminated, truncated, info = env.step(action)

Each variant is registered with Gymnasium as ``jass/<name>-v0``:
``gymnasium.make("jass/schieber-v0", opponents="rule")``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, Final, Literal

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
except ImportError as error:  # pragma: no cover - the extra is installed wherever this runs
    raise ImportError("jass.rl.gymnasium needs gymnasium and numpy: pip install 'jass[rl]'") from error

from jass.ai.bots import Bot
from jass.ai.players import BotEntry, build_bot, check_bot_entry
from jass.errors import IllegalMoveError, JassError
from jass.rl import Moves, check_moves, encoding_of, offered_moves, parse_modes, returns
from jass.rl.policy import Observation, check_observation, observation_of
from jass.rl.rewards import Reward, check_reward, round_margins
from jass.trump import RoundMode
from jass.variant import SEED_LIMIT, VARIANTS, AnyVariant, as_variant

__all__ = [
    "Illegal",
    "ILLEGAL_REWARD",
    "JassGymEnv",
    "env",
    "observation_space",
    "rules_of",
    "learning_seats",
    "opponent_entries",
]

#: What an action outside the mask does: end the episode with reward -1, or raise.
Illegal = Literal["terminate", "raise"]
#: Bounds of the observation vector: its values are mostly in [0, 1]; scores and penalties
#: beyond the target stay well inside these.
_LOW, _HIGH = -1000.0, 1000.0
#: The reward of an action outside the mask (``illegal="terminate"``).
ILLEGAL_REWARD: Final = -1.0


def observation_space(variant: AnyVariant, observation: Observation) -> spaces.Space[Any]:
    """The space of one seat's observation: the dict of the vector and the mask, or the vector."""
    encoding = encoding_of(variant)
    vector = spaces.Box(_LOW, _HIGH, (encoding.size,), np.float32)
    if observation == "flat":
        return vector
    return spaces.Dict({"observation": vector, "action_mask": spaces.Box(0, 1, (encoding.actions,), np.int8)})


def rules_of(variant: AnyVariant, rules: Any) -> Any:
    """``rules`` for ``variant``: a preset's name read, ``None`` kept (the defaults)."""
    if isinstance(rules, str):
        return variant.preset(rules)
    if rules is not None and not isinstance(rules, variant.rules_type):
        raise JassError(f"rules={rules!r:.60}: expected a {variant.rules_type.__qualname__}, a preset's name or None")
    return rules


def learning_seats(variant: AnyVariant, learners: int | Collection[int]) -> tuple[int, ...]:
    """The learning seats, checked: at least one, all of one team (one policy, one reward)."""
    seats = (learners,) if isinstance(learners, int) else tuple(learners)
    if not seats or len(set(seats)) != len(seats) or any(
            isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < variant.seats for s in seats):
        raise JassError(f"learners={learners!r:.40}: expected distinct seats 0..{variant.seats - 1}")
    if len({variant.team_of(seat) for seat in seats}) > 1:
        raise JassError(f"learners={learners!r:.40}: the seats of one team (one reward); for seats of several "
                        "teams use the PettingZoo environment (jass.rl.pettingzoo)")
    return tuple(sorted(seats))


def opponent_entries(variant: AnyVariant, opponents: Any, learners: Sequence[int]) -> dict[int, Any]:
    """The bot entry of every seat that does not learn: ``opponents`` for each, or
    ``opponents[seat]`` from a list with one entry per seat (``None`` for the learners')."""
    if isinstance(opponents, (list, tuple)):
        if len(opponents) != variant.seats:
            raise JassError(f"opponents: expected one entry per seat ({variant.seats}), got {len(opponents)}")
        entries = dict(enumerate(opponents))
    else:
        entries = dict.fromkeys(range(variant.seats), opponents)
    for seat in learners:
        if isinstance(opponents, (list, tuple)) and entries[seat] is not None:
            raise JassError(f"opponents[{seat}]: seat {seat} learns, its entry must be None")
        del entries[seat]
    for seat, entry in entries.items():
        check_bot_entry(entry, f"opponents[{seat}]")
    return entries


def _action_id(action: Any) -> int | None:
    """``action`` as an int, if it is an integer (a numpy one too)."""
    if isinstance(action, (bool, np.bool_)):
        return None
    if isinstance(action, (int, np.integer)):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    return None


class JassGymEnv(gymnasium.Env[Any, Any]):
    """The single-agent environment of one variant (see the module docs)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        variant: AnyVariant | str = "schieber",
        *,
        opponents: BotEntry | Sequence[BotEntry | None] = "rule",
        learners: int | Collection[int] = (0,),
        rules: Any = None,
        reward: Reward = "round_margin",
        modes: Collection[RoundMode | str] | None = None,
        moves: Moves = "sensible",
        observation: Observation = "dict",
        illegal: Illegal = "terminate",
        skip_forced: bool = True,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.skip_forced = bool(skip_forced)
        self.variant = as_variant(variant)
        self.encoding = encoding_of(self.variant)
        self.rules = rules_of(self.variant, rules)
        self.learners = learning_seats(self.variant, learners)
        self.team = self.variant.team_of(self.learners[0])
        self.reward = check_reward(reward)
        self.moves = check_moves(moves)
        self.observation = check_observation(observation)
        if illegal not in ("terminate", "raise"):
            raise JassError(f"illegal={illegal!r:.40}: choose 'terminate' or 'raise'")
        self.illegal = illegal
        if render_mode not in (None, "ansi"):
            raise JassError(f"render_mode={render_mode!r}: expected None or 'ansi'")
        self.render_mode = render_mode
        self.modes = parse_modes(self.variant, modes)
        self.opponents = opponent_entries(self.variant, opponents, self.learners)
        self.observation_space = observation_space(self.variant, self.observation)
        self.action_space = spaces.Discrete(self.encoding.actions)
        self.state: Any = None
        self._bots: dict[int, Bot] = {}
        self._seat = self.learners[0]
        self._view: Any = None
        self._mask = np.zeros(self.encoding.actions, dtype=np.int8)
        self._standings: tuple[int, ...] = ()
        self._pending = 0.0
        self._over = True

    # --- what may change between episodes ---

    def set_opponents(self, opponents: BotEntry | Sequence[BotEntry | None]) -> None:
        """Play the other seats with ``opponents`` from the next episode on (a new frozen copy
        of the learner's policy, say)."""
        self.opponents = opponent_entries(self.variant, opponents, self.learners)

    def set_modes(self, modes: Collection[RoundMode | str] | None) -> None:
        """Allow only ``modes`` (``None``: every mode) from the next episode on: a curriculum."""
        self.modes = parse_modes(self.variant, modes)

    # --- the episode ---

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new game: the game of ``seed``, or one drawn from the environment's generator.
        ``options`` may set ``"opponents"`` and ``"modes"`` (as :meth:`set_opponents` and
        :meth:`set_modes`)."""
        super().reset(seed=seed)
        options = dict(options or {})
        if "opponents" in options:
            self.set_opponents(options.pop("opponents"))
        if "modes" in options:
            self.set_modes(options.pop("modes"))
        if options:
            raise JassError(f"options: unknown {', '.join(map(repr, options))}; expected 'opponents' or 'modes'")
        game_seed = seed
        while True:
            if game_seed is None:
                game_seed = int(self.np_random.integers(0, SEED_LIMIT, dtype=np.uint64))
            self.state = self.variant.new_game(self.rules, seed=game_seed)
            self._bots = {seat: build_bot(entry, int(self.np_random.integers(0, 2**63)))
                          for seat, entry in self.opponents.items()}
            self._standings = tuple(self.variant.standings(self.state))
            self._over = False
            self._pending = self._advance()
            if not self._over:
                return self._observation(), self._info()
            game_seed = None  # the agent had no choice in this game: the next one

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent's seat to act takes ``action``; then the bots (and moves without a choice)
        until the agent has a choice again or the game is over."""
        if self.state is None or self._over:
            raise JassError("the episode is over: call reset() first")
        chosen = _action_id(action)
        if chosen is None or not 0 <= chosen < self.encoding.actions or not self._mask[chosen]:
            offered = np.flatnonzero(self._mask).tolist()
            if self.illegal == "raise":
                raise IllegalMoveError(f"action {action!r:.20} is not offered now: offered {offered}")
            self._over = True
            info = {**self._info(), "illegal": True}
            return self._observation(), ILLEGAL_REWARD, True, False, info
        move = self.encoding.move_of(self._view, chosen)
        self.state = self.variant.apply(self.state, move, seat=self._seat)
        reward = self._pending + self._credit()
        self._pending = 0.0
        reward += self._advance()
        info = self._info()
        if self._over and self.reward == "game":
            reward = returns(self.variant, self.state)[self.learners[0]]
        return self._observation(), float(reward), self._over, False, info

    def _advance(self) -> float:
        """Play the bots, and the agent's moves without a choice, until the agent has a choice
        or the game is over; the reward earned meanwhile."""
        variant, encoding = self.variant, self.encoding
        reward = 0.0
        while not variant.is_over(self.state):
            seat = variant.to_act(self.state)
            assert seat is not None  # the game goes on
            view = variant.observe(self.state, seat)
            if seat in self.learners:
                offered = offered_moves(variant, view, view.legal_moves, moves=self.moves, modes=self.modes)
                mask = encoding.mask(view, offered)
                choices = sum(mask)
                if choices > 1 or (choices and not self.skip_forced):
                    self._seat, self._view = seat, view
                    self._mask = np.asarray(mask, dtype=np.int8)
                    return reward
                if not choices:
                    raise JassError(f"{variant.name}: no action id for a move of seat {seat}")
                move = encoding.move_of(view, mask.index(1))
            else:
                moves = offered_moves(variant, view, view.legal_moves, moves="all", modes=self.modes)
                move = self._bots[seat].choose(view, moves)
            self.state = variant.apply(self.state, move, seat=seat)
            reward += self._credit()
        self._over = True
        self._view = variant.observe(self.state, self._seat)
        self._mask = np.zeros(encoding.actions, dtype=np.int8)
        return reward

    def _credit(self) -> float:
        """The ``"round_margin"`` reward of the rounds written since the last call."""
        now = tuple(self.variant.standings(self.state))
        if now == self._standings:
            return 0.0
        gains = np.array([[after - before for after, before in zip(now, self._standings)]], dtype=np.float64)
        self._standings = now
        if self.reward != "round_margin":
            return 0.0
        margin = round_margins(gains, self.team, self.variant.lower_is_better, self.encoding.round_scale)
        return float(margin[0])

    def _observation(self) -> Any:
        vector = np.asarray(self.encoding.encode(self._view), dtype=np.float32)
        return observation_of(vector, self._mask.copy(), self.observation)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self._seat, "action_mask": self._mask.copy()}
        if self._over:
            info["standings"] = tuple(self.variant.standings(self.state))
            info["winner"] = self.variant.winner(self.state)
        return info

    def action_masks(self) -> NDArray[np.bool_]:
        """The actions offered now, as booleans (sb3-contrib's ``MaskablePPO`` asks for them)."""
        masks: NDArray[np.bool_] = self._mask.astype(np.bool_)
        return masks

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the public state of the table as text."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return repr(self.variant.observe(self.state, None))


def env(variant: AnyVariant | str = "schieber", **options: Any) -> JassGymEnv:
    """The single-agent environment of ``variant`` (see :class:`JassGymEnv` for ``options``)."""
    return JassGymEnv(variant, **options)


def _register() -> None:
    """Register each variant with an encoding as ``jass/<name>-v0`` in Gymnasium."""
    for name, variant in VARIANTS.items():
        if variant.encoding is not None and f"jass/{name}-v0" not in gymnasium.registry:
            gymnasium.register(id=f"jass/{name}-v0", entry_point="jass.rl.gymnasium:JassGymEnv",
                               kwargs={"variant": name})


_register()
