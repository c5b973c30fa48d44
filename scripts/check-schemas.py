#!/usr/bin/env python3
"""Checks docs/scene.schema.json and docs/trace.schema.json against the repository.

1. Every scene.json and every *.trace.json under traces/ must match its schema; a version 1
   trace's scene, from its "scene" key or from the scene.json beside it, must also match the
   version 1 rules (scene.schema.json#/$defs/version1).
2. Every scene in a ```json block of README.md and docs/*.md (an object with "views") must match.
3. Documents touchtrace rejects for a reason a schema can state must be rejected: a schema
   that accepts them has become too loose.

Needs the jsonschema package (4.18 or later): `pip install jsonschema`.
Usage: scripts/check-schemas.py [REPOSITORY]   (default: the folder above this script)
Exit code 0 when every check passes, 1 otherwise; each failure is printed as PATH: message.
"""

import json
import pathlib
import re
import sys

try:
    import jsonschema
    from referencing import Registry, Resource
except ImportError:
    sys.exit("check-schemas: needs the jsonschema package (4.18 or later): pip install jsonschema")

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
SCENE_SCHEMA = json.loads((ROOT / "docs/scene.schema.json").read_text())
TRACE_SCHEMA = json.loads((ROOT / "docs/trace.schema.json").read_text())
REGISTRY = Registry().with_resources([
    (SCENE_SCHEMA["$id"], Resource.from_contents(SCENE_SCHEMA)),
    (TRACE_SCHEMA["$id"], Resource.from_contents(TRACE_SCHEMA)),
])


def validator(schema):
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema, registry=REGISTRY)


failures = []

SCENE = validator(SCENE_SCHEMA)
TRACE = validator(TRACE_SCHEMA)
if "version1" in SCENE_SCHEMA.get("$defs", {}):
    SCENE_V1 = validator({"$ref": SCENE_SCHEMA["$id"] + "#/$defs/version1"})
else:
    failures.append("docs/scene.schema.json: no $defs/version1 (what a version 1 trace's scene may use)")
    SCENE_V1 = validator({})


def problems(v, document):
    """The schema's complaints about a document, one line each, deepest first."""
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
            for e in sorted(v.iter_errors(document), key=lambda e: -len(e.absolute_path))]


def expect_valid(v, document, where):
    for p in problems(v, document):
        failures.append(f"{where}: {p}")


def load(path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        failures.append(f"{path.relative_to(ROOT)}: not JSON ({error})")
        return None


# 1. The fixtures.
# (and PhotoScreen's, whose scene is a screen built in code: {"screen": NAME}; the other examples
# name recognizer types of their own, which the schema cannot know)
photo = ROOT / "Examples" / "PhotoScreen"
scenes = sorted((ROOT / "traces").rglob("scene.json")) + sorted(photo.rglob("scene.json"))
traces = sorted((ROOT / "traces").rglob("*.trace.json")) + sorted(photo.rglob("*.trace.json"))
for path in scenes:
    scene = load(path)
    if scene is not None:
        expect_valid(SCENE, scene, path.relative_to(ROOT))
for path in traces:
    trace = load(path)
    if trace is None:
        continue
    where = path.relative_to(ROOT)
    expect_valid(TRACE, trace, where)
    beside = path.parent / "scene.json"
    if trace.get("version") == 1 and "scene" not in trace and beside.exists():
        scene = load(beside)
        if scene is not None:
            expect_valid(SCENE_V1, scene, f"{beside.relative_to(ROOT)} (the scene of version 1 trace {where})")

# 2. The scenes the documentation shows.
doc_scenes = 0
for path in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")):
    for number, block in enumerate(re.findall(r"```json\n(.*?)```", path.read_text(), re.S)):
        try:
            document = json.loads(block)
        except ValueError:
            continue  # JSON Lines and fragments
        if isinstance(document, dict) and ("views" in document or isinstance(document.get("screen"), str)):
            doc_scenes += 1
            expect_valid(SCENE, document, f"{path.relative_to(ROOT)}, json block {number}")

# 3. What the schemas must reject.
def view(**keys):
    return {"name": "pad", "frame": [0, 0, 390, 400], **keys}


def scene_with(*recognizers, **keys):
    return {"views": [view(recognizers=list(recognizers))], **keys}


def trace_with(version, scene):
    return {"version": version, "scene": scene, "strokes": [{"id": 1, "points": [[0, 10, 10], [0.1, 10, 10]]}]}


# Each with the place (a path in the document) the schema must point at: rejected for its
# reason, not for another.
BAD_SCENES = {
    "a subview two levels down with a negative width": ("views/0/subviews/0/subviews/0/frame/2", {"views": [view(subviews=[
        {"name": "card", "frame": [0, 0, 100, 100], "subviews": [{"name": "button", "frame": [0, 0, -5, 10]}]}])]}),
    "a subview without a frame": ("views/0/subviews/0", {"views": [view(subviews=[{"name": "card"}])]}),
    "subviews that are not a list": ("views/0/subviews", {"views": [view(subviews={"name": "card", "frame": [0, 0, 1, 1]})]}),
    "an unknown recognition": ("recognition", scene_with(recognition="together")),
    "an unknown recognizer type": ("views/0/recognizers/0/type", scene_with({"type": "doubleTap"})),
    "both views and a screen": ("", {"views": [view()], "screen": "photo"}),
    "a screen name with a dot": ("screen", {"screen": "photo.main"}),
    "a tap of 0 taps": ("views/0/recognizers/0/numberOfTapsRequired", scene_with({"type": "tap", "numberOfTapsRequired": 0})),
    "a tap of 1.5 fingers": ("views/0/recognizers/0/numberOfTouchesRequired",
                             scene_with({"type": "tap", "numberOfTouchesRequired": 1.5})),
    "a tap with a maximumTapDuration of 0": ("views/0/recognizers/0/maximumTapDuration",
                                             scene_with({"type": "tap", "maximumTapDuration": 0})),
    "a long press with a negative allowableMovement": ("views/0/recognizers/0/allowableMovement",
                                                       scene_with({"type": "longPress", "allowableMovement": -1})),
    "a long press of 21 fingers": ("views/0/recognizers/0/numberOfTouchesRequired",
                                   scene_with({"type": "longPress", "numberOfTouchesRequired": 21})),
    "a swipe sideways": ("views/0/recognizers/0/direction", scene_with({"type": "swipe", "direction": "sideways"})),
    "a swipe with no direction in its list": ("views/0/recognizers/0/direction", scene_with({"type": "swipe", "direction": []})),
    "a swipe within 91 degrees": ("views/0/recognizers/0/maximumAngle", scene_with({"type": "swipe", "maximumAngle": 91})),
    "a pinch with a negative minimumSpanChange": ("views/0/recognizers/0/minimumSpanChange",
                                                  scene_with({"type": "pinch", "minimumSpanChange": -8})),
    "a rotation of 101 radians": ("views/0/recognizers/0/minimumRotation",
                                  scene_with({"type": "twoFingerRotation", "minimumRotation": 101})),
    "requireToFail as one string": ("views/0/recognizers/0/requireToFail", scene_with({"type": "pan", "requireToFail": "tap"})),
    "simultaneousWith naming a number": ("views/0/recognizers/0/simultaneousWith/0",
                                         scene_with({"type": "pan", "simultaneousWith": [1]})),
    "cancelsTouchesInView as a string": ("views/0/recognizers/0/cancelsTouchesInView",
                                         scene_with({"type": "pan", "cancelsTouchesInView": "no"})),
}
BAD_TRACES = {
    "version 3": ("version", trace_with(3, scene_with({"type": "pan"}))),
    "a version 1 trace with a tap": ("scene/views/0/recognizers/0/type", trace_with(1, scene_with({"type": "tap"}))),
    "a version 1 trace with subviews": ("scene/views/0/subviews", trace_with(1, {"views": [view(subviews=[])]})),
    "a version 1 trace with recognition": ("scene/recognition", trace_with(1, scene_with(recognition="exclusive"))),
    "a version 1 trace with requireToFail": ("scene/views/0/recognizers/0/requireToFail", trace_with(1, scene_with(
        {"type": "pan", "requireToFail": ["checkmark"]}, {"type": "checkmark"}))),
    "a version 1 trace with cancelsTouchesInView": ("scene/views/0/recognizers/0/cancelsTouchesInView",
                                                    trace_with(1, scene_with({"type": "pan", "cancelsTouchesInView": False}))),
    "a version 2 trace whose scene is bad": ("scene/views/0/recognizers/0/numberOfTapsRequired",
                                             trace_with(2, scene_with({"type": "tap", "numberOfTapsRequired": 0}))),
    "a maximumForce of 0": ("maximumForce", dict(trace_with(1, scene_with({"type": "pan"})), maximumForce=0)),
    "a maximumForce as a string": ("maximumForce", dict(trace_with(2, scene_with({"type": "pan"})), maximumForce="6.67")),
}
GOOD_TRACES = {
    "a version 1 trace with a maximumForce": dict(trace_with(1, scene_with({"type": "pan"})), maximumForce=6.666667),
    "a version 2 trace with every version 2 key": trace_with(2, {"recognition": "exclusive", "views": [view(
        recognizers=[{"type": "tap", "name": "doubleTap", "numberOfTapsRequired": 2},
                     {"type": "tap", "requireToFail": ["doubleTap"], "simultaneousWith": ["pad.swipe"]},
                     {"type": "swipe", "direction": ["left", "right"], "cancelsTouchesInView": False}],
        subviews=[{"name": "button", "frame": [10, 10, 50, 50], "recognizers": [{"type": "longPress"}]}])]}),
}


def error_paths(v, document):
    """Every place the schema complains about, as "a/b/0", including inside oneOf and $ref."""
    def walk(errors):
        for e in errors:
            yield "/".join(map(str, e.absolute_path))
            yield from walk(e.context)
    return set(walk(v.iter_errors(document)))


for name, bad in (("scene", BAD_SCENES), ("trace", BAD_TRACES)):
    v = SCENE if name == "scene" else TRACE
    for label, (place, document) in bad.items():
        paths = error_paths(v, document)
        if place not in paths:
            found = f" (only at: {', '.join(sorted(paths))})" if paths else ""
            failures.append(f"{name}.schema.json accepts {label}, which touchtrace rejects at {place}{found}")
for label, document in GOOD_TRACES.items():
    expect_valid(TRACE, document, f"trace.schema.json, {label}")

for failure in failures:
    print(failure)
checked = (f"{len(scenes)} scene.json, {len(traces)} traces, {doc_scenes} scenes in docs, "
           f"{len(BAD_SCENES) + len(BAD_TRACES)} documents to reject, {len(GOOD_TRACES)} to accept")
if failures:
    print(f"check-schemas: {len(failures)} problems ({checked})")
    sys.exit(1)
print(f"check-schemas: all good ({checked})")
