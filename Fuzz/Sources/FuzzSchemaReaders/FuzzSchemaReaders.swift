import Foundation
import FuzzDriver
import PokeAPISchema

/// Reads arbitrary bytes with the schema's hand-written readers: a pokemon's `moves` read
/// straight from the bytes (`Wire.Learnset.read`, unsafe pointers and all), the tape that
/// hands them to it, and each resource's fast paths (links, texts, encounters).
///
/// The input's first byte picks the way (`SchemaReaders.disagreement`): its value modulo 3
/// the reader, divided by 3 the resource, and its top bit the texts' language filter; the
/// rest is the JSON. Beyond no crash: whatever the readers accept, Foundation's
/// `JSONDecoder` reads from the same bytes, with the same value.
@main
enum FuzzSchemaReaders {
    static func main() {
        FuzzDriver.run { bytes, size in
            guard let bytes, size > 0 else { return 0 }
            let selector = Int(bytes[0])
            let data = Data(bytes: bytes + 1, count: size - 1)
            if let problem = SchemaReaders.disagreement(data, way: selector & 0x7f, resource: (selector & 0x7f) / 3, filtered: selector & 0x80 != 0) {
                fatalError("\(problem): \(String(decoding: data, as: UTF8.self))")
            }
            return 0
        }
    }
}
