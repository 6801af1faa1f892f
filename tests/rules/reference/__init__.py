"""Reference games for all three rules modules: the recorded files `<game>.txt` and `make.py`,
which writes them (`python -m tests.rules.reference.make`). The loader and the format are in
tests/support/reference.py."""
