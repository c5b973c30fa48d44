import Testing
@testable import TouchTrace

/// What a recognizer or control written outside touchtrace can reach must be safe: records of
/// any content are written whole, and public initializers refuse arguments that cannot work.
struct OutsideAuthorTests {
    /// The transcript of one record with one `.name` field, in a format.
    private func written(_ value: StaticString, _ format: TranscriptFormat) throws -> String {
        let output = MemoryOutput()
        let writer = TranscriptWriter(format: format, sources: [SourceName(view: "v", name: "s")], output: output)
        writer.write(Record(t: 0.5, source: 0, event: "mood", fields: FieldList(Field("word", .name(value)), Field("n", .integer(7)))))
        try writer.finish()
        return output.text
    }

    @Test func aLongNameIsWrittenWholeAndQuoted() throws {
        // 300 bytes: far more than the room a field has for a name (48 bytes).
        let long: StaticString = "abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij"
        #expect(long.utf8CodeUnitCount == 300)
        let text = try written(long, .text)
        #expect(text == "# touchtrace transcript v1\n0.5000 v.s mood word=\"\(long)\" n=7\n")
        let json = try written(long, .jsonl)
        #expect(json == "{\"t\":0.5,\"view\":\"v\",\"source\":\"s\",\"event\":\"mood\",\"word\":\"\(long)\",\"n\":7}\n")
    }

    @Test func aNameWithQuotesAndSpacesIsEscaped() throws {
        #expect(try written("say \"hi\"", .text) == "# touchtrace transcript v1\n0.5000 v.s mood word=\"say \\\"hi\\\"\" n=7\n")
        #expect(try written("say \"hi\"", .jsonl) == "{\"t\":0.5,\"view\":\"v\",\"source\":\"s\",\"event\":\"mood\",\"word\":\"say \\\"hi\\\"\",\"n\":7}\n")
        // Plain names stay bare, as every built-in one is.
        #expect(try written("began", .text) == "# touchtrace transcript v1\n0.5000 v.s mood word=began n=7\n")
    }

    @Test func initializersRefuseArgumentsThatCannotWork() async {
        await #expect(processExitsWith: .failure) { _ = Knob(minimumValue: 1, maximumValue: 1) }
        await #expect(processExitsWith: .failure) { _ = Knob(startAngle: 0, endAngle: 7) }
        await #expect(processExitsWith: .failure) { _ = RangeSlider(minValue: 5, maxValue: 5, width: 300, height: 40) }
        await #expect(processExitsWith: .failure) { _ = RangeSlider(minValue: 0, maxValue: 10, lower: 8, upper: 2, width: 300, height: 40) }
        await #expect(processExitsWith: .failure) { _ = RangeSlider(width: 40, height: 40) }
        await #expect(processExitsWith: .failure) { _ = Counter(numberOfGlasses: 0) }
        await #expect(processExitsWith: .failure) { _ = PanRecognizer(minimumNumberOfTouches: 2, maximumNumberOfTouches: 1) }
        await #expect(processExitsWith: .failure) { _ = TapRecognizer(numberOfTapsRequired: 0) }
        await #expect(processExitsWith: .failure) { _ = SwipeRecognizer(directions: []) }
        // And the same kinds of values that work.
        _ = Knob(minimumValue: 0, maximumValue: 1)
        _ = RangeSlider(minValue: 0, maxValue: 10, lower: 2, upper: 8, width: 300, height: 40)
    }

    @Test func aRecognizerCanBeTestedWithTouchesBuiltInMemory() throws {
        // A trace and a scene made in code, replayed into a collector: no files.
        let json = """
        {"version": 2, "events": [
          {"t": 0, "touches": [{"id": 1, "phase": "began", "x": 10, "y": 10}]},
          {"t": 0.05, "touches": [{"id": 1, "phase": "ended", "x": 10, "y": 10}]}]}
        """
        let trace = try Trace.parse(SourceFile(path: "memory.trace.json", bytes: Array(json.utf8)))
        let scene = Scene(views: [SceneView(name: "pad", frame: Rect(x: 0, y: 0, width: 100, height: 100),
                                            recognizers: [("tap", TapRecognizer())])], origin: "code", version: 2)
        let collector = RecordCollector()
        Replayer.replay(trace, scene: scene, into: collector)
        #expect(collector.records.count == 1)
        #expect(collector.records.first?.fields[1] == Field("to", .name("recognized")))
        // A touch set for calling a recognizer directly.
        let set = TouchSet([ViewTouch(id: .number(1), serial: 0, slot: 0, phase: .began, location: Point(x: 1, y: 2))])
        #expect(set.first?.previousLocation == Point(x: 1, y: 2))
    }
}
