"""The dashboard: its pages (accounts, keys and members, jobs and the playground, webhooks, monitors), their
sessions, CSRF and security headers, templates and stylesheet."""
