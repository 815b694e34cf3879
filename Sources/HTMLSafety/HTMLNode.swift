/// A node of a parsed HTML document, copied out of libxml2 into Swift values.
enum HTMLNode: Sendable, Hashable {
    case element(HTMLElement)
    case text(String)
    case comment(String)
}

/// An element with its attributes in document order and the line it starts on.
struct HTMLElement: Sendable, Hashable {
    var name: String
    var attributes: [HTMLAttribute]
    var children: [HTMLNode]
    var line: Int

    /// The value of the first attribute called `name`, if any.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// One attribute, its value with entities decoded.
struct HTMLAttribute: Sendable, Hashable {
    var name: String
    var value: String
}
