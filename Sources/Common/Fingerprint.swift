import Foundation

/// A stable 64-bit FNV-1a hash, the same in every process and run (unlike `Hasher`):
/// what the build keys its caches and pages by.
package struct Fingerprint: Sendable, Hashable {
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    /// Adds a string and a separator, so `"ab" + "c"` and `"a" + "bc"` differ.
    package mutating func add(_ text: String) {
        // The bytes in place, as for `Data`: the view's iterator checks each step.
        var text = text
        text.withUTF8 { buffer in
            var value = self.value
            for byte in buffer { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            self.value = value
        }
        add(UInt8(0xff))
    }

    package mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// `Data`'s own iterator is slow; its bytes in place are not.
    package mutating func add(_ data: Data) {
        data.withUnsafeBytes { buffer in
            var value = self.value
            for byte in buffer { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            self.value = value
        }
    }

    package mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    package mutating func add(_ number: Int) {
        var number = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: number))
            number >>= 8
        }
    }

    /// Adds bytes eight at a time, then their count: for whole files (a page's hundred
    /// kilobytes), where a byte step of FNV costs as much as a word step. Each step (xor a
    /// word, multiply by an odd number, xor-shift) can be undone, so bytes that differ in one
    /// word always hash apart. Not the value ``add(_:)-(Data)`` gives the same bytes.
    package mutating func addWords(_ bytes: UnsafeRawBufferPointer) {
        var value = self.value
        func step(_ word: UInt64) {
            value = (value ^ word) &* 0x9e37_79b9_7f4a_7c15
            value ^= value >> 29
        }
        var offset = 0
        while offset + 8 <= bytes.count {
            step(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() { tail |= UInt64(byte) << (8 * shift) }
        step(tail)
        step(UInt64(bytes.count))
        self.value = value
    }

    /// Sixteen hex digits.
    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
