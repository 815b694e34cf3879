/// The JSON the ``FixtureAPI`` serves, by path.
enum FixtureData {
    static func body(for path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 3, parts[0] == "api", parts[1] == "v2" else { return nil }
        let resource = parts[2]
        guard parts.count == 4, let id = Int(parts[3]) else {
            return parts.count == 3 ? list(resource) : nil
        }
        switch (resource, id) {
        case ("pokemon-species", 1): return species(1, "bulbasaur")
        case ("pokemon-species", 2): return species(2, "ivysaur")
        case ("pokemon", 1): return pokemon(1, "bulbasaur")
        case ("pokemon", 2): return pokemon(2, "ivysaur")
        case ("evolution-chain", 1): return chain
        case ("generation", 1): return generation
        case ("growth-rate", 4), ("pokemon-color", 5), ("evolution-trigger", 1), ("ability", 65), ("stat", 1),
             ("type", 12), ("pokemon-form", 1), ("pokemon-form", 2):
            return #"{"id":\#(id),"name":"\#(resource)-\#(id)"}"#
        default: return nil
        }
    }

    static func list(_ resource: String) -> String {
        let entries: [String] = switch resource {
        case "pokemon-species": [#"{"name":"bulbasaur","url":"/api/v2/pokemon-species/1/"}"#, #"{"name":"ivysaur","url":"/api/v2/pokemon-species/2/"}"#]
        case "stat": [#"{"name":"hp","url":"/api/v2/stat/1/"}"#]
        default: []
        }
        return #"{"count":\#(entries.count),"next":null,"previous":null,"results":[\#(entries.joined(separator: ","))]}"#
    }

    static func species(_ id: Int, _ name: String) -> String {
        #"""
        {"id":\#(id),"name":"\#(name)","order":\#(id),"gender_rate":1,"capture_rate":45,"base_happiness":50,"is_baby":false,"is_legendary":false,"is_mythical":false,"hatch_counter":20,"has_gender_differences":false,"forms_switchable":false,"growth_rate":{"name":"medium-slow","url":"/api/v2/growth-rate/4/"},"pokedex_numbers":[],"egg_groups":[],"color":{"name":"green","url":"/api/v2/pokemon-color/5/"},"shape":null,"evolves_from_species":null,"evolution_chain":{"url":"/api/v2/evolution-chain/1/"},"habitat":null,"generation":{"name":"generation-i","url":"/api/v2/generation/1/"},"names":[],"flavor_text_entries":[],"form_descriptions":[],"genera":[],"varieties":[{"is_default":true,"pokemon":{"name":"\#(name)","url":"/api/v2/pokemon/\#(id)/"}}],"unknown_future_field":[1,2]}
        """#
    }

    static func pokemon(_ id: Int, _ name: String) -> String {
        let sprites = "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon"
        return #"""
        {"id":\#(id),"name":"\#(name)","base_experience":64,"height":7,"weight":69,"is_default":true,"order":\#(id),"abilities":[{"ability":{"name":"overgrow","url":"/api/v2/ability/65/"},"is_hidden":false,"slot":1}],"forms":[{"name":"\#(name)","url":"/api/v2/pokemon-form/\#(id)/"}],"game_indices":[],"held_items":[],"moves":[],"species":{"name":"\#(name)","url":"/api/v2/pokemon-species/\#(id)/"},"sprites":{"front_default":"\#(sprites)/\#(id).png","front_shiny":"\#(sprites)/shiny/\#(id).png","front_female":null,"front_shiny_female":null,"back_default":null,"back_shiny":null,"back_female":null,"back_shiny_female":null,"other":{"home":{"front_default":null}},"versions":{}},"cries":null,"stats":[{"base_stat":45,"effort":0,"stat":{"name":"hp","url":"/api/v2/stat/1/"}}],"types":[{"slot":1,"type":{"name":"grass","url":"/api/v2/type/12/"}}],"past_types":[]}
        """#
    }

    static let chain = #"""
        {"id":1,"baby_trigger_item":null,"chain":{"is_baby":false,"species":{"name":"bulbasaur","url":"/api/v2/pokemon-species/1/"},"evolution_details":[],"evolves_to":[{"is_baby":false,"species":{"name":"ivysaur","url":"/api/v2/pokemon-species/2/"},"evolution_details":[{"trigger":{"name":"level-up","url":"/api/v2/evolution-trigger/1/"},"min_level":16,"time_of_day":""}],"evolves_to":[]}]}}
        """#

    static let generation = #"""
        {"id":1,"name":"generation-i","abilities":[],"names":[],"main_region":{"name":"kanto","url":"/api/v2/region/1/"},"moves":[],"pokemon_species":[{"name":"bulbasaur","url":"/api/v2/pokemon-species/1/"},{"name":"ivysaur","url":"/api/v2/pokemon-species/2/"}],"types":[],"version_groups":[]}
        """#

    /// Every resource file a full fetch of the fixture stores.
    static let resourceFiles: Set<String> = [
        "api/v2/pokemon-species/1/index.json", "api/v2/pokemon-species/2/index.json",
        "api/v2/pokemon/1/index.json", "api/v2/pokemon/2/index.json", "api/v2/evolution-chain/1/index.json",
        "api/v2/generation/1/index.json", "api/v2/growth-rate/4/index.json", "api/v2/pokemon-color/5/index.json",
        "api/v2/evolution-trigger/1/index.json", "api/v2/ability/65/index.json", "api/v2/stat/1/index.json",
        "api/v2/type/12/index.json", "api/v2/pokemon-form/1/index.json", "api/v2/pokemon-form/2/index.json",
    ]
}
