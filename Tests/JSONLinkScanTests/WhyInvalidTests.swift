import Foundation
import Testing
@testable import JSONLinkScan

@Suite("Where a file stops being JSON")
struct WhyInvalidTests {
    func why(_ bytes: [UInt8]) -> String? {
        JSONLinkScanner.whyInvalid(Data(bytes))
    }

    func why(_ text: String) -> String? {
        why(Array(text.utf8))
    }

    @Test("valid JSON has no reason; a left-out comma or bracket is said where the next value starts")
    func positions() {
        #expect(why(#"{"a": [1, 2], "b": "é"}"#) == nil)
        #expect(why(#"{"a": 1 2}"#) == "not valid JSON at line 1, column 9 (byte 9)")
        #expect(why(#"["a" "b"]"#) == "not valid JSON at line 1, column 6 (byte 6)")
        #expect(why(#"{"a": [1, 2}"#) == "not valid JSON at line 1, column 12 (byte 12)")
        #expect(why("{\"a\": }") == "not valid JSON at line 1, column 7 (byte 7)")
    }

    @Test("lines end at LF, CRLF or a lone CR; columns count characters, bytes count bytes")
    func linesAndColumns() {
        #expect(why("{\n\"é\": 1\n\"b\": 2}") == "not valid JSON at line 3, column 1 (byte 11)")
        #expect(why("{\r\n\"a\": 1\r\n\"b\": 2}") == "not valid JSON at line 3, column 1 (byte 12)")
        #expect(why("{\r\"a\": 1\r\"b\": 2}") == "not valid JSON at line 3, column 1 (byte 10)")
    }

    @Test("a byte-order mark, UTF-16, zero bytes, blank and empty files are named as such")
    func encodings() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(why(mark + Array(#"{"a": 1}"#.utf8))?.contains("byte-order mark") == true)
        // Past a mark the position is the text's: the column as an editor shows it, the byte with the mark.
        #expect(why(mark + Array("{\"a\": 1\n\"b\": 2}".utf8)) == "not valid JSON at line 2, column 1 (byte 12)")
        #expect(why([0xFF, 0xFE] + Array("{}".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })?.contains("UTF-16") == true)
        #expect(why([0, 0, 0, 0])?.contains("zero bytes") == true)
        #expect(why("") == "the file is empty, not JSON")
        #expect(why(" \n\t") == "the file holds only blank space, not JSON")
    }

    @Test("a file cut short is said to end before the JSON does, even within a word or a character")
    func cutShort() {
        #expect(why(#"{"a": [1, 2"#) == "not valid JSON: the file ends before the JSON does, at line 1, column 12; it may be cut short")
        #expect(why(#"{"a": tr"#)?.hasPrefix("not valid JSON: the file ends before the JSON does") == true)
        #expect(why(Array(#"{"a": "caf"#.utf8) + [0xC3])?.hasPrefix("not valid JSON: the file ends before the JSON does") == true)
        // Not cut: a bad value early in a file that closes, or text after a whole document.
        #expect(why(#"{"a": tr, "b": [1, 2, 3, 4, 5, 6]}"#)?.hasPrefix("not valid JSON at line 1") == true)
        #expect(why(#"{"a": 1} x"#) == "not valid JSON at line 1, column 10 (byte 10)")
        #expect(why(#"{"a": "x}"#)?.hasPrefix("not valid JSON: the file ends before the JSON does") == true)
    }
}
