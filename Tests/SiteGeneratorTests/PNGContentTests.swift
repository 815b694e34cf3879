import CZlib
import Foundation
import Testing
@testable import SiteGenerator

/// PNGs written the long way for the reader: any colour type and bit depth, each row with
/// its own filter, so every path of the reader meets a file whose answer the test chose.
private struct TestPNG {
    var width: Int
    var height: Int
    var color: UInt8
    var depth: Int
    var interlaced = false
    var palette: Int?
    var transparency: [UInt8]?
    /// The samples of each pixel (1 to 4 per colour type), row by row.
    var pixels: [[[Int]]]

    var bytes: [UInt8] {
        let samplesPerPixel = pixels.first?.first?.count ?? 1
        let bitsPerPixel = samplesPerPixel * depth
        let bpp = max(1, bitsPerPixel / 8)
        var raw: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: (width * bitsPerPixel + 7) / 8)
        for (y, row) in pixels.enumerated() {
            let packed = Self.pack(row.flatMap { $0 }, depth: depth)
            let filter = UInt8(y % 5)
            raw.append(filter)
            raw.append(contentsOf: Self.filtered(packed, previous: previous, bpp: bpp, type: filter))
            previous = packed
        }
        var bound = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(bound))
        _ = compressed.withUnsafeMutableBufferPointer { target in
            raw.withUnsafeBufferPointer { source in compress2(target.baseAddress, &bound, source.baseAddress, uLong(raw.count), 6) }
        }
        compressed.removeSubrange(Int(bound)...)
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", Self.be32(width) + Self.be32(height) + [UInt8(depth), color, 0, 0, interlaced ? 1 : 0])
        if let palette { file += Self.chunk("PLTE", [UInt8](repeating: 128, count: palette * 3)) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        // Two IDAT chunks: the reader joins them.
        let half = compressed.count / 2
        file += Self.chunk("IDAT", Array(compressed[..<half])) + Self.chunk("IDAT", Array(compressed[half...]))
        file += Self.chunk("IEND", [])
        return file
    }

    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count) + Array(type.utf8) + body + [0, 0, 0, 0] }

    static func pack(_ samples: [Int], depth: Int) -> [UInt8] {
        switch depth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return samples.map { UInt8($0) }
        default:
            var out = [UInt8](repeating: 0, count: (samples.count * depth + 7) / 8)
            for (i, sample) in samples.enumerated() {
                let bit = i * depth
                out[bit / 8] |= UInt8(sample << (8 - depth - bit % 8))
            }
            return out
        }
    }

    static func filtered(_ row: [UInt8], previous: [UInt8], bpp: Int, type: UInt8) -> [UInt8] {
        row.indices.map { i in
            let left = i >= bpp ? Int(row[i - bpp]) : 0, up = Int(previous[i]), upperLeft = i >= bpp ? Int(previous[i - bpp]) : 0
            let predicted: Int
            switch type {
            case 1: predicted = left
            case 2: predicted = up
            case 3: predicted = (left + up) / 2
            case 4:
                let p = left + up - upperLeft
                predicted = abs(p - left) <= abs(p - up) && abs(p - left) <= abs(p - upperLeft) ? left : abs(p - up) <= abs(p - upperLeft) ? up : upperLeft
            default: predicted = 0
            }
            return UInt8(truncatingIfNeeded: Int(row[i]) - predicted)
        }
    }

    /// A picture whose pixels inside `opaque` (x, y, width, height) are `inside`, the rest `outside`;
    /// both vary a little from pixel to pixel so every filter has work.
    init(width: Int, height: Int, color: UInt8, depth: Int, opaque: (Int, Int, Int, Int)?,
         inside: @escaping (Int, Int) -> [Int], outside: @escaping (Int, Int) -> [Int]) {
        self.width = width
        self.height = height
        self.color = color
        self.depth = depth
        pixels = (0..<height).map { y in
            (0..<width).map { x in
                guard let (ox, oy, ow, oh) = opaque, (ox..<ox + ow).contains(x), (oy..<oy + oh).contains(y) else { return outside(x, y) }
                return inside(x, y)
            }
        }
    }
}

@Suite("Where a sprite's Pokémon stands: the opaque pixels of a PNG")
struct PNGContentTests {
    fileprivate func expect(_ png: TestPNG, _ opaque: (Int, Int, Int, Int)?, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = PNGContent.bounds(of: png.bytes)
        let wanted = opaque.map { PNGContent(x: $0.0, y: $0.1, width: $0.2, height: $0.3) }
        #expect(found == wanted, sourceLocation: sourceLocation)
    }

    @Test("RGBA, 8 and 16 bits, every filter")
    func rgba() {
        for depth in [8, 16] {
            let top = (1 << depth) - 1
            for box in [(2, 3, 6, 3), (0, 0, 1, 1), (0, 0, 12, 9), (11, 8, 1, 1)] {
                let png = TestPNG(width: 12, height: 9, color: 6, depth: depth, opaque: box,
                                  inside: { x, y in [x * 20 % top, y * 30 % top, 7, top - x] },
                                  outside: { x, y in [(x * 7 + y) % top, 3, y % top, 0] })
                expect(png, box)
            }
        }
    }

    @Test("a palette of 1, 2, 4 and 8 bits with tRNS, and one without")
    func palette() {
        for depth in [1, 2, 4, 8] {
            let colours = 1 << depth
            var png = TestPNG(width: 13, height: 10, color: 3, depth: depth, opaque: (4, 2, 5, 7),
                              inside: { x, y in [1 + (x + y) % (colours - 1)] }, outside: { _, _ in [0] })
            png.palette = colours
            png.transparency = [0]  // index 0 clear; the rest (past tRNS's end) opaque
            expect(png, (4, 2, 5, 7))
            png.transparency = nil
            expect(png, (0, 0, 13, 10))
        }
    }

    @Test("grey and RGB with a transparent colour key, grey + alpha")
    func keyed() {
        var grey = TestPNG(width: 8, height: 8, color: 0, depth: 8, opaque: (3, 1, 2, 4), inside: { x, _ in [200 + x] }, outside: { _, _ in [17] })
        grey.transparency = [0, 17]
        expect(grey, (3, 1, 2, 4))
        var rgb = TestPNG(width: 9, height: 6, color: 2, depth: 8, opaque: (0, 5, 9, 1), inside: { x, _ in [x, 20, 30] }, outside: { _, _ in [10, 20, 30] })
        rgb.transparency = [0, 10, 0, 20, 0, 30]
        expect(rgb, (0, 5, 9, 1))
        let greyAlpha = TestPNG(width: 5, height: 5, color: 4, depth: 16, opaque: (4, 0, 1, 5), inside: { _, _ in [9, 1] }, outside: { x, _ in [x, 0] })
        expect(greyAlpha, (4, 0, 1, 5))
    }

    @Test("no bounds for what is not a small, whole, non-interlaced PNG with something in it")
    func refused() {
        let clear = TestPNG(width: 6, height: 6, color: 6, depth: 8, opaque: nil, inside: { _, _ in [0, 0, 0, 255] }, outside: { _, _ in [1, 2, 3, 0] })
        expect(clear, nil)
        var interlaced = TestPNG(width: 6, height: 6, color: 6, depth: 8, opaque: (1, 1, 2, 2), inside: { _, _ in [0, 0, 0, 255] }, outside: { _, _ in [0, 0, 0, 0] })
        interlaced.interlaced = true
        expect(interlaced, nil)
        let large = TestPNG(width: SpriteShape.largestCanvas + 1, height: 2, color: 6, depth: 8, opaque: (1, 1, 1, 1),
                            inside: { _, _ in [0, 0, 0, 255] }, outside: { _, _ in [0, 0, 0, 0] })
        expect(large, nil)
        let whole = TestPNG(width: 6, height: 6, color: 6, depth: 8, opaque: (1, 1, 2, 2), inside: { _, _ in [0, 0, 0, 255] }, outside: { _, _ in [0, 0, 0, 0] }).bytes
        #expect(PNGContent.bounds(of: whole) != nil)
        // Cut anywhere, or with a byte of the pixel data changed into a bad filter, it has none (and does not crash).
        for cut in stride(from: 0, to: whole.count - 12, by: 3) { _ = PNGContent.bounds(of: Array(whole[..<cut])) }
        #expect(PNGContent.bounds(of: Array(whole.prefix(whole.count - 20))) == nil)
        #expect(PNGContent.bounds(of: Array("GIF89a not a png at all, not at all".utf8)) == nil)
    }
}
