/// The two transcript formats.
public enum TranscriptFormat: String, Sendable, CaseIterable {
    /// One line per record, fixed four decimals: stable across platforms, readable in a diff.
    /// The format of expected files.
    case text
    /// One JSON object per record, numbers in shortest round-trip form: for other programs.
    case jsonl

    /// The first line of a text transcript of a version 1 trace: the format and its version.
    public static let textHeader = "# touchtrace transcript v1"

    /// The first line of a text transcript of a trace of `version` (1 or 2): the transcript of a
    /// version 2 trace says `v2`.
    public static func textHeader(version: Int) -> String { "# touchtrace transcript v\(version)" }
}

/// Writes records as a transcript, buffered: records stream out as they are made and are never
/// all held. One thread at a time may use it (a `PipelinedWriter` hands it to its own thread).
public final class TranscriptWriter: RecordSink, Sendable {
    public let format: TranscriptFormat
    /// The buffer and the output it is written to.
    private let out: OutputBuffer
    /// Each source's prefix, rendered once: ` screen.pan ` or `,"view":"screen","source":"pan","event":"`.
    private let prefixes: ByteRows
    /// How many sources the writer was made for (those defined later are dropped at `restart`).
    private let initialSourceCount: Int
    /// The text of the last time written: every record of an event has the event's time.
    private let time: NumberMemo
    /// Names found plain, kept from one transcript to the next (static strings never change).
    private let plainNames = PlainWords()
    /// The shortest-double tables, kept here rather than reached at every number (JSON Lines
    /// only: text has four decimals).
    private let powerTables: PowerTables?
    /// The texts of the numbers lately written (JSON Lines only).
    private let recent = RecentShortest()
    private static let flushThreshold = 1 << 16

    /// A writer for the transcript of a trace of `version` (which names the text header).
    public init(format: TranscriptFormat, sources: [SourceName], output: ByteOutput, version: Int = 1) {
        self.format = format
        initialSourceCount = sources.count
        out = OutputBuffer(output: output, threshold: Self.flushThreshold)
        prefixes = ByteRows(sources.map { Self.prefix(of: $0, format: format) })
        if format == .text { out.restart(with: Array((TranscriptFormat.textHeader(version: version) + "\n").utf8)) }
        powerTables = format == .jsonl ? PowerTables.shared : nil
        time = NumberMemo(shortestWith: powerTables)
    }

    /// A source's prefix: ` view.name ` (text) or `,"view":…,"source":…,"event":"` (JSON Lines).
    private static func prefix(of source: SourceName, format: TranscriptFormat) -> [UInt8] {
        switch format {
        case .text:
            return Array(" \(source.view).\(source.name) ".utf8)
        case .jsonl:
            var bytes = Array(",\"view\":".utf8)
            appendJSONString(source.view, to: &bytes)
            bytes.append(contentsOf: Array(",\"source\":".utf8))
            appendJSONString(source.name, to: &bytes)
            bytes.append(contentsOf: Array(",\"event\":\"".utf8))
            return bytes
        }
    }

    /// A source the replay gained (SPEC 17: a recognizer added during the replay) is rendered
    /// from now on; `source` is the next index (one already known is left as it is).
    public func define(source: Int, as name: SourceName) {
        guard source == prefixes.count else { return }
        prefixes.append(Self.prefix(of: name, format: format))
    }

    /// The event of the record that carries a source's definition through a pipe to the
    /// writer (`PipelinedWriter.define`): its fields are the view's and the source's names, as
    /// texts. Never written.
    static let sourceDefinitionEvent: StaticString = "sourceDefinition"

    /// A record of a source not yet known: the definition of it, or a fault.
    @inline(never)
    private func takeDefinition(source: Int, event: StaticString, fields: inout FieldList) {
        let isDefinition = event.description == Self.sourceDefinitionEvent.description && fields.count == 2
        precondition(isDefinition && source == prefixes.count, "record of source \(source), of \(prefixes.count) sources")
        var names: [String] = []
        fields.withRow { row in
            for field in row { if case .text(let text) = field.value { names.append(text.string) } }
        }
        precondition(names.count == 2, "a source's definition names its view and itself")
        define(source: source, as: SourceName(view: names[0], name: names[1]))
    }

    /// Writes a record (its fields copied once, the rest read where it lies).
    public func write(_ record: Record) {
        var fields = record.fields
        write(t: record.t, source: record.source, event: record.event, fields: &fields)
    }

    /// Writes a record where it lies in a list, its fields read in place rather than copied
    /// (it is not changed): the formatting thread of a replay writes every record this way.
    func write(inPlace record: inout Record) {
        write(t: record.t, source: record.source, event: record.event, fields: &record.fields)
    }

    /// Writes the record of `source` at time `t` (seconds): `event`, then `fields` (read, not
    /// changed).
    private func write(t: Double, source: Int, event: StaticString, fields: inout FieldList) {
        guard source >= 0 && source < prefixes.count else {
            takeDefinition(source: source, event: event, fields: &fields)
            return
        }
        fields.withRow { fields in
            let room = Self.room(event: event.utf8CodeUnitCount, fields: fields.count, prefix: prefixes.length(of: source))
            out.append { out in
                out.reserve(room)
                switch format {
                case .text: out = writingText(t: t, source: source, event: event, fields: fields, to: out)
                case .jsonl: out = writingJSON(t: t, source: source, event: event, fields: fields, to: out, tables: powerTables!)
                }
            }
        }
    }

    /// Room enough for any field but a text: its key, and two numbers (a point) with punctuation.
    private static var fieldRoom: Int { Field.maximumKeyLength + 2 * fixed4MaximumLength + 16 }

    /// Room enough for any rendering of the record, but for its texts (which make room of
    /// their own).
    private static func room(event: Int, fields: Int, prefix: Int) -> Int {
        fields * fieldRoom + (fixed4MaximumLength + 16) + prefix + event
    }

    /// The room a text makes after it: for the rest of any record.
    private static var roomAfterText: Int { FieldList.capacity * fieldRoom + 16 }

    /// Writes what is buffered; throws if any write failed.
    public func finish() throws {
        try out.finish()
    }

    /// Whether the transcript written since the writer was made or restarted is exactly
    /// `expected`, compared in the writer's buffer without writing it out (nothing is written
    /// or dropped). False when it differs, and when part of it was already written out (a
    /// transcript longer than the buffer): `finish` then writes the rest as usual. Verify
    /// settles a fixture that matches, the usual one, without copying its transcript.
    func holdsExactly(_ expected: Span<UInt8>) -> Bool {
        out.holdsExactly(expected)
    }

    /// `buffer` and one text line, in room reserved for it (by value, as `appendingNumbers`).
    private func writingText(t: Double, source: Int, event: StaticString, fields: InlineRow<Field>, to buffer: ByteBuffer) -> ByteBuffer {
        var out = buffer
        time.append(t, to: &out)
        prefixes.append(source, to: &out)
        out.append(event)
        for field in fields {
            out.append(UInt8(ascii: " "))
            out.append(field.keyBytes)
            out.append(UInt8(ascii: "="))
            switch field.value {
            case .number(let v):
                out.appendFixed4(v)
            case .point(let point):
                out.appendFixed4(point.x)
                out.append(UInt8(ascii: ","))
                out.appendFixed4(point.y)
            case .integer(let n):
                out.appendDecimal(Int64(n))
            case .name(let s):
                if plainNames.isPlain(s) {
                    out.append(s)
                } else {
                    out.appendJSONString(s, roomAfter: Self.roomAfterText)
                }
            case .text(let text):
                out.appendJSONString(text, roomAfter: Self.roomAfterText)
            case .touch(let id):
                out.appendDecimal(id)
            case .numberList(let list):
                out = Self.appendingNumbers(FieldValue.numbers(in: list), fixed: true, tables: nil, to: out)
            }
        }
        out.append(0x0A)
        return out
    }

    /// `buffer` and one JSON line, in room reserved for it (by value, as `appendingNumbers`).
    private func writingJSON(t: Double, source: Int, event: StaticString, fields: InlineRow<Field>, to buffer: ByteBuffer,
                             tables: PowerTables) -> ByteBuffer {
        var out = buffer
        // `{"t":`
        out.append(word: 0x3A_22_74_22_7B, length: 5)
        time.append(t, to: &out)
        prefixes.append(source, to: &out)
        out.append(event)
        out.append(UInt8(ascii: "\""))
        for field in fields {
            // `,"`, the key, `":`
            out.append(word: 0x22_2C, length: 2)
            out.append(field.keyBytes)
            out.append(word: 0x3A_22, length: 2)
            switch field.value {
            case .number(let v):
                out.appendShortest(v, tables: tables, recent: recent)
            case .point(let point):
                out.append(UInt8(ascii: "["))
                out.appendShortest(point.x, tables: tables, recent: recent)
                out.append(UInt8(ascii: ","))
                out.appendShortest(point.y, tables: tables, recent: recent)
                out.append(UInt8(ascii: "]"))
            case .integer(let n):
                out.appendDecimal(Int64(n))
            case .name(let s):
                if plainNames.isPlain(s) {
                    out.append(UInt8(ascii: "\""))
                    out.append(s)
                    out.append(UInt8(ascii: "\""))
                } else {
                    out.appendJSONString(s, roomAfter: Self.roomAfterText)
                }
            case .text(let text):
                out.appendJSONString(text, roomAfter: Self.roomAfterText)
            case .touch(let id):
                out.appendDecimal(id)
            case .numberList(let list):
                out = Self.appendingNumbers(FieldValue.numbers(in: list), fixed: false, tables: tables, to: out)
            }
        }
        // `}` and a line feed
        out.append(word: 0x0A_7D, length: 2)
        return out
    }

    /// `buffer` and a list of numbers: with four decimals, comma-separated (text), or as a JSON
    /// array of shortest forms; keeps the room after it that the record's other fields were
    /// given. The buffer goes in and out by value, not `inout`: a line's writer keeps it in
    /// registers only while its address is passed to no call.
    private static func appendingNumbers(_ values: [Double], fixed: Bool, tables: PowerTables?, to buffer: ByteBuffer) -> ByteBuffer {
        var out = buffer
        out.reserve(values.count * (fixed4MaximumLength + 2) + 2 + room(event: 0, fields: 6, prefix: 0))
        if !fixed { out.append(UInt8(ascii: "[")) }
        for (i, v) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if fixed {
                out.appendFixed4(v)
            } else {
                out.appendShortest(v, tables: tables!)
            }
        }
        if !fixed { out.append(UInt8(ascii: "]")) }
        return out
    }
}

// MARK: Another transcript through the same writer

extension TranscriptWriter {
    /// Starts a new transcript, of a trace of `version`, on the same output for the same
    /// sources, as a new writer would: what is buffered is dropped (call `finish` first to keep
    /// it), a write failure forgotten, and the buffer kept. `verify` writes thousands of short
    /// transcripts: allocating a buffer for each costs more than writing it.
    func restart(version: Int) {
        var header: [UInt8] = []
        if format == .text {
            header = version == 1 || version == 2 ? Self.textHeaderLines[version - 1] : Array((TranscriptFormat.textHeader(version: version) + "\n").utf8)
        }
        out.restart(with: header)
        time.reset()
        if prefixes.count > initialSourceCount { prefixes.truncate(to: initialSourceCount) }
    }

    /// The text header's line of versions 1 and 2, made once.
    private static let textHeaderLines = [1, 2].map { Array((TranscriptFormat.textHeader(version: $0) + "\n").utf8) }
}
