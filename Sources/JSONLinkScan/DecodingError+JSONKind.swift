import Foundation

extension DecodingError {
    /// What a JSON value of `type` is, in JSON's words: "an object", not the decoder's
    /// `Dictionary<String, Any>`; "a whole number", not `Int`. For messages a person reads.
    public static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type, is Float.Type, is Decimal.Type: return "a number"
        case is any FixedWidthInteger.Type: return "a whole number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
            if name.hasPrefix("Array") || name.hasPrefix("UnkeyedDecodingContainer") || name.hasPrefix("Set") { return "an array" }
            return "a value"
        }
    }
}
