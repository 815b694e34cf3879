/// Decides whether a URL from outside may go in an `href` or `src`.
///
/// Browsers forgive a lot: they decode entities, drop tabs and newlines anywhere, and
/// ignore leading control characters, so `jav&#x09;ascript:` runs. This looks at every
/// decoding of the value (entities and percent-escapes, repeatedly) with whitespace and
/// control characters removed, and lets it through only if none of them names a scheme
/// outside the allowed ones.
enum URLSafety {
    /// What a URL is, once judged.
    enum Verdict: Equatable {
        case relative
        case external        // http(s) or protocol-relative: another site
        case otherAllowed    // an allowed scheme such as mailto
        case rejected
    }

    static func judge(_ value: String, schemes: Set<String>) -> Verdict {
        var verdict = Verdict.relative
        for (index, form) in decodings(of: value).enumerated() {
            let scheme = self.scheme(of: form)
            if let scheme, !schemes.contains(scheme) { return .rejected }
            guard index == 0 else { continue }
            if scheme == "http" || scheme == "https" || form.hasPrefix("//") {
                verdict = .external
            } else if scheme != nil {
                verdict = .otherAllowed
            }
        }
        return verdict
    }

    /// The value as it goes out: without control characters, trimmed.
    static func cleaned(_ value: String) -> String {
        let kept = value.unicodeScalars.filter { !isControl($0) }
        return String(String.UnicodeScalarView(kept)).trimmingSpaces()
    }
}

private extension URLSafety {
    /// The value and its decodings, normalized the way a browser reads them.
    static func decodings(of value: String) -> [String] {
        var forms: [String] = []
        var current = value
        for _ in 0..<6 {
            let normalized = normalize(current)
            if forms.last != normalized { forms.append(normalized) }
            let next = HTMLEntities.decode(percentDecode(current))
            if next == current { break }
            current = next
        }
        return forms
    }

    /// Lower case, without whitespace, control or invisible format characters; `\` as `/`.
    static func normalize(_ value: String) -> String {
        let kept = value.unicodeScalars.filter { scalar in
            if isControl(scalar) || scalar.properties.isWhitespace { return false }
            switch scalar.properties.generalCategory {
            case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator: return false
            default: return true
            }
        }
        return String(String.UnicodeScalarView(kept)).lowercased().replacingBackslashes()
    }

    /// The scheme before the first `:` when no `/`, `?` or `#` comes first; nil if relative.
    static func scheme(of form: String) -> String? {
        for character in form {
            switch character {
            case ":": return String(form.prefix { $0 != ":" })
            case "/", "?", "#": return nil
            default: continue
            }
        }
        return nil
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    static func percentDecode(_ value: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(value.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

private extension String {
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " }),
              let end = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[start...end])
    }

    func replacingBackslashes() -> String {
        String(map { $0 == "\\" ? "/" : $0 })
    }
}
