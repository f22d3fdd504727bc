export { FormField, type FormFieldProps } from './FormField';
export { FormDraft, loadDraft, clearDraft } from './draft';
export { MASKS, type MaskName } from './masks';
