"""gin-tutor: a bilingual tutor and rules reference for Gin Rummy."""

__version__ = "0.1.0"
