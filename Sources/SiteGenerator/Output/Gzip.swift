import CZlib
import Foundation

/// gzip at level 9, as `gzip -9` writes it: what a static host sends, so what a size
/// budget for the search files is about.
enum Gzip {
    /// The size of `data` gzipped; nil if zlib fails (never for memory it was given).
    static func compressedSize(of data: Data) -> Int? {
        var stream = z_stream()
        // 15 window bits + 16: a gzip header and trailer rather than zlib's.
        guard deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return nil
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        return data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int? in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            return output.withUnsafeMutableBufferPointer { buffer -> Int? in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return nil }
                return Int(stream.total_out)
            }
        }
    }
}
