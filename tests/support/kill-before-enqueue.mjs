// Preloaded into an api process (NODE_OPTIONS=--import) by the fault test of an api killed
// between committing a run and enqueueing its job: the first generation job the process is
// about to add kills it on the spot, the run and its debit already committed. Test-only.
import { Queue } from 'bullmq';

const add = Queue.prototype.add;
Queue.prototype.add = function addOrDie(name, ...rest) {
  if (name === 'generate') process.kill(process.pid, 'SIGKILL');
  return add.call(this, name, ...rest);
};
