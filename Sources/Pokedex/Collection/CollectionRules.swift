import Foundation
import Common

/// The rules a caught Pokémon must follow, checked against the site's own data.
///
/// Every violation is reported, not just the first, and nothing is written unless
/// there are none.
package struct CollectionRules: Sendable {
    package static let nicknameLength = 3...24
    package static let levels = 1...100
    package static let moveCount = 1...4

    let reference: any CollectionReference

    package init(reference: any CollectionReference) {
        self.reference = reference
    }

    /// The individual `draft` describes, with `id`, or every rule it breaks. With
    /// `collection`, its nickname must also be free there (another individual's, in any
    /// case, is taken): `edit Sparky` and `release Sparky` must name one Pokémon.
    package func validate(_ draft: CatchDraft, id: String, among collection: TrainerCollection? = nil) -> Result<CaughtPokemon, RuleViolations> {
        var violations: [RuleViolation] = []
        let species = resolveSpecies(draft.species, into: &violations)
        let nickname = checkNickname(draft.nickname, into: &violations)
        if let nickname, let collection,
           let other = collection.caught.first(where: { $0.id != id && $0.nickname.lowercased() == nickname.lowercased() }) {
            violations.append(RuleViolation(field: "nickname", value: nickname,
                                            allowed: "\(other.id) (\(other.species)) already has it; nicknames name one Pokémon each, so choose another"))
        }
        let level = checkLevel(draft.level, into: &violations)
        let experience = checkExperience(draft.experience, level: level, species: species, into: &violations)
        let moves = checkMoves(draft.moves, species: species, into: &violations)
        let heldItem = draft.heldItem.flatMap { resolveItem($0, into: &violations) }
        let sprite = checkSprite(draft.sprite, species: species, into: &violations)
        let notes = checkNotes(draft.notes, into: &violations)
        guard violations.isEmpty, let species, let nickname, let level, let experience, let moves else {
            return .failure(RuleViolations(violations: violations))
        }
        return .success(CaughtPokemon(
            id: id, species: species, nickname: nickname, level: level, experience: experience,
            moves: moves, heldItem: heldItem, sprite: sprite ?? "front_default", notes: notes
        ))
    }

    /// The species slug `input` names (a slug, a display name or a dex-order match), if any.
    package func species(named input: String) -> String? {
        let wanted = Self.slug(input)
        return reference.speciesNames.first { $0.slug == wanted || Self.slug($0.name) == wanted }?.slug
    }

    /// The collection as a build shows it: every entry checked by the same rules as
    /// `catch`, the ones that break any left out and said, with the file and line, so a
    /// hand-edited file cannot put an 80 KB nickname or control characters on a page.
    package func audit(_ collection: TrainerCollection, file: String, lines: [String: Int]) -> (kept: TrainerCollection, problems: [String]) {
        var kept = TrainerCollection()
        var problems: [String] = []
        for pokemon in collection.caught {
            switch validate(CatchDraft(pokemon), id: pokemon.id) {
            case .success(let checked):
                kept.caught.append(checked)
            case .failure(let violations):
                let place = "\(file):\(lines[pokemon.id].map(String.init) ?? "?")"
                problems.append("\(place): [[caught]] \"\(RuleViolation.shown(pokemon.id))\" is left out of the site:\n\(violations)")
            }
        }
        for favorite in collection.favorites {
            if let slug = species(named: favorite) {
                if !kept.favorites.contains(slug) { kept.favorites.append(slug) }
            } else {
                problems.append("\(file): favorites: \"\(RuleViolation.shown(favorite))\" is not a species in the data; it is left out of the site")
            }
        }
        return (kept, problems)
    }

    /// Species names close to `input`, for "did you mean".
    package func speciesSuggestions(for input: String) -> [String] {
        Suggestions.closest(to: input, in: reference.speciesNames.map(\.name))
    }
}

/// Every rule a draft broke, each naming the field, the value and what is allowed.
package struct RuleViolations: Error, Sendable, Hashable, CustomStringConvertible {
    package var violations: [RuleViolation]

    package var description: String {
        violations.map { "  - \($0)" }.joined(separator: "\n")
    }
}

private extension CollectionRules {
    /// Lower-cases and hyphenates what a person typed the way PokeAPI writes slugs.
    static func slug(_ text: String) -> String {
        let folded = text.trimmingCharacters(in: .whitespacesAndNewlines)
            .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var slug = ""
        for scalar in folded.unicodeScalars {
            switch scalar {
            case "♀": slug += "-f"
            case "♂": slug += "-m"
            case " ", "_", "-": if !slug.hasSuffix("-") { slug += "-" }
            case "'", "’", ".", ":": continue
            default: slug.unicodeScalars.append(scalar)
            }
        }
        return slug.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    func resolveSpecies(_ input: String, into violations: inout [RuleViolation]) -> String? {
        if let slug = species(named: input) { return slug }
        let suggestions = speciesSuggestions(for: input)
        let hint = suggestions.isEmpty ? "name a species in the data (see `pokedex collection --help`)"
            : "did you mean \(Self.list(suggestions))?"
        violations.append(RuleViolation(field: "species", value: input, allowed: "no such species; \(hint)"))
        return nil
    }

    /// The most a caught Pokémon's notes may hold (Markdown, rendered on its card).
    static let maxNotesCharacters = 4_000

    /// Notes: Markdown, up to ``maxNotesCharacters``, lines and tabs but no other control
    /// or invisible format character; empty means none.
    func checkNotes(_ input: String?, into violations: inout [RuleViolation]) -> String? {
        guard let input else { return nil }
        let notes = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !notes.isEmpty else { return nil }
        if notes.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && Self.isControl($0) }) {
            violations.append(RuleViolation(field: "notes", value: String(notes.prefix(60)), allowed: "control characters are not allowed (line breaks and tabs are)"))
            return nil
        }
        if let hidden = notes.unicodeScalars.first(where: Self.isInvisibleFormat) {
            violations.append(RuleViolation(field: "notes", value: String(notes.prefix(60)),
                                            allowed: "invisible format characters (such as U+\(String(hidden.value, radix: 16, uppercase: true))) are not allowed"))
            return nil
        }
        guard notes.count <= Self.maxNotesCharacters else {
            violations.append(RuleViolation(field: "notes", value: String(notes.prefix(60)) + "…",
                                            allowed: "notes are at most \(Self.maxNotesCharacters) characters (these have \(notes.count))"))
            return nil
        }
        return notes
    }

    func checkNickname(_ input: String, into violations: inout [RuleViolation]) -> String? {
        let nickname = input.trimmingCharacters(in: .whitespacesAndNewlines)
        let bounds = Self.nicknameLength
        if nickname.unicodeScalars.contains(where: Self.isControl) {
            violations.append(RuleViolation(field: "nickname", value: input,
                                            allowed: "control characters are not allowed"))
            return nil
        }
        if let hidden = nickname.unicodeScalars.first(where: Self.isInvisibleFormat) {
            violations.append(RuleViolation(field: "nickname", value: input,
                                            allowed: "invisible format characters (such as U+\(String(hidden.value, radix: 16, uppercase: true)), which reverses or hides text) are not allowed"))
            return nil
        }
        if nickname.contains(where: { $0.unicodeScalars.count > Self.maxScalarsPerCharacter }) {
            violations.append(RuleViolation(field: "nickname", value: input,
                                            allowed: "a character may carry at most \(Self.maxScalarsPerCharacter - 1) accents or joined marks"))
            return nil
        }
        guard bounds.contains(nickname.count) else {
            violations.append(RuleViolation(
                field: "nickname", value: input,
                allowed: "a nickname is \(bounds.lowerBound) to \(bounds.upperBound) characters after trimming (this one has \(nickname.count))"
            ))
            return nil
        }
        if nickname.utf8.count > Self.maxNicknameBytes {
            violations.append(RuleViolation(field: "nickname", value: input,
                                            allowed: "a nickname is at most \(Self.maxNicknameBytes) bytes of UTF-8 (this one has \(nickname.utf8.count))"))
            return nil
        }
        return nickname
    }

    /// Scalars one character may hold: a letter with its accents, an emoji with its joiners
    /// (a family emoji has 7); thousands of stacked marks would "count as one".
    static let maxScalarsPerCharacter = 8
    /// 24 characters of up to four bytes, and room for joined emoji.
    static let maxNicknameBytes = 160

    /// Format characters that reorder or hide text (bidi overrides, zero-width spaces);
    /// the zero-width joiner stays, as emoji sequences need it.
    static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format && scalar != "\u{200D}"
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: true
        default: false
        }
    }

    func checkLevel(_ input: String, into violations: inout [RuleViolation]) -> Int? {
        let range = Self.levels
        guard let level = Int(input.trimmingCharacters(in: .whitespaces)), range.contains(level) else {
            violations.append(RuleViolation(field: "level", value: input,
                                            allowed: "a whole number from \(range.lowerBound) to \(range.upperBound)"))
            return nil
        }
        return level
    }

    func checkExperience(_ input: String?, level: Int?, species: String?, into violations: inout [RuleViolation]) -> Int? {
        let table = species.flatMap(reference.experienceTable(ofSpecies:))
        guard let input else {
            // Not given: the least experience that reaches the level.
            guard let level else { return nil }
            return table.map { $0[level - 1] } ?? 0
        }
        guard let experience = Int(input.trimmingCharacters(in: .whitespaces)), experience >= 0 else {
            violations.append(RuleViolation(field: "experience", value: input, allowed: "a whole number, 0 or more"))
            return nil
        }
        guard let level, let table, table.count >= Self.levels.upperBound else { return experience }
        let lowest = table[level - 1]
        let highest = level < Self.levels.upperBound ? table[level] - 1 : lowest
        guard (lowest...highest).contains(experience) else {
            violations.append(RuleViolation(
                field: "experience", value: input,
                allowed: "at level \(level) this species has \(lowest == highest ? "exactly \(lowest)" : "\(lowest) to \(highest)") experience"
            ))
            return nil
        }
        return experience
    }

    func checkMoves(_ inputs: [String], species: String?, into violations: inout [RuleViolation]) -> [String]? {
        let count = Self.moveCount
        guard count.contains(inputs.count) else {
            violations.append(RuleViolation(field: "moves", value: inputs.joined(separator: ", "),
                                            allowed: "\(count.lowerBound) to \(count.upperBound) moves (given \(inputs.count))"))
            return nil
        }
        let learnable = species.map(reference.learnableMoves(ofSpecies:)) ?? []
        let names = reference.moveNames
        var slugs: [String] = []
        var failed = false
        var typed = Set<String>()
        for input in inputs {
            guard typed.insert(Self.slug(input)).inserted else {
                violations.append(RuleViolation(field: "move", value: input, allowed: "each move may be listed once"))
                failed = true
                continue
            }
            guard let slug = resolve(input, among: names) else {
                let hint = Suggestions.closest(to: input, in: learnable.compactMap { names[$0] })
                violations.append(RuleViolation(field: "move", value: input,
                                                allowed: "no such move\(hint.isEmpty ? "" : "; did you mean \(Self.list(hint))?")"))
                failed = true
                continue
            }
            if slugs.contains(slug) {
                violations.append(RuleViolation(field: "move", value: input, allowed: "each move may be listed once"))
                failed = true
            } else if let species, !learnable.contains(slug) {
                violations.append(RuleViolation(field: "move", value: input,
                                                allowed: "\(speciesName(species)) cannot learn it"))
                failed = true
            }
            slugs.append(slug)
        }
        return failed ? nil : slugs
    }

    func resolveItem(_ input: String, into violations: inout [RuleViolation]) -> String? {
        let names = reference.itemNames
        if let slug = resolve(input, among: names) { return slug }
        let hint = Suggestions.closest(to: input, in: names.values.sorted())
        violations.append(RuleViolation(field: "held item", value: input,
                                        allowed: "no such item\(hint.isEmpty ? "" : "; did you mean \(Self.list(hint))?")"))
        return nil
    }

    func checkSprite(_ input: String?, species: String?, into violations: inout [RuleViolation]) -> String? {
        guard let species else { return input }
        let keys = reference.spriteKeys(ofSpecies: species)
        guard let input else { return keys.first }
        // With no sprite at all the site shows its placeholder for the default one.
        guard keys.contains(input) || (keys.isEmpty && input == "front_default") else {
            let allowed = keys.isEmpty ? "this species has no sprites in the data" : "one of \(keys.joined(separator: ", "))"
            violations.append(RuleViolation(field: "sprite", value: input, allowed: allowed))
            return nil
        }
        return input
    }

    func resolve(_ input: String, among names: [String: String]) -> String? {
        let wanted = Self.slug(input)
        if names[wanted] != nil { return wanted }
        return names.first { Self.slug($0.value) == wanted }?.key
    }

    func speciesName(_ slug: String) -> String {
        reference.speciesNames.first { $0.slug == slug }?.name ?? slug
    }

    static func list(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: " or ")
    }
}
