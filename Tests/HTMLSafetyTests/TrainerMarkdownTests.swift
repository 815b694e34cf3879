import Testing
@testable import HTMLSafety

/// The trainer's Markdown (about.md, notes) is the sanitizer's real path: every attack
/// string, as Markdown and inside Markdown links, comes out with nothing but safe markup.
@Suite("The trainer's Markdown")
struct TrainerMarkdownTests {
    @Test("an attack written in Markdown holds only allowed elements, attributes and URLs", arguments: XSSAttacks.all)
    func attacks(attack: String) {
        for markdown in [attack, "Some *text*\n\n\(attack)\n\n- a list", "[link](\(attack))", "![alt](\(attack))", "> \(attack)", "`\(attack)`"] {
            let html = TrainerMarkdown.html(from: markdown)
            #expect(SanitizedOutput.violations(in: html, policy: TrainerMarkdown.policy) == [], "\(markdown) -> \(html)")
            #expect(HTMLSanitizer.sanitize(html, policy: TrainerMarkdown.policy) == html, "a fixed point")
        }
    }

    @Test("blocks: headings one level down, paragraphs, lists, quotes, code, rules")
    func blocks() {
        let html = MarkdownReader.html("""
        # Kanto run

        I caught **every** one,
        *slowly*.

        - one
        - two
          and more

        3. third
        4. fourth

        > quoted **text**
        > still quoted

        ```
        let x = 1 < 2
        ```

        ---
        #hashtag is text
        """)
        #expect(html.contains("<h2>Kanto run</h2>"))
        #expect(html.contains("<p>I caught <strong>every</strong> one,\n<em>slowly</em>.</p>"))
        #expect(html.contains("<ul>\n<li>one</li>\n<li>two\nand more</li>\n</ul>"))
        #expect(html.contains("<ol start=\"3\">\n<li>third</li>\n<li>fourth</li>\n</ol>"))
        #expect(html.contains("<blockquote>\n<p>quoted <strong>text</strong>\nstill quoted</p>\n</blockquote>"))
        #expect(html.contains("<pre><code>let x = 1 &lt; 2</code></pre>"))
        #expect(html.contains("<hr>") && html.contains("<p>#hashtag is text</p>"))
    }

    @Test("inline: code, links, struck text, escapes, snake_case, images as their alt text, raw HTML as text")
    func inline() {
        let html = TrainerMarkdown.html(from: "A `<b>` tag, [notes](https://example.test/) ~~gone~~ \\*not em\\* snake_case_name ![Pikachu](x.png) <b>raw</b> & more")
        #expect(html.contains("<code>&lt;b&gt;</code>"))
        #expect(html.contains(#"<a href="https://example.test/" rel="nofollow noopener noreferrer">notes</a>"#))
        #expect(html.contains("<del>gone</del>") && html.contains("*not em*") && html.contains("snake_case_name"))
        #expect(html.contains("Pikachu") && !html.contains("<img"))
        #expect(html.contains("&lt;b&gt;raw&lt;/b&gt;") && html.contains("&amp; more"))
    }

    @Test("a link's address keeps its own balanced parentheses, as CommonMark reads it; a title is left out; a script address loses its URL and leaves nothing behind")
    func parenthesesInAddresses() {
        let wiki = TrainerMarkdown.html(from: "See [Pikachu](https://en.wikipedia.org/wiki/Pikachu_(Pok%C3%A9mon)) now.")
        #expect(wiki.contains(#"<a href="https://en.wikipedia.org/wiki/Pikachu_(Pok%C3%A9mon)" rel="nofollow noopener noreferrer">Pikachu</a> now."#), "\(wiki)")
        let nested = TrainerMarkdown.html(from: "[a](https://example.test/a_(b_(c))) and [d](https://example.test/d \"A (title)\") end")
        #expect(nested.contains(#"href="https://example.test/a_(b_(c))""#) && nested.contains(">a</a> and "), "\(nested)")
        #expect(nested.contains(#"href="https://example.test/d""#) && nested.contains(">d</a> end"), "\(nested)")
        let script = TrainerMarkdown.html(from: "[x](javascript:alert(1)).")
        #expect(!script.contains("javascript") && script.contains("x</a>.") && !script.contains(")."), "\(script)")
        // Unbalanced: not a link, the text as written.
        let open = TrainerMarkdown.html(from: "[x](https://example.test/a(b")
        #expect(!open.contains("<a") && open.contains("[x](https://example.test/a(b"), "\(open)")
        // Many `[` before one long address: each reads the address found once.
        let many = String(repeating: "[", count: 20_000) + "x](" + String(repeating: "a", count: 2_000) + ")"
        #expect(TrainerMarkdown.html(from: many).contains("<a href=\"aaaa"))
    }

    @Test("what broke Ink renders, as text, and links still work", arguments: [
        "<p*l", "<p~b< o<*luoqckoable", "- \n ", "---\n\n", "---\n\nb\n", "\n---\n\n", "* \n ",
        String(repeating: "[", count: 40) + "x" + String(repeating: "]", count: 40) + " [a link](page.html)",
    ])
    func inkFailures(input: String) {
        let html = TrainerMarkdown.html(from: input)
        #expect(HTMLSanitizer.sanitize(html, policy: TrainerMarkdown.policy) == html)
        if input.contains("[a link]") { #expect(html.contains(#"<a href="page.html">a link</a>"#)) }
    }

    @Test("the worst inputs for a backtracking reader finish: each marker's closer is looked up, never searched again")
    func pathological() {
        for unit in ["*a", "**a", "[a", "`a ``", "_a", "~~a", "[a](", "](", "[a](b(", "[a](b \"", "> ", "- ", "\\"] {
            let text = String(repeating: unit, count: TrainerMarkdown.maxBytes / unit.utf8.count)
            let html = TrainerMarkdown.html(from: text)
            #expect(!html.isEmpty, "\(unit)")
        }
    }

    @Test("input past the cap is cut at a line, never rendered whole")
    func capped() {
        let long = String(repeating: "A line of notes.\n", count: 10_000)
        #expect(TrainerMarkdown.capped(long).utf8.count <= TrainerMarkdown.maxBytes)
        #expect(TrainerMarkdown.capped(long).hasSuffix("A line of notes."))
        #expect(TrainerMarkdown.html(from: long).utf8.count < long.utf8.count + 20_000)
    }
}
