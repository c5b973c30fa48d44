import Foundation
import Testing

/// The library's layers (README, "The code"), checked over the sources of the `TouchTrace` library: text
/// (numbers and escapes) → JSON reading and the model → the words of records → recognizers →
/// controls → scenes → the engine and replay → verify, pictures and evaluation. A folder may name
/// the types and call the free functions of its own layer and of earlier ones, never those of a
/// later layer; device-log import stands beside the model and only text and the model are known
/// to it, and export (traces → device logs, WebDriver, DevTools) knows only text, the model and
/// import's kernel-event vocabulary.
///
/// The one type an earlier layer may name from a later one is the seam, `DeliveryContext`: the
/// engine's handle through which recognizers and controls *ask* (SPEC 12) — defined by the engine,
/// which alone knows the arena and the record sink behind it.
///
/// (These are folders of one target rather than targets: the replay's hot path crosses every
/// layer — the reader is generic over its consumer, the context reaches the arena by pointer —
/// and a target boundary there would cost the inlining that path depends on.)
@Suite struct ArchitectureTests {
    /// Layers in order; folders in one layer may name each other's types.
    static let layers: [[String]] = [
        ["Substrate"], ["Text"], ["Trace"], ["Import", "Export"], ["Fields"], ["Recognizers"], ["Controls"], ["Scene"], ["Engine", "Replay"],
        ["Verify", "Render", "Eval"],
    ]
    static let seam: Set<String> = ["DeliveryContext"]

    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/TouchTrace")
    }

    /// Whether a file of folder `from` (layer `i`) may name a type or call a function of folder
    /// `to` (layer `j`).
    static func mayName(from: String, _ i: Int, to: String, _ j: Int) -> Bool {
        if to == "Substrate" { return true }
        if from == "Import" { return to == "Text" || to == "Trace" || to == "Import" }
        if from == "Export" { return to == "Text" || to == "Trace" || to == "Import" || to == "Export" }
        if to == "Import" { return from == "Import" || from == "Export" }
        if to == "Export" { return from == "Export" }
        return j <= i
    }

    /// The code of a Swift file without its comments and string literals (single-line,
    /// multi-line and interpolated alike), where type names in prose would be false alarms.
    static func code(_ text: String) -> String {
        var out = ""
        var chars = Array(text)
        chars.append("\n")
        var i = 0
        while i < chars.count - 1 {
            if chars[i] == "/" && chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
            } else if chars[i] == "/" && chars[i + 1] == "*" {
                i += 2
                while i < chars.count - 1 && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 2
            } else if chars[i] == "\"" {
                let triple = i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\""
                i += triple ? 3 : 1
                while i < chars.count {
                    if chars[i] == "\\" { i += 2; continue }
                    if triple {
                        if chars[i] == "\"" && i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\"" { i += 3; break }
                    } else if chars[i] == "\"" || chars[i] == "\n" {
                        i += 1
                        break
                    }
                    i += 1
                }
                out += "\"\""
            } else {
                out.append(chars[i])
                i += 1
            }
        }
        return out
    }

    /// The names of the top-level types a file declares.
    static func declaredTypes(_ code: String) -> [String] {
        let pattern = #"(?m)^(?:(?:public|package|private|fileprivate|internal|final|indirect|@\w+)\s+)*(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(code.startIndex..., in: code)
        return regex.matches(in: code, range: range).map { String(code[Range($0.range(at: 1), in: code)!]) }
    }

    /// The names of the free functions a file declares for other files (private ones cannot be
    /// called from another file), attributes such as `@inline(__always)` before them or not.
    static func declaredFunctions(_ code: String) -> [String] {
        let pattern = #"(?m)^(?:(?:public|package|internal|@\w+(?:\([^)\n]*\))?)\s+)*func\s+(\w+)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(code.startIndex..., in: code)
        return regex.matches(in: code, range: range).map { String(code[Range($0.range(at: 1), in: code)!]) }
    }

    /// Whether code calls (or passes as a value) the free function `name`: the name, not after
    /// a `.` (a method or member of the same name), `func ` (a declaration) or a letter, and not
    /// before a `:` (an argument label or a parameter).
    static func calls(_ name: String, in code: String) -> Bool {
        code.range(of: #"(?<![.\w])(?<!func )"# + name + #"\b(?!\s*:)"#, options: .regularExpression) != nil
    }

    static func names(_ name: String, in code: String) -> Bool {
        code.range(of: #"\b"# + name + #"\b"#, options: .regularExpression) != nil
    }

    /// Every file of every layer: (folder, layer, file name, code).
    static func files() throws -> [(folder: String, layer: Int, file: String, code: String)] {
        var files: [(String, Int, String, String)] = []
        for (layer, folders) in layers.enumerated() {
            for folder in folders {
                let url = sources.appendingPathComponent(folder)
                for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".swift") {
                    let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                    files.append((folder, layer, name, code(text)))
                }
            }
        }
        return files
    }

    @Test func everyFolderOfTheLibraryIsInALayer() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { !$0.hasSuffix(".swift") && !$0.hasPrefix(".") }.sorted()
        #expect(folders == Self.layers.flatMap { $0 }.sorted())
    }

    @Test func noLayerNamesTheTypesOfALaterOne() throws {
        let files = try Self.files()
        var owner: [String: (folder: String, layer: Int, file: String)] = [:]
        for f in files {
            for type in Self.declaredTypes(f.code) { owner[type] = (f.folder, f.layer, f.file) }
        }
        #expect(owner["TouchID"]?.folder == "Trace")
        #expect(owner["FieldValue"]?.folder == "Fields")
        #expect(owner["ControlMessage"]?.folder == "Controls")
        #expect(owner["DeliveryContext"]?.folder == "Engine")
        var violations: [String] = []
        for f in files {
            for (type, home) in owner.sorted(by: { $0.key < $1.key }) where home.folder != f.folder && !Self.seam.contains(type) {
                if !Self.mayName(from: f.folder, f.layer, to: home.folder, home.layer) && Self.names(type, in: f.code) {
                    violations.append("\(f.folder)/\(f.file) names \(type) (\(home.folder)/\(home.file))")
                }
            }
        }
        #expect(violations == [])
    }

    @Test func noLayerCallsTheFunctionsOfALaterOne() throws {
        let files = try Self.files()
        var owner: [String: (folder: String, layer: Int, file: String)] = [:]
        for f in files {
            for function in Self.declaredFunctions(f.code) { owner[function] = (f.folder, f.layer, f.file) }
        }
        #expect(owner["appendShortest"] != nil && owner["printable"] != nil && owner["fixed4"] != nil)
        var violations: [String] = []
        for f in files {
            for (function, home) in owner.sorted(by: { $0.key < $1.key }) where home.folder != f.folder {
                if !Self.mayName(from: f.folder, f.layer, to: home.folder, home.layer) && Self.calls(function, in: f.code) {
                    violations.append("\(f.folder)/\(f.file) calls \(function) (\(home.folder)/\(home.file))")
                }
            }
        }
        #expect(violations == [])
    }

    /// The check of functions finds a call of a later layer's function (the reader's messages
    /// once printed numbers with the transcript writer's `appendShortest`, and the scene reader
    /// escaped names with verify's `printable`), and is not fooled by methods, labels or
    /// declarations of the same name.
    @Test func theCheckCatchesAFunctionCalledBack() {
        #expect(Self.declaredFunctions(Self.code("""
            public func appendShortest(_ v: Double, to out: inout [UInt8]) {}
            @inline(__always) func writeShortest(_ v: Double) -> Int { 0 }
            @inline(__always)
            package func eightDigits(_ v: UInt32) -> UInt64 { 0 }
            private func hidden() {}
            extension X {
                func method() {}
            }
            """)) == ["appendShortest", "writeShortest", "eightDigits"])
        #expect(Self.calls("appendShortest", in: Self.code("var s: [UInt8] = []; appendShortest(a, to: &s)")))
        #expect(Self.calls("printable", in: Self.code("messages.map(printable)")))
        #expect(Self.calls("printable", in: Self.code("let name = printable (key)")))
        #expect(!Self.calls("printable", in: Self.code("let t = node.printable(key)")))
        #expect(!Self.calls("printable", in: Self.code("f(printable: true)")))
        #expect(!Self.calls("printable", in: Self.code("func printable(_ s: String) -> String { s }")))
        #expect(!Self.calls("printable", in: Self.code("let isPrintable = printableText(x) // printable(x)")))
        #expect(!Self.mayName(from: "Trace", 1, to: "Replay", 7))
        #expect(!Self.mayName(from: "Import", 2, to: "Replay", 7))
        #expect(!Self.mayName(from: "Scene", 6, to: "Verify", 8))
        #expect(Self.mayName(from: "Import", 2, to: "Text", 0))
    }

    /// The check finds what it is for: a touch id that knew the transcript's field type, and a
    /// recognizer that knew the controls' messages (as both once did).
    @Test func theCheckCatchesAnArrowGoingBack() {
        let touch = Self.code("""
            public struct TouchID { public var field: FieldValue { .touch(0) } }
            """)
        #expect(Self.names("FieldValue", in: touch))
        #expect(!Self.mayName(from: "Trace", 0, to: "Fields", 2))
        #expect(!Self.mayName(from: "Recognizers", 3, to: "Controls", 4))
        // Prose and strings do not count.
        #expect(!Self.names("ControlMessage", in: Self.code("""
            /// Sends a ControlMessage.
            let s = "a ControlMessage \\(x) here"
            let t = \"\"\"
                ControlMessage
                \"\"\"
            """)))
        #expect(Self.declaredTypes(Self.code("public final class RecordCollector: RecordSink {}\nstruct Inner {}")) == ["RecordCollector", "Inner"])
    }

    // MARK: The wall (DESIGN.md, "The wall")

    /// The speed vocabulary: pointers, unmanaged references, forced inlining, wrapping
    /// arithmetic and unchecked or unsafe code. Outside `Sources/TouchTrace/Substrate/` the
    /// sources are plain Swift; the substrate gives each unsafe thing one handle with a small
    /// safe API. Counted over the raw text (comments too), as a reader would count it.
    static let speedVocabulary = #"Unsafe[A-Za-z]*Pointer|Unmanaged|@inline\(__always\)|&[-+*]|&<<|&>>|unchecked|unsafeBitCast|withUnsafe|unowned\(unsafe\)|nonisolated\(unsafe\)|unsafeAddress|unsafeMutableAddress"#

    /// Files outside the substrate that still use the vocabulary, to be moved behind the wall:
    /// none now. The list is exact: a file that gains the vocabulary fails the test, and so does
    /// a listed file that no longer needs to be listed.
    static let notYetBehindTheWall: [String] = []

    /// The most files of the whole of `Sources/` (the substrate's included) that may use the
    /// vocabulary: the substrate's rooms that need it, and no new ones.
    static let mostFilesUsingTheVocabulary = 11

    /// Every Swift file under `Sources/` (path relative to it) with its text.
    static func allSources() throws -> [(path: String, text: String)] {
        let root = sources.deletingLastPathComponent()
        var out: [(String, String)] = []
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
        for case let path as String in walk where path.hasSuffix(".swift") {
            out.append((path, try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    static func usesSpeedVocabulary(_ text: String) -> Bool {
        text.range(of: speedVocabulary, options: .regularExpression) != nil
    }

    /// The files (paths relative to `Sources/`) outside the substrate that use the vocabulary.
    static func usersOutsideTheWall(_ files: [(path: String, text: String)]) -> [String] {
        files.filter { !$0.path.hasPrefix("TouchTrace/Substrate/") && usesSpeedVocabulary($0.text) }.map(\.path)
    }

    @Test func theSpeedVocabularyStaysBehindTheWall() throws {
        let files = try Self.allSources()
        #expect(Self.usersOutsideTheWall(files) == Self.notYetBehindTheWall)
        // The substrate is where the vocabulary is (a renamed folder would make the check vacuous).
        let users = files.filter { Self.usesSpeedVocabulary($0.text) }.map(\.path)
        #expect(!users.isEmpty && users.allSatisfy { $0.hasPrefix("TouchTrace/Substrate/") })
        #expect(users.count <= Self.mostFilesUsingTheVocabulary, "\(users)")
    }

    /// The most of the library's lines (`Sources/TouchTrace/`, counted as a reader counts them:
    /// the line feeds of every file) that the files using the vocabulary may hold.
    static let mostOfTheLibrarysLinesBehindTheWall = 0.35

    /// The share of the lines of the library's files (paths under `TouchTrace/`) that the files
    /// using the vocabulary hold.
    static func shareOfLinesUsingTheVocabulary(_ files: [(path: String, text: String)]) -> Double {
        let library = files.filter { $0.path.hasPrefix("TouchTrace/") }
        func lines(_ text: String) -> Int { text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
        let all = library.reduce(0) { $0 + lines($1.text) }
        let using = library.filter { usesSpeedVocabulary($0.text) }.reduce(0) { $0 + lines($1.text) }
        return all == 0 ? 0 : Double(using) / Double(all)
    }

    @Test func theFilesBehindTheWallHoldAtMost35PercentOfTheLibrary() throws {
        let share = Self.shareOfLinesUsingTheVocabulary(try Self.allSources())
        #expect(share > 0 && share <= Self.mostOfTheLibrarysLinesBehindTheWall, "\(share)")
        // The count sees the vocabulary's files and the library's others, and nothing outside it.
        let planted: [(path: String, text: String)] = [
            ("TouchTrace/Substrate/ChunkPipe.swift", "let a: UnsafeMutablePointer<UInt8>\nlet b = 1\nlet c = 2\n"),
            ("TouchTrace/Recognizers/Pan.swift", "struct Pan {}\n"),
            ("TouchTraceUIKit/UIView.swift", "let x = y &+ 1\n\n\n\n\n"),
        ]
        #expect(Self.shareOfLinesUsingTheVocabulary(planted) == 0.75)
    }

    /// The wall's check finds a use planted in any file outside the substrate (verify's worker
    /// threads, the CLI, a test helper), in code or in a comment, and lets the substrate be.
    @Test func theWallCheckCatchesAPlantedUse() {
        let files: [(path: String, text: String)] = [
            ("TouchTrace/Verify/Verifier.swift", "final class Slots: @unchecked Sendable {}"),
            ("TouchTrace/Verify/Fixtures.swift", "let same = a == b"),
            ("TouchTrace/Replay/TranscriptWriter.swift", "// the bytes, by UnsafeRawBufferPointer"),
            ("TouchTraceCLI/ExportCommand.swift", "@exclusivity(unchecked) var lists = Lists()"),
            ("TouchTrace/Substrate/ChunkPipe.swift", "private let mutex: UnsafeMutablePointer<pthread_mutex_t>"),
            ("TouchTrace/Substrate/Hashing.swift", "state &+= 1"),
        ]
        #expect(Self.usersOutsideTheWall(files) == ["TouchTrace/Verify/Verifier.swift", "TouchTrace/Replay/TranscriptWriter.swift",
                                                   "TouchTraceCLI/ExportCommand.swift"])
    }

    /// The domain rooms: where a person reads to understand or extend gesture behaviour
    /// (recognizers, controls, scenes, device-log import, pictures, evaluation, the UIKit-shaped
    /// classes and the test helpers). No file in them uses the speed vocabulary.
    static let domainRooms = ["TouchTrace/Recognizers/", "TouchTrace/Controls/", "TouchTrace/Scene/", "TouchTrace/Import/",
                              "TouchTrace/Render/", "TouchTrace/Eval/", "TouchTraceUIKit/", "TouchTraceTesting/"]

    /// The files (paths relative to `Sources/`) of the domain rooms that use the vocabulary.
    static func domainRoomUsers(_ files: [(path: String, text: String)]) -> [String] {
        files.filter { file in domainRooms.contains { file.path.hasPrefix($0) } && usesSpeedVocabulary(file.text) }.map(\.path)
    }

    @Test func theDomainRoomsArePlainSwift() throws {
        #expect(Self.domainRoomUsers(try Self.allSources()) == [])
        // Every room is a folder that exists (a renamed room would make the check vacuous).
        let root = Self.sources.deletingLastPathComponent()
        for room in Self.domainRooms {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(room).path, isDirectory: &isFolder) && isFolder.boolValue, "\(room)")
        }
    }

    /// The domain rooms' check finds a use planted in any room, in code or in a comment, and
    /// lets the substrate and the rooms outside the domain be.
    @Test func theDomainRoomCheckCatchesAPlantedUse() {
        let files: [(path: String, text: String)] = [
            ("TouchTrace/Recognizers/Swipe.swift", "struct Swipe { @inline(__always) func f() {} }"),
            ("TouchTrace/Controls/Slider.swift", "let v = a + b"),
            ("TouchTrace/Import/EvemuLog.swift", "// the hash: h &* prime"),
            ("TouchTraceUIKit/UIView.swift", "buffer.withUnsafeBytes { _ in }"),
            ("TouchTraceTesting/Assert.swift", "let f = 1"),
            ("TouchTrace/Substrate/Hashing.swift", "state &+= 1"),
            ("TouchTrace/Engine/Arena.swift", "let p: UnsafeMutablePointer<Int>"),
        ]
        #expect(Self.domainRoomUsers(files) == ["TouchTrace/Recognizers/Swipe.swift", "TouchTrace/Import/EvemuLog.swift", "TouchTraceUIKit/UIView.swift"])
    }

    /// The wall's check sees each word of the vocabulary, and not plain code that resembles it.
    @Test func theWallCheckSeesTheVocabulary() {
        for word in ["let p: UnsafeMutablePointer<Int>", "Unmanaged.passUnretained(x)", "@inline(__always) func f()",
                     "a &+ b", "a &+= 1", "a &* b", "a &- b", "x &<< 2", "x &>> 2", "@unchecked Sendable",
                     "unsafeBitCast(x, to: Int.self)", "a.withUnsafeBufferPointer { $0 }", "unowned(unsafe) let o: C",
                     "nonisolated(unsafe) var v = 0", "UnsafeRawBufferPointer(start: nil, count: 0)"] {
            #expect(Self.usesSpeedVocabulary(word), "\(word)")
        }
        for plain in ["a + b", "a && b", "f(&x)", "x & 0xFF", "@inline(never) func g()", "a.withContiguousStorageIfAvailable { _ in }"] {
            #expect(!Self.usesSpeedVocabulary(plain), "\(plain)")
        }
    }
}
