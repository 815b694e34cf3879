import CZlib
import Foundation

/// Where the opaque pixels of a small PNG lie: the rectangle around everything not fully
/// transparent. PokeAPI's 96x96 sprites keep the Pokémon in a fraction of the canvas (a
/// Pikachu is about 40 pixels of it); the detail page's hero crops to this rectangle so
/// the Pokémon, not the empty canvas, fills the picture.
///
/// Only what sprites are made of is read: non-interlaced PNGs of at most
/// ``SpriteShape/largestCanvas`` a side, any bit depth and colour type. Anything else
/// (interlaced, larger, damaged, a decompression that would not fit its size) has no
/// bounds, and the picture is shown whole, as before.
struct PNGContent: Sendable, Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The bounds of the PNG at `url`, or nil.
    static func read(at url: URL) -> PNGContent? {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe), data.count <= 1 << 20 else { return nil }
        return bounds(of: [UInt8](data))
    }

    /// The bounds of a PNG's opaque pixels, or nil (see the type's notes). A fully
    /// transparent image has none either.
    static func bounds(of bytes: [UInt8]) -> PNGContent? {
        guard bytes.count > 33, bytes[0..<8].elementsEqual(PNGSize.signature) else { return nil }
        var header: (width: Int, height: Int, depth: Int, color: Int)?
        var transparency: [UInt8] = []
        var compressed: [UInt8] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = PNGSize.bigEndian(bytes[at..<at + 4])
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let start = at + 8
            guard length >= 0, start + length + 4 <= bytes.count else { return nil }
            let body = bytes[start..<start + length]
            switch type {
            case "IHDR":
                guard length == 13, body[body.startIndex + 12] == 0 else { return nil }  // interlaced: not read
                let width = PNGSize.bigEndian(body.prefix(4)), height = PNGSize.bigEndian(body.dropFirst(4).prefix(4))
                guard (1...SpriteShape.largestCanvas).contains(width), (1...SpriteShape.largestCanvas).contains(height) else { return nil }
                header = (width, height, Int(body[body.startIndex + 8]), Int(body[body.startIndex + 9]))
            case "tRNS": transparency = Array(body)
            case "IDAT": compressed.append(contentsOf: body)
            case "IEND": at = bytes.count; continue
            default: break
            }
            at = start + length + 4
        }
        guard let header, let channels = channels[header.color], [1, 2, 4, 8, 16].contains(header.depth) else { return nil }
        let bitsPerPixel = channels * header.depth
        let rowBytes = (header.width * bitsPerPixel + 7) / 8
        let expected = header.height * (rowBytes + 1)
        guard let raw = inflate(compressed, size: expected) else { return nil }
        guard let rows = unfilter(raw, rowBytes: rowBytes, height: header.height, bytesPerPixel: max(1, bitsPerPixel / 8)) else { return nil }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<header.height {
            for x in 0..<header.width where isOpaque(rows[y], x: x, header: header, transparency: transparency) {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return PNGContent(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

private extension PNGContent {
    /// Channels per colour type: grey, RGB, palette, grey + alpha, RGBA.
    static let channels: [Int: Int] = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4]

    /// The zlib stream inflated to exactly `size` bytes, or nil (damaged, or more or less).
    static func inflate(_ compressed: [UInt8], size: Int) -> [UInt8]? {
        guard !compressed.isEmpty, size > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: size)
        var length = uLongf(size)
        let status = output.withUnsafeMutableBufferPointer { target in
            compressed.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(length) == size else { return nil }
        return output
    }

    /// The scanlines with their filters undone (PNG's five: none, sub, up, average, Paeth).
    static func unfilter(_ raw: [UInt8], rowBytes: Int, height: Int, bytesPerPixel: Int) -> [[UInt8]]? {
        var rows: [[UInt8]] = []
        rows.reserveCapacity(height)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<height {
            let start = y * (rowBytes + 1)
            let filter = raw[start]
            var row = Array(raw[start + 1..<start + 1 + rowBytes])
            for i in 0..<rowBytes {
                let left = i >= bytesPerPixel ? Int(row[i - bytesPerPixel]) : 0
                let up = Int(previous[i])
                let upperLeft = i >= bytesPerPixel ? Int(previous[i - bytesPerPixel]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let estimate = left + up - upperLeft
                    let (toLeft, toUp, toUpperLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upperLeft))
                    predicted = toLeft <= toUp && toLeft <= toUpperLeft ? left : (toUp <= toUpperLeft ? up : upperLeft)
                default: return nil
                }
                row[i] = UInt8(truncatingIfNeeded: Int(row[i]) + predicted)
            }
            rows.append(row)
            previous = row
        }
        return rows
    }

    /// The sample `index` (of `depth` bits) of a row.
    static func sample(_ row: [UInt8], _ index: Int, depth: Int) -> Int {
        switch depth {
        case 16: return Int(row[index * 2]) << 8 | Int(row[index * 2 + 1])
        case 8: return Int(row[index])
        default:
            let bit = index * depth
            let byte = Int(row[bit / 8])
            return (byte >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
        }
    }

    static func isOpaque(_ row: [UInt8], x: Int, header: (width: Int, height: Int, depth: Int, color: Int), transparency: [UInt8]) -> Bool {
        let depth = header.depth
        switch header.color {
        case 6: return sample(row, x * 4 + 3, depth: depth) != 0
        case 4: return sample(row, x * 2 + 1, depth: depth) != 0
        case 3:
            let index = sample(row, x, depth: depth)
            return index >= transparency.count || transparency[index] != 0
        case 0:
            guard transparency.count >= 2 else { return true }
            return sample(row, x, depth: depth) != PNGSize.bigEndian(transparency.prefix(2))
        case 2:
            guard transparency.count >= 6 else { return true }
            let key = (0..<3).map { PNGSize.bigEndian(transparency.dropFirst($0 * 2).prefix(2)) }
            return (0..<3).map { sample(row, x * 3 + $0, depth: depth) } != key
        default: return true
        }
    }
}
