export {
  loadConfig,
  unknownVariableWarnings,
  EVENT_STORES,
  ConfigError,
  CONFIG_VARIABLES,
  ROLES,
  DEFAULT_ROLES,
  PROJECTOR_SOURCES,
  LOG_LEVELS,
  settingDefault,
  type Config,
  type EventStoreKind,
  type LoadConfigOptions,
  type Role,
  type ProjectorSource,
  type LogLevel,
} from './config/index.js';
export { StartupError } from './startup-error.js';
export { createLogger, REDACTED_PATHS, type Logger } from './logger.js';
export { createKeyedLock } from './keyed-lock.js';
export { createSealer, parseSealingKey, type Sealer } from './sealing.js';
export { secretsMatch } from './secrets.js';
export { runProcessorLoop, type ProcessorLoop, type ProcessorLoopOptions } from './processor-loop.js';
export { scheduleJob, type ScheduledJob, type ScheduleOptions } from './scheduled-job.js';
export { wakeableSleep, type WakeableSleep } from './wakeable-sleep.js';
export { pollUntil, type PollOptions } from './poll.js';
export { createCoalescer, type CoalescerOptions } from './coalescer.js';
export { timeStage, type StageTimer } from './stages.js';
export { oneLine } from './text.js';
export { DependencyUnavailableError, dependencyFailure, backoffDelay, retryWithBackoff, type Backoff, type Dependency } from './dependency.js';
export { OverloadedError, type OverloadBound } from './overload.js';
export { tracer, inSpan, inSpanSync, withTraceContext, traceLinks, activeSpanContext, TRACE_CONTEXT_METADATA, type Link, type Span, type SpanContext } from './tracing.js';
