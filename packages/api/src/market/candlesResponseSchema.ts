/** The answer's shape; a response schema lets Fastify serialize it without `JSON.stringify`. */
export const candlesResponseSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      time: { type: 'integer' },
      open: { type: 'number' },
      high: { type: 'number' },
      low: { type: 'number' },
      close: { type: 'number' },
      volume: { type: 'number' },
    },
    required: ['time', 'open', 'high', 'low', 'close'],
  },
} as const;
