import TouchTrace
import TouchTraceUIKit

extension ScreenType {
    /// `photo` for fixture folders (`{"screen": "photo"}`): a fresh `PhotoViewController`'s view
    /// for every replay, with its card, photo, recognizers, handlers and delegate.
    ///
    /// The first use tells touchtrace how to call the controller's four actions by selector
    /// (`UIGestureRecognizer.registerAction`), which `#selector` and the Objective-C runtime do
    /// on iOS.
    public static let photo: ScreenType = {
        UIGestureRecognizer.registerAction(.handlePan, for: PhotoViewController.self) { controller, sender in
            controller.handlePan(sender as! UIPanGestureRecognizer)
        }
        UIGestureRecognizer.registerAction(.handlePinch, for: PhotoViewController.self) { controller, sender in
            controller.handlePinch(sender as! UIPinchGestureRecognizer)
        }
        UIGestureRecognizer.registerAction(.handleRotation, for: PhotoViewController.self) { controller, sender in
            controller.handleRotation(sender as! UIRotationGestureRecognizer)
        }
        UIGestureRecognizer.registerAction(.handleSwipe, for: PhotoViewController.self) { controller, sender in
            controller.handleSwipe(sender as! UISwipeGestureRecognizer)
        }
        return .uiKit("photo", summary: "a photo screen: drag the card, pinch and turn the photo, swipe down to dismiss") {
            PhotoViewController()
        }
    }()

    /// `stickers` for fixture folders (`{"screen": "stickers"}`): a fresh
    /// `StickerBoardViewController`'s view for every replay — a board whose tap puts a sticker,
    /// with a pan of its own, where it was tapped.
    public static let stickers: ScreenType = {
        UIGestureRecognizer.registerAction(.handleBoardTap, for: StickerBoardViewController.self) { controller, sender in
            controller.handleBoardTap(sender as! UITapGestureRecognizer)
        }
        UIGestureRecognizer.registerAction(.handleStickerPan, for: StickerBoardViewController.self) { controller, sender in
            controller.handleStickerPan(sender as! UIPanGestureRecognizer)
        }
        return .uiKit("stickers", summary: "a sticker board: a tap puts a sticker there, with a pan that drags it") {
            StickerBoardViewController()
        }
    }()
}
