"""The peer of kifu's Whole-History Rating: PyPI `whole-history-rating` (Coulom's WHR).

Reads the games kifu rated (`kifu ratings --format games`: first, second, score, date,
day), fits them with the package and prints each player's rating per day as JSON, with
the seconds the fit took.

kifu counts a draw as half a win; the package's plain Bradley-Terry model has no draws
(its Davidson draw model is another model). Doubling every game and writing a draw as one
win for each side, with the prior's virtual games doubled and w2 halved, doubles the whole
log-posterior, so its maximum -- the ratings -- is the same.

usage: whr_peer.py GAMES.csv W2 PRIOR_GAMES
"""

import csv
import json
import sys
import time

from whr.whole_history_rating import WHR


def main() -> None:
    path, w2, prior = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    with open(path, newline="", encoding="utf-8") as f:
        games = list(csv.DictReader(f))
    start = time.perf_counter()
    base = WHR(
        {
            "w2": w2 / 2.0,
            "initial_prior_wins": 2.0 * prior,
            "pinned_draw": 0.0,
        }
    )
    for g in games:
        first, second, day = g["first"], g["second"], int(g["day"])
        score = float(g["score"])
        if score == 1.0:
            outcomes = ["B", "B"]
        elif score == 0.0:
            outcomes = ["W", "W"]
        else:
            outcomes = ["B", "W"]
        for winner in outcomes:
            base.create_game(first, second, winner, day, 0)
    iterations, converged = base.auto_iterate(precision=1e-7, batch_size=20)
    seconds = time.perf_counter() - start
    ratings = {
        name: [[day, elo] for day, elo, _ in base.ratings_for_player(name)]
        for name in base.players
    }
    json.dump(
        {
            "seconds": seconds,
            "iterations": iterations,
            "converged": converged,
            "ratings": ratings,
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
