"""The labelled quality set: fixture pages with the warning each should raise, or none (tests/test_quality.py)."""
