#!/bin/sh
# Writes the runtime configuration from the environment when the container starts, so the same
# image runs in staging and production:
#   PORTAL_ENV_JSON      the whole env.json (service base URLs per environment), if set
#   PORTAL_REMOTES_JSON  the host's remote list (name, manifest URL, prefixes), if set
#   A value that is still a Compose expression (`${PORTAL_ENV_JSON:-}`: podman-compose 1.0.3 leaves
#   an empty default unsubstituted) counts as unset: the build's own file stays.
set -eu
for name in PORTAL_ENV_JSON PORTAL_REMOTES_JSON; do
  eval "value=\${$name:-}"
  case "$value" in
    '${'*) unset "$name" ;;
  esac
done
if [ -n "${PORTAL_ENV_JSON:-}" ]; then
  printf '%s\n' "$PORTAL_ENV_JSON" > "$PORTAL_CONFIG_DIR/env.json.tmp" && mv "$PORTAL_CONFIG_DIR/env.json.tmp" "$PORTAL_CONFIG_DIR/env.json"
fi
if [ -n "${PORTAL_REMOTES_JSON:-}" ]; then
  printf '%s\n' "$PORTAL_REMOTES_JSON" > "$PORTAL_CONFIG_DIR/remotes.json.tmp" && mv "$PORTAL_CONFIG_DIR/remotes.json.tmp" "$PORTAL_CONFIG_DIR/remotes.json"
fi
