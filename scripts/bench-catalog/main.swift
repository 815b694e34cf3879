// Measures the catalog: building it from an api-data folder's JSON (on all cores and on
// one), loading its snapshot, and, as a baseline, decoding every pokemon file with the
// PokeAPI module's full models on one core; and the fetch's link scan over every resource file.
//
// Usage: swift run -c release bench-catalog <api-data folder> [rounds] [--scan-only | --catalog-only]
// Snapshots go to a temporary folder, never into the data folder.
import Common
import Foundation
import JSONLinkScan
import PokeAPI
import Pokedex

func seconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await work()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Peak resident memory of this process so far, in MB (Linux `VmHWM`).
func peakMemoryMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return -1 }
    return kilobytes / 1024
}

/// The fetch's link scan over every resource file of the folder (lists aside), each with
/// the rules a fetch scans it with (none, only a validity check, for a resource without a
/// schema), on one core, best of `rounds`; the files are read first. Nil when the folder
/// holds no resource files.
func scanFigure(root: URL, rounds: Int) async -> String? {
    var scanned: [(resource: String, data: Data)] = []
    let api = root.appendingPathComponent("api/v2")
    for case let file as String in FileManager.default.enumerator(atPath: api.path)?.allObjects ?? [] where file.hasSuffix("/index.json") {
        // `pokemon/25/index.json` and `pokemon/25/encounters/index.json`; not the list `pokemon/index.json`.
        let folder = file.dropLast("index.json".count)
        guard folder.contains("/"), folder.dropLast().contains("/"),
              let path = APIResourcePath(link: "/api/v2/" + folder),
              let data = try? Data(contentsOf: api.appendingPathComponent(file)) else { continue }
        scanned.append((path.resource, data))
    }
    guard !scanned.isEmpty else { return nil }
    let bytes = Double(scanned.reduce(0) { $0 + $1.data.count })
    var times: [Double] = []
    var matches = 0
    for _ in 0..<rounds {
        matches = 0
        times.append(await seconds {
            for file in scanned { matches += fetchLinkCount(in: file.data, resource: file.resource) ?? 0 }
        })
    }
    let best = times.min() ?? 0
    return String(format: "fetch's link scan, one core:       %7.3f s  (%d files, %.1f MB, %.0f MB/s; %d distinct matches)",
                  best, scanned.count, bytes / 1e6, bytes / 1e6 / max(best, 1e-9), matches)
}

// `--scan-only` prints the scan's line alone: it takes a few seconds, so runs of two
// binaries can alternate many times on a machine whose speed wanders.
// `--catalog-only` builds the catalog from JSON on all cores and on one, `rounds` times
// each, and prints those two lines alone: a run to profile, or to alternate with another binary's.
// The allocator as `pokedex` sets it, so the catalog's figures are the command's.
AllocatorTuning.mapLargeBlocks()
let scanOnly = CommandLine.arguments.contains("--scan-only")
let catalogOnly = CommandLine.arguments.contains("--catalog-only")
let arguments = CommandLine.arguments.filter { $0 != "--scan-only" && $0 != "--catalog-only" }
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: bench-catalog <api-data folder> [rounds] [--scan-only | --catalog-only]\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1])
let rounds = arguments.count > 2 ? max(Int(arguments[2]) ?? 3, 1) : 3
if scanOnly {
    guard let figure = await scanFigure(root: root, rounds: rounds) else {
        FileHandle.standardError.write(Data("bench-catalog: no resource files under \(root.path)/api/v2\n".utf8))
        exit(1)
    }
    print(figure)
    exit(0)
}
if catalogOnly {
    // As a first build makes it: records kept in a temporary folder, removed before each
    // build (the full run's one-core line keeps none).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-catalog-\(getpid())")
    var failure: (any Error)?
    do {
        for width in [ProcessInfo.processInfo.activeProcessorCount, 1] {
            var loader = CatalogLoader(cacheRoot: root)
            loader.snapshotFolder = folder
            loader.decodingWidth = width
            var times: [Double] = []
            for _ in 0..<rounds {
                try? FileManager.default.removeItem(at: folder)
                times.append(try await seconds {
                    let (_, origin) = try await loader.load()
                    precondition(origin == .decoded, "expected a build with no records")
                })
            }
            print(String(format: "build from JSON, %@ %7.3f s  (best of %d, records kept)", width == 1 ? "one core: " : "all cores:", times.min() ?? 0, rounds))
        }
    } catch {
        failure = error
    }
    // `exit` runs no `defer`: the folder goes first.
    try? FileManager.default.removeItem(at: folder)
    if let failure {
        FileHandle.standardError.write(Data("bench-catalog: \(failure)\n".utf8))
        exit(1)
    }
    exit(0)
}
let snapshots = FileManager.default.temporaryDirectory.appendingPathComponent("bench-catalog-\(getpid())")

do {
    defer { try? FileManager.default.removeItem(at: snapshots) }

    var loader = CatalogLoader(cacheRoot: root)
    loader.snapshotFolder = snapshots
    var builds: [Double] = []
    var loads: [Double] = []
    var catalog: Catalog?
    var peakAfterBuild = 0.0
    for _ in 0..<rounds {
        try? FileManager.default.removeItem(at: snapshots)
        builds.append(try await seconds {
            let (built, origin) = try await loader.load()
            precondition(origin == .decoded, "expected a build with no snapshot")
            catalog = built
        })
        peakAfterBuild = max(peakAfterBuild, peakMemoryMB())
        loads.append(try await seconds {
            let (loaded, origin) = try await loader.load()
            precondition(origin == .snapshot && loaded == catalog, "expected the snapshot to give the same catalog")
        })
    }

    let fingerprint = await seconds { _ = loader.currentSnapshotURL() }

    var serial = loader
    serial.snapshotFolder = nil
    serial.decodingWidth = 1
    let serialBuild = try await seconds { _ = try await serial.load() }

    // Baseline: Foundation's JSONDecoder reading every pokemon file into the schema, one core.
    let pokemonFolder = root.appendingPathComponent("api/v2/pokemon")
    let pokemonIDs = (try? FileManager.default.contentsOfDirectory(atPath: pokemonFolder.path))?.compactMap { Int($0) } ?? []
    let pokemonFiles = try pokemonIDs.map { try Data(contentsOf: pokemonFolder.appendingPathComponent("\($0)/index.json")) }
    let fullModels = try await seconds {
        for data in pokemonFiles { _ = try JSONDecoder().decode(Wire.Pokemon.self, from: data) }
    }
    let tapeModels = try await seconds {
        for data in pokemonFiles { _ = try TapeJSONDecoder().decode(Wire.Pokemon.self, from: data) }
    }

    let snapshotSize = (try? FileManager.default.contentsOfDirectory(at: snapshots, includingPropertiesForKeys: [.fileSizeKey]))?
        .compactMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }.reduce(0, +) ?? 0
    let build = builds.min() ?? 0
    let load = loads.min() ?? 0
    print("catalog: \(catalog?.species.count ?? 0) species, \(catalog?.pokemon.count ?? 0) pokemon; best of \(rounds) rounds; \(ProcessInfo.processInfo.activeProcessorCount) cores")
    print(String(format: "build from JSON, all cores:        %7.3f s", build))
    print(String(format: "build from JSON, one core:         %7.3f s  (%.2fx the parallel build)", serialBuild, serialBuild / max(build, 1e-9)))
    print(String(format: "load snapshot:                     %7.3f s  (%.1fx faster than building; snapshot %.1f MB)", load, build / max(load, 1e-9), Double(snapshotSize) / 1e6))
    print(String(format: "  of which fingerprinting the cache: %7.3f s", fingerprint))
    print(String(format: "%d pokemon files into the schema, one core: JSONDecoder %.3f s, TapeJSONDecoder %.3f s (%.2fx faster)", pokemonIDs.count, fullModels, tapeModels, fullModels / max(tapeModels, 1e-9)))
    print(await scanFigure(root: root, rounds: rounds) ?? "fetch's link scan: no resource files")
    print(String(format: "peak memory during builds:         %7.1f MB", peakAfterBuild))
} catch {
    // A folder with no data, or a file that does not decode: say so, with no stack trace.
    FileHandle.standardError.write(Data("bench-catalog: \(error)\n".utf8))
    exit(1)
}
