export * from './platform';
export { navigationProblems } from './navigation';
