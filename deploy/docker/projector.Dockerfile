# syntax=docker/dockerfile:1.7
# projector: build from the repository root:
#   docker build -f deploy/docker/projector.Dockerfile -t planwerk/projector .
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
RUN npm install --no-audit --no-fund --workspace events --workspace platform --workspace projector
COPY events events
COPY platform platform
COPY projector projector
# tsc -b follows the project references, so events and platform are built first.
RUN npx tsc -b projector

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
RUN npm install --omit=dev --no-audit --no-fund --workspace events --workspace platform --workspace projector \
  && npm cache clean --force
COPY --from=build /app/events/dist events/dist
COPY --from=build /app/platform/dist platform/dist
COPY --from=build /app/projector/dist projector/dist
USER node
# The relay runs from this image too: command node projector/dist/relay-main.js
CMD ["node", "projector/dist/main.js"]
