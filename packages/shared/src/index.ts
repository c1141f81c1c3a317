export {
  loadConfig,
  describeConfig,
  ConfigError,
  CONFIG_VARIABLES,
  ROLES,
  DEFAULT_ROLES,
  PROJECTOR_SOURCES,
  LOG_LEVELS,
  type Config,
  type Role,
  type ProjectorSource,
  type LogLevel,
} from './config.js';
export { createLogger, REDACTED_PATHS, type Logger } from './logger.js';
export { createKeyedLock } from './keyed-lock.js';
export { createSealer, parseSealingKey, type Sealer } from './sealing.js';
