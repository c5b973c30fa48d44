import Testing
@testable import TouchTrace

@Suite struct SceneReaderTests {
    func sceneProblems(_ json: String) -> [String] {
        do {
            _ = try parseScene(json)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func readsViewsRecognizersAndControls() throws {
        let scene = try parseScene("""
        {"views": [
          {"name": "pad", "frame": [0, 0, 390, 844], "recognizers": [{"type": "pan", "name": "drag", "minimumNumberOfTouches": 2}, {"type": "spots"}]},
          {"name": "knob", "frame": [20, 60, 160, 160], "control": {"type": "knob", "maximumValue": 10}}
        ]}
        """)
        #expect(scene.views.map(\.name) == ["pad", "knob"])
        #expect(scene.views[0].recognizers.map(\.name) == ["drag", "spots"])
        #expect((scene.views[0].recognizers[0].recognizer as? PanRecognizer)?.core.minimumNumberOfTouches == 2)
        #expect(scene.views[1].recognizers.map(\.name) == ["rotation"], "the knob brings its rotation")
        #expect((scene.views[1].control?.control as? Knob)?.maximumValue == 10)
    }

    @Test func theDefaultSceneCoversTheScreen() {
        let scene = Scene.defaultScene(width: 390, height: 844)
        #expect(scene.views.count == 1)
        #expect(scene.views[0].frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(scene.views[0].recognizers.map(\.name) == ["rotation", "pan", "checkmark", "spots"])
        #expect(scene.views[0].control?.name == "knob")
    }

    @Test(arguments: [
        (#"{"views": [{"name": "a", "frame": [0, 0, 10]}]}"#, "scene.json:1:35: view \"a\": \"frame\" must be four numbers [x, y, width, height], found 3 elements"),
        (#"{"views": [{"name": "a", "frame": [0, 0, -1, 10]}]}"#, "scene.json:1:35: view \"a\": \"frame\" has a negative size"),
        (#"{"views": [{"name": "a", "frame": [0, 0, "1", 10]}]}"#, "scene.json:1:42: view \"a\": \"frame\" must be four numbers [x, y, width, height], but element 2 is a string"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1]}, {"name": "a", "frame": [0, 0, 1, 1]}]}"#, "scene.json:1:59: duplicate view name \"a\""),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "recognizers": [{"type": "sweep"}]}]}"#,
         "scene.json:1:74: view \"a\", recognizers[0]: unknown recognizer type \"sweep\" (known types: \(Registry.standard.recognizers.map(\.name).joined(separator: ", ")))"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "recognizers": [{"type": "knob"}]}]}"#, "\"knob\" is a control, not a recognizer"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "control": {"type": "pan"}}]}"#, "\"pan\" is a recognizer, not a control"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "control": {"type": "pushButton", "target": "b"}}]}"#, "\"target\" \"b\" names no view of this scene"),
        (#"{"views": [{"name": "b", "frame": [0, 0, 1, 1]}, {"name": "a", "frame": [0, 0, 1, 1], "control": {"type": "pushButton", "target": "b"}}]}"#,
         "\"target\" \"b\" is not a counter view"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "control": {"type": "knob", "minimumValue": 1, "maximumValue": 1}}]}"#,
         "\"minimumValue\" (1) must be less than \"maximumValue\" (1)"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "control": {"type": "knob", "startAngle": 1, "endAngle": 0}}]}"#,
         "\"startAngle\" (1) must be less than \"endAngle\" (0)"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "control": {"type": "knob", "startAngle": -4, "endAngle": 4}}]}"#,
         "must not exceed a full turn"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 100, 10], "control": {"type": "rangeSlider", "minValue": 5, "maxValue": 5}}]}"#,
         "\"minValue\" (5) must be less than \"maxValue\" (5)"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 100, 10], "control": {"type": "rangeSlider", "lower": -1}}]}"#,
         "\"lower\" (-1) must be within \"minValue\"...\"maxValue\" (0...10)"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 100, 10], "control": {"type": "rangeSlider", "lower": 6, "upper": 4}}]}"#,
         "\"lower\" (6) must not be greater than \"upper\" (4)"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "control": {"type": "rangeSlider"}}]}"#, "must be wider than it is tall"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "recognizers": [{"type": "pan"}, {"type": "pan"}]}]}"#, "two recognizers or controls are named \"pan\""),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "recognizers": [{"type": "pan", "minimumNumberOfTouches": 0}]}]}"#,
         "\"minimumNumberOfTouches\" must be an integer of at least 1"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "control": {"type": "counter", "counter": 2.5}}]}"#, "\"counter\" must be an integer"),
        (#"{"views": [{"name": "a", "frame": [0, 0, 1, 1], "control": {"type": "knob", "isContinuous": "no"}}]}"#, "\"isContinuous\" must be true or false"),
        (#"{"view": []}"#, "scene.json:1:1: missing required key \"views\""),
    ] as [(String, String)])
    func scenesThatCannotWorkAreLocated(_ json: String, _ expected: String) {
        let found = sceneProblems(json)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.contains(expected) == true, "\(found.first ?? "nothing") does not contain \(expected)")
    }

    @Test func everySceneProblemIsReportedAtOnce() {
        let found = sceneProblems(#"{"views": [{"name": "a", "frame": [0, 0, -1, 1], "recognizers": [{"type": "sweep"}], "control": {"type": "knob", "minimumValue": 3}}]}"#)
        #expect(found.count == 3)
    }

    @Test func aSceneBesideTheTraceIsUsed() throws {
        #expect(Scene.besidePath(of: "traces/knob/a.trace.json") == "traces/knob/scene.json")
        #expect(Scene.besidePath(of: "a.trace.json") == "scene.json")
        #expect(Scene.besidePath(of: "/a.trace.json") == "/scene.json")
        #expect(Scene.besidePath(of: "größe/ä/b.trace.json") == "größe/ä/scene.json")
        // The last `/` byte ends the folder, even before a combining mark.
        #expect(Scene.besidePath(of: "x/\u{301}a.trace.json") == "x/scene.json")
    }
}
