/// Values numbered as first met, each once: the tables that let a compact list keep a
/// number where it would repeat a text (a pokemon's encounters, who learns a move, the
/// names pages read).
///
/// Inlinable, so a caller's `Numbering<String>` hashes and compares Strings directly, not
/// through the generic dictionary's witness tables (a pokemon's encounters number
/// thousands of names).
package struct Numbering<Value: Hashable & Sendable>: Sendable {
    /// Every value, at its number.
    @usableFromInline package internal(set) var values: [Value] = []
    @usableFromInline var numbers: [Value: UInt32] = [:]

    /// A table of `values` numbered in their order (the first of equal ones kept).
    @inlinable
    package init(_ values: [Value] = []) {
        for value in values { _ = number(of: value) }
    }

    /// The number of `value`, which is added when new.
    @inlinable
    package mutating func number(of value: Value) -> UInt32 {
        if let number = numbers[value] { return number }
        values.append(value)
        numbers[value] = UInt32(values.count - 1)
        return UInt32(values.count - 1)
    }
}
