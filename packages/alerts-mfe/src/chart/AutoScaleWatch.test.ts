import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ManualFrames } from '../test-support/ManualFrames';
import { AutoScaleWatch } from './AutoScaleWatch';

function pointer(target: EventTarget, type: string): void {
  target.dispatchEvent(new MouseEvent(type, { bubbles: true }));
}

describe('AutoScaleWatch', () => {
  let target: HTMLDivElement;
  let frames: ManualFrames;
  let auto: boolean;
  let reads: number;
  let heard: boolean[];
  let watch: AutoScaleWatch;

  beforeEach(() => {
    target = document.createElement('div');
    document.body.append(target);
    frames = new ManualFrames();
    auto = true;
    reads = 0;
    heard = [];
    watch = new AutoScaleWatch(
      target,
      frames,
      () => {
        reads += 1;
        return auto;
      },
      (now) => heard.push(now),
    );
    reads = 0;
  });

  afterEach(() => {
    watch.dispose();
    target.remove();
  });

  it('hears a drag that turns the scale off while the pointer is still pressed', () => {
    pointer(target, 'pointerdown');
    auto = false; // the library rescales on the axis drag
    pointer(window, 'pointermove');
    frames.runFrame();
    expect(heard).toEqual([false]);
  });

  it('reads the scale once per frame however many pointer moves come', () => {
    pointer(target, 'pointerdown');
    for (let i = 0; i < 10; i += 1) pointer(window, 'pointermove');
    expect(frames.pending).toBe(1);
    frames.runFrame();
    expect(reads).toBe(1);
  });

  it('hears a double-click that turns the scale back on in the frame after the release', () => {
    auto = false;
    watch.check();
    pointer(target, 'pointerdown');
    frames.runFrame();
    pointer(window, 'pointerup');
    auto = true; // the library handles the mouseup (its double-click) after the pointerup
    frames.runFrame();
    expect(heard).toEqual([false, true]);
  });

  it('reads nothing while no pointer is pressed on the chart, nor after a release', () => {
    pointer(window, 'pointermove');
    pointer(target, 'pointerdown');
    pointer(window, 'pointercancel');
    frames.runFrame();
    reads = 0;
    pointer(window, 'pointermove');
    expect(frames.pending).toBe(0);
    expect(reads).toBe(0);
  });

  it('reports changes only', () => {
    watch.check();
    auto = false;
    watch.check();
    watch.check();
    auto = true;
    watch.check();
    expect(heard).toEqual([false, true]);
  });

  it('stops listening when disposed', () => {
    pointer(target, 'pointerdown');
    watch.dispose();
    auto = false;
    frames.runFrame();
    pointer(target, 'pointerdown');
    pointer(window, 'pointermove');
    frames.runFrame();
    expect(heard).toEqual([]);
  });
});
