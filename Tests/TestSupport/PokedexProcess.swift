import Foundation
import Testing

/// The real `pokedex` executable, run as a user runs it: arguments in, exit status and
/// output back. `swift test` builds it beside the test bundle.
public enum PokedexProcess {
    /// What a run printed and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
        /// The raw bytes of standard output and error together, to look for control characters.
        public var bytes: Data
    }

    /// The executable, or nil when it has not been built.
    public static let executable: URL? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pokedex")
        let debug = SharedFixtures.packageRoot.appendingPathComponent(".build/debug/pokedex")
        return [beside, debug].first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Why a test that needs the executable is skipped.
    public static let absent: Comment = "skipped: the pokedex executable was not found beside the test bundle or in .build/debug"

    /// Runs `pokedex arguments` in `folder` (the package root by default, where the
    /// templates are) and waits for it.
    public static func run(_ arguments: [String], in folder: URL = SharedFixtures.packageRoot, input: Data? = nil) throws -> Result {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "1"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(input) }
        try? inputPipe.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self),
            bytes: outData + errData
        )
    }

    /// A small api-data folder copied out of the shared mirror by the real fetch: the
    /// species selected and everything they reach, sprites included. Tests poison it.
    public static func mirrorSubset(_ pokemon: String, into folder: URL) throws {
        let result = try run(["fetch", "--api", SharedFixtures.pokeapiMirror.path, "--cache", folder.path, "--pokemon", pokemon, "--quiet"])
        guard result.status == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "fetch of \(pokemon) failed: \(result.errors)"])
        }
    }
}
