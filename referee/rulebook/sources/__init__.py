"""The rule items of the five bundled source texts, one YAML file per source (package data)."""
