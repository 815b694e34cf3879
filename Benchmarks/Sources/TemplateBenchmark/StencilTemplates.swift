/// The same detail page written for Stencil: `extends`/`block` for the layout, `include` for partials.
enum StencilTemplates {
    static let all: [String: String] = [
        "layout.html": layout, "detail.html": detail, "type-badge.html": typeBadge, "card.html": card,
        "move-row.html": moveRow, "stat-row.html": statRow,
    ]

    static let layout = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>{% block title %}{{ site.title }}{% endblock %}</title>
          <link rel="stylesheet" href="{{ site.baseURL }}css/site.css">
          {% block head %}{% endblock %}
        </head>
        <body>
          <header class="site-header">
            <a class="brand" href="{{ site.baseURL }}index.html">{{ site.title }}</a>
            <nav>
              <ul>
                <li><a href="{{ site.baseURL }}index.html">Home</a></li>
                <li><a href="{{ site.baseURL }}pokemon/index.html">All Pokémon</a></li>
                <li><a href="{{ site.baseURL }}types/index.html">Types</a></li>
                <li><a href="{{ site.baseURL }}collection.html">My collection</a></li>
              </ul>
            </nav>
            <form class="search" role="search">
              <input type="search" placeholder="Search by name or number" aria-label="Search">
            </form>
          </header>
          <main id="main">
            {% block content %}
            <p>Nothing here yet.</p>
            {% endblock %}
          </main>
          <footer class="site-footer">
            <p>Data from PokeAPI. Generated on {{ site.generated }}.</p>
            {% block footer %}{% endblock %}
          </footer>
          <script src="{{ site.baseURL }}js/search-index.js"></script>
          <script src="{{ site.baseURL }}js/site.js"></script>
          {% block scripts %}{% endblock %}
        </body>
        </html>

        """

    static let detail = """
        {% extends "layout.html" %}
        {% block title %}{{ pokemon.name }} {{ pokemon.number }} – {{ site.title }}{% endblock %}
        {% block head %}
        <meta name="description" content="{{ pokemon.name }}, the {{ pokemon.genus }}">
        {% endblock %}
        {% block content %}
        <article class="pokemon-detail">
          <nav class="pager">
            {% if pokemon.previous %}<a class="previous" href="{{ site.baseURL }}{{ pokemon.previous.url }}">← {{ pokemon.previous.name }}</a>{% endif %}
            {% if pokemon.next %}<a class="next" href="{{ site.baseURL }}{{ pokemon.next.url }}">{{ pokemon.next.name }} →</a>{% endif %}
          </nav>
          <header>
            <img class="sprite" src="{{ site.baseURL }}{{ pokemon.sprite }}" alt="{{ pokemon.name }}" width="96" height="96">
            <h1>{{ pokemon.name }} <small>{{ pokemon.number }}</small></h1>
            <p class="genus">{{ pokemon.genus }}</p>
            <ul class="types">
              {% for type in pokemon.types %}
              {% include "type-badge.html" type %}
              {% endfor %}
            </ul>
          </header>
          <section class="about">
            <h2>About</h2>
            <p class="flavor">{{ pokemon.flavor }}</p>
            <dl>
              <dt>Height</dt><dd>{{ pokemon.height }}</dd>
              <dt>Weight</dt><dd>{{ pokemon.weight }}</dd>
              <dt>Abilities</dt>
              <dd>
                <ul>
                  {% for ability in pokemon.abilities %}
                  <li{% if ability.hidden %} class="hidden-ability"{% endif %}>{{ ability.name }}{% if ability.hidden %} (hidden){% endif %}</li>
                  {% endfor %}
                </ul>
              </dd>
            </dl>
          </section>
          <section class="stats">
            <h2>Base stats</h2>
            <table>
              <tbody>
                {% for stat in pokemon.stats %}
                {% include "stat-row.html" stat %}
                {% endfor %}
              </tbody>
              <tfoot>
                <tr><th>Total</th><td>{{ pokemon.total }}</td><td></td></tr>
              </tfoot>
            </table>
          </section>
          {% if pokemon.hasEvolutions %}
          <section class="evolutions">
            <h2>Evolutions</h2>
            <ol class="chain">
              {% for evolution in pokemon.evolutions %}
              <li class="stage stage-{{ evolution.stage }}">
                <ul>
                  {% for species in evolution.species %}
                  {% include "card.html" species %}
                  {% endfor %}
                </ul>
              </li>
              {% endfor %}
            </ol>
          </section>
          {% endif %}
          <section class="moves">
            <h2>Moves</h2>
            {% for group in pokemon.moveGroups %}
            <h3>{{ group.label }} <small>({{ group.count }})</small></h3>
            <table class="moves-{{ group.method }}">
              <thead>
                <tr><th>Move</th><th>Type</th><th>Level</th><th>Power</th><th>Accuracy</th><th>PP</th></tr>
              </thead>
              <tbody>
                {% for move in group.moves %}
                {% include "move-row.html" move %}
                {% endfor %}
              </tbody>
            </table>
            {% empty %}<p>No moves known.</p>
            {% endfor %}
          </section>
        </article>
        {% endblock %}
        {% block scripts %}<script>window.pokemonId = {{ pokemon.id }};</script>{% endblock %}

        """

    static let typeBadge = """
        <li class="type type-{{ name }}"><a href="{{ site.baseURL }}types/{{ name }}.html">{{ label }}</a></li>

        """

    static let card = """
        <li class="card">
          <a href="{{ site.baseURL }}{{ url }}">
            <img src="{{ site.baseURL }}{{ sprite }}" alt="" width="64" height="64" loading="lazy">
            <span class="name">{{ name }}</span>
          </a>
          <ul class="types">{% for type in types %}<li class="type type-{{ type.name }}">{{ type.label }}</li>{% endfor %}</ul>
          {% if condition %}<p class="condition">{{ condition }}</p>{% endif %}
        </li>

        """

    static let moveRow = """
        <tr class="move {{ damageClass }}">
          <td><a href="{{ site.baseURL }}moves/{{ slug }}.html">{{ name }}</a></td>
          <td><span class="type type-{{ type.name }}">{{ type.label }}</span></td>
          <td>{% if hasLevel %}{{ level }}{% else %}—{% endif %}</td>
          <td>{% if power %}{{ power }}{% else %}—{% endif %}</td>
          <td>{{ accuracy }}</td>
          <td>{{ pp }}</td>
        </tr>

        """

    static let statRow = """
        <tr class="stat{% if isHigh %} high{% endif %}">
          <th>{{ name }}</th>
          <td>{{ base }}</td>
          <td><span class="bar" style="width: {{ percent }}%"></span></td>
        </tr>

        """
}
