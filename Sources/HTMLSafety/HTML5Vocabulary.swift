/// The elements HTML5 added after HTML 4, which libxml2 2.9 reports as unknown tags.
enum HTML5Vocabulary {
    /// libxml2's error code for "Tag %s invalid".
    static let unknownTagCode = 801

    /// Whether `issue` is libxml2 not knowing a valid HTML5, SVG, MathML or custom element.
    static func isAcceptedUnknownTag(_ issue: HTMLIssue) -> Bool {
        guard issue.code == unknownTagCode, let name = issue.subject?.lowercased() else { return false }
        return isKnown(name)
    }

    /// Whether `name` (lower case) is an element an HTML5 page may contain.
    static func isKnown(_ name: String) -> Bool {
        html5.contains(name) || svg.contains(name) || mathML.contains(name) || isCustomElement(name)
    }

    /// Custom elements: a lower-case ASCII letter first and a hyphen somewhere.
    static func isCustomElement(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.contains("-")
    }

    static let html5: Set<String> = [
        "article", "aside", "audio", "bdi", "canvas", "data", "datalist", "details", "dialog",
        "figcaption", "figure", "footer", "header", "hgroup", "main", "mark", "menu", "meter",
        "nav", "noscript", "output", "picture", "progress", "rp", "rt", "ruby", "search",
        "section", "slot", "source", "summary", "template", "time", "track", "video", "wbr",
        "svg", "math",
    ]

    /// SVG element names as libxml2 reports them (lower-cased).
    static let svg: Set<String> = [
        "animate", "animatemotion", "animatetransform", "circle", "clippath", "defs", "desc",
        "ellipse", "feblend", "fecolormatrix", "fecomposite", "feflood", "fegaussianblur",
        "femerge", "femergenode", "feoffset", "filter", "foreignobject", "g", "image", "line",
        "lineargradient", "marker", "mask", "metadata", "path", "pattern", "polygon", "polyline",
        "radialgradient", "rect", "stop", "switch", "symbol", "text", "textpath", "tspan", "use",
        "view",
    ]

    static let mathML: Set<String> = [
        "mi", "mn", "mo", "ms", "mspace", "mtext", "mrow", "mfrac", "msqrt", "mroot", "msub",
        "msup", "msubsup", "munder", "mover", "munderover", "mtable", "mtr", "mtd", "semantics",
        "annotation",
    ]
}
