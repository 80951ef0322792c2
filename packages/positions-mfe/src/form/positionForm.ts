// What the Add, Edit and Close position dialogs share besides their frame (FormDialog): their
// callbacks and how a submit ends, and the typed numbers of a position.
import { type Position, parseNumberInput, positionFormSchema } from '@pairwatch/domain';
import { type FormikErrors, validateYupSchema, yupToFormErrors } from 'formik';

/** The callbacks of a position dialog. */
export interface PositionDialogProps<Submitted> {
  /** Stores what the dialog submits; the dialog closes when it resolves and stays open when it rejects. */
  readonly onSubmit: (submitted: Submitted) => Promise<void>;
  readonly onClose: () => void;
}

/**
 * Runs a dialog's store step and closes the dialog once it succeeds. When it fails the caller has
 * already reported the error, so the dialog stays open with what the user typed.
 */
export async function submitThenClose(
  submit: () => Promise<void>,
  close: () => void,
): Promise<void> {
  try {
    await submit();
  } catch (_error: unknown) {
    return;
  }
  close();
}

/** The amount, entry price and take profit as typed in the Add and Edit position forms. */
export interface PositionNumberValues {
  amount: string;
  price: string;
  tp: string;
}

/**
 * The numbers typed in the Add and Edit position forms, already checked against
 * `positionFormSchema`, as the store takes them.
 */
export function parsePositionNumbers(
  values: Readonly<PositionNumberValues>,
): Pick<Position, 'amount' | 'price' | 'tp'> {
  return {
    amount: parseNumberInput(values.amount),
    price: parseNumberInput(values.price),
    tp: parseNumberInput(values.tp),
  };
}

/**
 * Checks an Add or Edit position form with domain's `positionFormSchema`, prices against
 * `pricePrecision`, the decimals the live exchange gives the values' symbol (formik's
 * `validationSchema` cannot pass a context, hence this function).
 */
export async function validatePositionForm<Values extends object>(
  values: Values,
  pricePrecision: number,
): Promise<FormikErrors<Values>> {
  try {
    await validateYupSchema(values, positionFormSchema, false, { pricePrecision });
    return {};
  } catch (error: unknown) {
    if ((error as { name?: unknown } | null)?.name !== 'ValidationError') throw error;
    return yupToFormErrors<Values>(error);
  }
}
