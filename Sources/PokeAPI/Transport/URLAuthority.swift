import Foundation

/// Who an absolute URL names: its scheme, host and port, read once without Foundation.
///
/// The fetch's reader of a URL's authority: the redirect check compares ``origin``s, errors
/// name ``spelled``, the socket transport connects to ``bareHost`` and ``effectivePort``,
/// the probe before a fetch looks up ``bareHost``, and ``Endpoints`` decides from
/// ``isLoopback`` whether to ask a server for compressed bodies. (AsyncHTTPClient parses
/// an `https://` URL again for itself.)
struct URLAuthority: Sendable, Hashable {
    /// Lowercased: `http`, `https`, `file`.
    let scheme: String
    /// As the URL spells it, userinfo dropped; an IPv6 literal keeps its brackets.
    let host: String
    /// The port the URL gives, if it gives one.
    let port: Int?

    /// Nil unless `url` is `scheme://host[:port]...` with a host and, if any, a port in 1-65535.
    init?(_ url: String) {
        let utf8 = url.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > utf8.startIndex,
              utf8[colon...].starts(with: "://".utf8) else { return nil }
        // A scheme is a letter, then letters, digits, `+`, `-` or `.` (RFC 3986).
        guard utf8[..<colon].enumerated().allSatisfy({ offset, byte in
            Self.isLetter(byte) || (offset > 0 && (Self.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")))
        }) else { return nil }
        let start = utf8.index(colon, offsetBy: 3)
        let end = utf8[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        // Visible ASCII only, and no backslash, which some parsers take for a slash: the
        // redirect check compares what this reads, so it must not read more leniently than
        // the transports that connect.
        guard utf8[start..<end].allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else { return nil }
        var authority = url[start..<end]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host: Substring, rest: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            rest = authority[authority.index(after: close)...]
        } else {
            host = authority.prefix { $0 != ":" }
            rest = authority[host.endIndex...]
        }
        guard !host.isEmpty, host != "[]" else { return nil }
        if rest.isEmpty || rest == ":" {
            port = nil
        } else {
            guard rest.hasPrefix(":"), rest.utf8.dropFirst().allSatisfy(Self.isDigit),
                  let number = Int(rest.dropFirst()), (1...65535).contains(number) else { return nil }
            port = number
        }
        scheme = url[..<colon].lowercased()
        self.host = String(host)
    }

    /// The port a connection goes to: the URL's, or its scheme's default.
    var effectivePort: Int { port ?? (scheme == "https" ? 443 : 80) }

    /// `host:port`, lowercased, the port always given: equal for two URLs of the same server.
    var origin: String { "\(host.lowercased()):\(effectivePort)" }

    /// `host` or `host:port`, as the URL has it: how an error names the server.
    var spelled: String { port.map { "\(host):\($0)" } ?? host }

    /// The host without an IPv6 literal's brackets, as `getaddrinfo` takes it: a zone, which
    /// a URL writes `%25` (RFC 6874: `[fe80::1%25eth0]`), as `%` (`fe80::1%eth0`).
    var bareHost: String {
        guard host.hasPrefix("[") else { return host }
        let address = host.dropFirst().dropLast()
        guard let zone = address.range(of: "%25") else { return String(address) }
        return address[..<zone.lowerBound] + "%" + address[zone.upperBound...]
    }

    /// Whether the host is this machine's loopback: `localhost`, `127.0.0.0/8` or `::1`.
    var isLoopback: Bool {
        if host.lowercased() == "localhost" { return true }
        guard let address = NameLookup.address(host) else { return false }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
    }
}

private extension URLAuthority {
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
