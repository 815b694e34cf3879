// swift-tools-version: 6.1
import PackageDescription

let asyncHTTPClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let nio: [Target.Dependency] = [
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
]

// The modules every page passes through, optimized in debug builds too: the tests and the
// end-to-end gate build the whole mirror with the debug binary, and unoptimized they spent
// most of CI's time there (see docs/ARCHITECTURE.md, "Tests and CI"). Release is -O already.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "pokedex",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "pokedex", targets: ["pokedex"]),
        .library(name: "TemplateEngine", targets: ["TemplateEngine"]),
        .library(name: "HTMLSafety", targets: ["HTMLSafety"]),
        .library(name: "JSONLinkScan", targets: ["JSONLinkScan"]),
        .library(name: "TOML", targets: ["TOML"]),
        .library(name: "PokeAPISchema", targets: ["PokeAPISchema"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // What every stage shares: confined file access, hashing, bounded concurrency, text for terminals.
        .target(name: "CSystemExtras"),
        .target(name: "Common", dependencies: ["CSystemExtras", "CZlib", .product(name: "SystemPackage", package: "swift-system")], swiftSettings: optimizedInDebug),

        // Stage: Render. Mustache, no dependencies, reusable on its own.
        .target(name: "TemplateEngine", swiftSettings: optimizedInDebug),

        // libxml2, reached only from C files (see docs/ARCHITECTURE.md, "libxml2").
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "CHTMLSupport", dependencies: ["CLibXML2"]),
        .target(name: "HTMLSafety", dependencies: ["Common", "CHTMLSupport"], swiftSettings: optimizedInDebug),

        // Stage: Source + Cache. The scanner stands alone so the fuzzer can reach it.
        .target(name: "JSONLinkScan", swiftSettings: optimizedInDebug),
        // PokeAPI's JSON as the catalog reads it; alone, without networking, so the fuzzer can reach its readers.
        .target(name: "PokeAPISchema", dependencies: ["Common", "JSONLinkScan"]),
        .target(name: "PokeAPI", dependencies: ["Common", "JSONLinkScan", "PokeAPISchema", "CZlib", asyncHTTPClient, .product(name: "NIOFoundationCompat", package: "swift-nio")] + nio),
        // The TOML reader the settings file and the collection file share; alone so the fuzzer can reach it.
        .target(name: "TOML"),
        // Stage: Catalog (and the trainer's collection).
        .target(name: "Pokedex", dependencies: ["Common", "JSONLinkScan", "PokeAPI", "TOML"], resources: [.copy("Resources/sample-catalog.json")], swiftSettings: optimizedInDebug),
        // Stages: Pages, Render, Output.
        .target(name: "SiteGenerator", dependencies: ["Common", "JSONLinkScan", "Pokedex", "TemplateEngine", "HTMLSafety", "CZlib"], swiftSettings: optimizedInDebug),
        // The commands, as a library so tests reach them; the executable only calls it.
        .target(name: "PokedexCLI", dependencies: ["Common", "TOML", "SiteGenerator", "TemplateEngine", "PokeAPI", "Pokedex", "HTMLSafety", argumentParser,
                                                   .product(name: "Hummingbird", package: "hummingbird"),
                                                   .product(name: "Logging", package: "swift-log"),
                                                   .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]),
        .executableTarget(name: "pokedex", dependencies: ["Common", "PokedexCLI"]),
        // Developer tools for the catalog: its benchmark, and the generator of the bundled sample.
        .executableTarget(name: "bench-catalog", dependencies: ["Common", "Pokedex", "PokeAPI", "JSONLinkScan"], path: "scripts/bench-catalog"),
        .executableTarget(name: "make-sample", dependencies: ["Pokedex"], path: "scripts/make-sample"),

        .target(name: "TestSupport", dependencies: nio, path: "Tests/TestSupport"),
        .testTarget(name: "TemplateEngineTests", dependencies: ["TemplateEngine", "TestSupport"]),
        .testTarget(name: "HTMLSafetyTests", dependencies: ["HTMLSafety", "TestSupport"]),
        .testTarget(name: "JSONLinkScanTests", dependencies: ["JSONLinkScan", "TestSupport"]),
        .testTarget(name: "PokeAPITests", dependencies: ["Common", "PokeAPI", "JSONLinkScan", "CZlib", "TestSupport"]),
        .testTarget(name: "PokedexTests", dependencies: ["Common", "Pokedex", "TOML", "TestSupport"]),
        .testTarget(name: "SiteGeneratorTests", dependencies: ["Common", "SiteGenerator", "Pokedex", "CSystemExtras", "CZlib", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "PokedexCLITests", dependencies: ["Common", "PokedexCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
