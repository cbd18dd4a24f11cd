// @walletinfra/sdk/recording: every HTTP exchange of the sdk's transport written to a file, redacted, so a run
// against the service can be shared and replayed (the acceptance run's `--record`; a process opts in with
// `installRecordingFromEnv` from `@walletinfra/sdk/process`).
export {
  parseRecording,
  RECORDING_FORMAT,
  RECORDING_VERSION,
  RecordedExchange,
  RecordingHeader,
  RecordingLine,
  REQUEST_ID_HEADERS,
  requestIdOf,
} from './format';
export {
  IDENTIFIER_PLACEHOLDER,
  REDACTION_SUMMARY,
  Redactor,
  redactionOfField,
  SECRET_PLACEHOLDER,
  type RedactedAs,
  type RedactorOptions,
} from './redact';
export { operationName, recordedExchange, recordExchanges, writeRecordingHeader, type Recorder, type RecorderOptions } from './recorder';
