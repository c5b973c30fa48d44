// swift-tools-version:6.0
import PackageDescription

// touchtrace has no package dependencies, by design: argument parsing, the JSON reader and the
// line diff are small and live in the library.
let package = Package(
    name: "touchtrace",
    products: [
        .executable(name: "touchtrace", targets: ["touchtrace"]),
        .library(name: "TouchTrace", targets: ["TouchTrace"]),
    ],
    targets: [
        .target(name: "TouchTrace"),
        .target(name: "TouchTraceCLI", dependencies: ["TouchTrace"]),
        .executableTarget(name: "touchtrace", dependencies: ["TouchTraceCLI"]),
        .testTarget(name: "TouchTraceTests", dependencies: ["TouchTrace"]),
        // Malformed/ holds bad inputs and their expected messages, read by path in the tests.
        .testTarget(name: "TouchTraceCLITests", dependencies: ["TouchTraceCLI", "TouchTrace"], exclude: ["Malformed"]),
    ]
)
