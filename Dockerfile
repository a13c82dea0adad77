# Vecindad: one image for the server and the worker (docker-compose.yml runs both).

# Build: every dependency, then the client (dist/client) and the server, worker, scripts and
# migrations compiled to JavaScript (dist/app), without source maps (they hold the sources).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# npm 11, which wrote package-lock.json: the npm 10 of node:20 reads its optional peers as missing
# and refuses `npm ci` ("package.json and package-lock.json ... in sync").
RUN npm install -g npm@11.19.1 --no-audit --no-fund
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && find dist -name '*.map' -delete

# Runtime: the production dependencies (the client's libraries are built into dist/client;
# optional ones left out, the embedded PostgreSQL's binaries among them: the image runs on
# DATABASE_URL) and the compiled JavaScript, as the unprivileged `node` user.
# Except sharp's binary and its libvips for the image's platform (linux-x64, linux-arm64...),
# at the versions sharp names: the app icons are PNGs drawn from the organization's logo
# (server/files/appIcons.ts). Named by hand because `--omit=optional` leaves them out, and
# keeping every optional package would bring the embedded PostgreSQL's 60 MB and Babel's.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
RUN npm install -g npm@11.19.1 --no-audit --no-fund
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund \
  && npm install --no-save --omit=dev --omit=optional --no-audit --no-fund $(node -p "const sharp = require('./node_modules/sharp/package.json'), platform = process.platform + '-' + process.arch; ['sharp-', 'sharp-libvips-'].map((name) => '@img/' + name + platform + '@' + sharp.optionalDependencies['@img/' + name + platform]).join(' ')") \
  && node -e "require('sharp')" \
  && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir .data && chown node:node .data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/app/server/index.js"]
