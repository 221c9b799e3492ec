"""What a capture is and how one is made: plain classes and functions, no actors, no HTTP."""
