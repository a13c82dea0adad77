import { buildClientIfStale } from '../../../scripts/build';

/**
 * Vitest global setup of the e2e project: builds the client (into CLIENT_DIR, by default
 * dist/client) when it is missing or older than client/ or shared/, so browser tests always
 * run the current code.
 */
export default function setup() {
  buildClientIfStale();
}
