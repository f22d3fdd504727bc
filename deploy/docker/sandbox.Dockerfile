# The sandbox API (the provider's services played locally), for a compose deployment without
# the real services.
FROM node:20-bookworm-slim
WORKDIR /repo
COPY . .
RUN npm install --no-audit --no-fund
ENV PORT=4000
EXPOSE 4000
CMD ["node", "node_modules/tsx/dist/cli.mjs", "sandbox-api/src/main.ts"]
