/// The keys and values of a ``TemplateValue/dictionary(_:)``, in the order they were added.
///
/// Not a `[String: TemplateValue]`: rendering looks names up on every level of the context
/// stack, and a row's `{{root}}` misses the row, its table and its section before the page
/// has it. A Swift dictionary hashes the name again for each (SipHash, seeded per
/// dictionary), which was a twelfth of a full build. Here a key's hash is its stable FNV-1a,
/// made once when the key is added and once per name when a template compiles
/// (``TemplateKey``): a look-up compares hashes, then the one string that matches.
/// Small dictionaries (most view models' rows) are scanned; larger ones keep a slot table.
public struct TemplateDictionary: Sendable {
    private(set) var storage: Storage

    /// An empty dictionary.
    public init() {
        storage = Storage(capacity: 0)
    }

    /// An empty dictionary with room for `minimumCapacity` pairs.
    public init(minimumCapacity: Int) {
        storage = Storage(capacity: minimumCapacity)
    }

    /// The pairs of a Swift dictionary, in key order (its own order changes from run to run).
    public init(_ dictionary: [String: TemplateValue]) {
        storage = Storage(capacity: dictionary.count)
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            storage.append(TemplateKey(key), value)
        }
    }

    /// How many pairs it holds.
    public var count: Int { storage.keys.count }
    public var isEmpty: Bool { storage.keys.isEmpty }
    /// The keys, in the order they were added.
    public var keys: [String] { storage.keys.map(\.text) }

    /// The value under `key`; setting nil removes the pair.
    public subscript(key: String) -> TemplateValue? {
        get { self[TemplateKey(key)] }
        set { self[TemplateKey(key)] = newValue }
    }

    /// The value under a key whose hash is made already.
    public subscript(key: TemplateKey) -> TemplateValue? {
        get { storage.value(of: key) }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            if let newValue {
                if let index = storage.index(of: key) {
                    storage.values[index] = newValue
                } else {
                    storage.append(key, newValue)
                }
            } else if let index = storage.index(of: key) {
                storage.remove(at: index)
            }
        }
    }
}

extension TemplateDictionary: ExpressibleByDictionaryLiteral {
    /// A key written twice is a mistake, as in a Swift dictionary literal (checked in debug
    /// builds; a release build keeps the later value).
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        storage = Storage(capacity: elements.count)
        for (key, value) in elements {
            let key = TemplateKey(key)
            assert(storage.index(of: key) == nil, "the key \(key.text) is written twice")
            self[key] = value
        }
    }
}

extension TemplateDictionary: Sequence {
    public struct Iterator: IteratorProtocol {
        let storage: Storage
        var position = 0

        public mutating func next() -> (key: String, value: TemplateValue)? {
            guard position < storage.keys.count else { return nil }
            defer { position += 1 }
            return (storage.keys[position].text, storage.values[position])
        }
    }

    public func makeIterator() -> Iterator { Iterator(storage: storage) }
    public var underestimatedCount: Int { count }
}

/// A dictionary key with its stable hash, made once. Keys match byte for byte (a Swift
/// `String` key also matches its canonical equivalents: "é" as one scalar or two); the
/// site's keys and template names are ASCII.
public struct TemplateKey: Sendable, Hashable {
    public let text: String
    public let hash: UInt64

    public init(_ text: String) {
        self.text = text
        var text = text
        hash = text.withUTF8 { bytes in
            var value: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return value
        }
    }

    public static func == (lhs: TemplateKey, rhs: TemplateKey) -> Bool {
        lhs.hash == rhs.hash && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension TemplateDictionary {
    /// Pairs in order, and past ``scanned`` pairs a table of slots: each slot the position
    /// of a pair plus one (0 for none), found from the hash's low bits by linear probing.
    final class Storage: @unchecked Sendable {
        /// Up to this many pairs a look-up compares every hash: no table to make or keep.
        static let scanned = 8

        // Unchecked: each look-up otherwise paid a dynamic exclusivity check (a thread-local
        // access set) per field, a twentieth of a build. A storage is changed only through a
        // dictionary that holds it alone (``TemplateDictionary/subscript(_:)``'s setter), so
        // no access can overlap a change. The renderer keeps unretained references to the
        // storages on its context stack: safe because the stack entry holds a strong one.
        @exclusivity(unchecked) var keys: [TemplateKey] = []
        @exclusivity(unchecked) var values: [TemplateValue] = []
        @exclusivity(unchecked) var slots: [Int32] = []

        init(capacity: Int) {
            keys.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }

        func copy() -> Storage {
            let copy = Storage(capacity: 0)
            copy.keys = keys
            copy.values = values
            copy.slots = slots
            return copy
        }

        /// The value under `key`, when it holds one.
        func value(of key: TemplateKey) -> TemplateValue? {
            index(of: key).map { values[$0] }
        }

        func index(of key: TemplateKey) -> Int? {
            if slots.isEmpty {
                for index in keys.indices where keys[index].hash == key.hash && keys[index].text == key.text { return index }
                return nil
            }
            let mask = slots.count - 1
            var slot = Self.start(key.hash) & mask
            while true {
                let stored = Int(slots[slot])
                if stored == 0 { return nil }
                if keys[stored - 1] == key { return stored - 1 }
                slot = (slot + 1) & mask
            }
        }

        /// Adds a pair whose key it does not hold.
        func append(_ key: TemplateKey, _ value: TemplateValue) {
            keys.append(key)
            values.append(value)
            if keys.count > Self.scanned {
                // At most half full: a miss stops at an empty slot soon.
                if slots.count < keys.count * 2 { rebuildSlots() } else { place(keys.count - 1) }
            }
        }

        func remove(at index: Int) {
            keys.remove(at: index)
            values.remove(at: index)
            if keys.count > Self.scanned { rebuildSlots() } else { slots = [] }
        }

        private func rebuildSlots() {
            var size = 16
            while size < keys.count * 4 { size *= 2 }
            slots = Array(repeating: 0, count: size)
            for index in keys.indices { place(index) }
        }

        /// Where probing starts: FNV's low bits depend only on the bytes' low bits ("a" and
        /// "q" share their low four), so its well-mixed high bits are folded in.
        static func start(_ hash: UInt64) -> Int {
            Int(truncatingIfNeeded: hash ^ (hash >> 40))
        }

        private func place(_ index: Int) {
            let mask = slots.count - 1
            var slot = Self.start(keys[index].hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
