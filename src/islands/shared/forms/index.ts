/** Form pieces shared by the sign-in flow and the account screens; see each module for the details. */
export { CodeField } from './CodeField';
export { checkCode, checkConfirm, checkNewPassword, serverErrors, type FormErrors } from './errors';
export { AccountField, CheckboxField, FieldError, FormError, FormStatus, FormSubmit, formStyles, LiveStatus, SelectField, TextAreaField, TextField, useFieldAria, type FieldAria } from './Field';
export { checkPasswordPair, CurrentPasswordField, PasswordPair, usePasswordPair, type PasswordPairState } from './passwords';
export { STAY_BUSY, useForm, type FormController } from './useForm';
