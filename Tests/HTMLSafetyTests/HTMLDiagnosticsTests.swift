import HTMLSafety
import Testing

@Suite("libxml2's HTML parser, reached through the C target")
struct HTMLDiagnosticsTests {
    @Test("A well-formed page has no issues")
    func cleanPage() {
        let html = "<!DOCTYPE html>\n<html><head><title>t</title></head><body><p>Hi</p></body></html>\n"
        #expect(HTMLDiagnostics.issues(in: html).isEmpty)
    }

    @Test("An unknown tag is reported on the line it sits on")
    func reportsLine() throws {
        let html = "<!DOCTYPE html>\n<html><body>\n<p>one</p>\n<blink>two</blink>\n</body></html>\n"
        let issues = HTMLDiagnostics.issues(in: html)
        let issue = try #require(issues.first)
        #expect(issue.line == 4)
        #expect(issue.message.contains("blink"))
    }

    @Test("A stray end tag is an error with its line")
    func strayEndTag() throws {
        let html = "<!DOCTYPE html>\n<html><body>\n\n</span>\n</body></html>\n"
        let issue = try #require(HTMLDiagnostics.issues(in: html).first)
        #expect(issue.line == 4)
        #expect(issue.severity != .warning)
    }
}
