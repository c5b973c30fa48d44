#!/usr/bin/env python3
"""Writes Examples/strokes/checks.jsonl: a small labelled stroke set for `touchtrace eval`.

The strokes are synthetic, made by this script from simple shapes with a fixed random seed, so
the file is the same on every run: four made-up people ("p1" to "p4") each draw every shape
three times, at two speeds. Shapes (y grows downward, as on a screen):

- check:  down and to the right, then up and to the right, ending well above the start;
- v:      down and to the right, then up to about the height of the start;
- caret:  up and to the right, then down (an upside-down v);
- line:   a stroke to the right;
- circle: a loop back to the start.

Each person has their own size and slant, every point gets a little hand jitter (which the
seed's exact checkmark rules do not forgive), and a v ends a little above or below its start
(so the exact rules accept some of them). Points are
[x, y, t_ms], sampled every 16 ms (fast) or 8 ms (slow). Run from the repository's root:

    python3 scripts/make-example-strokes.py
"""
import json
import math
import random

PEOPLE = {"p1": (1.0, 0.0), "p2": (1.3, 0.15), "p3": (0.8, -0.1), "p4": (1.1, 0.05)}  # size, slant
SPEEDS = {"fast": (16, 14), "slow": (8, 40)}  # ms between points, points per stroke
V_RISE = 1.0  # the up stroke of a v against its down stroke; set per stroke in main()
JITTER = 2.0  # points: the largest hand jitter of a point, each way


def path(shape, t):
    """A point of the shape at t in [0, 1], in a box of about 100 points."""
    if shape == "check":
        if t < 0.35:
            u = t / 0.35
            return 35 * u, 40 * u
        u = (t - 0.35) / 0.65
        return 35 + 65 * u, 40 - 100 * u
    if shape == "v":
        if t < 0.5:
            u = t / 0.5
            return 40 * u, 70 * u
        u = (t - 0.5) / 0.5
        return 40 + 40 * u, 70 - 70 * V_RISE * u
    if shape == "caret":
        if t < 0.5:
            u = t / 0.5
            return 40 * u, -70 * u
        u = (t - 0.5) / 0.5
        return 40 + 40 * u, -70 + 70 * u
    if shape == "line":
        return 100 * t, 3 * math.sin(3 * t)
    if shape == "circle":
        a = 2 * math.pi * t
        return 40 * math.sin(a), 40 - 40 * math.cos(a)
    raise ValueError(shape)


def main():
    global V_RISE
    rng = random.Random(20071007)
    lines = []
    for subject, (size, slant) in PEOPLE.items():
        for shape in ["check", "v", "caret", "line", "circle"]:
            for speed, (step, count) in SPEEDS.items():
                for n in range(1, 4) if speed == "fast" else range(1, 2):
                    x0, y0 = 120 + rng.uniform(-20, 20), 300 + rng.uniform(-20, 20)
                    # A v ends near the height it started at: a little above or below.
                    V_RISE = rng.uniform(0.9, 1.1)
                    points = []
                    for k in range(count):
                        px, py = path(shape, k / (count - 1))
                        px, py = px * size + slant * py, py * size
                        points.append([round(x0 + px + rng.uniform(-JITTER, JITTER), 1),
                                       round(y0 + py + rng.uniform(-JITTER, JITTER), 1),
                                       k * step])
                    lines.append({"gesture": shape, "subject": subject, "speed": speed, "n": n, "points": points})
    with open("Examples/strokes/checks.jsonl", "w") as f:
        for line in lines:
            f.write(json.dumps(line, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
