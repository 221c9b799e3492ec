"""What is recorded: the DuckDB schema, jobs, webhooks, accounts and keys, sealing and signing,
analytics, the API's answers.
"""
