/** One event of a DevTools trace (Tracing domain, JSON stream), as the bench's probes read it. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  cat: string;
  args?: Record<string, any>;
}
