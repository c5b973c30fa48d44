#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// The result of running the command line in-process.
struct Run {
    var code: Int32
    var out: String
    var err: String
}

/// Runs `touchtrace` with these arguments in-process.
func touchtrace(_ arguments: String..., environment: [String: String] = [:]) -> Run {
    touchtrace(arguments, environment: environment)
}

func touchtrace(_ arguments: [String], environment: [String: String] = [:]) -> Run {
    let out = MemoryOutput()
    let err = MemoryOutput()
    let code = CommandLineTool.run(["touchtrace"] + arguments, console: Console(out: out, err: err, environment: environment))
    return Run(code: code, out: out.text, err: err.text)
}

/// The package's root folder (this file is in Tests/TouchTraceCLITests/).
let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// The folder that holds this test run's temporary folders, removed with all it holds when the
/// run's process exits, so that a run leaves nothing in /tmp.
private let temporaryRoot: String = {
    let path = makeTemporaryFolder("/tmp/touchtrace-test-XXXXXX")
    // Passable by other users (each folder in it is still its own owner's alone): a test runs
    // the binary as another user in a folder of its own that it opens to them.
    chmod(path, 0o711)
    atexit { removeTemporaryRoot() }
    return path
}()

/// Removes `temporaryRoot` and everything in it.
private func removeTemporaryRoot() {
    try? FileManager.default.removeItem(atPath: temporaryRoot)
}

/// A new folder made from `template` (its `XXXXXX` replaced).
private func makeTemporaryFolder(_ template: String) -> String {
    var bytes = Array(template.utf8CString)
    return bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}

/// A fresh temporary folder (inside this run's `temporaryRoot`).
func temporaryDirectory() -> String {
    makeTemporaryFolder(temporaryRoot + "/XXXXXX")
}

/// Copies the project's fixtures into a temporary folder and returns the copy's `traces` path.
func copyOfFixtures() throws -> String {
    let directory = temporaryDirectory()
    let target = directory + "/traces"
    for fixture in try Fixture.discover([packageRoot + "/traces"]) {
        let relative = String(fixture.tracePath.dropFirst(packageRoot.count + "/traces/".count))
        let destination = target + "/" + relative
        let folder = String(destination[..<destination.lastIndex(of: "/")!])
        mkdirs(folder)
        try copy(fixture.tracePath, destination)
        try copy(fixture.expectedPath, Fixture(tracePath: destination).expectedPath)
        let scene = Scene.besidePath(of: fixture.tracePath)
        if Scene.fileExists(scene) { try copy(scene, Scene.besidePath(of: destination)) }
    }
    return target
}

func copy(_ from: String, _ to: String) throws {
    try AtomicFile.write(SourceFile.read(path: from).bytes, to: to)
}

func mkdirs(_ path: String) {
    var built = ""
    for part in path.split(separator: "/") {
        built += "/" + part
        mkdir(built, 0o755)
    }
}

func readText(_ path: String) throws -> String {
    String(decoding: try SourceFile.read(path: path).bytes, as: UTF8.self)
}

func writeText(_ text: String, to path: String) throws {
    try AtomicFile.write(Array(text.utf8), to: path)
}
