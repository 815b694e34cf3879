import Common
import TemplateEngine

/// A page's context in its fingerprint: a build keeps one per page in its manifest, and a
/// page whose inputs hash the same as last time is not rendered again.
extension Fingerprint {
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
        // As the array it stands for: the same rows hash the same, however they are held.
        case .list(let list):
            add(UInt8(6)); add(list.count)
            for position in 0..<list.count { add(list[position]) }
        case .dictionary(let dictionary):
            add(UInt8(7)); add(dictionary.count)
            // Sorted as pairs: sorting the keys, then looking each up, hashed every key twice.
            for (key, member) in dictionary.sorted(by: { $0.key < $1.key }) {
                add(key)
                add(member)
            }
        // Pages never use these; a changing value must not look unchanged, so they taint the hash.
        case .object, .lambda: add(UInt8(8)); add(String(describing: value))
        }
    }
}
