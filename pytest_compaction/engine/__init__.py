"""The run pipeline: replays a scenario through a compressor and a store, pass by pass."""
