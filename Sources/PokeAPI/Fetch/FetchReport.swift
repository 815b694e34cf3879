import Foundation

/// What a fetch did; the CLI prints it and `build` reads it.
package struct FetchReport: Sendable, Equatable {
    /// Entries downloaded (new or changed).
    package var downloaded = 0
    /// Entries revalidated with a 304 (`--refresh`).
    package var notModified = 0
    /// Entries already in the cache and not asked for again.
    package var alreadyCached = 0
    /// Files changed since the last index that still reach what they reached: taken with
    /// their new stamps, no crawl (``SourceIndex/restamped(limit:)``).
    package var restamped = 0
    /// Sprites that do not exist upstream, recorded as missing.
    package var missingSprites = 0
    /// Optional resources (places) that do not exist upstream, recorded as missing.
    package var missingResources = 0
    /// Bytes received.
    package var bytes = 0
    /// Every URL that still failed after its retries, with why.
    package var failures: [FetchFailure] = []
    /// The whole run: the crawl, then the lists, the source index and closing the cache.
    package var duration: Duration = .zero

    /// True when nothing had to be fetched: the cache already held the selection.
    package var isNoOp: Bool { downloaded == 0 && failures.isEmpty }

    /// Entries the selection covers.
    package var total: Int { downloaded + notModified + alreadyCached + missingSprites + missingResources + failures.count }
}

/// A URL that could not be fetched, and why.
package struct FetchFailure: Sendable, Hashable {
    package let url: String
    package let reason: String
    /// What to do about it, when the failure says (a symlink to remove, a full disk).
    package let advice: String

    package init(url: String, reason: String, advice: String = "") {
        self.url = url
        self.reason = reason
        self.advice = advice
    }
}

/// How far a fetch has come; sent after every entry.
package struct FetchProgress: Sendable, Equatable {
    /// Entries finished (fetched, cached, missing or failed).
    package var done: Int
    /// Entries known so far; grows as resources reveal what they link to.
    package var total: Int
    package var bytes: Int
    package var failed: Int
    package var elapsed: Duration
}
