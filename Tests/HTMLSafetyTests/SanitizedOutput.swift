import Foundation
@testable import HTMLSafety

/// Re-parses sanitizer output and lists every way it breaks the sanitizer's promises.
///
/// Written apart from the sanitizer's own URL code, so a bug there is not also here.
enum SanitizedOutput {
    static let forbiddenSchemes = ["javascript:", "vbscript:", "data:", "livescript:"]

    static func violations(in output: String, policy: SanitizerPolicy = .default) -> [String] {
        var found: [String] = []
        let lowered = output.lowercased()
        for marker in ["<script", "<!--", "<style", "<iframe", "<svg", "<math", "<object", "<embed", "<base", "<meta"]
        where lowered.contains(marker) {
            found.append("raw \(marker) in output")
        }
        let tree = HTMLTree(html: HTMLSanitizer.wrapperStart + output + HTMLSanitizer.wrapperEnd)
        tree.forEachElement { element in
            if ["html", "body"].contains(element.name) { return }
            if element.name == "div", element.attribute(HTMLSanitizer.wrapperMarker) != nil { return }
            guard let allowed = policy.elements[element.name] else {
                found.append("element <\(element.name)> is not allowed")
                return
            }
            for attribute in element.attributes {
                let name = attribute.name
                if name.hasPrefix("on") { found.append("event handler \(name)") }
                let permitted = allowed.contains(name) || policy.globalAttributes.contains(name)
                    || (element.name == "a" && name == "rel")
                if !permitted { found.append("attribute \(name) on <\(element.name)>") }
                if ["href", "src", "cite"].contains(name), let scheme = dangerousScheme(in: attribute.value) {
                    found.append("\(scheme) URL in \(name): \(attribute.value)")
                }
            }
        }
        return found
    }

    /// Decodes the value every way a browser might (entities, percent-escapes, invisible
    /// characters) and returns the first forbidden scheme any decoding starts with.
    static func dangerousScheme(in value: String) -> String? {
        var current = value
        for _ in 0..<8 {
            let squeezed = String(String.UnicodeScalarView(current.unicodeScalars.filter { scalar in
                scalar.value > 0x20 && !(0x7F...0x9F).contains(scalar.value)
                    && scalar.properties.generalCategory != .format && !scalar.properties.isWhitespace
            })).lowercased()
            if let scheme = forbiddenSchemes.first(where: { squeezed.hasPrefix($0) }) { return scheme }
            let next = decodeNumericEntities(current.removingPercentEscapes())
                .replacingOccurrences(of: "&colon;", with: ":").replacingOccurrences(of: "&amp;", with: "&")
            if next == current { break }
            current = next
        }
        return nil
    }

    static func decodeNumericEntities(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.range(of: "&#") {
            out += rest[..<amp.lowerBound]
            var cursor = amp.upperBound
            let hex = cursor < rest.endIndex && (rest[cursor] == "x" || rest[cursor] == "X")
            if hex { cursor = rest.index(after: cursor) }
            let digits = rest[cursor...].prefix { hex ? $0.isHexDigit : $0.isNumber }
            if let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) {
                out.unicodeScalars.append(scalar)
                cursor = digits.endIndex
                if cursor < rest.endIndex, rest[cursor] == ";" { cursor = rest.index(after: cursor) }
            } else {
                out += "&#"
            }
            rest = rest[cursor...]
        }
        return out + rest
    }
}

private extension String {
    func removingPercentEscapes() -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == 0x25, utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
