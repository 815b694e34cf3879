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

    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
