import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        try await Self.run(arguments)
    }

    /// Stops nginx.
    public func stop() async {
        try? await Self.run(["stop", "--port", String(port)])
    }

    /// Runs the script and waits for it; nginx daemonizes, so only the script's exit status counts.
    ///
    /// `system` rather than `Process`: Foundation's `Process` on Linux keeps waiting while
    /// the nginx daemon holds descriptors it inherited.
    private static func run(_ arguments: [String]) async throws {
        let quoted = ([SharedFixtures.mirrorServer.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let status = system("/bin/bash " + quoted.joined(separator: " ") + " >/dev/null 2>&1 </dev/null")
        guard status == 0 else { throw MirrorServerError.failed(arguments.joined(separator: " ")) }
    }

    enum MirrorServerError: Error { case failed(String) }
}
