"""Where a capture may go: name lookups, the destination policy, and the service's own outbound
requests.
"""
