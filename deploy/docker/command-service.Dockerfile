# syntax=docker/dockerfile:1.7
# command-service: build from the repository root:
#   docker build -f deploy/docker/command-service.Dockerfile -t planwerk/command-service .
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY events/package.json events/
COPY platform/package.json platform/
COPY projector/package.json projector/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY deploy/embedded/package.json deploy/embedded/
COPY frontend/package.json frontend/
RUN npm install --no-audit --no-fund --workspace events --workspace platform --workspace command-service
COPY events events
COPY platform platform
COPY command-service command-service
# tsc -b follows the project references, so events and platform are built first.
RUN npx tsc -b command-service

FROM node:22-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY events/package.json events/
COPY platform/package.json platform/
COPY projector/package.json projector/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY deploy/embedded/package.json deploy/embedded/
COPY frontend/package.json frontend/
RUN npm install --omit=dev --no-audit --no-fund --workspace events --workspace platform --workspace command-service \
  && npm cache clean --force
COPY --from=build /app/events/dist events/dist
COPY --from=build /app/platform/dist platform/dist
COPY --from=build /app/command-service/dist command-service/dist
USER node
ENV PORT=3001
EXPOSE 3001
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3001/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "command-service/dist/main.js"]
