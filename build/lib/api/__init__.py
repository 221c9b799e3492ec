"""The service's faces: HTTP handlers that translate to actor calls and back, and the operator's
commands (api/admin.py).
"""
