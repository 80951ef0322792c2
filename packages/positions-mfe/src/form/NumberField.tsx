import TextField from '@mui/material/TextField';
import { type FormikProps } from 'formik';

/** Props of {@link NumberField}. */
export interface NumberFieldProps<Values extends Record<string, unknown>> {
  readonly formik: FormikProps<Values>;
  readonly name: keyof Values & string;
  readonly label: string;
  readonly autoFocus?: boolean;
}

/**
 * A decimal text field bound to a formik field. Its message shows as soon as the field has been
 * changed, or left with something in it, or the form submitted: rules are checked on change.
 */
export function NumberField<Values extends Record<string, unknown>>({
  formik,
  name,
  label,
  autoFocus,
}: NumberFieldProps<Values>) {
  const error = formik.errors[name];
  const shown = (formik.touched[name] || formik.submitCount > 0) && typeof error === 'string';
  return (
    <TextField
      id={`position-${name}`}
      name={name}
      label={label}
      value={formik.values[name] ?? ''}
      onChange={(event) => {
        void formik.setFieldTouched(name, true, false);
        formik.handleChange(event);
      }}
      // Leaving a field still empty (say, to open the symbol picker first) is not a mistake yet:
      // its "required" message waits for a submit.
      onBlur={(event) => {
        if (String(formik.values[name] ?? '') !== '') formik.handleBlur(event);
      }}
      error={shown}
      helperText={shown ? error : ' '}
      autoFocus={autoFocus}
      autoComplete="off"
      fullWidth
      size="small"
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}
