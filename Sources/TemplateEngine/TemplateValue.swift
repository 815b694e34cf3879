/// A value a template can show: the render context, built from Swift values without reflection.
///
/// Look-ups go by key on `.dictionary` and `.object`; everything else is a leaf.
/// Falsey in sections: `.null`, `.bool(false)`, an empty `.array` or `.list` and an empty `.string`.
public enum TemplateValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([TemplateValue])
    /// An array whose items are made as a section reaches them.
    case list(TemplateList)
    case dictionary(TemplateDictionary)
    /// A view model asked for its keys on demand.
    case object(any TemplateObject)
    /// A Swift closure used as a Mustache lambda.
    case lambda(TemplateLambda)
}

extension TemplateValue {
    /// The value under `key`, when this value has keys.
    @inlinable
    public func member(_ key: String) -> TemplateValue? {
        switch self {
        case .dictionary(let dictionary): return dictionary[key]
        case .object(let object): return object.value(forKey: key)
        default: return nil
        }
    }

    /// The value under a key whose hash is made already (a compiled name's).
    @inlinable
    public func member(_ key: TemplateKey) -> TemplateValue? {
        switch self {
        case .dictionary(let dictionary): return dictionary[key]
        case .object(let object): return object.value(forKey: key.text)
        default: return nil
        }
    }

    /// Whether a section over this value renders its content.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .array(let items): return !items.isEmpty
        case .list(let list): return list.count > 0
        case .string(let text): return !text.isEmpty
        default: return true
        }
    }

    /// The text an interpolation tag shows, before escaping; nil for values with no text.
    public var text: String? {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number):
            if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
            return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .array, .list, .dictionary, .object, .lambda: return nil
        }
    }
}
