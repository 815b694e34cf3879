import JSONLinkScan

/// Reads JSON spelled the one way PokeAPI spells it, and nothing else: no whitespace,
/// strings of printable ASCII without escapes, `null`, and whole numbers of up to 18 digits
/// without a sign. Every method returns nil (or false) at anything other, and leaves the
/// position where it stopped; a reader built on it then declines, and the document is read
/// the ordinary way. So whatever such a reader accepts is valid JSON, and a string's bytes
/// are its text.
struct CompactReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Steps over `byte` when it is next.
    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// A string's body (without its quotes).
    @inline(__always)
    mutating func string() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        // Eight bytes at a time while none of them ends the string or needs a look.
        while bytes.count - position >= 8 {
            let word = UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self)
            guard !Self.stops(word) else { break }
            position += 8
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
            }
            // Control bytes are not JSON; escapes and bytes past ASCII are left to the tape.
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        return nil
    }

    /// Whether any of a word's eight bytes is a quote, a backslash, below 0x20 or 0x7F and up.
    @inline(__always)
    static func stops(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        // Bytes of 0x80 and up are caught by their high bit; the tests below are then exact.
        let below = (word &- ones &* 0x20) & ~word & highs
        return (word & highs) | below | zeroByte(word ^ (ones &* 0x22)) | zeroByte(word ^ (ones &* 0x5C)) | zeroByte(word ^ (ones &* 0x7F)) != 0
    }

    /// Steps over `spelled` when the bytes at the position are these: a member's name in
    /// quotes and its colon, compared in place (the name holds no quote or backslash, so
    /// the string there is the name).
    @inline(__always)
    mutating func take(_ spelled: StaticString) -> Bool {
        guard spells(at: position, spelled) else { return false }
        position += spelled.utf8CodeUnitCount
        return true
    }

    /// Whether the bytes at `offset` are `spelled`.
    @inline(__always)
    func spells(at offset: Int, _ spelled: StaticString) -> Bool {
        let count = spelled.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        let here = bytes.baseAddress! + offset, there = spelled.utf8Start
        for index in 0..<count where here[index] != there[index] { return false }
        return true
    }

    /// Steps over `known` when the bytes at the position are these.
    @inline(__always)
    mutating func take(_ known: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count - position >= known.count,
              sameBytes(UnsafeBufferPointer(rebasing: bytes[position..<(position + known.count)]), known) else { return false }
        position += known.count
        return true
    }

    /// Steps over `null` when it is next.
    @inline(__always)
    mutating func null() -> Bool {
        take("null")
    }

    /// A whole number without a sign: `0`, or up to 18 digits not starting with `0`. What
    /// follows is the caller's to check (a `,`, `}` or `]`), which rules out a fraction, an
    /// exponent and a leading zero's next digit.
    mutating func wholeNumber() -> Int? {
        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else { return nil }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            return 0
        }
        let start = position
        var value = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            guard position - start < 18 else { return nil }
            value = value * 10 + Int(bytes[position] &- UInt8(ascii: "0"))
            position += 1
        }
        return value
    }
}
