"""The learner's progress: the store (SQLite), the review policy, and figures for the progress page."""
