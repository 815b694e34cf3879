import Common
import Foundation

extension Catalog {
    /// The bundled offline sample: about thirty Pokémon that exercise every page feature.
    ///
    /// Facts only (names, numbers, types, stats, abilities, some moves, evolutions): no
    /// flavor text and no sprites, so pages show the placeholder image.
    /// A key of the bundled sample's bytes, for the build's key.
    package static func sampleKey() -> String {
        var hash = Fingerprint()
        if let url = Bundle.module.url(forResource: "sample-catalog", withExtension: "json"), let data = FileManager.default.contents(atPath: url.path) {
            hash.add(data)
        }
        return hash.hex
    }

    package static func sample() throws(CatalogError) -> Catalog {
        guard let url = Bundle.module.url(forResource: "sample-catalog", withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            throw CatalogError(.sampleMissing)
        }
        do {
            return try JSONDecoder().decode(Catalog.self, from: data)
        } catch let error as DecodingError {
            let (path, detail) = error.pathAndDetail()
            throw CatalogError(.sampleMalformed(jsonPath: path, detail: detail))
        } catch {
            throw CatalogError(.sampleMalformed(jsonPath: "$", detail: error.localizedDescription))
        }
    }
}
