export { localExecutor } from './local-executor.js';
export { dockerExecutor } from './docker/docker-executor.js';
export type {
  Executor,
  TargetExecOptions,
  TargetOutput,
  Launcher,
  LaunchRequest,
  LaunchedProcess,
  ProcessExit,
  RunGroup,
} from './types.js';
