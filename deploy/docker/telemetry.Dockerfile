# The field telemetry receiver (telemetry/, docs/platform.md "Field telemetry"): stateless, run as
# many as the beacons need behind the apps' nginx (docker compose up --scale telemetry=N).
FROM node:20-bookworm-slim
WORKDIR /repo
COPY . .
RUN npm install --no-audit --no-fund
ENV TELEMETRY_LISTEN=4010 \
    TELEMETRY_TRUST_PROXY=1 \
    NODE_ENV=production
USER node
EXPOSE 4010
CMD ["node", "node_modules/tsx/dist/cli.mjs", "telemetry/src/main.ts"]
