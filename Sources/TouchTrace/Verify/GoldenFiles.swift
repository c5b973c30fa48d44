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
    /// whose names start with a dot are skipped, as `Fixture.discover` skips them.
    ///
    /// `knownTraces` are trace paths already found (by `Fixture.discover` over the same paths):
    /// an expected file beside one of them is not looked up again, so that the search costs
    /// little more than reading the folders.
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
            // A trace that is a dangling link is gone too.
            return stat(trace, &info) != 0
        }
        // Sorted (byte order, the same on every machine) once only the few obsolete ones are left.
        return Array(Set(obsolete)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func walk(_ directory: String, into found: inout [String]) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        var subdirectories: [String] = []
        let suffix = Array(Fixture.expectedSuffix.utf8)
        while let entry = readdir(dir) {
            // Names are looked at as bytes: most entries of a fixture folder are traces, and
            // only folders and expected files become strings.
            let (candidate, hidden) = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (Bool, Bool) in
                let length = raw.firstIndex(of: 0) ?? raw.count
                let name = raw[..<length]
                return (name.count >= suffix.count && name.suffix(suffix.count).elementsEqual(suffix), name.first == UInt8(ascii: "."))
            }
            if hidden { continue }
            // The entry's type as the folder gives it, else (on file systems that do not) lstat.
            var isDirectory: Bool
            var isFile: Bool
            var knownPath: String?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): isDirectory = true; isFile = false
            case Int32(DT_REG), Int32(DT_LNK): isDirectory = false; isFile = true
            case Int32(DT_UNKNOWN):
                let path = Self.path(directory, entry)
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let kind = info.st_mode & S_IFMT
                isDirectory = kind == S_IFDIR
                isFile = kind == S_IFREG || kind == S_IFLNK
                knownPath = path
            default: isDirectory = false; isFile = false
            }
            if isDirectory {
                subdirectories.append(knownPath ?? Self.path(directory, entry))
            } else if isFile && candidate {
                found.append(knownPath ?? Self.path(directory, entry))
            }
        }
        for sub in subdirectories { walk(sub, into: &found) }
    }

    /// The path of a folder's entry.
    private static func path(_ directory: String, _ entry: UnsafeMutablePointer<dirent>) -> String {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return directory == "/" ? "/" + name : directory + "/" + name
    }

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
