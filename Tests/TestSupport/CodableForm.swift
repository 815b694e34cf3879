import Foundation

/// A value encoded through its `Codable` conformance even when it also writes itself as a
/// `BinaryRecord`: the form a record must match, so it reads back either way.
public struct CodableForm<Value: Encodable>: Encodable {
    public let value: Value

    public init(_ value: Value) { self.value = value }

    public func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
