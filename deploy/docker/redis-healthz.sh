#!/bin/sh
# The redis image's health check: PING as the first user of redis-users.acl, with its password
# (the container's own environment; REDISCLI_AUTH keeps it off the command line). Healthy only
# when Redis answers PONG to a user that logged in: the ACL file was loaded and that user is on.
set -eu
name=$(grep -v '^[[:space:]]*\(#\|$\)' "${PORTAL_REDIS_USERS:-/etc/redis/portal-users.acl}" | head -n 1 | cut -d' ' -f1)
variable=PORTAL_REDIS_PASSWORD_$(echo "$name" | tr 'a-z-' 'A-Z_')
REDISCLI_AUTH=$(printenv "$variable") exec sh -c "redis-cli --no-auth-warning --user '$name' ping | grep -qx PONG"
