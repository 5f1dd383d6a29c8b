/**
 * Record and replay: a session's message log as a file that reproduces it.
 *
 * @module
 */
export { recordSession, type RecordOptions, type SessionRecorder } from './record.ts';
export { replaySession, type ReplayOptions, type ReplayResult } from './replay.ts';
export {
  parseSessionLog,
  SESSION_LOG_FORMAT,
  SESSION_LOG_SCHEMA_VERSION,
  type SessionLog,
  type SessionEntry,
  type InboundEntry,
  type OutboundEntry,
  type UserEntry,
  type SessionLogError,
} from './log.ts';
export { formatDifferences, describe as describeMessage, kindOf as messageKind, type OutboundDifference, type FieldChange, type Sent } from './diff.ts';
export { redactValue, redactLog, isRedacted, type Redacted } from './redact.ts';
