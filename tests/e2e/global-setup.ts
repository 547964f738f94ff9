import { buildIfNeeded } from '../../scripts/build-if-needed.ts';

/** The end-to-end tests drive the built site, so make sure dist/ matches the sources. */
export default function globalSetup() {
  buildIfNeeded();
}
