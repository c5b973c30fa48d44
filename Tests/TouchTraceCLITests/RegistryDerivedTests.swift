import Foundation
import Testing
@testable import TouchTrace
@testable import TouchTraceCLI

/// The lists of types a user reads — `touchtrace help scene`, the scene reader's messages and the
/// scene schema (docs/scene.schema.json) — come from the registry, so that a new built-in type is
/// its file and one line in `Registry.standard`. The schema is a committed file: its type lists
/// are checked here, and rewritten from the registry with
///
///     TOUCHTRACE_RECORD_SCHEMA=1 swift test --filter RegistryDerivedTests
@Suite struct RegistryDerivedTests {
    static let schemaPath = packageRoot + "/docs/scene.schema.json"

    /// The schema's three type lists, each found by the `$defs` entry that holds it.
    enum SchemaList: CaseIterable {
        case recognizers, controls, version1Recognizers

        /// The `$defs` entry whose `properties.type.enum` is the list.
        var definition: String {
            switch self {
            case .recognizers: return "recognizer"
            case .controls: return "control"
            case .version1Recognizers: return "version1Recognizer"
            }
        }

        /// What the list must hold, in the registry's order.
        func names(_ registry: Registry) -> [String] {
            switch self {
            case .recognizers: return registry.recognizers.map(\.name)
            case .controls: return registry.controls.map(\.name)
            case .version1Recognizers: return registry.recognizers.filter { $0.minimumVersion == 1 }.map(\.name)
            }
        }
    }

    /// The list as the schema file has it.
    static func schemaList(_ list: SchemaList, in text: String) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let definitions = try #require(root["$defs"] as? [String: Any])
        let definition = try #require(definitions[list.definition] as? [String: Any])
        let properties = try #require(definition["properties"] as? [String: Any])
        let type = try #require(properties["type"] as? [String: Any])
        return try #require(type["enum"] as? [String])
    }

    /// The schema's text with its three type lists made from `registry`, the rest as it was:
    /// each list keeps its layout (one name a line, or all on the line of `"enum"`).
    static func schemaText(_ text: String, registry: Registry) throws -> String {
        var text = text
        for list in SchemaList.allCases {
            let entry = try #require(text.range(of: "\n    \"\(list.definition)\": {"), "no $defs entry \(list.definition)")
            let open = try #require(text.range(of: "\"enum\": [", range: entry.upperBound..<text.endIndex))
            let close = try #require(text.range(of: "]", range: open.upperBound..<text.endIndex))
            let old = text[open.upperBound..<close.lowerBound]
            let quoted = list.names(registry).map { "\"\($0)\"" }
            let new: String
            if let firstLine = old.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }), old.contains("\n") {
                let indent = String(firstLine.prefix { $0 == " " })
                let closing = String(old.reversed().prefix { $0 == " " })
                new = "\n" + quoted.map { indent + $0 }.joined(separator: ",\n") + "\n" + closing
            } else {
                new = quoted.joined(separator: ", ")
            }
            text.replaceSubrange(open.upperBound..<close.lowerBound, with: new)
        }
        return text
    }

    @Test func theSchemaListsTheRegistrysTypes() throws {
        let text = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
        if ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD_SCHEMA"] != nil {
            let updated = try Self.schemaText(text, registry: .standard)
            if updated != text { try updated.write(toFile: Self.schemaPath, atomically: true, encoding: .utf8) }
        }
        let current = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
        for list in SchemaList.allCases {
            #expect(try Self.schemaList(list, in: current) == list.names(.standard),
                    "docs/scene.schema.json's \(list.definition) types differ from Registry.standard; rewrite them with: TOUCHTRACE_RECORD_SCHEMA=1 swift test --filter RegistryDerivedTests")
        }
        // Rewriting from the registry changes nothing in a schema that matches it.
        #expect(try Self.schemaText(current, registry: .standard) == current)
    }

    /// Every type of the registry has its parameters in the schema (an `if` on its `type`
    /// whose `then` lists them), exactly the keys its `make` reads.
    @Test func theSchemaHasEveryTypesParameters() throws {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(try String(contentsOfFile: Self.schemaPath, encoding: .utf8).utf8)) as? [String: Any])
        let definitions = try #require(root["$defs"] as? [String: Any])
        func parameters(_ definition: String) throws -> [String: Set<String>] {
            let entry = try #require(definitions[definition] as? [String: Any])
            var result: [String: Set<String>] = [:]
            for case let rule as [String: Any] in entry["allOf"] as? [Any] ?? [] {
                guard let condition = rule["if"] as? [String: Any], let properties = condition["properties"] as? [String: Any],
                      let type = properties["type"] as? [String: Any], let name = type["const"] as? String else { continue }
                let then = rule["then"] as? [String: Any]
                result[name, default: []].formUnion((then?["properties"] as? [String: Any])?.keys ?? [:].keys)
            }
            return result
        }
        let recognizers = try parameters("recognizer")
        for type in Registry.standard.recognizers {
            let read = Set(ParameterReader.describe(type).map(\.key))
            #expect((recognizers[type.name] ?? []) == read, "\(type.name): the schema's parameters differ from what it reads")
        }
        let controls = try parameters("control")
        for type in Registry.standard.controls {
            let read = Set(ParameterReader.describe(type).map(\.key))
            #expect((controls[type.name] ?? []) == read, "\(type.name): the schema's parameters differ from what it reads")
        }
    }

    /// A type registered in one line appears everywhere a user looks for types, without another
    /// list to keep: `help scene`, the scene reader's unknown-type messages, the tests' lists of
    /// version 2 types and the schema's lists as rewritten from the registry.
    @Test func aNewTypeAppearsInEveryList() throws {
        var registry = Registry.standard
        try registry.register(RecognizerType(name: "zigzag", summary: "three strokes alternating left and right", minimumVersion: 2) { p in
            PanRecognizer(minimumDistance: p.number("zigzagDistance", default: 40, in: 0...1000, unit: "points"))
        })
        try registry.register(ControlType(name: "dial", summary: "a dial that never turns") { p, _ in
            Counter(counter: 0, numberOfGlasses: p.integer("notches", default: 12, in: 1...100))
        })

        let help = HelpCommand.sceneHelp(registry: registry)
        #expect(help.contains("\n  zigzag — three strokes alternating left and right\n      zigzagDistance   number (points), 0 to 1000; default 40"))
        #expect(help.contains("\n  dial — a dial that never turns\n      notches   integer, 1 to 100; default 12"))
        #expect(help.contains("pinch, twoFingerRotation and zigzag need version 2."))
        #expect(!HelpCommand.sceneHelp(registry: .standard).contains("zigzag"))

        let folder = temporaryDirectory()
        let scene = folder + "/scene.json"
        try writeText(#"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "recognizers": [{"type": "sweep"}], "control": {"type": "slider"}}]}"#, to: scene)
        let message: String
        do {
            _ = try SceneReader.read(path: scene, version: 2, registry: registry)
            message = ""
        } catch {
            message = "\(error)"
        }
        #expect(message.contains("unknown recognizer type \"sweep\" (known types: pan, rotation, checkmark, checkmarkRobust, spots, tap, longPress, swipe, pinch, twoFingerRotation, zigzag)"))
        #expect(message.contains("unknown control type \"slider\" (known types: knob, rangeSlider, pushButton, counter, dial)"))
        // And the new type reads: a scene may name it.
        try writeText(#"{"views": [{"name": "a", "frame": [0, 0, 10, 10], "recognizers": [{"type": "zigzag", "zigzagDistance": 5}], "control": {"type": "dial"}}]}"#, to: scene)
        let made = try SceneReader.read(path: scene, version: 2, registry: registry)
        #expect(made.views[0].recognizers.map(\.name) == ["zigzag"])

        #expect(SchemaList.recognizers.names(registry).last == "zigzag")
        #expect(!SchemaList.version1Recognizers.names(registry).contains("zigzag"))
        #expect(SchemaList.controls.names(registry).last == "dial")
        let text = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
        let rewritten = try Self.schemaText(text, registry: registry)
        #expect(try Self.schemaList(.recognizers, in: rewritten) == Registry.standard.recognizers.map(\.name) + ["zigzag"])
        #expect(try Self.schemaList(.controls, in: rewritten) == Registry.standard.controls.map(\.name) + ["dial"])
        #expect(try Self.schemaList(.version1Recognizers, in: rewritten) == Self.schemaList(.version1Recognizers, in: text))
        // Only the lists changed: the rest of the schema is as it was.
        #expect(try Self.schemaText(rewritten, registry: .standard) == text)
    }
}
