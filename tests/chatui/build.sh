#!/usr/bin/env bash
# Build Agent Chat UI (langchain-ai/agent-chat-ui) from npm alone, no GitHub.
#
# The UI's source ships as the `nextjs` template of the npm package
# create-agent-chat-app (pinned below). Its dependencies are pinned by the
# package-lock.json next to this script (the template's package.json minus
# the local dev server packages @langchain/langgraph-api/-cli and turbo,
# which only `langgraph dev` needs). The result is a static export (out/)
# that any file server can serve; the deployment URL and assistant id are
# chosen at run time by the UI's own ?apiUrl=...&assistantId=... query.
#
# The build is cached under $AGENTDESK_CHATUI_CACHE (default
# ~/.cache/agentdesk-chatui), keyed by the template version and the
# lockfile's hash, so CI builds it once. Prints the out/ directory;
# `build.sh --cached` only prints it if it is built (exit 1 if not).
set -euo pipefail

TEMPLATE_PACKAGE="create-agent-chat-app@0.1.6"
here="$(cd "$(dirname "$0")" && pwd)"
cache_root="${AGENTDESK_CHATUI_CACHE:-$HOME/.cache/agentdesk-chatui}"
lock_hash="$(cat "$here/package.json" "$here/package-lock.json" "$here/build.sh" | sha256sum | cut -c1-12)"
target="$cache_root/${TEMPLATE_PACKAGE//@/-}-$lock_hash"

if [[ -f "$target/out/index.html" ]]; then
    echo "$target/out"
    exit 0
fi
if [[ "${1:-}" == "--cached" ]]; then
    exit 1
fi

work="$(mktemp -d "$cache_root.build.XXXXXX" 2>/dev/null || { mkdir -p "$cache_root"; mktemp -d "$cache_root.build.XXXXXX"; })"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "$TEMPLATE_PACKAGE" >&2
tar xzf create-agent-chat-app-*.tgz
mv package/templates/nextjs app
cd app
cp "$here/package.json" "$here/package-lock.json" .

# Two changes to the template, both for an offline, static build:
# - next/font/google downloads Inter from fonts.googleapis.com at build
#   time; the UI falls back to the system font instead.
# - `output: "export"` writes plain files, served without a Node server.
sed -i -e '/from "next\/font\/google"/d' \
       -e '/^const inter = Inter({/,/^});/d' \
       -e 's/ className={inter.className}//' src/app/layout.tsx
cat > next.config.mjs <<'CONFIG'
/** @type {import('next').NextConfig} */
const nextConfig = { output: "export", eslint: { ignoreDuringBuilds: true } };

export default nextConfig;
CONFIG

export NEXT_TELEMETRY_DISABLED=1
npm ci --no-audit --no-fund --loglevel=error >&2
npx --no-install next build >&2

mkdir -p "$cache_root"
rm -rf "$target"
mkdir -p "$target"
mv out "$target/out"
echo "$target/out"
