export * from './brand';
export * from './document';
export * from './pdf-text';
export * from './table';
export * from './kerning';
