import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a host's name resolves at all, asked once before a fetch starts: with no network
/// the answer comes in milliseconds (or not within a few seconds), where the first request
/// would wait out its connect timeout and retries would repeat it.
enum HostProbe {
    /// Why `host` cannot be reached, or nil when its name resolves.
    static func failure(resolving host: String, within limit: Duration = .seconds(4)) async -> String? {
        // An address needs no resolving (a loopback mirror, a test server).
        if isAddress(host) { return nil }
        let answer = Answer()
        Thread.detachNewThread {
            answer.set(resolve(host))
        }
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline {
            if let result = answer.value { return result.reason }
            try? await Task.sleep(for: .milliseconds(20))
        }
        if let result = answer.value { return result.reason }
        return "the name \(host) did not resolve within \(limit.components.seconds) s"
    }

    /// An IPv4 or IPv6 literal (`127.0.0.1`, `::1`, `[::1]`).
    static func isAddress(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, bare, &v4) == 1 || inet_pton(AF_INET6, bare, &v6) == 1
    }

    private struct Result: Sendable {
        var reason: String?
    }

    /// The resolver's answer, set once by the thread that asked.
    private final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result?

        var value: Result? { lock.withLock { stored } }
        func set(_ result: Result) { lock.withLock { stored = result } }
    }

    private static func resolve(_ host: String) -> Result {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        if let list { freeaddrinfo(list) }
        guard status != 0 else { return Result(reason: nil) }
        return Result(reason: "the name \(host) does not resolve (\(String(cString: gai_strerror(status))))")
    }
}
