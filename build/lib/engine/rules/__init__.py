"""What a capture may be: the request and its rules, plans and entitlements, permissions, rates,
shares, and the error tree.
"""
