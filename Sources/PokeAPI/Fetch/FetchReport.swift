import Foundation

/// What a fetch did; the CLI prints it and `build` reads it.
public struct FetchReport: Sendable, Equatable {
    /// Entries downloaded (new or changed).
    public var downloaded = 0
    /// Entries revalidated with a 304 (`--refresh`).
    public var notModified = 0
    /// Entries already in the cache and not asked for again.
    public var alreadyCached = 0
    /// Sprites that do not exist upstream, recorded as missing.
    public var missingSprites = 0
    /// Optional resources (places) that do not exist upstream, recorded as missing.
    public var missingResources = 0
    /// Bytes received.
    public var bytes = 0
    /// Every URL that still failed after its retries, with why.
    public var failures: [FetchFailure] = []
    public var duration: Duration = .zero

    /// True when nothing had to be fetched: the cache already held the selection.
    public var isNoOp: Bool { downloaded == 0 && failures.isEmpty }

    /// Entries the selection covers.
    public var total: Int { downloaded + notModified + alreadyCached + missingSprites + missingResources + failures.count }
}

/// A URL that could not be fetched, and why.
public struct FetchFailure: Sendable, Hashable {
    public let url: String
    public let reason: String
}

/// How far a fetch has come; sent after every entry.
public struct FetchProgress: Sendable, Equatable {
    /// Entries finished (fetched, cached, missing or failed).
    public var done: Int
    /// Entries known so far; grows as resources reveal what they link to.
    public var total: Int
    public var bytes: Int
    public var failed: Int
    public var elapsed: Duration
}
