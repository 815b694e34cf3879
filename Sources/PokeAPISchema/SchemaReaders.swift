import Common
import Foundation
import JSONLinkScan

/// The schema's hand-written readers held against Foundation's `JSONDecoder`, for the
/// fuzzer (`Fuzz/Sources/FuzzSchemaReaders`), which lives in a package of its own and sees
/// only what is public. The readers take bytes from the cache, which anyone may have
/// written: whatever they accept must be what Foundation reads, with the same value.
public enum SchemaReaders {
    /// What the readers make of `data` read one of three ways (`way` modulo 3), or nil when
    /// they agree with Foundation:
    /// 0. as a pokemon's `moves`, by the byte reader the tape hands them to
    ///    (`Wire.Learnset.read`): if it accepts, Foundation reads the same learnset from
    ///    the same bytes;
    /// 1. as the `moves` of a document (`{"moves":` + data + `}`), through the catalog's
    ///    decoder, which lets the byte reader take them: if it accepts, Foundation gives the
    ///    same learnset (it may refuse more: invalid UTF-8 in a value Foundation skips);
    /// 2. as a resource of the schema (`resource` picks one, modulo their count), through
    ///    the catalog's decoder with the texts' language filter (`filtered`) or without:
    ///    if the catalog's decoder accepts, Foundation gives the same value.
    public static func disagreement(_ data: Data, way: Int, resource: Int, filtered: Bool) -> String? {
        switch way % 3 {
        case 0: return learnsetBytes(data)
        case 1: return learnsetInDocument(data)
        default:
            let names = Wire.schema.keys.sorted()
            let name = names[resource % names.count]
            return resourceValue(data, name: name, languages: filtered ? ["en", "ja-Hrkt"] : nil).map { "\(name): \($0)" }
        }
    }

    /// A document whose `moves` the tape lets the byte reader take, as a pokemon's are.
    struct Holder: Codable, Equatable, TapeTakesMembers {
        var moves: Wire.Learnset
        static var takenMembers: [TakenMember] { Wire.Pokemon.takenMembers }
    }

    static func learnsetBytes(_ data: Data) -> String? {
        let read = data.withUnsafeBytes { raw in
            Wire.Learnset.read(raw.bindMemory(to: UInt8.self), at: 0)
        }
        guard let (learnset, end) = read else { return nil }
        guard end > 0, end <= data.count else { return "the byte reader ended at \(end) of \(data.count) bytes" }
        let foundation: Wire.Learnset
        do {
            foundation = try JSONDecoder().decode(Wire.Learnset.self, from: data.prefix(end))
        } catch {
            return "the byte reader accepted what Foundation refuses (\(error))"
        }
        return learnset == foundation ? nil : "the byte reader read \(learnset), Foundation \(foundation)"
    }

    static func learnsetInDocument(_ data: Data) -> String? {
        let document = Data("{\"moves\":".utf8) + data + Data("}".utf8)
        let tape = Result { try TapeJSONDecoder().decode(Holder.self, from: document) }
        let foundation = Result { try JSONDecoder().decode(Holder.self, from: document) }
        switch (tape, foundation) {
        case (.success(let mine), .success(let theirs)):
            return mine == theirs ? nil : "the catalog's decoder read \(mine.moves), Foundation \(theirs.moves)"
        case (.success, .failure(let error)):
            return "the catalog's decoder accepted what Foundation refuses (\(error))"
        case (.failure, _):
            // Stricter than Foundation is allowed: it skips an unknown key's value without
            // checking its UTF-8, which this decoder refuses.
            return nil
        }
    }

    static func resourceValue(_ data: Data, name: String, languages: Set<String>?) -> String? {
        guard let type = Wire.schema[name] as? any Codable.Type else { return nil }
        return resourceValue(data, type: type, languages: languages)
    }

    static func resourceValue<T: Codable>(_ data: Data, type: T.Type, languages: Set<String>?) -> String? {
        var tape = TapeJSONDecoder()
        let foundation = JSONDecoder()
        if let languages {
            tape.userInfo[Wire.languagesKey] = languages
            foundation.userInfo[Wire.languagesKey] = languages
        }
        guard let mine = try? tape.decode(T.self, from: data) else { return nil }
        let theirs: T
        do {
            theirs = try foundation.decode(T.self, from: data)
        } catch {
            return "the catalog's decoder accepted what Foundation refuses (\(error))"
        }
        // Compared by their binary records: the schema's values are not all Equatable.
        let same = (try? BinaryCoder.encode(mine, format: "")) == (try? BinaryCoder.encode(theirs, format: ""))
        return same ? nil : "the catalog's decoder and Foundation read different values"
    }
}
