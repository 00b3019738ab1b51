import { createInProcessBus } from './in-process.adapter';
import { describeBusContract } from './testing/bus.contract';

describeBusContract('in-process', () => createInProcessBus({ maxBatchSize: 4 }));

describe('in-process bus', () => {
  it('hands a group over to a standby member from the committed position', async () => {
    const bus = createInProcessBus();
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    const a = bus.subscribe({ topic: 't', groupId: 'g', handle: async (messages) => void seenByA.push(...messages.map((m) => m.value.toString())) });
    const b = bus.subscribe({ topic: 't', groupId: 'g', handle: async (messages) => void seenByB.push(...messages.map((m) => m.value.toString())) });
    await bus.publish('t', [{ key: 'k', value: 'one' }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seenByA).toEqual(['one']);
    expect(seenByB).toEqual([]);

    await a.stop();
    await bus.publish('t', [{ key: 'k', value: 'two' }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seenByB).toEqual(['two']);
    await b.stop();
    await bus.close();
  });

  it('refuses to publish after close', async () => {
    const bus = createInProcessBus();
    await bus.close();
    await expect(bus.publish('t', [{ key: 'k', value: 'x' }])).rejects.toThrow('closed');
  });
});
