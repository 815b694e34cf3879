import FuzzDriver
import TOML

/// Parses arbitrary bytes as the TOML of `pokedex.toml` and the collection file.
///
/// Looks for crashes, stack exhaustion (the reader bounds nesting at `TOMLReader.maxDepth`)
/// and hangs. Every error must carry a message and a position inside the text.
@main
enum FuzzTOMLReader {
    static func main() {
        FuzzDriver.run { data, size in
            let text = FuzzDriver.text(data, size)
            do throws(TOMLError) {
                _ = try TOMLReader.parse(text)
            } catch {
                // Lines as the reader counts them: by "\n" scalars ("\r\n" is one Character).
                let lines = text.unicodeScalars.filter { $0 == "\n" }.count + 1
                if error.message.isEmpty || error.line < 1 || error.column < 1 || error.line > lines + 1 {
                    fatalError("error without message or position: \(error)")
                }
            }
            return 0
        }
    }
}
