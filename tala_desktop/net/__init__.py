"""LAN play: the wire protocol, the server that hosts tables, the network TableClient and LAN discovery.

Nothing here imports pygame. The server hosts the same ``tala_desktop.table``
code as offline play; the client offers the ``TableClient`` methods so the
UI's table scene works unchanged.
"""
