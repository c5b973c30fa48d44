/// Reads scenes (`{"views": [...]}`) from their own file or from a trace's `scene` key, and
/// reports every problem at the offending key.
public enum SceneReader {
    /// Reads a scene file, by the rules of a trace of `version`.
    public static func read(path: String, version: Int = 1, options: TraceReadOptions = TraceReadOptions(),
                            registry: Registry = .standard) throws(TraceErrors) -> Scene {
        let source: SourceFile
        let root: JSONNode
        do {
            source = try SourceFile.read(path: path)
            root = try JSONNode.parseDocument(source)
        } catch {
            throw TraceErrors(error)
        }
        return try read(root, source: source, origin: path, version: version, options: options, registry: registry)
    }

    /// Reads a scene from a parsed node of `source`, by the rules of a trace of `version`.
    public static func read(_ root: JSONNode, source: SourceFile, origin: String, version: Int = 1,
                            options: TraceReadOptions = TraceReadOptions(), registry: Registry = .standard) throws(TraceErrors) -> Scene {
        var problems = SceneProblems(source: source, strict: options.reportUnknownKeys)
        var scene = build(root, origin: origin, version: version, registry: registry, problems: &problems)
        // When every problem is wanted (validate), the warnings come along with the errors.
        if !problems.errors.isEmpty { throw TraceErrors(problems.errors + (options.collectAllProblems ? problems.warnings : [])) }
        scene.warnings = problems.warnings
        return scene
    }

    /// `{"screen": "NAME"}`: the scene of a screen built in code, registered by that name.
    private static func screen(_ m: JSONNode.Member, views: JSONNode.Member?, origin: String, version: Int, recognition: Recognition,
                               registry: Registry, problems: inout SceneProblems) -> Scene {
        let empty = Scene(views: [], origin: origin, version: version)
        if let views {
            problems.add(views.keyOffset, "a scene gives either \"views\" or \"screen\" (a screen built in code), not both")
            return empty
        }
        guard let name = m.value.string else {
            problems.add(m.value.offset, "\"screen\" must be the name of a screen built in code, found \(m.value.kindDescription)")
            return empty
        }
        guard let type = registry.screen(named: name) else {
            let known = registry.screens.map(\.name)
            problems.add(m.value.offset, "unknown screen \"\(printable(name))\"; "
                + (known.isEmpty ? "no screen is registered: a package registers the screens it builds in code (Registry.register(_: ScreenType)) and runs its own executable or assertFixtures with that registry"
                                 : "known screens: \(known.joined(separator: ", "))"))
            return empty
        }
        guard version >= 2 else {
            problems.add(m.keyOffset, needsVersion2("a screen built in code"))
            return empty
        }
        var scene = type.make(version)
        scene.recognition = recognition
        if scene.origin.isEmpty { scene.origin = origin }
        return scene
    }

    /// The keys every recognizer of a version 2 scene may have, whatever its type (SPEC 12).
    static let arenaKeys = ["simultaneousWith", "requireToFail", "cancelsTouchesInView"]

    /// What a version 1 trace is told when its scene uses a version 2 feature.
    static func needsVersion2(_ what: String) -> String {
        "\(what) needs a version 2 trace (write \"version\": 2 in the trace; views inside views, the arena's keys and UIKit's standard recognizers are version 2)"
    }

    /// A view as first read, before its recognizers and control are built.
    private struct ViewDraft {
        var name: String
        var node: JSONNode
        var frame: Rect
        var controlType: String?
        var superview: Int?
    }

    /// Where a recognizer's `simultaneousWith` and `requireToFail` names were written.
    private struct References {
        var view: Int
        var index: Int
        var simultaneousWith: [(name: String, offset: Int)] = []
        var requireToFail: [(name: String, offset: Int)] = []
    }

    private static func build(_ root: JSONNode, origin: String, version: Int, registry: Registry, problems: inout SceneProblems) -> Scene {
        guard let members = root.members else {
            problems.add(root.offset, "a scene must be an object like {\"views\": [...]}, found \(root.kindDescription)")
            return Scene(views: [], origin: origin, version: version)
        }
        var recognition = Recognition.exclusive
        for m in members where m.key != "views" && m.key != "screen" {
            if m.key == "recognition" {
                if version < 2 {
                    problems.add(m.keyOffset, needsVersion2("\"recognition\""))
                } else if let s = m.value.string, let r = Recognition(rawValue: s) {
                    recognition = r
                } else {
                    problems.add(m.value.offset, "\"recognition\" must be \"exclusive\" (UIKit's default: no two recognizers that share a touch recognize together) or \"simultaneous\" (every pair may), found \(m.value.string.map { "\"\($0)\"" } ?? m.value.kindDescription)")
                }
                continue
            }
            problems.unknown(m, in: "the scene")
        }
        if let screenMember = root["screen"] {
            return screen(screenMember, views: root["views"], origin: origin, version: version, recognition: recognition, registry: registry,
                          problems: &problems)
        }
        guard let viewsMember = root["views"] else {
            problems.add(root.offset, "missing required key \"views\" (a list of views, front-most last)")
            return Scene(views: [], origin: origin, version: version)
        }
        guard let viewNodes = viewsMember.value.elements else {
            problems.add(viewsMember.value.offset, "\"views\" must be an array of views, found \(viewsMember.value.kindDescription)")
            return Scene(views: [], origin: origin, version: version)
        }

        // First the names, frames and control types of all views, depth first: a push button's
        // target may be a view that comes after it.
        var drafts: [ViewDraft] = []
        var seenNames: [String: String] = [:]
        readDrafts(viewNodes, superview: nil, path: "views", version: version, drafts: &drafts, seenNames: &seenNames, problems: &problems)

        let viewNames = drafts.map(\.name)
        let controlTypes = drafts.map(\.controlType)
        var views: [SceneView] = []
        var references: [References] = []
        for (v, draft) in drafts.enumerated() {
            let build = SceneBuild(viewNames: viewNames, controlTypes: controlTypes, frame: draft.frame)
            var names: [String: Int] = [:]
            var control: (name: String, control: any Control)?
            var attachedCount = 0
            if let m = draft.node["control"] {
                control = readControl(m.value, view: draft, build: build, registry: registry, problems: &problems)
                if let control {
                    names[control.name] = m.value.offset
                    for attached in control.control.attachedRecognizers() { names[attached.name] = m.value.offset }
                    attachedCount = control.control.attachedRecognizers().count
                }
            }
            var recognizers: [SceneRecognizer] = []
            if let m = draft.node["recognizers"] {
                if let list = m.value.elements {
                    for (k, node) in list.enumerated() {
                        var refs = References(view: v, index: attachedCount + recognizers.count)
                        guard let made = readRecognizer(node, index: k, view: draft, version: version, registry: registry,
                                                        references: &refs, problems: &problems) else { continue }
                        if names[made.name] != nil {
                            problems.add(node["name"]?.value.offset ?? node.offset,
                                         "view \"\(draft.name)\": two recognizers or controls are named \"\(made.name)\"; give one a different \"name\"")
                        }
                        names[made.name] = node.offset
                        recognizers.append(made)
                        references.append(refs)
                    }
                } else {
                    problems.add(m.value.offset, "view \"\(draft.name)\": \"recognizers\" must be an array, found \(m.value.kindDescription)")
                }
            }
            views.append(SceneView(name: draft.name, frame: draft.frame, superview: draft.superview, recognizers: recognizers, control: control))
        }
        var scene = Scene(views: views, origin: origin, version: version, recognition: recognition)
        resolve(references, in: &scene, problems: &problems)
        return scene
    }

    /// Reads the views of one list (and, depth first, their subviews) into `drafts`.
    private static func readDrafts(_ nodes: [JSONNode], superview: Int?, path: String, version: Int, drafts: inout [ViewDraft],
                                   seenNames: inout [String: String], problems: inout SceneProblems) {
        for (index, node) in nodes.enumerated() {
            let place = "\(path)[\(index)]"
            guard node.members != nil else {
                problems.add(node.offset, "\(place) must be an object with \"name\" and \"frame\", found \(node.kindDescription)")
                continue
            }
            var name = place
            if let m = node["name"] {
                if let s = m.value.string, !s.isEmpty {
                    name = s
                    problems.checkName(s, at: m.value.offset, "\(place): view name")
                    if let other = seenNames[s] {
                        problems.add(m.value.offset, "duplicate view name \"\(s)\" (\(other) has it too); view names must be unique in the whole scene")
                    } else {
                        seenNames[s] = place
                    }
                } else {
                    problems.add(m.value.offset, "\(place): \"name\" must be a non-empty string, found \(m.value.string == "" ? "an empty string" : m.value.kindDescription)")
                }
            } else {
                problems.add(node.offset, "\(place): missing required key \"name\"")
            }
            let frame = readFrame(node, label: "view \"\(name)\"", problems: &problems)
            var controlType: String?
            if let control = node["control"]?.value, let type = control["type"]?.value.string { controlType = type }
            for m in node.members! where !["name", "frame", "recognizers", "control", "subviews"].contains(m.key) {
                problems.unknown(m, in: "view \"\(name)\"")
            }
            let me = drafts.count
            drafts.append(ViewDraft(name: name, node: node, frame: frame ?? Rect(x: 0, y: 0, width: 0, height: 0),
                                    controlType: controlType, superview: superview))
            guard let sub = node["subviews"] else { continue }
            if version < 2 {
                problems.add(sub.keyOffset, needsVersion2("view \"\(name)\": \"subviews\""))
                continue
            }
            guard let list = sub.value.elements else {
                problems.add(sub.value.offset, "view \"\(name)\": \"subviews\" must be an array of views, found \(sub.value.kindDescription)")
                continue
            }
            readDrafts(list, superview: me, path: "\(place).subviews", version: version, drafts: &drafts, seenNames: &seenNames, problems: &problems)
        }
    }

    /// Checks the names in `simultaneousWith` and `requireToFail`, and that no recognizer
    /// requires itself to fail, directly or through others.
    private static func resolve(_ references: [References], in scene: inout Scene, problems: inout SceneProblems) {
        func describe(_ v: Int, _ r: Int) -> String { "\(scene.views[v].name).\(scene.views[v].recognizers[r].name)" }
        func known(from v: Int) -> String {
            var names: [String] = []
            for (u, view) in scene.views.enumerated() {
                for r in view.recognizers { names.append(u == v ? r.name : "\(view.name).\(r.name)") }
            }
            return names.joined(separator: ", ")
        }
        // Requirements by (view, recognizer), for the cycle check.
        var edges: [[Int]: [[Int]]] = [:]
        var edgeOffsets: [[Int]: Int] = [:]
        for refs in references {
            let me = describe(refs.view, refs.index)
            for (key, list) in [("simultaneousWith", refs.simultaneousWith), ("requireToFail", refs.requireToFail)] {
                for (name, offset) in list {
                    guard let target = scene.recognizer(named: name, from: refs.view) else {
                        problems.add(offset, "recognizer \"\(me)\": \"\(key)\" names \"\(name)\", which is no recognizer of this scene (recognizers: \(known(from: refs.view)); name one on another view as \"view.name\")")
                        continue
                    }
                    if target.view == refs.view && target.recognizer == refs.index {
                        problems.add(offset, key == "requireToFail"
                                     ? "recognizer \"\(me)\" requires itself to fail: it could never win"
                                     : "recognizer \"\(me)\": \"simultaneousWith\" names the recognizer itself")
                        continue
                    }
                    if key == "requireToFail" {
                        edges[[refs.view, refs.index], default: []].append([target.view, target.recognizer])
                        edgeOffsets[[refs.view, refs.index]] = edgeOffsets[[refs.view, refs.index]] ?? offset
                    }
                }
            }
        }
        // A cycle of requirements: each waits for the next to fail, and none ever wins.
        var color: [[Int]: Int] = [:]
        var reported = false
        func visit(_ node: [Int], _ stack: inout [[Int]]) {
            guard !reported else { return }
            color[node] = 1
            stack.append(node)
            for next in edges[node] ?? [] {
                if color[next] == 1, let start = stack.firstIndex(of: next) {
                    let cycle = (stack[start...] + [next]).map { describe($0[0], $0[1]) }.joined(separator: " → ")
                    problems.add(edgeOffsets[next] ?? 0, "\"requireToFail\" forms a cycle (\(cycle)): each would wait for the next to fail, and none could win")
                    reported = true
                    return
                }
                if color[next] == nil { visit(next, &stack) }
            }
            stack.removeLast()
            color[node] = 2
        }
        for refs in references where color[[refs.view, refs.index]] == nil {
            var stack: [[Int]] = []
            visit([refs.view, refs.index], &stack)
        }
    }

    private static func readFrame(_ node: JSONNode, label: String, problems: inout SceneProblems) -> Rect? {
        guard let m = node["frame"] else {
            problems.add(node.offset, "\(label): missing required key \"frame\" ([x, y, width, height] in points)")
            return nil
        }
        guard let parts = m.value.elements, parts.count == 4 else {
            problems.add(m.value.offset, "\(label): \"frame\" must be four numbers [x, y, width, height], found \(m.value.elements.map { "\($0.count) elements" } ?? m.value.kindDescription)")
            return nil
        }
        var numbers: [Double] = []
        for (k, part) in parts.enumerated() {
            guard let v = part.number else {
                problems.add(part.offset, "\(label): \"frame\" must be four numbers [x, y, width, height], but element \(k) is \(part.kindDescription)")
                return nil
            }
            guard v.isFinite, abs(v) <= TraceLimits.coordinate else {
                problems.add(part.offset, "\(label): \"frame\" element \(k) is out of range (\(numberText(v))); frames must be within ±\(numberText(TraceLimits.coordinate)) points")
                return nil
            }
            numbers.append(v)
        }
        if numbers[2] < 0 || numbers[3] < 0 {
            problems.add(m.value.offset, "\(label): \"frame\" has a negative size (\(numberText(numbers[2])) × \(numberText(numbers[3]))); width and height must be at least 0")
            return nil
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    private static func typeName(_ node: JSONNode, label: String, problems: inout SceneProblems) -> String? {
        guard node.members != nil else {
            problems.add(node.offset, "\(label) must be an object with a \"type\", found \(node.kindDescription)")
            return nil
        }
        guard let m = node["type"] else {
            problems.add(node.offset, "\(label): missing required key \"type\"")
            return nil
        }
        guard let type = m.value.string else {
            problems.add(m.value.offset, "\(label): \"type\" must be a string, found \(m.value.kindDescription)")
            return nil
        }
        return type
    }

    private static func ownName(_ node: JSONNode, default type: String, label: String, problems: inout SceneProblems) -> String {
        guard let m = node["name"] else { return type }
        guard let s = m.value.string, !s.isEmpty else {
            problems.add(m.value.offset, "\(label): \"name\" must be a non-empty string, found \(m.value.string == "" ? "an empty string" : m.value.kindDescription)")
            return type
        }
        problems.checkName(s, at: m.value.offset, "\(label): name")
        if s == Scene.viewSourceName {
            problems.add(m.value.offset, "\(label): \"name\" may not be \"\(Scene.viewSourceName)\": a view's own records (viewChanged) are named VIEW.\(Scene.viewSourceName); choose another name")
        }
        return s
    }

    /// `view "plus", pushButton` or, for a named one, `view "plus", pushButton "add"`.
    private static func parameterLabel(view: String, type: String, name: String) -> String {
        name == type ? "view \"\(view)\", \(type)" : "view \"\(view)\", \(type) \"\(name)\""
    }

    private static func readRecognizer(_ node: JSONNode, index: Int, view: ViewDraft, version: Int, registry: Registry,
                                       references: inout References, problems: inout SceneProblems) -> SceneRecognizer? {
        let label = "view \"\(view.name)\", recognizers[\(index)]"
        guard let type = typeName(node, label: label, problems: &problems) else { return nil }
        guard let kind = registry.recognizer(named: type) else {
            let offset = node["type"]!.value.offset
            if registry.control(named: type) != nil {
                problems.add(offset, "\(label): \"\(type)\" is a control, not a recognizer; put it under the view's \"control\"")
            } else {
                problems.add(offset, "\(label): unknown recognizer type \"\(type)\" (known types: \(registry.recognizers.map(\.name).joined(separator: ", ")))")
            }
            return nil
        }
        if kind.minimumVersion > version {
            problems.add(node["type"]!.value.offset, needsVersion2("\(label): \"\(type)\""))
            return nil
        }
        let name = ownName(node, default: type, label: label, problems: &problems)
        let parameterLabel = parameterLabel(view: view.name, type: type, name: name)
        var parameters = ParameterReader(node, label: parameterLabel, viewOffset: view.node.offset)
        let recognizer = kind.make(&parameters)
        parameters.used.formUnion(arenaKeys)
        problems.take(parameters, kind: type)
        var made = SceneRecognizer(name: name, recognizer: recognizer)
        // The arena's keys (SPEC 12), the same for every type.
        for key in ["simultaneousWith", "requireToFail"] {
            guard let m = node[key] else { continue }
            if version < 2 {
                problems.add(m.keyOffset, needsVersion2("\(parameterLabel): \"\(key)\""))
                continue
            }
            guard let list = m.value.elements else {
                problems.add(m.value.offset, "\(parameterLabel): \"\(key)\" must be an array of recognizer names (\"name\" on this view, \"view.name\" on another), found \(m.value.kindDescription)")
                continue
            }
            for element in list {
                guard let s = element.string, !s.isEmpty else {
                    problems.add(element.offset, "\(parameterLabel): \"\(key)\" must hold recognizer names as strings, found \(element.kindDescription)")
                    continue
                }
                if key == "requireToFail" {
                    made.requireToFail.append(s)
                    references.requireToFail.append((s, element.offset))
                } else {
                    made.simultaneousWith.append(s)
                    references.simultaneousWith.append((s, element.offset))
                }
            }
        }
        if let m = node["cancelsTouchesInView"] {
            if version < 2 {
                problems.add(m.keyOffset, needsVersion2("\(parameterLabel): \"cancelsTouchesInView\""))
            } else if case .bool(let b) = m.value.value {
                made.cancelsTouchesInView = b
            } else {
                problems.add(m.value.offset, "\(parameterLabel): \"cancelsTouchesInView\" must be true or false, found \(m.value.kindDescription)")
            }
        }
        return made
    }

    private static func readControl(_ node: JSONNode, view: ViewDraft, build: SceneBuild, registry: Registry,
                                    problems: inout SceneProblems) -> (name: String, control: any Control)? {
        let label = "view \"\(view.name)\", control"
        guard let type = typeName(node, label: label, problems: &problems) else { return nil }
        guard let kind = registry.control(named: type) else {
            let offset = node["type"]!.value.offset
            if registry.recognizer(named: type) != nil {
                problems.add(offset, "\(label): \"\(type)\" is a recognizer, not a control; put it in the view's \"recognizers\"")
            } else {
                problems.add(offset, "\(label): unknown control type \"\(type)\" (known types: \(registry.controls.map(\.name).joined(separator: ", ")))")
            }
            return nil
        }
        let name = ownName(node, default: type, label: label, problems: &problems)
        let frameOffset = view.node["frame"]?.value.offset ?? view.node.offset
        var parameters = ParameterReader(node, label: parameterLabel(view: view.name, type: type, name: name), viewOffset: frameOffset)
        let control = kind.make(&parameters, build)
        problems.take(parameters, kind: type)
        return (name, control)
    }
}

/// Problems found in a scene, each located in its file.
struct SceneProblems {
    let source: SourceFile
    let strict: Bool
    var errors: [TraceError] = []
    /// Unknown keys when not strict: read past, but said on stderr (a typo in a parameter
    /// name would otherwise leave its default in silence).
    var warnings: [TraceError] = []
    private var lines: LineIndex?

    init(source: SourceFile, strict: Bool) {
        self.source = source
        self.strict = strict
    }

    mutating func add(_ offset: Int, _ message: String) {
        errors.append(located(offset, message))
    }

    private mutating func located(_ offset: Int, _ message: String) -> TraceError {
        let (line, column) = source.withBytes { bytes in
            if lines == nil { lines = LineIndex(bytes) }
            return lines!.location(of: offset, in: bytes)
        }
        return TraceError(path: source.path, line: line, column: column, message: message)
    }

    /// An error under `--strict`, else a warning.
    private mutating func unknownKey(_ offset: Int, _ message: String) {
        if strict {
            add(offset, message + " (ignored unless --strict)")
        } else {
            warnings.append(located(offset, "warning: " + message + " (ignored)"))
        }
    }

    mutating func unknown(_ member: JSONNode.Member, in place: String) {
        unknownKey(member.keyOffset, "unknown key \"\(member.key)\" in \(place)")
    }

    mutating func take(_ parameters: ParameterReader, kind: String) {
        for p in parameters.problems { add(p.offset, p.message) }
        for m in parameters.unknownKeys {
            // The type's own parameters (the arena's keys, which every recognizer has, apart).
            let known = parameters.used.subtracting(["type", "name"] + SceneReader.arenaKeys).sorted()
            let takes = known.isEmpty ? "\(kind) takes no parameters" : "\(kind) takes: \(known.joined(separator: ", "))"
            unknownKey(m.keyOffset, "\(parameters.label): unknown parameter \"\(m.key)\" for \(kind) (\(takes))")
        }
    }

    /// Names of views, recognizers and controls appear in text records as `view.source`, so
    /// they hold only ASCII letters, digits, `_` and `-`: a `.` or a space would make a record
    /// read two ways.
    mutating func checkName(_ name: String, at offset: Int, _ label: String) {
        guard let bad = name.unicodeScalars.first(where: { !SceneProblems.isNameScalar($0) }) else { return }
        let shown = bad.value < 0x20 || bad.value == 0x7F ? "\\u{\(String(bad.value, radix: 16, uppercase: true))}" : String(bad)
        add(offset, "\(label) \"\(printable(name))\" holds '\(shown)'; names may hold only letters, digits, '_' and '-' (they appear in transcripts as view.source)")
    }

    static func isNameScalar(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "-"
    }
}

extension SceneReader {
    /// Makes a recognizer of the registry from parameters given as text (`riseRatio` = `1.8`),
    /// each value read as JSON, with the checks and messages of a scene. Parameters the type
    /// does not know are problems here (a typo would otherwise go unnoticed).
    public static func makeRecognizer(type: String, parameters: [(name: String, value: String)],
                                      registry: Registry = .standard) throws(TraceErrors) -> any Recognizer {
        let source = SourceFile(path: "parameters", bytes: [])
        var problems = SceneProblems(source: source, strict: true)
        guard let kind = registry.recognizer(named: type) else {
            problems.add(0, "unknown recognizer type \"\(type)\" (known types: \(registry.recognizers.map(\.name).joined(separator: ", ")))")
            throw TraceErrors(problems.errors)
        }
        var members: [JSONNode.Member] = []
        for (name, text) in parameters {
            do {
                let value = try JSONNode.parseDocument(SourceFile(path: name, bytes: Array(text.utf8)))
                members.append(JSONNode.Member(key: name, keyOffset: 0, value: JSONNode(offset: 0, value: value.value)))
            } catch {
                problems.add(0, "\(name): \"\(text)\" is not a value (\(error.message))")
            }
        }
        var reader = ParameterReader(JSONNode(offset: 0, value: .object(members)), label: type, viewOffset: 0)
        let recognizer = kind.make(&reader)
        for p in reader.problems { problems.add(p.offset, p.message) }
        let known = reader.used.subtracting(["type", "name"]).sorted()
        for m in reader.unknownKeys {
            let takes = known.isEmpty ? "\(type) takes no parameters" : "\(type) takes: \(known.joined(separator: ", "))"
            problems.add(0, "unknown parameter \"\(m.key)\" (\(takes))")
        }
        if !problems.errors.isEmpty { throw TraceErrors(problems.errors) }
        return recognizer
    }
}
