import type { Component } from '@bloomline/contract';

/** A component as the API answers it: a red rose, no picture, unit or colour, unless the test says otherwise. */
export const aComponent = (fields: Partial<Component> = {}): Component => ({
  id: 7,
  name: 'Red rose',
  wholesale_excl_vat: 12.5,
  container: false,
  exclude_auto_calculations: false,
  show_on_menu: true,
  isCommission: true,
  hasImage: false,
  imageUrl: null,
  unit_id: null,
  colour_id: null,
  unit: null,
  colour: null,
  ratesCount: 2,
  ...fields,
});
