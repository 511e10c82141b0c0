import type { KeyboardEvent } from 'react';

/** The data attributes that place an editable cell in the grid. */
export const cellAt = (row: number, column: number) => ({
  'data-grid-row': row,
  'data-grid-column': column,
});

const position = (el: HTMLElement) => {
  const row = Number(el.dataset.gridRow);
  const column = Number(el.dataset.gridColumn);
  return Number.isInteger(row) && Number.isInteger(column) ? { row, column } : null;
};

const isText = (el: HTMLElement): el is HTMLInputElement =>
  el instanceof HTMLInputElement && el.type === 'text';

/**
 * Whether Left/Right leave the cell: a checkbox always; a text box when its caret stands at that edge, or when
 * its whole text is selected (the cell was just entered and nothing typed: moving on is what a spreadsheet does).
 */
function leavesSideways(el: HTMLElement, towards: 'left' | 'right') {
  if (!isText(el)) return true;
  const { selectionStart: start, selectionEnd: end, value } = el;
  if (start === null || end === null) return true;
  if (start === 0 && end === value.length) return true;
  if (start !== end) return false;
  return towards === 'left' ? start === 0 : end === value.length;
}

function focusCell(grid: HTMLElement, row: number, column: number) {
  const target = grid.querySelector<HTMLElement>(`[data-grid-row="${row}"][data-grid-column="${column}"]`);
  if (!target) return false;
  target.focus();
  // Typing into a cell reached by the keyboard replaces its text, as in a spreadsheet.
  if (isText(target)) target.select();
  return true;
}

/**
 * Spreadsheet keys over the grid's cells (put on the element that holds them): Up and Down move within the
 * column, Enter moves down (Shift+Enter up), Left and Right move along the row when the caret is at the text's
 * edge. Tab keeps its usual order. Escape is the row's own (it reverts the cell).
 */
export function moveInGrid(event: KeyboardEvent<HTMLElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
  // Shift with an arrow selects text; Shift+Enter moves up.
  if (event.shiftKey && event.key !== 'Enter') return;
  const el = event.target as HTMLElement;
  const at = position(el);
  if (!at) return;
  let next: { row: number; column: number } | null = null;
  switch (event.key) {
    case 'ArrowUp':
      next = { row: at.row - 1, column: at.column };
      break;
    case 'ArrowDown':
      next = { row: at.row + 1, column: at.column };
      break;
    case 'Enter':
      next = { row: at.row + (event.shiftKey ? -1 : 1), column: at.column };
      break;
    case 'ArrowLeft':
      if (leavesSideways(el, 'left')) next = { row: at.row, column: at.column - 1 };
      break;
    case 'ArrowRight':
      if (leavesSideways(el, 'right')) next = { row: at.row, column: at.column + 1 };
      break;
  }
  if (!next) return;
  // At the grid's edge the key does nothing (a text box's caret would otherwise jump to its start or end).
  event.preventDefault();
  focusCell(event.currentTarget, next.row, next.column);
}
