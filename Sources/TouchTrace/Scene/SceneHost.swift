/// What the code that built a scene does in its replays in place of the engine
/// (`Scene.host`): TouchTraceUIKit's screens built in code hit-test through the views' own
/// `hitTest(_:with:)`, as UIKit's window does, and give the hit views their touches. A scene
/// without one replays as before.
package protocol SceneHost: Sendable {
    /// The view (index in scene order) that the touch `serial` (unique in the replay) beginning
    /// at `p` (the screen's coordinates, points) belongs to for its whole life, or −1 when it
    /// hits no view of the scene. `context` is the replay's, at the event's time.
    func hitTest(_ p: Point, serial: Int, _ context: inout DeliveryContext) -> Int

    /// The recognizers of hit view `v` and of the views it is inside have had `set`, touches of
    /// one phase of the event (0 began, 1 moved, 2 ended, 3 cancelled; locations in `v`'s
    /// coordinates, points): the view's turn, as UIKit's window gives a view its touches after
    /// the recognizers. `context` is the hit view's, at the event's time.
    func touchesDelivered(_ set: TouchSet, phase: Int, hitView v: Int, _ context: inout DeliveryContext)

    /// The event at `context.t` is about to be delivered, its touches hit-tested (those that
    /// began in it have their views): the scene's code gets it, as UIKit's window gets
    /// `sendEvent(_:)`, and calls `deliver` to have it delivered (to recognizers, the hit views'
    /// code and controls; a second call does nothing). `context.eventTouches` holds every touch
    /// the event lists, in its order, located on the screen (points). If `deliver` is not called
    /// nothing of the event is delivered: a touch that began in it is delivered in no later event
    /// either, and one that lifted in it is up, though nothing that had it hears so.
    func sendEvent(_ context: inout DeliveryContext, deliver: () -> Void)
}

extension SceneHost {
    /// Delivers the event as it is.
    package func sendEvent(_ context: inout DeliveryContext, deliver: () -> Void) { deliver() }
}
