/// Whitespace clean-up for text from PokeAPI (flavor text, effects).
enum TextNormalization {
    /// Collapses every run of whitespace (form feeds, newlines, non-breaking spaces) to one
    /// space, removes soft hyphens, and trims the ends.
    ///
    /// A soft hyphen at a line break joins the word's halves ("Pokémon evo\u{AD}\nlution"
    /// reads "evolution"): the hyphen and the break after it both go.
    static func normalize(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        var afterSoftHyphen = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{AD}" {
                afterSoftHyphen = true
                continue
            }
            if isSpace(scalar) {
                if !afterSoftHyphen { pendingSpace = true }
                continue
            }
            if pendingSpace, !result.isEmpty { result.unicodeScalars.append(" ") }
            pendingSpace = false
            afterSoftHyphen = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without the Unicode tables (tab to carriage return, and space): most of the text.
        if scalar.isASCII { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar == "\u{200B}" || scalar == "\u{FEFF}"
    }
}
