#!/usr/bin/env python3
"""Browser test of recorder/index.html: real input in headless Chromium, then touchtrace.

Opens the recorder page in headless Chromium, driven over the Chrome DevTools Protocol (on a
pipe, so only the Python standard library is needed), as a phone and as a desktop window. It
loads scenes from files (one with subviews, checked where it is drawn; a broken one, reported),
draws two-finger strokes with Input.dispatchTouchEvent (a burst of moves faster than the frame
rate, so the browser coalesces samples; a finger leaving the recording area; a pair the screen
cancels; one-pixel and sub-pixel moves), a mouse stroke that leaves the area (pointer capture)
and a pen stroke with Input.dispatchMouseEvent, presses "Save trace", takes the download, and
checks that the saved trace is valid (`touchtrace validate --strict`) and replays (`touchtrace
replay --format jsonl`) with exactly the touches that were dispatched: count, order, phases,
positions and times. Then "Clear" and a new stroke: the next trace starts again. Console errors,
uncaught exceptions and loads from outside the page fail the test.

Usage:
    python3 Tests/Browser/test_recorder.py [--touchtrace PATH] [--chromium PATH] [--page PATH]
                                           [--keep DIR]

Exit code 0 when every check passes, 1 with a FAIL line otherwise (a missing Chromium or
touchtrace binary is a failure, never a skip).
"""

import argparse
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
PAGE = REPOSITORY / "recorder" / "index.html"

# The emulated phone: CSS pixels, as a 6.1-inch phone reports them.
VIEWPORT_WIDTH = 390
VIEWPORT_HEIGHT = 844

# Chromium gives pages event times rounded to 100 microseconds (and may jitter them by as much
# again), so a recorded time is compared with the dispatched one to within this many seconds.
TIME_TOLERANCE = 0.0005
# Positions are dispatched in CSS pixels and must come back to within this many pixels.
POSITION_TOLERANCE = 0.001
# Forces are dispatched as numbers from 0 to 1 and the browser keeps them as 32-bit floats.
FORCE_TOLERANCE = 0.000001


class Failure(Exception):
    """A check that did not hold; the message says what was expected and what came."""


def fail(message):
    raise Failure(message)


# ---- The DevTools Protocol over a pipe ----------------------------------------------------------


class Chromium:
    """A headless Chromium and its DevTools pipe (fd 3 in, fd 4 out, NUL-terminated JSON)."""

    def __init__(self, executable, profile):
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def wire_pipe():
            # In the child: the pipe's ends become fds 3 and 4 (first moved out of the way, as
            # they may be 3 or 4 already; dup2 makes the copies inheritable).
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        arguments = [
            executable,
            "--headless",
            "--remote-debugging-pipe",
            f"--user-data-dir={profile}",
            "--no-sandbox",                 # as root in a CI container
            "--disable-dev-shm-usage",      # a container's small /dev/shm
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--mute-audio",
            f"--window-size={VIEWPORT_WIDTH},{VIEWPORT_HEIGHT}",
            "about:blank",
        ]
        self.log = open(Path(profile) / "chromium.log", "wb")
        self.process = subprocess.Popen(
            arguments, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
            close_fds=False, preexec_fn=wire_pipe)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.events = []  # every event received, in order: {"method", "params", "sessionId"?}

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        self.log.close()

    def log_tail(self):
        self.log.flush()
        lines = Path(self.log.name).read_text(errors="replace").splitlines()
        return "\n".join(lines[-15:])

    def _read_message(self, deadline):
        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                fail("Chromium did not answer in time")
            ready, _, _ = select.select([self._from_browser], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                fail(f"Chromium closed its DevTools pipe (exit code {self.process.poll()}):\n"
                     f"{self.log_tail()}")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=30):
        """Sends one command and returns its result; events that arrive meanwhile are kept."""
        return self.send_all([(method, params, session)], timeout)[0]

    def send_all(self, commands, timeout=30):
        """Sends (method, params, session) commands without waiting between them, then waits
        for every answer; returns their results in order."""
        pending = {}
        data = b""
        for method, params, session in commands:
            self._next_id += 1
            message = {"id": self._next_id, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            pending[self._next_id] = method
            data += json.dumps(message).encode() + b"\0"
        first = self._next_id - len(commands) + 1
        try:
            while data:
                data = data[os.write(self._to_browser, data):]
        except BrokenPipeError:
            fail(f"Chromium is gone (exit code {self.process.poll()}):\n{self.log_tail()}")
        results = {}
        deadline = time.monotonic() + timeout
        while len(results) < len(commands):
            reply = self._read_message(deadline)
            if reply.get("id") in pending:
                if "error" in reply:
                    fail(f"{pending[reply['id']]} failed: {reply['error'].get('message')}")
                results[reply["id"]] = reply.get("result", {})
            elif "method" in reply:
                self.events.append(reply)
        return [results[first + index] for index in range(len(commands))]

    def wait_for(self, predicate, what, since=0, timeout=30):
        """Returns the first event from events[since] on (kept or arriving) that satisfies
        predicate."""
        seen = since
        deadline = time.monotonic() + timeout
        while True:
            for event in self.events[seen:]:
                if predicate(event):
                    return event
            seen = len(self.events)
            message = self._read_message(deadline if time.monotonic() < deadline else 0)
            if "method" in message:
                self.events.append(message)
            if time.monotonic() > deadline:
                fail(f"timed out waiting for {what}")


class Page:
    """One tab of the browser, attached as a flat session."""

    def __init__(self, browser):
        self.browser = browser
        self.target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send(
            "Target.attachToTarget", {"targetId": self.target, "flatten": True})["sessionId"]
        self.batch = None  # Input commands held back by burst()

    def send(self, method, params=None, timeout=30):
        if self.batch is not None and method.startswith("Input."):
            self.batch.append((method, params, self.session))
            return {}
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def burst(self, dispatch):
        """Calls dispatch() and sends the input it makes in one go, without waiting for the
        page between events: faster than the page draws frames, so the browser coalesces the
        moves (what a 120 Hz or faster touch screen does)."""
        self.batch = []
        try:
            dispatch()
            commands, self.batch = self.batch, None
            self.browser.send_all(commands)
        finally:
            self.batch = None

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (awaited if it is a promise)."""
        result = self.send("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            fail(f"evaluating {expression!r} threw: {result['exceptionDetails'].get('text')} "
                 f"{result['exceptionDetails'].get('exception', {}).get('description', '')}")
        return result["result"].get("value")

    def wait_until(self, expression, what, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.05)
        fail(f"timed out waiting for {what}")

    def touch(self, kind, points, timestamp):
        """One Input.dispatchTouchEvent: points are (id, x, y, force, radius), the touches down
        after it (radius is both radiusX and radiusY, in CSS pixels)."""
        self.send("Input.dispatchTouchEvent", {
            "type": kind,
            "touchPoints": [{"id": key, "x": x, "y": y, "force": force, "radiusX": radius, "radiusY": radius}
                            for key, x, y, force, radius in points],
            "timestamp": timestamp,
        })

    def mouse(self, kind, x, y, timestamp, pressed, pointer="mouse"):
        """One Input.dispatchMouseEvent of the left button (pointer: "mouse" or "pen")."""
        self.send("Input.dispatchMouseEvent", {
            "type": kind, "x": x, "y": y, "timestamp": timestamp,
            "button": "left" if kind != "mouseMoved" or pressed else "none",
            "buttons": 1 if pressed else 0,
            "clickCount": 1 if kind != "mouseMoved" else 0,
            "pointerType": pointer,
        })


# ---- What is dispatched, and the trace it must give ---------------------------------------------


class Script:
    """Dispatches input and writes down, for each dispatch, the event the trace must hold.

    Each dispatch has its own time (the protocol's `timestamp`, seconds since the epoch), so
    every dispatch is one trace event: its touches, in the order the page receives them, with
    the phase, the position (CSS pixels, page coordinates), the force and the contact radius
    each must have.

    Every touch point is dispatched with a force and a radius: UNMEASURED (force 0.5, radius 0.5,
    so a 1 x 1 contact) unless given, which is what Pointer Events report for a screen that
    measures neither, and what the page must not write.
    """

    UNMEASURED = (0.5, 0.5)

    def __init__(self, page, start):
        self.page = page
        self.start = start          # the epoch seconds of the first dispatch
        self.expected = []          # [{"t", "touches": [(finger, phase, x, y)]}]
        self.down = {}              # touch-screen finger -> (x, y), as the screen holds them
        self.protocol_ids = {}      # finger -> its id in Input.dispatchTouchEvent
        self.measures = {}          # finger -> (force, radius) it is dispatched with

    def _expect(self, offset, touches):
        if touches:
            self.expected.append({"t": offset, "touches": touches})

    def touch_start(self, offset, new, measures=None):
        """Puts fingers down: new is [(finger, x, y)]; measures {finger: (force, radius)}."""
        for finger, x, y in new:
            self.down[finger] = (x, y)
            self.measures[finger] = (measures or {}).get(finger, self.UNMEASURED)
        self.page.touch("touchStart", self._points(), self.start + offset)
        self._expect(offset, [(finger, "began", x, y, *self.measures[finger]) for finger, x, y in new])

    def touch_move(self, offset, moves, measures=None):
        """Moves some of the fingers that are down (or changes their force and radius, which
        is a move too); the others stay where they are."""
        changed = []
        for finger, x, y in moves:
            measure = (measures or {}).get(finger, self.measures[finger])
            if self.down[finger] != (x, y) or self.measures[finger] != measure:
                changed.append((finger, "moved", x, y, *measure))
            self.down[finger] = (x, y)
            self.measures[finger] = measure
        self.page.touch("touchMove", self._points(), self.start + offset)
        self._expect(offset, changed)

    def touch_end(self, offset, lifted):
        """Lifts the fingers in lifted; the others stay down. (A touchEnd lists the points it
        lifts, where they are; one that lists none would lift them all.)"""
        points = [point for point in self._points() if point[0] in
                  [self.protocol_ids[finger] for finger in lifted]]
        ended = [(finger, "ended", *self.down.pop(finger), *self.measures[finger]) for finger in lifted]
        self.page.touch("touchEnd", points, self.start + offset)
        self._expect(offset, ended)

    def touch_cancel(self, offset):
        """Cancels every finger that is down (the screen gave up on them)."""
        cancelled = [(finger, "cancelled", x, y, *self.measures[finger]) for finger, (x, y) in self.down.items()]
        self.down = {}
        self.page.touch("touchCancel", [], self.start + offset)
        self._expect(offset, cancelled)

    def mouse_stroke(self, offset, points, step, pointer="mouse"):
        """Presses the left button (or puts the pen down) at the first point, drags through
        the others, releases. The mouse measures no pressure (None); the protocol's pen
        presses with force 0 (its `force` left out), which the page writes as it is."""
        force = 0 if pointer == "pen" else None
        x, y = points[0]
        self.page.mouse("mousePressed", x, y, self.start + offset, True, pointer)
        self._expect(offset, [(pointer, "began", x, y, force, None)])
        for index, (x, y) in enumerate(points[1:], start=1):
            self.page.mouse("mouseMoved", x, y, self.start + offset + index * step, True, pointer)
            self._expect(offset + index * step, [(pointer, "moved", x, y, force, None)])
        end = offset + len(points) * step
        self.page.mouse("mouseReleased", x, y, self.start + end, False, pointer)
        self._expect(end, [(pointer, "ended", x, y, force, None)])

    def _points(self):
        # The protocol's touch ids are numbers: each finger name gets one.
        return [(self.protocol_ids.setdefault(finger, len(self.protocol_ids)), x, y, *self.measures[finger])
                for finger, (x, y) in self.down.items()]


def expected_trace(expected, area):
    """The expected events as the trace writes them: touch ids 1, 2, ... in the order the
    fingers (or the mouse's presses) went down, times from the first dispatch, points from the
    recording area's top-left corner. A touch with a force other than 0.5 in some sample has
    `force` (the dispatched force) in every sample, one with a radius other than 0.5 (a contact
    larger than 1 x 1) has `majorRadius` (the dispatched radius); mouse samples have neither
    (None), pen samples their force (0, see mouse_stroke)."""
    ids = {}
    began = 0
    events = []
    origin = expected[0]["t"]
    for event in expected:
        touches = []
        for finger, phase, x, y, force, radius in event["touches"]:
            if phase == "began":
                began += 1
                ids[finger] = began
            touches.append({"id": ids[finger], "phase": phase,
                            "x": x - area["left"], "y": y - area["top"], "force": force, "majorRadius": radius})
        events.append({"t": event["t"] - origin, "touches": touches})
    measured_force = {t["id"] for e in events for t in e["touches"] if t["force"] not in (None, 0.5)}
    measured_radius = {t["id"] for e in events for t in e["touches"] if t["majorRadius"] not in (None, 0.5)}
    for event in events:
        for touch in event["touches"]:
            if touch["id"] not in measured_force:
                del touch["force"]
            if touch["id"] not in measured_radius:
                del touch["majorRadius"]
    return events


def describe(touch):
    return f"touch {touch['id']} {touch['phase']} at ({touch['x']}, {touch['y']})"


def compare_events(saved, expected):
    """Every event of the saved trace against the dispatched one: same grouping, ids, phases,
    order, positions to the pixel and times to the page's timer resolution."""
    if len(saved) != len(expected):
        listing = "\n".join(f"  {json.dumps(event)}" for event in saved)
        fail(f"the saved trace has {len(saved)} events, {len(expected)} were dispatched:\n{listing}")
    worst = 0.0
    for index, (got, want) in enumerate(zip(saved, expected)):
        where = f"event {index} (dispatched at t={want['t']:.4f})"
        worst = max(worst, abs(got["t"] - want["t"]))
        if abs(got["t"] - want["t"]) > TIME_TOLERANCE:
            fail(f"{where}: saved at t={got['t']}, {abs(got['t'] - want['t']) * 1000:.3f} ms off")
        got_touches, want_touches = got["touches"], want["touches"]
        if [(t["id"], t["phase"]) for t in got_touches] != [(t["id"], t["phase"]) for t in want_touches]:
            fail(f"{where}: saved {', '.join(map(describe, got_touches))}; "
                 f"dispatched {', '.join(map(describe, want_touches))}")
        for got_touch, want_touch in zip(got_touches, want_touches):
            if (abs(got_touch["x"] - want_touch["x"]) > POSITION_TOLERANCE or
                    abs(got_touch["y"] - want_touch["y"]) > POSITION_TOLERANCE):
                fail(f"{where}: saved {describe(got_touch)}, dispatched {describe(want_touch)}")
            for key, tolerance in (("force", FORCE_TOLERANCE), ("majorRadius", POSITION_TOLERANCE)):
                if (key in got_touch) != (key in want_touch) or (
                        key in want_touch and abs(got_touch[key] - want_touch[key]) > tolerance):
                    fail(f"{where}: saved {describe(got_touch)} with {key} {got_touch.get(key, 'none')}, "
                         f"dispatched {describe(want_touch)} with {key} {want_touch.get(key, 'none')}")
    return worst


def compare_replay(records, expected):
    """The spots recognizer's records against the dispatched touches: a spot added where each
    touch began, moved to each point it moved to, removed when it ended or was cancelled, each
    at its event's time."""
    wanted = []
    for event in expected:
        for touch in event["touches"]:
            kind = {"began": "spotAdded", "moved": "spotMoved"}.get(touch["phase"], "spotRemoved")
            center = None if kind == "spotRemoved" else [touch["x"], touch["y"]]
            wanted.append((touch["id"], kind, event["t"], center))
    got = [(r["touch"], r["event"], r["t"], None if r["event"] == "spotRemoved" else r["center"])
           for r in records if r.get("source") == "spots"]
    # The replay serves one event's began touches before its moved ones (as UIKit delivers
    # them); within one touch the order is the order of its samples.
    for touch_id in sorted({w[0] for w in wanted} | {g[0] for g in got}):
        mine = [w for w in wanted if w[0] == touch_id]
        theirs = [g for g in got if g[0] == touch_id]
        if len(mine) != len(theirs):
            fail(f"replay: touch {touch_id} has {len(theirs)} spot records, {len(mine)} expected")
        for want, have in zip(mine, theirs):
            same_place = want[3] is None or (
                abs(have[3][0] - want[3][0]) <= POSITION_TOLERANCE and
                abs(have[3][1] - want[3][1]) <= POSITION_TOLERANCE)
            if want[1] != have[1] or abs(want[2] - have[2]) > TIME_TOLERANCE or not same_place:
                fail(f"replay: touch {touch_id}: expected {want[1:]}, got {have[1:]}")


# ---- The test ------------------------------------------------------------------------------------


def find_chromium(given):
    for candidate in ([given] if given else
                      [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]):
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    fail(f"Chromium not found ({given or 'chromium, chromium-browser, google-chrome'}): "
         "install it (apt-get install -y chromium) or pass --chromium PATH")


def run(touchtrace, *arguments):
    return subprocess.run([str(touchtrace), *arguments], capture_output=True, text=True, timeout=60)


def check_console(browser, page_url):
    """Fails on any console error, uncaught exception or load from outside the page."""
    for event in browser.events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            fail(f"uncaught exception in the page: {details.get('exception', {}).get('description') or details.get('text')}")
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            fail(f"console.{params['type']} in the page: {text}")
        if method == "Log.entryAdded" and params["entry"].get("level") == "error":
            fail(f"the page logged an error: {params['entry'].get('text')} {params['entry'].get('url', '')}")
        if method == "Network.requestWillBeSent":
            url = params["request"]["url"]
            if url != page_url and not url.startswith(("blob:", "data:")):
                fail(f"the page loaded {url}: it must be self-contained")


def area_box(page):
    return page.evaluate(
        "(() => { const b = document.getElementById('area').getBoundingClientRect();"
        " return {left: b.left, top: b.top, width: b.width, height: b.height}; })()")


def click_button(page, label, timestamp, tap=False):
    """Clicks the button whose text is label with the mouse, or taps it with a finger, as a
    person would."""
    box = page.evaluate(
        "(() => { const b = [...document.querySelectorAll('button')]"
        f".find((e) => e.textContent.trim() === {json.dumps(label)});"
        " if (!b) return null; const r = b.getBoundingClientRect();"
        " return {x: r.left + r.width / 2, y: r.top + r.height / 2, height: r.height,"
        " disabled: b.disabled}; })()")
    if box is None:
        fail(f'no button labelled "{label}"')
    if box["disabled"]:
        fail(f'the "{label}" button is disabled')
    if tap:
        page.touch("touchStart", [(9, box["x"], box["y"], *Script.UNMEASURED)], timestamp)
        page.touch("touchEnd", [(9, box["x"], box["y"], *Script.UNMEASURED)], timestamp + 0.05)
    else:
        page.mouse("mousePressed", box["x"], box["y"], timestamp, True)
        page.mouse("mouseReleased", box["x"], box["y"], timestamp + 0.05, False)
    return box


def load_scene(page, path):
    document = page.send("DOM.getDocument")["root"]["nodeId"]
    node = page.send("DOM.querySelector", {"nodeId": document, "selector": "input[type=file]"})["nodeId"]
    if not node:
        fail("the page has no file input to load a scene with")
    page.send("DOM.setFileInputFiles", {"files": [str(path)], "nodeId": node})


def save_trace(browser, page, downloads, timestamp, tap=False):
    """Clicks (or taps) "Save trace" and returns the path and text of the file it downloads."""
    before = len(browser.events)
    click_button(page, "Save trace", timestamp, tap)
    began = browser.wait_for(lambda e: e["method"] == "Browser.downloadWillBegin",
                             "the download to begin", since=before)
    guid = began["params"]["guid"]
    progress = browser.wait_for(lambda e: e["method"] == "Browser.downloadProgress"
                                and e["params"]["guid"] == guid
                                and e["params"]["state"] != "inProgress",
                                "the download to finish", since=before)
    if progress["params"]["state"] != "completed":
        fail(f"the download was {progress['params']['state']}")
    name = began["params"]["suggestedFilename"]
    if not name.endswith(".trace.json"):
        fail(f"the saved file is named {name!r}, not NAME.trace.json")
    if not began["params"]["url"].startswith("blob:"):
        fail(f"the trace was downloaded from {began['params']['url']}, not saved from a blob")
    # Downloads are stored under their guid (allowAndName), so that two saves never meet.
    path = Path(downloads) / guid
    named = path.with_name(name)
    path.rename(named)
    return named, json.loads(named.read_text())


def check_page_is_phone_ready(page):
    """The page does not scroll or zoom under the fingers, and its buttons are finger-sized."""
    facts = page.evaluate("""(() => {
        const area = document.getElementById('area');
        const viewport = document.querySelector('meta[name=viewport]');
        const buttons = [...document.querySelectorAll('button, label.button')].map((b) => {
            const r = b.getBoundingClientRect();
            return {text: b.textContent.trim(), width: r.width, height: r.height};
        });
        return {
            touchAction: getComputedStyle(area).touchAction,
            viewport: viewport ? viewport.content : '',
            scrolls: document.scrollingElement.scrollHeight > innerHeight ||
                     document.scrollingElement.scrollWidth > innerWidth,
            buttons,
        };
    })()""")
    if facts["touchAction"] != "none":
        fail(f"the recording area has touch-action {facts['touchAction']}, not none")
    if "user-scalable=no" not in facts["viewport"].replace(" ", ""):
        fail(f"the viewport allows zooming: {facts['viewport']!r}")
    if facts["scrolls"]:
        fail("the page is larger than the screen, so it can scroll")
    labels = [b["text"] for b in facts["buttons"]]
    for label in ("Save trace", "Clear"):
        if label not in labels:
            fail(f'no button labelled "{label}" (buttons: {labels})')
    for button in facts["buttons"]:
        if button["height"] < 44 or button["width"] < 44:
            fail(f'the "{button["text"]}" button is {button["width"]:.0f} × {button["height"]:.0f} '
                 "CSS pixels, too small for a finger (44 at least)")


def check_scene_drawing(page, path, area):
    """Loads a scene file (or a trace that holds one) and checks every view is drawn at its
    frame on the screen (a subview's frame is in its superview's coordinates) with its name."""
    scene = json.loads(Path(path).read_text())
    scene = scene.get("scene", scene) if "views" not in scene else scene
    load_scene(page, path)
    page.wait_until("document.getElementById('status').textContent.includes("
                    f"{json.dumps('scene ' + Path(path).name)})", f"{Path(path).name} to load")
    wanted = {}

    def walk(views, origin_x, origin_y):
        for view in views:
            x, y, width, height = view["frame"]
            wanted[view["name"]] = (origin_x + x, origin_y + y, width, height)
            walk(view.get("subviews", []), origin_x + x, origin_y + y)

    walk(scene["views"], area["left"], area["top"])
    page.wait_until(f"document.querySelectorAll('#scene .view').length === {len(wanted)}",
                    f"{len(wanted)} views drawn")
    drawn = page.evaluate("""[...document.querySelectorAll('#scene .view')].map((v) => {
        const r = v.getBoundingClientRect();
        return {name: v.dataset.name, text: v.textContent, box: [r.left, r.top, r.width, r.height]};
    })""")
    for view in drawn:
        if view["name"] not in wanted:
            fail(f"a view named {view['name']!r} was drawn, the scene has none")
        box = wanted.pop(view["name"])
        if any(abs(a - b) > 0.01 for a, b in zip(view["box"], box)):
            fail(f"view {view['name']} drawn at {view['box']}, its frame is at {list(box)} on screen")
        if view["name"] not in view["text"]:
            fail(f"view {view['name']} is drawn without its name")


def draw_strokes(script, area):
    """The input, in page coordinates; dispatch times are seconds after the script's start.
    Between the first two groups the script waits, so the page draws frames in between."""
    left, top = area["left"], area["top"]
    # Two fingers: one lands, moves, a second lands; both move in a burst (eight moves 4 ms
    # apart, sent without waiting, so the page sees them coalesced); only the second moves;
    # the first lifts; the second moves down out of the area (into the bar below it) and lifts.
    script.touch_start(0.000, [("a", left + 60, top + 100)])
    script.touch_move(0.016, [("a", left + 70, top + 112)])
    script.touch_start(0.024, [("b", left + 200.5, top + 300.25)])
    def burst():
        for step in range(1, 9):
            script.touch_move(0.024 + 0.004 * step, [
                ("a", left + 70 + 6 * step, top + 112 + 4 * step),
                ("b", left + 200.5 - 3 * step, top + 300.25 + 7 * step)])
    script.page.burst(burst)
    script.touch_move(0.080, [("b", left + 180, top + 380)])
    script.touch_end(0.096, ["a"])
    for step in range(1, 6):
        script.touch_move(0.096 + 0.012 * step, [("b", left + 180, top + 380 + 90 * step)])
    script.touch_end(0.200, ["b"])
    # Two fingers land together, move together, and the screen cancels them.
    # They press (force) and touch with a contact size (radius) the screen measures; one
    # presses harder as they move, the other spreads.
    script.touch_start(0.300, [("c", left + 300, top + 200), ("d", left + 100, top + 500)],
                       {"c": (0.25, 4.5), "d": (0.75, 12.0)})
    for step in range(1, 4):
        script.touch_move(0.300 + 0.010 * step, [
            ("c", left + 300 - 10 * step, top + 200 + 5 * step),
            ("d", left + 100 + 10 * step, top + 500 - 5 * step)],
            {"c": (0.25 + 0.125 * step, 4.5), "d": (0.75, 12.0 + 2 * step)})
    script.touch_cancel(0.350)
    # A finger is reused after its touch ended: it is a new touch with the next id. It moves
    # by a pixel and by fractions of one: nothing is lost to a touch slop.
    script.touch_start(0.400, [("a", left + 40, top + 40)])
    script.touch_move(0.408, [("a", left + 41, top + 40)])
    script.touch_move(0.416, [("a", left + 41.5, top + 40.25)])
    script.touch_move(0.424, [("a", left + 41.5, top + 41)])
    script.touch_end(0.440, ["a"])
    # Two samples of one finger stamped with the same time (sent together, so coalesced): two
    # events at that time, as a touch appears at most once in an event.
    # This finger measures pressure but not size; it presses harder as it moves on.
    script.touch_start(0.460, [("f", left + 220, top + 60)], {"f": (0.3, 0.5)})
    def same_time():
        script.touch_move(0.470, [("f", left + 226, top + 64)])
        script.touch_move(0.470, [("f", left + 232, top + 68)], {"f": (0.9, 0.5)})
    script.page.burst(same_time)
    script.touch_end(0.480, ["f"])
    # The mouse drags from the area down into the bar (pointer capture keeps it recorded).
    bottom = top + area["height"]
    script.mouse_stroke(0.500, [(left + 120, bottom - 60), (left + 125, bottom - 30),
                                (left + 130, bottom - 5), (left + 135, bottom + 20),
                                (left + 140, bottom + 40)], 0.010)
    # A pen stroke (the protocol's mouse events with pointerType pen).
    script.mouse_stroke(0.600, [(left + 250, top + 150), (left + 262, top + 158),
                                (left + 270, top + 175)], 0.008, pointer="pen")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--touchtrace", default=str(REPOSITORY / ".build" / "debug" / "touchtrace"),
                        help="the touchtrace binary (default: the debug build)")
    parser.add_argument("--chromium", help="the Chromium binary (default: $CHROMIUM or chromium)")
    parser.add_argument("--page", default=str(PAGE), help="the page (default: recorder/index.html)")
    parser.add_argument("--keep", help="copy the saved traces into this folder")
    options = parser.parse_args()
    page = Path(options.page).resolve()

    chromium = find_chromium(options.chromium)
    touchtrace = Path(options.touchtrace)
    if not os.access(touchtrace, os.X_OK):
        fail(f"no touchtrace binary at {touchtrace}: run swift build first, or pass --touchtrace PATH")
    if not page.is_file():
        fail(f"no recorder page at {page}")

    with tempfile.TemporaryDirectory(prefix="touchtrace-recorder-") as scratch:
        scratch = Path(scratch)
        downloads = scratch / "downloads"
        downloads.mkdir()
        (scratch / "profile").mkdir()
        browser = Chromium(chromium, scratch / "profile")
        try:
            test(browser, page, touchtrace, scratch, downloads, options.keep)
        finally:
            browser.close()
    print("PASS: the recorder page saved exactly the dispatched touches, and they replay")


# The screens the page is tried on: a phone (mobile viewport, touch screen, 3 device pixels per
# CSS pixel), where scenes are loaded and the buttons are tapped, and a desktop window without
# touch emulation (touch input still arrives), where nothing is loaded: its trace has no scene
# and is replayed with --scene.
DEVICES = [
    {"name": "phone", "width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT, "deviceScaleFactor": 3,
     "mobile": True, "touch": True, "load_scene": True},
    {"name": "desktop", "width": 1024, "height": 700, "deviceScaleFactor": 1,
     "mobile": False, "touch": False, "load_scene": False},
]


def test(browser, page_path, touchtrace, scratch, downloads, keep):
    version = browser.send("Browser.getVersion")
    print(f"browser: {version['product']}")
    browser.send("Browser.setDownloadBehavior",
                 {"behavior": "allowAndName", "downloadPath": str(downloads), "eventsEnabled": True})
    for device in DEVICES:
        print(f"-- {device['name']}: {device['width']} x {device['height']} CSS pixels")
        record_and_check(browser, device, page_path, touchtrace, scratch, downloads, keep)


def record_and_check(browser, device, page_path, touchtrace, scratch, downloads, keep):
    page = Page(browser)
    for domain in ("Page", "Runtime", "Log", "Network"):
        page.send(f"{domain}.enable")
    page.send("Emulation.setDeviceMetricsOverride", {
        "width": device["width"], "height": device["height"],
        "deviceScaleFactor": device["deviceScaleFactor"], "mobile": device["mobile"]})
    if device["touch"]:
        page.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    page_url = page_path.as_uri()
    loaded = len(browser.events)
    page.send("Page.navigate", {"url": page_url})
    browser.wait_for(lambda e: e["method"] == "Page.loadEventFired"
                     and e.get("sessionId") == page.session, "the page to load", since=loaded)
    title = page.evaluate("document.title")
    print(f"page: {page_url} ({title})")

    check_page_is_phone_ready(page)
    area = area_box(page)
    print(f"recording area: {area['width']} x {area['height']} at ({area['left']}, {area['top']})")

    # The scene the touches are replayed through: one spots view that covers the recording
    # area, so the replay reports every touch where it is.
    scene = {"views": [{"name": "pad", "frame": [0, 0, area["width"], area["height"]],
                        "recognizers": [{"type": "spots"}]}]}
    scene_path = scratch / "scene.json"
    scene_path.write_text(json.dumps(scene, indent=2))
    if device["load_scene"]:
        check_scene_files(page, scratch, area, scene_path)

    # Counts what the browser hands the page, to know that moves were coalesced.
    page.evaluate("""(() => {
        window.__moves = {events: 0, samples: 0};
        document.getElementById('area').addEventListener('pointermove', (e) => {
            window.__moves.events += 1;
            window.__moves.samples += e.getCoalescedEvents().length;
        });
    })()""")

    start = time.time()
    script = Script(page, start)
    draw_strokes(script, area)
    # The last lift is acknowledged before the page has drawn it: give it a few frames.
    page.wait_until("document.getElementById('save').disabled === false", "something recorded")
    time.sleep(0.2)
    moves = page.evaluate("window.__moves")
    print(f"pointermove: {moves['events']} events carried {moves['samples']} coalesced samples")
    if moves["samples"] <= moves["events"]:
        fail("the browser coalesced no moves, so this run did not check that every coalesced "
             "sample is recorded: the burst in draw_strokes must come faster")

    # On the phone "Save trace" is tapped: a touch on the bar is not part of the recording.
    path, trace = save_trace(browser, page, downloads, time.time(), tap=device["touch"])
    print(f"saved: {path.name} ({len(trace['events'])} events)")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / path.name)

    expected = expected_trace(script.expected, area)
    if trace.get("version") != 2:
        fail(f"the trace has version {trace.get('version')!r}, not 2")
    screen = trace.get("screen") or {}
    if (abs(screen.get("width", -1) - area["width"]) > POSITION_TOLERANCE or
            abs(screen.get("height", -1) - area["height"]) > POSITION_TOLERANCE):
        fail(f"the trace's screen is {trace.get('screen')}, the recording area is "
             f"{area['width']} x {area['height']}")
    if device["load_scene"] and trace.get("scene") != scene:
        fail(f"the trace's scene is {json.dumps(trace.get('scene'))}, the loaded one {json.dumps(scene)}")
    if not device["load_scene"] and "scene" in trace:
        fail(f"no scene was loaded, yet the trace has one: {json.dumps(trace['scene'])}")
    worst = compare_events(trace["events"], expected)
    print(f"trace: {sum(len(e['touches']) for e in expected)} touch samples in {len(expected)} "
          f"events, {max(t['id'] for e in expected for t in e['touches'])} touches, as dispatched "
          f"(times at most {worst * 1e6:.0f} µs from the dispatch)")

    validated = run(touchtrace, "validate", str(path), "--strict")
    if validated.returncode != 0:
        fail(f"touchtrace validate --strict exited {validated.returncode}:\n{validated.stderr}")
    # Without a scene of its own, the trace is replayed through the same one, given to replay.
    given = [] if device["load_scene"] else ["--scene", str(scene_path)]
    replayed = run(touchtrace, "replay", str(path), "--format", "jsonl", *given)
    if replayed.returncode != 0:
        fail(f"touchtrace replay exited {replayed.returncode}:\n{replayed.stderr}")
    if replayed.stderr:
        fail(f"touchtrace replay warned:\n{replayed.stderr}")
    records = [json.loads(line) for line in replayed.stdout.splitlines()]
    compare_replay(records, expected)
    print(f"replay: {len(records)} spots records, one for each dispatched touch sample")

    # Clear starts again: ids from 1 and times from 0 in the next trace.
    click_button(page, "Clear", time.time(), tap=device["touch"])
    page.wait_until("document.getElementById('save').disabled === true", "Clear to empty the recording")
    script = Script(page, time.time())
    script.touch_start(0.0, [("e", area["left"] + 50, area["top"] + 60)])
    script.touch_move(0.02, [("e", area["left"] + 55, area["top"] + 70)])
    script.touch_end(0.04, ["e"])
    page.wait_until("document.getElementById('save').disabled === false", "the tap recorded")
    time.sleep(0.1)
    path, trace = save_trace(browser, page, downloads, time.time())
    compare_events(trace["events"], expected_trace(script.expected, area))
    print(f"after Clear: {path.name} holds only the new stroke, from touch 1 at t=0")

    if device["load_scene"]:
        # A saved trace loads as a scene too: its own.
        check_scene_drawing(page, path, area)
        print(f"{path.name} loaded as a scene: its scene is drawn")

    check_console(browser, page_url)
    print("console: no errors, no exceptions, nothing loaded from outside the page")
    browser.send("Target.closeTarget", {"targetId": page.target})


def check_scene_files(page, scratch, area, scene_path):
    """Scenes loaded from files: one with subviews is drawn where its frames are, a broken
    file is reported, and then the recording scene is loaded (and embedded in the trace)."""
    nested = scratch / "nested-scene.json"
    nested.write_text(json.dumps({"views": [
        {"name": "board", "frame": [10, 20, 300, 400], "recognizers": [{"type": "pan"}], "subviews": [
            {"name": "tile", "frame": [30, 40, 100, 120], "subviews": [
                {"name": "corner", "frame": [5, 6, 20, 30], "control": {"type": "counter"}}]}]},
        {"name": "strip", "frame": [0, 500, 390, 80], "recognizers": [{"type": "spots"}]},
    ]}))
    check_scene_drawing(page, nested, area)
    print("scene with subviews: every view drawn at its frame, with its name")

    # A file that is not a scene is reported on the page, and the drawn scene stays.
    broken = scratch / "broken-scene.json"
    broken.write_text('{"views": [{"name": "x", "frame": [0, 0, 10]}]}')
    load_scene(page, broken)
    page.wait_until("document.getElementById('status').textContent.includes('broken-scene.json')",
                    "the broken scene to be reported")
    status = page.evaluate("document.getElementById('status').textContent")
    if "views[0].frame" not in status:
        fail(f"the page reported a broken scene as {status!r}, without saying what is wrong")
    status = page.evaluate("document.querySelector('#status .problem').textContent")
    if page.evaluate("document.querySelectorAll('#scene .view').length") != 4:
        fail("loading a broken scene file replaced the scene that was drawn")
    print(f"broken scene file: reported ({status}); the scene stays")

    check_scene_drawing(page, scene_path, area)


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"FAIL: {failure}", file=sys.stderr)
        sys.exit(1)
