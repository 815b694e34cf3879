import ArgumentParser
import Foundation
import SiteGenerator

/// `pokedex init [DIR]`: a starting point for a new site, ready to commit: commented
/// settings, an empty collection, an about text, a theme showing how to override a template
/// and the stylesheet, and a GitHub Pages workflow that builds and publishes it.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new Pokédex site: settings, collection, theme and a publishing workflow.",
        discussion: "Nothing already there is replaced unless --force is given. Then run `pokedex serve` in the folder."
    )

    @Argument(help: "The folder for the new site (created when missing; default: the current folder).")
    var folder: String = "."
    @Flag(help: "Replace files that are already there.")
    var force = false
    @Option(name: .customLong("tool-source"), help: ArgumentHelp("The git repository the workflow builds pokedex from (default: this tool's own origin, when it has one).", valueName: "URL"))
    var toolSource: String?

    func run() async throws {
        let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        let theme = try SiteConfiguration.locateTheme()
        let source = toolSource ?? Self.origin(of: theme)
        let notFound = (try? String(contentsOf: theme.appendingPathComponent("Templates/404.mustache"), encoding: .utf8)) ?? ""
        let files = SiteStarter.files(toolSource: source, notFoundTemplate: notFound)
        let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        if !existing.isEmpty, !force {
            throw CommandFailure("\(root.path) already has \(existing.joined(separator: ", ")); nothing was written. Choose an empty folder, or pass --force to replace them.")
        }
        for file in files {
            let url = root.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .atomic)
            } catch {
                throw CommandFailure("cannot write \(url.path): \(error.localizedDescription)")
            }
        }
        Console.out((["Started a Pokédex site in \(root.path):"] + files.map { "  \($0.path)" } + [
            "",
            "Next:",
            "  cd \(folder)",
            "  pokedex serve --sample      # look at it now, offline, with the bundled sample",
            "  pokedex serve               # the whole national dex (fetched once into .pokedex-cache/)",
            "Publish: push to GitHub and set Settings → Pages → Source to \"GitHub Actions\".",
        ] + (source == nil ? ["The workflow needs the pokedex repository to build from: set POKEDEX_SOURCE in .github/workflows/pokedex.yml."] : []))
            .joined(separator: "\n"))
    }

    /// The `origin` remote of the checkout the tool runs from, when it is a web address.
    static func origin(of folder: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "remote", "get-url", "origin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let url = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, url.hasPrefix("https://") else { return nil }
        return url
    }
}

/// The files `pokedex init` writes, as text.
enum SiteStarter {
    struct File {
        var path: String
        var contents: String
    }

    static let placeholderSource = "https://github.com/OWNER/pokedex.git"

    static func files(toolSource: String?, notFoundTemplate: String) -> [File] {
        [
            File(path: "pokedex.toml", contents: settings),
            File(path: "pokedex-collection.toml", contents: collection),
            File(path: "about.md", contents: about),
            File(path: "theme/Templates/404.mustache", contents: themeTemplate(notFoundTemplate)),
            File(path: "theme/Public/custom.css", contents: customCSS),
            File(path: ".github/workflows/pokedex.yml", contents: workflow(toolSource: toolSource ?? placeholderSource)),
            File(path: ".gitignore", contents: "_site/\n.pokedex-cache/\n.build/\n"),
        ]
    }

    static let settings = """
    # pokedex.toml: the settings of `pokedex build` and `pokedex serve`. Flags override them
    # (`pokedex build --help` lists every one); keys are the flags' names.

    title = "My Pokédex"

    # Your theme: templates in theme/Templates/ replace the default ones by name, files in
    # theme/Public/ replace assets by path (theme/Public/custom.css is loaded on every page).
    theme = "theme"

    # Where the data comes from: PokeAPI (the default; fetched once into .pokedex-cache/),
    # or a local api-data folder.
    # api = "https://pokeapi.co/api/v2/"
    # cache = ".pokedex-cache"

    # Only some Pokémon (both together: the union). Neither: the whole national dex.
    # generations = [1, 2]
    # pokemon = ["pikachu", "eevee"]

    # One site per language, each under its own folder (en ja ja-hrkt ko zh-hant zh-hans fr de es it).
    # languages = ["en", "ja", "fr"]
    # language = "en"

    # What heroes and cards show: "sprites", "artwork" (official artwork) or "home".
    # images = "sprites"

    # Where the site goes, and its address once published (the workflow passes it).
    # output = "_site"
    # base-url = "https://YOU.github.io/REPOSITORY/"

    # Check every page and link before replacing the site; grey what you have not caught.
    # strict = true
    # dex-mode = true

    # Your collection (`pokedex catch`) and your words for the home page.
    # collection = "pokedex-collection.toml"
    # about = "about.md"

    """

    static let collection = """
    # Your Pokédex collection: the Pokémon you caught and your favorite species.
    # Change it with `pokedex catch`, `edit`, `release`, `favorite` and `unfavorite`,
    # or by hand; the previous version is kept beside it as pokedex-collection.toml.bak.

    favorites = []

    """

    static let about = """
    # About this Pokédex

    Write here, in Markdown, what this Pokédex is about: your run, your team, your rules.
    It is shown on the home page; links and **formatting** work, scripts and images do not.

    """

    static func themeTemplate(_ original: String) -> String {
        """
        {{! This replaces the default theme's 404.mustache (Templates/404.mustache in the
            pokedex source): a file here with the name of a default template takes its place.
            Copy any other the same way; strings/<language>.json here changes words. }}
        \(original.replacingOccurrences(of: "<p>{{t.notFound_text}}</p>", with: "<p>{{t.notFound_text}}</p>\n<p>This page is not in my Pokédex (yet).</p>"))
        """
    }

    static let customCSS = """
    /* Loaded after the default stylesheet on every page: change the look here.
       The default theme's colours are custom properties (see assets/site.css). */
    :root { --accent: #3b5ba7; --theme: #3b5ba7; }
    @media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { --accent: #8aa8ff; } }
    :root[data-theme="dark"] { --accent: #8aa8ff; }

    """

    static func workflow(toolSource: String) -> String {
        """
        # Builds the Pokédex and publishes it on GitHub Pages, on every push to main and by hand.
        # Once: Settings → Pages → Build and deployment → Source: "GitHub Actions".
        name: Publish the Pokédex

        on:
          push:
            branches: [main]
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # The pokedex tool is built from its source: the repository `pokedex init` came from.
          POKEDEX_SOURCE: \(toolSource)
          POKEDEX_REF: main

        jobs:
          build:
            runs-on: ubuntu-latest
            container: swift:6.1
            steps:
              - uses: actions/checkout@v4
              - name: Install what pokedex links (libxml2, zlib)
                run: apt-get update && apt-get install -y --no-install-recommends libxml2-dev zlib1g-dev pkg-config git ca-certificates
              - name: Build the pokedex tool
                run: |
                  git clone --depth 1 --branch "$POKEDEX_REF" "$POKEDEX_SOURCE" "$RUNNER_TEMP/pokedex"
                  swift build -c release --package-path "$RUNNER_TEMP/pokedex" --product pokedex
                  echo "$RUNNER_TEMP/pokedex/.build/release" >> "$GITHUB_PATH"
              - name: Keep the PokeAPI cache between runs (fetched once, then only what changed)
                uses: actions/cache@v4
                with:
                  path: .pokedex-cache
                  key: pokedex-cache-${{ hashFiles('pokedex.toml') }}-${{ github.run_id }}
                  restore-keys: |
                    pokedex-cache-${{ hashFiles('pokedex.toml') }}-
                    pokedex-cache-
              - id: pages
                uses: actions/configure-pages@v5
              - name: Build the site, every page and link checked
                run: pokedex build --strict --base-url "${{ steps.pages.outputs.base_url }}/"
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: _site

          deploy:
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - id: deployment
                uses: actions/deploy-pages@v4

        """
    }
}
