#!/bin/sh
# Renders /etc/nginx/templates/**/*.template into $NGINX_ENVSUBST_OUTPUT_DIR (default /etc/nginx),
# the path kept and `.template` dropped, as the official nginx image does: only ${NAME}s of
# variables set in the environment are replaced, so nginx's own $variables stay as they are
# (deploy/nginx/render.cjs renders the same files for the tests).
set -eu
# The rendered files hold the statement credential and the cohort secret: readable by their owner
# only (nginx's master reads its configuration before it drops privileges; workers never do).
umask 077
templates=${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}
output=${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx}
# A placeholder with no value would stay in nginx's configuration as text (a made-up nginx
# variable nginx refuses, or worse, a literal secret): name it and stop before nginx starts.
missing=$(find "$templates" -type f -name '*.template' -exec grep -oh '${[A-Za-z_][A-Za-z0-9_]*}' {} + | sort -u | while read -r placeholder; do
  name=${placeholder#??}
  name=${name%?}
  env | grep -q "^$name=" || printf '%s ' "$name"
done)
if [ -n "$missing" ]; then
  echo "portal: set $missing(the nginx templates need them; docker-compose.yml documents each)" >&2
  exit 1
fi
defined=$(env | sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)=.*/${\1}/p' | tr '\n' ' ')
find "$templates" -type f -name '*.template' | while read -r template; do
  relative=${template#"$templates"/}
  target="$output/${relative%.template}"
  mkdir -p "$(dirname "$target")"
  envsubst "$defined" < "$template" > "$target"
done
