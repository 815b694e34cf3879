/// A list whose items are made when a section reaches them, one at a time.
///
/// A page listing thousands of rows (every Pokémon that learns a move, in every game)
/// would otherwise hold all their view models at once: at ten times the dex, two such
/// pages in flight were a tenth of a build's peak memory. Items are made again each time
/// the list is read, so `item` must give the same value for the same position (a list
/// inside an array item that is replayed is not read again: see `Renderer+Replay.swift`).
/// A class, for the reason ``TemplateObject`` is one.
public final class TemplateList: Sendable {
    /// How many items the list has.
    public let count: Int
    private let item: @Sendable (Int) -> TemplateValue

    /// A list of `count` items, the one at a position made by `item`.
    public init(count: Int, item: @escaping @Sendable (Int) -> TemplateValue) {
        self.count = max(0, count)
        self.item = item
    }

    /// The item at `position`, made now.
    public subscript(position: Int) -> TemplateValue { item(position) }
}
