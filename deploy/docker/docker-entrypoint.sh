#!/bin/sh
# The app image's entrypoint (Debian's nginx has none of its own): what the official nginx
# image's entrypoint did for this image, in its order. Each file of /docker-entrypoint.d/, sorted:
# `*.envsh` sourced (its exports reach what follows), `*.sh` run; then the command (nginx).
set -eu
for part in $(find /docker-entrypoint.d/ -mindepth 1 -maxdepth 1 -type f | sort); do
  case "$part" in
    *.envsh) . "$part" ;;
    *.sh) "$part" ;;
  esac
done
exec "$@"
