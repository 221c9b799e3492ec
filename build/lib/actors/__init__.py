"""Long-running supervised tasks that own state or a resource."""
