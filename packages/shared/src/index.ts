export {
  loadConfig,
  describeConfig,
  ConfigError,
  CONFIG_VARIABLES,
  ROLES,
  LOG_LEVELS,
  type Config,
  type Role,
  type LogLevel,
} from './config.js';
export { createLogger, REDACTED_PATHS, type Logger } from './logger.js';
