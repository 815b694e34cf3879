import Common
import Foundation
import Synchronization
import JSONLinkScan

/// What a fetched resource leads to: the resources and sprites the site needs next.
///
/// Decoding here is also the check that a response is the JSON it should be:
/// nothing reaches the cache unless it decoded.
struct Reach: Sendable, Equatable {
    /// Resources to fetch, with their names where the link gives one.
    var resources: [APIResourcePath: String?] = [:]
    var sprites: Set<SpritePath> = []
    /// Official artwork and HOME renders: fetched only when the site's images setting wants them.
    var artwork: Set<SpritePath> = []
    var home: Set<SpritePath> = []
    /// The species a generation introduced; fetched only when that generation is selected.
    var generationSpecies: [APIResourcePath] = []

    /// Resources whose every entry is fetched, as lookups for the site.
    static let lookupResources = [
        "language", "stat", "type", "generation", "version-group", "pokemon-color", "growth-rate",
        "move-damage-class", "move-learn-method", "evolution-trigger", "egg-group", "pokemon-shape", "pokemon-habitat",
        "region", "version", "encounter-method", "encounter-condition-value", "move-target",
    ]

    /// Resources that only lend a name (where an evolution happens): one upstream does not
    /// have is recorded as missing, as a sprite is, an offline run does without it, and the
    /// site says its slug in words. api-data dumps and the shared mirror hold no locations;
    /// the live API does.
    static let optionalResources: Set<String> = ["location", "region"]

    /// A fingerprint of everything the reach holds: the source index keeps it per file, so a
    /// file changed by hand that still reaches exactly the same (a text edited) needs no
    /// crawl (``SourceIndex/restamped()``). Never 0 (unknown).
    ///
    /// Each element is hashed on its own and the hashes are summed, so the order of the sets
    /// does not matter and nothing is sorted or spelled out (a cold fetch asks it of every
    /// resource; the sort of a pokemon's hundreds of paths was 3% of it).
    var key: UInt64 {
        var sum: UInt64 = 0
        func add(_ section: UInt8, _ element: (inout Fingerprint) -> Void) {
            var hash = Fingerprint()
            hash.add(section)
            element(&hash)
            sum &+= Self.spread(hash.value)
        }
        for (path, name) in resources {
            add(1) { hash in
                hash.add(path.resource)
                hash.add(path.identifier ?? "")
                if let name { hash.add(name) } else { hash.add(UInt8(0)) }
            }
        }
        for (section, set) in [(UInt8(2), sprites), (3, artwork), (4, home)] {
            for sprite in set { add(section) { $0.add(sprite.relativePath) } }
        }
        // A list: its order is part of what it says.
        add(5) { hash in for path in generationSpecies { hash.add(path.relativePath) } }
        return sum == 0 ? 1 : sum
    }

    /// A 64-bit finalizer (MurmurHash3's `fmix64`): FNV's last bytes barely reach the high
    /// bits, and a sum of hashes wants every bit of each to count.
    static func spread(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xff51_afd7_ed55_8ccd
        value ^= value >> 33
        value &*= 0xc4ce_b9fe_1a85_ec53
        value ^= value >> 33
        return value
    }

    /// The links in `data`, a resource at `path`; throws when it is not valid JSON.
    static func links(in data: Data, at path: APIResourcePath, url: String) throws(PokeAPIFailure) -> Reach {
        let rules = rules(of: path.resource)
        let matches: [JSONLinkScanner.Match]
        do {
            matches = try JSONLinkScanner.matches(in: data, rules: rules)
        } catch {
            throw .invalidJSON(url: url)
        }
        var reach = Reach()
        reach.resources.reserveCapacity(matches.count)
        for match in matches {
            switch Target(rawValue: match.tag) {
            case .resource:
                // The first name a link gives is kept (the scanner reports each distinct
                // link and name once, first where it occurs), in one lookup of the table.
                if let path = APIResourcePath(link: match.value) { keepFirst(&reach.resources[path, default: nil], match.name) }
            case .sprite:
                if let sprite = SpritePath(url: match.value) { reach.sprites.insert(sprite) }
            case .artwork:
                if let sprite = SpritePath(url: match.value) { reach.artwork.insert(sprite) }
            case .home:
                if let sprite = SpritePath(url: match.value) { reach.home.insert(sprite) }
            case .generationSpecies:
                if let path = APIResourcePath(link: match.value) { reach.generationSpecies.append(path) }
            case nil:
                break
            }
        }
        return reach
    }
}

private extension Reach {
    /// Names `slot` with `name` unless it has a name already.
    static func keepFirst(_ slot: inout String?, _ name: String?) {
        if slot == nil { slot = name }
    }

    /// What a match leads to.
    enum Target: Int {
        case resource, sprite, generationSpecies, artwork, home
    }

    /// Where each resource keeps the links a fetch follows, derived from the schema that
    /// reads it (``Wire/schema``, ``SchemaProbe``): a field typed as a link is followed, so
    /// there is no second list to keep in step. Resources without a schema are only
    /// checked to be valid JSON.
    /// Each resource's rules are made the first time one of its files is scanned: probing
    /// every schema took 30 ms, on the critical path of a rebuild that scans one edited file.
    /// Once made they are read without a lock (every scan asks: behind one lock, eight
    /// workers on two cores met it taken about once in ten scans, each time a futex round
    /// trip); they are made under one, so workers meeting a new resource at once do not
    /// each probe its schema.
    static func rules(of resource: String) -> JSONLinkScanner.RuleSet {
        guard let slot = ruleSlots[resource] else { return .none }
        if let made = slot.made.load() { return made.rules }
        return making.withLock { _ in
            if let made = slot.made.load() { return made.rules }
            return slot.made.storeIfNil(MadeRules(rules: rules(of: slot.type))).rules
        }
    }

    /// One resource's rules, once made.
    final class RuleSlot: Sendable {
        let type: any (Decodable & Sendable).Type
        let made = AtomicLazyReference<MadeRules>()

        init(_ type: any (Decodable & Sendable).Type) {
            self.type = type
        }
    }

    final class MadeRules: Sendable {
        let rules: JSONLinkScanner.RuleSet

        init(rules: JSONLinkScanner.RuleSet) {
            self.rules = rules
        }
    }

    private static let ruleSlots: [String: RuleSlot] = Wire.schema.mapValues(RuleSlot.init)
    private static let making = Mutex<Void>(())

    static func rules(of type: any Decodable.Type) -> JSONLinkScanner.RuleSet {
        JSONLinkScanner.RuleSet(SchemaProbe.links(of: type).map { found in
            switch found.target {
            case .link:
                JSONLinkScanner.Rule(.link, found.path.joined(separator: "."), anywhere: found.anywhere, tag: Target.resource.rawValue)
            case .linkString:
                JSONLinkScanner.Rule(.string, found.path.joined(separator: "."), anywhere: found.anywhere, tag: Target.resource.rawValue)
            case .artwork:
                JSONLinkScanner.Rule(.string, found.path.joined(separator: "."), anywhere: found.anywhere, tag: Target.artwork.rawValue)
            case .home:
                JSONLinkScanner.Rule(.string, found.path.joined(separator: "."), anywhere: found.anywhere, tag: Target.home.rawValue)
            case .sprite:
                JSONLinkScanner.Rule(.string, found.path.joined(separator: "."), anywhere: found.anywhere, tag: Target.sprite.rawValue)
            case .generationSpecies:
                JSONLinkScanner.Rule(.link, found.path.joined(separator: "."), anywhere: found.anywhere, tag: Target.generationSpecies.rawValue)
            }
        })
    }
}

extension Reach {
    /// Why a cached file is not valid JSON, and where (``JSONLinkScanner/whyInvalid(_:)``).
    static func whyInvalid(_ data: Data) -> String {
        JSONLinkScanner.whyInvalid(data) ?? "not valid JSON"
    }
}

/// How many distinct links and sprite paths a fetch reads from `data`, a file of `resource`, or nil
/// when it is not valid JSON: `bench-catalog` times the fetch's scan with it.
package func fetchLinkCount(in data: Data, resource: String) -> Int? {
    try? JSONLinkScanner.matches(in: data, rules: Reach.rules(of: resource)).count
}
