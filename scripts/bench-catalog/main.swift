// Measures building the catalog from an api-data folder against loading its snapshot.
//
// Usage: swift run -c release bench-catalog <api-data folder> [rounds]
// Snapshots go to a temporary folder, never into the data folder.
import Foundation
import Pokedex

func seconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await work()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Peak resident memory of this process so far, in MB (Linux `VmHWM`).
func peakMemoryMB() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return nil }
    return kilobytes / 1024
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: bench-catalog <api-data folder> [rounds]\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1])
let rounds = arguments.count > 2 ? max(Int(arguments[2]) ?? 3, 1) : 3
let snapshots = FileManager.default.temporaryDirectory.appendingPathComponent("bench-catalog-\(getpid())")
defer { try? FileManager.default.removeItem(at: snapshots) }

var loader = CatalogLoader(cacheRoot: root)
loader.snapshotFolder = snapshots
var builds: [Double] = []
var loads: [Double] = []
var catalog: Catalog?
var peakAfterBuild: Double?
for _ in 0..<rounds {
    try? FileManager.default.removeItem(at: snapshots)
    builds.append(try await seconds {
        let (built, origin) = try await loader.load()
        precondition(origin == .decoded, "expected a build with no snapshot")
        catalog = built
    })
    if peakAfterBuild == nil { peakAfterBuild = peakMemoryMB() }
    loads.append(try await seconds {
        let (loaded, origin) = try await loader.load()
        precondition(origin == .snapshot && loaded == catalog, "expected the snapshot to give the same catalog")
    })
}
let snapshotSize = (try? FileManager.default.contentsOfDirectory(at: snapshots, includingPropertiesForKeys: [.fileSizeKey]))?
    .compactMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }.reduce(0, +) ?? 0
let best = (build: builds.min() ?? 0, load: loads.min() ?? 0)
print("catalog of \(catalog?.species.count ?? 0) species, \(catalog?.pokemon.count ?? 0) pokemon, \(rounds) rounds (best of)")
print(String(format: "build from JSON:   %8.3f s", best.build))
print(String(format: "load snapshot:     %8.3f s  (%.1fx faster; snapshot %.1f MB)", best.load, best.build / max(best.load, 1e-9), Double(snapshotSize) / 1e6))
print(String(format: "peak memory:       %8.1f MB after the first build, %.1f MB at the end", peakAfterBuild ?? -1, peakMemoryMB() ?? -1))
