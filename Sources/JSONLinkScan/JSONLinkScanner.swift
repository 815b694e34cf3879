import Foundation

/// Reads a JSON document once, checking that it is valid, and reports the links it holds
/// at the key paths a fetch follows.
///
/// A fetch has to read every resource it downloads: to refuse invalid JSON before it is
/// cached, and to learn what the resource reaches. `JSONDecoder` builds a value for every
/// field of a pokemon (100–600 KB of move details and per-game sprites) to give back a few
/// dozen links; this scanner reads the bytes in place and allocates only for the strings
/// it reports, which keeps the fetch close to network speed.
///
/// Key paths name object keys from the root; arrays are transparent, so
/// `["moves", "move"]` matches `moves[3].move`. A rule marked `anywhere` matches the end
/// of a path, for recursive documents such as evolution chains.
public struct JSONLinkScanner {
    public struct Rule: Sendable {
        public enum Kind: Sendable {
            /// An object with a string `url` (and maybe a `name`) at the path.
            case link
            /// A string value at the path.
            case string
        }

        let kind: Kind
        let keys: [[UInt8]]
        let anywhere: Bool
        /// The caller's tag for what the match means.
        let tag: Int

        public init(_ kind: Kind, _ path: String, anywhere: Bool = false, tag: Int = 0) {
            self.kind = kind
            self.keys = path.split(separator: ".").map { Array($0.utf8) }
            self.anywhere = anywhere
            self.tag = tag
        }
    }

    /// One match: the rule's tag, the link's `url` (or the string), and its `name` if any.
    public struct Match: Hashable, Sendable {
        public let tag: Int
        public let value: String
        public let name: String?

        public init(tag: Int, value: String, name: String?) {
            self.tag = tag
            self.value = value
            self.name = name
        }
    }

    /// Why a document is not valid JSON, with the byte offset where reading stopped.
    public struct Invalid: Error, Equatable {
        public let offset: Int
    }

    /// Rules compiled once into plain values (no nested arrays to retain in the hot loop):
    /// each key is a range of `keyBytes`, each rule a range of `keys`.
    public struct RuleSet: Sendable {
        /// Ordered by ``bucket(_:)`` of their last key: the rules whose last key lands in
        /// bucket b are `linkRules[linkStarts[b]..<linkStarts[b + 1]]`, and the last bucket
        /// holds the rules without keys. A pokemon has hundreds of sprite rules and
        /// thousands of strings; each string is held against the few rules that end in
        /// a key like its own.
        let linkRules: [Compiled]
        let linkStarts: [Int]
        let stringRules: [Compiled]
        let stringStarts: [Int]
        let keys: [Range<Int>]
        let keyBytes: [UInt8]
        let linkDepths: UInt64
        let stringDepths: UInt64

        /// How many buckets rules are sorted into, besides the one for rules without keys.
        static let buckets = 64

        /// The bucket of a key: from its length and first and last bytes, which tell apart
        /// `front_default`, `back_shiny`, `url` and `name`.
        static func bucket(_ key: UnsafeBufferPointer<UInt8>) -> Int {
            guard let first = key.first, let last = key.last else { return 0 }
            return (key.count &* 131 &+ Int(first) &* 31 &+ Int(last)) & (buckets - 1)
        }

        public init(_ rules: [Rule]) {
            var keys: [Range<Int>] = [], keyBytes: [UInt8] = [], compiled: [Compiled] = []
            for rule in rules {
                let first = keys.count
                for key in rule.keys {
                    keys.append(keyBytes.count..<(keyBytes.count + key.count))
                    keyBytes += key
                }
                compiled.append(Compiled(kind: rule.kind, anywhere: rule.anywhere, tag: rule.tag, keys: first..<keys.count))
            }
            self.keys = keys
            self.keyBytes = keyBytes
            (linkRules, linkStarts) = Self.sorted(compiled.filter { $0.kind == .link }, keys: keys, keyBytes: keyBytes)
            (stringRules, stringStarts) = Self.sorted(compiled.filter { $0.kind == .string }, keys: keys, keyBytes: keyBytes)
            linkDepths = Self.depths(linkRules)
            stringDepths = Self.depths(stringRules)
        }

        /// `rules` in bucket order (in their given order within a bucket), and where each bucket starts.
        static func sorted(_ rules: [Compiled], keys: [Range<Int>], keyBytes: [UInt8]) -> ([Compiled], [Int]) {
            let bucketOf: [Int] = keyBytes.withUnsafeBufferPointer { bytes in
                rules.map { rule in
                    guard let last = rule.keys.last else { return buckets }
                    return bucket(UnsafeBufferPointer(rebasing: bytes[keys[last]]))
                }
            }
            let order = rules.indices.sorted { (bucketOf[$0], $0) < (bucketOf[$1], $1) }
            var starts = [Int](repeating: rules.count, count: buckets + 2)
            for (position, index) in order.enumerated().reversed() { starts[bucketOf[index]] = position }
            for bucket in stride(from: buckets, through: 0, by: -1) { starts[bucket] = min(starts[bucket], starts[bucket + 1]) }
            return (order.map { rules[$0] }, starts)
        }

        /// Bit n is set when some rule of `rules` can match a path of n keys; all bits when
        /// one matches the end of a path. Most values sit where no rule could match, and
        /// this one test turns them away (a pokemon has thousands of names and urls).
        static func depths(_ rules: [Compiled]) -> UInt64 {
            rules.reduce(0) { mask, rule in
                rule.anywhere || rule.keys.count >= 64 ? ~0 : mask | 1 << UInt64(rule.keys.count)
            }
        }

        public static let none = RuleSet([])

        /// The rules as buffers, for the length of `body`: the scan's hot loop then reads
        /// them without retaining and releasing arrays at every string.
        func withView<Result>(_ body: (View) -> Result) -> Result {
            linkRules.withUnsafeBufferPointer { linkRules in
                stringRules.withUnsafeBufferPointer { stringRules in
                    linkStarts.withUnsafeBufferPointer { linkStarts in
                        stringStarts.withUnsafeBufferPointer { stringStarts in
                            keys.withUnsafeBufferPointer { keys in
                                keyBytes.withUnsafeBufferPointer { keyBytes in
                                    body(View(link: Rules(rules: linkRules, starts: linkStarts),
                                              string: Rules(rules: stringRules, starts: stringStarts),
                                              keys: keys, keyBytes: keyBytes, linkDepths: linkDepths, stringDepths: stringDepths))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A ``RuleSet`` borrowed as buffers, valid only inside ``RuleSet/withView(_:)``.
    struct View {
        let link: Rules
        let string: Rules
        let keys: UnsafeBufferPointer<Range<Int>>
        let keyBytes: UnsafeBufferPointer<UInt8>
        let linkDepths: UInt64
        let stringDepths: UInt64
    }

    /// One kind's rules in bucket order, and where each bucket starts (see ``RuleSet``).
    struct Rules {
        let rules: UnsafeBufferPointer<Compiled>
        let starts: UnsafeBufferPointer<Int>
    }

    /// A rule as plain values: its keys are a range of ``RuleSet/keys``.
    struct Compiled: Sendable {
        let kind: Rule.Kind
        let anywhere: Bool
        let tag: Int
        let keys: Range<Int>
    }

    /// Every match of `rules` in `data`, in document order; throws ``Invalid`` unless
    /// `data` is one JSON object or array, valid UTF-8, with nothing after it.
    ///
    /// A match that repeats an earlier one (same tag, same text, same name) is reported
    /// once, where it first occurs: a pokemon names the same game and learn method in
    /// hundreds of move details, and a caller would only build and drop those strings.
    public static func matches(in data: Data, rules: [Rule]) throws(Invalid) -> [Match] {
        try matches(in: data, rules: RuleSet(rules))
    }

    public static func matches(in data: Data, rules: RuleSet) throws(Invalid) -> [Match] {
        let result: Result<[Match], Invalid> = data.withUnsafeBytes { buffer in
            rules.withView { view in
                withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: maximumDepth + 1) { path in
                    var scanner = Scan(bytes: buffer.bindMemory(to: UInt8.self), rules: view, path: path)
                    return Result { () throws(Invalid) in
                        try scanner.document()
                        return scanner.matches
                    }
                }
            }
        }
        return try result.get()
    }

    /// Whether `data` is one valid JSON object or array.
    public static func isValid(_ data: Data) -> Bool {
        (try? matches(in: data, rules: RuleSet.none)) != nil
    }
}

extension JSONLinkScanner {
    /// The deepest nesting accepted; deeper documents are refused rather than risking the stack.
    public static let maximumDepth = 512

    /// One reading of a document.
    ///
    /// `equals`, `mayMatch` and the report helpers (`matches`, `hash`, `mix`, `same`) are
    /// `@inline(__always)`, and `decode` is static: called on `self` from a mutating method
    /// without being inlined, such a method was seen (in `perf`, with this compiler) to get a
    /// copy of the whole scan first, 192 bytes by `memcpy`, twice per string value, a fifth
    /// of a scan.
    struct Scan {
        var lexer: JSONLexer
        var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }
        var position: Int {
            get { lexer.position }
            set { lexer.position = newValue }
        }
        let rules: View
        /// The keys from the root to the current value, as ranges of `bytes`: `keyCount` of
        /// them, in storage for as many as nesting allows.
        let path: UnsafeMutableBufferPointer<Range<Int>>
        var keyCount = 0
        var matches: [Match] = []
        /// What each match was read from, by a hash of its tag and bytes: a repeat is
        /// recognised by comparing bytes, before any string is made.
        var reported = Reported()

        init(bytes: UnsafeBufferPointer<UInt8>, rules: View, path: UnsafeMutableBufferPointer<Range<Int>>) {
            lexer = JSONLexer(bytes: bytes)
            self.rules = rules
            self.path = path
        }

        mutating func string() throws(Invalid) -> Range<Int> { try lexer.string() }
        mutating func number() throws(Invalid) { try lexer.number() }
        mutating func literal(_ word: StaticString) throws(Invalid) { try lexer.literal(word) }
        mutating func skipWhitespace() { lexer.skipWhitespace() }
        func peek() -> UInt8? { lexer.peek() }
        func invalid() -> Invalid { lexer.invalid() }

        mutating func document() throws(Invalid) {
            skipWhitespace()
            guard let first = peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { throw invalid() }
            try value(depth: 0)
            skipWhitespace()
            guard position == bytes.count else { throw invalid() }
        }

        /// A string value is returned as the range of its body, for the caller to report.
        @discardableResult
        mutating func value(depth: Int) throws(Invalid) -> Range<Int>? {
            guard depth < JSONLinkScanner.maximumDepth, let byte = peek() else { throw invalid() }
            switch byte {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): return try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default: try number()
            }
            return nil
        }

        mutating func object(depth: Int) throws(Invalid) {
            position += 1
            skipWhitespace()
            var url: Range<Int>?
            var name: Range<Int>?
            if peek() == UInt8(ascii: "}") {
                position += 1
                return
            }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw invalid() }
                let key = try string()
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw invalid() }
                position += 1
                skipWhitespace()
                path[keyCount] = key
                keyCount += 1
                if let text = try value(depth: depth + 1) {
                    if equals(key, "url") { url = text } else if equals(key, "name") { name = text }
                    if mayMatch(rules.stringDepths) { report(rules.string, text, name: nil) }
                }
                keyCount -= 1
                skipWhitespace()
                // Stopped at the byte itself, not past it: a comma left out is said where
                // the next value starts.
                guard let next = peek() else { throw invalid() }
                if next == UInt8(ascii: "}") {
                    position += 1
                    break
                }
                guard next == UInt8(ascii: ",") else { throw invalid() }
                position += 1
            }
            if let url, mayMatch(rules.linkDepths) { report(rules.link, url, name: name) }
        }

        mutating func array(depth: Int) throws(Invalid) {
            position += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                position += 1
                return
            }
            while true {
                skipWhitespace()
                try value(depth: depth + 1)
                skipWhitespace()
                guard let next = peek() else { throw invalid() }
                if next == UInt8(ascii: "]") {
                    position += 1
                    return
                }
                guard next == UInt8(ascii: ",") else { throw invalid() }
                position += 1
            }
        }

        @inline(__always)
        func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != word.utf8Start[offset] { return false }
            return true
        }

        /// Whether a rule with these depths (see ``RuleSet/depths(_:)``) could match the current path.
        @inline(__always)
        func mayMatch(_ depths: UInt64) -> Bool {
            depths & (keyCount < 64 ? 1 << UInt64(keyCount) : 1 << 63) != 0
        }

        /// Reports the string at `text` for every rule of `rules` whose keys match the current path.
        mutating func report(_ rules: Rules, _ text: Range<Int>, name: Range<Int>?) {
            // The rules ending in a key like the path's last one, then those without keys.
            let bucket = keyCount == 0 ? RuleSet.buckets : RuleSet.bucket(UnsafeBufferPointer(rebasing: bytes[path[keyCount - 1]]))
            report(rules.rules[rules.starts[bucket]..<rules.starts[bucket + 1]], text, name: name)
            if bucket != RuleSet.buckets {
                report(rules.rules[rules.starts[RuleSet.buckets]..<rules.starts[RuleSet.buckets + 1]], text, name: name)
            }
        }

        mutating func report(_ rules: Slice<UnsafeBufferPointer<Compiled>>, _ text: Range<Int>, name: Range<Int>?) {
            for rule in rules where matches(rule) {
                let key = hash(rule.tag, text, name)
                var slot = reported.slot(for: key)
                while let earlier = reported.entries[slot] {
                    if earlier.key == key, earlier.tag == rule.tag, same(earlier.text, text), same(earlier.name, name) { break }
                    slot = reported.next(slot)
                }
                guard reported.entries[slot] == nil else { continue }
                reported.insert(Reported.Entry(key: key, tag: rule.tag, text: text, name: name), at: slot)
                matches.append(Match(tag: rule.tag, value: Self.decode(bytes, text), name: name.map { Self.decode(bytes, $0) }))
            }
        }

        /// The matches reported so far, in an open-addressed table over their own hashes:
        /// a `Dictionary` hashed each of those hashes again (SipHash) at every link a
        /// pokemon repeats, a few hundred per move list.
        struct Reported {
            struct Entry {
                let key: UInt64
                let tag: Int
                let text: Range<Int>
                let name: Range<Int>?
            }

            /// A power of two in size, never more than half full, so every probe ends at a nil.
            private(set) var entries = [Entry?](repeating: nil, count: 64)
            private var count = 0
            /// log2 of the size.
            private var bits = 6

            /// Chosen per process: the document comes from a server, and a slot it could
            /// work out ahead of time would let it pile every match into one run of slots
            /// (the `Dictionary` this replaces seeded its hashing the same way).
            static let seed = UInt64.random(in: .min ... .max)

            /// The top bits of the seeded key, spread by a multiply (Fibonacci hashing).
            func slot(for key: UInt64) -> Int {
                Int(truncatingIfNeeded: ((key ^ Self.seed) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
            }

            func next(_ slot: Int) -> Int {
                (slot + 1) & (entries.count - 1)
            }

            /// Stores `entry` at `slot`, a nil the probe for its key ended on.
            mutating func insert(_ entry: Entry, at slot: Int) {
                entries[slot] = entry
                count += 1
                guard count * 2 > entries.count else { return }
                let old = entries
                entries = [Entry?](repeating: nil, count: old.count * 2)
                bits += 1
                for case let entry? in old {
                    var slot = self.slot(for: entry.key)
                    while entries[slot] != nil { slot = next(slot) }
                    entries[slot] = entry
                }
            }
        }

        /// A hash of the tag and both byte ranges (a missing name differs from an empty one),
        /// eight bytes at a time: it only has to spread repeats apart, since equal hashes are
        /// compared byte by byte.
        @inline(__always)
        func hash(_ tag: Int, _ text: Range<Int>, _ name: Range<Int>?) -> UInt64 {
            var value = UInt64(truncatingIfNeeded: tag) &+ 0x9e37_79b9_7f4a_7c15
            mix(&value, text)
            if let name { mix(&value, name) } else { value = (value ^ 0xff) &* 0xff51_afd7_ed55_8ccd }
            return value
        }

        @inline(__always)
        func mix(_ value: inout UInt64, _ range: Range<Int>) {
            let base = UnsafeRawPointer(bytes.baseAddress!)
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                value = (value ^ word) &* 0xff51_afd7_ed55_8ccd
                value ^= value >> 29
                offset += 8
            }
            var tail = UInt64(range.count) << 56
            var shift: UInt64 = 0
            while offset < range.upperBound {
                tail |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            value = (value ^ tail) &* 0xc4ce_b9fe_1a85_ec53
            value ^= value >> 32
        }

        /// Whether two ranges of the document hold the same bytes (both nil counts as the same).
        @inline(__always)
        func same(_ first: Range<Int>?, _ second: Range<Int>?) -> Bool {
            guard let first, let second else { return first == nil && second == nil }
            guard first.count == second.count else { return false }
            return sameBytes(bytes.baseAddress! + first.lowerBound, bytes.baseAddress! + second.lowerBound, count: first.count)
        }

        @inline(__always)
        func matches(_ rule: Compiled) -> Bool {
            let count = rule.keys.count
            guard rule.anywhere ? keyCount >= count : keyCount == count else { return false }
            let offset = keyCount - count
            // Whole words, not a loop over bytes: this comparison was half of the time spent
            // reporting (`version_group_details` for every move a pokemon learns).
            for index in 0..<count {
                let range = path[offset + index], key = rules.keys[rule.keys.lowerBound + index]
                guard range.count == key.count,
                      sameBytes(bytes.baseAddress! + range.lowerBound, rules.keyBytes.baseAddress! + key.lowerBound, count: key.count)
                else { return false }
            }
            return true
        }

        /// The text of a string body, escapes resolved.
        static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
            let body = UnsafeBufferPointer(rebasing: bytes[range])
            guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
            var quoted = [UInt8(ascii: "\"")]
            quoted += body
            quoted.append(UInt8(ascii: "\""))
            return (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? String(decoding: body, as: UTF8.self)
        }
    }
}

