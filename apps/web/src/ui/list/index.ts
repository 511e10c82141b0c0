export * from './list-page';
export * from './use-list-params';
export * from './search-in-browser';
export * from './sort-header';
