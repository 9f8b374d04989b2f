/**
 * A product's answer with its `data` serialised in the worker: the event loop then receives one string (a
 * copy) instead of cloning an object graph, and splices it into the envelope as it is.
 */
export function serialised<T extends { data: unknown; meta: Record<string, unknown> }>(answer: T): { dataJson: string; meta: T['meta'] } {
  return { dataJson: JSON.stringify(answer.data), meta: answer.meta };
}
