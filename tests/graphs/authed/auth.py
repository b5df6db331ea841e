"""Custom auth as the LangGraph docs write it: bearer tokens, threads scoped to their owner."""

from langgraph_sdk import Auth

auth = Auth()

VALID_TOKENS = {
    "user1-token": {"id": "user1", "name": "Alice"},
    "user2-token": {"id": "user2", "name": "Bob"},
}


@auth.authenticate
async def get_current_user(authorization: str | None) -> Auth.types.MinimalUserDict:
    """Check the bearer token and return the user it belongs to."""
    if not authorization:
        raise Auth.exceptions.HTTPException(status_code=401, detail="Missing token")
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or token not in VALID_TOKENS:
        raise Auth.exceptions.HTTPException(status_code=401, detail="Invalid token")
    user = VALID_TOKENS[token]
    return {"identity": user["id"], "display_name": user["name"]}


@auth.on
async def add_owner(ctx: Auth.types.AuthContext, value: dict):
    """Stamp the owner on what a user creates; let them see only their own."""
    filters = {"owner": ctx.user.identity}
    metadata = value.setdefault("metadata", {})
    metadata.update(filters)
    return filters


@auth.on.assistants
async def assistants_for_everyone(ctx: Auth.types.AuthContext, value: dict):
    """The server's assistants are shared by every signed-in user."""
    return True


@auth.on.threads.delete
async def no_deleting(ctx: Auth.types.AuthContext, value: dict):
    """Only Alice may delete threads (and only her own, by the filter)."""
    if ctx.user.identity != "user1":
        return False
    return {"owner": ctx.user.identity}
