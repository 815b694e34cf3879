/// Reads a schema type's shape without any data: where it decodes links and media URLs.
///
/// The type's own `init(from:)` runs against a decoder that has every key and answers
/// with placeholder values; whenever the init asks for a ``Wire/Link`` (or a sprite URL, or
/// a generation's species) the probe notes the key path. That is how the fetch's rules
/// come from the schema instead of a second list: a field added to the schema is followed
/// from then on. Arrays are transparent, as in the scanner's rules. A type that contains
/// itself (an evolution chain's `evolves_to`) is probed once; what it links to is then
/// matched at any depth.
package enum SchemaProbe {
    /// What a probed path leads to.
    package enum Target: Int, Sendable, Hashable {
        /// A `{name, url}` link (or a bare URL string, `linkString`) to another resource.
        case link, linkString
        /// A sprite or cry URL.
        case sprite
        /// Official artwork and HOME renders, fetched only when the site shows them.
        case artwork, home
        case generationSpecies
    }

    /// One place the type reads a link.
    package struct Found: Sendable, Hashable {
        /// Object keys from the root (or, with `anywhere`, from the recursive node).
        package var path: [String]
        package var target: Target
        /// Whether the path lies inside a type that contains itself.
        package var anywhere: Bool
    }

    /// Every field `type` reads, with its type, in reading order: a change to the schema
    /// changes it, so records written by an older schema are never misread.
    package static func signature(of type: any Decodable.Type) -> String {
        let state = State(spellsFields: true)
        _ = try? type.init(from: ProbeDecoder(state: state, path: [], stack: [], depths: []))
        return state.fields.joined(separator: "\n")
    }

    /// Every place `type` reads a link, sorted.
    package static func links(of type: any Decodable.Type) -> [Found] {
        let state = State(spellsFields: false)
        _ = try? type.init(from: ProbeDecoder(state: state, path: [], stack: [], depths: []))
        var found = Set<Found>()
        for record in state.records {
            if let cut = record.stack.firstIndex(where: { state.recursive.contains($0.type) }) {
                found.insert(Found(path: Array(record.path[record.stack[cut].depth...]), target: record.target, anywhere: true))
            } else {
                found.insert(Found(path: record.path, target: record.target, anywhere: false))
            }
        }
        return found.sorted { ($0.path.joined(separator: "."), $0.target.rawValue) < ($1.path.joined(separator: "."), $1.target.rawValue) }
    }
}

/// A type the probe answers itself instead of decoding: the leaves that mean "a link".
protocol ProbeLeaf {
    static var probeTarget: SchemaProbe.Target? { get }
    static var probeValue: Self { get }
}

extension Wire.Link: ProbeLeaf {
    static var probeTarget: SchemaProbe.Target? { .link }
    static var probeValue: Self { Wire.Link(name: "", url: "") }
}

extension Wire.SpriteURL: ProbeLeaf {
    static var probeTarget: SchemaProbe.Target? { .sprite }
    static var probeValue: Self { Wire.SpriteURL(url: "") }
}

extension Wire.ResourceURL: ProbeLeaf {
    static var probeTarget: SchemaProbe.Target? { .linkString }
    static var probeValue: Self { Wire.ResourceURL(url: "") }
}

extension Wire.ArtworkURL: ProbeLeaf {
    static var probeTarget: SchemaProbe.Target? { .artwork }
    static var probeValue: Self { Wire.ArtworkURL(url: "") }
}

extension Wire.HomeURL: ProbeLeaf {
    static var probeTarget: SchemaProbe.Target? { .home }
    static var probeValue: Self { Wire.HomeURL(url: "") }
}

extension Wire.GenerationSpecies: ProbeLeaf {
    static var probeTarget: SchemaProbe.Target? { .generationSpecies }
    static var probeValue: Self { Wire.GenerationSpecies(name: nil, url: "") }
}

extension Wire.Mention: ProbeLeaf {
    static var probeTarget: SchemaProbe.Target? { nil }
    static var probeValue: Self { Wire.Mention(name: nil, url: nil) }
}

/// Arrays and optionals of a type the probe is already inside: answered empty, which
/// ends the recursion (`evolves_to: [ChainLink]`).
protocol ProbeContainer {
    static var elementType: Any.Type { get }
    static var probeEmpty: Self { get }
}

extension Array: ProbeContainer {
    static var elementType: Any.Type { Element.self }
    static var probeEmpty: Self { [] }
}

extension Optional: ProbeContainer {
    static var elementType: Any.Type { Wrapped.self }
    static var probeEmpty: Self { nil }
}

private extension SchemaProbe {
    struct Frame: Hashable {
        var type: ObjectIdentifier
        var depth: Int
    }

    struct Record {
        var path: [String]
        var target: Target
        var stack: [Frame]
    }

    /// A type's name as `String(describing:)` spells it (`Array<Link>`, a private type by
    /// its bare name): the runtime's `_typeName`, where `String(describing:)` ends, without
    /// the `Mirror` and the cast to each printing protocol it takes to get there. The first
    /// cast of a type searches every conformance the binary holds: a tenth of the probes a
    /// build makes.
    package static func describedName(_ type: Any.Type) -> String {
        _typeName(type, qualified: false)
    }

    final class State {
        var records: [Record] = []
        var fields: [String] = []
        var recursive: Set<ObjectIdentifier> = []
        /// Whether every field is spelled out for ``signature(of:)``: `links(of:)` does
        /// without (`String(describing:)` of every field's type was a third of a probe, and
        /// a cold fetch probes each resource's schema while its other workers wait).
        let spellsFields: Bool

        /// Each type's name (``describedName(_:)``), spelled once per probe: a link type
        /// is met at hundreds of fields.
        private var names: [ObjectIdentifier: String] = [:]

        init(spellsFields: Bool) {
            self.spellsFields = spellsFields
        }

        func name(of type: Any.Type) -> String {
            if let known = names[ObjectIdentifier(type)] { return known }
            let name = SchemaProbe.describedName(type)
            names[ObjectIdentifier(type)] = name
            return name
        }
    }

    /// Answers every request with a placeholder, noting links and descending into types.
    struct ProbeDecoder: Decoder {
        let state: State
        let path: [String]
        let stack: [Frame]
        let depths: [Int]

        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(state: State, path: [String], stack: [Frame], depths: [Int]) {
            self.state = state
            self.path = path
            self.stack = stack
            self.depths = depths
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(Keyed<Key>(decoder: self))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            Unkeyed(decoder: self)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(decoder: self)
        }

        /// Decodes one value of `type` found at `path`.
        func value<T: Decodable>(_ type: T.Type, at path: [String]) throws -> T {
            // describing, not reflecting: a private type's reflection holds a memory address.
            if state.spellsFields { state.fields.append(path.joined(separator: ".") + ":" + state.name(of: type)) }
            if let leaf = type as? any ProbeLeaf.Type {
                if let target = leaf.probeTarget {
                    state.records.append(Record(path: path, target: target, stack: stack))
                }
                return leaf.probeValue as! T
            }
            if let primitive = Self.placeholder(type) { return primitive }
            if let container = type as? any ProbeContainer.Type {
                let element = ObjectIdentifier(container.elementType)
                if stack.contains(where: { $0.type == element }) {
                    state.recursive.insert(element)
                    return container.probeEmpty as! T
                }
            }
            let id = ObjectIdentifier(type)
            if stack.contains(where: { $0.type == id }) {
                state.recursive.insert(id)
                throw Cut()
            }
            let frame = Frame(type: id, depth: path.count)
            return try T(from: ProbeDecoder(state: state, path: path, stack: stack + [frame], depths: depths))
        }

        static func placeholder<T>(_ type: T.Type) -> T? {
            switch type {
            case is String.Type: return "" as? T
            case is Bool.Type: return false as? T
            case is Int.Type: return 0 as? T
            case is Int8.Type: return Int8(0) as? T
            case is Int16.Type: return Int16(0) as? T
            case is Int32.Type: return Int32(0) as? T
            case is Int64.Type: return Int64(0) as? T
            case is UInt.Type: return UInt(0) as? T
            case is UInt8.Type: return UInt8(0) as? T
            case is UInt16.Type: return UInt16(0) as? T
            case is UInt32.Type: return UInt32(0) as? T
            case is UInt64.Type: return UInt64(0) as? T
            case is Double.Type: return 0.0 as? T
            case is Float.Type: return Float(0) as? T
            default: return nil
            }
        }
    }

    /// Thrown when a type would contain itself with no array or optional to end it.
    struct Cut: Error {}

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ProbeDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }
        func decodeNil(forKey key: Key) throws -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.value(type, at: decoder.path + [key.stringValue])
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            KeyedDecodingContainer(Keyed<NestedKey>(decoder: child(key)))
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            Unkeyed(decoder: child(key))
        }
        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { child(key) }

        func child(_ key: Key) -> ProbeDecoder {
            ProbeDecoder(state: decoder.state, path: decoder.path + [key.stringValue], stack: decoder.stack, depths: decoder.depths)
        }
    }

    /// One element, then the end: arrays are transparent in the scanner's paths.
    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: ProbeDecoder
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 1 }
        var currentIndex = 0
        var isAtEnd: Bool { currentIndex > 0 }

        init(decoder: ProbeDecoder) {
            self.decoder = decoder
        }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            currentIndex += 1
            return try decoder.value(type, at: decoder.path)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            currentIndex += 1
            return KeyedDecodingContainer(Keyed<NestedKey>(decoder: decoder))
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            currentIndex += 1
            return Unkeyed(decoder: decoder)
        }
        mutating func superDecoder() throws -> any Decoder { decoder }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: ProbeDecoder
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try decoder.value(type, at: decoder.path)
        }
    }
}
