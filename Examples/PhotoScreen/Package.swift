// swift-tools-version: 6.0
import PackageDescription

// A screen of an app — a view controller with a card to drag, a photo to pinch and turn, and a
// swipe down to dismiss, written as for iOS — replayed by touchtrace through TouchTraceUIKit as
// a screen built in code, with fixtures recorded in the browser recorder.
let package = Package(
    name: "PhotoScreen",
    products: [
        .library(name: "PhotoScreen", targets: ["PhotoScreen"]),
        .executable(name: "photoscreen-touchtrace", targets: ["photoscreen-touchtrace"]),
    ],
    dependencies: [
        .package(name: "touchtrace", path: "../.."),
    ],
    targets: [
        .target(name: "PhotoScreen", dependencies: [
            .product(name: "TouchTrace", package: "touchtrace"),
            .product(name: "TouchTraceUIKit", package: "touchtrace"),
        ]),
        .executableTarget(name: "photoscreen-touchtrace", dependencies: [
            "PhotoScreen",
            .product(name: "TouchTrace", package: "touchtrace"),
            .product(name: "TouchTraceCLI", package: "touchtrace"),
        ]),
        .testTarget(name: "PhotoScreenTests", dependencies: [
            "PhotoScreen",
            .product(name: "TouchTrace", package: "touchtrace"),
            .product(name: "TouchTraceTesting", package: "touchtrace"),
        ], exclude: ["Fixtures"]),
    ]
)
