#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The rest of the golden-file workflow: expected files left behind by traces that are gone,
/// where a failure shows first in its expected file, and where a failed fixture's actual
/// transcript is kept for a CI job to hand back.
public enum GoldenFiles {
    /// Every `NAME.expected.txt` under the folders among `paths` with no `NAME.trace.json`
    /// beside it, sorted by path (byte order). Paths that are files are not searched; folders
    /// whose names start with a dot are skipped, as `Fixture.discover` skips them. A trace that
    /// is a link counts as there, even when it leads nowhere (verify fails such a fixture).
    ///
    /// An expected file with a regular trace beside it in its folder's listing is settled by
    /// the listing, so that the search costs little more than reading the folders. The others
    /// (a trace that is a link, or none) are looked up, unless their trace is among
    /// `knownTraces`: trace paths already found (by `Fixture.discover` over the same paths).
    public static func obsoleteExpectedFiles(under paths: [String], knownTraces: Set<String> = []) -> [String] {
        var found: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, into: &found)
        }
        let obsolete = found.filter { expected in
            let trace = String(expected.dropLast(Fixture.expectedSuffix.count)) + Fixture.traceSuffix
            if knownTraces.contains(trace) { return false }
            var info = stat()
            // A trace that is a link to nothing is not gone: verify fails that fixture, naming
            // its link, and its expected file is kept for when the link is mended.
            return lstat(trace, &info) != 0
        }
        // Sorted (byte order, the same on every machine) once only the few obsolete ones are left.
        return Array(Set(obsolete)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Adds to `found` the expected files under `directory` that may be obsolete: those with no
    /// regular `NAME.trace.json` beside them in the folder's own listing. Most expected files
    /// have one, and are settled by their names' bytes: no path is made for them, nothing is
    /// looked up.
    private static func walk(_ directory: String, into found: inout [String]) {
        guard let entries = FolderEntries(folder: directory) else { return }
        var subdirectories: [String] = []
        // Names without their suffix: of the regular traces, and of the expected files (with
        // the path made when the entry's type had to be asked for).
        let traces = ListedNames()
        let expected = ListedNames()
        var expectedPaths: [String?] = []
        while entries.next() {
            // Names are looked at as bytes: only folders and possibly obsolete expected files
            // become strings.
            if entries.isHidden { continue }
            let candidate = entries.nameEnds(with: Self.expectedSuffix)
            let isTrace = !candidate && entries.nameEnds(with: Self.traceSuffix)
            // The entry's type as the folder gives it, else (on file systems that do not) lstat.
            var isDirectory: Bool
            var isFile: Bool
            var isRegular: Bool
            var knownPath: String?
            switch entries.kind {
            case .folder: isDirectory = true; isFile = false; isRegular = false
            case .regular: isDirectory = false; isFile = true; isRegular = true
            case .link: isDirectory = false; isFile = true; isRegular = false
            case .unknown:
                let path = entries.path
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let kind = info.st_mode & S_IFMT
                isDirectory = kind == S_IFDIR
                isFile = kind == S_IFREG || kind == S_IFLNK
                isRegular = kind == S_IFREG
                knownPath = path
            case .other: isDirectory = false; isFile = false; isRegular = false
            }
            if isDirectory {
                subdirectories.append(knownPath ?? entries.path)
            } else if isFile && candidate {
                expected.add(entries, droppingLast: Self.expectedSuffix.count)
                expectedPaths.append(knownPath)
            } else if isRegular && isTrace {
                traces.add(entries, droppingLast: Self.traceSuffix.count)
            }
        }
        traces.prepareLookUps()
        let prefix = directory == "/" ? "/" : directory + "/"
        for i in 0..<expected.count where !traces.contains(expected, i) {
            found.append(expectedPaths[i] ?? prefix + expected.string(i) + Fixture.expectedSuffix)
        }
        for sub in subdirectories { walk(sub, into: &found) }
    }

    private static let expectedSuffix = Array(Fixture.expectedSuffix.utf8)
    private static let traceSuffix = Array(Fixture.traceSuffix.utf8)

    /// The line (1-based) of the expected transcript where the actual one first differs, as
    /// `comparison` judges lines; nil when they are the same. A line missing at the end of the
    /// expected file points at its last line (or 1 when it is empty).
    public static func firstDifferingLine(expected: String, actual: String,
                                          comparison: TranscriptComparison = TranscriptComparison()) -> Int? {
        guard let diff = comparison.compare(expected: expected, actual: actual) else { return nil }
        var oldLines = 0
        for edit in diff.edits {
            switch edit {
            case .same: oldLines += 1
            case .delete(let old): return old + 1
            case .insert: return max(1, min(oldLines + 1, diff.old.count))
            }
        }
        return nil
    }

    /// The records (0-based, in transcript order) of the actual transcript that the expected one
    /// does not have, as `comparison` judges lines: where a replay departs from its expected file.
    public static func differingRecords(expected: String, actual: String,
                                        comparison: TranscriptComparison = TranscriptComparison()) -> Set<Int> {
        guard let diff = comparison.compare(expected: expected, actual: actual) else { return [] }
        // Line 0 is the header; record k is line k + 1.
        let headerLines = diff.new.first?.hasPrefix("#") == true ? 1 : 0
        var records: Set<Int> = []
        for edit in diff.edits {
            if case .insert(let line) = edit, line >= headerLines { records.insert(line - headerLines) }
        }
        return records
    }

    /// Where the actual transcript of a failed fixture goes under an artifacts folder: the
    /// expected file's own path below the folder (leading `/` and `./` dropped, `..` written
    /// `__`), so that the folder's contents can be copied over the checkout to accept them.
    public static func artifactPath(for fixture: Fixture, in directory: String) -> String {
        let parts = fixture.expectedPath.split(separator: "/").filter { $0 != "." }.map { $0 == ".." ? "__" : String($0) }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return base + "/" + parts.joined(separator: "/")
    }

    /// Creates a folder and the folders above it; throws `OutputError` when one cannot be made.
    public static func makeDirectories(_ path: String) throws {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 && errno != EEXIST {
                throw OutputError(message: "\(built): cannot create the folder: \(describeErrno(errno))")
            }
        }
    }

    /// Deletes an obsolete expected file; throws `OutputError` naming it when it cannot.
    public static func prune(_ path: String) throws {
        if unlink(path) != 0 {
            throw OutputError(message: "\(path): cannot delete: \(describeErrno(errno))")
        }
    }
}

/// GitHub Actions workflow commands (`::error file=...,line=...::message`): a failure shown on
/// the line of the file it is about.
public enum GitHubAnnotation {
    /// An error annotation on `file` at `line` (1-based).
    public static func error(file: String, line: Int, title: String, message: String) -> String {
        "::error file=\(escapeProperty(file)),line=\(line),title=\(escapeProperty(title))::\(escapeData(message))"
    }

    /// Message text: `%`, carriage returns and line feeds are escaped.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Property values: as message text, and `:` and `,` too.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingColonsAndCommas()
    }

    /// The file and line a `path:line:column: message` names, or nil.
    public static func location(in message: String) -> (file: String, line: Int)? {
        let scalars = Array(message.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == ":" {
                var j = i + 1
                var line = 0
                var digits = 0
                while j < scalars.count, scalars[j].value >= 0x30 && scalars[j].value <= 0x39 {
                    line = line * 10 + Int(scalars[j].value - 0x30)
                    digits += 1
                    j += 1
                    if digits > 9 { break }
                }
                if digits > 0 && digits <= 9 && j < scalars.count && scalars[j] == ":" && i > 0 {
                    var s = String.UnicodeScalarView()
                    s.append(contentsOf: scalars[0..<i])
                    return (String(s), line)
                }
            }
            i += 1
        }
        return nil
    }
}

private extension String {
    func replacingColonsAndCommas() -> String {
        var out = ""
        for c in unicodeScalars {
            switch c {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
