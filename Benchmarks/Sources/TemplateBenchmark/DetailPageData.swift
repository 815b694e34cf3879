/// The data of one realistic detail page (an Eevee-like species), as plain Swift values.
///
/// Built once as `[String: Any]` (what swift-mustache and Stencil take) and converted to
/// a `TemplateValue` for this project's engine, so all three render the same data.
enum DetailPageData {
    static func make() -> [String: Any] {
        let statNames = ["HP", "Attack", "Defense", "Sp. Atk", "Sp. Def", "Speed"]
        let stats: [[String: Any]] = statNames.enumerated().map { index, name in
            let base = 45 + index * 9
            return ["name": name, "base": base, "percent": base * 100 / 255, "isHigh": base > 80]
        }
        let methods = ["level-up", "machine", "egg", "tutor"]
        let moveGroups: [[String: Any]] = methods.enumerated().map { group, method in
            let moves: [[String: Any]] = (0..<20).map { index in
                var move: [String: Any] = [
                    "name": "Move \(group)-\(index) & <\"quoted\">",
                    "slug": "move-\(group)-\(index)",
                    "type": ["name": index % 2 == 0 ? "normal" : "fairy", "label": index % 2 == 0 ? "Normal" : "Fairy"],
                    "level": index * 3 + 1,
                    "hasLevel": method == "level-up",
                    "accuracy": 100 - index,
                    "pp": 35 - index,
                    "damageClass": index % 3 == 0 ? "status" : "physical",
                ]
                if index % 4 != 0 { move["power"] = 40 + index * 5 }
                return move
            }
            return ["method": method, "label": method.capitalized, "moves": moves, "count": moves.count]
        }
        let evolutions: [[String: Any]] = [
            ["stage": 1, "species": [card(133, "Eevee", ["normal"], nil)]],
            ["stage": 2, "species": [
                card(134, "Vaporeon", ["water"], "Use Water Stone"),
                card(135, "Jolteon", ["electric"], "Use Thunder Stone"),
                card(136, "Flareon", ["fire"], "Use Fire Stone"),
                card(196, "Espeon", ["psychic"], "High friendship, daytime"),
                card(197, "Umbreon", ["dark"], "High friendship, night"),
                card(470, "Leafeon", ["grass"], "Use Leaf Stone"),
                card(471, "Glaceon", ["ice"], "Use Ice Stone"),
                card(700, "Sylveon", ["fairy"], "Know a Fairy move, affection"),
            ]],
        ]
        return [
            "site": ["title": "Pokédex", "baseURL": "../", "generated": "2026-11-21"],
            "pokemon": [
                "id": 133, "number": "#0133", "name": "Eevee", "genus": "Evolution Pokémon",
                "flavor": "Its genetic code is irregular. It may mutate if it is exposed to radiation from element <stones>.",
                "sprite": "sprites/133.png", "height": "0.3 m", "weight": "6.5 kg",
                "types": [["name": "normal", "label": "Normal"]],
                "abilities": [
                    ["name": "Run Away", "hidden": false], ["name": "Adaptability", "hidden": false],
                    ["name": "Anticipation", "hidden": true],
                ],
                "stats": stats, "total": stats.reduce(0) { $0 + ($1["base"] as? Int ?? 0) },
                "moveGroups": moveGroups, "evolutions": evolutions, "hasEvolutions": true,
                "previous": card(132, "Ditto", ["normal"], nil), "next": card(134, "Vaporeon", ["water"], nil),
            ],
        ]
    }

    private static func card(_ id: Int, _ name: String, _ types: [String], _ condition: String?) -> [String: Any] {
        var card: [String: Any] = [
            "id": id, "name": name, "url": "pokemon/\(id).html", "sprite": "sprites/\(id).png",
            "types": types.map { ["name": $0, "label": $0.capitalized] },
        ]
        if let condition { card["condition"] = condition }
        return card
    }
}

