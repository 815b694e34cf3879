import TemplateEngine

/// A stable 64-bit FNV-1a hash, the same in every process (unlike `Hasher`).
///
/// A build keeps one per page in its manifest: a page whose inputs hash the same as
/// last time is not rendered again.
struct Fingerprint: Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
        add(0xff)
    }

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    mutating func add(_ number: Int) {
        var number = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: number))
            number >>= 8
        }
    }

    /// Adds a context value; dictionary keys are taken in sorted order so the hash is stable.
    mutating func add(_ value: TemplateValue) {
        switch value {
        case .null: add(UInt8(0))
        case .bool(let flag): add(UInt8(flag ? 2 : 1))
        case .int(let number): add(UInt8(3)); add(number)
        case .double(let number): add(UInt8(4)); add(String(number))
        case .string(let text): add(UInt8(5)); add(text)
        case .array(let items):
            add(UInt8(6)); add(items.count)
            for item in items { add(item) }
        case .dictionary(let dictionary):
            add(UInt8(7)); add(dictionary.count)
            for key in dictionary.keys.sorted() {
                add(key)
                if let member = dictionary[key] { add(member) }
            }
        // Pages never use these; a changing value must not look unchanged, so they taint the hash.
        case .object, .lambda: add(UInt8(8)); add(String(describing: value))
        }
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
