#!/usr/bin/env python3
"""Records the photo screen's and the sticker board's fixtures with the browser recorder, as a person would on a phone.

Opens recorder/index.html in headless Chromium as a 390 x 844 phone (the screen
PhotoViewController's view fills), draws each gesture with scripted touches
(Input.dispatchTouchEvent, one move every 8 ms, as the recorder's own test does), presses
"Save trace", and writes the page's file to Tests/PhotoScreenTests/Fixtures/photo/NAME.trace.json
(stickers/NAME.trace.json for the sticker board's) with its name and description set (the description says how it was made and what its expected
file shows). The page's timestamps are pointer-event times (Chromium rounds them to 100 µs), so
a new recording differs in the last digits: re-record only when a gesture changes, then run
`photoscreen-touchtrace verify ... --record missing` on the removed expected files and read them.

Usage:
    python3 Examples/PhotoScreen/scripts/record-fixtures.py [--chromium PATH] [--only NAME]
    python3 Examples/PhotoScreen/scripts/record-fixtures.py --describe-only

--describe-only rewrites only the descriptions of the fixtures already recorded.
Needs Chromium (apt-get install -y chromium) and Python's standard library.
"""

import argparse
import json
import math
import re
import sys
import tempfile
import time
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1]
REPOSITORY = EXAMPLE.parents[1]
FIXTURES = EXAMPLE / "Tests" / "PhotoScreenTests" / "Fixtures"
sys.path.insert(0, str(REPOSITORY / "Tests" / "Browser"))
import test_recorder as recorder  # noqa: E402  (the DevTools driver of the recorder's test)

STEP = 0.008  # seconds between moves: a 120 Hz touch screen

# The screen (PhotoViewController): the card is x 20...220, y 60...160 (center 120, 110), the
# photo x 45...345, y 300...600 (center 195, 450), both in the 390 x 844 root view.
PHOTO_CENTER = (195, 450)


def line(start, end, steps):
    """steps + 1 points from start to end, evenly spaced."""
    return [(start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
            for i in range(steps + 1)]


def two_fingers(span_from, span_to, angle_to, steps):
    """Two fingers either side of the photo's center, the line between them going from
    span_from points at 0 radians to span_to points at angle_to radians (evenly in steps)."""
    points = []
    for i in range(steps + 1):
        span = span_from + (span_to - span_from) * i / steps
        angle = angle_to * i / steps
        dx, dy = span / 2 * math.cos(angle), span / 2 * math.sin(angle)
        points.append(((PHOTO_CENTER[0] - dx, PHOTO_CENTER[1] - dy),
                       (PHOTO_CENTER[0] + dx, PHOTO_CENTER[1] + dy)))
    return points


def one_finger(script, at, points, hold_end=0.0):
    """A finger down at the first point, moving through the others every STEP, lifted at the last."""
    x, y = points[0]
    script.touch_start(at, [("a", at_x(script, x), at_y(script, y))])
    t = at
    for x, y in points[1:]:
        t += STEP
        script.touch_move(t, [("a", at_x(script, x), at_y(script, y))])
    script.touch_end(t + STEP + hold_end, ["a"])


def pair(script, at, frames):
    (ax, ay), (bx, by) = frames[0]
    script.touch_start(at, [("a", at_x(script, ax), at_y(script, ay)), ("b", at_x(script, bx), at_y(script, by))])
    t = at
    for (ax, ay), (bx, by) in frames[1:]:
        t += STEP
        script.touch_move(t, [("a", at_x(script, ax), at_y(script, ay)), ("b", at_x(script, bx), at_y(script, by))])
    script.touch_end(t + STEP, ["a", "b"])


def at_x(script, x):
    return script.area["left"] + x


def at_y(script, y):
    return script.area["top"] + y


# name -> (how it is drawn, its description). A description starts with how the trace was made.
MADE = ("Recorded by the browser recorder (recorder/index.html) in headless Chromium, touches "
        "scripted by Examples/PhotoScreen/scripts/record-fixtures.py. ")

GESTURES = {
    "drag-card": (
        # One finger on the card at (80, 100) drags 120 right and 60 down in 24 moves.
        lambda s: one_finger(s, 0.0, line((80, 100), (200, 160), 24)),
        ("One finger on the card (x 20...220, y 60...160, center 120, 110) at (80, 100) moves 5 right "
         "and 2.5 down every 8 ms to (200, 160). The first move (5.6 points) is under the pan's "
         "10-point hysteresis; the second, at 0.0161 s, makes the translation (10, 5), 11.2 points: "
         "the pan begins, the swipe on the screen behind it is prevented, and handlePan moves the "
         "card's center by (10, 5) to (130, 115) and sets the translation back to zero, so each later "
         "event reports (5, 2.5) and the center steps 5, 2.5 to (240, 170) = (120 + 120, 110 + 60), "
         "the finger's whole movement. The velocity at began is the quadratic fit of section 4.1 over "
         "the samples at 0, 0.008 and 0.0161 s (x 0, 5, 10): 613.40 points/s, 625 once the moves are "
         "evenly spaced. At the lift the translation is (0, 0): the center does not change, so no "
         "viewChanged record.")),
    "drag-card-twice": (
        # The drag above, a lift, then a second finger at (300, 200) — outside where the card
        # was laid out (x 20...220), inside where the first drag left it — drags 60 left and
        # 40 down in 10 moves.
        lambda s: (one_finger(s, 0.0, line((80, 100), (200, 160), 24)),
                   one_finger(s, 0.4, line((300, 200), (240, 240), 10))),
        ("The drag of drag-card, then a second finger at 0.4 s at (300, 200): outside the card as laid"
         " out (x 20...220) but inside it where the first drag left it (center 240, 170: x 140...340, "
         "y 120...220), so the card's pan gets the touch. Moves of (-6, 4) every 8 ms: the second "
         "(translation -12, 8, 14.4 points) begins the pan at 0.416 s and moves the center to (228, "
         "178); after ten moves it is at (180, 210) = (240 - 60, 170 + 40). Evenly spaced samples: "
         "velocity (-6, 4) / 0.008 s = (-750, 500) points/s at began.")),
    "pinch-zoom": (
        # Two fingers 60 points apart across the photo's middle spread to 180 apart in 20 moves.
        lambda s: pair(s, 0.0, two_fingers(60, 180, 0.0, 20)),
        ("Two fingers 60 points apart across the photo's middle (195, 450; the photo is x 45...345, y "
         "300...600) spread 3 points each every 8 ms until 180 apart. The span changes by 6 at 0.008 s"
         " and by 12 at 0.016 s, past the pinch's 8-point threshold: it begins with scale 72 / 60 = "
         "1.2 (velocity 0.2 / 0.016 s = 12.5 per second). handlePinch scales the transform by the "
         "scale it reads and sets it back to 1, so each call reads the change since the last (78 / 72 "
         "= 1.0833 at 0.024 s) and the transform's a and d follow the span over 60: 1.2, 1.3, ... 3.0 "
         "at 180 points. The records' scale is the recognizer's own, measured from the start, so it "
         "equals the transform here. The midpoint stays at the photo's center: location (150, 150) in "
         "the photo's bounds. The rotation never turns (both fingers on one line) and fails at the "
         "lift; the swipe fails at once (it takes one touch).")),
    "pinch-and-rotate": (
        # Two fingers 60 apart spread to 120 apart and turn a quarter turn (π/2) in 24 moves.
        lambda s: pair(s, 0.0, two_fingers(60, 120, math.pi / 2, 24)),
        ("Two fingers 60 points apart across the photo's middle (195, 450) turn clockwise by π/48 "
         "(0.0654 rad) and spread by 2.5 points every 8 ms, to a quarter turn and 120 points apart at "
         "0.1921 s. The rotation passes its 5° (0.0873 rad) at the second move (0.1309 rad, 0.016 s) "
         "and begins; the pinch passes its 8 points at the fourth (70 points, scale 70 / 60 = 1.1667, "
         "0.032 s) and begins too, because the delegate lets pinch and rotation go together. Each "
         "handler applies its change since the last call and resets it, pinch first (scene order): at "
         "0.016 s the transform is a rotation by 0.1309 (cos 0.9914, sin 0.1305: a, b, c, d = 0.9914, "
         "0.1305, -0.1305, 0.9914); at 0.032 s a scale of 1.1667 and a turn of 0.2618 (a = 1.1667 cos "
         "0.2618 = 1.1269, b = 1.1667 sin 0.2618 = 0.3020); at the end a scale of 120 / 60 = 2 and a "
         "turn of π/2: 0, 2, -2, 0. One viewChanged record per event, after both actions. Velocities: "
         "0.0654 / 0.008 = 8.18 rad/s, (2.5 / 60) / 0.008 = 5.21 per second.")),
    "swipe-down-dismisses": (
        # One finger below the photo, at (195, 620), flicks 90 points down in 10 moves (80 ms).
        lambda s: one_finger(s, 0.0, line((195, 620), (195, 710), 10)),
        ("One finger on the bare screen below the photo, at (195, 620), flicks 9 points down every 8 "
         "ms. At the sixth move (0.048 s) it has gone 54 points straight down, past the swipe's 50 "
         "within 30° of down and within 0.5 s: the swipe is recognized, and handleSwipe dismisses the "
         "screen: alpha 0 and a translation by the view's height, 844 points (a UIViewController's "
         "default view is 390 x 844), one viewChanged record on the screen's root view (viewer).")),
    "tap-misses": (
        # A tap at (300, 220): right of the card, above the photo, on the bare screen.
        lambda s: one_finger(s, 0.0, [(300, 220)], hold_end=0.07),
        ("A tap at (300, 220), held 78 ms: right of the card (x 20...220), above the photo (y "
         "300...600), so only the screen's own swipe gets the touch, and it fails at the lift (the "
         "touch never moved 50 points). Nothing moves: no viewChanged record.")),
    "add-and-drag-stickers": (
        # The sticker board: a tap at (100, 200) puts a sticker there; a drag from its middle
        # moves it 60 right; a tap at (300, 600) puts a second; a drag moves that one 60 down.
        lambda s: (one_finger(s, 0.0, [(100, 200)], hold_end=0.07),
                   one_finger(s, 0.4, line((100, 200), (160, 200), 12)),
                   one_finger(s, 0.8, [(300, 600)], hold_end=0.07),
                   one_finger(s, 1.2, line((300, 600), (300, 660), 12))),
        ("The sticker board (StickerBoardViewController: the board, 390 x 844, has a tap; each tap puts "
         "a sticker, 100 x 100, centered where it was, with a pan of its own). The tap at (100, 200), "
         "lifted at 0.078 s, is recognized and puts a sticker at x 50...150, y 150...250: the sticker and "
         "its pan are made while the screen is in use, and join the replay after that event. Named as the "
         "screen's views are: its accessibilityIdentifier, sticker, free, so sticker.pan. The finger down "
         "at 0.4 s at (100, 200) hits the sticker: UIKit gathers a touch's recognizers from the hit view "
         "up, so the sticker's pan is asked before the board's tap. Moves of 5 right every 8 ms: at 0.416 s "
         "the translation is (10, 0), the pan's 10 points: it begins, and the board's tap, sharing the "
         "touch, is prevented (SPEC 12, rule 2). Velocity at began: evenly spaced samples, 5 / 0.008 = "
         "625 points/s. handleStickerPan moves the center by the translation and sets it back to zero, "
         "so each later event reports (5, 0); the sticker ends centered at (160, 200), x 110...210. The "
         "tap at (300, 600) at 0.8 s is on the bare board: its tap is recognized at 0.878 s and puts a "
         "second sticker at x 250...350, y 550...650, named board/sticker (sticker is taken: the "
         "superview's name in front). The drag from (300, 600) at 1.2 s moves 5 down every 8 ms: the "
         "second sticker's pan begins at 1.2159 s with (0, 10), velocity from the quadratic fit over "
         "samples 0, 0.008, 0.0159 s (y 0, 5, 10): 636.84 points/s; the board's tap is prevented again. "
         "Each sticker, made during the replay and put in the board, joins after the event that made it, "
         "looking as it was made (no record for that), and has viewChanged records as the screen's views "
         "do, under its pan's view's name: sticker.view at 0.416 s center (100 + 10, 200) = (110, 200), "
         "then +5 in x at each event to (160, 200) at 0.496 s (11 records); none at 0.504 s (translation "
         "0). board/sticker.view from its center (300, 600): (300, 610) at 1.2159 s, then +5 in y at "
         "each event to (300, 660) at 1.296 s (11 records); none at 1.304 s.")),
}


# The fixture folder of each gesture not in photo/ (its scene's screen).
FOLDERS = {"add-and-drag-stickers": "stickers"}


def fixture_path(name):
    return FIXTURES / FOLDERS.get(name, "photo") / f"{name}.trace.json"


def set_description(text, name, description):
    prefix = FOLDERS.get(name, "photo") + "-"
    text = re.sub(r'^  "name": .*,$', lambda _: f'  "name": {json.dumps(prefix + name)},', text, count=1, flags=re.M)
    return re.sub(r'^  "description": .*,$', lambda _: f'  "description": {json.dumps(MADE + description, ensure_ascii=False)},',
                  text, count=1, flags=re.M)


def record(chromium, names):
    with tempfile.TemporaryDirectory(prefix="photoscreen-record-") as scratch:
        scratch = Path(scratch)
        downloads = scratch / "downloads"
        downloads.mkdir()
        (scratch / "profile").mkdir()
        browser = recorder.Chromium(chromium, scratch / "profile")
        try:
            browser.send("Browser.setDownloadBehavior",
                         {"behavior": "allowAndName", "downloadPath": str(downloads), "eventsEnabled": True})
            page = recorder.Page(browser)
            for domain in ("Page", "Runtime", "Log", "Network"):
                page.send(f"{domain}.enable")
            page.send("Emulation.setDeviceMetricsOverride", {
                "width": recorder.VIEWPORT_WIDTH, "height": recorder.VIEWPORT_HEIGHT,
                "deviceScaleFactor": 3, "mobile": True})
            page.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
            loaded = len(browser.events)
            page.send("Page.navigate", {"url": recorder.PAGE.as_uri()})
            browser.wait_for(lambda e: e["method"] == "Page.loadEventFired"
                             and e.get("sessionId") == page.session, "the page to load", since=loaded)
            area = recorder.area_box(page)
            print(f"recording area: {area['width']} x {area['height']} at ({area['left']}, {area['top']})")
            for name in names:
                draw, description = GESTURES[name]
                script = recorder.Script(page, time.time())
                script.area = area
                draw(script)
                page.wait_until("document.getElementById('save').disabled === false", "something recorded")
                time.sleep(0.5)
                path, trace = recorder.save_trace(browser, page, downloads, time.time())
                text = set_description(path.read_text(), name, description)
                fixture_path(name).write_text(text)
                print(f"{name}: {len(trace['events'])} events")
                recorder.click_button(page, "Clear", time.time())
                page.wait_until("document.getElementById('save').disabled === true", "Clear")
        finally:
            browser.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", help="the Chromium binary (default: $CHROMIUM or chromium)")
    parser.add_argument("--only", action="append", choices=sorted(GESTURES), help="record only this gesture")
    parser.add_argument("--describe-only", action="store_true", help="rewrite the descriptions only")
    options = parser.parse_args()
    names = options.only or list(GESTURES)
    if options.describe_only:
        for name in names:
            path = fixture_path(name)
            path.write_text(set_description(path.read_text(), name, GESTURES[name][1]))
        return
    record(recorder.find_chromium(options.chromium), names)


if __name__ == "__main__":
    main()
