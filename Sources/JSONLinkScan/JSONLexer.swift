import Foundation

/// The strict, allocation-free reading of JSON's tokens that the scanner and the decoder
/// share: strings (UTF-8 and escapes checked, eight bytes at a time), numbers (refused
/// when they overflow a Double, as decoders refuse them), literals and whitespace.
struct JSONLexer {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads a string and returns the range of its body (between the quotes, escapes kept).
    @inline(__always)
    mutating func string() throws(JSONLinkScanner.Invalid) -> Range<Int> {
        try escapedString().body
    }

    /// Reads a string and returns the range of its body and whether it holds an escape:
    /// the one pass that checks the string also says so, so no caller reads it twice.
    @inline(__always)
    mutating func escapedString() throws(JSONLinkScanner.Invalid) -> (body: Range<Int>, escaped: Bool) {
        position += 1
        let start = position
        var escaped = false
        while true {
            skipPlainText()
            guard position < bytes.count else { throw invalid() }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return (start..<(position - 1), escaped)
            case UInt8(ascii: "\\"):
                escaped = true
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
    @inline(__always)
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

    mutating func escape() throws(JSONLinkScanner.Invalid) {
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
    mutating func codeUnit() throws(JSONLinkScanner.Invalid) -> UInt16 {
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
    mutating func multiByte(_ lead: UInt8) throws(JSONLinkScanner.Invalid) {
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

    /// Reads a number and returns whether it has a fraction or an exponent (is not an integer
    /// by its spelling).
    @discardableResult
    mutating func number() throws(JSONLinkScanner.Invalid) -> Bool {
        let start = position
        var fraction = false
        var exponent = false
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw invalid() }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek(), Self.isDigit(digit) else { throw invalid() }
            skipDigits()
            fraction = true
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
        return fraction || exponent
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

    mutating func literal(_ word: StaticString) throws(JSONLinkScanner.Invalid) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw invalid() }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { throw invalid() }
        position += count
    }

    mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { position += 1 }
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    @inline(__always)
    func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    func invalid() -> JSONLinkScanner.Invalid {
        JSONLinkScanner.Invalid(offset: position)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        if isDigit(byte) { return byte - UInt8(ascii: "0") }
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? lower - UInt8(ascii: "a") + 10 : nil
    }
}
