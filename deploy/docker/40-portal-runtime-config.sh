#!/bin/sh
# Writes the runtime configuration from the environment when the container starts, so the same
# image runs in staging and production:
#   PORTAL_ENV_JSON      the whole env.json (service base URLs per environment), if set
#   PORTAL_REMOTES_JSON  the host's remote list (name, manifest URL, prefixes), if set
set -eu
if [ -n "${PORTAL_ENV_JSON:-}" ]; then
  printf '%s\n' "$PORTAL_ENV_JSON" > "$PORTAL_CONFIG_DIR/env.json.tmp" && mv "$PORTAL_CONFIG_DIR/env.json.tmp" "$PORTAL_CONFIG_DIR/env.json"
fi
if [ -n "${PORTAL_REMOTES_JSON:-}" ]; then
  printf '%s\n' "$PORTAL_REMOTES_JSON" > "$PORTAL_CONFIG_DIR/remotes.json.tmp" && mv "$PORTAL_CONFIG_DIR/remotes.json.tmp" "$PORTAL_CONFIG_DIR/remotes.json"
fi
