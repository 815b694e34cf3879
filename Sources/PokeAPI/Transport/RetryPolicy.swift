import Foundation

/// How often and how long to wait before trying a request again.
///
/// Exponential backoff with full jitter, raised to `Retry-After` when the server asks.
/// The sleep and the random source are injected so tests run in milliseconds.
package struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    package var maxAttempts: Int
    package var baseDelay: Duration
    package var maxDelay: Duration
    var sleep: @Sendable (Duration) async throws -> Void
    var random: @Sendable () -> Double

    package init(maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.sleep = { try await Task.sleep(for: $0) }
        self.random = { Double.random(in: 0...1) }
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1).
    func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        let exponential = baseDelay * (1 << min(attempt - 1, 16))
        let capped = min(exponential, maxDelay)
        let jittered = capped * (0.5 + random() / 2)
        guard let retryAfter else { return jittered }
        return min(max(jittered, retryAfter), max(maxDelay, retryAfter > .seconds(120) ? .seconds(120) : retryAfter))
    }

    /// Parses `Retry-After`: delta seconds or an HTTP date.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return .seconds(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
    }
}
