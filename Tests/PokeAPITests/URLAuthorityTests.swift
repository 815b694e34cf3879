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

    @Test("loopback is localhost, 127.0.0.0/8 and ::1, and nothing that only looks like them", arguments: [
        ("http://localhost/", true), ("http://LOCALHOST:1/", true), ("http://127.0.0.1/", true), ("http://127.255.0.9/", true),
        ("http://[::1]/", true), ("http://[0:0:0:0:0:0:0:1]/", true),
        ("http://128.0.0.1/", false), ("http://10.0.0.127/", false), ("http://[::2]/", false), ("http://[::]/", false),
        ("http://127.0.0.1.example.net/", false), ("http://localhost.example/", false), ("https://pokeapi.co/", false),
    ])
    func loopback(url: String, expected: Bool) {
        #expect(URLAuthority(url)?.isLoopback == expected)
    }
}
