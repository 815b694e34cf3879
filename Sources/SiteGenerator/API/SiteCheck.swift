import Foundation

/// A check run over the finished site before it is swapped in (`--strict`).
///
/// It returns findings as sentences; any finding fails the build and keeps the previous site.
package struct SiteCheck: Sendable {
    package let run: @Sendable (URL) async throws -> [String]

    package init(_ run: @escaping @Sendable (URL) async throws -> [String]) {
        self.run = run
    }
}
