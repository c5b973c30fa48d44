#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TouchTrace

/// Keeps a command from writing over what it reads: an `--output` or `--junit` that resolves to
/// one of the command's inputs, to a trace or to a scene file is refused before anything is
/// written (SPEC 7). Files are compared by device and inode, so another spelling of the same
/// path, a symbolic link or a hard link is caught as well.
enum OutputSafety {
    /// Throws a usage error when writing `output` (given as option `option`) could destroy an
    /// input. `-` (standard output) is always safe.
    static func check(_ output: String, option: String, inputs: [String]) throws(UsageError) {
        if output == "-" { return }
        if let reason = protectedName(output) {
            throw UsageError(message: "\(option) \(shellWord(output)) would overwrite \(reason); nothing was written (give a file such as NAME.expected.txt)")
        }
        var target = stat()
        guard stat(output, &target) == 0 else { return }
        // The name the link points to counts too: `out.txt` linked to `a.trace.json`.
        if let resolved = realPath(output), let reason = protectedName(resolved) {
            throw UsageError(message: "\(option) \(shellWord(output)) resolves to \(shellWord(resolved)), \(reason); nothing was written")
        }
        for input in inputs where input != "-" {
            var info = stat()
            if stat(input, &info) == 0 && info.st_dev == target.st_dev && info.st_ino == target.st_ino
                && (target.st_mode & S_IFMT) == S_IFREG {
                throw UsageError(message: "\(option) \(shellWord(output)) is the input \(shellWord(input)); writing it would destroy what is read, so nothing was written")
            }
        }
    }

    /// Why a path must never be written by an output option, or nil.
    static func protectedName(_ path: String) -> String? {
        let name = String(path.split(separator: "/").last ?? "").lowercased()
        if name.hasSuffix(Fixture.traceSuffix) { return "a trace (*\(Fixture.traceSuffix))" }
        if name == "scene.json" { return "a scene file (scene.json)" }
        return nil
    }

    /// Whether something exists at `path` (following links).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a device or a pipe (following links): written to, never replaced
    /// (`/dev/null`, `/dev/stdout`).
    static func isDevice(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFBLK || kind == S_IFIFO || kind == S_IFSOCK
    }

    /// Whether `path` is a folder (following links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The path with links and `..` resolved, or nil when nothing is there.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

