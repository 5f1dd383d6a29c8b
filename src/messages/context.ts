/**
 * What the message handlers need from the store, and nothing more: the surfaces, the outbox, the
 * catalogs, the agent calls. The store builds one and is otherwise not seen by a handler.
 */
import type { Catalog } from '../catalog/catalog.ts';
import type { DataContext } from '../evaluate.ts';
import type { Outbox } from '../outbox.ts';
import type { ProtocolHost } from '../protocols.ts';
import type { AgentCalls } from '../rpc/agent-calls.ts';
import type { SurfaceRegistry } from '../surface-registry.ts';

export interface MessageContext {
  readonly surfaces: SurfaceRegistry;
  /** Answers and faults go out here, each in the wire form of what it answers. */
  readonly outbox: Outbox;
  /**
   * The renderer → agent calls awaiting their `agentFunctionResponse` (made on first use; only
   * the handlers loaded with the calls' code, rpc/index.ts, ask for it).
   */
  agentCalls(): AgentCalls;
  /** What protocol adapters read while upgrading an envelope (the store's public face). */
  readonly protocolHost: ProtocolHost;
  /** See `StoreOptions.partialUpdates`. */
  readonly partialUpdates: boolean;
  catalog(id: string): Catalog | undefined;
  /** Every registered catalog id (named when a message asks for another). */
  catalogIds(): string[];
  /** The root data context of a surface, or an isolated empty one when `surfaceId` is omitted. */
  dataContext(surfaceId?: string): DataContext | undefined;
}
