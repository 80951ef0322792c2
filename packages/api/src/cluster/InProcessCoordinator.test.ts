import { describe, expect, it } from '@jest/globals';
import { recordingLogger } from '../test-support/recordingLogger';
import { type ClusterEvent } from './ClusterEvent';
import { InProcessCoordinator } from './InProcessCoordinator';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('InProcessCoordinator', () => {
  it('leads from start to close, and tells its listeners both times', async () => {
    const coordinator = new InProcessCoordinator(recordingLogger());
    const heard: boolean[] = [];
    coordinator.onLeadershipChange((leading) => {
      heard.push(leading);
    });

    const before = coordinator.isLeader;
    await coordinator.start();
    const during = coordinator.isLeader;
    await coordinator.close();

    expect([before, during, coordinator.isLeader]).toEqual([false, true, false]);
    expect(heard).toEqual([true, false]);
  });

  it('resolves publish only after its listeners have handled the event', async () => {
    const coordinator = new InProcessCoordinator(recordingLogger());
    const handled: string[] = [];
    coordinator.onEvent(async (event) => {
      await tick();
      handled.push(event.alertIds[0]!);
    });
    await coordinator.start();

    await coordinator.publish({ kind: 'created', alertIds: ['a1'] });

    expect(handled).toEqual(['a1']);
    await coordinator.close();
  });

  it('delivers events one at a time, in order, even when published together', async () => {
    const coordinator = new InProcessCoordinator(recordingLogger());
    const trace: string[] = [];
    coordinator.onEvent(async (event) => {
      trace.push(`start ${event.alertIds[0]}`);
      await tick();
      trace.push(`end ${event.alertIds[0]}`);
    });
    await coordinator.start();

    await Promise.all([
      coordinator.publish({ kind: 'created', alertIds: ['a1'] }),
      coordinator.publish({ kind: 'deleted', alertIds: ['a1'] }),
    ]);

    expect(trace).toEqual(['start a1', 'end a1', 'start a1', 'end a1']);
    await coordinator.close();
  });

  it('logs a failing listener and goes on with the next listener and the next event', async () => {
    const logger = recordingLogger();
    const coordinator = new InProcessCoordinator(logger);
    const heard: ClusterEvent[] = [];
    coordinator.onEvent((event) => {
      if (event.kind === 'created') throw new Error('listener broke');
    });
    coordinator.onEvent((event) => {
      heard.push(event);
    });
    await coordinator.start();

    await coordinator.publish({ kind: 'created', alertIds: ['a1'] });
    await coordinator.publish({ kind: 'deleted', alertIds: ['a1'] });

    expect(heard.map((event) => event.kind)).toEqual(['created', 'deleted']);
    expect(logger.lines).toEqual([
      expect.objectContaining({ level: 'error', message: 'a cluster event listener failed' }),
    ]);
    await coordinator.close();
  });

  it('still delivers what is published while it closes (an engine’s last triggers)', async () => {
    const coordinator = new InProcessCoordinator(recordingLogger());
    const heard: ClusterEvent[] = [];
    coordinator.onEvent((event) => {
      heard.push(event);
    });
    coordinator.onLeadershipChange((leading) => {
      if (!leading) void coordinator.publish({ kind: 'triggered', alertIds: ['last'] });
    });
    await coordinator.start();

    await coordinator.close();

    expect(heard).toEqual([{ kind: 'triggered', alertIds: ['last'] }]);
  });

  it('refuses to publish once closed', async () => {
    const coordinator = new InProcessCoordinator(recordingLogger());
    await coordinator.start();
    await coordinator.close();

    await expect(coordinator.publish({ kind: 'created', alertIds: ['a1'] })).rejects.toThrow(
      /closed/,
    );
  });
});
