"""The app's pages: each reads like a description of its screen."""
