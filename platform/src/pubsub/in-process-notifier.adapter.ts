import { EventEmitter } from 'node:events';
import { ListenerSet } from './listener-set';
import {
  projectionChangeSchema,
  type NotifierOptions,
  type ProjectionChange,
  type ProjectionNotifier,
} from './projection-notifier.port';

// Embedded mode: projector and query service share one process.
export function createInProcessNotifier(options: NotifierOptions = {}): ProjectionNotifier {
  const emitter = new EventEmitter();
  const listeners = new ListenerSet(options);
  const onChange = (change: ProjectionChange): void => listeners.deliver(change);
  emitter.on('change', onChange);
  let closed = false;

  return {
    async publish(change) {
      if (closed) throw new Error('ProjectionNotifier is closed');
      const valid = projectionChangeSchema.parse(change);
      // Asynchronous like the networked adapters, so publishers never run listener code inline.
      setImmediate(() => emitter.emit('change', valid));
    },
    subscribe(listener) {
      return listeners.add(listener);
    },
    async ready() {},
    async close() {
      closed = true;
      emitter.off('change', onChange);
      listeners.clear();
    },
  };
}
