import Testing
@testable import SiteGenerator

@Suite("Sprite shape")
struct SpriteShapeTests {
    @Test("takes 68x56 for a box sprite")
    func box() {
        #expect(SpriteShape(size: PNGSize(width: 68, height: 56)) == .box)
        #expect(SpriteShape.box.className == nil)
    }

    @Test("takes any other PNG up to 128 pixels a side for a pixel-art canvas", arguments: [
        (96, 96), (56, 68), (68, 57), (40, 30), (1, 1), (128, 128), (128, 64),
    ])
    func canvas(width: Int, height: Int) {
        let shape = SpriteShape(size: PNGSize(width: width, height: height))
        #expect(shape == .canvas(width: width, height: height))
        #expect(shape.className == "is-canvas")
    }

    @Test("takes anything larger, and what has no PNG size, for artwork", arguments: [
        PNGSize(width: 129, height: 96), PNGSize(width: 96, height: 129), PNGSize(width: 475, height: 475), nil,
    ])
    func art(size: PNGSize?) {
        let shape = SpriteShape(size: size)
        #expect(shape == .art)
        #expect(shape.className == "is-art")
    }
}
