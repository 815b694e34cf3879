import Foundation

/// Every template of a folder, compiled once, with a theme folder overriding them by name.
///
/// Names are paths relative to the folder without `.mustache`: `layout`,
/// `partials/card`. A theme file with the same relative path replaces the default
/// one; a theme may also add new names.
///
/// Partial look-up rule: `{{> card}}` and `{{< card}}` find the template named `card`
/// first, then `partials/card`. So partials may live at the top level or in a
/// `partials/` folder, and `{{> partials/card}}` always works.
public struct TemplateLibrary: Sendable {
    /// The compiled templates by name.
    public let templates: [String: Template]
    /// Report missing names and partials while rendering (for theme authors).
    public let strict: Bool
    /// Every name a partial tag may use, with the template it finds (``template(named:)``'s
    /// rule, followed once here): each `{{> card}}` a page renders found `card` missing,
    /// made the string `partials/card` and looked again.
    private let byReference: [String: Template]

    /// Loads every `*.mustache` under `directory`, then overrides by name from `theme`.
    ///
    /// A template that does not compile is named in the error by its path under the folder
    /// it came from (`theme/Templates/pokemon.mustache:231:1`): a theme's override and the
    /// default it replaces share the name, and the error must say which one to mend.
    public init(directory: URL, theme: URL? = nil, strict: Bool = false) throws(TemplateError) {
        var sources = try Self.sources(in: directory)
        if let theme {
            sources.merge(try Self.sources(in: theme)) { _, themed in themed }
        }
        var templates: [String: Template] = [:]
        for (name, source) in sources {
            do {
                templates[name] = try Template(source: source.text, name: source.path)
            } catch {
                throw TemplateError(file: source.folder.appendingPathComponent(source.path).path, line: error.line, column: error.column,
                                    sourceLine: error.sourceLine, message: error.message, help: error.help)
            }
        }
        self.init(templates: templates, strict: strict)
    }

    /// A library over templates compiled elsewhere.
    public init(templates: [String: Template], strict: Bool = false) {
        self.templates = templates
        self.strict = strict
        var byReference = templates
        for (name, template) in templates where name.hasPrefix("partials/") {
            let short = String(name.dropFirst("partials/".count))
            if templates[short] == nil { byReference[short] = template }
        }
        self.byReference = byReference
    }

    /// A library of the same templates that shares no storage with this one.
    ///
    /// Rendering retains each node it walks, and a reference count is one cache line that a
    /// core must own to change: two threads rendering from one library take turns over the
    /// same lines, tens of thousands of times per page listing thousands of rows. At ten
    /// times the dex, on two cores, the renderer's own work took three times what it takes
    /// on one (a twentieth of the build's CPU). A render task with its own copy changes only
    /// its own counts.
    public func copy() -> TemplateLibrary {
        TemplateLibrary(templates: Dictionary(uniqueKeysWithValues: templates.map { ($0.key, $0.value.copy()) }), strict: strict)
    }

    /// The template named `name`, or one in `partials/` by that name.
    public func template(named name: String) -> Template? {
        byReference[name]
    }

    /// Renders the template `name` against `context`.
    public func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String {
        String(decoding: try renderBytes(name, context), as: UTF8.self)
    }

    /// Renders the template `name` against `context`, into UTF-8 bytes.
    public func renderBytes(_ name: String, _ context: TemplateValue) throws(TemplateError) -> [UInt8] {
        guard let root = template(named: name) else {
            throw TemplateError(file: name, problem: .missingTemplate(name, known: templates.keys.sorted()))
        }
        return try root.renderBytes(context, options: RenderOptions(strict: strict)) { template(named: $0) }
    }
}

private extension TemplateLibrary {
    struct Source {
        /// The folder it was found in, as given, and its path below it.
        let folder: URL
        let path: String
        let text: String
    }

    static func sources(in directory: URL) throws(TemplateError) -> [String: Source] {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(file: directory.path, problem: .unreadable("no such folder"))
        }
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw TemplateError(file: directory.path, problem: .unreadable("cannot list the folder"))
        }
        var sources: [String: Source] = [:]
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in walker where url.pathExtension == "mustache" {
            // Named where it is found: a link overrides by its own name, as a theme's prints
            // read it (named by its target, a theme's `home.mustache` linked to
            // `inner/home.mustache` was silently `inner/home`, and the site kept or dropped
            // the override as the last build had). Read only when what it leads to lies inside.
            let found = url.standardizedFileURL.path
            guard found.hasPrefix(prefix), url.standardizedFileURL.resolvingSymlinksInPath().path.hasPrefix(prefix) else { continue }
            let relative = String(found.dropFirst(prefix.count))
            let name = String(relative.dropLast(".mustache".count))
            do {
                sources[name] = Source(folder: directory, path: relative, text: try String(contentsOf: url, encoding: .utf8))
            } catch {
                throw TemplateError(file: url.path, problem: .unreadable("not readable as UTF-8 text"))
            }
        }
        return sources
    }
}

