import Foundation
import Testing
@testable import SiteGenerator

@Suite("PNG size")
struct PNGSizeTests {
    @Test("reads the width and height of a PNG header")
    func readsHeader() {
        let size = PNGSize(header: TestSite.pngHeader(width: 96, height: 475))
        #expect(size == PNGSize(width: 96, height: 475))
    }

    @Test("reads sizes that need every byte of the big-endian fields")
    func readsLargeSizes() {
        #expect(PNGSize(header: TestSite.pngHeader(width: 0x01020304, height: 0x7FFF_FFFF)) == PNGSize(width: 0x01020304, height: 0x7FFF_FFFF))
    }

    @Test("has no size for a truncated header", arguments: [0, 8, 16, 23])
    func truncated(length: Int) {
        #expect(PNGSize(header: TestSite.pngHeader(width: 96, height: 96).prefix(length)) == nil)
    }

    @Test("has no size without the PNG signature or the IHDR chunk first")
    func notPNG() {
        var header = TestSite.pngHeader(width: 96, height: 96)
        header[1] = UInt8(ascii: "J")
        #expect(PNGSize(header: header) == nil)
        header = TestSite.pngHeader(width: 96, height: 96)
        header[12] = UInt8(ascii: "X")
        #expect(PNGSize(header: header) == nil)
        #expect(PNGSize(header: Data("GIF89a`\u{0}`\u{0} and some more bytes".utf8)) == nil)
    }

    @Test("has no size for a zero or out-of-range side")
    func outOfRange() {
        #expect(PNGSize(header: TestSite.pngHeader(width: 0, height: 96)) == nil)
        #expect(PNGSize(header: TestSite.pngHeader(width: 96, height: 0x8000_0000)) == nil)
    }

    @Test("reads only the header of a file, and nothing of a missing, short, foreign or folder path")
    func readsFiles() throws {
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("96.png")
        try (TestSite.pngHeader(width: 96, height: 96) + Data(repeating: 7, count: 4_000)).write(to: png)
        let truncated = folder.appendingPathComponent("truncated.png")
        try TestSite.pngHeader(width: 96, height: 96).prefix(20).write(to: truncated)
        let svg = folder.appendingPathComponent("art.svg")
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"475\" height=\"475\"></svg>".utf8).write(to: svg)
        let empty = folder.appendingPathComponent("empty.png")
        try Data().write(to: empty)

        #expect(PNGSize.read(at: png) == PNGSize(width: 96, height: 96))
        #expect(PNGSize.read(at: truncated) == nil)
        #expect(PNGSize.read(at: svg) == nil)
        #expect(PNGSize.read(at: empty) == nil)
        #expect(PNGSize.read(at: folder.appendingPathComponent("missing.png")) == nil)
        #expect(PNGSize.read(at: folder) == nil)
    }
}
