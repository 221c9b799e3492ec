"""The operator's command line: `run.py`'s commands and options, the admin commands (through the control socket
or on the file), and the service's start and stop as the operator meets them."""
