// The piscina worker entry: one task at a time per thread, off the event loop.
import { runTask, type EngineTask } from './tasks.ts';

export default function (task: EngineTask) {
  return runTask(task);
}
