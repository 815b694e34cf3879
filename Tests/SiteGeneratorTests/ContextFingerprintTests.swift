import Common
@testable import SiteGenerator
import TemplateEngine
import Testing

@Suite("Page context fingerprints")
struct ContextFingerprintTests {
    private func hash(_ value: TemplateValue) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.add(value)
        return fingerprint.value
    }

    @Test("a list made as it is read hashes as the array it stands for, and a changed row changes it")
    func listsHashAsArrays() {
        let names = ["bulbasaur", "ivysaur", "venusaur"]
        let array = TemplateValue.array(names.map { .dictionary(["name": .string($0)]) })
        let list = TemplateValue.list(TemplateList(count: names.count) { .dictionary(["name": .string(names[$0])]) })
        let changed = TemplateValue.list(TemplateList(count: names.count) { .dictionary(["name": .string(names[$0] + "!")]) })
        let shorter = TemplateValue.list(TemplateList(count: 2) { .dictionary(["name": .string(names[$0])]) })
        #expect(hash(list) == hash(array))
        #expect(hash(changed) != hash(array))
        #expect(hash(shorter) != hash(array))
    }
}
