/// The detail page as Mustache: a layout parent with blocks and four partials (about 150 lines).
///
/// The same text is compiled by this project's engine and by swift-mustache.
enum MustacheTemplates {
    static let all: [String: String] = [
        "layout": layout, "detail": detail, "type-badge": typeBadge, "card": card, "move-row": moveRow, "stat-row": statRow,
    ]

    static let layout = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>{{$title}}{{site.title}}{{/title}}</title>
          <link rel="stylesheet" href="{{site.baseURL}}css/site.css">
          {{$head}}{{/head}}
        </head>
        <body>
          <header class="site-header">
            <a class="brand" href="{{site.baseURL}}index.html">{{site.title}}</a>
            <nav>
              <ul>
                <li><a href="{{site.baseURL}}index.html">Home</a></li>
                <li><a href="{{site.baseURL}}pokemon/index.html">All Pokémon</a></li>
                <li><a href="{{site.baseURL}}types/index.html">Types</a></li>
                <li><a href="{{site.baseURL}}collection.html">My collection</a></li>
              </ul>
            </nav>
            <form class="search" role="search">
              <input type="search" placeholder="Search by name or number" aria-label="Search">
            </form>
          </header>
          <main id="main">
            {{$content}}
            <p>Nothing here yet.</p>
            {{/content}}
          </main>
          <footer class="site-footer">
            <p>Data from PokeAPI. Generated on {{site.generated}}.</p>
            {{$footer}}{{/footer}}
          </footer>
          <script src="{{site.baseURL}}js/search-index.js"></script>
          <script src="{{site.baseURL}}js/site.js"></script>
          {{$scripts}}{{/scripts}}
        </body>
        </html>

        """

    static let detail = """
        {{<layout}}
        {{$title}}{{pokemon.name}} {{pokemon.number}} – {{site.title}}{{/title}}
        {{$head}}
        <meta name="description" content="{{pokemon.name}}, the {{pokemon.genus}}">
        {{/head}}
        {{$content}}
        {{#pokemon}}
        <article class="pokemon-detail">
          <nav class="pager">
            {{#previous}}<a class="previous" href="{{site.baseURL}}{{url}}">← {{name}}</a>{{/previous}}
            {{#next}}<a class="next" href="{{site.baseURL}}{{url}}">{{name}} →</a>{{/next}}
          </nav>
          <header>
            <img class="sprite" src="{{site.baseURL}}{{sprite}}" alt="{{name}}" width="96" height="96">
            <h1>{{name}} <small>{{number}}</small></h1>
            <p class="genus">{{genus}}</p>
            <ul class="types">
              {{#types}}
              {{> type-badge}}
              {{/types}}
            </ul>
          </header>
          <section class="about">
            <h2>About</h2>
            <p class="flavor">{{flavor}}</p>
            <dl>
              <dt>Height</dt><dd>{{height}}</dd>
              <dt>Weight</dt><dd>{{weight}}</dd>
              <dt>Abilities</dt>
              <dd>
                <ul>
                  {{#abilities}}
                  <li{{#hidden}} class="hidden-ability"{{/hidden}}>{{name}}{{#hidden}} (hidden){{/hidden}}</li>
                  {{/abilities}}
                </ul>
              </dd>
            </dl>
          </section>
          <section class="stats">
            <h2>Base stats</h2>
            <table>
              <tbody>
                {{#stats}}
                {{> stat-row}}
                {{/stats}}
              </tbody>
              <tfoot>
                <tr><th>Total</th><td>{{total}}</td><td></td></tr>
              </tfoot>
            </table>
          </section>
          {{#hasEvolutions}}
          <section class="evolutions">
            <h2>Evolutions</h2>
            <ol class="chain">
              {{#evolutions}}
              <li class="stage stage-{{stage}}">
                <ul>
                  {{#species}}
                  {{> card}}
                  {{/species}}
                </ul>
              </li>
              {{/evolutions}}
            </ol>
          </section>
          {{/hasEvolutions}}
          <section class="moves">
            <h2>Moves</h2>
            {{#moveGroups}}
            <h3>{{label}} <small>({{count}})</small></h3>
            <table class="moves-{{method}}">
              <thead>
                <tr><th>Move</th><th>Type</th><th>Level</th><th>Power</th><th>Accuracy</th><th>PP</th></tr>
              </thead>
              <tbody>
                {{#moves}}
                {{> move-row}}
                {{/moves}}
              </tbody>
            </table>
            {{/moveGroups}}
            {{^moveGroups}}<p>No moves known.</p>{{/moveGroups}}
          </section>
        </article>
        {{/pokemon}}
        {{/content}}
        {{$scripts}}<script>window.pokemonId = {{pokemon.id}};</script>{{/scripts}}
        {{/layout}}

        """

    static let typeBadge = """
        <li class="type type-{{name}}"><a href="{{site.baseURL}}types/{{name}}.html">{{label}}</a></li>

        """

    static let card = """
        <li class="card">
          <a href="{{site.baseURL}}{{url}}">
            <img src="{{site.baseURL}}{{sprite}}" alt="" width="64" height="64" loading="lazy">
            <span class="name">{{name}}</span>
          </a>
          <ul class="types">{{#types}}<li class="type type-{{name}}">{{label}}</li>{{/types}}</ul>
          {{#condition}}<p class="condition">{{condition}}</p>{{/condition}}
        </li>

        """

    static let moveRow = """
        <tr class="move {{damageClass}}">
          <td><a href="{{site.baseURL}}moves/{{slug}}.html">{{name}}</a></td>
          <td><span class="type type-{{type.name}}">{{type.label}}</span></td>
          <td>{{#hasLevel}}{{level}}{{/hasLevel}}{{^hasLevel}}—{{/hasLevel}}</td>
          <td>{{#power}}{{power}}{{/power}}{{^power}}—{{/power}}</td>
          <td>{{accuracy}}</td>
          <td>{{pp}}</td>
        </tr>

        """

    static let statRow = """
        <tr class="stat{{#isHigh}} high{{/isHigh}}">
          <th>{{name}}</th>
          <td>{{base}}</td>
          <td><span class="bar" style="width: {{percent}}%"></span></td>
        </tr>

        """
}
