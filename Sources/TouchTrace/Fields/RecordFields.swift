/// The words of a transcript record: its fields and what names its source. Recognizers and
/// controls write them; the replay layer gathers them into records and writes them out. They
/// know the model (touch ids, points) and nothing later.

/// A value in a transcript record. Plain data, copied without reference counting: a record is
/// made for almost every touch of every event.
public enum FieldValue: Sendable, Equatable {
    /// A measurement: printed shortest-round-trip in JSON Lines, with four decimals in text.
    case number(Double)
    /// A point or vector, `[x, y]`.
    case point(Point)
    case integer(Int)
    /// A word from a fixed vocabulary (state and phase names, thumbs): a string in JSON, bare
    /// in text.
    case name(StaticString)
    /// Free text (failure reasons, touch ids given as strings): a string in JSON, quoted in text.
    case text(SharedText)
    /// A touch id that the trace gave as a number.
    case touch(Int64)
    /// Several numbers (a view's transform, its frame): `[a, b, ...]` in JSON Lines, written
    /// as `numberList`'s values comma-separated with four decimals in text. Made by
    /// `numbers(_:)`; kept as a shared text of the numbers' bits, so that the value stays plain
    /// data (rare records: a view that gesture code moved).
    case numberList(SharedText)

    /// A list of numbers, as `numberList`.
    public static func numbers(_ values: [Double]) -> FieldValue {
        .numberList(SharedText(values.map { String($0.bitPattern, radix: 16) }.joined(separator: ",")))
    }

    /// The numbers of a `numberList`, in order; nil for any other value.
    public var numbers: [Double]? {
        guard case .numberList(let text) = self else { return nil }
        return FieldValue.numbers(in: text)
    }

    /// The numbers a `numberList`'s text holds.
    static func numbers(in text: SharedText) -> [Double] {
        text.string.split(separator: ",").map { Double(bitPattern: UInt64($0, radix: 16) ?? 0) }
    }

    public static func == (a: FieldValue, b: FieldValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y
        case (.point(let x), .point(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.name(let x), .name(let y)): return x.description == y.description
        case (.text(let x), .text(let y)): return x == y
        case (.touch(let x), .touch(let y)): return x == y
        case (.numberList(let x), .numberList(let y)): return x == y
        default: return false
        }
    }
}

/// One `key=value` of a record.
///
/// The key is kept as a `StaticKeyText` (its bytes' address and length in one word) rather
/// than as a `StaticString`: records are copied field by field into the formatting thread's
/// chunks, and this makes a field 32 bytes instead of 48.
public struct Field: Sendable, Equatable {
    public var value: FieldValue
    /// The key's UTF-8 bytes.
    public let keyBytes: StaticKeyText

    /// Keys are short: writers reserve room for `maximumKeyLength` bytes of key per field.
    public static let maximumKeyLength = 64

    public init(_ key: StaticString, _ value: FieldValue) {
        precondition(key.hasPointerRepresentation && key.utf8CodeUnitCount <= Field.maximumKeyLength,
                     "field key \(key) must be text of at most \(Field.maximumKeyLength) bytes")
        self.value = value
        self.keyBytes = StaticKeyText(key)
    }

    /// A field that fills an unused place of a `FieldList` (never read): zero bits but for the
    /// key, so that such places are filled with few, wide stores.
    fileprivate init(unusedKey key: StaticString) {
        self.value = .number(0)
        self.keyBytes = StaticKeyText(key)
    }

    /// The key.
    public var key: String { keyBytes.string }

    public static func == (a: Field, b: Field) -> Bool {
        a.keyBytes == b.keyBytes && a.value == b.value
    }
}

/// The fields of a record, stored inline (a record is written for almost every touch of every
/// event, so it must not allocate).
public struct FieldList: Sendable, RandomAccessCollection, Equatable {
    public static let capacity = 6
    /// What fills the places past `count` (made where it is needed: a stored static would be
    /// reached through a once-only initialisation check at every list made).
    private static var unused: Field { Field(unusedKey: "") }
    private var storage: (Field, Field, Field, Field, Field, Field) = (unused, unused, unused, unused, unused, unused)
    public private(set) var count = 0

    public init() {}

    /// `a` and `b`, then the fields of `rest` (at most four): a `state` record's `from` and
    /// `to` before what the recognizer said, moved as a whole rather than field by field.
    init(_ a: Field, _ b: Field, followedBy rest: FieldList) {
        precondition(rest.count <= Self.capacity - 2, "a record holds at most \(Self.capacity) fields; \(rest.count + 2) is too many")
        storage = (a, b, rest.storage.0, rest.storage.1, rest.storage.2, rest.storage.3)
        count = rest.count + 2
    }
    public init(_ a: Field) { storage.0 = a; count = 1 }
    public init(_ a: Field, _ b: Field) { storage.0 = a; storage.1 = b; count = 2 }
    public init(_ a: Field, _ b: Field, _ c: Field) { storage.0 = a; storage.1 = b; storage.2 = c; count = 3 }
    public init(_ a: Field, _ b: Field, _ c: Field, _ d: Field) {
        storage.0 = a; storage.1 = b; storage.2 = c; storage.3 = d; count = 4
    }
    public init(_ a: Field, _ b: Field, _ c: Field, _ d: Field, _ e: Field) {
        storage.0 = a; storage.1 = b; storage.2 = c; storage.3 = d; storage.4 = e; count = 5
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Calls `body` with the fields as a row, read where they lie (the list is not changed):
    /// mutating only so that they are not copied first. For writers.
    mutating func withRow<R>(_ body: (InlineRow<Field>) -> R) -> R {
        InlineRow.withRow(of: &storage, count: count, body)
    }

    public subscript(i: Int) -> Field {
        precondition(i >= 0 && i < count, "field index \(i) out of 0..<\(count)")
        switch i {
        case 0: return storage.0
        case 1: return storage.1
        case 2: return storage.2
        case 3: return storage.3
        case 4: return storage.4
        default: return storage.5
        }
    }

    public mutating func append(_ field: Field) {
        precondition(count < Self.capacity, "a record holds at most \(Self.capacity) fields; \(field.key) is one too many")
        switch count {
        case 0: storage.0 = field
        case 1: storage.1 = field
        case 2: storage.2 = field
        case 3: storage.3 = field
        case 4: storage.4 = field
        default: storage.5 = field
        }
        count += 1
    }

    public static func == (a: FieldList, b: FieldList) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
    }
}

/// A recognizer or control as records name it: its view and its own name.
public struct SourceName: Sendable, Equatable {
    public var view: String
    public var name: String

    public init(view: String, name: String) {
        self.view = view
        self.name = name
    }
}

extension FieldValue {
    /// A touch id as records hold it: a number as the trace gave it, or its string.
    public init(_ id: TouchID) {
        if let n = id.number { self = .touch(n) } else { self = .text(id.sharedText!) }
    }
}
