// swift-tools-version: 6.1
// Fuzz targets, kept out of the main package so its build is untouched.
// Every folder under Sources/ is one libFuzzer target: adding a target is adding a
// folder with one file whose @main hands a callback to `FuzzDriver.run`.
// Build and run with ../scripts/fuzz (it passes -sanitize=fuzzer, and --manifest-cache
// none so a new folder is seen: SwiftPM's manifest cache does not watch Sources/).
import Foundation
import PackageDescription

let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sources")
let names = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [])
    .filter { !$0.hasPrefix(".") }
    .sorted()

let package = Package(
    name: "pokedex-fuzz",
    dependencies: [.package(name: "pokedex", path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Support/FuzzSupport"),
        .target(name: "FuzzDriver", dependencies: ["FuzzSupport"], path: "Support/FuzzDriver"),
    ] + names.map { name in
        .executableTarget(
            name: name,
            dependencies: [
                "FuzzDriver",
                .product(name: "HTMLSafety", package: "pokedex"),
                .product(name: "TemplateEngine", package: "pokedex"),
                .product(name: "JSONLinkScan", package: "pokedex"),
                .product(name: "TOML", package: "pokedex"),
                .product(name: "PokeAPISchema", package: "pokedex"),
            ]
        )
    },
    swiftLanguageModes: [.v6]
)
