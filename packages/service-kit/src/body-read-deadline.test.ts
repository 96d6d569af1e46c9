// The minimum rate of request bodies: each window from a body's start must bring its share of bytes, or the body is
// cut, once; a body that keeps the rate is never cut, however long it lasts.
import { describe, expect, it } from 'vitest';
import { BodyReadDeadline } from './body-read-deadline';

/** A deadline on a clock the test moves, with 16 KB/s over 10 s windows (the defaults). */
function deadlineAt(start = 1_000) {
  const clock = { now: start };
  return { deadline: new BodyReadDeadline(() => clock.now), clock };
}

function body(deadline: BodyReadDeadline) {
  const state = { bytes: 0, cuts: 0 };
  const stop = deadline.watch(
    () => state.bytes,
    () => (state.cuts += 1),
  );
  return { state, stop };
}

describe('the minimum rate of a body', () => {
  it('cuts a body that brings less than 16 KB/s over its first 10 s (from the check after it began), and only once', () => {
    const { deadline, clock } = deadlineAt();
    const trickle = body(deadline);
    trickle.state.bytes = 40;
    clock.now += 10_000;
    deadline.check();
    expect(trickle.state.cuts).toBe(0);
    clock.now += 1_000;
    deadline.check();
    expect(trickle.state.cuts).toBe(1);
    clock.now += 10_000;
    deadline.check();
    expect(trickle.state.cuts).toBe(1);
    expect(deadline.watching).toBe(0);
    trickle.stop();
  });

  it('lets a member’s 10 MB image over a 1 Mbit/s uplink (125 KB/s) arrive whole', () => {
    const { deadline, clock } = deadlineAt();
    const image = body(deadline);
    for (let second = 0; second < 84; second += 1) {
      clock.now += 1_000;
      image.state.bytes += 125_000;
      deadline.check();
    }
    expect(image.state.cuts).toBe(0);
    image.stop();
    expect(deadline.watching).toBe(0);
  });

  it('cuts a body that starts fast and then stalls, at the end of the window it stalls in', () => {
    const { deadline, clock } = deadlineAt();
    const stalled = body(deadline);
    stalled.state.bytes = 1_000_000;
    clock.now += 11_000;
    deadline.check();
    expect(stalled.state.cuts).toBe(0);
    stalled.state.bytes += 100;
    clock.now += 10_000;
    deadline.check();
    expect(stalled.state.cuts).toBe(1);
  });

  it('cuts none when its rate is 0 (turned off)', () => {
    const { deadline, clock } = deadlineAt();
    deadline.configure({ minBytesPerSecond: 0 });
    const idle = body(deadline);
    clock.now += 60_000;
    deadline.check();
    expect(idle.state.cuts).toBe(0);
    idle.stop();
  });
});
