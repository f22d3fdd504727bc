#!/bin/bash
# The nginx images' health check (docker-compose.yml's healthcheck): GET /healthz on the container's
# own port answers 200. bash's /dev/tcp: the image carries no curl or wget.
port=${1:-${PORTAL_LISTEN:-80}}
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
printf 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
IFS= read -r -t 5 status <&3 || exit 1
case "$status" in
  'HTTP/1.1 200'*) exit 0 ;;
esac
echo "GET /healthz: $status" >&2
exit 1
