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
