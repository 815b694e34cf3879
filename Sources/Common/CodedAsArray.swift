/// A collection held in a compact form of its own that reads and writes (`Codable`) as the
/// array of its elements, so its JSON and binary forms are the array's.
package protocol CodedAsArray: Codable, Sequence where Element: Codable {
    init(_ elements: [Element])
}

extension CodedAsArray {
    package init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([Element].self))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(self))
    }
}
