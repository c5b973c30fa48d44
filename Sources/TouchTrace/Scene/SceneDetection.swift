extension SceneReader {
    /// Whether the file at `path` holds a scene rather than a trace, judged by its content: a
    /// JSON object with `"views"` and without `"version"`, `"events"` or `"strokes"`. False
    /// for anything that cannot be read or parsed (reading it as a trace then says why).
    ///
    /// Only the top level's keys are read, each value passed over unbuilt, and the answer is
    /// false at the first trace key: a trace of any size is told apart in the bytes of its first
    /// keys (usually `"version"`), without its events read into memory.
    public static func holdsScene(path: String) -> Bool {
        guard let source = try? SourceFile.read(path: path) else { return false }
        return source.withBytes { bytes in
            var cursor = JSONCursor(bytes)
            do throws(ParseFailure) {
                guard cursor.peek() == UInt8(ascii: "{") else { return false }
                cursor.pos += 1
                var sawViews = false
                var first = true
                while try cursor.nextMember(first: first) {
                    first = false
                    let key = try cursor.memberKey()
                    switch cursor.decode(key) {
                    case "version", "events", "strokes": return false
                    case "views": sawViews = true
                    default: break
                    }
                    try cursor.skipValue(depth: 1)
                }
                // Nothing but white space may follow the object.
                cursor.skipWhitespace()
                return sawViews && cursor.atEnd
            } catch {
                return false
            }
        }
    }
}
