/// Text safe to print on a terminal: what came from a file or the network is shown with
/// its control characters spelled out, so a crafted name cannot move the cursor, retitle
/// the window, clear the screen or reverse the line.
package enum TerminalText {
    /// `text` with every control, bidi-override and other invisible format character
    /// written as `\u{…}`; newlines and tabs too unless `keepLines`.
    package static func escaped(_ text: String, keepLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepLines: keepLines) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepLines: keepLines) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a scalar would act on the terminal instead of showing as text.
    package static func needsEscape(_ scalar: Unicode.Scalar, keepLines: Bool = false) -> Bool {
        if keepLines, scalar == "\n" || scalar == "\t" { return false }
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }
}
