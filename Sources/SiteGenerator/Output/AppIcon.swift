import CZlib
import Foundation

/// The installed site's icon: a Poké Ball drawn by the build as a PNG (home screens and
/// install prompts want PNGs at fixed sizes), the same drawing as `assets/favicon.svg`.
/// Our own drawing, antialiased by sampling each pixel four times four.
enum AppIcon {
    /// The sizes the manifest lists (what Android and desktop installers ask for).
    static let sizes = [192, 512]

    static func path(_ size: Int) -> String { "assets/icon-\(size).png" }

    /// The icon as PNG bytes, `size` pixels square, on the theme's red with a margin the
    /// "maskable" safe zone keeps.
    static func png(size: Int) -> Data {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        let samples = 4
        for y in 0..<size {
            for x in 0..<size {
                var sum = (r: 0.0, g: 0.0, b: 0.0)
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        // Coordinates in a 32-unit square, as the SVG favicon draws it.
                        let u = (Double(x) + (Double(sx) + 0.5) / Double(samples)) / Double(size) * 32
                        let v = (Double(y) + (Double(sy) + 0.5) / Double(samples)) / Double(size) * 32
                        let color = Self.color(u: u, v: v)
                        sum.r += color.r; sum.g += color.g; sum.b += color.b
                    }
                }
                let count = Double(samples * samples)
                let at = (y * size + x) * 4
                pixels[at] = UInt8((sum.r / count).rounded())
                pixels[at + 1] = UInt8((sum.g / count).rounded())
                pixels[at + 2] = UInt8((sum.b / count).rounded())
                pixels[at + 3] = 255
            }
        }
        return encode(width: size, height: size, rgba: pixels)
    }

    /// The drawing: a ball of radius 10 in the middle of a red square (the safe zone of a
    /// maskable icon is the middle 80%), white below, red above, a dark band and button.
    private static func color(u: Double, v: Double) -> (r: Double, g: Double, b: Double) {
        let background = (r: 200.0, g: 40.0, b: 60.0)
        let red = (r: 227.0, g: 53.0, b: 13.0), white = (r: 255.0, g: 255.0, b: 255.0), dark = (r: 43.0, g: 43.0, b: 51.0)
        let dx = u - 16, dy = v - 16
        let distance = (dx * dx + dy * dy).squareRoot()
        let radius = 10.5, outline = 1.6
        if distance > radius { return background }
        if distance > radius - outline { return dark }
        if distance < 2.4 { return white }
        if distance < 4.0 { return dark }
        if abs(dy) < outline / 2 + 0.3 { return dark }
        return dy < 0 ? red : white
    }

    /// A PNG of 8-bit RGBA rows (filter 0), deflated with zlib.
    static func encode(width: Int, height: Int, rgba: [UInt8]) -> Data {
        var raw = [UInt8]()
        raw.reserveCapacity(height * (width * 4 + 1))
        for row in 0..<height {
            raw.append(0)
            raw.append(contentsOf: rgba[(row * width * 4)..<((row + 1) * width * 4)])
        }
        var bound = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(bound))
        let status = raw.withUnsafeBufferPointer { source in
            compressed.withUnsafeMutableBufferPointer { target in
                compress2(target.baseAddress, &bound, source.baseAddress, uLong(raw.count), 9)
            }
        }
        guard status == Z_OK else { return Data() }
        compressed.removeSubrange(Int(bound)...)
        var png = Data(PNGSize.signature)
        var header = Data()
        header.append(contentsOf: bigEndian(width))
        header.append(contentsOf: bigEndian(height))
        header.append(contentsOf: [8, 6, 0, 0, 0])  // 8 bits, RGBA, deflate, no filter choice, no interlace
        png.append(chunk("IHDR", header))
        png.append(chunk("IDAT", Data(compressed)))
        png.append(chunk("IEND", Data()))
        return png
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        var data = Data(bigEndian(body.count))
        let typed = Data(type.utf8) + body
        data.append(typed)
        let crc = typed.withUnsafeBytes { bytes in
            crc32(0, bytes.bindMemory(to: Bytef.self).baseAddress, uInt(typed.count))
        }
        data.append(contentsOf: bigEndian(Int(crc)))
        return data
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
}
