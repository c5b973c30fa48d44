extension Scene {
    /// Problems of the scene that the trace in `source` would replay through, for a trace that
    /// could not be read (it has problems of its own): `validate` reports both. The scene is
    /// chosen as `resolve(for:)` chooses it — `sceneFile`, else the trace's `"scene"`, else
    /// `scene.json` beside the trace — and read for the trace's `"version"` (2 when it gives
    /// none that can be read). Empty when the scene has no problems, when it would be the
    /// default scene, and when the trace is not JSON (which scene it names cannot be known).
    /// Warnings of the scene (unknown keys without `--strict`) are among what is returned.
    public static func problems(forUnreadTrace source: SourceFile, sceneFile: String?, options: TraceReadOptions,
                                registry: Registry = .standard) -> [TraceError] {
        guard let top = topLevel(of: source) else { return [] }
        let version = top.version ?? 2
        do {
            let scene: Scene
            if let sceneFile {
                scene = try SceneReader.read(path: sceneFile, version: version, options: options, registry: registry)
            } else if let node = top.scene {
                scene = try SceneReader.read(node, source: source, origin: "the trace's \"scene\"", version: version, options: options, registry: registry)
            } else if source.path != SourceFile.standardInputPath, fileExists(besidePath(of: source.path)) {
                scene = try SceneReader.read(path: besidePath(of: source.path), version: version, options: options, registry: registry)
            } else {
                return []
            }
            return scene.warnings
        } catch {
            return error.errors
        }
    }

    /// The `"version"` (1 or 2) and `"scene"` of a trace file's top-level object, the other
    /// members skipped; nil when the file is not a JSON object.
    private static func topLevel(of source: SourceFile) -> (version: Int?, scene: JSONNode?)? {
        source.withBytes { buffer -> (version: Int?, scene: JSONNode?)? in
            var cursor = JSONCursor(buffer)
            var version: Int?
            var scene: JSONNode?
            do throws(ParseFailure) {
                cursor.skipWhitespace()
                guard cursor.peek() == UInt8(ascii: "{") else { return nil }
                cursor.pos += 1
                var first = true
                while try cursor.nextMember(first: first) {
                    first = false
                    let key = try cursor.memberKey()
                    if cursor.equals(key, "version") {
                        let node = try cursor.node(depth: 1)
                        if case .number(_, let integer?) = node.value, integer == 1 || integer == 2 { version = Int(integer) }
                    } else if cursor.equals(key, "scene") {
                        scene = try cursor.node(depth: 1)
                    } else {
                        try cursor.skipValue(depth: 1)
                    }
                }
            } catch {
                return nil
            }
            return (version, scene)
        }
    }
}
