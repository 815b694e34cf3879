/// Whether the `count` bytes at `first` and at `second` are equal.
///
/// For the keys and links the scanner and the tape's fast paths compare by the hundred
/// thousand: a name such as `url` or `version_group` is a few loads, where `memcmp` was a
/// call through the PLT for each (a twentieth of reading a learnset). A run of eight bytes
/// or more is compared from its last eight: links to one kind of resource share their
/// first forty bytes and differ in their id, at the end.
@inline(__always)
package func sameBytes(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, count: Int) -> Bool {
    let one = UnsafeRawPointer(first), other = UnsafeRawPointer(second)
    if count >= 8 {
        guard one.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == other.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) else {
            return false
        }
        var offset = 0
        while offset < count - 8 {
            guard one.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
                return false
            }
            offset += 8
        }
        return true
    }
    if count >= 4 {
        return one.loadUnaligned(as: UInt32.self) == other.loadUnaligned(as: UInt32.self)
            && one.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == other.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    var offset = 0
    while offset < count {
        guard first[offset] == second[offset] else { return false }
        offset += 1
    }
    return true
}

/// Whether two runs of bytes are equal: their counts, then ``sameBytes(_:_:count:)``.
@inline(__always)
package func sameBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
    first.count == second.count && (first.isEmpty || sameBytes(first.baseAddress!, second.baseAddress!, count: first.count))
}
