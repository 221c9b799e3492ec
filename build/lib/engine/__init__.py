"""What a capture is and how one is made: plain classes and functions, no actors, no HTTP, nothing printed.

Five wings, each importing only the wings before it (tests/test_layout.py):
rules, operations, network, browser, records.
"""
