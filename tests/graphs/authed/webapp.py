"""The team's own routes, served beside the Agent Server API."""

from fastapi import FastAPI

app = FastAPI()


@app.get("/hello")
async def hello() -> dict:
    return {"hello": "world"}


@app.get("/info")
async def info() -> dict:
    """Shadows the API's /info, as custom routes do in the Agent Server."""
    return {"custom": True}
