/// Cleans markup from outside (notes, `pokedex.toml` snippets, API text) for a page.
///
/// The input goes through libxml2's HTML parser, so browsers' error recovery cannot be
/// used to smuggle markup past a string filter; the tree is then filtered by a
/// `SanitizerPolicy` and written out again from scratch: input bytes are never echoed,
/// text and attribute values are escaped, every element is closed.
public enum HTMLSanitizer {
    /// Returns `html` with only what `policy` allows, as well-formed HTML.
    ///
    /// Unwrapping an element can put markup in a place where an HTML parser would
    /// rearrange it (a `div` that was inside a `font` inside a `p`), so the result is
    /// sanitized again until it no longer changes: what comes out parses back to itself.
    public static func sanitize(_ html: String, policy: SanitizerPolicy = .default) -> String {
        var output = pass(html, policy: policy)
        for _ in 0..<maximumPasses {
            let again = pass(output, policy: policy)
            if again == output { break }
            output = again
        }
        return output
    }
}

extension HTMLSanitizer {
    /// The fragment is parsed inside a marked `div` in a body, so leading text does not
    /// get an implied `<p>` and nothing lands in `head`; the marker is unwrapped on output.
    static let wrapperMarker = "data-pokedex-sanitizer-root"
    static let wrapperStart = "<!DOCTYPE html><html><body><div \(wrapperMarker)=\"\">"
    static let wrapperEnd = "</div></body></html>"
    /// Extra passes before giving up on a fixed point (each pass's output is safe anyway).
    static let maximumPasses = 4

    /// One parse, filter and write.
    static func pass(_ html: String, policy: SanitizerPolicy) -> String {
        let tree = HTMLTree(html: wrapperStart + html + wrapperEnd)
        var writer = SanitizingWriter(policy: policy)
        writer.write(tree.nodes)
        return writer.output
    }
}
