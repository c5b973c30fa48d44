// Text input as gesture code meets it: the protocols of objects that take typed text, and a
// custom keyboard's controller (`UIInputViewController`, whose keys are buttons and views with
// their own touches and recognizers). A replay has no text field being edited and no other
// keyboards, so the controller's document is its own proxy, which keeps what the keys type
// (docs/own-gesture-code.md, "UIKit that compiles and what it does here").

/// An object that takes typed text, as `UIKeyInput`.
public protocol UIKeyInput: AnyObject {
    /// Whether it holds any text.
    var hasText: Bool { get }
    /// Types `text` at the insertion point.
    func insertText(_ text: String)
    /// Deletes the character before the insertion point.
    func deleteBackward()
}

/// An object whose text can be read and edited by position, as `UITextInput`: here only its
/// typing part (`UIKeyInput`).
public protocol UITextInput: UIKeyInput {}

/// The document a custom keyboard types into, as `UITextDocumentProxy`.
public protocol UITextDocumentProxy: UIKeyInput {
    /// The text before the insertion point (nil when none).
    var documentContextBeforeInput: String? { get }
    /// The text after the insertion point (nil when none).
    var documentContextAfterInput: String? { get }
    /// Moves the insertion point by `offset` characters.
    func adjustTextPosition(byCharacterOffset offset: Int)
}

/// The document of a keyboard in a replay: a string, the insertion point at its end unless
/// moved, kept so that a test can read what the keys typed.
public final class KeptTextDocument: UITextDocumentProxy {
    /// The whole text.
    public private(set) var text = ""
    /// The insertion point, in characters from the start.
    public private(set) var insertionPoint = 0
    init() {}
    /// Whether there is any text.
    public var hasText: Bool { !text.isEmpty }
    /// Inserts `text` at the insertion point, which moves after it.
    public func insertText(_ text: String) {
        let at = self.text.index(self.text.startIndex, offsetBy: insertionPoint)
        self.text.insert(contentsOf: text, at: at)
        insertionPoint += text.count
    }
    /// Deletes the character before the insertion point (nothing at the start).
    public func deleteBackward() {
        guard insertionPoint > 0 else { return }
        let at = text.index(text.startIndex, offsetBy: insertionPoint - 1)
        text.remove(at: at)
        insertionPoint -= 1
    }
    /// The text before the insertion point (nil when it is at the start).
    public var documentContextBeforeInput: String? {
        insertionPoint == 0 ? nil : String(text.prefix(insertionPoint))
    }
    /// The text after the insertion point (nil when it is at the end).
    public var documentContextAfterInput: String? {
        insertionPoint == text.count ? nil : String(text.dropFirst(insertionPoint))
    }
    /// Moves the insertion point by `offset` characters, kept within the text.
    public func adjustTextPosition(byCharacterOffset offset: Int) {
        insertionPoint = Swift.min(Swift.max(0, insertionPoint + offset), text.count)
    }
}

/// A view for a keyboard's or accessory's keys, as `UIInputView`: a view like any other here.
open class UIInputView: UIView {
    /// The look of an input view, as `UIInputView.Style`.
    public enum Style: Int, Sendable {
        /// Plain.
        case `default`
        /// As the system keyboard.
        case keyboard
    }
    /// The look (kept).
    public let inputViewStyle: Style
    /// An input view with this frame and look.
    public init(frame: CGRect, inputViewStyle: Style) {
        self.inputViewStyle = inputViewStyle
        super.init(frame: frame)
    }
    /// An input view of the default look.
    public override init(frame: CGRect) {
        inputViewStyle = .default
        super.init(frame: frame)
    }
    /// Nil: touchtrace has no archives.
    public required init?(coder: NSCoder) { nil }
}

/// A custom keyboard's controller, as `UIInputViewController`: its view holds the keys (their
/// touches, recognizers and actions replay as any screen's), and what they type goes to
/// `textDocumentProxy`, a `KeptTextDocument`. There is no other keyboard to switch to and no
/// app's text to observe, so `advanceToNextInputMode()` does nothing and the `text…Change`
/// methods are never called.
open class UIInputViewController: UIViewController {
    private let document = KeptTextDocument()
    /// The document the keys type into: a `KeptTextDocument` (see the type's documentation).
    open var textDocumentProxy: UITextDocumentProxy { document }
    /// The view of the keys (nil): kept; the controller's `view` is what a replay uses.
    open var inputView: UIInputView?
    /// Whether the keyboard has full access (false, the setting's default).
    open var hasFullAccess: Bool { false }
    /// Whether the keyboard should show a key to switch keyboards (true: touchtrace's fixed
    /// value; UIKit's answer depends on the device, which a replay does not know).
    open var needsInputModeSwitchKey: Bool { true }
    /// Switches to the next keyboard: there is none, nothing happens.
    open func advanceToNextInputMode() {}
    /// Hides the keyboard: kept (nothing is shown).
    open func dismissKeyboard() {}
    /// The app's text is about to change: never called (no app text in a replay).
    open func textWillChange(_ textInput: UITextInput?) {}
    /// The app's text changed: never called.
    open func textDidChange(_ textInput: UITextInput?) {}
    /// The app's selection is about to change: never called.
    open func selectionWillChange(_ textInput: UITextInput?) {}
    /// The app's selection changed: never called.
    open func selectionDidChange(_ textInput: UITextInput?) {}
}
