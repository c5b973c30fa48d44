/// Estimates a gesture's velocity from its recent samples the way Flutter's `VelocityTracker`
/// and Android's `lsq2` strategy do: a least-squares quadratic through the recent positions,
/// whose slope at the newest sample is the velocity.
public struct VelocityTracker: Sendable {
    /// Samples kept: the newest 20 (Flutter's `_historySize`).
    public static let historySize = 20
    /// Samples older than this, relative to the newest, are not used: 100 ms, in microseconds
    /// (Flutter's `_horizonMilliseconds`).
    public static let horizonMicroseconds: Int64 = 100_000
    /// A gap between samples longer than this means the pointer had stopped: 40 ms, in
    /// microseconds (Flutter's `_assumePointerMoveStoppedMilliseconds`).
    public static let assumeStoppedMicroseconds: Int64 = 40_000
    /// Fewer samples than this give no estimate (velocity 0).
    public static let minimumSampleCount = 3

    struct Sample: Sendable {
        var t: Double
        var micros: Int64
        var position: Point
    }

    /// The newest `count` samples, a ring of `historySize` kept twice over: slot i is written at
    /// i and at i + `historySize`, and each new sample takes the slot below the one before, so
    /// the samples from the newest back are always at ascending places, `newest` first: a
    /// plain slice of the array, read in order. Empty until the first sample.
    private var samples: [Sample] = []
    /// Index of the newest sample in the ring (less than `historySize`), or −1.
    private var newest = -1
    /// How many samples the ring holds (at most `historySize`).
    private var count = 0
    /// How many samples, from the newest back, follow one another with no stop between
    /// neighbours (no gap over `assumeStoppedMicroseconds`): kept as each sample comes, so that
    /// `velocity()` tests only their age. At most `count`.
    private var unbroken = 0
    /// How many samples, from the newest back, are in time order: each (in whole microseconds)
    /// at or before the one after it. At most `count`.
    private var ordered = 0
    /// How many of the `ordered` samples, from the newest back, are within the horizon of the
    /// newest (at most `horizonMicroseconds` older). Being in time order, these are the first
    /// ones and the rest of the `ordered` are all past the horizon: kept as each sample comes
    /// (a sample past the horizon stays past it as newer ones come), so that `velocity()`
    /// need not test the samples' ages. At least 1 once there is a sample.
    private var recent = 0

    public init() {}

    /// Whole microseconds of a time in seconds, for the horizon and gap comparisons (so that a
    /// gap of exactly 40 ms is not a stop whatever the binary rounding of the times).
    static func microseconds(_ t: Double) -> Int64 {
        // `Int64(x.rounded())` (to nearest, halves away from zero) without a call into the math
        // library at every sample: the whole part, then the fraction, which `x - whole` gives
        // exactly, decides. Any x the conversion refuses, it refuses either way.
        let x = t * 1_000_000
        let whole = Int64(x)
        let fraction = x - Double(whole)
        if fraction >= 0.5 { return whole + 1 }
        if fraction <= -0.5 { return whole - 1 }
        return whole
    }

    /// Adds a sample: time in seconds, position in points.
    public mutating func add(t: Double, position: Point) {
        let sample = Sample(t: t, micros: Self.microseconds(t), position: position)
        // Made from a repeated element rather than by `Array(repeating:count:)`, whose storage
        // the standard library allocates in code not specialized for the element type, looking
        // the type up at run time at every call (once per gesture).
        if samples.isEmpty { samples = Array(repeatElement(sample, count: 2 * Self.historySize)) }
        if newest >= 0 {
            let before = samples[newest].micros
            // The gap to the sample before, as `velocity()` would measure it walking back.
            if abs(sample.micros - before) <= Self.assumeStoppedMicroseconds {
                if unbroken < Self.historySize { unbroken += 1 }
            } else {
                unbroken = 1
            }
            if sample.micros >= before {
                // The order goes on. A sample the previous newest found past the horizon is
                // past this one's too (its horizon begins no earlier), so the recent ones are
                // at most those before and this one: the count is trimmed below.
                if ordered < Self.historySize { ordered += 1 }
                recent = min(recent + 1, ordered)
            } else {
                ordered = 1
                recent = 1
            }
        } else {
            unbroken = 1
            ordered = 1
            recent = 1
        }
        let slot = newest <= 0 ? Self.historySize - 1 : newest - 1
        newest = slot
        // Both places written in one go: the ring's storage checked for sole ownership once.
        samples.withRowInPlace { ring in
            ring[slot] = sample
            ring[slot + Self.historySize] = sample
        }
        if count < Self.historySize { count += 1 }
        // In time order, the samples past the horizon are the oldest of the recent ones: taken
        // off from that end. The newest is its own age, within the horizon: the count stays 1
        // or more.
        let oldest = sample.micros - Self.horizonMicroseconds
        while samples[slot + recent - 1].micros < oldest { recent -= 1 }
    }

    public mutating func removeAll() {
        newest = -1
        count = 0
        unbroken = 0
        ordered = 0
        recent = 0
    }

    /// Time of the newest sample, in seconds.
    public var newestTime: Double? { newest >= 0 ? samples[newest].t : nil }

    /// The velocity at the newest sample, in points per second; zero with fewer than three
    /// usable samples or when the fit is singular — or, `fromTwoSamples`, with exactly two
    /// usable samples their displacement over their time (SPEC 17: a pan's velocity at `began`
    /// once the touch has moved, in version 2 and TouchTraceUIKit; zero if they share a time).
    public func velocity(fromTwoSamples: Bool = false) -> Point {
        guard newest >= 0 else { return .zero }
        let newestSample = samples[newest]
        // The samples taken are those at `newest ..< end`: the newest (always: it is its own
        // age), then back to the first stop (`unbroken`) or to the first past the horizon,
        // read by index from the ring (a slice of it would count a reference to its storage up
        // and down at every call). Found before the fit, so that its first pass below runs a
        // known number of times with no test that may end it early.
        let end: Int
        if unbroken <= ordered {
            // In time order: the first past the horizon is the one after the `recent`.
            end = newest + min(unbroken, recent)
        } else {
            // Out of order: walked, on the whole microseconds alone. A sample is past the
            // horizon when it is older than `oldest` (the same test as `newest − sample >
            // horizon`, one subtraction for the whole walk).
            let limit = newest + unbroken
            let oldest = newestSample.micros - Self.horizonMicroseconds
            var next = newest + 1
            while next < limit && samples[next].micros >= oldest { next += 1 }
            end = next
        }
        let taken = end - newest
        if fromTwoSamples && taken == 2 {
            // The walk took the newest and the one before it.
            let older = samples[newest + 1]
            let dt = newestSample.t - older.t
            guard dt > 0 else { return .zero }
            return Point(x: (newestSample.position.x - older.position.x) / dt, y: (newestSample.position.y - older.position.y) / dt)
        }
        guard taken >= Self.minimumSampleCount else { return .zero }
        // The fit's values for the samples it takes, written once in its first pass and read
        // by the later ones (see `QuadraticFit`).
        return PinnedScratch.with(capacity: Self.historySize) { rows in
            // The fit's first pass: each sample's row, and the sums of τ and τ² from zero,
            // newest first.
            var sums = SIMD2<Double>.zero
            for i in newest ..< end {
                let row = QuadraticFit.Row(samples[i], newest: newestSample)
                rows.append(row)
                sums += row.times
            }
            guard let v = QuadraticFit.slopes(rows, sums: sums) else { return .zero }
            // Points per millisecond to points per second.
            return Point(x: v.x * 1000, y: v.y * 1000)
        }
    }

    /// The velocity when the gesture ends at time `t`: zero if the finger had stopped (the end
    /// comes more than 40 ms after the newest sample), else `velocity()`.
    public func velocity(endingAt t: Double, fromTwoSamples: Bool = false) -> Point {
        guard newest >= 0 else { return .zero }
        if Self.microseconds(t) - samples[newest].micros > Self.assumeStoppedMicroseconds { return .zero }
        return velocity(fromTwoSamples: fromTwoSamples)
    }
}

/// Unweighted least-squares quadratics a0 + a1·τ + a2·τ² through (τ, x) and (τ, y), solved by a
/// QR decomposition of the columns 1, τ, τ² (modified Gram–Schmidt): better conditioned than the
/// normal equations when samples are close together. Three passes over the samples, the first
/// made by the caller as it gathers them, writing each sample's `Row` (τ, τ² and position) once
/// into a row of scratch that the later passes read, and summing τ and τ² (for the means:
/// projecting on the constant column).
///
/// Pairs of doubles that go through the same steps are computed as the two lanes of a `SIMD2`:
/// x and y, τ and τ², and the two centred columns. Each lane's additions, multiplications and
/// divisions are those of the scalar formula, in the same order, so every result is the same
/// double.
enum QuadraticFit {
    /// One sample's values in the fit, computed once in the first pass.
    struct Row {
        /// The sample's (τ, τ²): its time relative to the newest, in milliseconds, and its
        /// square. Milliseconds balance the columns of the fit (1, τ, τ²) better than seconds.
        var times: SIMD2<Double>
        /// The sample's (x, y) relative to the newest, in points: a resting finger fits
        /// exactly zero, and large coordinates lose no digits.
        var position: SIMD2<Double>

        /// A row of the given values: (τ, τ²) in milliseconds and milliseconds squared, (x, y)
        /// in points.
        init(times: SIMD2<Double>, position: SIMD2<Double>) {
            self.times = times
            self.position = position
        }

        /// The values of sample `s` in a fit whose newest sample is `newest`.
        init(_ s: VelocityTracker.Sample, newest: VelocityTracker.Sample) {
            let t = (s.t - newest.t) * 1000
            times = SIMD2(t, t * t)
            position = SIMD2(s.position.x, s.position.y) - SIMD2(newest.position.x, newest.position.y)
        }
    }

    /// Whether the rows hold at least three distinct times τ (else the fit is singular). The
    /// rows are read from the newest until the third distinct time, which is most often the
    /// third row; a τ that is not a number is distinct from every other, as `!=` has it.
    static func hasThreeDistinctTimes(_ rows: PinnedScratch<Row>) -> Bool {
        let first = rows[0].times.x
        // Most often the first three rows answer at once (three rows or more are fitted).
        if rows.count >= 3 {
            let (t1, t2) = (rows[1].times.x, rows[2].times.x)
            if t1 != first && t2 != first && t2 != t1 { return true }
        }
        var second = first
        var distinct = 1
        var k = 1
        while k < rows.count {
            let t = rows[k].times.x
            if t != first && t != second {
                if distinct == 2 { return true }
                second = t
                distinct = 2
            }
            k += 1
        }
        return false
    }

    /// The linear coefficients a1 of the two fits (the derivatives at τ = 0) as (x, y), or nil
    /// when the fit is singular: fewer than three distinct times. The fit is through the values
    /// of `rows` (at least one), newest first; `sums` are Σ τ and Σ τ² over them, added in
    /// that order from zero.
    static func slopes(_ rows: PinnedScratch<Row>, sums: SIMD2<Double>) -> SIMD2<Double>? {
        let n = rows.count
        guard hasThreeDistinctTimes(rows) else { return nil }
        let means = sums / Double(n)
        // Pass 2: the τ and τ² columns less their means (c1, c2), Σ c1·c1 and Σ c1·c2, and the
        // products of c1 with x and y.
        var s1 = SIMD2<Double>.zero
        var c1v = SIMD2<Double>.zero
        for i in 0 ..< n {
            let row = rows[i]
            let c = row.times - means
            s1 += c.x * c
            c1v += c.x * row.position
        }
        let s11 = s1.x
        let s12 = s1.y
        let r11 = s11.squareRoot()
        guard r11 > 0, r11.isFinite else { return nil }
        // c2 less its part along c1: c2' = c2 − (s12 / s11)·c1; r12 = s12 / r11.
        let along = s12 / s11
        // Pass 3: the orthogonalized τ² column, its length and products with x and y.
        var s22 = 0.0
        var c2v = SIMD2<Double>.zero
        for i in 0 ..< n {
            let row = rows[i]
            // c1 and c2 again: the same doubles as in pass 2.
            let c = row.times - means
            let c2 = c.y - along * c.x
            s22 += c2 * c2
            c2v += c2 * row.position
        }
        guard s22 > 0, s22.isFinite else { return nil }
        let r12 = s12 / r11
        // Back substitution: a2 = z2 / r22 = (c2'·v) / s22, a1 = (z1 − r12·a2) / r11.
        let a2 = c2v / s22
        let a1 = (c1v / r11 - r12 * a2) / r11
        guard a1.x.isFinite, a1.y.isFinite else { return nil }
        // `+ 0` turns a negative zero into zero.
        return a1 + 0
    }
}
