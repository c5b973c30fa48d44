// swift-tools-version:6.0
import PackageDescription

// touchtrace has no package dependencies, by design: argument parsing, the JSON reader and the
// line diff are small and live in the library.
let package = Package(
    name: "touchtrace",
    products: [
        .executable(name: "touchtrace", targets: ["touchtrace"]),
        .library(name: "TouchTrace", targets: ["TouchTrace"]),
        .library(name: "TouchTraceCLI", targets: ["TouchTraceCLI"]),
        .library(name: "TouchTraceTesting", targets: ["TouchTraceTesting"]),
        .library(name: "TouchTraceUIKit", targets: ["TouchTraceUIKit"]),
    ],
    targets: [
        .target(name: "TouchTrace"),
        .target(name: "TouchTraceCLI", dependencies: ["TouchTrace"]),
        // assertFixtures for a user's XCTest and Swift Testing tests; both frameworks come with
        // the toolchain.
        .target(name: "TouchTraceTesting", dependencies: ["TouchTrace"]),
        // UIKit-shaped classes (UIGestureRecognizer, UIPanGestureRecognizer, UITouch, ...) so that
        // a recognizer written for UIKit runs in touchtrace with its import changed (SPEC 14).
        .target(name: "TouchTraceUIKit", dependencies: ["TouchTrace"]),
        // Everything is linked in, the Swift runtime and the C and C++ libraries too, so that a
        // run starts in about 2 ms rather than 6 (which counts when a CI job runs touchtrace once
        // per fixture): with no shared library to load, nothing is bound by name as the program
        // starts (binding the C++ library's names took 2.4 million of the 2.8 million
        // instructions of `touchtrace --version`; now it takes 0.4 million). Only the
        // executable has the flag: the library stays usable as a dependency.
        .executableTarget(name: "touchtrace", dependencies: ["TouchTraceCLI"],
                          linkerSettings: [.unsafeFlags(["-static-executable"])]),
        // JSONDecoder, for `touchtrace bench` to compare with: Foundation stays out of touchtrace.
        .executableTarget(name: "touchtrace-decoder-baseline", dependencies: ["TouchTrace"]),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchTrace"]),
        // Fixtures/ and GalleryFixtures/ hold fixtures of gesture code written as for UIKit, found
        // from the test files' paths.
        .testTarget(name: "TouchTraceUIKitTests", dependencies: ["TouchTraceUIKit", "TouchTrace", "TouchTraceTesting"],
                    exclude: ["Fixtures", "GalleryFixtures"]),
        // Malformed/ holds bad inputs and their expected messages, read by path in the tests.
        .testTarget(name: "TouchTraceCLITests", dependencies: ["TouchTraceCLI", "TouchTrace"], exclude: ["Malformed"]),
        // Fixtures/ holds the tests' own fixtures, found from the test files' paths.
        .testTarget(name: "TouchTraceTestingTests", dependencies: ["TouchTraceTesting", "TouchTrace", "TouchTraceCLI"],
                    exclude: ["Fixtures"]),
    ]
)
