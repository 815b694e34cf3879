import Foundation

/// A PNG's width and height in pixels, as its header gives them.
///
/// Only the first 24 bytes are read: the signature, then the IHDR chunk's length, type,
/// width and height. Anything else (a truncated file, a GIF, an SVG) has no size.
struct PNGSize: Sendable, Hashable {
    var width: Int
    var height: Int

    /// How many bytes of a file the size needs.
    static let headerLength = 24

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The size a PNG header gives, or nil when the bytes are not one.
    init?(header: some Collection<UInt8>) {
        let bytes = Array(header.prefix(Self.headerLength))
        guard bytes.count == Self.headerLength,
              bytes[0..<8].elementsEqual(Self.signature),
              bytes[12..<16].elementsEqual(Self.headerChunk)
        else { return nil }
        let width = Self.bigEndian(bytes[16..<20])
        let height = Self.bigEndian(bytes[20..<24])
        // The PNG specification allows 1 to 2^31 - 1 on each side.
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else { return nil }
        self.width = width
        self.height = height
    }

    /// The size of the PNG at `url`, or nil when it is missing, unreadable or not a PNG.
    static func read(at url: URL) -> PNGSize? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: headerLength) else { return nil }
        return PNGSize(header: data)
    }
}

/// What every PNG reader and writer here shares (``PNGContent``, ``AppIcon``).
extension PNGSize {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let headerChunk: [UInt8] = Array("IHDR".utf8)

    /// A big-endian unsigned number (PNG's lengths, sizes and colour keys).
    static func bigEndian(_ bytes: some Collection<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
