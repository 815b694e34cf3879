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
        guard isMarked(text) || text.unicodeScalars.contains(where: { $0 == separator }) else { return text }
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
        var resolver = Resolver()
        return resolver.run(html)
    }
}

/// One pass over a page the project's templates wrote: where a mark sits (text, a tag,
/// an element that holds no markup) decides what it becomes.
private struct Resolver {
    /// Elements whose content is text only, or where a `<span>` would not be HTML.
    static let noMarkup: Set<String> = ["title", "script", "style", "textarea", "option", "svg", "template"]

    var out = String.UnicodeScalarView()
    /// Inside `<...>`.
    var inTag = false
    var quote: Unicode.Scalar?
    /// The no-markup element we are inside, if any (its name, to find its end tag).
    var rawElement: String?
    /// Marks opened in text whose span is still open (nested marks nest spans).
    var openSpans = 0
    /// Inside a mark's tag (between U+E000 and U+E001), and the tag read so far.
    var readingTag: String.UnicodeScalarView?
    /// Whether the mark being read gets a span (text outside any no-markup element).
    var spanning: [Bool] = []

    mutating func run(_ html: String) -> String {
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if readingTag != nil {
                if scalar == LanguageMark.separator {
                    let tag = String(readingTag ?? .init())
                    readingTag = nil
                    let span = !inTag && rawElement == nil && Self.isTag(tag)
                    spanning.append(span)
                    if span {
                        out.append(contentsOf: "<span lang=\"\(tag)\">".unicodeScalars)
                        openSpans += 1
                    }
                } else {
                    readingTag?.append(scalar)
                }
                index += 1
                continue
            }
            switch scalar {
            case LanguageMark.open:
                readingTag = .init()
            case LanguageMark.close:
                if spanning.popLast() == true {
                    out.append(contentsOf: "</span>".unicodeScalars)
                    openSpans -= 1
                }
            case LanguageMark.separator:
                break
            default:
                out.append(scalar)
                track(scalar, scalars, index)
            }
            index += 1
        }
        // A mark left open by a template that cut a text short: close what was opened.
        while openSpans > 0 { out.append(contentsOf: "</span>".unicodeScalars); openSpans -= 1 }
        return String(out)
    }

    /// Follows tags, quoted attribute values and no-markup elements.
    mutating func track(_ scalar: Unicode.Scalar, _ scalars: [Unicode.Scalar], _ index: Int) {
        if inTag {
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                inTag = false
            }
            return
        }
        guard scalar == "<" else { return }
        let name = Self.tagName(scalars, after: index)
        if let raw = rawElement {
            // Only the matching end tag leaves a no-markup element.
            if name.closing && name.name == raw { rawElement = nil; inTag = true }
            return
        }
        guard !name.name.isEmpty else { return }
        inTag = true
        if !name.closing, Self.noMarkup.contains(name.name) { rawElement = name.name }
    }

    static func tagName(_ scalars: [Unicode.Scalar], after index: Int) -> (name: String, closing: Bool) {
        var at = index + 1
        var closing = false
        if at < scalars.count, scalars[at] == "/" { closing = true; at += 1 }
        var name = ""
        while at < scalars.count, scalars[at].properties.isAlphabetic || ("0"..."9").contains(scalars[at]) || scalars[at] == "-" {
            name.unicodeScalars.append(scalars[at])
            at += 1
        }
        return (name.lowercased(), closing)
    }

    /// A tag safe to write into an attribute: letters, digits and hyphens.
    static func isTag(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 35 && tag.unicodeScalars.allSatisfy { ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
