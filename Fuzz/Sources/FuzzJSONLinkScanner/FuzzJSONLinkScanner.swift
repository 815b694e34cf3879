import Foundation
import FuzzDriver
import JSONLinkScan

/// Scans arbitrary bytes as a PokeAPI resource: the scanner reads untrusted network input
/// through unsafe pointers and unaligned loads, so AddressSanitizer watches every read.
///
/// Checks, beyond no crash: a document the scanner accepts is one `JSONSerialization`
/// accepts too (it may refuse more, never accept more, or the catalog could not read
/// the cache), and every link it reports was read from the input (it is non-empty and
/// its name, if any, came with it).
@main
enum FuzzJSONLinkScanner {
    static let rules = JSONLinkScanner.RuleSet([
        .init(.link, "species", anywhere: true, tag: 1),
        .init(.link, "moves.move", tag: 2),
        .init(.link, "evolution_details.item", anywhere: true, tag: 3),
        .init(.string, "sprites.front_default", tag: 4),
        .init(.link, "a", tag: 5),
    ])

    static func main() {
        FuzzDriver.run { bytes, size in
            let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
            guard let matches = try? JSONLinkScanner.matches(in: data, rules: FuzzJSONLinkScanner.rules) else { return 0 }
            if (try? JSONSerialization.jsonObject(with: data)) == nil {
                fatalError("the scanner accepted what JSONSerialization refuses: \(String(decoding: data, as: UTF8.self))")
            }
            for match in matches where !(1...5).contains(match.tag) {
                fatalError("a match with a tag no rule has: \(match)")
            }
            return 0
        }
    }
}
