#!/usr/bin/env python3
"""Opens the pages touchtrace writes in headless Chromium and fails on any console error.

The pages are `touchtrace render --output X.html` of several fixtures and of a generated trace
with ten fingers, and a `touchtrace verify --report` page of a run with a failing fixture. Each
is loaded from a file:// URL through the DevTools protocol (over --remote-debugging-pipe, so no
port and no extra Python package): a console error or warning, an uncaught exception, a log
entry of level error or a request to anything but a file: or data: URL fails the test, and so
does a page whose pictures are missing or empty. Before that, the harness checks itself on two
pages made to fail, so that it cannot pass by seeing nothing.

Usage: Tests/Browser/test_render_page.py [--touchtrace PATH] [--screenshots DIR]
Exit code 0 when every page is clean; 1 otherwise, and when Chromium is not installed.
"""

import argparse
import fcntl
import json
import math
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    fail("Chromium is not installed (Debian: apt-get install -y chromium); this test never skips")


class Browser:
    """Headless Chromium driven through the DevTools protocol over a pipe."""

    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="touchtrace-chromium-")
        to_browser_read, to_browser_write = os.pipe()
        from_browser_read, from_browser_write = os.pipe()
        # Out of the way of 3 and 4, where Chromium expects the pipe.
        high_read = fcntl.fcntl(to_browser_read, fcntl.F_DUPFD, 10)
        high_write = fcntl.fcntl(from_browser_write, fcntl.F_DUPFD, 10)
        os.close(to_browser_read)
        os.close(from_browser_write)

        def child_setup():
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--user-data-dir=" + self.profile,
             "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=child_setup, close_fds=False)
        os.close(high_read)
        os.close(high_write)
        self.write = to_browser_write
        self.read = from_browser_read
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self.receive(deadline)
            if reply is None:
                fail("Chromium did not answer %s within %d s" % (method, timeout))
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    fail("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self.read], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(self.read, 1 << 20)
            if not chunk:
                fail("Chromium closed the DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, session, timeout=30):
        deadline = time.monotonic() + timeout
        for event in self.events:
            if event.get("method") == method and event.get("sessionId") == session:
                return event
        while True:
            event = self.receive(deadline)
            if event is None:
                fail("no %s within %d s" % (method, timeout))
            self.events.append(event)
            if event.get("method") == method and event.get("sessionId") == session:
                return event

    def drain(self, seconds):
        deadline = time.monotonic() + seconds
        while True:
            event = self.receive(deadline)
            if event is None:
                return
            self.events.append(event)

    def open(self, path, screenshot=None):
        """Loads a file; returns (problems, facts about its DOM)."""
        self.events = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.send(domain + ".enable", session=session)
        self.events = []
        self.send("Page.navigate", {"url": "file://" + os.path.abspath(path)}, session=session)
        self.wait_for("Page.loadEventFired", session)
        # Late messages (none are expected: the pages have no scripts).
        self.drain(0.5)
        facts = self.send("Runtime.evaluate", {"returnByValue": True, "expression": """JSON.stringify((() => {
            const svgs = [...document.querySelectorAll('svg')];
            return {
              svgs: svgs.length,
              emptySvgs: svgs.filter(s => !s.closest('details:not([open])'))
                             .filter(s => { const r = s.getBoundingClientRect(); return !(r.width > 0 && r.height > 0); }).length,
              touches: document.querySelectorAll('svg .touches polyline').length,
              marks: document.querySelectorAll('svg .marks polygon').length,
              lanes: document.querySelectorAll('svg g.lane').length,
              failedSections: document.querySelectorAll('section.fixture.failed').length,
              failedWithPicture: document.querySelectorAll('section.fixture.failed svg').length,
              failedWithDiff: document.querySelectorAll('section.fixture.failed pre.diff').length,
              details: document.querySelectorAll('details').length,
              firstFailedBeforeFirstDetails: (() => {
                const f = document.querySelector('section.fixture.failed'), d = document.querySelector('details');
                return !!f && !!d && !!(f.compareDocumentPosition(d) & Node.DOCUMENT_POSITION_FOLLOWING);
              })(),
              // Labels as the browser lays them out: none may overlap another of its picture.
              labelOverlaps: svgs.filter(s => !s.closest('details:not([open])')).reduce((n, svg) => {
                const boxes = [...svg.querySelectorAll('text.label')].map(l => l.getBBox());
                for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
                  const a = boxes[i], b = boxes[j];
                  if (a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5) n++;
                }
                return n;
              }, 0),
              labels: document.querySelectorAll('svg text.label').length,
              title: document.title,
            };
          })())"""}, session=session)
        if screenshot:
            shot = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}, session=session)
            import base64
            with open(screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        self.send("Target.closeTarget", {"targetId": target})
        problems = []
        for event in self.events:
            method = event.get("method")
            params = event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                problems.append("console.%s: %s" % (params.get("type"), text))
            elif method == "Runtime.exceptionThrown":
                problems.append("exception: %s" % params.get("exceptionDetails", {}).get("text"))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                problems.append("log error: %s" % params["entry"].get("text"))
            elif method == "Network.requestWillBeSent":
                url = params.get("request", {}).get("url", "")
                if not (url.startswith("file:") or url.startswith("data:") or url == "about:blank"):
                    problems.append("loads from elsewhere: %s" % url)
        return problems, json.loads(facts["result"]["value"])

    def close(self):
        try:
            os.write(self.write, json.dumps({"id": 999999, "method": "Browser.close"}).encode() + b"\0")
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
            self.process.wait()
        os.close(self.write)
        os.close(self.read)
        shutil.rmtree(self.profile, ignore_errors=True)


def run(arguments, expect_code=0):
    result = subprocess.run(arguments, capture_output=True, text=True)
    if result.returncode != expect_code:
        fail("%s exited %d (expected %d)\n%s%s" % (" ".join(arguments), result.returncode, expect_code,
                                                 result.stdout, result.stderr))
    return result


def ten_fingers_trace(path):
    """Ten fingers sweeping through the default scene for a second: about 1,500 records."""
    events = [{"t": 0, "touches": [{"id": i, "phase": "began", "x": 40 + i * 30, "y": 300 + i * 10} for i in range(1, 11)]}]
    for step in range(1, 120):
        a = step * 0.05
        events.append({"t": round(step * 0.008, 4), "touches": [
            {"id": i, "phase": "moved", "x": round(40 + i * 30 + 40 * math.sin(a + i), 2),
             "y": round(300 + i * 10 + 150 * math.sin(a * 0.7 + i * 0.3), 2)} for i in range(1, 11)]})
    events.append({"t": 1.0, "touches": [{"id": i, "phase": "ended", "x": 40 + i * 30, "y": 500} for i in range(1, 11)]})
    with open(path, "w") as f:
        json.dump({"version": 1, "name": "ten-fingers", "screen": {"width": 390, "height": 844}, "events": events}, f)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--touchtrace", default=os.path.join(ROOT, ".build", "debug", "touchtrace"))
    parser.add_argument("--screenshots", help="also save a PNG of every page in this folder")
    options = parser.parse_args()
    chromium = find_chromium()
    if not os.access(options.touchtrace, os.X_OK):
        fail("no touchtrace at %s (run swift build first, or give --touchtrace)" % options.touchtrace)
    work = tempfile.mkdtemp(prefix="touchtrace-browser-")
    browser = Browser(chromium)
    failures = []
    try:
        # The harness must see what it is meant to see.
        with open(os.path.join(work, "console-error.html"), "w") as f:
            f.write("<!DOCTYPE html><title>x</title><script>console.error('deliberate')</script>")
        with open(os.path.join(work, "remote-image.html"), "w") as f:
            f.write("<!DOCTYPE html><title>x</title><img src='http://example.invalid/x.png'>")
        for page, expected in (("console-error.html", "console.error"), ("remote-image.html", "loads from elsewhere")):
            problems, _ = browser.open(os.path.join(work, page))
            if not any(expected in p for p in problems):
                fail("the harness did not notice %r in %s (it saw %r)" % (expected, page, problems))

        pages = []
        for fixture in ("spots/five-fingers", "counter/both-buttons", "default-scene/drag-across", "range-slider/drag-lower"):
            page = os.path.join(work, fixture.replace("/", "-") + ".html")
            run([options.touchtrace, "render", os.path.join(ROOT, "traces", fixture + ".trace.json"), "--output", page])
            pages.append(page)
        ten = os.path.join(work, "ten-fingers.trace.json")
        ten_fingers_trace(ten)
        ten_page = os.path.join(work, "ten-fingers.html")
        run([options.touchtrace, "render", ten, "--output", ten_page])
        pages.append(ten_page)

        # A verify report with a failing fixture, a broken one and an obsolete expected file.
        traces = os.path.join(work, "traces")
        shutil.copytree(os.path.join(ROOT, "traces"), traces)
        expected = os.path.join(traces, "knob", "quarter-turn.expected.txt")
        with open(expected) as f:
            text = f.read()
        with open(expected, "w") as f:
            f.write(text.replace("value=0.2460", "value=0.2470", 1))
        os.remove(os.path.join(traces, "pan", "drag.trace.json"))
        report = os.path.join(work, "report.html")
        run([options.touchtrace, "verify", traces, "--record", "never", "--report", report], expect_code=1)

        for page in pages + [report]:
            shot = None
            if options.screenshots:
                os.makedirs(options.screenshots, exist_ok=True)
                shot = os.path.join(options.screenshots, os.path.basename(page).replace(".html", ".png"))
            problems, facts = browser.open(page, screenshot=shot)
            if facts["svgs"] == 0 or facts["emptySvgs"] > 0:
                problems.append("pictures missing or empty: %r" % facts)
            if page != report and (facts["touches"] == 0 or facts["marks"] == 0 or facts["lanes"] == 0):
                problems.append("picture without touches, marks or lanes: %r" % facts)
            if facts["labelOverlaps"] > 0:
                problems.append("%d pairs of labels overlap" % facts["labelOverlaps"])
            if page == ten_page and (facts["touches"] != 10 or facts["marks"] < 1000):
                problems.append("ten fingers: %r" % facts)
            if page == report:
                if facts["failedSections"] != 1 or facts["failedWithPicture"] != 1 or facts["failedWithDiff"] != 1:
                    problems.append("report: the failed fixture with its picture and diff: %r" % facts)
                if not facts["firstFailedBeforeFirstDetails"]:
                    problems.append("report: failures must come before the passed fixtures: %r" % facts)
            status = "ok" if not problems else "FAILED"
            print("%s %s (%d pictures, %d labels)" % (status, os.path.basename(page), facts["svgs"], facts["labels"]))
            failures += ["%s: %s" % (os.path.basename(page), p) for p in problems]
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        fail("\n".join(failures))
    print("every page opened in headless Chromium with no console errors")


if __name__ == "__main__":
    main()
