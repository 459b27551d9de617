"""Everything that plays: the bots and the arena, and the tools the variants' bots build on.

- :mod:`jass.ai.sampling` (the hands a seat cannot see, drawn consistently with what it has
  seen), :mod:`jass.ai.solver` (the open-hand solver) and :mod:`jass.ai.counting` (what a
  card-counting player knows, and the card it plays) work on the card play alone; the
  variants' ``ai.py`` files build their search hooks and their rule bot's moves on them, so
  they sit below the variants;
- :mod:`jass.ai.bots` (the random and rule bots), :mod:`jass.ai.search`
  (Monte Carlo and ISMCTS) and :mod:`jass.ai.tournament` (the arena) play any registered
  variant through the registry, above the variants, and never import one.

The import-linter contracts in ``pyproject.toml`` check both (:doc:`/design`).
"""
