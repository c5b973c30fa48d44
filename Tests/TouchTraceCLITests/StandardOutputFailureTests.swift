import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// Standard output that takes nothing, as `> /dev/full` does.
private final class FullOutput: ByteOutput {
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        throw OutputError(message: "cannot write: no space left on device")
    }
}

/// A result that cannot be written to standard output is exit code 74, naming it; a report
/// that cannot be written names its file.
@Suite struct StandardOutputFailureTests {
    func run(_ arguments: String...) -> Run {
        let err = MemoryOutput()
        let code = CommandLineTool.run(["touchtrace"] + arguments, console: Console(out: FullOutput(), err: err))
        return Run(code: code, out: "", err: err.text)
    }

    @Test func renderEvalAndDiffNameStandardOutput() throws {
        let knob = packageRoot + "/traces/knob/quarter-turn.trace.json"
        let render = run("render", knob)
        #expect(render.code == 74 && render.err == "touchtrace render: standard output: cannot write: no space left on device\n", "\(render.err)")
        let eval = run("eval", packageRoot + "/Examples/strokes/checks.jsonl", "--recognizer", "checkmarkRobust")
        #expect(eval.code == 74 && eval.err == "touchtrace eval: standard output: cannot write: no space left on device\n", "\(eval.err)")
        let changed = temporaryDirectory() + "/changed.expected.txt"
        try writeText(try readText(packageRoot + "/traces/knob/quarter-turn.expected.txt").replacingFirst("value=", with: "value=1"), to: changed)
        let diff = run("diff", knob, changed)
        #expect(diff.code == 74 && diff.err.hasPrefix("touchtrace diff: standard output: cannot write"), "\(diff.err)")
    }

    @Test func aJUnitFileThatCannotBeWrittenIsNamed() throws {
        #if os(Linux)
        let r = touchtrace("verify", packageRoot + "/traces/knob", "--record", "never", "--junit", "/dev/full")
        #expect(r.code == 74 && r.err.contains("/dev/full: cannot write"), "\(r.err)")
        #endif
    }
}
