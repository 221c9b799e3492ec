"""How a page is rendered: Chromium and CDP, one page per capture, the recipes that make each output,
removal, video, mockups.
"""
