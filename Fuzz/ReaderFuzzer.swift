// libFuzzer target for touchtrace's readers. Built by scripts/fuzz-reader.sh together with the
// library's sources as one module (SwiftPM does not build this folder).
//
// Each input is read as a trace (stopping at the first problem, and collecting every problem
// with unknown keys reported), its scene is resolved and the trace is replayed into both
// transcript writers; the same bytes are read as a scene file and compared as a transcript.
// Anything other than a clean return — a crash, a trap, an address-sanitizer report, a hang —
// is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func touchtraceFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let source = SourceFile(path: "fuzz.trace.json", bytes: bytes)
    for options in [TraceReadOptions(), TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true)] {
        guard let trace = try? Trace.parse(source, options: options) else { continue }
        let scene: Scene
        if let node = trace.header.scene {
            guard let s = try? SceneReader.read(node, source: source, origin: "fuzz", options: options) else { continue }
            scene = s
        } else {
            scene = Scene.defaultScene(width: trace.screen.width, height: trace.screen.height)
        }
        for format in TranscriptFormat.allCases {
            let output = MemoryOutput()
            let writer = TranscriptWriter(format: format, sources: Replayer(scene: scene, sink: RecordCollector()).sources, output: output)
            Replayer.replay(trace, scene: scene, into: writer)
            try? writer.finish()
            if format == .text {
                // The replay compared with the input, as `diff` would.
                _ = TranscriptComparison().compare(expected: String(decoding: bytes, as: UTF8.self), actual: output.text)
            }
        }
    }
    if let node = try? JSONNode.parseDocument(source) {
        _ = try? SceneReader.read(node, source: source, origin: "fuzz", options: TraceReadOptions(collectAllProblems: true, reportUnknownKeys: true))
    }
    return 0
}
