export { FormField, type FormFieldProps } from './FormField';
export { FormDraft, loadDraft, clearDraft, draftStorage, draftStorageKey, DRAFT_TEXTS } from './draft';
export { MASKS, type MaskName } from './masks';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
// Apps take Formik from here, never from 'formik' directly: the platform's fields and the app's
// <Formik> must share one Formik context even when another remote loaded this module first.
export { Formik, Form, useFormikContext, useField, type FormikHelpers, type FormikProps } from 'formik';
export {
  CodeField,
  ResendCodeButton,
  useCountdown,
  formatWait,
  RESEND_WAIT_SECONDS,
  RESEND_CODE_TEXT,
  type ResendCodeButtonProps,
} from './code';
export { useZipLookup } from './zip-lookup';
export { ChoiceField, type Choice } from './ChoiceField';
export { FocusFirstError } from './FocusFirstError';
export { PasswordField, PASSWORD_HINT, type PasswordFieldProps } from './PasswordField';
