import { buildIfNeeded } from './build-if-needed.ts';
import { loadConfig, ConfigError } from '../src/server/config.ts';
import { startServer } from '../src/server/runtime/node.ts';

try {
  const config = loadConfig();
  buildIfNeeded();
  const running = await startServer(config);
  const stop = () => void running.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
