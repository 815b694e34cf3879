import Common
import Foundation
import TemplateEngine

/// The templates, assets and strings a site is made with: the default theme, overridden by `--theme`.
struct Theme: Sendable {
    let templates: TemplateLibrary
    let strings: SiteStrings
    /// Asset folders in order; later ones override earlier ones by path.
    let assetFolders: [URL]
    /// A hash of every template and string: the theme's part of the build's key.
    let fingerprint: String
    /// Per page template, a hash of the templates it uses (itself, its partials and
    /// parents, transitively) and of the words it shows: editing the detail page's template
    /// re-renders the detail pages only, and a word only the pages that show it.
    let templateKeys: [String: String]

    /// The theme with the words of `language` (the configuration's when nil).
    init(configuration: SiteConfiguration, language: String? = nil) throws(SiteError) {
        let defaultTemplates = configuration.themeRoot.appendingPathComponent("Templates", isDirectory: true)
        var templateFolders = [defaultTemplates]
        var assetFolders = [configuration.themeRoot.appendingPathComponent("Public", isDirectory: true)]
        var overrideTemplates: URL?
        if let override = configuration.themeOverride {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: override.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw SiteError(.themeMissing(path: override.path))
            }
            let nested = override.appendingPathComponent("Templates", isDirectory: true)
            overrideTemplates = FileManager.default.fileExists(atPath: nested.path) ? nested : override
            templateFolders.append(overrideTemplates ?? override)
            assetFolders.append(override.appendingPathComponent("Public", isDirectory: true))
        }
        do {
            templates = try TemplateLibrary(directory: defaultTemplates, theme: overrideTemplates, strict: false)
        } catch {
            // The error names the file that failed: the default's or the theme's override.
            throw SiteError(.template(name: URL(fileURLWithPath: error.file).lastPathComponent, underlying: String(describing: error)))
        }
        strings = try SiteStrings(folders: templateFolders, language: language ?? configuration.language)
        self.assetFolders = assetFolders
        fingerprint = Self.fingerprint(of: templateFolders)
        templateKeys = Self.templateKeys(templates, folders: templateFolders, strings: strings)
    }

    /// The key of each template: its closure's sources and the strings the closure names.
    static func templateKeys(_ library: TemplateLibrary, folders: [URL], strings: SiteStrings) -> [String: String] {
        var sources: [String: Fingerprint] = [:]
        for folder in folders {
            for file in files(under: folder) where file.relative.hasSuffix(".mustache") {
                var hash = Fingerprint()
                hash.add((try? Data(contentsOf: file.url)) ?? Data())
                sources[String(file.relative.dropLast(".mustache".count))] = hash
            }
        }
        var allStrings = Fingerprint()
        for key in strings.table.keys.sorted() {
            allStrings.add(key)
            allStrings.add(strings[key])
        }
        var keys: [String: String] = [:]
        for name in library.templates.keys {
            var closure: Set<String> = []
            var pending = [name]
            var dynamic = false
            var words: Set<String> = []
            var wholeTable = false
            while let next = pending.popLast() {
                guard let template = library.template(named: next), closure.insert(template.name).inserted else { continue }
                let uses = template.dependencies
                dynamic = dynamic || uses.hasDynamicTemplates
                pending += uses.templates
                for used in uses.names {
                    if used == "t" { wholeTable = true }
                    if used.hasPrefix("t.") { words.insert(String(used.dropFirst(2))) }
                }
            }
            var hash = Fingerprint()
            hash.add("template-key-1")
            if dynamic {
                // Any template may be rendered: the page depends on all of them.
                for (source, fingerprint) in sources.sorted(by: { $0.key < $1.key }) { hash.add(source); hash.add(fingerprint.hex) }
            } else {
                for member in closure.sorted() { hash.add(member); hash.add(sources[Self.sourceName(member)]?.hex ?? "?") }
            }
            if wholeTable || dynamic {
                hash.add(allStrings.hex)
            } else {
                for word in words.sorted() { hash.add(word); hash.add(strings[word]) }
            }
            keys[name] = hash.hex
        }
        return keys
    }

    /// A compiled template's name is its file path in the library; the same key as `sources`.
    private static func sourceName(_ templateName: String) -> String {
        templateName.hasSuffix(".mustache") ? String(templateName.dropLast(".mustache".count)) : templateName
    }

    /// The folders a theme's templates come from: the default theme's, then the override's.
    static func templateFolders(themeRoot: URL, override: URL?) -> [URL] {
        var folders = [themeRoot.appendingPathComponent("Templates", isDirectory: true)]
        if let override {
            let nested = override.appendingPathComponent("Templates", isDirectory: true)
            folders.append(FileManager.default.fileExists(atPath: nested.path) ? nested : override)
        }
        return folders
    }

    /// A hash of every file's path and bytes under the folders.
    static func fingerprint(of folders: [URL]) -> String {
        var hash = Fingerprint()
        for folder in folders {
            hash.add(folder.path)
            for file in files(under: folder) {
                hash.add(file.relative)
                hash.add((try? Data(contentsOf: file.url)) ?? Data())
            }
        }
        return hash.hex
    }

    /// Renders one page; texts in another language than the page's get their `lang`.
    func render(_ spec: PageSpec, with templates: TemplateLibrary? = nil) throws(SiteError) -> String {
        String(decoding: try renderBytes(spec, with: templates), as: UTF8.self)
    }

    /// One page as the UTF-8 bytes its file holds.
    func renderBytes(_ spec: PageSpec, with templates: TemplateLibrary? = nil) throws(SiteError) -> [UInt8] {
        do {
            return LanguageMark.resolve(bytes: try (templates ?? self.templates).renderBytes(spec.template, spec.context))
        } catch {
            throw SiteError(.template(name: spec.template, underlying: String(describing: error)))
        }
    }

    /// Why each file a theme would use and leaves out was refused: a symlink leading out of
    /// its folder (a theme cloned from elsewhere cannot publish `~/.ssh` as an asset), said
    /// as a refused sprite is, rather than dropped without a word. In a template folder, a
    /// template or a strings file; in an asset folder, any file. Each link once, as the
    /// folder that uses it sees it (a theme without `Templates/` holds its `Public/`).
    static func refusedLinks(templates: [URL], assets: [URL]) -> [String] {
        var refused: [String: String] = [:]
        func walk(_ folder: URL, uses: (String) -> Bool) {
            let input = InputFolder(root: folder)
            guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return }
            while let relative = enumerator.nextObject() as? String {
                guard uses(relative), case let .escapes(target) = input.resolve(relative) else { continue }
                let link = folder.standardizedFileURL.path + "/" + relative
                refused[link] = "refused the theme file \(link): it is a symlink leading out of \(input.realRoot) (to \(target)); "
                    + "it is left out (copy the file in, or link inside the theme)"
            }
        }
        for folder in templates {
            walk(folder) { $0.hasSuffix(".mustache") || ($0.hasPrefix("strings/") && $0.hasSuffix(".json")) }
        }
        // After the templates': an asset's link is refused as its asset folder sees it.
        for folder in assets { walk(folder) { _ in true } }
        return refused.keys.sorted().map { refused[$0]! }
    }

    /// Every regular file under a folder, with its path relative to it, sorted.
    ///
    /// A symlink is followed only when its target lies inside the same folder (a theme
    /// cloned from elsewhere cannot publish `~/.ssh` as an asset); anything else is left out.
    static func files(under folder: URL) -> [(relative: String, url: URL)] {
        let manager = FileManager.default
        let input = InputFolder(root: folder)
        guard let enumerator = manager.enumerator(atPath: folder.path) else { return [] }
        var found: [(String, URL)] = []
        while let relative = enumerator.nextObject() as? String {
            guard case let .file(real, _) = input.resolve(relative) else { continue }
            found.append((relative, URL(fileURLWithPath: real)))
        }
        return found.sorted { $0.0 < $1.0 }
    }
}
