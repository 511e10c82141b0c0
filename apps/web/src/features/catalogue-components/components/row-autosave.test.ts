import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Component, ComponentInput } from '@bloomline/contract';

import { ApiError } from '@/api/client';

import { ROW_FLASH_MS, ROW_SAVE_DELAY_MS, RowAutosave, rowValuesOf, sameValues } from './row-autosave';

const rose = (overrides: Partial<Component> = {}): Component => ({
  id: 7,
  name: 'Red Rose',
  wholesale_excl_vat: 12.5,
  container: false,
  exclude_auto_calculations: false,
  show_on_menu: true,
  isCommission: false,
  hasImage: false,
  imageUrl: null,
  unit_id: null,
  colour_id: null,
  unit: null,
  colour: null,
  ratesCount: 0,
  ...overrides,
});

/** A save whose answers the test gives, one by one. */
function deferredSave() {
  const calls: { body: ComponentInput; resolve: (c: Component) => void; reject: (e: unknown) => void }[] = [];
  const save = vi.fn(
    (body: ComponentInput) =>
      new Promise<Component>((resolve, reject) => {
        calls.push({ body, resolve, reject });
      }),
  );
  return { save, calls };
}

const answerTo = (body: ComponentInput): Component =>
  rose({ name: body.name, wholesale_excl_vat: body.wholesale_excl_vat });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('RowAutosave', () => {
  it('waits 300 ms after the last change, then sends the whole row once', async () => {
    const { save, calls } = deferredSave();
    const row = new RowAutosave(rose(), { save });
    row.change('wholesale_excl_vat', '1');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS - 50);
    row.change('wholesale_excl_vat', '13');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS - 50);
    row.change('wholesale_excl_vat', '13.75');
    expect(row.getSnapshot()).toMatchObject({ status: 'pending', dirty: true });
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]!.body).toEqual({
      name: 'Red Rose',
      wholesale_excl_vat: 13.75,
      container: false,
      exclude_auto_calculations: false,
      show_on_menu: true,
      is_commission: false,
    });
    expect(row.getSnapshot().status).toBe('saving');
    calls[0]!.resolve(answerTo(calls[0]!.body));
    await vi.advanceTimersByTimeAsync(0);
    expect(row.getSnapshot()).toMatchObject({ status: 'saved', flash: 'saved', dirty: false });
    expect(row.getSnapshot().saved.wholesale_excl_vat).toBe(13.75);
    await vi.advanceTimersByTimeAsync(ROW_FLASH_MS);
    expect(row.getSnapshot()).toMatchObject({ status: 'saved', flash: null });
  });

  it('sends a change made while a save is in flight after that one answers, with only the latest value', async () => {
    const { save, calls } = deferredSave();
    const onSaved = vi.fn();
    const row = new RowAutosave(rose(), { save, onSaved });
    row.change('wholesale_excl_vat', '20');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    row.change('wholesale_excl_vat', '21');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    row.change('wholesale_excl_vat', '22');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    // Still one call: the others wait for the answer.
    expect(save).toHaveBeenCalledTimes(1);
    calls[0]!.resolve(answerTo(calls[0]!.body));
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.body.wholesale_excl_vat).toBe(22);
    expect(row.getSnapshot().status).toBe('saving');
    calls[1]!.resolve(answerTo(calls[1]!.body));
    await vi.advanceTimersByTimeAsync(0);
    expect(row.getSnapshot()).toMatchObject({ status: 'saved', dirty: false });
    expect(onSaved).toHaveBeenCalledTimes(2);
  });

  it('refuses a bad value with the contract’s words, without a call, and Escape brings the saved one back', async () => {
    const { save } = deferredSave();
    const announce = vi.fn();
    const row = new RowAutosave(rose(), { save, announce });
    row.change('wholesale_excl_vat', '-5');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
    expect(row.getSnapshot()).toMatchObject({
      status: 'failed',
      flash: 'failed',
      dirty: true,
      failure: { fields: { wholesale_excl_vat: 'Wholesale price cannot be negative.' } },
    });
    expect(announce).toHaveBeenCalledWith('Red Rose not saved: Wholesale price cannot be negative.');
    row.revert('wholesale_excl_vat');
    expect(row.getSnapshot().values.wholesale_excl_vat).toBe('R 12,50');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    expect(row.getSnapshot()).toMatchObject({ status: 'idle', failure: null, dirty: false });
    expect(save).not.toHaveBeenCalled();
  });

  it('reads a price typed with a comma, and refuses one that is no amount instead of guessing', async () => {
    const { save, calls } = deferredSave();
    const row = new RowAutosave(rose(), { save });
    row.change('wholesale_excl_vat', '12,50,1');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
    expect(row.getSnapshot().failure?.fields.wholesale_excl_vat).toBe(
      'Wholesale price must be an amount such as 1 234,50.',
    );
    row.change('wholesale_excl_vat', '13,75');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    expect(calls[0]!.body.wholesale_excl_vat).toBe(13.75);
  });

  it('shows a 422 under its cell and anything else for the row', async () => {
    const { save, calls } = deferredSave();
    const row = new RowAutosave(rose(), { save });
    row.change('name', 'Rose');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    calls[0]!.reject(new ApiError(422, 'x', { name: ['The name is taken.'], unit_id: ['Gone.'] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(row.getSnapshot().failure).toEqual({ fields: { name: 'The name is taken.' }, message: 'Gone.' });
    row.change('name', 'Rosa');
    await vi.advanceTimersByTimeAsync(ROW_SAVE_DELAY_MS);
    calls[1]!.reject(new ApiError(0, 'Could not reach the server.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(row.getSnapshot()).toMatchObject({
      status: 'failed',
      failure: { fields: {}, message: 'Could not reach the server.' },
    });
  });

  it('flushes at once, and takes a newer record only while it holds no change', async () => {
    const { save, calls } = deferredSave();
    const row = new RowAutosave(rose(), { save });
    row.change('show_on_menu', false);
    const flushed = row.flush();
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]!.body.show_on_menu).toBe(false);
    row.receive(rose({ name: 'Someone else’s' }));
    expect(row.getSnapshot().values.name).toBe('Red Rose');
    calls[0]!.resolve(rose({ show_on_menu: false }));
    await expect(flushed).resolves.toBe(true);
    row.receive(rose({ show_on_menu: false, name: 'White Rose' }));
    expect(row.getSnapshot().values).toMatchObject({ name: 'White Rose', show_on_menu: false });
  });

  it('counts "12.5", "12,50" and "R 12,50" as one price', () => {
    const values = rowValuesOf(rose());
    expect(values.wholesale_excl_vat).toBe('R 12,50');
    expect(sameValues(values, { ...values, wholesale_excl_vat: '12.5' })).toBe(true);
    expect(sameValues(values, { ...values, wholesale_excl_vat: '12,50' })).toBe(true);
    expect(sameValues(values, { ...values, wholesale_excl_vat: '12,50,1' })).toBe(false);
    expect(sameValues(values, { ...values, name: ' Red Rose ' })).toBe(true);
    expect(sameValues(values, { ...values, wholesale_excl_vat: '12.5x' })).toBe(false);
  });
});
