# Build once, run with production dependencies only (CI's `npm run check:production` installs the
# same way beside the same build and starts both servers from it).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/build ./build
USER node
# One image, two processes: the API (default) and the web server (`node build/web/server.mjs`).
# The API needs MONGODB_URI. Admins: `node dist/cli/admin.js --email you@example.com` (password on
# stdin or a prompt), e.g. `docker compose exec api node dist/cli/admin.js --email …`.
EXPOSE 3001 3000
CMD ["node", "dist/main.js"]
