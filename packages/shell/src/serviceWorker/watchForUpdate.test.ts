import { describe, expect, it, jest } from '@jest/globals';
import { SKIP_WAITING_MESSAGE } from './updateMessages';
import { activateUpdate, watchForUpdate, type UpdatableRegistration } from './watchForUpdate';

/** A registration whose workers the test moves through their states. */
class FakeRegistration extends EventTarget {
  waiting: ServiceWorker | null = null;
  installing: ServiceWorker | null = null;

  /** A new worker is found and installs; it waits then. */
  install(): ServiceWorker {
    const worker = Object.assign(new EventTarget(), { state: 'installing' }) as ServiceWorker & {
      state: ServiceWorkerState;
    };
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    worker.state = 'installed';
    this.installing = null;
    this.waiting = worker;
    worker.dispatchEvent(new Event('statechange'));
    return worker;
  }
}

describe('watchForUpdate', () => {
  it('tells about a new worker once it is installed and waits, while another controls the page', () => {
    const registration = new FakeRegistration();
    const onUpdate = jest.fn();
    watchForUpdate(registration as unknown as UpdatableRegistration, () => true, onUpdate);
    expect(onUpdate).not.toHaveBeenCalled();
    const worker = registration.install();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(onUpdate).toHaveBeenCalledWith(worker);
  });

  it('tells at once about a worker already waiting', () => {
    const registration = new FakeRegistration();
    const waiting = registration.install();
    const onUpdate = jest.fn();
    watchForUpdate(registration as unknown as UpdatableRegistration, () => true, onUpdate);
    expect(onUpdate).toHaveBeenCalledWith(waiting);
  });

  it('says nothing about the first worker (no page was controlled) or after it stopped watching', () => {
    const registration = new FakeRegistration();
    const onUpdate = jest.fn();
    const stop = watchForUpdate(
      registration as unknown as UpdatableRegistration,
      () => false,
      onUpdate,
    );
    registration.install();
    stop();
    registration.install();
    expect(onUpdate).not.toHaveBeenCalled();
  });
});

describe('activateUpdate', () => {
  it('asks the waiting worker to take over and reloads once it controls the page', () => {
    const container = new EventTarget();
    const postMessage = jest.fn();
    const reload = jest.fn();
    activateUpdate({ postMessage }, container as ServiceWorkerContainer, reload);
    expect(postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
