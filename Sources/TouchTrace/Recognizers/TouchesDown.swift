/// The touches a recognizer follows, in the order they touched down: where each touched down
/// and where it is now (view coordinates). A handful at most, so a plain array.
struct TouchesDown: Sendable {
    struct Entry: Sendable {
        var serial: Int
        /// Where it touched down, in points.
        var start: Point
        /// Where it is now, in points.
        var location: Point
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    func index(of touch: ViewTouch) -> Int? { entries.firstIndex { $0.serial == touch.serial } }

    func contains(_ touch: ViewTouch) -> Bool { index(of: touch) != nil }

    mutating func add(_ touch: ViewTouch) {
        entries.append(Entry(serial: touch.serial, start: touch.location, location: touch.location))
    }

    /// Moves the touch if it is followed; returns how far it is from where it touched down.
    @discardableResult
    mutating func move(_ touch: ViewTouch) -> Double? {
        guard let i = index(of: touch) else { return nil }
        entries[i].location = touch.location
        return (touch.location - entries[i].start).length
    }

    /// Stops following the touch; returns whether it was followed.
    @discardableResult
    mutating func remove(_ touch: ViewTouch) -> Bool {
        guard let i = index(of: touch) else { return false }
        entries.remove(at: i)
        return true
    }

    /// Stops following the touch of `serial`; returns whether it was followed.
    @discardableResult
    mutating func remove(serial: Int) -> Bool {
        guard let i = entries.firstIndex(where: { $0.serial == serial }) else { return false }
        entries.remove(at: i)
        return true
    }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// The centroid of where the touches are now (zero when there are none): their locations
    /// summed in order from zero, each sum divided by the count. Read where they lie (gathering
    /// them into an array first cost an allocation at every move).
    var centroid: Point {
        guard !entries.isEmpty else { return .zero }
        var sum = Point.zero
        for entry in entries { sum = sum + entry.location }
        return Point(x: sum.x / Double(entries.count), y: sum.y / Double(entries.count))
    }

    /// The centroid of where the touches touched down (as `centroid`).
    var startCentroid: Point {
        guard !entries.isEmpty else { return .zero }
        var sum = Point.zero
        for entry in entries { sum = sum + entry.start }
        return Point(x: sum.x / Double(entries.count), y: sum.y / Double(entries.count))
    }
}

/// A duration or time for failure reasons: `0.35 s`, up to four decimals.
func secondsText(_ t: Double) -> String { "\(compactNumber(t)) s" }

/// A distance for failure reasons: `12.5 points`, up to four decimals.
func pointsText(_ d: Double) -> String { "\(compactNumber(d)) points" }
