/**
 * At most `size` of one kind of work at a time; the others wait for a turn, in order of asking. Used for the
 * calls in flight to the accounting service (Xero allows five per organisation) and the workers writing
 * accounting exports (each holds a thread and a database connection of its own).
 */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly size: number) {}

  /** Resolves with the function that gives the turn back (to the next in line); a second call does nothing. */
  async take(): Promise<() => void> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }

  /** `work` in a turn of its own, given back when it settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const giveBack = await this.take();
    try {
      return await work();
    } finally {
      giveBack();
    }
  }
}
