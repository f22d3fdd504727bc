export * from './platform';
export { navigationProblems } from './navigation';
export { describeFaultMatrix, FAULTS } from './faults';
export * from './answer-variants';
export { breakStorage, newDocument, STORAGE_MODES, type StorageMode } from './storage-modes';
