extension SceneReader {
    /// Whether the file at `path` holds a scene rather than a trace, judged by its content: a
    /// JSON object with `"views"` and without `"version"`, `"events"` or `"strokes"`. False
    /// for anything that cannot be read or parsed (reading it as a trace then says why).
    public static func holdsScene(path: String) -> Bool {
        guard let source = try? SourceFile.read(path: path), let root = try? JSONNode.parseDocument(source),
              root.members != nil else { return false }
        return root["views"] != nil && root["version"] == nil && root["events"] == nil && root["strokes"] == nil
    }
}
