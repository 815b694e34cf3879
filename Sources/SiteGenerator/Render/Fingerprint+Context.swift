import Common
import TemplateEngine

/// A page's context in its fingerprint: a build keeps one per page in its manifest, and a
/// page whose inputs hash the same as last time is not rendered again.
extension Fingerprint {
    /// Adds a context value; a dictionary hashes the same whatever order it holds its pairs in.
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
        // As the array it stands for: the same rows hash the same, however they are held.
        case .list(let list):
            add(UInt8(6)); add(list.count)
            for position in 0..<list.count { add(list[position]) }
        case .dictionary(let dictionary):
            add(UInt8(7)); add(dictionary.count)
            // Each pair hashed on its own and the mixed hashes summed, which no order changes:
            // sorting every dictionary of a view model first was a fifth of this hash.
            var sum: UInt64 = 0
            for (key, member) in dictionary {
                var pair = Fingerprint()
                pair.add(key)
                pair.add(member)
                sum &+= Fingerprint.mixed(pair.value)
            }
            add(Int(bitPattern: UInt(sum)))
        // Pages never use these; a changing value must not look unchanged, so they taint the hash.
        case .object, .lambda: add(UInt8(8)); add(String(describing: value))
        }
    }
}

extension Fingerprint {
    /// A pair's hash with its bits spread (MurmurHash3's 64-bit finalizer), so that summing
    /// pairs' hashes does not let two pairs' low bits cancel out.
    static func mixed(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xff51_afd7_ed55_8ccd
        value ^= value >> 33
        value &*= 0xc4ce_b9fe_1a85_ec53
        value ^= value >> 33
        return value
    }
}
