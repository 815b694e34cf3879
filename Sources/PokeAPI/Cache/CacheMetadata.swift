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

    /// The current time as `2026-11-21T20:06:13Z`.
    static func now() -> String {
        stamp(time(nil))
    }

    /// `seconds` since 1970 as `2026-11-21T20:06:13Z`, spelled by hand: the ISO 8601 format
    /// style, asked once per entry, was 1% of a cold fetch and took a lock inside.
    static func stamp(_ seconds: time_t) -> String {
        var seconds = seconds, parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : String(number) }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
