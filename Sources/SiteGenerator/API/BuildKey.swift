import Common
import Foundation

/// Everything a site depends on, by name: when the key of a build matches the key the
/// site in the output was built with, nothing is rendered or even decoded.
///
/// One value type, so an input cannot be left out of one of several keys: the hash is
/// over every stored field (the whole value is encoded), and adding a field adds it.
package struct BuildKey: Codable, Hashable, Sendable {
    /// What the caller knows: the tool, the data, the selection and the trainer's collection.
    package struct Inputs: Codable, Hashable, Sendable {
        /// The tool's version (a new version may write other pages).
        package var tool: String
        /// The data's content key: the source index's (every file's stamp), or the sample's.
        package var data: String
        /// The selection, as the catalog reads it.
        package var selection: String
        /// A hash of the collection file's contents (its marks and individuals show on pages).
        package var collection: String

        package init(tool: String, data: String, selection: String, collection: String) {
            self.tool = tool
            self.data = data
            self.selection = selection
            self.collection = collection
        }
    }

    var format = "site-key-2"
    var inputs: Inputs
    var language: String
    var title: String
    var baseURL: String
    var spritesRoot: String
    var pageSize: Int
    var dexMode: Bool
    var images: String
    /// Every template and string of the theme and its override.
    var templates: String
    /// Every asset (`Public/` of the theme and its override).
    var assets: String
    /// The trainer's about text.
    var about: String = ""

    /// The key as one hash over every field.
    package var hex: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var hash = Fingerprint()
        hash.add((try? encoder.encode(self)) ?? Data())
        return hash.hex
    }
}

/// What a build's key takes from the theme: a hash of every template and string, and one
/// of every asset. Made apart from the rest of the key, so that a build can make it while
/// its data is checked (``SiteBuilder/Lookahead``).
package struct ThemePrints: Sendable, Equatable {
    var templates: String
    var assets: String

    init(themeRoot: URL, override: URL?) {
        var assetFolders = [themeRoot.appendingPathComponent("Public")]
        if let override { assetFolders.append(override.appendingPathComponent("Public")) }
        templates = Theme.fingerprint(of: Theme.templateFolders(themeRoot: themeRoot, override: override))
        assets = Theme.fingerprint(of: assetFolders)
    }
}

extension SiteBuilder {
    /// The key of a build of this configuration from `inputs`; `theme`, the theme's prints
    /// when already made (a ``Lookahead``'s), else made now.
    package func key(_ inputs: BuildKey.Inputs, theme: ThemePrints? = nil) -> BuildKey {
        let prints = theme ?? ThemePrints(themeRoot: configuration.themeRoot, override: configuration.themeOverride)
        return BuildKey(
            inputs: inputs, language: configuration.languages.joined(separator: ","), title: configuration.title,
            baseURL: configuration.baseURL ?? "", spritesRoot: configuration.spritesRoot?.path ?? "",
            pageSize: configuration.pageSize, dexMode: configuration.dexMode, images: configuration.images,
            templates: prints.templates, assets: prints.assets,
            about: configuration.about ?? ""
        )
    }
}
