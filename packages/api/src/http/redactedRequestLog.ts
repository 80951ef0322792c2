/**
 * Route options that log a request by method and route pattern only. Routes whose URL carries a
 * subscription id (the product's only credential) use it, so the id never reaches a log line even
 * when request logging is turned on.
 */
export const redactedRequestLog = {
  logSerializers: {
    req: (request: { method?: string; routeOptions?: { url?: string } }) => ({
      method: request.method,
      route: request.routeOptions?.url,
    }),
  },
} as const;
