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
        let h = Self.historySize
        // The usable samples, newest first, in scratch on the stack: τ, x and y, and room for
        // the fit's columns (see `QuadraticFit.slopes`).
        return samples.withUnsafeBufferPointer { ring in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: QuadraticFit.scratchColumns * h) { scratch in
                let base = scratch.baseAddress!
                let newestSample = ring[newest]
                let last = ring.count - 1
                var n = 0
                var index = newest
                var previousMicros = newestSample.micros
                while n <= last {
                    let s = ring[index]
                    let age = newestSample.micros - s.micros
                    let gap = previousMicros - s.micros
                    if age > Self.horizonMicroseconds || abs(gap) > Self.assumeStoppedMicroseconds { break }
                    previousMicros = s.micros
                    // Milliseconds balance the columns of the fit (1, τ, τ²) better than seconds;
                    // positions relative to the newest make a resting finger fit exactly zero and
                    // lose no digits to large coordinates.
                    base[n] = (s.t - newestSample.t) * 1000
                    base[h + n] = s.position.x - newestSample.position.x
                    base[2 * h + n] = s.position.y - newestSample.position.y
                    n += 1
                    index = index == 0 ? last : index - 1
                }
                guard n >= Self.minimumSampleCount else { return .zero }
                guard let (vx, vy) = QuadraticFit.slopes(tau: base, x: base + h, y: base + 2 * h, count: n, scratch: base + 3 * h, stride: h) else {
                    return .zero
                }
                // Points per millisecond to points per second.
                return Point(x: vx * 1000, y: vy * 1000)
            }
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
    /// Columns of `historySize` doubles a caller of `slopes` provides: τ, x, y, and scratch.
    static let scratchColumns = 6

    /// The linear coefficients a1 of the two fits (the derivatives at τ = 0), or nil when the fit
    /// is singular: fewer than three distinct times. `scratch` has room for three columns of
    /// `stride` doubles, where τ², then the τ and τ² columns less their means, are kept from one
    /// pass to the next rather than computed again.
    static func slopes(tau: UnsafeMutablePointer<Double>, x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>,
                       count n: Int, scratch: UnsafeMutablePointer<Double>, stride: Int) -> (Double, Double)? {
        let square = scratch
        let column1 = scratch + stride
        let column2 = scratch + 2 * stride
        // Pass 1: distinct times, and the means of τ and τ² (projecting on the constant column).
        let first = tau[0]
        var second = tau[0]
        var distinct = 1
        var sum1 = 0.0
        var sum2 = 0.0
        for i in 0..<n {
            let t = tau[i]
            let tt = t * t
            square[i] = tt
            sum1 += t
            sum2 += tt
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
            let c2 = square[i] - mean2
            column1[i] = c1
            column2[i] = c2
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
            let c2 = column2[i] - along * column1[i]
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
