import Foundation

/// What the cache remembers about one entry, beside its file.
struct CacheMetadata: Codable, Sendable, Equatable {
    /// The URL it was fetched from.
    var url: String
    var etag: String?
    var lastModified: String?
    /// ISO 8601, UTC.
    var fetchedAt: String
    /// 200 for a stored file, 404 for a sprite recorded as missing.
    var status: Int

    enum CodingKeys: String, CodingKey {
        case url, etag, status
        case lastModified = "last_modified"
        case fetchedAt = "fetched_at"
    }

    var validators: APIClient.Validators? {
        etag == nil && lastModified == nil ? nil : APIClient.Validators(etag: etag, lastModified: lastModified)
    }

    /// The current time as `2026-11-21T20:06:13Z` (a format style: no ICU formatter per entry).
    static func now() -> String {
        Date.now.formatted(.iso8601)
    }
}
