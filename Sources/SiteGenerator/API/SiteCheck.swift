import Foundation

/// A check run over the finished site before it is swapped in (`--strict`).
///
/// It returns findings as sentences; any finding fails the build and keeps the previous site.
public struct SiteCheck: Sendable {
    public let run: @Sendable (URL) async throws -> [String]

    public init(_ run: @escaping @Sendable (URL) async throws -> [String]) {
        self.run = run
    }
}
