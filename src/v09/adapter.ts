/** The v0.9 / v0.9.1 protocol adapter the store routes `"version": "v0.9"` envelopes through. */
import type { ProtocolAdapter } from '../protocols.ts';
import { downgradeMessage } from './downgrade.ts';
import { upgradeEnvelope, V09_SURFACE_VERSION } from './envelope.ts';

export const v09Adapter: ProtocolAdapter = Object.freeze({
  versions: Object.freeze(['v0.9', 'v0.9.1']),
  surfaceVersion: V09_SURFACE_VERSION,
  upgrade: upgradeEnvelope,
  downgrade: downgradeMessage,
  dataModelKey: 'a2uiClientDataModel',
});
