"""The app's Streamlit layer: session state, the language switch, and drawing the engine's results.

Game logic never lives here: these helpers only show what the engine computed.
"""
