import Foundation

/// `../shared/tools/mirror-server` (nginx on loopback) started for one test, on a free port.
public final class MirrorServer: Sendable {
    public let port: Int

    /// `http://127.0.0.1:<port>/api/v2/`
    public var apiBase: String { "http://127.0.0.1:\(port)/api/v2/" }
    /// Where the server puts the sprites' upstream paths.
    public var spritesBase: String { "http://127.0.0.1:\(port)/" }

    /// Starts the server; `absolute` makes it rewrite links to start with its own base.
    public init(absolute: Bool = false) async throws {
        let probe = try await LoopbackServer.start { _ in .status(404) }
        port = probe.port
        await probe.stop()
        var arguments = ["start", "--port", String(port)]
        if absolute { arguments += ["--absolute", "http://127.0.0.1:\(port)/api/v2/"] }
        try Self.run(arguments)
    }

    /// Stops nginx.
    public func stop() {
        try? Self.run(["stop", "--port", String(port)])
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [SharedFixtures.mirrorServer.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw MirrorServerError.failed(arguments.joined(separator: " ")) }
    }

    enum MirrorServerError: Error { case failed(String) }
}
