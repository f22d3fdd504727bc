#!/bin/sh
# The edge of the compose deployment: one nginx publishing the apps' public ports and balancing
# each over the app's replicas (every replica answers the service's name in the engine's DNS).
# PORTAL_EDGE_ROUTES, rendered from apps.json (deploy/compose.cjs): "<port>=<service>:<port> ...".
# The name is resolved at each request (a variable in proxy_pass, the engine's resolver, 5 s), so
# a replica started or removed is seen without a reload; a replica that refuses or times out is
# skipped for the next one (proxy_next_upstream).
# Logs: the one format of every nginx of the deployment (portal-log.conf, copied by the Dockerfile:
# no query, no token, no policy token; the upstream tried and its answer); no error line for a
# request (nginx quotes its request line there, with the native app's token: decision 0023).
set -eu
[ -n "$PORTAL_EDGE_ROUTES" ] || { echo "PORTAL_EDGE_ROUTES is empty: nothing to publish" >&2; exit 1; }
resolver=$(awk '/^nameserver/ { print $2; exit }' /etc/resolv.conf)
case "$resolver" in *:*) resolver="[$resolver]" ;; esac
conf=/etc/nginx/conf.d/portal-edge.conf
{
  echo "resolver $resolver valid=5s ipv6=off;"
  echo "server_tokens off;"
  echo "include portal/portal-log.conf;"
  for route in $PORTAL_EDGE_ROUTES; do
    port=${route%%=*}
    upstream=${route#*=}
    cat <<CONF
server {
    listen $port;
    access_log /var/log/nginx/access.log portal_private;
    location = /edge-healthz { access_log off; return 200 "ok\n"; }
    location / {
        set \$portal_upstream http://$upstream;
        proxy_pass \$portal_upstream;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host \$http_host;
        proxy_set_header X-Forwarded-For \$remote_addr;
        proxy_set_header X-Forwarded-Proto \$scheme;
        proxy_next_upstream error timeout http_502 http_503;
        proxy_next_upstream_tries 2;
        proxy_connect_timeout 2s;
        proxy_buffering off;
        error_log /dev/null;
    }
}
CONF
  done
} > "$conf"
exec "$@"
