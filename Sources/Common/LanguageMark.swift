#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text in another language than the page's, said so: a name PokeAPI lacks in French, so
/// the English one stands in; an interface word a theme's strings file leaves to English.
///
/// The text travels through the catalog, view models and templates with three private-use
/// characters around it (U+E000, the language tag, U+E001, the text, U+E002), and the
/// rendered page is finished by ``resolve(_:)``: in running text the mark becomes
/// `<span lang="en">…</span>`, in attributes and elements that cannot hold a span
/// (`<title>`, `<option>`, `<script>`, `<textarea>`, SVG) it is dropped. Everything that is
/// not a page (search index, JSON, sorting, terminal) reads ``plain(_:)``.
///
/// The characters are private-use: PokeAPI's texts and the strings files never hold them
/// (``plain(_:)`` is also applied to what comes in, so data cannot forge a mark).
package enum LanguageMark {
    static let open: Unicode.Scalar = "\u{E000}"
    static let separator: Unicode.Scalar = "\u{E001}"
    static let close: Unicode.Scalar = "\u{E002}"

    /// `text` marked as written in `tag` (a BCP 47 tag: "en", "ja-Hrkt").
    package static func mark(_ text: String, tag: String) -> String {
        guard !text.isEmpty else { return text }
        return "\u{E000}\(tag)\u{E001}\(text)\u{E002}"
    }

    /// Whether `text` holds a mark at all (the cheap test before any work).
    package static func isMarked(_ text: String) -> Bool {
        text.utf8.contains(0xEE) && text.unicodeScalars.contains { $0 == open || $0 == close }
    }

    /// The text without marks (and without any stray mark character).
    package static func plain(_ text: String) -> String {
        // Every mark character is U+E00x, whose UTF-8 starts 0xEE: most texts have none.
        guard text.utf8.contains(0xEE), isMarked(text) || text.unicodeScalars.contains(where: { $0 == separator }) else { return text }
        var out = String.UnicodeScalarView()
        var inTag = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case open: inTag = true
            case separator: inTag = false
            case close: continue
            default: if !inTag { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// The language tag a whole text is marked with, when all of it is one marked text.
    package static func tag(of text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == open, scalars.last == close, let end = scalars.firstIndex(of: separator) else { return nil }
        // One mark, not two side by side.
        guard scalars.dropFirst().firstIndex(of: open) == nil else { return nil }
        return String(String.UnicodeScalarView(scalars[1..<end]))
    }

    /// `transform` applied to the text inside the marks, the marks kept: a prefix or an
    /// initial of a marked name stays marked (a cut through a mark would leave it open).
    package static func map(_ text: String, _ transform: (String) -> String) -> String {
        guard isMarked(text) else { return transform(text) }
        let plainText = plain(text)
        return tag(of: text).map { mark(transform(plainText), tag: $0) } ?? transform(plainText)
    }

    /// A rendered page with its marks resolved: spans in running text, nothing elsewhere.
    package static func resolve(_ html: String) -> String {
        guard isMarked(html) else { return html }
        return String(decoding: resolve(bytes: Array(html.utf8)), as: UTF8.self)
    }

    /// A rendered page's UTF-8 bytes with their marks resolved, as ``resolve(_:)`` does: a
    /// page written as bytes is not made a `String` (which checks every byte) on the way.
    package static func resolve(bytes html: [UInt8]) -> [UInt8] {
        html.withUnsafeBufferPointer { bytes in
            guard Resolver.hasMark(bytes) else { return nil }
            var resolver = Resolver()
            return resolver.run(bytes)
        } ?? html
    }
}

/// One pass over a page's UTF-8 bytes as the project's templates wrote it: where a mark sits
/// (text, a tag, an element that holds no markup) decides what it becomes. Runs of bytes
/// without a mark are copied whole; only `<`, `>`, quotes and the marks' lead byte (0xEE,
/// which starts U+E000-U+EFFF and nothing else) are looked at.
private struct Resolver {
    /// Elements whose content is text only, or where a `<span>` would not be HTML.
    static let noMarkup: [[UInt8]] = ["title", "script", "style", "textarea", "option", "svg", "template"].map { Array($0.utf8) }

    /// The marks' UTF-8 encodings: EE 80 80, EE 80 81, EE 80 82.
    static let lead: UInt8 = 0xEE
    static let openByte: UInt8 = 0x80, separatorByte: UInt8 = 0x81, closeByte: UInt8 = 0x82

    var out: [UInt8] = []
    /// Inside `<...>`.
    var inTag = false
    var quote: UInt8?
    /// The no-markup element we are inside, if any (its name, to find its end tag).
    var rawElement: [UInt8]?
    /// Marks opened in text whose span is still open (nested marks nest spans).
    var openSpans = 0
    /// For each open mark, whether it got a span (text outside any no-markup element).
    var spanning: [Bool] = []

    /// The mark (its third byte) at `index`, if one starts there.
    static func mark(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt8? {
        guard bytes[index] == lead, index + 2 < bytes.count, bytes[index + 1] == 0x80,
              (openByte...closeByte).contains(bytes[index + 2]) else { return nil }
        return bytes[index + 2]
    }

    static func hasMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        // memchr to each lead byte: a page's hundred kilobytes a byte at a time were 2% of a build.
        while index < bytes.count, let found = memchr(base + index, Int32(lead), bytes.count - index) {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if mark(bytes, at: index) != nil { return true }
            index += 1
        }
        return false
    }

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        var copied = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.lead, let kind = Self.mark(bytes, at: index) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                index += 3
                switch kind {
                case Self.openByte:
                    // The tag runs to the separator; an open mark without one is dropped.
                    var end = index
                    while end < bytes.count, Self.mark(bytes, at: end) == nil { end += 1 }
                    if end < bytes.count, Self.mark(bytes, at: end) == Self.separatorByte {
                        let tag = UnsafeBufferPointer(rebasing: bytes[index..<end])
                        let span = !inTag && rawElement == nil && Self.isTag(tag)
                        spanning.append(span)
                        if span {
                            out.append(contentsOf: #"<span lang=""#.utf8)
                            out.append(contentsOf: tag)
                            out.append(contentsOf: #"">"#.utf8)
                            openSpans += 1
                        }
                        index = end + 3
                    }
                case Self.closeByte:
                    if spanning.popLast() == true {
                        out.append(contentsOf: "</span>".utf8)
                        openSpans -= 1
                    }
                default:
                    break
                }
                copied = index
                continue
            }
            track(byte, bytes, index)
            index += 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
        // A mark left open by a template that cut a text short: close what was opened.
        while openSpans > 0 { out.append(contentsOf: "</span>".utf8); openSpans -= 1 }
        return out
    }

    /// Follows tags, quoted attribute values and no-markup elements.
    mutating func track(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) {
        if inTag {
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                inTag = false
            }
            return
        }
        guard byte == UInt8(ascii: "<") else { return }
        let name = Self.tagName(bytes, after: index)
        if let raw = rawElement {
            // Only the matching end tag leaves a no-markup element.
            if name.closing && Self.equal(bytes, name.range, raw) { rawElement = nil; inTag = true }
            return
        }
        guard !name.range.isEmpty else { return }
        inTag = true
        if !name.closing, let raw = Self.noMarkup.first(where: { Self.equal(bytes, name.range, $0) }) { rawElement = raw }
    }

    /// Where the name of the tag a `<` opens lies (empty when it opens none: HTML's tag
    /// names start with an ASCII letter).
    static func tagName(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> (range: Range<Int>, closing: Bool) {
        var at = index + 1
        var closing = false
        if at < bytes.count, bytes[at] == UInt8(ascii: "/") { closing = true; at += 1 }
        let start = at
        guard at < bytes.count, isLetter(bytes[at]) else { return (start..<start, closing) }
        while at < bytes.count, isLetter(bytes[at]) || isDigit(bytes[at]) || bytes[at] == UInt8(ascii: "-") { at += 1 }
        return (start..<at, closing)
    }

    /// Whether the tag name at `range` is `name` (lowercase), in any case.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: [UInt8]) -> Bool {
        guard range.count == name.count else { return false }
        return zip(range, name).allSatisfy { bytes[$0] | 0x20 == $1 }
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A tag safe to write into an attribute: letters, digits and hyphens.
    static func isTag(_ tag: UnsafeBufferPointer<UInt8>) -> Bool {
        !tag.isEmpty && tag.count <= 35 && tag.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
    }
}
