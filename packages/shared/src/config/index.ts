export { loadConfig, unknownVariableWarnings, ConfigError, CONFIG_VARIABLES, type Config, type LoadConfigOptions } from './load.js';
export {
  SETTINGS, ROLES, DEFAULT_ROLES, PROJECTOR_SOURCES, EVENT_STORES, LOG_LEVELS,
  type Role, type ProjectorSource, type EventStoreKind, type LogLevel, type Setting, type SettingValues,
} from './settings.js';
export { settingDefault } from './defaults.js';
