@testable import SiteGenerator
@testable import TemplateEngine
import Testing

@Suite("Template copies for render tasks")
struct TemplateCopiesTests {
    /// Where the template's first text node keeps its bytes: one address per copy.
    private func textAddress(_ library: TemplateLibrary) -> UnsafeRawPointer? {
        guard case .text(let bytes)? = library.templates["page"]?.nodes.first else { return nil }
        return bytes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    @Test("tasks holding copies at once hold different ones, and a copy given back is taken again")
    func oneCopyPerTaskInFlight() throws {
        let library = TemplateLibrary(templates: ["page": try Template(source: "<p>{{name}}</p>")])
        let copies = TemplateCopies(library)
        let (outer, inner) = copies.withCopy { first in copies.withCopy { second in (textAddress(first), textAddress(second)) } }
        #expect(outer != nil && inner != nil)
        #expect(outer != inner)
        #expect(outer != textAddress(library) && inner != textAddress(library))
        #expect(copies.spareCount == 2)
        for _ in 0..<10 {
            let rendered = try copies.withCopy { try $0.render("page", ["name": "Eevee"]) }
            #expect(rendered == "<p>Eevee</p>")
        }
        #expect(copies.spareCount == 2, "copies given back are taken again, not made anew")
    }
}
