import Common
import Foundation
import TemplateEngine

/// The templates, assets and strings a site is made with: the default theme, overridden by `--theme`.
struct Theme: Sendable {
    let templates: TemplateLibrary
    let strings: SiteStrings
    /// Asset folders in order; later ones override earlier ones by path.
    let assetFolders: [URL]
    /// A hash of every template and string, so changing the theme re-renders every page.
    let fingerprint: String

    init(configuration: SiteConfiguration) throws(SiteError) {
        let defaultTemplates = configuration.themeRoot.appendingPathComponent("Templates", isDirectory: true)
        var templateFolders = [defaultTemplates]
        var assetFolders = [configuration.themeRoot.appendingPathComponent("Public", isDirectory: true)]
        var overrideTemplates: URL?
        if let override = configuration.themeOverride {
            let nested = override.appendingPathComponent("Templates", isDirectory: true)
            overrideTemplates = FileManager.default.fileExists(atPath: nested.path) ? nested : override
            templateFolders.append(overrideTemplates ?? override)
            assetFolders.append(override.appendingPathComponent("Public", isDirectory: true))
        }
        do {
            templates = try TemplateLibrary(directory: defaultTemplates, theme: overrideTemplates, strict: false)
        } catch {
            throw SiteError(.template(name: defaultTemplates.path, underlying: String(describing: error)))
        }
        strings = try SiteStrings(folders: templateFolders, language: configuration.language)
        self.assetFolders = assetFolders
        fingerprint = Self.fingerprint(of: templateFolders)
    }

    /// The folders a configuration's templates come from: the default theme's, then the override's.
    static func templateFolders(_ configuration: SiteConfiguration) -> [URL] {
        var folders = [configuration.themeRoot.appendingPathComponent("Templates", isDirectory: true)]
        if let override = configuration.themeOverride {
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

    /// Renders one page.
    func render(_ spec: PageSpec) throws(SiteError) -> String {
        do {
            return try templates.render(spec.template, spec.context)
        } catch {
            throw SiteError(.template(name: spec.template, underlying: String(describing: error)))
        }
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
