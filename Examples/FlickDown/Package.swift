// swift-tools-version: 6.0
import PackageDescription

// A recognizer written the UIKit way — a UIGestureRecognizer subclass that builds for iOS with
// `import UIKit` — run by touchtrace through TouchTraceUIKit, with fixtures its tests verify.
let package = Package(
    name: "FlickDown",
    products: [
        .library(name: "FlickDown", targets: ["FlickDown"]),
        .executable(name: "flickdown-touchtrace", targets: ["flickdown-touchtrace"]),
    ],
    dependencies: [
        .package(name: "touchtrace", path: "../.."),
    ],
    targets: [
        .target(name: "FlickDown", dependencies: [
            .product(name: "TouchTrace", package: "touchtrace"),
            .product(name: "TouchTraceUIKit", package: "touchtrace"),
        ]),
        .executableTarget(name: "flickdown-touchtrace", dependencies: [
            "FlickDown",
            .product(name: "TouchTrace", package: "touchtrace"),
            .product(name: "TouchTraceCLI", package: "touchtrace"),
        ]),
        // XCTest this time (EdgePan's tests use Swift Testing): assertFixtures serves both.
        .testTarget(name: "FlickDownTests", dependencies: [
            "FlickDown",
            .product(name: "TouchTrace", package: "touchtrace"),
            .product(name: "TouchTraceTesting", package: "touchtrace"),
        ], exclude: ["Fixtures"]),
    ]
)
