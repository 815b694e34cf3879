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
        // An address literal (a loopback mirror, a test server) answers at once.
        let lookup = NameLookup(host: host, port: nil)
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while clock.now < deadline, lookup.answer == nil {
            // Cancelled: no verdict; the fetch that asked notices the cancel itself.
            guard (try? await Task.sleep(for: .milliseconds(20))) != nil else { return nil }
        }
        switch lookup.answer {
        case .success: return nil
        case let .failure(unresolved): return "the name \(host) does not resolve (\(unresolved.reason))"
        case nil: return "the name \(host) did not resolve within \(limit.components.seconds) s"
        }
    }
}

/// A name looked up by `getaddrinfo` on a thread of its own. The call can be neither
/// cancelled nor bounded in time, so whoever asks waits only as long as it wants to (the
/// probe before a fetch, a request's connect deadline or a cancel); a lookup nobody waits
/// for any more finishes alone, and what it found is freed with it. An address literal needs
/// no resolver: it is read at once, on the caller's thread.
final class NameLookup: @unchecked Sendable {
    /// What `getaddrinfo` answered, freed with the last reference.
    final class Addresses: @unchecked Sendable {
        let list: UnsafeMutablePointer<addrinfo>

        init(_ list: UnsafeMutablePointer<addrinfo>) {
            self.list = list
        }

        deinit { freeaddrinfo(list) }
    }

    /// `getaddrinfo`'s error.
    struct Unresolved: Error {
        let status: Int32
        var reason: String { String(cString: gai_strerror(status)) }
    }

    private let condition = NSCondition()
    private var found: Result<Addresses, Unresolved>?

    /// Starts looking up `host` (for `port`, when given) on a new thread, or reads it at
    /// once when it is an address.
    init(host: String, port: String?) {
        if let address = Self.address(host) {
            found = Self.lookUp(address, port, numeric: true)
            return
        }
        if Self.isSpecialInvalid(host) {
            found = .failure(Unresolved(status: EAI_NONAME))
            return
        }
        Thread.detachNewThread { [self] in
            let answer = Self.lookUp(host, port)
            condition.withLock {
                found = answer
                condition.broadcast()
            }
        }
    }

    /// The answer, once there is one.
    var answer: Result<Addresses, Unresolved>? {
        condition.withLock { found }
    }

    /// Blocks until the answer comes, `cancelled()` says so or `deadline` passes (nil then).
    func wait(until deadline: ContinuousClock.Instant, cancelled: () -> Bool) -> Result<Addresses, Unresolved>? {
        condition.withLock {
            while found == nil, !cancelled(), ContinuousClock.now < deadline {
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
            }
            return found
        }
    }

    /// Whether `host` lies under the special-use `invalid.` domain, which name resolution
    /// is to answer at once in the negative (RFC 6761 §6.4): no query goes out. A resolver
    /// asked anyway sends one, and a DNS server slow to answer it held a request (and a
    /// test) for its 5 s retry, several times over.
    static func isSpecialInvalid(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name == "invalid" || name.hasSuffix(".invalid")
    }

    /// The address `host` spells, without an IPv6 literal's brackets (`127.0.0.1`, `::1`,
    /// `[::1]`), or nil when it is a name.
    static func address(_ host: String) -> String? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, bare, &v4) == 1 || inet_pton(AF_INET6, bare, &v6) == 1 ? bare : nil
    }

    /// `getaddrinfo` on the calling thread; `numeric` says `host` is an address, which then
    /// asks no resolver.
    static func lookUp(_ host: String, _ port: String?, numeric: Bool = false) -> Result<Addresses, Unresolved> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        if numeric { hints.ai_flags = AI_NUMERICHOST }
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, port, &hints, &list)
        guard status == 0, let list else {
            if let list { freeaddrinfo(list) }
            return .failure(Unresolved(status: status))
        }
        return .success(Addresses(list))
    }
}
