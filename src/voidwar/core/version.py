"""The package version, kept in core so records can name it without importing the package."""

__version__ = "0.1.0"
