import CZlib
import Foundation

/// Undoes a response's `Content-Encoding` (gzip or deflate, which ``APIClient`` asks for),
/// in one pass over the whole body, never past the response size cap.
///
/// The transport receives bodies as the server compressed them and inflates each once it
/// is complete. Inflating as the bytes arrive (AsyncHTTPClient's decompression) handed
/// every inflated piece down the connection's pipeline and into the body on its own: on
/// the mirror, 200 MB in pieces of a few KB, and that passing cost more than the inflating.
enum ContentCoding {
    /// The body before `encoding` was applied: `body` itself when there is none (or one
    /// this client never asks for, which the caller's checks then refuse), and an empty
    /// body as it is (a 304 says its encoding but sends nothing).
    ///
    /// Throws ``TransportFailure/tooLarge`` when the inflated body would pass `maxBytes`
    /// (a small body can inflate a thousandfold), and ``TransportFailure/truncated`` when
    /// the compressed stream is damaged or ends early, as a body cut short would.
    static func decode(_ body: Data, encoding: String?, maxBytes: Int) throws(TransportFailure) -> Data {
        guard !body.isEmpty, let encoding = encoding?.trimmingCharacters(in: .whitespaces).lowercased(),
              ["gzip", "x-gzip", "deflate"].contains(encoding)
        else { return body }
        let result = body.withUnsafeBytes { input in
            Result { () throws(TransportFailure) in try inflated(input, sizeHint: encoding == "deflate" ? nil : gzipSize(input), maxBytes: maxBytes) }
        }
        return try result.get()
    }

    /// What a gzip stream says its content's size is (its last four bytes, modulo 2^32):
    /// only a first guess at the buffer, since the sender may lie.
    static func gzipSize(_ input: UnsafeRawBufferPointer) -> Int? {
        guard input.count >= 18 else { return nil }
        return Int(UInt32(littleEndian: input.loadUnaligned(fromByteOffset: input.count - 4, as: UInt32.self)))
    }

    /// Inflates a zlib or gzip stream (or several gzip members one after another); bytes
    /// after the last member that start no other are ignored, as `gzip -d` does.
    static func inflated(_ input: UnsafeRawBufferPointer, sizeHint: Int?, maxBytes: Int) throws(TransportFailure) -> Data {
        guard let start = input.baseAddress, !input.isEmpty else { throw .truncated }
        var stream = z_stream()
        // 15 + 32: the largest window, and a zlib or gzip header, whichever comes.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .truncated }
        defer { inflateEnd(&stream) }
        // Deflate shrinks by 1032:1 at most; a claimed size beyond that (or the cap) is a lie.
        let limit = maxBytes + 1
        var capacity = min(max(sizeHint ?? input.count * 4, 256), input.count * 1032 + 64, limit)
        guard var buffer = malloc(capacity) else { throw .tooLarge }
        var produced = 0
        stream.next_in = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        while true {
            if produced == capacity {
                guard capacity < limit else {
                    free(buffer)
                    throw .tooLarge
                }
                capacity = min(capacity * 2, limit)
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw .tooLarge
                }
                buffer = grown
            }
            stream.next_out = buffer.assumingMemoryBound(to: Bytef.self) + produced
            stream.avail_out = uInt(capacity - produced)
            let status = inflate(&stream, Z_NO_FLUSH)
            produced = capacity - Int(stream.avail_out)
            if produced > maxBytes {
                free(buffer)
                throw .tooLarge
            }
            if status == Z_STREAM_END {
                let rest = Int(stream.avail_in)
                let next = input.count - rest
                // Another gzip member follows: read it into the same body.
                if rest >= 2, input[next] == 0x1f, input[next + 1] == 0x8b, inflateReset(&stream) == Z_OK { continue }
                break
            }
            // More room helps only when the output was full; otherwise the input ran out
            // before the stream ended, or the stream is damaged.
            guard status == Z_OK || status == Z_BUF_ERROR, stream.avail_out == 0 else {
                free(buffer)
                throw .truncated
            }
        }
        // A guess from a false trailer, or the last doubling, may have left much unused.
        if capacity - produced > 64 * 1024, let fitted = realloc(buffer, max(produced, 1)) { buffer = fitted }
        return Data(bytesNoCopy: buffer, count: produced, deallocator: .free)
    }
}
