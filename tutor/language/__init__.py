"""The language layer: gettext catalogs, names of the game's things, messages, explanations."""
