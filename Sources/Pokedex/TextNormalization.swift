/// Whitespace clean-up for text from PokeAPI (flavor text, effects).
enum TextNormalization {
    /// Collapses every run of whitespace (form feeds, newlines, non-breaking spaces) to one
    /// space, removes soft hyphens, and trims the ends.
    ///
    /// A soft hyphen at a line break joins the word's halves ("Pokémon evo\u{AD}\nlution"
    /// reads "evolution"): the hyphen and the break after it both go.
    static func normalize(_ text: String) -> String {
        // Built as UTF-8 bytes: appending to a string's scalars one at a time cost three
        // times as much, and every species' every flavor text passes here on every build.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
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
            if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
            pendingSpace = false
            afterSoftHyphen = false
            if scalar.isASCII {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else if let encoded = UTF8.encode(scalar) {
                bytes.append(contentsOf: encoded)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without the Unicode tables (tab to carriage return, and space): most of the text.
        if scalar.isASCII { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace || scalar == "\u{200B}" || scalar == "\u{FEFF}"
    }
}
