// SiteGenerator stage; see docs/ARCHITECTURE.md.
