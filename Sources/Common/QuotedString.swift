/// A string as a double-quoted literal that is valid both as JSON and as a TOML basic
/// string: `"`, `\` and control characters escaped, everything else kept as is.
///
/// The cache's metadata log (JSON) and the collection file (TOML) both write with it.
package func quotedString(_ text: String) -> String {
    var result = ""
    appendQuoted(text, to: &result)
    return result
}

/// Appends `text` as ``quotedString(_:)`` spells it, with no string in between (the metadata
/// log writes four per entry a fetch stores).
package func appendQuoted(_ text: String, to result: inout String) {
    result += "\""
    let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F }
    if plain {
        result += text
        result += "\""
        return
    }
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            result.unicodeScalars.append(scalar)
        }
    }
    result += "\""
}

/// Appends `text` as ``quotedString(_:)`` spells it, as UTF-8 bytes: the metadata snapshot
/// is thousands of records, and bytes grow without a string's checks on every append.
package func appendQuoted(_ text: String, to result: inout [UInt8]) {
    guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F }) else {
        var quoted = ""
        appendQuoted(text, to: &quoted)
        result += quoted.utf8
        return
    }
    result.append(UInt8(ascii: "\""))
    result += text.utf8
    result.append(UInt8(ascii: "\""))
}
