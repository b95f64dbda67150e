"""Everything with I/O: the Discord and console adapters, the service, the store, the scheduler."""
