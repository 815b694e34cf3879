/// Every message the module shows, in one place.
extension PokeAPIFailure {
    var wording: (summary: String, location: String, advice: String) {
        switch self {
        case let .decoding(url, codingPath, detail):
            return ("Unexpected data: \(detail)", "\(url) at \(codingPath.isEmpty ? "the top level" : codingPath)",
                    "The resource does not have PokeAPI's shape; check the --api source or run again with --refresh")
        case let .invalidJSON(url):
            return ("The response is not valid JSON", url, "It was not cached; run the fetch again")
        case let .notAnImage(url):
            return ("The response is not an image (PNG, GIF, JPEG or WebP)", url, "It was not cached; check the --sprites-url source")
        case let .confined(path, reason):
            return ("Refused to read \(reason)", path, "Input folders may only link inside themselves; remove the link or copy the file in")
        case let .missingFile(path):
            return ("Not in the local data", path, "Run `pokedex fetch` for it, or point --api at a folder that has it")
        case let .unreadable(path, reason):
            return ("Cannot read \(reason)", path, "Check the file's permissions")
        case let .unwritable(path, reason):
            return ("Cannot write \(reason)", path, "Check free space and permissions of the cache folder")
        case let .escapesCache(path, target):
            return ("Refused: the file's folder leads out of the cache (to \(target))", path,
                    "The cache may only link inside itself; remove that symlink, or move what it points to into the cache")
        case let .status(url, code):
            return ("HTTP status \(code)", url, code == 404 ? "The resource does not exist at this source" : "Run again later; finished files are kept")
        case let .transport(url, reason):
            return ("Connection failed: \(reason)", url, "Check the network or the --api URL, then run again to resume")
        case let .unreachable(url, host, reason):
            return ("Cannot reach \(host): \(reason). Are you offline?", url,
                    "Without the network, build the bundled sample (pokedex build --sample), a local data folder "
                        + "(pokedex build --api FOLDER), or what the cache already holds (pokedex build --offline)")
        case let .serverDown(url, host, attempts):
            return ("No server listens at \(host): every connection was refused (\(attempts) \(attempts == 1 ? "attempt" : "attempts"))", url,
                    "Start the server, or check the host and port in --api and --sprites-url, then run again to resume")
        case let .timeout(url, seconds):
            return ("No answer within \(Self.format(seconds)) s", url, "Run again to resume")
        case let .tooLarge(url, limit):
            return ("The response is larger than \(limit / 1_048_576) MB", url, "This is not a PokeAPI resource; check the --api URL")
        case let .truncated(url):
            return ("The response ended early", url, "Nothing was cached for it; run again to resume")
        case let .redirectRefused(url, location):
            return ("Refused a redirect to \(location)", url, "Only the API and sprite hosts are followed; check the --api URL")
        case let .badLink(link):
            return ("Not a PokeAPI link", link, "Links must look like /api/v2/<resource>/<id>/")
        case let .cacheLocked(path):
            return ("Another pokedex fetch is writing this cache", path, "Wait for it to finish, or use another --cache folder")
        case let .offlineEmptyCache(path):
            return ("Offline, and the cache \(path) holds no PokeAPI data yet", "",
                    "Fetch once with network access (pokedex fetch, or pokedex build without --offline); without the network, "
                        + "build the bundled sample (pokedex build --sample) or a local data folder (pokedex build --api FOLDER)")
        case let .offlineMisses(paths, folder):
            let shown = paths.prefix(20).joined(separator: ", ") + (paths.count > 20 ? ", ... (\(paths.count) in all)" : "")
            if let folder {
                return ("The data folder lacks \(paths.count) file(s) the selection reaches: \(shown)", folder,
                        "Each is api/v2/<resource>/<id>/index.json under the folder: copy them in from a complete api-data "
                            + "folder, or build a selection the folder covers (--pokemon, --generations)")
            }
            return ("Offline, and the cache lacks \(paths.count) file(s): \(shown)", "",
                    "Run `pokedex fetch` once with network access; without it, build the bundled sample (--sample) or a local data folder (--api FOLDER)")
        case let .unknownPokemon(name, suggestions):
            let hint = suggestions.isEmpty ? "Use a national-dex number or a species name" : "Did you mean \(suggestions.joined(separator: ", "))?"
            return ("No pokemon named \"\(name)\"", "--pokemon", hint)
        case let .unknownGeneration(number, available):
            return ("Generation \(number) does not exist: PokeAPI has generations \(available)", "--generations", "Choose generations among \(available)")
        case let .badSelection(text, reason):
            return ("Cannot read \"\(text)\": \(reason)", "selection", "Use numbers and ranges like 1-151,pikachu or 1-3 for generations")
        case let .badBase(text):
            return ("Not a usable source", text, "Give an http(s) URL ending in /api/v2/ or a folder holding api/v2/")
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
