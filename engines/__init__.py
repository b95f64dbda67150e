"""Pure rules engines: no I/O, no clock, no Discord. See DESIGN.md, 'Layers'."""
