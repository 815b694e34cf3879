import Pokedex
import TemplateEngine

/// One page of the full list, in national-dex order, with the type filter and previous/next.
struct ListPage: Sendable, Hashable {
    struct Link: Sendable, Hashable {
        var page: String
        var label: String
    }

    var number: Int
    var pageCount: Int
    var cards: [Card]
    var filters: [TypeFilter]
    var previous: Link?
    var next: Link?
    var summary: String

    /// The path of list page `number` (1-based), relative to the site root.
    static func path(_ number: Int) -> String {
        number == 1 ? "pokedex/index.html" : "pokedex/page-\(number).html"
    }
}

/// One chip of the type filter: "all types" or a type, linking to its no-JavaScript page.
struct TypeFilter: Sendable, Hashable {
    var slug: String
    var label: String
    var page: String
    var current: Bool

    static func all(index: CatalogIndex, strings: SiteStrings, current: String?) -> [TypeFilter] {
        [TypeFilter(slug: "", label: strings["list_allTypes"], page: ListPage.path(1), current: current == nil)]
            + index.catalog.types.map {
                TypeFilter(slug: $0.slug, label: $0.name, page: "types/\($0.slug).html", current: current == $0.slug)
            }
    }
}

extension ListPage {
    init(number: Int, index: CatalogIndex, collection: SiteCollection, strings: SiteStrings, pageSize: Int) {
        let captured = Set(collection.caught.map(\.pokemon))
        let count = index.defaultFaces.count
        pageCount = max(1, (count + pageSize - 1) / pageSize)
        self.number = number
        let start = min(count, (number - 1) * pageSize)
        let slice = index.defaultFaces[start..<min(count, start + pageSize)]
        cards = slice.map { index.card($0, captured: captured) }
        filters = TypeFilter.all(index: index, strings: strings, current: nil)
        previous = number > 1 ? Link(page: Self.path(number - 1), label: strings["list_previous"]) : nil
        next = number < pageCount ? Link(page: Self.path(number + 1), label: strings["list_next"]) : nil
        summary = strings.format("list_summary", [
            "from": String(start + 1), "to": String(start + slice.count),
            "total": String(count), "page": String(number), "pages": String(pageCount),
        ])
    }
}

extension ListPage: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary([
            "number": .int(number),
            "pageCount": .int(pageCount),
            "cards": .array(cards.map(\.templateValue)),
            "filters": .array(filters.map(\.templateValue)),
            "previous": previous?.templateValue ?? .null,
            "next": next?.templateValue ?? .null,
            "paged": .bool(pageCount > 1),
            "summary": .string(summary),
        ])
    }
}

extension ListPage.Link: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary(["page": .string(page), "label": .string(label)])
    }
}

extension TypeFilter: TemplateValueConvertible {
    var templateValue: TemplateValue {
        .dictionary(["slug": .string(slug), "label": .string(label), "page": .string(page), "current": .bool(current)])
    }
}
