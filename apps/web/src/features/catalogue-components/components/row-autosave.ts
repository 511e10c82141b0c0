import {
  componentBody,
  formatMoney,
  parseMoney,
  toErrorBag,
  type Component,
  type ComponentInput,
  type ErrorBag,
} from '@bloomline/contract';

import { isApiError } from '@/api/client';
import { errorMessage } from '@/ui';

/** Part 2, point 7: a bulk edit saves this long after typing stops. */
export const ROW_SAVE_DELAY_MS = 300;
/** How long a row shows its green or red flash before it fades. */
export const ROW_FLASH_MS = 1500;

/** The cells of a row, as the request names them; the price is the text in its box ('R 12,50', as typed). */
export type RowValues = {
  name: string;
  wholesale_excl_vat: string;
  container: boolean;
  exclude_auto_calculations: boolean;
  show_on_menu: boolean;
  is_commission: boolean;
};
export type RowField = keyof RowValues;
export const ROW_FIELDS = [
  'name',
  'wholesale_excl_vat',
  'container',
  'exclude_auto_calculations',
  'show_on_menu',
  'is_commission',
] as const satisfies readonly RowField[];

/** idle: as on the server; pending: changed, waiting for typing to stop; then saving, saved or failed. */
export type RowStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';
/** Why the last save failed: messages per cell (a 422 bag) and one for the row (anything else). */
export type RowFailure = { fields: Partial<Record<RowField, string>>; message: string | null };

export type RowState = {
  values: RowValues;
  /** The record as the server last answered it: Escape returns a cell to it. */
  saved: Component;
  status: RowStatus;
  failure: RowFailure | null;
  /** Set for ROW_FLASH_MS after each outcome. */
  flash: 'saved' | 'failed' | null;
  /** Holds a change the server has not got (typed, in flight, or refused). */
  dirty: boolean;
};

export const rowValuesOf = (c: Component): RowValues => ({
  name: c.name,
  wholesale_excl_vat: formatMoney(c.wholesale_excl_vat),
  container: c.container,
  exclude_auto_calculations: c.exclude_auto_calculations,
  show_on_menu: c.show_on_menu,
  is_commission: c.isCommission,
});

/** What the server would store: "12,5" and "R 12.50" are one price, "Rose " and "Rose" one name. */
const comparable = (v: RowValues) => {
  const price = parseMoney(v.wholesale_excl_vat);
  return JSON.stringify([
    v.name.trim(),
    price.ok ? price.value : v.wholesale_excl_vat.trim(),
    v.container,
    v.exclude_auto_calculations,
    v.show_on_menu,
    v.is_commission,
  ]);
};
export const sameValues = (a: RowValues, b: RowValues) => comparable(a) === comparable(b);

/** The contract's verdict on a row: the body to send (every editable field), or the bag in the server's words. */
export function rowBody(values: RowValues): { body: ComponentInput } | { bag: ErrorBag } {
  const parsed = componentBody.safeParse(values);
  return parsed.success ? { body: parsed.data } : { bag: toErrorBag(parsed.error.issues) };
}

/** A 422 bag as a row's failure: messages under their cells, any other field's for the row. */
export function failureFromBag(bag: ErrorBag): RowFailure {
  const fields: RowFailure['fields'] = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(bag)) {
    if ((ROW_FIELDS as readonly string[]).includes(field)) fields[field as RowField] = messages.join(' ');
    else rest.push(...messages);
  }
  return { fields, message: rest.length > 0 ? rest.join(' ') : null };
}

/** A refused save: a 422 under its cells; a conflict, a server error or no answer at all for the row. */
export const failureOf = (cause: unknown): RowFailure =>
  isApiError(cause) && cause.isValidation
    ? failureFromBag(cause.errors)
    : { fields: {}, message: errorMessage(cause, 'The change could not be saved.') };

/** Every message of a failure, for the live region. */
export const failureText = (f: RowFailure) =>
  [...Object.values(f.fields), ...(f.message ? [f.message] : [])].join(' ');

export type RowAutosaveDeps = {
  save: (body: ComponentInput, id: number) => Promise<Component>;
  /** After each save: put the answer where other screens read it. */
  onSaved?: (answer: Component) => void;
  /** Says an outcome aloud (the page's live region). */
  announce?: (message: string) => void;
};

/**
 * One row of the bulk edit: its cells, the record they came from and the save in between. A change waits
 * ROW_SAVE_DELAY_MS for typing to stop, then sends the whole row; only the latest values go, and a change
 * made while a save is in flight is sent once that one has answered. Plain JavaScript, so that React only
 * reads its snapshots (useSyncExternalStore) and timers never live in render.
 */
export class RowAutosave {
  private state: RowState;
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flashTimer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<boolean> | null = null;
  private again = false;

  constructor(
    component: Component,
    private deps: RowAutosaveDeps,
  ) {
    this.state = {
      values: rowValuesOf(component),
      saved: component,
      status: 'idle',
      failure: null,
      flash: null,
      dirty: false,
    };
  }

  /** The page's callbacks change between renders; the save stays. */
  configure = (deps: Partial<RowAutosaveDeps>) => {
    this.deps = { ...this.deps, ...deps };
  };

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  change = <F extends RowField>(field: F, value: RowValues[F]) => {
    this.set({ values: { ...this.state.values, [field]: value }, status: 'pending' });
    this.schedule();
  };

  /** Escape: the cell goes back to what the server holds; the row saves again only if others differ. */
  revert = (field: RowField) => {
    const kept = rowValuesOf(this.state.saved)[field];
    if (this.state.values[field] === kept) return;
    this.change(field, kept);
  };

  /** Saves now whatever waits; true when the row ends as the server holds it. */
  flush = (): Promise<boolean> => {
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.run();
  };

  /** A newer copy of the record (a refetch): taken only while the row holds no change of its own. */
  receive = (component: Component) => {
    if (component === this.state.saved || this.state.dirty || this.timer) return;
    // The same values keep their text as typed ("12.5" is not redrawn as "12.50" under the caret).
    const same = sameValues(rowValuesOf(component), rowValuesOf(this.state.saved));
    this.set(same ? { saved: component } : { saved: component, values: rowValuesOf(component) });
  };

  /** Unmounting: timers stop; a save in flight still answers into the query cache. */
  dispose = () => {
    clearTimeout(this.timer);
    clearTimeout(this.flashTimer);
    this.timer = undefined;
  };

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, ROW_SAVE_DELAY_MS);
  }

  private run(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const running = this.loop().finally(() => {
      this.running = null;
      this.set({});
    });
    this.running = running;
    return running;
  }

  private async loop(): Promise<boolean> {
    let savedAny = false;
    for (;;) {
      this.again = false;
      const sent = this.state.values;
      if (sameValues(sent, rowValuesOf(this.state.saved))) {
        // Typed back to what the server holds: nothing to send, nothing wrong any more.
        this.set({ status: savedAny ? 'saved' : this.timer ? 'pending' : 'idle', failure: null });
        return true;
      }
      const checked = rowBody(sent);
      if ('bag' in checked) {
        this.fail(failureFromBag(checked.bag));
        return false;
      }
      this.set({ status: 'saving' });
      try {
        const answer = await this.deps.save(checked.body, this.state.saved.id);
        savedAny = true;
        this.set({ saved: answer });
        this.deps.onSaved?.(answer);
        if (this.again) continue;
        if (!sameValues(this.state.values, sent)) {
          // Typing went on meanwhile: its own timer sends it.
          this.set({ status: 'pending', failure: null });
          return true;
        }
        this.set({ status: 'saved', failure: null });
        this.flashFor('saved');
        this.deps.announce?.(`Saved ${answer.name}.`);
        return true;
      } catch (error) {
        if (this.again) continue;
        this.fail(failureOf(error));
        return false;
      }
    }
  }

  private fail(failure: RowFailure) {
    this.set({ status: 'failed', failure });
    this.flashFor('failed');
    this.deps.announce?.(`${this.state.saved.name} not saved: ${failureText(failure)}`);
  }

  private flashFor(flash: 'saved' | 'failed') {
    clearTimeout(this.flashTimer);
    this.set({ flash });
    this.flashTimer = setTimeout(() => this.set({ flash: null }), ROW_FLASH_MS);
  }

  private set(patch: Partial<Omit<RowState, 'dirty'>>) {
    const next = { ...this.state, ...patch };
    next.dirty =
      this.running !== null || this.timer !== undefined || !sameValues(next.values, rowValuesOf(next.saved));
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}
