"""``agentdesk memory``: see and delete what agents remember about users."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, TypeVar

import typer

from agentdesk.errors import AgentdeskError, InputError
from agentdesk.runtime.commands import JsonOpt, ModelOpt, fail, refuse_bad_model
from agentdesk.runtime.terminal import console, err_console, escape

memory_app = typer.Typer(no_args_is_help=True,
                         help="What agents remember about users (profiles and facts).")

T = TypeVar("T")

OwnerOpt = Annotated[str | None, typer.Option(
    "--owner", help="Whose users: an API key's name (AGENTDESK_API_KEYS), or local "
                    "(the default: threads started without keys).")]
UserArg = Annotated[str, typer.Argument(help="The user's id (as in the thread's user_id).")]


def _ident(value: str, field: str) -> str:
    """The rule thread ids follow (server/ids.py), for the ids a person types here."""
    from agentdesk.server.ids import ID_MAX, ID_PATTERN

    if not (1 <= len(value) <= ID_MAX and re.fullmatch(ID_PATTERN, value)):
        raise InputError(f"{value[:80]!r} must be 1 to {ID_MAX} letters, digits or _ . : -",
                         field=field)
    return value


def _owner(name: str | None) -> str | None:
    """What owns the memory of ``--owner``: ``key:<fingerprint>``, or None for local."""
    from agentdesk.settings import get_settings, key_fingerprint

    if name is None or name == "local":
        return None
    for key_name, key in get_settings().named_api_keys():
        if key_name == name:
            return "key:" + key_fingerprint(key)
    if re.fullmatch(r"key:[0-9a-f]{16}", name):
        return name
    raise InputError(f"no API key is named {name!r} (AGENTDESK_API_KEYS)", field="--owner")


def _with_store(as_json: bool, work: Callable[[Any], Awaitable[T]]) -> T:
    """Run ``work(store)`` on the memory Store of the configured database."""
    import asyncio

    from agentdesk.runtime.storage.persistence import open_persistence
    from agentdesk.settings import get_settings

    async def main() -> T:
        async with open_persistence(get_settings().resolved_database_url) as persistence:
            return await work(persistence.memory)

    try:
        return asyncio.run(main())
    except AgentdeskError as exc:
        fail(exc, as_json)


def _checked(as_json: bool, check: Callable[[], T]) -> T:
    try:
        return check()
    except AgentdeskError as exc:
        fail(exc, as_json)


@memory_app.command("list")
def list_users(owner: OwnerOpt = None, as_json: JsonOpt = False,
               model: ModelOpt = None) -> None:
    """List the users something is remembered about."""
    from agentdesk.runtime.memory import book as memorybook

    refuse_bad_model(model, as_json)
    scope = _checked(as_json, lambda: _owner(owner))
    rows = _with_store(as_json, lambda store: memorybook.users(store, scope))
    if as_json:
        print(json.dumps({"users": rows}))
        return
    if not rows:
        err_console.print("nothing is remembered about anyone"
                          + (f" for key {owner}" if owner else ""))
        return
    for row in rows:
        console.print(f"[bold]{escape(row['user_id'])}[/]\t{row['memories']} memories\t"
                      f"[dim]{row['updated_at'][:19].replace('T', ' ')}[/]", highlight=False)


@memory_app.command("show")
def show(user: UserArg, owner: OwnerOpt = None, as_json: JsonOpt = False,
         model: ModelOpt = None) -> None:
    """Show a user's profile and the facts remembered about them."""
    from agentdesk.runtime.memory import book as memorybook

    refuse_bad_model(model, as_json)
    user_id = _checked(as_json, lambda: _ident(user, "USER"))
    scope = _checked(as_json, lambda: _owner(owner))
    data = _with_store(as_json, lambda store: memorybook.user_memory(store, scope, user_id))
    if as_json:
        print(json.dumps(data))
        return
    profile, facts = data["profile"], data["facts"]
    if not (profile["preferences"] or profile["permissions"] or facts):
        err_console.print(f"nothing is remembered about {escape(user_id)}")
        return
    console.print(f"[bold]{escape(user_id)}[/]")
    for key, value in profile["preferences"].items():
        console.print(f"  preference {escape(key)}: {escape(value)}", highlight=False)
    if profile["permissions"]:
        console.print(f"  permissions: {escape(', '.join(profile['permissions']))}",
                      highlight=False)
    for fact in facts:
        console.print(f"  [dim]{fact['key']}[/]  {escape(fact['text'])}", highlight=False)


@memory_app.command("delete")
def delete(
    user: UserArg,
    key: Annotated[str | None, typer.Argument(
        help="One memory's key (see `show`), or profile; all of the user's without it.")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask first.")] = False,
    owner: OwnerOpt = None, as_json: JsonOpt = False, model: ModelOpt = None,
) -> None:
    """Forget one memory of a user, or everything about them (asks first unless --yes)."""
    from agentdesk.runtime.memory import book as memorybook

    refuse_bad_model(model, as_json)
    user_id = _checked(as_json, lambda: _ident(user, "USER"))
    one = _checked(as_json, lambda: _ident(key, "KEY")) if key is not None else None
    scope = _checked(as_json, lambda: _owner(owner))
    what = f"memory {one} of {user_id}" if one else f"everything remembered about {user_id}"
    if not yes:
        if as_json or not sys.stdin.isatty():
            fail(InputError(f"deleting {what} needs --yes when nobody can be asked",
                            field="--yes"), as_json)
        if not typer.confirm(f"Delete {what}?"):
            err_console.print("nothing deleted")
            raise typer.Exit(1)
    gone = _with_store(as_json, lambda store: memorybook.delete_memory(store, scope, user_id, one))
    if as_json:
        print(json.dumps({"user_id": user_id, "key": one, "deleted": gone}))
    else:
        console.print(f"deleted {gone} {'memory' if gone == 1 else 'memories'} of "
                      f"{escape(user_id)}", highlight=False)
