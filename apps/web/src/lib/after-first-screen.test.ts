import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether the first screen was shown: each test starts from a fresh copy.
const load = async () => {
  vi.resetModules();
  return import('./after-first-screen');
};

describe('after the first screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first screen, then for a paint and idle time', async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    const task = vi.fn();
    afterFirstScreen(task);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();

    firstScreenShown();
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2500);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs later work after a paint once the first screen is up, and only once each', async () => {
    const { afterFirstScreen, firstScreenShown } = await load();
    firstScreenShown();
    firstScreenShown();
    const task = vi.fn();
    afterFirstScreen(task);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2500);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('shows content-dependent work once the page has painted, or after the cap', async () => {
    const { afterContentShown } = await load();
    const task = vi.fn();
    afterContentShown(task, 500);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(700);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs a task after the next paint, never at once', async () => {
    const { afterNextPaint } = await load();
    const task = vi.fn();
    afterNextPaint(task);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for the network to be quiet, at most until the cap', async () => {
    const { whenNetworkQuiet } = await load();
    const task = vi.fn();
    whenNetworkQuiet(task, 300, 5000);
    await vi.advanceTimersByTimeAsync(200);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
