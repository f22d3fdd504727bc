export * from './platform';
export { navigationProblems } from './navigation';
export * from './answer-variants';
