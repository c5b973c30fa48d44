import Foundation

// Layers compared by identity, layers put below or above others, a view's mask view, the
// transition from one view to another, a slider's thumb images, and notifications sent to a
// selector: what real gesture code calls around its touches.

extension CALayer: Equatable, Hashable {
    /// Whether `lhs` and `rhs` are the same layer, as `NSObject`'s `==` is for Core Animation's
    /// layers (identity): code asks `selectedLayers.contains(layer)`.
    public static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }
    /// Hashes the layer's identity, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension CALayer {
    /// Puts `layer` among the sublayers just behind `sibling`, as Core Animation's
    /// `insertSublayer(_:below:)`: `layer` leaves its superlayer first; when `sibling` is nil or
    /// not a sublayer of this one, `layer` goes to the back (index 0).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        let index = sibling.flatMap { sibling in list.firstIndex { $0 === sibling } } ?? 0
        list.insert(layer, at: index)
        sublayers = list
    }

    /// Puts `layer` among the sublayers just in front of `sibling`, as Core Animation's
    /// `insertSublayer(_:above:)`: `layer` leaves its superlayer first; when `sibling` is nil or
    /// not a sublayer of this one, `layer` goes to the front (the end of `sublayers`).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        let index = sibling.flatMap { sibling in list.firstIndex { $0 === sibling } }.map { $0 + 1 } ?? list.count
        list.insert(layer, at: index)
        sublayers = list
    }
}

/// Values UIKit keeps in its objects for the API of this file, kept here among the object's
/// associated values (released with the object) under keys of their own.
enum KeptInObject {
    /// A key: its identity, a heap address, cannot be the address of a variable that code
    /// passes to `objc_setAssociatedObject`, so the two never meet.
    final class Key: Sendable {
        var identity: Int { Int(bitPattern: ObjectIdentifier(self)) }
    }
    /// A view's mask view.
    static let mask = Key()
    /// A slider's thumb images by state.
    static let thumbImages = Key()

    /// The value kept on `object` under `key` (nil when none is).
    static func value(of object: AnyObject, _ key: Key) -> Any? {
        AssociatedValues.withValues(of: object, making: false) { $0?.byKey[key.identity]?.value }
    }

    /// Keeps `value` (strongly) on `object` under `key`; nil removes it.
    static func set(_ value: Any?, of object: AnyObject, _ key: Key) {
        let released = AssociatedValues.withValues(of: object, making: value != nil) { values -> AssociatedValue? in
            guard let values else { return nil }
            if let value { return values.byKey.updateValue(.strong(value), forKey: key.identity) }
            return values.byKey.removeValue(forKey: key.identity)
        }
        _ = released  // Let go here, outside the lock.
    }
}

extension UIView {
    /// A view whose opacity masks this one (nil), as UIKit's `mask`: kept, nothing is drawn.
    /// As on a device it changes neither hit testing nor the touches this view gets; the mask
    /// view is not a subview and gets no touches.
    public var mask: UIView? {
        get { KeptInObject.value(of: self, KeptInObject.mask) as? UIView }
        set { KeptInObject.set(newValue, of: self, KeptInObject.mask) }
    }

    /// Replaces `fromView` by `toView`, as UIKit's `transition(from:to:duration:options:completion:)`,
    /// at once (touchtrace runs animations at once; `duration` in seconds is not waited for):
    /// with `.showHideTransitionViews` in `options`, `fromView` is hidden and `toView` shown;
    /// without it, `toView` is put in `fromView`'s superview just above it and `fromView` is
    /// removed from its superview. Then `completion` runs with true once `duration` seconds have passed
    /// (in a replay on its timeline, as `animate(withDuration:…)`'s). The flip or curl the
    /// options ask for is not drawn.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        if options.contains(.showHideTransitionViews) {
            fromView.isHidden = true
            toView.isHidden = false
        } else if fromView !== toView {
            if let superview = fromView.superview {
                superview.insertSubview(toView, aboveSubview: fromView)
            }
            fromView.removeFromSuperview()
        }
        complete(after: duration, completion)
    }
}

extension UISlider {
    /// Sets the thumb's image for `state`, as UIKit's `setThumbImage(_:for:)`: kept, nothing is
    /// drawn. It does not change the thumb's rect touchtrace tracks with (its fixed 28-point
    /// thumb, see the type's documentation), so a custom thumb's size does not matter here.
    public func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
        var images = KeptInObject.value(of: self, KeptInObject.thumbImages) as? [UInt: UIImage] ?? [:]
        images[state.rawValue] = image
        KeptInObject.set(images.isEmpty ? nil : images, of: self, KeptInObject.thumbImages)
    }

    /// The thumb's image for `state` set by `setThumbImage(_:for:)` (nil when none was).
    public func thumbImage(for state: UIControl.State) -> UIImage? {
        (KeptInObject.value(of: self, KeptInObject.thumbImages) as? [UInt: UIImage])?[state.rawValue]
    }

    /// The thumb's image for the slider's present state, else for `.normal` (nil when none).
    public var currentThumbImage: UIImage? {
        thumbImage(for: state) ?? thumbImage(for: .normal)
    }
}

// Core Animation's timing-curve and fill-mode names under their Swift 4 spelling (before Swift
// 4.2 gave them types), as code of that time writes `CAMediaTimingFunction(name:
// kCAMediaTimingFunctionEaseInEaseOut)` and `animation.fillMode = kCAFillModeForwards`.

/// `CAMediaTimingFunctionName.linear` under its Swift 4 name.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// `CAMediaTimingFunctionName.easeIn` under its Swift 4 name.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// `CAMediaTimingFunctionName.easeOut` under its Swift 4 name.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// `CAMediaTimingFunctionName.easeInEaseOut` under its Swift 4 name.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// `CAMediaTimingFunctionName.default` under its Swift 4 name.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default
/// `CAMediaTimingFillMode.forwards` under its Swift 4 name.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// `CAMediaTimingFillMode.backwards` under its Swift 4 name.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// `CAMediaTimingFillMode.both` under its Swift 4 name.
public let kCAFillModeBoth = CAMediaTimingFillMode.both
/// `CAMediaTimingFillMode.removed` under its Swift 4 name.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
