import Common
import PokedexCLI

/// The executable only hands over to the library, where every command lives.
@main
enum PokedexMain {
    static func main() async {
        AllocatorTuning.mapLargeBlocks()
        await PokedexCommand.runMain()
    }
}
