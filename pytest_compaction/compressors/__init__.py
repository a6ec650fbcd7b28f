"""The compressor interface, the reference compressor and the guard."""
