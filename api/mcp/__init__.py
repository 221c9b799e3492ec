"""The Model Context Protocol: `/mcp` for agents over streamable HTTP, and `run.py mcp` over stdio, with the
capture tools both serve."""
