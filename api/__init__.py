"""The service's faces, each a package: the REST API (api/rest/), the dashboard (api/dashboard/), the Model Context
Protocol for agents (api/mcp/) and the operator's command line (api/cli/); the application that serves the three
HTTP faces (api/app.py) and what every request goes through (api/pipeline.py, api/problems.py).
"""
