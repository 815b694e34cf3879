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
    public struct Match: Equatable, Sendable {
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
        let linkRules: [Compiled]
        let stringRules: [Compiled]
        let keys: [Range<Int>]
        let keyBytes: [UInt8]
        let linkDepths: UInt64
        let stringDepths: UInt64

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
            linkRules = compiled.filter { $0.kind == .link }
            stringRules = compiled.filter { $0.kind == .string }
            linkDepths = Self.depths(linkRules)
            stringDepths = Self.depths(stringRules)
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
                    keys.withUnsafeBufferPointer { keys in
                        keyBytes.withUnsafeBufferPointer { keyBytes in
                            body(View(linkRules: linkRules, stringRules: stringRules, keys: keys, keyBytes: keyBytes,
                                      linkDepths: linkDepths, stringDepths: stringDepths))
                        }
                    }
                }
            }
        }
    }

    /// A ``RuleSet`` borrowed as buffers, valid only inside ``RuleSet/withView(_:)``.
    struct View {
        let linkRules: UnsafeBufferPointer<Compiled>
        let stringRules: UnsafeBufferPointer<Compiled>
        let keys: UnsafeBufferPointer<Range<Int>>
        let keyBytes: UnsafeBufferPointer<UInt8>
        let linkDepths: UInt64
        let stringDepths: UInt64
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

private extension JSONLinkScanner {
    /// The deepest nesting accepted; deeper documents are refused rather than risking the stack.
    public static let maximumDepth = 512

    struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        let rules: View
        var position = 0
        /// The keys from the root to the current value, as ranges of `bytes`: `keyCount` of
        /// them, in storage for as many as nesting allows.
        let path: UnsafeMutableBufferPointer<Range<Int>>
        var keyCount = 0
        var matches: [Match] = []

        init(bytes: UnsafeBufferPointer<UInt8>, rules: View, path: UnsafeMutableBufferPointer<Range<Int>>) {
            self.bytes = bytes
            self.rules = rules
            self.path = path
        }

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
                    if mayMatch(rules.stringDepths) { report(rules.stringRules, text, name: nil) }
                }
                keyCount -= 1
                skipWhitespace()
                guard let next = peek() else { throw invalid() }
                position += 1
                if next == UInt8(ascii: "}") { break }
                guard next == UInt8(ascii: ",") else { throw invalid() }
            }
            if let url, mayMatch(rules.linkDepths) { report(rules.linkRules, url, name: name) }
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
                position += 1
                if next == UInt8(ascii: "]") { return }
                guard next == UInt8(ascii: ",") else { throw invalid() }
            }
        }

        /// Reads a string and returns the range of its body (between the quotes, escapes kept).
        mutating func string() throws(Invalid) -> Range<Int> {
            position += 1
            let start = position
            while true {
                skipPlainText()
                guard position < bytes.count else { throw invalid() }
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return start..<(position - 1)
                case UInt8(ascii: "\\"):
                    try escape()
                case 0..<0x20:
                    throw invalid()
                case 0x80...:
                    try multiByte(byte)
                default:
                    position += 1
                }
            }
        }

        /// Skips eight bytes at a time while none of them ends the string or needs a look:
        /// no quote, backslash, control character or non-ASCII byte (SWAR: SIMD within a word).
        /// Stops on the first such byte, or with fewer than eight bytes left.
        mutating func skipPlainText() {
            guard let base = bytes.baseAddress else { return }
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while position + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
                let zeroInQuote = (quote &- ones) & ~quote
                let zeroInBackslash = (backslash &- ones) & ~backslash
                let control = (word &- ones &* 0x20) & ~word
                let found = (zeroInQuote | zeroInBackslash | control | word) & highs
                guard found == 0 else {
                    // The lowest flagged byte is exact (a borrow only flags bytes above a real
                    // hit), and the lowest byte of a little-endian word comes first.
                    position += found.trailingZeroBitCount >> 3
                    return
                }
                position += 8
            }
        }

        mutating func escape() throws(Invalid) {
            guard position + 1 < bytes.count else { throw invalid() }
            switch bytes[position + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 2
            case UInt8(ascii: "u"):
                let unit = try codeUnit()
                if (0xDC00...0xDFFF).contains(unit) { throw invalid() }
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate must pair with a low one, or no decoder can read the string.
                    guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u"),
                          (0xDC00...0xDFFF).contains(try codeUnit()) else { throw invalid() }
                }
            default:
                throw invalid()
            }
        }

        /// Reads `\uXXXX` at the position and returns XXXX.
        mutating func codeUnit() throws(Invalid) -> UInt16 {
            guard position + 6 <= bytes.count else { throw invalid() }
            var unit: UInt16 = 0
            for byte in bytes[(position + 2)..<(position + 6)] {
                guard let digit = Self.hexValue(byte) else { throw invalid() }
                unit = unit << 4 | UInt16(digit)
            }
            position += 6
            return unit
        }

        /// Checks one UTF-8 sequence of two to four bytes starting with `lead`.
        mutating func multiByte(_ lead: UInt8) throws(Invalid) {
            let count: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: count = 2
            case 0xE0: count = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: count = 3
            case 0xED: count = 3; high = 0x9F
            case 0xF0: count = 4; low = 0x90
            case 0xF1...0xF3: count = 4
            case 0xF4: count = 4; high = 0x8F
            default: throw invalid()
            }
            guard position + count <= bytes.count else { throw invalid() }
            let second = bytes[position + 1]
            guard second >= low, second <= high else { throw invalid() }
            for offset in 2..<count where bytes[position + offset] & 0xC0 != 0x80 { throw invalid() }
            position += count
        }

        mutating func number() throws(Invalid) {
            let start = position
            var exponent = false
            if peek() == UInt8(ascii: "-") { position += 1 }
            guard let first = peek(), Self.isDigit(first) else { throw invalid() }
            position += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if peek() == UInt8(ascii: ".") {
                position += 1
                guard let digit = peek(), Self.isDigit(digit) else { throw invalid() }
                skipDigits()
            }
            if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                position += 1
                if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
                guard let digit = peek(), Self.isDigit(digit) else { throw invalid() }
                skipDigits()
                exponent = true
            }
            // Decoders read numbers as Double and refuse what overflows it (1e999, or 400
            // digits): so does the scanner, checking only numbers that could.
            if exponent || position - start > 15 {
                guard Self.isFiniteDouble(UnsafeBufferPointer(rebasing: bytes[start..<position])) else { throw invalid() }
            }
        }

        static func isFiniteDouble(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            var terminated = Array(text)
            terminated.append(0)
            return terminated.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    strtod(characters.baseAddress!, nil).isFinite
                }
            }
        }

        mutating func literal(_ word: StaticString) throws(Invalid) {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { throw invalid() }
            for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { throw invalid() }
            position += count
        }

        mutating func skipDigits() {
            while let byte = peek(), Self.isDigit(byte) { position += 1 }
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        func peek() -> UInt8? {
            position < bytes.count ? bytes[position] : nil
        }

        func invalid() -> Invalid {
            Invalid(offset: position)
        }

        static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        static func hexValue(_ byte: UInt8) -> UInt8? {
            if isDigit(byte) { return byte - UInt8(ascii: "0") }
            let lower = byte | 0x20
            return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? lower - UInt8(ascii: "a") + 10 : nil
        }

        func equals(_ range: Range<Int>, _ word: StaticString) -> Bool {
            guard range.count == word.utf8CodeUnitCount else { return false }
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != word.utf8Start[offset] { return false }
            return true
        }

        /// Whether a rule with these depths (see ``RuleSet/depths(_:)``) could match the current path.
        func mayMatch(_ depths: UInt64) -> Bool {
            depths & (keyCount < 64 ? 1 << UInt64(keyCount) : 1 << 63) != 0
        }

        /// Reports the string at `text` for every rule of `rules` whose keys match the current path.
        mutating func report(_ rules: UnsafeBufferPointer<Compiled>, _ text: Range<Int>, name: Range<Int>?) {
            for rule in rules where matches(rule) {
                matches.append(Match(tag: rule.tag, value: decode(text), name: name.map(decode)))
            }
        }

        func matches(_ rule: Compiled) -> Bool {
            let count = rule.keys.count
            guard rule.anywhere ? keyCount >= count : keyCount == count else { return false }
            let offset = keyCount - count
            for index in 0..<count {
                let range = path[offset + index], key = rules.keys[rule.keys.lowerBound + index]
                guard range.count == key.count else { return false }
                for byte in 0..<key.count where bytes[range.lowerBound + byte] != rules.keyBytes[key.lowerBound + byte] { return false }
            }
            return true
        }

        /// The text of a string body, escapes resolved.
        func decode(_ range: Range<Int>) -> String {
            let body = UnsafeBufferPointer(rebasing: bytes[range])
            guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
            var quoted = [UInt8(ascii: "\"")]
            quoted += body
            quoted.append(UInt8(ascii: "\""))
            return (try? JSONDecoder().decode(String.self, from: Data(quoted))) ?? String(decoding: body, as: UTF8.self)
        }
    }
}
