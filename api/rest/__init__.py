"""The REST API: its routes, their table (who may call, what each spends, how it is refused), the OpenAPI
document built from it, and how a capture and a problem are answered."""

from api.rest import captures, monitors, service, webhooks  # noqa: F401 - reading the face declares its routes
