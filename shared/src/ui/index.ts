export * from './components';
export { LoadView, type LoadViewProps } from './LoadView';
