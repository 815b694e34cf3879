import Foundation
import JSONLinkScan
import Testing
@testable import PokeAPI

@Suite("Decoding failures say where")
struct DecodingFailureTests {
    @Test("a wrong type names the URL and the JSON path")
    func wrongTypeNamesPath() throws {
        let json = Data(#"{"id":1,"chain":{"is_baby":false,"species":{"name":"a","url":"/api/v2/pokemon-species/1/"},"evolution_details":[],"evolves_to":[{"is_baby":"no","species":{"name":"b","url":"x"},"evolution_details":[],"evolves_to":[]}]}}"#.utf8)
        #expect(throws: PokeAPIFailure.decoding(url: "http://h/api/v2/evolution-chain/1/", codingPath: "chain.evolves_to[0].is_baby", detail: "expected true or false")) {
            _ = try APIJSON.decode(APIEvolutionChain.self, from: json, url: "http://h/api/v2/evolution-chain/1/")
        }
    }

    @Test("a missing field names the field in the path")
    func missingField() throws {
        let json = Data(#"{"count":1,"next":null,"previous":null,"results":[{"name":"a"}]}"#.utf8)
        do {
            _ = try APIJSON.decode(APIResourceList.self, from: json, url: "u")
            Issue.record("decoded a list whose entry lacks url")
        } catch {
            let message = PokeAPIError(error).description
            #expect(message.contains("results[0].url"))
            #expect(message.contains("u at"))
        }
    }

    @Test("bytes that are not JSON are reported as such")
    func notJSON() {
        #expect(throws: PokeAPIFailure.invalidJSON(url: "u")) {
            _ = try APIJSON.decode(APIResourceList.self, from: Data("<html>".utf8), url: "u")
        }
        #expect(!JSONLinkScanner.isValid(Data(#"{"a":"#.utf8)))
        #expect(JSONLinkScanner.isValid(Data(#" {"a":1}"#.utf8)))
    }
}
