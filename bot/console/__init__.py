"""The console adapter: the same service and grammar in a terminal, for newcomers and end-to-end tests."""
