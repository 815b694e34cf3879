// Renders the same detail page with this project's engine, swift-mustache 2.1.1 and
// Stencil 0.15.1, and prints renders per second and the ratios. Figures, not a test.
import Foundation
import Mustache
import Stencil
import TemplateEngine

let seconds = Double(ProcessInfo.processInfo.environment["BENCH_SECONDS"] ?? "") ?? 5
let data = DetailPageData.make()
let context = templateValue(data)

// This project's engine: compiled once into a library.
var ours: [String: TemplateEngine.Template] = [:]
for (name, source) in MustacheTemplates.all { ours[name] = try TemplateEngine.Template(source: source, name: name) }
let library = TemplateLibrary(templates: ours)

// swift-mustache: compiled once into its library.
let mustacheLibrary = MustacheLibrary(templates: try MustacheTemplates.all.mapValues { try MustacheTemplate(string: $0) })

// Stencil: its environment loads templates by name from memory.
let environment = Environment(loader: DictionaryLoader(templates: StencilTemplates.all))
let stencilTemplate = try environment.loadTemplate(name: "detail.html")

let oursOutput = try library.render("detail", context)
let mustacheOutput = mustacheLibrary.render(data, withTemplate: "detail") ?? ""
let stencilOutput = try stencilTemplate.render(data)
print("Detail page: \(MustacheTemplates.all.count) Mustache templates, \(MustacheTemplates.all.values.map { $0.split(separator: "\n").count }.reduce(0, +)) lines")
print("Output sizes: TemplateEngine \(oursOutput.utf8.count) B, swift-mustache \(mustacheOutput.utf8.count) B, Stencil \(stencilOutput.utf8.count) B")
let squeezed = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
print("TemplateEngine and swift-mustache outputs: identical \(oursOutput == mustacheOutput), "
    + "identical apart from indentation \(squeezed(oursOutput) == squeezed(mustacheOutput)) "
    + "(swift-mustache indents only the first line of an indented standalone partial)")
if let folder = ProcessInfo.processInfo.environment["BENCH_DUMP"] {
    for (name, output) in [("templateengine", oursOutput), ("swift-mustache", mustacheOutput), ("stencil", stencilOutput)] {
        try output.write(toFile: "\(folder)/detail-\(name).html", atomically: true, encoding: .utf8)
    }
}

// BENCH_ONLY=templateengine measures only this engine (for profiling under callgrind).
let onlyOurs = ProcessInfo.processInfo.environment["BENCH_ONLY"] == "templateengine"
// The machine is shared, so rounds interleave the engines and the median of each is kept:
// a load change then hits all three alike instead of whichever ran at that moment.
let rounds = 5
var engines: [(name: String, render: () throws -> Int)] = [("TemplateEngine", { try library.render("detail", context).utf8.count })]
if !onlyOurs {
    engines.append(("swift-mustache 2.1.1", { (mustacheLibrary.render(data, withTemplate: "detail") ?? "").utf8.count }))
    engines.append(("Stencil 0.15.1", { try stencilTemplate.render(data).utf8.count }))
}
var rates = Array(repeating: [Double](), count: engines.count)
for _ in 0..<rounds {
    for (index, engine) in engines.enumerated() {
        rates[index].append(try measure(seconds / Double(rounds), engine.render))
    }
}
let medians = rates.map { $0.sorted()[rounds / 2] }
for (index, engine) in engines.enumerated() {
    let all = rates[index].map { String(format: "%.0f", $0) }.joined(separator: " ")
    print(engine.name.padding(toLength: 22, withPad: " ", startingAt: 0)
        + String(format: "%9.1f renders/s (median of %d rounds: %@)", medians[index], rounds, all))
}
if !onlyOurs {
    print(String(format: "Ratio TemplateEngine / swift-mustache: %.2fx (bar: 2x)", medians[0] / medians[1]))
    print(String(format: "Ratio TemplateEngine / Stencil:        %.2fx (bar: 5x)", medians[0] / medians[2]))
}

let compileRuns = 200
let compileOurs = try time(compileRuns) { for (name, source) in MustacheTemplates.all { _ = try TemplateEngine.Template(source: source, name: name) } }
let compileMustache = try time(compileRuns) { for source in MustacheTemplates.all.values { _ = try MustacheTemplate(string: source) } }
print(String(format: "Compile the detail page's templates: TemplateEngine %.1f µs, swift-mustache %.1f µs", compileOurs * 1e6, compileMustache * 1e6))

let templatesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Templates", isDirectory: true)
if FileManager.default.fileExists(atPath: templatesFolder.path) {
    let count = try TemplateLibrary(directory: templatesFolder).templates.count
    let perLoad = try time(20) { _ = try TemplateLibrary(directory: templatesFolder) }
    print(String(format: "Compile all of Templates/ (%d templates, read from disk): %.2f ms", count, perLoad * 1e3))
} else {
    print("Compile all of Templates/: no Templates/ folder at \(templatesFolder.path) yet (0 templates)")
}

/// Renders repeatedly for `duration` seconds after a warm-up; returns renders per second.
func measure(_ duration: Double, _ render: () throws -> Int) throws -> Double {
    var sink = 0
    for _ in 0..<3 { sink &+= try render() }
    let clock = ContinuousClock()
    let start = clock.now
    var renders = 0
    var elapsed = Duration.zero
    repeat {
        sink &+= try render()
        renders += 1
        elapsed = clock.now - start
    } while elapsed < .seconds(duration)
    precondition(sink > 0, "renders produced no output")
    return Double(renders) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
}

/// The mean time of `runs` calls, in seconds.
func time(_ runs: Int, _ body: () throws -> Void) throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<runs { try body() }
    let elapsed = clock.now - start
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) / Double(runs)
}

/// The benchmark data as this engine's context (outside the timed loop).
func templateValue(_ value: Any) -> TemplateValue {
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .int(number)
    case let number as Double: return .double(number)
    case let items as [Any]: return .array(items.map(templateValue))
    case let dictionary as [String: Any]: return .dictionary(TemplateDictionary(dictionary.mapValues(templateValue)))
    default: return .null
    }
}
