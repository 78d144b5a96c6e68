"""Drills: puzzle generators and checkers, graded by the engine (no Streamlit here)."""
