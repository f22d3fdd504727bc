export * from './components';
export { LoadView, type LoadViewProps } from './LoadView';
export { platformStyleScope } from './style-scope';
