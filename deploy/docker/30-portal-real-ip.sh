#!/bin/sh
# Whose X-Forwarded-For the app image believes (decision 0025): the one proxy in front of it, by
# address, from PORTAL_TRUSTED_PROXIES (space-separated addresses, CIDR networks, or host names
# nginx resolves once at start: Compose's `edge`). Compose gives the edge's name, a cluster its
# ingress controller's addresses (deploy/k8s.cjs). Unset or empty, no one's: the client is the
# connection's own address, so a header a caller made up names no one.
set -eu
conf=${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx}/conf.d/portal-real-ip.conf
named=""
{
  echo "# Written by /docker-entrypoint.d/30-portal-real-ip.sh from PORTAL_TRUSTED_PROXIES."
  for proxy in ${PORTAL_TRUSTED_PROXIES:-}; do
    case "$proxy" in
      *[!A-Za-z0-9.:/_-]* | -*)
        echo "portal: PORTAL_TRUSTED_PROXIES: \"$proxy\" is not an address, a network or a host name" >&2
        exit 1
        ;;
    esac
    echo "set_real_ip_from $proxy;"
    named=yes
  done
  [ -z "$named" ] || echo "real_ip_header X-Forwarded-For;"
} > "$conf"
