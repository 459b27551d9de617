"""N games at batch speed: a Gymnasium vector environment on a variant's batch engine (optional
extra ``jass[rl]``), for Schieber, Differenzler and la pomme's card play.

One learning seat (``seat``) in each of ``num_envs`` games stepped in lockstep on numpy arrays
(:class:`~jass.batch.engine.BatchEngine`); the other seats are played in numpy too, by
``opponents``: ``"greedy"`` (the simple rule bot's main ideas, :mod:`jass.batch.policies`),
``"random"`` (a uniformly random action among those offered), or a policy
``policy(observations, masks) -> actions`` for M games at once (the observations in the
environment's form, the masks ``int8[M, actions]``): a frozen copy of the learner, for
self-play. One entry for every other seat, or a list with one per seat (``None`` for the
learner's).

A game here is **one round** (the batch engine plays one): Schieber's deal, choice of trump
and nine tricks; Differenzler's predictions and tricks; la pomme's card play, both players
having kept their hands and nobody having swapped the trump 6. The actions, masks and
observation vectors are those of the scalar encoding, equal element for element to
:class:`jass.rl.gymnasium.JassGymEnv`'s in a game of one round under the same rules and seed
(``tests/test_rl_envs.py`` plays both in lockstep), so an agent trained here plays there.
The rewards are :mod:`jass.rl.rewards`' (``"game"``: the round's winner, a tie for the best a
draw). As in the single-agent environment, moves without a choice are played for the learner,
and an action outside the mask ends its game with reward -1 (``illegal="terminate"``) or
raises (``"raise"``).

Games that end are replaced at once with new ones (Gymnasium's ``AutoresetMode.SAME_STEP``):
the step returns the new game's first observation, and ``infos["final_obs"]`` (where
``infos["_final_obs"]``) the last one of the game that ended. Every game is dealt from a seed
(:attr:`JassVectorEnv.game_seeds`), drawn from the environment's generator: ``new_game(rules,
seed)`` replays it in the scalar engine.

>>> from jass.rl.vector import JassVectorEnv
>>> envs = JassVectorEnv("schieber", 8, opponents="greedy")
>>> observations, infos = envs.reset(seed=1)
>>> observations["observation"].shape, observations["action_mask"].shape
((8, 515), (8, 46))
>>> actions = envs.action_masks().argmax(axis=1)  # the lowest id offered in each game
>>> observations, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape, bool(terminations.any())
((8,), False)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Sequence
from typing import Any, Final, Union

try:
    import numpy as np
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
    from numpy.typing import NDArray
except ImportError as error:  # pragma: no cover - the extra is installed wherever this runs
    raise ImportError("jass.rl.vector needs gymnasium and numpy: pip install 'jass[rl]'") from error

from jass.batch.engine import BatchEngine, put_rows, take_rows
from jass.batch.policies import uniform_actions
from jass.errors import IllegalMoveError, JassError
from jass.rl import encoding_of, parse_modes
from jass.rl.gymnasium import ILLEGAL_REWARD, Illegal, observation_space, rules_of
from jass.rl.policy import Observation, check_observation, observation_of
from jass.rl.rewards import Reward, check_reward, round_margins, round_results
from jass.trump import RoundMode
from jass.variant import SEED_LIMIT, AnyVariant, as_variant

__all__ = ["VectorPolicy", "VectorOpponent", "OPPONENTS", "batch_engine", "JassVectorEnv", "vector_env"]

#: A policy for M games at once: ``policy(observations, masks) -> actions``, the observations
#: in the environment's form, the masks ``int8[M, actions]``, the actions ``int[M]``.
VectorPolicy = Callable[[Any, NDArray[np.int8]], Any]
#: An opponent of the vector environment: ``"greedy"``, ``"random"``, or a :data:`VectorPolicy`.
VectorOpponent = Union[str, VectorPolicy]
#: The opponents the vector environment plays by name.
OPPONENTS: Final = ("greedy", "random")
#: A batch this small is stepped whole however few of its games move.
_SMALL: Final = 64
#: Once fewer than this share of the games move, the moving games are stepped on their own.
_FRACTION: Final = 0.5


class _Ended:
    """The games that ended in one step: their reward and their last observation vector."""

    def __init__(self, n: int, size: int) -> None:
        self.games = np.zeros(n, dtype=np.bool_)
        self.rewards = np.zeros(n, dtype=np.float64)
        self.vectors = np.zeros((n, size), dtype=np.float32)


def batch_engine(variant: AnyVariant | str) -> BatchEngine[Any]:
    """The batch engine of ``variant`` (its module imported now: numpy is optional), or a
    :class:`~jass.errors.JassError` if it has none."""
    found = as_variant(variant)
    module = encoding_of(found).batch
    if not module:
        raise JassError(f"{found.name} has no batch engine for a vector environment: use jass.rl.gymnasium")
    engine: BatchEngine[Any] = importlib.import_module(module).ENGINE
    return engine


def _opponents(variant: AnyVariant, opponents: Any, seat: int) -> dict[int, VectorOpponent]:
    if isinstance(opponents, (list, tuple)):
        if len(opponents) != variant.seats:
            raise JassError(f"opponents: expected one entry per seat ({variant.seats}), got {len(opponents)}")
        if opponents[seat] is not None:
            raise JassError(f"opponents[{seat}]: seat {seat} learns, its entry must be None")
        entries = {s: entry for s, entry in enumerate(opponents) if s != seat}
    else:
        entries = {s: opponents for s in range(variant.seats) if s != seat}
    for where, entry in entries.items():
        if not (entry in OPPONENTS or callable(entry)):
            raise JassError(f"opponents[{where}]={entry!r:.40}: expected 'greedy', 'random' or a policy "
                            "policy(observations, masks) -> actions")
    return entries


class JassVectorEnv(VectorEnv[Any, Any, Any]):
    """The vector environment of one variant (see the module docs)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        variant: AnyVariant | str = "schieber",
        num_envs: int = 1024,
        *,
        opponents: VectorOpponent | Sequence[VectorOpponent | None] = "greedy",
        seat: int = 0,
        rules: Any = None,
        reward: Reward = "round_margin",
        modes: Collection[RoundMode | str] | None = None,
        observation: Observation = "dict",
        illegal: Illegal = "terminate",
        skip_forced: bool = True,
    ) -> None:
        self.variant = as_variant(variant)
        self.encoding = encoding_of(self.variant)
        self.engine = batch_engine(self.variant)
        self.skip_forced = bool(skip_forced)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise JassError(f"num_envs={num_envs!r}: expected an int >= 1")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.variant.seats:
            raise JassError(f"seat={seat!r}: expected a seat 0..{self.variant.seats - 1}")
        self.num_envs = num_envs
        self.seat = seat
        self.team = self.variant.team_of(seat)
        found = rules_of(self.variant, rules)
        self.rules = self.engine.default_rules() if found is None else found
        self.engine.init(np.zeros(0, dtype=np.uint64), self.rules)  # rules the engine cannot play raise now
        self.reward = check_reward(reward)
        self.observation = check_observation(observation)
        if illegal not in ("terminate", "raise"):
            raise JassError(f"illegal={illegal!r:.40}: choose 'terminate' or 'raise'")
        self.illegal = illegal
        self.opponents = _opponents(self.variant, opponents, seat)
        self._allowed = self._columns(parse_modes(self.variant, modes))
        self.single_observation_space = observation_space(self.variant, self.observation)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.single_action_space = spaces.Discrete(self.encoding.actions)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._state: Any = None
        self._mask = np.zeros((num_envs, self.encoding.actions), dtype=np.bool_)
        self._seeds = np.zeros(num_envs, dtype=np.uint64)
        self._seats = np.full(num_envs, seat, dtype=np.intp)

    def _columns(self, modes: frozenset[RoundMode] | None) -> NDArray[np.bool_] | None:
        """The action ids offered under a curriculum of ``modes`` (``None``: all)."""
        if modes is None:
            return None
        allowed = np.ones(self.encoding.actions, dtype=np.bool_)
        for action, mode in self.engine.mode_actions.items():
            allowed[action] = mode in modes
        return allowed

    # --- what may change between episodes ---

    def set_opponents(self, opponents: VectorOpponent | Sequence[VectorOpponent | None]) -> None:
        """Play the other seats with ``opponents`` from the next step on."""
        self.opponents = _opponents(self.variant, opponents, self.seat)

    def set_modes(self, modes: Collection[RoundMode | str] | None) -> None:
        """Allow only ``modes`` (``None``: every mode) in the games dealt from now on."""
        self._allowed = self._columns(parse_modes(self.variant, modes))

    @property
    def game_seeds(self) -> NDArray[np.uint64]:
        """``uint64[num_envs]``: the seed each game in play was dealt from (``new_game(rules,
        seed)`` deals it in the scalar engine)."""
        seeds: NDArray[np.uint64] = self._seeds.copy()
        return seeds

    def action_masks(self) -> NDArray[np.bool_]:
        """``bool[num_envs, actions]``: the actions offered in each game now."""
        masks: NDArray[np.bool_] = self._mask.copy()
        return masks

    # --- the games ---

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """``num_envs`` new games, dealt from seeds drawn from the generator of ``seed``.
        ``options`` may set ``"opponents"`` and ``"modes"``."""
        super().reset(seed=seed)
        options = dict(options or {})
        if "opponents" in options:
            self.set_opponents(options.pop("opponents"))
        if "modes" in options:
            self.set_modes(options.pop("modes"))
        if options:
            raise JassError(f"options: unknown {', '.join(map(repr, options))}; expected 'opponents' or 'modes'")
        self._seeds = self.np_random.integers(0, SEED_LIMIT, self.num_envs, dtype=np.uint64)
        self._state, self._mask = self._advance(self.engine.init(self._seeds, self.rules), None)
        return self._observe(), {}

    def step(self, actions: Any) -> tuple[Any, NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]]:
        """One action of the learner in each game; then the opponents until the learner has a
        choice again, games that end replaced by new ones on the way."""
        if self._state is None:
            raise JassError("call reset() first")
        action = np.asarray(actions)
        n = self.num_envs
        if action.shape != (n,) or action.dtype.kind not in "iu":
            raise IllegalMoveError(f"actions: expected {n} integer action ids, got {action.dtype} of shape {action.shape}")
        action = action.astype(np.intp)
        in_range = (action >= 0) & (action < self.encoding.actions)
        legal = in_range & self._mask[np.arange(n), np.where(in_range, action, 0)]
        bad = ~legal
        if bad.any() and self.illegal == "raise":
            game = int(np.flatnonzero(bad)[0])
            raise IllegalMoveError(f"game {game}: action {int(action[game])} is not offered now: "
                                   f"offered {np.flatnonzero(self._mask[game]).tolist()}")
        ended = _Ended(n, self.encoding.size)
        state = self.engine.step(self._state, np.where(legal, action, 0), legal)
        if bad.any():  # those games end as they are, with the illegal reward
            rows = np.flatnonzero(bad)
            state = self._replace(state, rows, rows, ended, np.full(rows.size, ILLEGAL_REWARD))
        self._state, self._mask = self._advance(state, ended)
        infos: dict[str, Any] = {}
        if ended.games.any():
            infos["final_obs"] = observation_of(ended.vectors, np.zeros((n, self.encoding.actions), dtype=np.int8),
                                                self.observation)
            infos["_final_obs"] = ended.games
            if bad.any():
                infos["illegal"], infos["_illegal"] = bad, bad
        return self._observe(), ended.rewards, ended.games, np.zeros(n, dtype=np.bool_), infos

    def _rewards(self, state: Any, rows: NDArray[np.intp]) -> NDArray[np.float64]:
        gains = self.engine.round_gains(state)[rows]
        if self.reward == "round_margin":
            return round_margins(gains, self.team, self.variant.lower_is_better, self.encoding.round_scale)
        return round_results(gains, self.team, self.variant.lower_is_better)

    def _replace(self, part: Any, local: NDArray[np.intp], games: NDArray[np.intp], ended: _Ended | None,
                 rewards: NDArray[np.float64] | None = None) -> Any:
        """``part`` with its games ``local`` (the environment's games ``games``) ended: their reward
        (``rewards``, else the round's) and last vector recorded in ``ended`` (the first time a
        game ends in a step; ``None`` records nothing), and new games dealt in their place."""
        if ended is not None:
            first = ~ended.games[games]
            if first.any():
                rows, at = local[first], games[first]
                ended.games[at] = True
                ended.rewards[at] = self._rewards(part, rows) if rewards is None else rewards[first]
                ended.vectors[at] = self.engine.observations(take_rows(part, rows), self._seats[at])
        self._seeds[games] = self.np_random.integers(0, SEED_LIMIT, games.size, dtype=np.uint64)
        return put_rows(part, local, self.engine.init(self._seeds[games], self.rules))

    def _offered(self, mask: NDArray[np.bool_]) -> NDArray[np.bool_]:
        return mask if self._allowed is None else mask & self._allowed

    def _advance(self, state: Any, ended: _Ended | None) -> tuple[Any, NDArray[np.bool_]]:
        """Play on until every game is at a choice of the learner: the games that end on the way
        are recorded in ``ended`` and replaced by new ones, which are played on in turn (together:
        dealing costs the same for one game as for many). That state and its offered actions."""
        while True:
            state = self._play_on(state)
            over = self.engine.terminated(state)
            if not over.any():
                return state, self._offered(self.engine.mask(state))
            games = np.flatnonzero(over)
            state = self._replace(state, games, games, ended)

    def _play_on(self, state: Any) -> Any:
        """Step the opponents, and the learner's moves without a choice, until every game is over
        or at a choice of the learner.

        A few games take many more steps than most (a learner with one card to follow suit
        trick after trick), so once few games still move they are stepped as a batch of their
        own, taken from the batch before (``levels``: each batch and the rows taken from it), and
        put back level by level at the end: each copy is of a batch smaller than the last."""
        engine = self.engine
        part, levels = state, []
        while True:
            over = engine.terminated(part)
            to_act = engine.to_act(part)
            mask = self._offered(engine.mask(part))
            learner = (to_act == self.seat) & ~over
            forced = learner & (mask.sum(axis=1) == 1) if self.skip_forced else np.zeros_like(learner)
            moving = ~over & (~learner | forced)
            count = int(moving.sum())
            if not count:
                break
            if count < moving.size * _FRACTION and moving.size > _SMALL:
                keep = np.flatnonzero(moving)
                levels.append((part, keep))
                part = take_rows(part, keep)
                continue
            actions = self._opponent_actions(part, mask, moving & ~learner, to_act)
            if forced.any():
                actions = np.where(forced, np.argmax(mask, axis=1), actions)
            part = engine.step(part, actions, moving)
        for parent, keep in reversed(levels):
            part = put_rows(parent, keep, part)
        return part

    def _opponent_actions(self, state: Any, mask: NDArray[np.bool_], moving: NDArray[np.bool_],
                          to_act: NDArray[np.int8]) -> NDArray[np.intp]:
        """Each opponent's action where it is to act (``moving``); 0 elsewhere."""
        actions = np.zeros(moving.size, dtype=np.intp)
        kinds: dict[int, list[int]] = {}
        for seat, entry in self.opponents.items():
            kinds.setdefault(id(entry), []).append(seat)
        for seats in kinds.values():
            entry = self.opponents[seats[0]]
            rows = moving & np.isin(to_act, seats) if len(kinds) > 1 else moving
            if not rows.any():
                continue
            if isinstance(entry, str):  # "greedy" or "random", checked when given
                chosen = self.engine.greedy(state, mask) if entry == "greedy" else uniform_actions(mask, self.np_random)
            else:
                chosen = np.zeros(moving.size, dtype=np.intp)
                chosen[rows] = self._policy_actions(entry, state, mask, np.flatnonzero(rows), to_act)
            actions = np.where(rows, chosen, actions)
        return actions

    def _policy_actions(self, policy: VectorPolicy, state: Any, mask: NDArray[np.bool_],
                        rows: NDArray[np.intp], to_act: NDArray[np.int8]) -> NDArray[np.intp]:
        """A policy's actions in the games ``rows``, from the observations of the seats to act."""
        vectors = self.engine.observations(take_rows(state, rows), to_act[rows].astype(np.intp))
        masks = mask[rows].astype(np.int8)
        chosen = np.asarray(policy(observation_of(vectors, masks, self.observation), masks)).astype(np.intp)
        if chosen.shape != rows.shape:
            raise JassError(f"the opponents' policy answered shape {chosen.shape} for {rows.size} games")
        return chosen

    def _observe(self) -> Any:
        vectors = self.engine.observations(self._state, self._seats)
        return observation_of(vectors, self._mask.astype(np.int8), self.observation)


def vector_env(variant: AnyVariant | str = "schieber", num_envs: int = 1024, **options: Any) -> JassVectorEnv:
    """The vector environment of ``variant`` (see :class:`JassVectorEnv` for ``options``)."""
    return JassVectorEnv(variant, num_envs, **options)
