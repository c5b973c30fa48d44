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
        // Scratch for the fit on the stack: τ, x, y and the three columns of Q.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 6 * Self.historySize) { scratch in
            let h = Self.historySize
            var n = 0
            var index = newest
            // Positions are taken relative to the newest one: a resting finger then fits
            // exactly zero, and the fit loses no digits to large coordinates.
            var previousMicros = newestSample.micros
            for _ in 0..<samples.count {
                let s = samples[index]
                let age = newestSample.micros - s.micros
                let gap = previousMicros - s.micros
                if age > Self.horizonMicroseconds || abs(gap) > Self.assumeStoppedMicroseconds { break }
                previousMicros = s.micros
                // Milliseconds balance the columns of the fit (1, τ, τ²) better than seconds.
                scratch[n] = (s.t - newestSample.t) * 1000
                scratch[h + n] = s.position.x - newestSample.position.x
                scratch[2 * h + n] = s.position.y - newestSample.position.y
                n += 1
                index = index == 0 ? samples.count - 1 : index - 1
            }
            guard n >= Self.minimumSampleCount else { return .zero }
            let base = scratch.baseAddress!
            guard let fit = QuadraticFit(tau: base, count: n, q: base + 3 * h, stride: h),
                  let vx = fit.slope(base + h), let vy = fit.slope(base + 2 * h)
            else { return .zero }
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

/// An unweighted least-squares quadratic a0 + a1·τ + a2·τ² over fixed sample times, solved by a
/// QR decomposition (modified Gram–Schmidt) of the columns 1, τ, τ²: better conditioned than the
/// normal equations when samples are close together. Works in caller-provided scratch memory.
struct QuadraticFit {
    private let n: Int
    private let q1: UnsafeMutablePointer<Double>
    private let q2: UnsafeMutablePointer<Double>
    private let r11: Double, r12: Double, r22: Double

    /// Fits over `count` times at `tau`; `q` holds room for two columns `stride` apart.
    /// Nil when the fit is singular: fewer than three distinct times.
    init?(tau: UnsafeMutablePointer<Double>, count n: Int, q: UnsafeMutablePointer<Double>, stride: Int) {
        var first = tau[0]
        var second = tau[0]
        var distinct = 1
        for i in 1..<n where tau[i] != first && tau[i] != second {
            if distinct == 1 {
                second = tau[i]
                distinct = 2
            } else {
                distinct = 3
                break
            }
        }
        guard distinct >= 3 else { return nil }
        self.n = n
        q1 = q
        q2 = q + stride
        // Column 0 is constant: q0 = 1/√n, so projecting on it subtracts the mean.
        var mean1 = 0.0
        var mean2 = 0.0
        for i in 0..<n {
            mean1 += tau[i]
            mean2 += tau[i] * tau[i]
        }
        mean1 /= Double(n)
        mean2 /= Double(n)
        var norm1 = 0.0
        for i in 0..<n {
            let c = tau[i] - mean1
            q1[i] = c
            norm1 += c * c
        }
        let r11 = norm1.squareRoot()
        guard r11 > 0, r11.isFinite else { return nil }
        var r12 = 0.0
        for i in 0..<n {
            q1[i] /= r11
            q2[i] = tau[i] * tau[i] - mean2
            r12 += q1[i] * q2[i]
        }
        var norm2 = 0.0
        for i in 0..<n {
            q2[i] -= r12 * q1[i]
            norm2 += q2[i] * q2[i]
        }
        let r22 = norm2.squareRoot()
        guard r22 > 0, r22.isFinite else { return nil }
        for i in 0..<n { q2[i] /= r22 }
        self.r11 = r11
        self.r12 = r12
        self.r22 = r22
    }

    /// The linear coefficient a1 of the fit to `values` (the derivative at τ = 0).
    func slope(_ values: UnsafeMutablePointer<Double>) -> Double? {
        var z1 = 0.0
        var z2 = 0.0
        for i in 0..<n {
            z1 += q1[i] * values[i]
            z2 += q2[i] * values[i]
        }
        let a2 = z2 / r22
        let a1 = (z1 - r12 * a2) / r11
        // `+ 0` turns a negative zero into zero.
        return a1.isFinite ? a1 + 0 : nil
    }
}
