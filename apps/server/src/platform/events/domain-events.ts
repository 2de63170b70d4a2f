import type { Logger } from "../logging/logger";

/**
 * What changed, by name, with what a reaction needs to know. A service emits after its transaction committed, so a
 * reaction never sees a change that was rolled back.
 */
export interface DomainEventMap {
  /** The promotion calendar changed (an admin created, edited or deleted a window). */
  "promotions.changed": Record<string, never>;
}

export type DomainEventName = keyof DomainEventMap;
type Handler<N extends DomainEventName> = (payload: DomainEventMap[N]) => void | Promise<void>;

/**
 * In-process domain events: a module says what changed, and whoever reacts subscribes in one place, so writers do
 * not call every cache or module that cares. Delivery is synchronous and in this process only; a handler's error is
 * logged and never reaches the writer, whose change has already committed.
 */
export class DomainEvents {
  private readonly handlers = new Map<DomainEventName, Set<Handler<DomainEventName>>>();

  constructor(private readonly logger?: Logger) {}

  /** Subscribes; the answer unsubscribes. */
  on<N extends DomainEventName>(name: N, handler: Handler<N>): () => void {
    let handlers = this.handlers.get(name);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(name, handlers);
    }
    const added = handler as Handler<DomainEventName>;
    handlers.add(added);
    return () => {
      handlers.delete(added);
    };
  }

  /** Only after the change committed. */
  emit<N extends DomainEventName>(name: N, payload: DomainEventMap[N]): void {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        const outcome = handler(payload);
        if (outcome instanceof Promise) outcome.catch((error: unknown) => this.failed(name, error));
      } catch (error) {
        this.failed(name, error);
      }
    }
  }

  private failed(name: DomainEventName, error: unknown): void {
    this.logger?.error({ err: error, event: name }, "a domain event handler failed");
  }
}
