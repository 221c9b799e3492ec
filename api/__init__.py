"""The HTTP surface: handlers translate HTTP to actor calls and back, no business rules."""
