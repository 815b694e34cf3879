import Testing
@testable import PokeAPI

@Suite("Who a URL names")
struct URLAuthorityTests {
    @Test("scheme, host and port are read as the URL spells them", arguments: [
        ("https://pokeapi.co/api/v2/", "https", "pokeapi.co", nil, "pokeapi.co:443", "pokeapi.co"),
        ("http://127.0.0.1:8765/api/v2/pokemon/1/", "http", "127.0.0.1", 8765, "127.0.0.1:8765", "127.0.0.1:8765"),
        ("HTTP://Example.ORG?q=1", "http", "Example.ORG", nil, "example.org:80", "Example.ORG"),
        ("http://user:pw@host:81#top", "http", "host", 81, "host:81", "host:81"),
        ("http://[::1]:8080/", "http", "[::1]", 8080, "[::1]:8080", "[::1]:8080"),
        ("https://[2001:DB8::1]/x", "https", "[2001:DB8::1]", nil, "[2001:db8::1]:443", "[2001:DB8::1]"),
        ("http://host:/", "http", "host", nil, "host:80", "host"),
    ] as [(String, String, String, Int?, String, String)])
    func reads(url: String, scheme: String, host: String, port: Int?, origin: String, spelled: String) {
        let authority = URLAuthority(url)
        #expect(authority?.scheme == scheme)
        #expect(authority?.host == host)
        #expect(authority?.port == port)
        #expect(authority?.origin == origin)
        #expect(authority?.spelled == spelled)
    }

    @Test("a URL without a host, or with a port that is not one, names no one", arguments: [
        "file:///data/api/v2/", "pokeapi.co/api/v2/", "://host/", "http://", "http://:80/", "http://[]/",
        "http://host:0/", "http://host:65536/", "http://host:80x/", "http://host:+80/", "http://[::1/",
        "http://host:99999999999999999999999/", "mailto:someone@example.org",
        "http://evil.example\\@pokeapi.co/", "http://pokeapi.co\\.evil/", "http://poke api.co/", "http://пример.рф/",
        "http://host\u{7F}/", "1http://host/", "ht tp://host/", "h_t://host/",
    ])
    func refuses(url: String) {
        #expect(URLAuthority(url) == nil)
    }

    @Test("an IPv6 literal loses its brackets only where an address is wanted")
    func bareHost() throws {
        let authority = try #require(URLAuthority("http://[fe80::1]:9/"))
        #expect(authority.bareHost == "fe80::1")
        #expect(authority.effectivePort == 9)
        #expect(URLAuthority("http://pokeapi.co/")?.bareHost == "pokeapi.co")
    }

    @Test("an IPv6 zone, written %25 in a URL, reaches getaddrinfo as %")
    func zone() throws {
        let linkLocal = try #require(URLAuthority("http://[fe80::1%25eth0]:9/"))
        #expect(linkLocal.bareHost == "fe80::1%eth0")
        #expect(linkLocal.spelled == "[fe80::1%25eth0]:9", "an error names the server as the URL does")
        #if os(Linux)
        // A link-local address on the loopback interface, by name: getaddrinfo takes the zone
        // only as `%lo` (the URL's `%25lo` names no interface).
        let loopback = try #require(URLAuthority("http://[fe80::1%25lo]/"))
        #expect(loopback.bareHost == "fe80::1%lo")
        if case .failure(let reason) = NameLookup.lookUp(loopback.bareHost, "80", numeric: true) {
            Issue.record("getaddrinfo refused \(loopback.bareHost): \(reason)")
        }
        #endif
    }

    @Test("loopback is localhost, 127.0.0.0/8 and ::1, and nothing that only looks like them", arguments: [
        ("http://localhost/", true), ("http://LOCALHOST:1/", true), ("http://127.0.0.1/", true), ("http://127.255.0.9/", true),
        ("http://[::1]/", true), ("http://[0:0:0:0:0:0:0:1]/", true),
        ("http://128.0.0.1/", false), ("http://10.0.0.127/", false), ("http://[::2]/", false), ("http://[::]/", false),
        ("http://127.0.0.1.example.net/", false), ("http://localhost.example/", false), ("https://pokeapi.co/", false),
    ])
    func loopback(url: String, expected: Bool) {
        #expect(URLAuthority(url)?.isLoopback == expected)
    }

    @Test("a redirect may go only to the API's, the sprites' or upstream's server, however its URL is spelled", arguments: [
        ("https://pokeapi.co/api/v2/pokemon/2/", true), ("HTTPS://POKEAPI.CO:443/api/v2/", true),
        ("https://pokeapi.co:444/api/v2/", false), ("http://pokeapi.co/api/v2/", false),
        ("http://[::1]:8765/sprites/1.png", true), ("http://[::1]:8766/sprites/1.png", false),
        ("https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/1.png", true),
        ("http://pokeapi.co@evil.example/", false), ("https://evil.example@pokeapi.co/", true),
        ("https://evil.example\\@pokeapi.co/", false), ("https://pokeapi.co.evil.example/", false),
        ("file:///etc/passwd", false), ("javascript:alert(1)", false), ("/api/v2/pokemon/2/", false),
    ])
    func redirects(target: String, allowed: Bool) {
        let endpoints = Endpoints(apiBase: "https://pokeapi.co/api/v2/", spritesBase: "http://[::1]:8765/")
        #expect(endpoints.allowsRedirect(to: target) == allowed)
    }

    @Test("the socket transport connects to an IPv6 literal without brackets, and names it with them")
    func socketTarget() throws {
        let target = try #require(HTTPTarget("http://[::1]:8/api/v2/?limit=1#top"))
        #expect(target.host == "::1" && target.port == 8)
        #expect(target.authority == "[::1]:8" && target.target == "/api/v2/?limit=1")
        let plain = try #require(HTTPTarget("HTTP://Example.org?q", after: target))
        #expect(plain.host == "Example.org" && plain.port == 80 && plain.target == "/?q")
        #expect(HTTPTarget("http://user@host/") == nil)
        #expect(HTTPTarget("http://host:0/") == nil)
    }
}
