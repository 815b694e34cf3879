// swift-tools-version: 6.1
// Benchmarks for the template engine, in their own package so that swift-mustache and
// Stencil never become dependencies of the product. Run: swift run -c release
import PackageDescription

/// SwiftPM names a path dependency after its folder, so the root package's identity is the
/// name of the folder holding Benchmarks/ (a clone may be named anything).
let rootPackage = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "pokedex")

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/stencilproject/Stencil", exact: "0.15.1"),
    ],
    targets: [
        .executableTarget(
            name: "TemplateBenchmark",
            dependencies: [
                .product(name: "TemplateEngine", package: rootPackage),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Stencil", package: "Stencil"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
