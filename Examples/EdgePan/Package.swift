// swift-tools-version: 6.0
import PackageDescription

// A recognizer of one's own, written against touchtrace's native API, with fixtures that its
// tests verify. It depends on touchtrace by path, as a package beside a checkout would.
let package = Package(
    name: "EdgePan",
    products: [
        .library(name: "EdgePan", targets: ["EdgePan"]),
        .executable(name: "edgepan-touchtrace", targets: ["edgepan-touchtrace"]),
    ],
    dependencies: [
        .package(name: "touchtrace", path: "../.."),
    ],
    targets: [
        .target(name: "EdgePan", dependencies: [.product(name: "TouchTrace", package: "touchtrace")]),
        // A touchtrace that knows `edgePan`: every command, the project's own types too.
        .executableTarget(name: "edgepan-touchtrace", dependencies: [
            "EdgePan",
            .product(name: "TouchTrace", package: "touchtrace"),
            .product(name: "TouchTraceCLI", package: "touchtrace"),
        ]),
        // The recognizer's fixtures, verified by `assertFixtures` (Fixtures/ is not a resource).
        .testTarget(name: "EdgePanTests", dependencies: [
            "EdgePan",
            .product(name: "TouchTrace", package: "touchtrace"),
            .product(name: "TouchTraceTesting", package: "touchtrace"),
        ], exclude: ["Fixtures"]),
    ]
)
