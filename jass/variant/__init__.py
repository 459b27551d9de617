"""Variants as objects: the :class:`Variant` record, the registry, and what every variant
package shares.

Every variant (:mod:`jass.schieber`, :mod:`jass.differenzler`, :mod:`jass.pomme`,
:mod:`jass.coiffeur`, or your own) is one package that ends by describing itself in a
:class:`Variant` and registering it, as python-chess's ``chess.variant`` keeps its
``VARIANTS``. Everything above the variants (JSON, records, the conformance harness, bots,
the arena, the command line, the server) finds a variant here and never imports a variant
package:

>>> from jass.variant import VARIANTS, find_variant
>>> list(VARIANTS)[:3]                               # the library's variants, then any registered
['schieber', 'differenzler', 'pomme']
>>> schieber = find_variant("Chibre")                # names and aliases, any case
>>> schieber.name, schieber.seats, schieber.teams
('schieber', 4, ((0, 2), (1, 3)))
>>> final = random_playout(schieber, schieber.new_game(seed=1), seed=2)
>>> schieber.is_over(final)
True

A variant's rule functions (the core of the record):

- ``new_game(rules=None, seed=None) -> State``: a game (a seed is drawn when none is given
  and kept in the state);
- ``legal_moves(state) -> tuple[Move, ...]``: every move the seat to act may make, empty only
  when the game is over;
- ``apply(state, move) -> State``: the state after ``move``; the given state is never changed;
  an illegal move raises :class:`~jass.errors.IllegalMoveError`;
- ``to_act(state)``: the seat whose move is due (``None`` when over); ``is_over(state)``;
  ``winner(state)``: the winning team (an index of :attr:`Variant.teams`);
- ``score_round(state)``: the round's score, from the variant's one scoring function;
- ``standings(state)``: what is written for each team;
- ``observe(state, seat)``: what ``seat`` may know, and nothing more;
- ``card_zones(state)``: where each of the 36 cards is.

Beside the core, one facet per consuming layer (:mod:`jass.variant.facets`). The package's
modules: ``registry`` (the record and the registry),
:mod:`~jass.variant.facets`, :mod:`~jass.variant.encoding` (the action ids and vectors of
learning agents), ``state`` (the two-part state, the start of a game, builders for the hot
paths), ``guards``, ``loading`` and ``notation`` (helpers of the variants' files of those
names); every name of theirs is documented here.
"""

from jass.variant.encoding import *  # noqa: F403
from jass.variant.facets import *  # noqa: F403
from jass.variant.guards import *  # noqa: F403
from jass.variant.loading import *  # noqa: F403
from jass.variant.notation import *  # noqa: F403
from jass.variant.registry import *  # noqa: F403
from jass.variant.state import *  # noqa: F403

__all__ = [
    "Variant",
    "AnyVariant",
    "NewGame",
    "Apply",
    "Notation",
    "RecordFormat",
    "Loading",
    "TableText",
    "MoveText",
    "Describe",
    "ReadMove",
    "ChoiceLines",
    "FieldWords",
    "move_words",
    "faces_of_rules",
    "AIHooks",
    "SearchHooks",
    "Encoding",
    "ConformanceHooks",
    "JSON",
    "Values",
    "Roundtrip",
    "VARIANTS",
    "ENTRY_POINT_GROUP",
    "VARIANT_FILES",
    "register",
    "find_variant",
    "as_variant",
    "variant_of",
    "random_playout",
    "TwoPartState",
    "SettingField",
    "game_start",
    "SEED_LIMIT",
    "MAX_ROUNDS",
    "MAX_MOVE_TEXT",
    "out_of_rounds",
    "record_deal",
    "rounds_before",
    "replay_move",
    "check_game_end",
    "check_turn",
    "split_move",
    "no_argument",
    "check_seat",
    "check_observer",
    "check_seed",
    "check_sender",
    "refused",
    "move_error",
    "wrong_state",
    "slot_builder",
    "slot_evolve",
    "changed",
    "replace_at",
]
