#!/usr/bin/env python3
"""Chooses the defaults of `checkmarkRobust` by a fixed rule and checks the rule by
leave-one-subject-out (docs/checkmark-robust.md, "How the defaults were chosen").

Usage:
    swift build && scripts/checkmark_robust_loso.py STROKES.jsonl [--touchtrace PATH]
        [--positive LABEL] [--v-label LABEL] [--ratio-rule own-spread|common-spread]
        [--alternatives]

STROKES.jsonl is a stroke set (docs/stroke-set-format.md) with a `subject` field, such as the
development strokes of the $1 study (Wobbrock, Wilson and Li, UIST 2007). For each subject, the
parameters are chosen on the other subjects' strokes and measured on that subject's strokes with
the real recognizer (`touchtrace eval --where subject=S --set ...`); then they are chosen once on
every subject: those are the defaults. It prints, per rule, how the measured quantity is
distributed for the checkmarks and for the strokes the rule has to turn away. With
`--alternatives` it also measures, by leave-one-subject-out with its own replay, other quantities
and other threshold placements in place of the proportion rule (docs/checkmark-robust.md, "Other
ways of telling a checkmark from a "v"").

The rule (docs/checkmark-robust.md says how it came about):
- Each early rule (backtrack, lead-in) separates the checkmarks from the strokes of other labels
  that no other early rule turns away before touch-up and that it can turn away without losing a
  training checkmark (their value is above the largest any training checkmark needs). Its
  threshold is the midpoint between that largest need and the 5th percentile of those strokes'
  values (one odd stroke does not set the margin; a stroke below the threshold is still turned
  away, later, by the shape rules), rounded to a whole point. `jitter` is the backtrack threshold,
  kept below `minFall` (at most `minFall` - 1), and `leadInRise` at most `minRise`: the geometric
  limits of the design.
- The proportion rule separates the checkmarks from the strokes of other labels that reach
  touch-up in the up stroke having risen `minRise`. The two classes touch, so the threshold is the
  point as many standard deviations above the negatives' mean as below the checkmarks' mean, on
  log(rise / fall) (each class with its own spread), rounded to two decimals. (`--ratio-rule
  common-spread` shows, for comparison, the midpoint of the two means.)
- `minFall` and `minRise` are kept (12 and 34 points): no stroke of the set is decided by them.
Since the classes a rule separates depend on the other rules, the choice is repeated from the
previous defaults until it no longer changes.

The measured quantities mirror Sources/TouchTrace/Recognizers/CheckmarkRobust.swift; the script
checks that its own replay accepts exactly the strokes the real recognizer accepts, and fails
(exit 1) if they ever disagree.
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys

PREVIOUS = {"jitter": 10.0, "leadInRise": 26.0, "minFall": 12.0, "minRise": 34.0, "riseRatio": 1.75}


def measure(points, p, off=()):
    """Replays one stroke as CheckmarkRobust.swift does and returns the quantities its rules
    judge, each over the whole stroke (no rule stops it), plus `first`: the early rule (backtrack,
    leadIn, sink; those named in `off` never fail) that would fail it first at the parameters `p`
    (None if none does), and `accepted`."""
    jitter = p["jitter"]
    sx, sy = points[0][0], points[0][1]
    max_x, top, bottom, up_top = sx, sy, sy, sy
    phase = "leadIn"
    backtrack = lead_in = sink = 0.0
    first = None
    moves = points[1:] if len(points) > 1 else points[:1]
    for x, y, *_ in moves:
        backtrack = max(backtrack, max_x - x)
        if first is None and "backtrack" not in off and max_x - x > jitter:
            first = "backtrack"
        max_x = max(max_x, x)
        if phase == "leadIn":
            lead_in = max(lead_in, sy - y)
            if first is None and "leadIn" not in off and sy - y > p["leadInRise"]:
                first = "leadIn"
            top = min(top, y)
            if y - top >= p["minFall"]:
                bottom = y
                phase = "downStroke"
        elif phase == "downStroke":
            if y > bottom:
                bottom = y
            elif bottom - y > jitter:
                up_top = y
                phase = "upStroke"
        elif phase == "upStroke":
            sink = max(sink, y - up_top)
            if first is None and "sink" not in off and y - up_top > jitter:
                first = "sink"
            up_top = min(up_top, y)
    fall = bottom - top
    rise = bottom - moves[-1][1]
    ratio = rise / fall if fall > 0 else math.inf
    accepted = (first is None and phase == "upStroke" and rise >= p["minRise"]
                and rise >= p["riseRatio"] * fall)
    return {"backtrack": backtrack, "leadIn": lead_in, "sink": sink, "phase": phase, "rise": rise,
            "fall": fall, "ratio": ratio, "first": first, "accepted": accepted}


def shape(points, p):
    """The quantities of other ways of telling a checkmark from a "v" (`--alternatives`), each
    one a recognizer could keep as the touches arrive: the stroke is followed through the phases
    as in `measure` (its top is the highest point of the lead-in, its bottom the lowest of the
    down stroke, its end the touch-up point) and, on the way, a running shoelace sum of the path
    from the top."""
    jitter = p["jitter"]
    sx, sy = points[0][0], points[0][1]
    max_x, top, bottom = sx, sy, sy
    top_x, bottom_x = sx, sx
    area = 0.0  # twice the signed area swept from the top
    px, py = sx, sy
    phase = "leadIn"
    moves = points[1:] if len(points) > 1 else points[:1]
    for x, y, *_ in moves:
        area += (px - top_x) * (y - top) - (x - top_x) * (py - top)
        px, py = x, y
        max_x = max(max_x, x)
        if phase == "leadIn":
            if y < top:
                top, top_x, area = y, x, 0.0
            if y - top >= p["minFall"]:
                bottom, bottom_x = y, x
                phase = "downStroke"
        elif phase == "downStroke":
            if y > bottom:
                bottom, bottom_x = y, x
            elif bottom - y > jitter:
                phase = "upStroke"
    ex, ey = px, py
    fall, rise = bottom - top, bottom - ey
    width = max_x - sx
    short_dx, long_dx = bottom_x - top_x, ex - bottom_x
    triangle = (bottom_x - top_x) * (ey - top) - (ex - top_x) * (bottom - top)
    tiny = 1e-9
    return {
        "rise/fall": rise / max(fall, tiny),
        "arm lengths": math.hypot(long_dx, rise) / max(math.hypot(short_dx, fall), tiny),
        "arm widths": max(long_dx, tiny) / max(short_dx, tiny),
        "turn across": max(short_dx, tiny) / max(max_x - top_x, tiny),
        "up angle": math.degrees(math.atan2(rise, max(long_dx, tiny))),
        "down angle": math.degrees(math.atan2(fall, max(short_dx, tiny))),
        "fall/size": fall / max(math.hypot(width, max(rise, fall)), tiny),
        "bow": area / triangle if triangle else 1.0,
    }


# How each alternative quantity is compared: "log" (a ratio, on its logarithm) or "linear";
# which class lies higher is taken from the training strokes.
ALTERNATIVES = {"rise/fall": "log", "arm lengths": "log", "arm widths": "log", "turn across": "log",
                "up angle": "linear", "down angle": "linear", "fall/size": "log", "bow": "linear"}


def percentile(values, q):
    """The value below which a fraction q of the sorted values lie (nearest rank)."""
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def whole(v):
    return float(math.floor(v + 0.5))


def early_negatives(strokes, p, rule, needed, args):
    """The values of `rule`'s quantity for the strokes of other labels that no other early rule
    fails and whose value is above `needed` (the largest a training checkmark needs)."""
    out = []
    for s in strokes:
        if s["gesture"] == args.positive:
            continue
        m = measure(s["points"], p, off=(rule,))
        if m["first"] is None and m[rule] > needed:
            out.append(m[rule])
    return out


def choose(strokes, args, report=None):
    """The parameters the fixed rule gives on `strokes`."""
    p = dict(PREVIOUS)
    for _ in range(10):
        previous = dict(p)
        checks = [measure(s["points"], p) for s in strokes if s["gesture"] == args.positive]
        margins = {}
        for rule, name in (("backtrack", "jitter"), ("leadIn", "leadInRise")):
            needed = max(m[rule] for m in checks)
            negatives = early_negatives(strokes, p, rule, needed, args)
            p5 = percentile(negatives, 0.05)
            margins[name] = (needed, p5, len(negatives))
            p[name] = whole((needed + p5) / 2)
        p["jitter"] = min(p["jitter"], p["minFall"] - 1)
        p["leadInRise"] = min(p["leadInRise"], p["minRise"])
        checks = [measure(s["points"], p) for s in strokes if s["gesture"] == args.positive]
        at_touch_up = []  # the other labels' strokes the proportion decides
        for s in strokes:
            if s["gesture"] == args.positive:
                continue
            m = measure(s["points"], p)
            if m["first"] is None and m["phase"] == "upStroke" and m["rise"] >= p["minRise"]:
                at_touch_up.append(m)
        lc = [math.log(m["ratio"]) for m in checks]
        lv = [math.log(m["ratio"]) for m in at_touch_up]
        mc, sc = statistics.mean(lc), statistics.stdev(lc)
        mv, sv = statistics.mean(lv), statistics.stdev(lv)
        if args.ratio_rule == "own-spread":
            t = (mc * sv + mv * sc) / (sc + sv)
        else:  # "common-spread": both classes taken to spread alike, the midpoint of the means
            t = (mc + mv) / 2
        p["riseRatio"] = round(math.exp(t), 2)
        margins["riseRatio"] = (math.exp(mc), sc, math.exp(mv), sv, len(at_touch_up), (mc - t) / sc)
        if p == previous:
            break
    else:
        raise RuntimeError(f"the choice does not settle: {fmt(previous)} then {fmt(p)}")
    if report is not None:
        report.update(margins)
    return p


def evaluate(args, p, subject=None):
    """Recall, v accepts and other accepts of the real recognizer at `p`."""
    settings = ",".join(f"{k}={v:g}" for k, v in p.items())
    cmd = [args.touchtrace, "eval", args.strokes, "--recognizer", "checkmarkRobust",
           "--positive", args.positive, "--set", settings, "--format", "json"]
    if subject is not None:
        cmd += ["--where", f"subject={subject}"]
    result = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    labels = {l["label"]: l for l in result["labels"]}
    v = labels.get(args.v_label, {"accepted": 0, "strokes": 0})
    others = result["negatives"]
    return {"check": (result["positive"]["accepted"], result["positive"]["strokes"]),
            "v": (v["accepted"], v["strokes"]),
            "other": (others["accepted"] - v["accepted"], others["strokes"] - v["strokes"])}


def simulated(strokes, p, args):
    counts = {"check": [0, 0], "v": [0, 0], "other": [0, 0]}
    for s in strokes:
        key = "check" if s["gesture"] == args.positive else "v" if s["gesture"] == args.v_label else "other"
        counts[key][0] += measure(s["points"], p)["accepted"]
        counts[key][1] += 1
    return {k: tuple(v) for k, v in counts.items()}


def rate(pair):
    return f"{pair[0]}/{pair[1]} {100 * pair[0] / pair[1]:6.2f}%" if pair[1] else "-"


def distributions(strokes, args, p):
    """How each rule's quantity is distributed for checkmarks and v's (per subject) and for the
    strokes each early rule alone turns away."""
    def summary(values):
        return "  ".join(f"{percentile(values, q):6.2f}" for q in (0, 0.05, 0.25, 0.5, 0.75, 0.95, 1))
    print(f"quantities at {fmt(p)}; columns: min p5 p25 median p75 p95 max")
    for label in (args.positive, args.v_label):
        for subject in sorted({s["subject"] for s in strokes}) + [None]:
            ms = [measure(s["points"], p) for s in strokes
                  if s["gesture"] == label and (subject is None or s["subject"] == subject)]
            for q in ("backtrack", "leadIn", "sink", "ratio"):
                print(f"  {label:>6} {subject or 'all':>4} {q:<9} {summary([m[q] for m in ms])}")
    checks = [measure(s["points"], p) for s in strokes if s["gesture"] == args.positive]
    for rule in ("backtrack", "leadIn"):
        needed = max(m[rule] for m in checks)
        neg = early_negatives(strokes, p, rule, needed, args)
        print(f"  {rule} above {needed:g}, other labels no other early rule turns away ({len(neg)}):")
        print(f"  {'':>16} {summary(neg)}")


def own_spread(pos, neg):
    """The point as many standard deviations below the mean of `pos` as above the mean of `neg`
    (each with its own spread): the rule of the proportion."""
    mp, sp = statistics.mean(pos), statistics.stdev(pos)
    mn, sn = statistics.mean(neg), statistics.stdev(neg)
    return (mp * sn + mn * sp) / (sp + sn)


def fisher(pos, neg):
    """Fisher's direction for two-number vectors: the within-class scatter's inverse times the
    difference of the means, scaled so that its first weight is 1."""
    def cov(rows):
        m = [statistics.mean(r[i] for r in rows) for i in (0, 1)]
        c = [[sum((r[i] - m[i]) * (r[j] - m[j]) for r in rows) / (len(rows) - 1) for j in (0, 1)] for i in (0, 1)]
        return m, c
    (mp, cp), (mn, cn) = cov(pos), cov(neg)
    a, b, c, d = (cp[0][0] + cn[0][0], cp[0][1] + cn[0][1], cp[1][0] + cn[1][0], cp[1][1] + cn[1][1])
    det = a * d - b * c
    dm = (mp[0] - mn[0], mp[1] - mn[1])
    w = ((d * dm[0] - b * dm[1]) / det, (-c * dm[0] + a * dm[1]) / det)
    return (1.0, w[1] / w[0]) if w[0] else (0.0, 1.0)


def alternatives(strokes, args):
    """Other ways of telling a checkmark from a "v", each checked by leave-one-subject-out with
    the script's own replay: the early rules and `minRise` as the fixed rule chooses them on the
    other subjects, and, in place of the proportion rule, a threshold on another quantity (or on a
    pair, Fisher's direction with `rise/fall`, or `rise/fall` with another placement of its
    threshold), chosen on the other subjects' checkmarks and the strokes of other labels that
    reach touch-up in the up stroke (the "v" strokes). Thresholds are not rounded."""
    subjects = sorted({s["subject"] for s in strokes})
    folds = []
    for subject in subjects:
        train = [s for s in strokes if s["subject"] != subject]
        p = choose(train, args)
        def reaching(ss):
            out = []
            for s in ss:
                m = measure(s["points"], p)
                if m["first"] is None and m["phase"] == "upStroke" and m["rise"] >= p["minRise"]:
                    out.append((s, shape(s["points"], p)))
            return out
        pos = [shape(s["points"], p) for s in train if s["gesture"] == args.positive]
        neg = [q for s, q in reaching(train) if s["gesture"] != args.positive]
        test = [s for s in strokes if s["subject"] == subject]
        folds.append((subject, pos, neg, reaching(test), test))

    def value(q, name):
        return math.log(max(q[name], 1e-9)) if ALTERNATIVES[name] == "log" else q[name]

    def single(name, place=own_spread):
        def rule(pos, neg):
            vp, vn = [value(q, name) for q in pos], [value(q, name) for q in neg]
            sign = 1.0 if statistics.mean(vp) > statistics.mean(vn) else -1.0
            t = place([sign * v for v in vp], [sign * v for v in vn])
            return lambda q: sign * value(q, name) >= t
        return rule

    def pair(name):
        def rule(pos, neg):
            vp = [(value(q, "rise/fall"), value(q, name)) for q in pos]
            vn = [(value(q, "rise/fall"), value(q, name)) for q in neg]
            w = fisher(vp, vn)
            t = own_spread([w[0] * a + w[1] * b for a, b in vp], [w[0] * a + w[1] * b for a, b in vn])
            return lambda q: w[0] * value(q, "rise/fall") + w[1] * value(q, name) >= t
        return rule

    def midpoint(low_pos, high_neg):
        return lambda pos, neg: (percentile(pos, low_pos) + percentile(neg, high_neg)) / 2

    def weighted(weight):
        def score(q):
            return value(q, "rise/fall") - weight * q["bow"]
        def rule(pos, neg):
            t = own_spread([score(q) for q in pos], [score(q) for q in neg])
            return lambda q: score(q) >= t
        return rule, score

    rules = [(f"{name} (own spread)", single(name)) for name in ALTERNATIVES]
    rules += [(f"rise/fall with {name} (Fisher)", pair(name)) for name in ALTERNATIVES if name != "rise/fall"]
    rules += [("rise/fall, midpoint of the means", single("rise/fall", lambda a, b: (statistics.mean(a) + statistics.mean(b)) / 2)),
              ("rise/fall, lowest checkmark to v p95", single("rise/fall", midpoint(0, 0.95))),
              ("rise/fall, checkmark p5 to v p95", single("rise/fall", midpoint(0.05, 0.95))),
              ("rise/fall, lowest checkmark to highest v", single("rise/fall", midpoint(0, 1)))]
    weights = (0.25, 0.5, 1, 1.5, 2, 3)
    rules += [(f"log rise/fall - {w:g} bow (own spread)", weighted(w)[0]) for w in weights]
    print("alternatives, leave-one-subject-out with the script's replay (recall / v / other per fold):")
    for title, rule in rules:
        pooled = {"check": [0, 0], "v": [0, 0], "other": [0, 0]}
        cells = []
        for subject, pos, neg, reached, test in folds:
            accepts = rule(pos, neg)
            accepted = {id(s) for s, q in reached if accepts(q)}
            got = {"check": [0, 0], "v": [0, 0], "other": [0, 0]}
            for s in test:
                key = "check" if s["gesture"] == args.positive else "v" if s["gesture"] == args.v_label else "other"
                got[key][0] += id(s) in accepted
                got[key][1] += 1
            for k in pooled:
                pooled[k][0] += got[k][0]
                pooled[k][1] += got[k][1]
            cells.append(f"{subject} {got['check'][0]}/{got['v'][0]}/{got['other'][0]}")
        print(f"  {title:<42} {'  '.join(cells)}   pooled recall {rate(pooled['check'])}  v {rate(pooled['v'])}  others {rate(pooled['other'])}")
    print()
    p = choose(strokes, args)
    reached = []  # every subject's strokes that reach touch-up in the up stroke at the defaults
    for s in strokes:
        m = measure(s["points"], p)
        if m["first"] is None and m["phase"] == "upStroke" and m["rise"] >= p["minRise"]:
            reached.append((s, shape(s["points"], p)))
    for w in (0,) + weights:
        score = weighted(w)[1]
        pos = [score(q) for s, q in reached if s["gesture"] == args.positive]
        neg = [score(q) for s, q in reached if s["gesture"] != args.positive]
        spread = (statistics.stdev(pos) + statistics.stdev(neg)) / 2
        print(f"  log rise/fall - {w:g} bow on every subject: lowest checkmark minus highest other, "
              f"in mean standard deviations: {(min(pos) - max(neg)) / spread:.2f}")
    print()
    print(f"  per subject at {fmt(p)}, checkmarks then v strokes; columns: min p5 median p95 max")
    for name in ALTERNATIVES:
        for label in (args.positive, args.v_label):
            for subject in subjects:
                vs = sorted(shape(s["points"], p)[name] for s in strokes if s["gesture"] == label and s["subject"] == subject)
                print(f"  {name:<12} {label:>6} {subject:>4} " + "  ".join(f"{percentile(vs, q):7.3f}" for q in (0, 0.05, 0.5, 0.95, 1)))


def fmt(p):
    return ", ".join(f"{k}={v:g}" for k, v in p.items())


def main():
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n")[0].split()))
    parser.add_argument("strokes", help="the stroke set (JSON Lines with a subject field)")
    parser.add_argument("--touchtrace", default=".build/debug/touchtrace", help="the touchtrace binary")
    parser.add_argument("--positive", default="check", help="the checkmark label (default: check)")
    parser.add_argument("--v-label", default="v", help="the label reported apart (default: v)")
    parser.add_argument("--ratio-rule", choices=("own-spread", "common-spread"), default="own-spread",
                        help="own-spread (the rule): each class with its own standard deviation; "
                             "common-spread: the midpoint of the two means, for comparison")
    parser.add_argument("--alternatives", action="store_true",
                        help="also measure other quantities and threshold placements in place of the "
                             "proportion rule, by leave-one-subject-out with the script's replay")
    args = parser.parse_args()
    if not os.access(args.touchtrace, os.X_OK):
        parser.error(f"no touchtrace binary at {args.touchtrace}: run `swift build` or pass --touchtrace PATH")
    with open(args.strokes, encoding="utf-8") as f:
        strokes = [json.loads(line) for line in f if line.strip()]
    subjects = sorted({s["subject"] for s in strokes})

    pooled = {"check": [0, 0], "v": [0, 0], "other": [0, 0]}
    disagreements = 0
    print("leave-one-subject-out: parameters chosen on the others, measured on the one left out")
    for subject in subjects:
        margins = {}
        p = choose([s for s in strokes if s["subject"] != subject], args, margins)
        got = evaluate(args, p, subject)
        if got != simulated([s for s in strokes if s["subject"] == subject], p, args):
            disagreements += 1
        for k in pooled:
            pooled[k][0] += got[k][0]
            pooled[k][1] += got[k][1]
        print(f"  {subject}: {fmt(p)}")
        print(f"      backtrack: checks need {margins['jitter'][0]:g}, p5 of {margins['jitter'][2]} negatives {margins['jitter'][1]:g}; "
              f"leadIn: {margins['leadInRise'][0]:g} vs {margins['leadInRise'][1]:g} ({margins['leadInRise'][2]}); "
              "ratio: checks {:.2f} (log sd {:.3f}), negatives {:.2f} (log sd {:.3f}, {}), {:.2f} sd each".format(*margins["riseRatio"]))
        print(f"      recall {rate(got['check'])}   v {rate(got['v'])}   others {rate(got['other'])}")
    print(f"  pooled: recall {rate(pooled['check'])}   v {rate(pooled['v'])}   others {rate(pooled['other'])}")
    print()
    margins = {}
    p = choose(strokes, args, margins)
    got = evaluate(args, p)
    if got != simulated(strokes, p, args):
        disagreements += 1
    print(f"defaults chosen on every subject: {fmt(p)}")
    print(f"      backtrack: checks need {margins['jitter'][0]:g}, p5 of {margins['jitter'][2]} negatives {margins['jitter'][1]:g}; "
          f"leadIn: {margins['leadInRise'][0]:g} vs {margins['leadInRise'][1]:g} ({margins['leadInRise'][2]}); "
          "ratio: checks {:.2f} (log sd {:.3f}), negatives {:.2f} (log sd {:.3f}, {}), {:.2f} sd each".format(*margins["riseRatio"]))
    print(f"      recall {rate(got['check'])}   v {rate(got['v'])}   others {rate(got['other'])}")
    print()
    distributions(strokes, args, p)
    if args.alternatives:
        print()
        alternatives(strokes, args)
    if disagreements:
        print("the script's replay disagrees with the recognizer: update measure()", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
