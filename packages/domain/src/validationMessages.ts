/** The product's validation messages, word for word (product product §5). */
export const VALIDATION_MESSAGES = {
  valueEmpty: "Value can't be empty",
  valuePositive: 'Value must be a positive number',
  rsiRange: 'RSI value must be between 0 and 100',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be a positive number',
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive number',
  takeProfitRequired: 'Take profit is required',
  takeProfitPositive: 'Take profit must be a positive number',
  // Not in the original product: it let a take-profit on the losing side fill at once.
  takeProfitAboveEntry: 'Take profit must be above the entry price for a Buy',
  takeProfitBelowEntry: 'Take profit must be below the entry price for a Sell',
} as const;
