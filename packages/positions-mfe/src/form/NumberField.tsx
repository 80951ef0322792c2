import TextField from '@mui/material/TextField';
import { type FormikProps } from 'formik';

/** Props of {@link NumberField}. */
export interface NumberFieldProps<Values extends Record<string, unknown>> {
  readonly formik: FormikProps<Values>;
  readonly name: keyof Values & string;
  readonly label: string;
  readonly autoFocus?: boolean;
  /** A note that does not block the form, shown in the warning colour when there is no error. */
  readonly warning?: string;
}

/**
 * A decimal text field bound to a formik field. Its message shows as soon as the field has been
 * changed, or left with something in it, or the form submitted: rules are checked on change. A
 * `warning` shows in its place while there is no error to show.
 */
export function NumberField<Values extends Record<string, unknown>>({
  formik,
  name,
  label,
  autoFocus,
  warning,
}: NumberFieldProps<Values>) {
  const error = formik.errors[name];
  const shown = (formik.touched[name] || formik.submitCount > 0) && typeof error === 'string';
  const warned = !shown && warning !== undefined;
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
      helperText={shown ? error : warned ? warning : ' '}
      autoFocus={autoFocus}
      autoComplete="off"
      fullWidth
      size="small"
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        formHelperText: warned ? { sx: { color: 'warning.main' } } : {},
      }}
    />
  );
}
