"""The ``voidwar`` command."""
