"""The recipe of the golden files: seeded random games of every variant, and what is written
of them at chosen moments (states, settings, observations, legal moves, round scores, rules,
records), one JSON text per line.

The files in this directory were written by this recipe on the code before the variant
registry and the cattrs serialiser (git 02f716c); ``tests/test_golden.py`` runs the recipe
again and compares byte for byte, so the ``jass/1`` and ``jass-record/1`` formats cannot
change unnoticed. Regenerate only for a deliberate format change:
``python tests/golden/recipe.py --write``. Deliberate changes since: Differenzler observations
gained ``rules`` (a text without it still reads, as the default rules); Swisslos' Schieber
presets gained ``"pairing": "swisslos"`` (issue 28: a preset that follows a source draws the
French cards with that source's pairing; a text without it reads as seed 001's pairing).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: (variant module name, rules preset or None, game seed, move-choice seed, move limit or None
#: for a whole game written only at its end)
GAMES: tuple[tuple[str, str | None, int, int, int | None], ...] = (
    ("schieber", None, 11, 1, 80),
    ("schieber", "swisslos", 2024, 2, 160),
    ("schieber", "flat", 7, 3, 120),
    ("schieber", "tournament", 99, 4, 120),
    ("differenzler", None, 5, 5, 200),
    ("differenzler", "open", 17, 6, 90),
    ("differenzler", "jasswelt", 3, 7, 90),
    ("pomme", None, 13, 8, 150),
    ("pomme", "three_pommes", 21, 9, 100),
    ("pomme", "wikipedia", 8, 10, 80),
    # Whole games, written only at their end (limit None).
    ("schieber", None, 31, 11, None),
    ("schieber", "flat", 32, 12, None),
    ("schieber", "tournament", 33, 13, None),
    ("differenzler", "open", 34, 14, None),
    ("pomme", None, 35, 15, None),
    ("pomme", "three_pommes", 36, 16, None),
)


def _module(name: str) -> Any:
    import importlib

    return importlib.import_module(f"jass.{name}")


def _choose(variant: Any, state: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """A random move; Schieber's «Mer bedanked eus!» only when it wins (else games end at once)."""
    announce = [m for m in legal if type(m).__name__ == "Announce"]
    if announce:
        team = variant.to_act(state) % 2
        if variant.totals(state)[team] >= state.rules.target_score and rng.random() < 0.5:
            return announce[0]
        legal = tuple(m for m in legal if type(m).__name__ != "Announce")
    return legal[int(rng.random() * len(legal))]


def _recorded_differenzler_play(rules: Any) -> Any:
    """The Differenzler games were recorded when its default let every player undertrump; they
    keep that rule (now ``Undertrump.ALLOWED``, an option) so that they stay the same games. Only
    the lines that write the rules compactly (leaving out defaults) changed with the default."""
    import attrs

    from jass.tricks import PlayRules, Undertrump

    return attrs.evolve(rules, play=PlayRules(undertrump=Undertrump.ALLOWED))


def lines() -> Iterator[tuple[str, str]]:
    """(file name, line) for every golden line, in order."""
    from jass import records, serial

    for name, preset, seed, choice_seed, limit in GAMES:
        variant = _module(name)
        rules = variant.Rules() if preset is None else getattr(variant.Rules, preset)()
        if name == "differenzler":
            rules = _recorded_differenzler_play(rules)
        file = f"{name}.jsonl"
        state = variant.new_game(rules, seed=seed)
        initial = state
        rng = random.Random(choice_seed)
        moves: list[Any] = []
        if limit is not None:
            yield file, serial.dumps(rules)
            yield file, serial.dumps(rules, compact=True)
        phase = None
        for step in range(100_000 if limit is None else limit + 1):
            legal = variant.legal_moves(state)
            # Every change of phase, every 23rd move, and the end.
            if not legal or (limit is not None and (state.phase is not phase or step % 23 == 0)):
                phase = state.phase
                yield file, serial.dumps(state)
                if step % 23 == 0:
                    yield file, serial.dumps(state.setting)
                if state.play is not None:
                    yield file, serial.dumps(state.play)
                for seat in range(variant.SEATS):
                    yield file, serial.dumps(variant.observe(state, seat))
                for move in legal[:12]:
                    yield file, serial.dumps(move)
                try:
                    yield file, serial.dumps(variant.score_round(state))
                except Exception:  # Schieber before trump is chosen
                    pass
            if not legal:
                break
            move = _choose(variant, state, legal, rng)
            moves.append(move)
            state = variant.apply(state, move)
        yield file, records.write_record(moves, initial, state)
    yield from _claims()


def _claims() -> Iterator[tuple[str, str]]:
    """Two Schieber games ended by «Mer bedanked eus!»: one wrong (at the first chance), one
    right (to a target of 150, as soon as it is reached)."""
    from jass import records, schieber, serial

    for target, seed in ((3000, 40), (150, 41)):
        rules = schieber.Rules(target_score=target)
        state = initial = schieber.new_game(rules, seed=seed)
        rng = random.Random(seed)
        moves: list[Any] = []
        while not schieber.is_over(state):
            legal = schieber.legal_moves(state)
            move = legal[int(rng.random() * len(legal))]
            seat = schieber.to_act(state)
            if schieber.Announce() in legal and seat is not None:
                team = seat % 2
                if target == 3000 or schieber.totals(state)[team] >= target:
                    move = schieber.Announce()
                else:
                    move = next(m for m in legal if m != schieber.Announce())
            moves.append(move)
            state = schieber.apply(state, move)
        yield "schieber.jsonl", serial.dumps(state)
        for seat in range(schieber.SEATS):
            yield "schieber.jsonl", serial.dumps(schieber.observe(state, seat))
        yield "schieber.jsonl", serial.dumps(schieber.Announce())
        yield "schieber.jsonl", records.write_record(moves, initial, state)


def write() -> None:
    out: dict[str, list[str]] = {}
    for file, line in lines():
        out.setdefault(file, []).append(line)
    for file, content in out.items():
        (HERE / file).write_text("\n".join(content) + "\n", encoding="utf-8")
        print(f"{file}: {len(content)} lines")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        print(__doc__)
