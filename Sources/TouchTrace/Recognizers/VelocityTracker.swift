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

    private var samples: [Sample] = []
    /// Index of the newest sample in the ring `samples`.
    private var newest = -1

    public init() {}

    /// Whole microseconds of a time in seconds, for the horizon and gap comparisons (so that a
    /// gap of exactly 40 ms is not a stop whatever the binary rounding of the times).
    @inline(__always) static func microseconds(_ t: Double) -> Int64 {
        Int64((t * 1_000_000).rounded())
    }

    /// Adds a sample: time in seconds, position in points.
    public mutating func add(t: Double, position: Point) {
        let sample = Sample(t: t, micros: Self.microseconds(t), position: position)
        if samples.count < Self.historySize {
            samples.append(sample)
            newest = samples.count - 1
        } else {
            newest = (newest + 1) % Self.historySize
            samples[newest] = sample
        }
    }

    public mutating func removeAll() {
        samples.removeAll(keepingCapacity: true)
        newest = -1
    }

    /// Time of the newest sample, in seconds.
    public var newestTime: Double? { newest >= 0 ? samples[newest].t : nil }

    /// The velocity at the newest sample, in points per second; zero with fewer than three
    /// usable samples or when the fit is singular.
    public func velocity() -> Point {
        guard newest >= 0 else { return .zero }
        let newestSample = samples[newest]
        // The usable samples, newest first, in scratch on the stack: τ, x and y.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * Self.historySize) { scratch in
            let h = Self.historySize
            var n = 0
            var index = newest
            var previousMicros = newestSample.micros
            for _ in 0..<samples.count {
                let s = samples[index]
                let age = newestSample.micros - s.micros
                let gap = previousMicros - s.micros
                if age > Self.horizonMicroseconds || abs(gap) > Self.assumeStoppedMicroseconds { break }
                previousMicros = s.micros
                // Milliseconds balance the columns of the fit (1, τ, τ²) better than seconds;
                // positions relative to the newest make a resting finger fit exactly zero and
                // lose no digits to large coordinates.
                scratch[n] = (s.t - newestSample.t) * 1000
                scratch[h + n] = s.position.x - newestSample.position.x
                scratch[2 * h + n] = s.position.y - newestSample.position.y
                n += 1
                index = index == 0 ? samples.count - 1 : index - 1
            }
            guard n >= Self.minimumSampleCount else { return .zero }
            let base = scratch.baseAddress!
            guard let (vx, vy) = QuadraticFit.slopes(tau: base, x: base + h, y: base + 2 * h, count: n) else { return .zero }
            // Points per millisecond to points per second.
            return Point(x: vx * 1000, y: vy * 1000)
        }
    }

    /// The velocity when the gesture ends at time `t`: zero if the finger had stopped (the end
    /// comes more than 40 ms after the newest sample), else `velocity()`.
    public func velocity(endingAt t: Double) -> Point {
        guard newest >= 0 else { return .zero }
        if Self.microseconds(t) - samples[newest].micros > Self.assumeStoppedMicroseconds { return .zero }
        return velocity()
    }
}

/// Unweighted least-squares quadratics a0 + a1·τ + a2·τ² through (τ, x) and (τ, y), solved by a
/// QR decomposition of the columns 1, τ, τ² (modified Gram–Schmidt): better conditioned than the
/// normal equations when samples are close together. Three passes over the samples.
enum QuadraticFit {
    /// The linear coefficients a1 of the two fits (the derivatives at τ = 0), or nil when the fit
    /// is singular: fewer than three distinct times.
    static func slopes(tau: UnsafeMutablePointer<Double>, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                       count n: Int) -> (Double, Double)? {
        // Pass 1: distinct times, and the means of τ and τ² (projecting on the constant column).
        let first = tau[0]
        var second = tau[0]
        var distinct = 1
        var sum1 = 0.0
        var sum2 = 0.0
        for i in 0..<n {
            let t = tau[i]
            sum1 += t
            sum2 += t * t
            if distinct < 3 && t != first && t != second {
                if distinct == 1 { second = t }
                distinct += 1
            }
        }
        guard distinct >= 3 else { return nil }
        let mean1 = sum1 / Double(n)
        let mean2 = sum2 / Double(n)
        // Pass 2: the τ column less its mean (c1), and its products with the τ² column (c2).
        var s11 = 0.0
        var s12 = 0.0
        var c1x = 0.0
        var c1y = 0.0
        for i in 0..<n {
            let c1 = tau[i] - mean1
            let c2 = tau[i] * tau[i] - mean2
            s11 += c1 * c1
            s12 += c1 * c2
            c1x += c1 * x[i]
            c1y += c1 * y[i]
        }
        let r11 = s11.squareRoot()
        guard r11 > 0, r11.isFinite else { return nil }
        // c2 less its part along c1: c2' = c2 − (s12 / s11)·c1; r12 = s12 / r11.
        let along = s12 / s11
        // Pass 3: the orthogonalized τ² column, its length and products.
        var s22 = 0.0
        var c2x = 0.0
        var c2y = 0.0
        for i in 0..<n {
            let c1 = tau[i] - mean1
            let c2 = (tau[i] * tau[i] - mean2) - along * c1
            s22 += c2 * c2
            c2x += c2 * x[i]
            c2y += c2 * y[i]
        }
        guard s22 > 0, s22.isFinite else { return nil }
        let r12 = s12 / r11
        // Back substitution: a2 = z2 / r22 = (c2'·v) / s22, a1 = (z1 − r12·a2) / r11.
        let a2x = c2x / s22
        let a2y = c2y / s22
        let a1x = (c1x / r11 - r12 * a2x) / r11
        let a1y = (c1y / r11 - r12 * a2y) / r11
        guard a1x.isFinite, a1y.isFinite else { return nil }
        // `+ 0` turns a negative zero into zero.
        return (a1x + 0, a1y + 0)
    }
}
