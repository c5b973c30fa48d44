#if canImport(UIKit)
import UIKit
#else
import TouchTraceUIKit
#endif

/// A sticker board as an app writes one: a tap on the board puts a sticker there (a new view,
/// 100 × 100 points, centered on the tap) with a pan of its own that drags it. The stickers and
/// their pans are made while the screen is in use, not when it is built: touchtrace gives each
/// pan the touches that begin on its sticker from the next touch on. Written for iOS;
/// touchtrace runs it unchanged.
final class StickerBoardViewController: UIViewController {
    /// The stickers put on the board, first first.
    private(set) var stickers: [UIView] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "board"
        let tap = UITapGestureRecognizer(target: self, action: .handleBoardTap)
        view.addGestureRecognizer(tap)
    }

    /// Puts a sticker where the board was tapped, with a pan that drags it.
    #if canImport(UIKit)
    @objc
    #endif
    func handleBoardTap(_ sender: UITapGestureRecognizer) {
        let at = sender.location(in: view)
        let sticker = UIView(frame: CGRect(x: at.x - 50, y: at.y - 50, width: 100, height: 100))
        sticker.accessibilityIdentifier = "sticker"
        sticker.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: .handleStickerPan))
        view.addSubview(sticker)
        stickers.append(sticker)
    }

    /// Moves the sticker with the finger: the translation since the last call, then back to zero.
    #if canImport(UIKit)
    @objc
    #endif
    func handleStickerPan(_ sender: UIPanGestureRecognizer) {
        guard let moved = sender.view, let board = moved.superview else { return }
        let translation = sender.translation(in: board)
        moved.center = CGPoint(x: moved.center.x + translation.x, y: moved.center.y + translation.y)
        sender.setTranslation(.zero, in: board)
    }
}

extension Selector {
    #if canImport(UIKit)
    static let handleBoardTap = #selector(StickerBoardViewController.handleBoardTap(_:))
    static let handleStickerPan = #selector(StickerBoardViewController.handleStickerPan(_:))
    #else
    static let handleBoardTap: Selector = "handleBoardTap:"
    static let handleStickerPan: Selector = "handleStickerPan:"
    #endif
}
