import ArgumentParser
import Foundation
import Pokedex

/// `pokedex import`: merges the choices saved by the site's Export button.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge what you marked in the browser (the site's Export file) into your collection."
    )

    @Argument(help: "The file the site's Export button saved (pokedex-choices.json).")
    var file: String
    @Flag(name: .customLong("dry-run"), help: "Show what would change without writing anything.")
    var dryRun = false
    @OptionGroup var options: CollectionOptions

    /// The largest export `import` reads (an export of every species twice over is ~100 KB).
    static let maxBytes = 4_000_000

    func run() async throws {
        let data: Data
        do {
            // An export is a few kilobytes; anything past the cap is not one (and is not read whole).
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            if let size = attributes[.size] as? Int, size > Self.maxBytes {
                throw CommandFailure("\(file) is \(size) bytes; an export of the site's choices is at most \(Self.maxBytes). Choose the file the Export button saved.")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw ValidationError("cannot read \(file): \(error.localizedDescription)")
        }
        let catalog = try await options.catalog()
        let importer = CollectionImport(rules: CollectionRules(reference: catalog), defaults: CatchDefaults(catalog: catalog))
        do {
            let choices = try BrowserChoices.read(data, file: file)
            var ids = CollectionIDs()
            let summary: CollectionImport.Summary
            if dryRun {
                var collection = try options.store.read()
                summary = importer.apply(choices, to: &collection, ids: &ids)
            } else {
                summary = try options.store.update { (collection: inout TrainerCollection) throws(CollectionError) in
                    importer.apply(choices, to: &collection, ids: &ids)
                }
            }
            Console.out(summary.description)
            if dryRun { Console.out("(dry run: nothing was written)") } else if !summary.isEmpty { Console.out("Saved to \(options.store.file.path).") }
        } catch {
            throw error.exit
        }
    }
}
