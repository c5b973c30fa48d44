import Testing
@testable import TouchTrace

/// Version 2 scenes (SPEC 11, 12, 13, 13.1): what they may say and where a mistake is pointed at.
/// Scenes here are one line, so a location is `scene.json:1:COLUMN`, found in the test from the
/// text itself (the column of the offending value or key, counted from 1).
@Suite struct SceneReaderV2Tests {
    func problems(_ json: String, version: Int) -> [String] {
        do {
            _ = try parseScene(json, version: version)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    /// `scene.json:1:C:` where C is the column of the `occurrence`-th `needle` (plus `shift`).
    func at(_ needle: String, in json: String, occurrence: Int = 1, shift: Int = 0) -> String {
        var rest = json[...]
        var base = 0
        for k in 1...occurrence {
            guard let r = rest.firstRange(of: needle) else { return "\(needle) not found" }
            let offset = json.utf8.distance(from: json.startIndex, to: r.lowerBound)
            if k == occurrence { base = offset }
            rest = json[r.upperBound...]
        }
        return "scene.json:1:\(base + 1 + shift): "
    }

    /// The location of the value of `"key": value` in the text.
    func valueOf(_ key: String, in json: String) -> String { at("\"\(key)\": ", in: json, shift: key.utf8.count + 4) }

    func expectOne(_ json: String, version: Int = 2, _ location: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = problems(json, version: version)
        #expect(found.count == 1, "\(found)", sourceLocation: sourceLocation)
        let first = found.first ?? ""
        #expect(first.hasPrefix(location), "\(first) does not start with \(location)", sourceLocation: sourceLocation)
        #expect(first.contains(message), "\(first) does not contain \(message)", sourceLocation: sourceLocation)
    }

    func oneView(_ recognizers: String) -> String {
        #"{"views": [{"name": "v", "frame": [0, 0, 10, 10], "recognizers": ["# + recognizers + "]}]}"
    }

    // MARK: Reading

    @Test func subviewsAreReadDepthFirstWithTheirSuperviews() throws {
        let scene = try parseScene(#"{"views": [{"name": "a", "frame": [0, 0, 100, 100], "subviews": [{"name": "b", "frame": [10, 10, 50, 50], "subviews": [{"name": "c", "frame": [5, 5, 5, 5]}]}, {"name": "d", "frame": [60, 0, 10, 10]}]}, {"name": "e", "frame": [0, 0, 1, 1]}]}"#, version: 2)
        #expect(scene.views.map(\.name) == ["a", "b", "c", "d", "e"])
        #expect(scene.views.map(\.superview) == [nil, 0, 1, 0, nil])
        #expect(scene.screenOrigins == [Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 15, y: 15), Point(x: 60, y: 0), Point(x: 0, y: 0)])
    }

    @Test func theArenaKeysAreRead() throws {
        let scene = try parseScene(#"{"recognition": "simultaneous", "views": [{"name": "v", "frame": [0, 0, 10, 10], "control": {"type": "knob"}, "recognizers": [{"type": "tap", "requireToFail": ["rotation", "w.pan"], "simultaneousWith": ["swipe"], "cancelsTouchesInView": false}, {"type": "swipe"}]}, {"name": "w", "frame": [0, 0, 1, 1], "recognizers": [{"type": "pan"}]}]}"#, version: 2)
        #expect(scene.recognition == .simultaneous)
        let tap = scene.views[0].recognizers[1]
        #expect(tap.name == "tap")
        #expect(tap.requireToFail == ["rotation", "w.pan"])
        #expect(tap.simultaneousWith == ["swipe"])
        #expect(tap.cancelsTouchesInView == false)
        #expect(scene.views[0].recognizers[2].cancelsTouchesInView == true, "true by default")
        #expect(scene.recognizer(named: "rotation", from: 0)! == (0, 0), "the knob's rotation is a recognizer of the knob's view")
        #expect(scene.recognizer(named: "w.pan", from: 0)! == (1, 0))
        #expect(try parseScene(#"{"views": []}"#, version: 2).recognition == .exclusive, "exclusive by default")
    }

    // MARK: Arena references

    /// `VIEW.view` is a view's own source, for its `viewChanged` records (SPEC 17).
    @Test func aRecognizerOrControlNamedViewIsRefused() {
        for version in [1, 2] {
            let json = oneView(#"{"type": "pan", "name": "view"}"#)
            expectOne(json, version: version, at("\"view\"}", in: json), #"view "v", recognizers[0]: "name" may not be "view""#)
        }
        let control = #"{"views": [{"name": "v", "frame": [0, 0, 10, 10], "control": {"type": "counter", "name": "view"}}]}"#
        expectOne(control, at("\"view\"}", in: control), #""name" may not be "view""#)
    }

    @Test func requireToFailNamingNoRecognizer() {
        let json = oneView(#"{"type": "tap", "requireToFail": ["nope"]}"#)
        expectOne(json, at("\"nope\"", in: json), #"recognizer "v.tap": "requireToFail" names "nope", which is no recognizer of this scene (recognizers: tap;"#)
    }

    @Test func simultaneousWithNamingNoRecognizer() {
        // "w.pan": there is no view w. And "v.pan" on a view without a pan.
        let json = oneView(#"{"type": "tap", "simultaneousWith": ["w.pan"]}"#)
        expectOne(json, at("\"w.pan\"", in: json), #""simultaneousWith" names "w.pan", which is no recognizer of this scene"#)
        let other = oneView(#"{"type": "tap", "simultaneousWith": ["v.pan"]}"#)
        expectOne(other, at("\"v.pan\"", in: other), #""simultaneousWith" names "v.pan""#)
    }

    @Test func aRecognizerRequiringItself() {
        let json = oneView(#"{"type": "tap", "name": "t", "requireToFail": ["v.t"]}"#)
        expectOne(json, at("\"v.t\"", in: json), #"recognizer "v.t" requires itself to fail"#)
    }

    @Test func aCycleOfRequirements() {
        let json = oneView(#"{"type": "tap", "requireToFail": ["pan"]}, {"type": "pan", "requireToFail": ["swipe"]}, {"type": "swipe", "requireToFail": ["v.tap"]}"#)
        expectOne(json, at("\"pan\"", in: json), #""requireToFail" forms a cycle (v.tap → v.pan → v.swipe → v.tap)"#)
        let two = #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "recognizers": [{"type": "tap", "requireToFail": ["b.tap"]}]}, {"name": "b", "frame": [0, 0, 10, 10], "recognizers": [{"type": "tap", "requireToFail": ["a.tap"]}]}]}"#
        let found = problems(two, version: 2)
        #expect(found.count == 1 && found[0].contains("forms a cycle"), "\(found)")
    }

    @Test func aChainOfRequirementsIsNoCycle() {
        let json = oneView(#"{"type": "tap", "requireToFail": ["pan", "swipe"]}, {"type": "pan", "requireToFail": ["swipe"]}, {"type": "swipe"}"#)
        #expect(problems(json, version: 2).isEmpty)
    }

    @Test func duplicateViewNamesAnywhereInTheTree() {
        let json = #"{"views": [{"name": "v", "frame": [0, 0, 10, 10], "subviews": [{"name": "w", "frame": [0, 0, 1, 1], "subviews": [{"name": "v", "frame": [0, 0, 1, 1]}]}]}]}"#
        expectOne(json, at("\"v\"", in: json, occurrence: 2), #"duplicate view name "v" (views[0] has it too)"#)
        let siblings = #"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "subviews": [{"name": "s", "frame": [0, 0, 1, 1]}]}, {"name": "b", "frame": [0, 0, 10, 10], "subviews": [{"name": "s", "frame": [0, 0, 1, 1]}]}]}"#
        expectOne(siblings, at("\"s\"", in: siblings, occurrence: 2), #"duplicate view name "s" (views[0].subviews[0] has it too)"#)
    }

    @Test func badArenaValues() {
        let recognition = #"{"recognition": "both", "views": []}"#
        expectOne(recognition, at("\"both\"", in: recognition), #""recognition" must be "exclusive""#)
        let cancels = oneView(#"{"type": "tap", "cancelsTouchesInView": 1}"#)
        expectOne(cancels, valueOf("cancelsTouchesInView", in: cancels), #""cancelsTouchesInView" must be true or false, found a number"#)
        let list = oneView(#"{"type": "tap", "requireToFail": "pan"}, {"type": "pan"}"#)
        expectOne(list, valueOf("requireToFail", in: list), #""requireToFail" must be an array of recognizer names"#)
        let subviews = #"{"views": [{"name": "v", "frame": [0, 0, 10, 10], "subviews": {}}]}"#
        expectOne(subviews, valueOf("subviews", in: subviews), #"view "v": "subviews" must be an array of views"#)
    }

    // MARK: Version 2 features in a version 1 trace

    @Test func version2FeaturesAreRefusedInAVersion1Trace() {
        let needs = "needs a version 2 trace"
        let subviews = #"{"views": [{"name": "v", "frame": [0, 0, 10, 10], "subviews": []}]}"#
        expectOne(subviews, version: 1, at("\"subviews\"", in: subviews), #"view "v": "subviews" "# + needs)
        for key in ["simultaneousWith", "requireToFail"] {
            let json = oneView(#"{"type": "pan", ""# + key + #"": ["spots"]}, {"type": "spots"}"#)
            expectOne(json, version: 1, at("\"\(key)\"", in: json), #"view "v", pan: ""# + key + #"" "# + needs)
        }
        let cancels = oneView(#"{"type": "pan", "cancelsTouchesInView": false}"#)
        expectOne(cancels, version: 1, at("\"cancelsTouchesInView\"", in: cancels), #""cancelsTouchesInView" "# + needs)
        let recognition = #"{"recognition": "exclusive", "views": []}"#
        expectOne(recognition, version: 1, at("\"recognition\"", in: recognition), #""recognition" "# + needs)
    }

    /// Every registered recognizer type of version 2 (UIKit's standard ones).
    @Test(arguments: Registry.standard.recognizers.filter { $0.minimumVersion == 2 }.map(\.name))
    func theStandardRecognizersNeedVersion2(_ type: String) throws {
        let json = oneView(#"{"type": ""# + type + #""}"#)
        expectOne(json, version: 1, at("\"\(type)\"", in: json), #"view "v", recognizers[0]: ""# + type + #"" needs a version 2 trace"#)
        #expect(problems(json, version: 2).isEmpty)
    }

    // MARK: Parameters of the standard recognizers

    @Test(arguments: [
        ("tap", "numberOfTapsRequired", "0", "must be an integer of at least 1"),
        ("tap", "numberOfTapsRequired", "1.5", "must be an integer"),
        ("tap", "numberOfTouchesRequired", "0", "must be an integer of at least 1"),
        ("tap", "allowableMovement", "-1", "found -1"),
        ("tap", "maximumTapDuration", "0", "found 0"),
        ("tap", "maximumIntervalBetweenSuccessiveTaps", "-0.5", "found -0.5"),
        ("tap", "maximumTapDuration", "\"long\"", "must be a number"),
        ("longPress", "minimumPressDuration", "-1", "found -1"),
        ("longPress", "allowableMovement", "-0.1", "found -0.1"),
        ("longPress", "numberOfTouchesRequired", "0", "must be an integer of at least 1"),
        ("swipe", "direction", "\"diagonal\"", "\"direction\" must be right, left, up or down (or a list of them), found \"diagonal\""),
        ("swipe", "direction", "[]", "\"direction\" must name at least one direction"),
        ("swipe", "numberOfTouchesRequired", "0", "must be an integer of at least 1"),
        ("swipe", "minimumDistance", "-1", "found -1"),
        ("swipe", "maximumDuration", "0", "found 0"),
        ("swipe", "maximumAngle", "91", "found 91"),
        ("swipe", "maximumAngle", "-1", "found -1"),
        ("pinch", "minimumSpanChange", "-1", "found -1"),
        ("twoFingerRotation", "minimumRotation", "-0.1", "found -0.1"),
        ("twoFingerRotation", "minimumRotation", "101", "found 101"),
    ] as [(String, String, String, String)])
    func parametersOutOfRange(_ type: String, _ key: String, _ value: String, _ message: String) {
        let json = oneView(#"{"type": ""# + type + #"", ""# + key + #"": "# + value + "}")
        expectOne(json, valueOf(key, in: json), #"view "v", "# + type + #": ""# + key + #"""#)
        expectOne(json, valueOf(key, in: json), message)
    }

    @Test(arguments: [
        ("tap", "numberOfTapsRequired", "1"), ("tap", "allowableMovement", "0"), ("longPress", "minimumPressDuration", "0"),
        ("swipe", "direction", "[\"left\", \"up\"]"), ("swipe", "maximumAngle", "90"), ("swipe", "maximumAngle", "0"),
        ("pinch", "minimumSpanChange", "0"), ("twoFingerRotation", "minimumRotation", "0"),
    ] as [(String, String, String)])
    func parametersAtTheEdgeOfTheirRange(_ type: String, _ key: String, _ value: String) {
        let json = oneView(#"{"type": ""# + type + #"", ""# + key + #"": "# + value + "}")
        #expect(problems(json, version: 2).isEmpty)
    }
}
