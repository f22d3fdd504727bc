#!/bin/sh
# The redis image's entrypoint (decision 0025): Redis's ACL file from deploy/docker/redis-users.acl
# (/etc/redis/portal-users.acl here), each user's password from PORTAL_REDIS_PASSWORD_<USER> (a
# secret of the deployment: Compose's environment, the cluster's Secret), written as its SHA-256
# only, 0600, to a folder of the container's own (/tmp: the root file system may be read-only).
# `default` is off: no connection runs a command before AUTH with one of these users. A user with
# no password stops the container here, naming the variable (deploy/redis-acl.cjs's rule).
set -eu
umask 077
acl=${PORTAL_REDIS_ACL_FILE:-/tmp/portal-redis/users.acl}
mkdir -p "$(dirname "$acl")"
{
  echo "user default off"
  grep -v '^[[:space:]]*\(#\|$\)' "${PORTAL_REDIS_USERS:-/etc/redis/portal-users.acl}" | while read -r name rules; do
    variable=PORTAL_REDIS_PASSWORD_$(echo "$name" | tr 'a-z-' 'A-Z_')
    password=$(printenv "$variable" || true)
    if ! printf '%s' "$password" | grep -Eq '^[A-Za-z0-9_-]{32,}$'; then
      echo "portal redis: $variable must be set to 32 or more letters, digits, - or _" >&2
      exit 1
    fi
    echo "user $name on #$(printf '%s' "$password" | sha256sum | cut -d' ' -f1) $rules"
  done
} > "$acl.new"
mv "$acl.new" "$acl"
exec redis-server --bind 0.0.0.0 --protected-mode yes --aclfile "$acl" "$@"
