// TemplateEngine stage; see docs/ARCHITECTURE.md.
