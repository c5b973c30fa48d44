// The text system under labels, as code that finds the character under a tap uses it
// (`NSTextStorage`, `NSLayoutManager`, `NSTextContainer`). touchtrace has no fonts' glyph
// metrics, so it lays text out on a fixed grid: every character advances half the text's point
// size, every line is 1.2 times the point size high (touchtrace's fixed values; the point size
// is that of the text's first `.font` attribute, else 17, UILabel's default), lines wrap at the
// container's width less its padding on both sides, and nothing is drawn
// (docs/own-gesture-code.md, "UIKit that compiles and what it does here").

extension NSAttributedString.Key {
    /// The font of a run of text, as UIKit's `NSAttributedString.Key.font` (a `UIFont`).
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour of a run of text, as UIKit's `.foregroundColor` (a `UIColor`).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The link of a run of text, as UIKit's `.link` (a `URL` or a `String`).
    public static let link = NSAttributedString.Key("NSLink")
    /// The underline of a run of text, as UIKit's `.underlineStyle` (an `Int`).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
}

/// A text and the layout managers that lay it out, as UIKit's `NSTextStorage`: a mutable
/// attributed string that keeps its managers.
open class NSTextStorage: NSMutableAttributedString {
    /// The managers added, in the order added.
    open private(set) var layoutManagers: [NSLayoutManager] = []
    /// Adds `manager`, which lays out this text from now on.
    open func addLayoutManager(_ manager: NSLayoutManager) {
        layoutManagers.append(manager)
        manager.textStorage = self
    }
    /// Removes `manager`.
    open func removeLayoutManager(_ manager: NSLayoutManager) {
        layoutManagers.removeAll { $0 === manager }
        if manager.textStorage === self { manager.textStorage = nil }
    }
}

/// A region text is laid out in, as UIKit's `NSTextContainer`: its size and settings, kept.
open class NSTextContainer {
    /// The size, in points (a zero width or height means no limit, as UIKit's).
    open var size: CGSize
    /// The empty space at each end of a line, in points (5, UIKit's default).
    open var lineFragmentPadding: CGFloat = 5
    /// How a line that does not fit ends (`.byWordWrapping`): kept; the grid wraps by character.
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// The most lines laid out (0: no limit).
    open var maximumNumberOfLines = 0
    /// A container of `size` points.
    public init(size: CGSize) { self.size = size }
}

/// Where a caller would have the fraction of the distance between insertion points written:
/// touchtrace writes none, so only `nil` is passed (the `fractionOfDistanceBetweenInsertionPoints:`
/// argument of `NSLayoutManager.characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`).
public struct InsertionPointFraction: ExpressibleByNilLiteral {
    /// No place to write.
    public init(nilLiteral: ()) {}
}

/// What lays out a text storage's characters in containers, as UIKit's `NSLayoutManager`, on
/// touchtrace's fixed grid (see the file's documentation): character `i` of a container whose
/// lines hold `n` characters is on line `i / n`, at `i % n` advances from the line's padding.
open class NSLayoutManager {
    /// The text laid out (set by `NSTextStorage.addLayoutManager`).
    open internal(set) weak var textStorage: NSTextStorage?
    /// The containers, in the order added.
    open private(set) var textContainers: [NSTextContainer] = []
    /// A manager with no text and no container.
    public init() {}
    /// Adds `container`.
    open func addTextContainer(_ container: NSTextContainer) { textContainers.append(container) }

    /// The text's point size: its first `.font` attribute's, else 17.
    private var pointSize: CGFloat {
        guard let storage = textStorage, storage.length > 0,
              let font = storage.attribute(.font, at: 0, effectiveRange: nil) as? UIFont else { return 17 }
        return font.pointSize
    }
    /// The advance of a character, in points.
    private var advance: CGFloat { pointSize / 2 }
    /// The height of a line, in points.
    private var lineHeight: CGFloat { pointSize * 1.2 }
    /// The characters a line of `container` holds (at least one).
    private func perLine(_ container: NSTextContainer) -> Int {
        let width = container.size.width - 2 * container.lineFragmentPadding
        guard container.size.width > 0 else { return Int.max }
        return Swift.max(1, Int((width / advance).rounded(.down)))
    }
    /// The number of characters laid out in `container` (the text, cut at the lines allowed).
    private func laidOut(_ container: NSTextContainer) -> Int {
        let length = textStorage?.length ?? 0
        let n = perLine(container)
        guard container.maximumNumberOfLines > 0, n < Int.max else { return length }
        return Swift.min(length, n * container.maximumNumberOfLines)
    }

    /// The index of the character under `point` (the container's coordinates): the one whose
    /// grid cell holds it, the nearest on its line and the last line when it is past them;
    /// 0 for an empty text. No fraction is written (`fraction` is nil).
    open func characterIndex(for point: CGPoint, in container: NSTextContainer,
                             fractionOfDistanceBetweenInsertionPoints fraction: InsertionPointFraction = nil) -> Int {
        let count = laidOut(container)
        guard count > 0 else { return 0 }
        let n = perLine(container)
        let lines = n == Int.max ? 1 : (count + n - 1) / n
        let line = Swift.min(Swift.max(0, Int((point.y / lineHeight).rounded(.down))), lines - 1)
        let column = Swift.max(0, Int(((point.x - container.lineFragmentPadding) / advance).rounded(.down)))
        let lineStart = n == Int.max ? 0 : line * n
        let lineEnd = Swift.min(count, n == Int.max ? count : lineStart + n)
        return Swift.min(lineStart + column, lineEnd - 1)
    }
    /// The index of the glyph under `point`: a glyph is a character on the grid, so the
    /// character's index.
    open func glyphIndex(for point: CGPoint, in container: NSTextContainer) -> Int {
        characterIndex(for: point, in: container)
    }
    /// The character of glyph `glyphIndex`: the same index.
    open func characterIndexForGlyph(at glyphIndex: Int) -> Int { glyphIndex }
    /// The rectangle the laid-out text uses in `container`: from the padding, as wide as its
    /// longest line and as high as its lines.
    open func usedRect(for container: NSTextContainer) -> CGRect {
        let count = laidOut(container)
        guard count > 0 else { return CGRect(x: container.lineFragmentPadding, y: 0, width: 0, height: 0) }
        let n = perLine(container)
        let lines = n == Int.max ? 1 : (count + n - 1) / n
        let longest = Swift.min(count, n)
        return CGRect(x: container.lineFragmentPadding, y: 0, width: CGFloat(longest) * advance, height: CGFloat(lines) * lineHeight)
    }
}
