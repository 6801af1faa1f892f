"""The CUBIRI Games Django project."""
