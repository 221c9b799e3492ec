"""How the process is run: settings, logs, metrics, systemd's notifications, the data directory,
backups, operator SQL, buckets.
"""
