#!/usr/bin/env python3
"""Browser test of `touchtrace export webdriver` and `export cdp`, performed on the recorder.

Writes a trace of three touches (two fingers down together, moving and lifting at different
times, the second pressing with a force and a contact size; then a tap that uses the first
touch's id again), exports it with `touchtrace export webdriver` (shifted by the recording
area's place on the page, since WebDriver positions are the viewport's CSS pixels), has
chromedriver perform the actions on recorder/index.html in headless Chromium, presses "Save
trace", and compares the trace the page saved with the original: the same touches in the same
touch-down order, each with the same phases at the same places within 1 CSS pixel (SPEC 18),
and at the same times within the client's timing (TIME_TOLERANCE); the actions have one pointer
source per touch id (`touch1`, `touch2`: the tap is `touch1` again). Then the same with
`touchtrace export cdp`: its Input.dispatchTouchEvent calls are sent one by one, at their
times, through chromedriver's DevTools connection, as a Puppeteer or Playwright script sends them;
its force and radius come back as the touch's force and majorRadius.

Usage:
    .build/selenium-venv/bin/python Tests/Browser/test_export_webdriver.py [--touchtrace PATH]
        [--chromium PATH] [--chromedriver PATH]

Needs Python's `selenium` package (in a virtual environment: python3 -m venv .build/selenium-venv;
.build/selenium-venv/bin/pip install selenium), Chromium and chromedriver (Debian: apt-get install
chromium chromium-driver). Exit code 0 when every check passes, 1 with a FAIL line otherwise: a
missing Chromium, chromedriver, selenium or touchtrace is a failure, never a skip.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
PAGE = REPOSITORY / "recorder" / "index.html"

# WebDriver positions are whole CSS pixels: a place comes back within this many pixels.
POSITION_TOLERANCE = 1.0
# Pauses are whole milliseconds, and each action is a round trip between chromedriver and the
# browser on a machine that may be busy: a time comes back within this many seconds.
TIME_TOLERANCE = 0.25
# A force comes back as the browser's 32-bit pressure.
FORCE_TOLERANCE = 0.000001


class Failure(Exception):
    """A check that did not hold; the message says what was expected and what came."""


def fail(message):
    raise Failure(message)


def original_trace(width, height):
    """The trace performed, in the recording area's points (= CSS pixels): finger 1 lands and
    moves; finger 2 lands 80 ms later and moves the other way, pressing harder and spreading;
    finger 1 lifts, then finger 2; then a tap with id 1 again. Places are fractional, to be
    rounded by the export."""
    events = []
    for k in range(6):
        t = 0.05 * k
        touches = []
        if k == 0:
            touches.append({"id": 1, "phase": "began", "x": 40.3, "y": 60.6})
        elif k < 5:
            touches.append({"id": 1, "phase": "moved", "x": 40.3 + 12 * k, "y": 60.6 + 15.2 * k})
        else:
            touches.append({"id": 1, "phase": "ended", "x": 40.3 + 12 * 4, "y": 60.6 + 15.2 * 4})
        events.append({"t": t, "touches": touches})
    for k, t in enumerate([0.08, 0.13, 0.18, 0.28, 0.33]):
        phase = "began" if k == 0 else "ended" if k == 4 else "moved"
        step = min(k, 3)
        events.append({"t": t, "touches": [{"id": 2, "phase": phase, "x": 200.0 - 9.5 * step, "y": 300.0 - 20.4 * step,
                                            "force": 0.25 + 0.125 * step, "majorRadius": 6.5 + 2 * step}]})
    events.append({"t": 0.6, "touches": [{"id": 1, "phase": "began", "x": 120.0, "y": 150.0}]})
    events.append({"t": 0.7, "touches": [{"id": 1, "phase": "ended", "x": 120.0, "y": 150.0}]})
    merged = {}
    for event in events:
        merged.setdefault(event["t"], []).extend(event["touches"])
    return {"version": 2, "name": "webdriver-round-trip", "screen": {"width": width, "height": height},
            "events": [{"t": t, "touches": merged[t]} for t in sorted(merged)]}


def shifted(trace, dx, dy):
    """The trace with every place moved by (dx, dy): from the area's points to the viewport's."""
    copy = json.loads(json.dumps(trace))
    for event in copy["events"]:
        for touch in event["touches"]:
            touch["x"] += dx
            touch["y"] += dy
    return copy


def touches_of(trace):
    """Each touch's samples in touch-down order (an id used again is a new touch):
    [(t, phase, x, y, force, majorRadius)], moves that go nowhere dropped (the page records
    only samples that move)."""
    order, current = [], {}
    for event in trace["events"]:
        for touch in event["touches"]:
            key = touch["id"]
            if touch["phase"] == "began":
                current[key] = []
                order.append(current[key])
            samples = current[key]
            last = samples[-1] if samples else None
            if touch["phase"] == "moved" and last and (last[2], last[3]) == (touch["x"], touch["y"]):
                continue
            samples.append((event["t"], touch["phase"], touch["x"], touch["y"], touch.get("force"), touch.get("majorRadius")))
    return order


def compare(saved, original, measured=False):
    """The saved trace's touches against the original's: phases, places within 1 px, times
    within the client's timing, and (measured) force and majorRadius where the original has them."""
    got, want = touches_of(saved), touches_of(original)
    if len(got) != len(want):
        fail(f"the page recorded {len(got)} touches, {len(want)} were performed")
    t0_got, t0_want = got[0][0][0], want[0][0][0]
    for n, (g, w) in enumerate(zip(got, want), start=1):
        phases_g, phases_w = [s[1] for s in g], [s[1] for s in w]
        if phases_g != phases_w:
            fail(f"touch {n}: phases {phases_g}, expected {phases_w}")
        for (tg, phase, xg, yg, fg, rg), (tw, _, xw, yw, fw, rw) in zip(g, w):
            if measured and fw is not None and (fg is None or abs(fg - fw) > FORCE_TOLERANCE):
                fail(f"touch {n} {phase}: recorded with force {fg}, performed with {fw}")
            if measured and rw is not None and (rg is None or abs(rg - rw) > POSITION_TOLERANCE):
                fail(f"touch {n} {phase}: recorded with majorRadius {rg}, performed with {rw}")
            if abs(xg - xw) > POSITION_TOLERANCE or abs(yg - yw) > POSITION_TOLERANCE:
                fail(f"touch {n} {phase}: recorded at ({xg}, {yg}), performed at ({xw}, {yw}), more than {POSITION_TOLERANCE} px apart")
            if abs((tg - t0_got) - (tw - t0_want)) > TIME_TOLERANCE:
                fail(f"touch {n} {phase}: recorded at {tg - t0_got:.4f} s, performed at {tw - t0_want:.4f} s")
        print(f"touch {n}: {len(g)} samples, phases and places match")


def find(given, names, what, install):
    for candidate in ([given] if given else names):
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    fail(f"{what} not found ({given or ', '.join(names)}): {install}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--touchtrace", default=str(REPOSITORY / ".build" / "debug" / "touchtrace"))
    parser.add_argument("--chromium")
    parser.add_argument("--chromedriver")
    options = parser.parse_args()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.remote.command import Command
    except ImportError as error:
        fail(f"Python's selenium package is missing ({error}): python3 -m venv .build/selenium-venv; "
             ".build/selenium-venv/bin/pip install selenium; run this test with .build/selenium-venv/bin/python")
    chromium = find(options.chromium, ["chromium", "chromium-browser", "google-chrome"], "Chromium",
                    "apt-get install -y chromium, or pass --chromium PATH")
    chromedriver = find(options.chromedriver, ["chromedriver"], "chromedriver",
                        "apt-get install -y chromium-driver, or pass --chromedriver PATH")
    touchtrace = Path(options.touchtrace)
    if not touchtrace.is_file():
        fail(f"no touchtrace binary at {touchtrace}: run swift build first, or pass --touchtrace PATH")

    with tempfile.TemporaryDirectory(prefix="touchtrace-webdriver-") as scratch:
        scratch = Path(scratch)
        downloads = scratch / "downloads"
        downloads.mkdir()
        chrome = webdriver.ChromeOptions()
        chrome.binary_location = chromium
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=600,900"):
            chrome.add_argument(argument)
        chrome.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                                 "download.prompt_for_download": False})
        driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=chrome)
        try:
            print(f"browser: {driver.capabilities.get('browserName')} {driver.capabilities.get('browserVersion')}")
            print("-- webdriver")
            driver.get(PAGE.as_uri())
            area = driver.execute_script(
                "const b = document.getElementById('area').getBoundingClientRect();"
                " return {left: b.left, top: b.top, width: b.width, height: b.height};")
            print(f"recording area: {area['width']} x {area['height']} at ({area['left']}, {area['top']})")
            trace = original_trace(area["width"], area["height"])
            (scratch / "original.trace.json").write_text(json.dumps(trace, indent=1))
            (scratch / "viewport.trace.json").write_text(json.dumps(shifted(trace, area["left"], area["top"]), indent=1))
            export = subprocess.run([str(touchtrace), "export", "webdriver", str(scratch / "viewport.trace.json"),
                                     "--output", str(scratch / "actions.json")], capture_output=True, text=True, timeout=60)
            if export.returncode != 0:
                fail(f"touchtrace export webdriver exited {export.returncode}: {export.stderr}")
            actions = json.loads((scratch / "actions.json").read_text())
            names = [source["id"] for source in actions["actions"]]
            if names != ["touch1", "touch2"]:
                fail(f"the actions' sources are {names}: one for each touch id (touch1, touch2), a reused id keeping its own, was expected")
            print(f"performing {len(actions['actions'])} pointer sources, "
                  f"{sum(len(s['actions']) for s in actions['actions'])} actions")
            driver.execute(Command.W3C_ACTIONS, actions)
            saved = save(driver, By, downloads / "webdriver")
            check(touchtrace, saved, trace)

            print("-- cdp")
            driver.get(PAGE.as_uri())
            export = subprocess.run([str(touchtrace), "export", "cdp", str(scratch / "viewport.trace.json")],
                                    capture_output=True, text=True, timeout=60)
            if export.returncode != 0:
                fail(f"touchtrace export cdp exited {export.returncode}: {export.stderr}")
            calls = [json.loads(line) for line in export.stdout.splitlines()]
            print(f"sending {len(calls)} Input.dispatchTouchEvent calls")
            start = time.time()
            began = time.monotonic()
            for call in calls:
                # Each call at its time from the first; its timestamp from now, in seconds.
                wait = call["params"]["timestamp"] - calls[0]["params"]["timestamp"] - (time.monotonic() - began)
                if wait > 0:
                    time.sleep(wait)
                driver.execute_cdp_cmd(call["method"], dict(call["params"], timestamp=start + call["params"]["timestamp"]))
            saved = save(driver, By, downloads / "cdp")
            check(touchtrace, saved, trace, measured=True)
        finally:
            driver.quit()
    print("PASS: the WebDriver and CDP exports, performed in Chromium, were recorded as the trace, within 1 CSS px")


def save(driver, By, folder):
    """Presses "Save trace" and returns the path of the trace it downloads into folder."""
    folder.mkdir()
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    button = next((b for b in driver.find_elements(By.TAG_NAME, "button") if b.text.strip() == "Save trace"), None)
    if button is None:
        fail('no button labelled "Save trace"')
    button.click()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        saved = list(folder.glob("*.trace.json"))
        if saved:
            return saved[0]
        time.sleep(0.1)
    fail(f"no trace was downloaded into {folder} within 20 s of pressing Save trace")


def check(touchtrace, saved, trace, measured=False):
    """The saved trace is valid and holds the touches of trace (with their force and
    majorRadius, when measured)."""
    validate = subprocess.run([str(touchtrace), "validate", "--strict", str(saved)], capture_output=True, text=True, timeout=60)
    if validate.returncode != 0:
        fail(f"touchtrace validate --strict rejects the saved trace: {validate.stderr}")
    compare(json.loads(saved.read_text()), trace, measured)


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"FAIL: {failure}")
        sys.exit(1)
