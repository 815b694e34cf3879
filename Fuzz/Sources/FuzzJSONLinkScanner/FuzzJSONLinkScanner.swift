import Foundation
import FuzzDriver
import JSONLinkScan

/// Scans arbitrary bytes as a PokeAPI resource: the scanner reads untrusted network input
/// through unsafe pointers and unaligned loads, so AddressSanitizer watches every read.
///
/// Checks, beyond no crash: a document the scanner accepts is one `JSONSerialization`
/// accepts too (it may refuse more, never accept more, or the catalog could not read
/// the cache), and every link it reports was read from the input (it is non-empty and
/// its name, if any, came with it). The catalog's `TapeJSONDecoder` lays its own tape
/// over the same lexer: it must accept exactly what the scanner accepts, and read every
/// value of what it accepts. `whyInvalid` says where any refused input stops being JSON.
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
            let matches = try? JSONLinkScanner.matches(in: data, rules: FuzzJSONLinkScanner.rules)
            let decoded = try? TapeJSONDecoder().decode(AnyJSON.self, from: data)
            if (matches == nil) != (decoded == nil) {
                fatalError("the scanner and the tape disagree (scanner: \(matches == nil ? "refused" : "accepted")): \(String(decoding: data, as: UTF8.self))")
            }
            // Where a refused file stops being JSON is said of any bytes without a crash, and
            // of exactly the files the scanner refuses (a lone byte-order mark aside).
            let why = JSONLinkScanner.whyInvalid(data)
            if matches != nil, why != nil {
                fatalError("a reason given for a document the scanner accepts: \(why ?? "")")
            }
            guard let matches else { return 0 }
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

/// Any JSON value, decoded through every kind of container the tape decoder offers.
enum AnyJSON: Decodable {
    case object([String: AnyJSON]), array([AnyJSON]), string(String), number(Double), bool(Bool), null

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: AnyJSON] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(AnyJSON.self, forKey: key) }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [AnyJSON] = []
            while !array.isAtEnd { elements.append(try array.decode(AnyJSON.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}
