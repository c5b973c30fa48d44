import Foundation

// A text view's own text system, as code that finds the character under a tap in a text view
// uses it (`textView.layoutManager.characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`
// with `textView.textContainer`, after taking `textContainerInset` off the tap's location). The
// layout is touchtrace's fixed grid of TextLayout.swift.

/// The text system a text view keeps: its storage, its layout manager and its container.
final class TextViewTextSystem {
    /// The text laid out (replaced when the view's text or font changes).
    var storage: NSTextStorage
    /// The layout manager of the storage.
    let layoutManager = NSLayoutManager()
    /// The container, as wide as the view less its insets.
    let container = NSTextContainer(size: .zero)
    /// The attributed text the storage was made from.
    var source: NSAttributedString

    init(_ text: NSAttributedString) {
        source = text
        storage = NSTextStorage(attributedString: text)
        storage.addLayoutManager(layoutManager)
        layoutManager.addTextContainer(container)
    }
}

extension KeptInObject {
    /// A text view's text system.
    static let textSystem = Key()
    /// A text view's container insets.
    static let textContainerInset = Key()
    /// A text view's attributed text, when code set one.
    static let attributedText = Key()
}

extension UITextView {
    /// The text with its attributes, as UIKit's `attributedText`: the one code set, while the
    /// view's `text` is still its string; else `text` with the view's `font` (12-point system
    /// font by default). Setting it sets `text` to its string.
    public var attributedText: NSAttributedString! {
        get {
            if let kept = KeptInObject.value(of: self, KeptInObject.attributedText) as? NSAttributedString,
               kept.string == (text ?? "") {
                return kept
            }
            var attributes: [NSAttributedString.Key: Any] = [:]
            if let font { attributes[.font] = font }
            return NSAttributedString(string: text ?? "", attributes: attributes)
        }
        set {
            KeptInObject.set(newValue.map { NSAttributedString(attributedString: $0) }, of: self, KeptInObject.attributedText)
            text = newValue?.string ?? ""
        }
    }

    /// The space between the view's edges and its text container, in points (8 at the top and
    /// bottom, 0 at the sides: UIKit's default).
    public var textContainerInset: UIEdgeInsets {
        get { KeptInObject.value(of: self, KeptInObject.textContainerInset) as? UIEdgeInsets ?? UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) }
        set { KeptInObject.set(newValue, of: self, KeptInObject.textContainerInset) }
    }

    /// The text system, brought up to date with the view: its storage holds `attributedText`,
    /// and its container is as wide as the view's bounds less the side insets, with no limit
    /// on its height, as UIKit's container tracks its text view's width.
    private var textSystem: TextViewTextSystem {
        let text = attributedText ?? NSAttributedString(string: "")
        let system: TextViewTextSystem
        if let kept = KeptInObject.value(of: self, KeptInObject.textSystem) as? TextViewTextSystem {
            system = kept
            if !system.source.isEqual(to: text) {
                system.source = text
                system.storage.removeLayoutManager(system.layoutManager)
                system.storage = NSTextStorage(attributedString: text)
                system.storage.addLayoutManager(system.layoutManager)
            }
        } else {
            system = TextViewTextSystem(text)
            KeptInObject.set(system, of: self, KeptInObject.textSystem)
        }
        let inset = textContainerInset
        system.container.size = CGSize(width: Swift.max(0, bounds.width - inset.left - inset.right), height: 0)
        return system
    }

    /// The storage of the view's text, as UIKit's `textStorage`: `attributedText`, laid out by
    /// `layoutManager`.
    public var textStorage: NSTextStorage { textSystem.storage }

    /// The layout manager of the view's text, as UIKit's `layoutManager`, on touchtrace's fixed
    /// grid (see TextLayout.swift): ask it for the character under a point given in the
    /// container's coordinates (the view's less `textContainerInset`).
    public var layoutManager: NSLayoutManager { textSystem.layoutManager }

    /// The container the view's text is laid out in, as UIKit's `textContainer`: as wide as the
    /// view's bounds less the side insets, its height unlimited, with 5 points of line padding.
    public var textContainer: NSTextContainer { textSystem.container }
}
