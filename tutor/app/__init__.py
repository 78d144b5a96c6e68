"""The Streamlit app: the entry (main.py), one module per screen (screens/), helpers (ui/)."""
