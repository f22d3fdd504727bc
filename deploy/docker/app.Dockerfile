# One image per app, parametrised: docker build -f deploy/docker/app.Dockerfile \
#   --build-arg APP=<an app folder of apps.json> \
#   --build-arg ROLE=<host|remote> .
# Stage 1 builds the app from the repository; stage 2 is Debian bookworm's nginx with the Brotli
# module, the very packages .ci/run installs and every nginx test runs (deploy/test/compose.test.ts
# holds the two lists together), with the configuration of deploy/nginx.

FROM node:20-bookworm-slim AS build
ARG APP
WORKDIR /repo
COPY . .
RUN npm install --no-audit --no-fund && node scripts/build.mjs --only "$APP" \
 && node -e "process.stdout.write(require('./deploy/security-headers.cjs').nginxHeadersTemplate())" > /repo/portal-headers.conf.template \
 && node -e "process.stdout.write(require('./deploy/driver-api.cjs').nginxDriverApiMaps())" > /repo/portal-driver-api-maps.conf

FROM debian:bookworm-slim
ARG APP
ARG ROLE=remote
# nginx-light, libnginx-mod-http-brotli-static and libnginx-mod-http-js as `npm test` installs them
# (scripts/test-machine.mjs); gettext-base for envsubst (the
# templates are rendered at start, deploy/docker/docker-entrypoint.sh). Debian's nginx.conf loads
# the module (modules-enabled/) and includes conf.d/*.conf; its default site is removed.
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light libnginx-mod-http-brotli-static libnginx-mod-http-js gettext-base \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log \
 && mkdir -p /docker-entrypoint.d /etc/nginx/templates
ENV PORTAL_APP_ROOT=/srv/portal \
    PORTAL_CONFIG_DIR=/etc/portal \
    PORTAL_LISTEN=80 \
    PORTAL_REMOTE_ORIGINS="" \
    PORTAL_SERVICE_ORIGINS="" \
    PORTAL_IMG_ORIGINS="" \
    PORTAL_FRAME_ANCESTORS="'none'" \
    PORTAL_X_FRAME_OPTIONS=DENY \
    PORTAL_CAMERA_ALLOWLIST="" \
    PORTAL_HOST_ORIGINS_REGEX="a^" \
    PORTAL_APP_ORIGINS_REGEX="a^" \
    PORTAL_STATEMENT_UPSTREAM=http://127.0.0.1:9/ \
    PORTAL_STATEMENT_AUTH_URL=http://127.0.0.1:9/ \
    PORTAL_REGISTER_UPSTREAM=http://127.0.0.1:9/ \
    PORTAL_INSURANCE_UPSTREAM=http://127.0.0.1:9/ \
    PORTAL_CARD_UPSTREAM=http://127.0.0.1:9/ \
    PORTAL_DRIVER_AUTH_URL=http://127.0.0.1:9/ \
    PORTAL_RATE_LIMIT_KEY=\$binary_remote_addr \
    PORTAL_ACCESS_LOG=/var/log/nginx/access.log \
    PORTAL_TELEMETRY_UPSTREAM=http://127.0.0.1:9 \
    STATEMENT_BASIC_AUTH="" \
    NGINX_ENVSUBST_OUTPUT_DIR=/etc/nginx
# Unconfigured, /statement/ answers 500 (the token check cannot reach the core service: an
# address nginx can resolve at start, unlike a made-up host name, which would stop nginx from
# starting), and only pages with no Origin may call it. Likewise /driver-api/: its open calls
# answer 502 and its signed-in ones 500 until the services and the token check are configured.
# The build is the image's only release; the remote list can point at /releases/image/ or /.
COPY --from=build /repo/${APP}/dist /srv/portal/releases/image
RUN ln -s releases/image /srv/portal/current \
 && mkdir -p /etc/portal \
 && cp /srv/portal/current/env.json /etc/portal/env.json \
 && if [ -f /srv/portal/current/remotes.json ]; then cp /srv/portal/current/remotes.json /etc/portal/remotes.json; fi
COPY deploy/nginx/portal-common.conf /etc/nginx/portal/portal-common.conf
# The open calls' and the canary cohorts' scripts run in nginx's JavaScript module (Debian's
# package enables it in modules-enabled/).
COPY deploy/nginx/portal-open-calls.mjs deploy/nginx/portal-cohort.mjs /etc/nginx/portal/
COPY deploy/nginx/portal-maps.conf.template /etc/nginx/templates/portal/portal-maps.conf.template
COPY deploy/nginx/portal-statement.conf.template /etc/nginx/templates/portal/portal-statement.conf.template
COPY deploy/nginx/portal-driver-api.conf.template /etc/nginx/templates/portal/portal-driver-api.conf.template
COPY deploy/nginx/portal-telemetry.conf.template /etc/nginx/templates/portal/portal-telemetry.conf.template
COPY deploy/nginx/portal-cohort.conf.template /etc/nginx/templates/portal/portal-cohort.conf.template
COPY deploy/nginx/portal-handoff.conf.template /etc/nginx/templates/portal/portal-handoff.conf.template
COPY deploy/nginx/portal-driver-api-checks.conf deploy/nginx/portal-driver-api-proxy.conf /etc/nginx/portal/
# The driver-data proxy's table, written in the build stage from deploy/driver-api.cjs.
COPY --from=build /repo/portal-driver-api-maps.conf /etc/nginx/portal/portal-driver-api-maps.conf
# The security headers, written in the build stage from deploy/security-headers.cjs.
COPY --from=build /repo/portal-headers.conf.template /etc/nginx/templates/portal/portal-headers.conf.template
COPY deploy/nginx/${ROLE}.conf.template /etc/nginx/templates/conf.d/default.conf.template
COPY deploy/docker/12-portal-statement-auth.envsh deploy/docker/20-portal-templates.sh deploy/docker/40-portal-runtime-config.sh /docker-entrypoint.d/
COPY deploy/docker/docker-entrypoint.sh /docker-entrypoint.sh
RUN chmod +x /docker-entrypoint.sh /docker-entrypoint.d/12-portal-statement-auth.envsh /docker-entrypoint.d/20-portal-templates.sh /docker-entrypoint.d/40-portal-runtime-config.sh
EXPOSE 80
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/docker-entrypoint.sh"]
CMD ["nginx", "-g", "daemon off;"]
