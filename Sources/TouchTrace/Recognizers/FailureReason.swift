/// A failure reason's text, written as bytes and shared from them (`TextBuilder`), so that a
/// recognizer that fails makes no `String`: the same bytes as the interpolation it stands for
/// (`"lifted at \(pointText(p)) before any up stroke"` is `append("lifted at ")`,
/// `append(point: p)`, `append(" before any up stroke")`).
///
/// The bytes go to room on the stack; a reason longer than that room (only numbers of more
/// than a dozen digits make one) goes on in memory of its own, so that any reason is written
/// whole.
struct FailureReason {
    /// Room on the stack, in bytes.
    static var room: Int { TextBuilder.stackRoom }

    private var text: TextBuilder

    /// The reason `build` writes, shared.
    static func sharedText(_ build: (inout FailureReason) -> Void) -> SharedText {
        TextBuilder.sharedText { text in
            var reason = FailureReason(text: text)
            build(&reason)
            text = reason.text
        }
    }

    /// The reason as a `String` (for tests and messages that want one).
    static func text(_ build: (inout FailureReason) -> Void) -> String {
        TextBuilder.string { text in
            var reason = FailureReason(text: text)
            build(&reason)
            text = reason.text
        }
    }

    /// Appends words of the reason.
    mutating func append(_ words: StaticString) {
        text.append(words)
    }

    /// Appends a point as `pointText` writes it: `(251.5, 404)`.
    mutating func append(point p: Point) {
        appendPoint(p, to: &text)
    }

    /// Appends a number as `compactNumber` writes it: up to four decimals, no trailing zeros.
    mutating func append(compact v: Double) {
        text.append(compact: v)
    }

    /// Appends a distance as `oneDecimal` writes it: `12.0`, `33.5`.
    mutating func append(oneDecimal v: Double) {
        text.append(fixed: v, places: 1)
    }

    /// Appends a count in decimal: `3`.
    mutating func append(count value: Int) {
        text.append(decimal: value)
    }
}

/// Appends a point as `pointText` writes it: `(251.5, 404)`.
func appendPoint(_ p: Point, to text: inout TextBuilder) {
    text.append("(")
    text.append(compact: p.x)
    text.append(", ")
    text.append(compact: p.y)
    text.append(")")
}
