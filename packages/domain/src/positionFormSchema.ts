import * as yup from 'yup';
import { VALIDATION_MESSAGES as M } from './validationMessages';
import { POSITION_SIDES, type PositionSide } from './Position';
import { SYMBOLS, type SymbolId } from './SymbolId';
import { positiveNumberSchema } from './positiveNumberSchema';

/** The Add position form. Messages are the spec's, word for word. */
export const positionFormSchema = yup.object({
  symbol: yup.mixed<SymbolId>().oneOf(SYMBOLS).required(),
  side: yup.mixed<PositionSide>().oneOf(POSITION_SIDES).required(),
  amount: positiveNumberSchema(M.amountRequired, M.amountPositive),
  price: positiveNumberSchema(M.priceRequired, M.pricePositive),
  tp: positiveNumberSchema(M.takeProfitRequired, M.takeProfitPositive),
});

/** Values of the Add position form. */
export type PositionFormValues = yup.InferType<typeof positionFormSchema>;
