/// What `HTMLSanitizer` keeps: elements, their attributes, URL schemes.
///
/// A policy can only choose among safe things. Whatever it says, the sanitizer always
/// drops `script`, `style`, `iframe`, `object`, `embed`, `form`, `svg`, `math`, `base`,
/// `meta`, `link` and `template` with their content, every `on*` and `style` attribute,
/// comments, and URLs whose scheme is not in `schemes` (never `javascript:`, `data:` or
/// `vbscript:`). Elements outside `elements` are unwrapped: their text stays.
public struct SanitizerPolicy: Sendable, Hashable {
    /// Elements kept, each with the attributes it may carry besides `globalAttributes`.
    public var elements: [String: Set<String>]
    /// Attributes any kept element may carry.
    public var globalAttributes: Set<String>
    /// Attributes whose value is a URL and must pass the scheme check.
    public var urlAttributes: Set<String>
    /// URL schemes allowed besides relative URLs (lower case, no colon).
    public var schemes: Set<String>
    /// Elements removed together with everything inside them.
    public var droppedWithContent: Set<String>
    /// The `rel` put on links to other sites.
    public var externalLinkRel: String

    public init(
        elements: [String: Set<String>],
        globalAttributes: Set<String>,
        urlAttributes: Set<String> = ["href", "src", "cite"],
        schemes: Set<String> = ["http", "https", "mailto"],
        droppedWithContent: Set<String> = [],
        externalLinkRel: String = "nofollow noopener noreferrer"
    ) {
        self.elements = elements
        self.globalAttributes = globalAttributes
        self.urlAttributes = urlAttributes
        self.schemes = schemes
        self.droppedWithContent = droppedWithContent
        self.externalLinkRel = externalLinkRel
    }
}

extension SanitizerPolicy {
    /// Text formatting, lists, tables, links and images: what a note or an about text needs.
    public static let `default` = SanitizerPolicy(
        elements: [
            "a": ["href"], "abbr": [], "b": [], "blockquote": ["cite"], "br": [], "caption": [],
            "cite": [], "code": [], "dd": [], "del": ["cite"], "dfn": [], "div": [], "dl": [],
            "dt": [], "em": [], "figcaption": [], "figure": [], "h2": [], "h3": [], "h4": [],
            "h5": [], "h6": [], "hr": [], "i": [], "img": ["src", "alt", "width", "height"],
            "ins": ["cite"], "kbd": [], "li": [], "mark": [], "ol": ["start", "reversed"],
            "p": [], "pre": [], "q": ["cite"], "s": [], "samp": [], "small": [], "span": [],
            "strong": [], "sub": [], "sup": [], "table": [], "tbody": [],
            "td": ["colspan", "rowspan"], "tfoot": [], "th": ["colspan", "rowspan", "scope"],
            "thead": [], "time": ["datetime"], "tr": [], "u": [], "ul": [],
        ],
        globalAttributes: ["title", "lang", "dir"],
        droppedWithContent: [
            "title", "textarea", "select", "noscript", "noembed", "noframes", "xmp", "plaintext",
            "applet", "frameset", "frame", "audio", "video", "canvas", "head",
        ]
    )

    /// Dropped with their content whatever a policy says.
    static let alwaysDropped: Set<String> = [
        "script", "style", "iframe", "object", "embed", "form", "svg", "math", "base", "meta",
        "link", "template",
    ]

    /// Never allowed whatever a policy says.
    static let forbiddenSchemes: Set<String> = ["javascript", "vbscript", "data", "livescript", "file"]

    /// Whether elements named `name` are removed with their content.
    func drops(_ name: String) -> Bool {
        Self.alwaysDropped.contains(name) || droppedWithContent.contains(name)
    }

    /// Whether `attribute` may stay on a kept element named `element`.
    func allows(_ attribute: String, on element: String) -> Bool {
        if attribute.hasPrefix("on") || attribute == "style" || attribute == "srcdoc" { return false }
        return globalAttributes.contains(attribute) || elements[element]?.contains(attribute) == true
    }

    /// The schemes actually allowed: the policy's, minus the forbidden ones.
    var effectiveSchemes: Set<String> {
        Set(schemes.map { $0.lowercased() }).subtracting(Self.forbiddenSchemes)
    }
}
