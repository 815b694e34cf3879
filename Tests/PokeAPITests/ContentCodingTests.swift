import CZlib
import Foundation
import Testing
import TestSupport
@testable import PokeAPI

/// Compressed bodies, from a real loopback server through each real HTTP transport, and the
/// decoder alone for what a server would rarely send.
@Suite("Compressed responses")
struct ContentCodingTests {
    /// `bytes` as gzip (`gzip: true`) or zlib, through zlib itself.
    static func compressed(_ bytes: [UInt8], gzip: Bool) -> [UInt8] {
        var stream = z_stream()
        #expect(deflateInit2_(&stream, 6, Z_DEFLATED, gzip ? 31 : 15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        var input = bytes
        let written = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                #expect(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return output.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(written))
    }

    /// A JSON document of about 200 KB whose bytes vary, so it does not shrink to nothing.
    static let document: [UInt8] = Array(("{\"moves\":[" + (0..<4000).map { #"{"move":{"name":"m\#($0)","url":"/api/v2/move/\#($0)/"}}"# }.joined(separator: ",") + "]}").utf8)

    func client(_ server: LoopbackServer, _ kind: TransportKind, maxBytes: Int = 1_048_576) -> APIClient {
        var retry = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10), maxDelay: .milliseconds(10))
        retry.sleep = { _ in }
        return APIClient(
            transport: kind.make(),
            endpoints: Endpoints(apiBase: server.baseURL + "api/v2/", spritesBase: server.baseURL),
            retry: retry, timeout: .seconds(5), maxBytes: maxBytes, userAgent: "pokedex/test (static Pokédex site generator)"
        )
    }

    @Test("gzip and deflate bodies arrive as the server's bytes, even unasked (the server is on loopback)", arguments: [
        ("gzip", true), ("x-gzip", true), ("deflate", false), ("GZip ", true),
    ], TransportKind.allCases)
    func inflatesWholeBodies(coding: (encoding: String, gzip: Bool), kind: TransportKind) async throws {
        let (encoding, gzip) = coding
        let body = Self.compressed(Self.document, gzip: gzip)
        #expect(body.count * 4 < Self.document.count, "the sample compresses")
        let server = try await LoopbackServer.start { _ in .respond(status: 200, headers: ["content-encoding": encoding, "etag": "\"e\""], body: body) }
        let client = client(server, kind)
        let outcome = try await client.get(server.baseURL + "api/v2/move/")
        #expect(outcome == .body(Data(Self.document), etag: "\"e\"", lastModified: nil))
        #expect(server.requests.first.map { $0.headers["accept-encoding"] == nil } == true, "compression asked of loopback")
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("compression is asked of every server but one on loopback", arguments: [
        ("https://pokeapi.co/api/v2/pokemon/1/", true), ("http://192.168.1.20:8080/api/v2/", true),
        ("http://127.0.0.1.example.net/api/v2/", true), ("http://[2001:db8::1]/api/v2/", true), ("http://10.0.0.127/", true),
        ("http://127.0.0.1:8080/api/v2/", false), ("http://127.8.9.10/", false), ("http://LocalHost:9/api/v2/", false),
        ("http://[::1]:8080/api/v2/", false), ("http://user:pw@127.0.0.1/api/v2/", false),
    ])
    func compressionAsked(url: String, asked: Bool) async throws {
        // Decided for the base, and for a URL on no base (a redirect's target) on its own.
        #expect(Endpoints(apiBase: url, spritesBase: url).wantsCompression(url) == asked)
        #expect(Endpoints(apiBase: "https://pokeapi.co/api/v2/", spritesBase: "https://example.org/").wantsCompression(url) == asked)
        let client = APIClient(transport: TransportKind.sockets.make(), endpoints: Endpoints(apiBase: url, spritesBase: url),
                               retry: RetryPolicy(), timeout: .seconds(5), maxBytes: 1_048_576, userAgent: "pokedex/test")
        let headers = client.request(url, validators: nil).headers
        #expect(headers.contains { $0.name == "Accept-Encoding" && $0.value.contains("gzip") } == asked)
        await client.transport.shutdown()
    }

    @Test("a small body that would inflate past the cap is refused, without retrying", arguments: TransportKind.allCases)
    func refusesBombs(_ kind: TransportKind) async throws {
        let bomb = Self.compressed(Array(repeating: 0x20, count: 8 * 1_048_576), gzip: true)
        #expect(bomb.count < 20_000)
        let server = try await LoopbackServer.start { _ in .respond(status: 200, headers: ["content-encoding": "gzip"], body: bomb) }
        let client = client(server, kind)
        await #expect(throws: PokeAPIFailure.tooLarge(url: server.baseURL + "api/v2/move/", limit: 1_048_576)) {
            _ = try await client.get(server.baseURL + "api/v2/move/")
        }
        #expect(server.requests.count == 1)
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("a damaged or cut stream is a body cut short: retried, then reported", arguments: TransportKind.allCases)
    func damagedStreams(_ kind: TransportKind) async throws {
        var damaged = Self.compressed(Self.document, gzip: true)
        for index in stride(from: 40, to: 400, by: 7) { damaged[index] ^= 0x5a }
        let cut = Array(Self.compressed(Self.document, gzip: true).dropLast(200))
        for body in [damaged, cut] {
            let server = try await LoopbackServer.start { _ in .respond(status: 200, headers: ["content-encoding": "gzip"], body: body) }
            let client = client(server, kind)
            await #expect(throws: PokeAPIFailure.truncated(url: server.baseURL + "api/v2/move/")) {
                _ = try await client.get(server.baseURL + "api/v2/move/")
            }
            #expect(server.requests.count == 2, "retried once")
            await client.transport.shutdown()
            await server.stop()
        }
    }

    @Test("a 304 that names its encoding and a 404 whose body is not gzip are answered as such, not inflated", arguments: TransportKind.allCases)
    func bodiesThatAreNotRead(_ kind: TransportKind) async throws {
        let server = try await LoopbackServer.start { request in
            if request.headers["if-none-match"] == "\"v1\"" { return .respond(status: 304, headers: ["content-encoding": "gzip", "etag": "\"v1\""], body: []) }
            if request.uri.contains("missing") { return .respond(status: 404, headers: ["content-encoding": "gzip"], body: Array("not found".utf8)) }
            return .respond(status: 200, headers: ["content-encoding": "gzip", "etag": "\"v1\""], body: Self.compressed(Self.document, gzip: true))
        }
        let client = client(server, kind)
        let url = server.baseURL + "api/v2/move/"
        #expect(try await client.get(url) == .body(Data(Self.document), etag: "\"v1\"", lastModified: nil))
        #expect(try await client.get(url, validators: .init(etag: "\"v1\"", lastModified: nil)) == .notModified)
        #expect(try await client.get(server.baseURL + "missing.png") == .notFound)
        #expect(server.requests.count == 3, "nothing retried")
        await client.transport.shutdown()
        await server.stop()
    }

    @Test("gzip members one after another are one body; a false size in the trailer is damage, not a buffer size to trust")
    func membersAndSizes() throws {
        let first = Array(Self.document.prefix(50_000)), second = Array(Self.document.dropFirst(50_000))
        let joined = Self.compressed(first, gzip: true) + Self.compressed(second, gzip: true)
        #expect(try ContentCoding.decode(Data(joined), encoding: "gzip", maxBytes: 1_048_576) == Data(Self.document))
        for claimed: UInt32 in [0, 1, 4_000_000_000] {
            var lying = Self.compressed(Self.document, gzip: true)
            withUnsafeBytes(of: claimed.littleEndian) { lying.replaceSubrange((lying.count - 4)..., with: $0) }
            // zlib checks the size it is told against what it inflated: a false one is damage.
            #expect(throws: TransportFailure.truncated) { try ContentCoding.decode(Data(lying), encoding: "gzip", maxBytes: 1_048_576) }
        }
        let exact = Self.compressed(Self.document, gzip: true)
        #expect(try ContentCoding.decode(Data(exact), encoding: "gzip", maxBytes: Self.document.count) == Data(Self.document), "a body exactly at the cap")
        #expect(throws: TransportFailure.tooLarge) { try ContentCoding.decode(Data(exact), encoding: "gzip", maxBytes: Self.document.count - 1) }
        #expect(try ContentCoding.decode(Data("{}".utf8), encoding: nil, maxBytes: 10) == Data("{}".utf8))
        #expect(try ContentCoding.decode(Data("{}".utf8), encoding: "identity", maxBytes: 10) == Data("{}".utf8))
        #expect(try ContentCoding.decode(Data(), encoding: "gzip", maxBytes: 10) == Data(), "no body is no stream to inflate")
        #expect(throws: TransportFailure.truncated) { try ContentCoding.decode(Data([0x1f, 0x8b, 8]), encoding: "gzip", maxBytes: 10) }
    }
}
