"""Astral Dreams scenario files (TOML), one per scenario."""
