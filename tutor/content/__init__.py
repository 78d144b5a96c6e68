"""The content layer: rule pages and lessons (Markdown with engine examples) and the glossary."""
