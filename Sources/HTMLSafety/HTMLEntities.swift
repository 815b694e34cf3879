/// Escaping for HTML output, and the entity decoding browsers do, for URL checks.
enum HTMLEntities {
    /// Text content: `&`, `<` and `>` escaped.
    static func escapeText(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A double-quoted attribute value: quotes escaped as well.
    static func escapeAttribute(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Decodes numeric references (`;` optional, as browsers allow) and the named ones
    /// that matter for spelling a URL scheme.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (scalar, length) = reference(in: scalars, at: index) {
                out.append(scalar)
                index += length
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }
}

private extension HTMLEntities {
    static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t",
        "newline": "\n", "nbsp": "\u{A0}", "sol": "/", "lpar": "(", "rpar": ")", "period": ".",
        "num": "#", "excl": "!", "semi": ";", "comma": ",", "percnt": "%", "quest": "?",
    ]

    /// The scalar a reference starting at `start` (an `&`) stands for, and its length.
    static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            let hex = index < scalars.count && (scalars[index] == "x" || scalars[index] == "X")
            if hex { index += 1 }
            let digitsStart = index
            var value: UInt32 = 0
            while index < scalars.count, let digit = Int(String(scalars[index]), radix: hex ? 16 : 10),
                  index - digitsStart < 12 {
                value = min(value &* (hex ? 16 : 10) &+ UInt32(digit), 0x110000)
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", index - start)
        }
        var name = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic, name.count < 10 {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard let scalar = named[name.lowercased()] else { return nil }
        if index < scalars.count, scalars[index] == ";" { index += 1 }
        return (scalar, index - start)
    }
}
