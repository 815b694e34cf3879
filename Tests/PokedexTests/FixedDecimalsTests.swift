import Common
import Foundation
import Testing

@Suite("Numbers printed with fixed decimals")
struct FixedDecimalsTests {
    @Test("what %.Nf prints, away from the halves, for times, sizes and signs", arguments: [
        (0.0, 2, "0.00"), (0.004, 2, "0.00"), (0.016, 2, "0.02"), (0.7, 2, "0.70"), (1.234, 2, "1.23"), (12.5, 1, "12.5"),
        (148.14, 1, "148.1"), (9.99, 1, "10.0"), (3.0, 0, "3"), (-0.25, 1, "-0.3"), (-0.001, 2, "0.00"), (1_048_576.0, 2, "1048576.00"),
    ])
    func fixed(value: Double, digits: Int, text: String) {
        #expect(value.fixed(digits) == text)
        // Away from exact halves, the same text `String(format:)` gives.
        #expect(String(format: "%.\(digits)f", value) == text || value == -0.25 || value == -0.001)
    }

    @Test("what is not a plain number prints as Swift prints it")
    func special() {
        #expect(Double.infinity.fixed(2) == "inf")
        #expect(Double.nan.fixed(2) == "nan")
    }
}
