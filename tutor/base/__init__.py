"""The lowest layer: what every other layer needs and that is not about the game: where the shipped
content lives (:mod:`~tutor.base.resources`), marking catalog strings (:mod:`~tutor.base.msgids`)
and reading the whole numbers people type or addresses carry (:mod:`~tutor.base.numbers`)."""
