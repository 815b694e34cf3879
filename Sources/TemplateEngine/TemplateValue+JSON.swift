/// Decoding a context from JSON, for data files and tests; not used on the render path.
extension TemplateValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([TemplateValue].self) {
            self = .array(items)
        } else {
            self = .dictionary(TemplateDictionary(try container.decode([String: TemplateValue].self)))
        }
    }
}
