import Testing
@testable import TouchTrace

/// Every kind of bad input SPEC 8 names, as files in `Malformed/`: each `NAME.trace.json` must be
/// refused with exit code 2, nothing on stdout, no output file, and exactly the message in
/// `NAME.error.txt` (written there with the file's bare name as its path).
@Suite struct MalformedInputTests {
    static let folder = packageRoot + "/Tests/TouchTraceCLITests/Malformed"

    static var cases: [String] {
        (try? Fixture.discover([folder]).map { String($0.name.dropFirst(folder.count + 1)) }) ?? []
    }

    @Test func theCorpusCoversTheListOfTheSpec() {
        #expect(Self.cases.count >= 35)
    }

    @Test(arguments: cases)
    func isRefusedWithItsMessage(_ name: String) throws {
        let path = Self.folder + "/" + name + ".trace.json"
        let output = temporaryDirectory() + "/out.txt"
        for command in [["replay", path, "--output", output], ["replay", path, "--format", "jsonl"], ["validate", path]] {
            let run = touchtrace(command)
            #expect(run.code == 2, "\(command)")
            #expect(run.out.isEmpty, "\(command)")
            #expect(!Scene.fileExists(output))
            let expected = try readText(Self.folder + "/" + name + ".error.txt")
            #expect(run.err.replacingOccurrences(of: Self.folder + "/", with: "") == expected, "\(command)")
        }
    }

    @Test func directoriesAndMissingFilesAreRefused() {
        let directory = touchtrace("replay", Self.folder)
        #expect(directory.code == 2 && directory.out.isEmpty)
        #expect(directory.err == "\(Self.folder):1:1: is a directory, not a trace file\n")
        let missing = touchtrace("replay", Self.folder + "/none.trace.json")
        #expect(missing.code == 2 && missing.err == "\(Self.folder)/none.trace.json:1:1: cannot read: no such file or directory\n")
        // --scene wins over everything else (SPEC 2), so it is always read.
        let scene = touchtrace("replay", packageRoot + "/traces/pan/drag.trace.json", "--scene", Self.folder)
        #expect(scene.code == 2 && scene.out.isEmpty)
        #expect(scene.err == "\(Self.folder):1:1: is a directory, not a trace file\n")
    }
}

extension String {
    /// Every occurrence of `target` replaced (without Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    func range(of target: String) -> Range<Substring.Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }
}
