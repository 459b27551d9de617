#!/usr/bin/env python3
"""A fixed workload for callgrind, to compare the card play's cost between two checkouts in
instructions (repeatable on a loaded machine, where timings are not): 60 random Schieber games
of one round through the public API, then 400 random rounds of the shared card play
(``CardPlay``) in the six classic modes and Slalom. ``K=0`` runs only the imports (subtract
them); ``K=2`` doubles the work.

    for d in /path/to/before /path/to/after; do
        K=1 PYTHONPATH=$d valgrind --tool=callgrind --callgrind-out-file=/dev/null \
            python benchmarks/callgrind_cardplay.py 2>&1 | grep Collected
        K=0 PYTHONPATH=$d valgrind ... (the same)
    done
"""
import random, sys
from jass import schieber, Card, CardSet, Trump, PerTrickMode
from jass.play import CardPlay
rng = random.Random(7)
import os
K = int(os.environ.get("K", "1"))
for game in range(60 * K):
    state = schieber.new_game(schieber.Rules.tournament(1), seed=game)
    while not schieber.is_over(state):
        state = schieber.apply(state, rng.choice(schieber.legal_moves(state)))
deck = list(Card)
for n in range(400 * K):
    rng.shuffle(deck)
    hands = [CardSet(deck[i * 9:(i + 1) * 9]) for i in range(4)]
    mode = [*Trump, PerTrickMode.SLALOM_OBENABE][n % 7]
    play = CardPlay.start(mode, hands, 0)
    while not play.is_done:
        play = play.play(rng.choice(sorted(play.legal_cards())))
