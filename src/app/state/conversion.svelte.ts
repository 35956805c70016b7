/**
 * Converting the selected card to another format: the result opens as new files (never overwriting one) and
 * `report` keeps what the conversion opened and what the target could not express, for the output panel.
 */
import type { CompiledAgent, Conversion, EmitOptions, FormatId } from '../../core/index.ts';
import type { CardRef } from '../analysis/protocol.ts';
import type { Notifications } from './notifications.svelte.ts';

/** What a conversion produced, for the output panel. */
export interface ConversionReport {
  /** The name of the converted agent. */
  from: string;
  to: FormatId;
  /** The paths the new files were opened under. */
  paths: string[];
  lost: Conversion['lost'];
}

/** What `Converter` works with, injected by the model. */
export interface ConverterHost {
  /** Converts card `ref` (null: it did not compile); rejects when the conversion fails. */
  convert(ref: CardRef, to: FormatId, options: EmitOptions): Promise<Conversion | null>;
  /** Adds `files` to the workspace under free paths; returns the paths used. */
  addFiles(files: Record<string, string>): string[];
  notifications: Notifications;
}

/** Conversions of the selected card, and the report of the last one. */
export class Converter {
  /** The last conversion made here (null: none since the workspace opened). */
  report = $state.raw<ConversionReport | null>(null);

  constructor(private readonly host: ConverterHost) {}

  /**
   * Converts card `ref`, compiled as `agent`, to `to` and opens the result. Resolves with the new paths; with
   * [] when there is nothing to convert (no selection, or the agent is in `to` already: a conversion would
   * only copy it under a numbered name) and when the conversion failed, which a banner then explains.
   */
  async convert(
    ref: CardRef | null,
    agent: CompiledAgent | null,
    to: FormatId,
    options: EmitOptions = {},
  ): Promise<string[]> {
    if (!ref || !agent || agent.format === to) return [];
    const { notifications } = this.host;
    try {
      const result = await this.host.convert(ref, to, options);
      if (!result) {
        notifications.show({
          id: 'conversion',
          kind: 'warning',
          text: 'The selected card did not compile, so there is nothing to convert.',
        });
        return [];
      }
      const paths = this.host.addFiles(result.files);
      this.report = { from: agent.name, to, paths, lost: result.lost };
      return paths;
    } catch (error) {
      notifications.show({
        id: 'conversion',
        kind: 'error',
        text: `Conversion failed: ${error instanceof Error ? error.message : String(error)}`,
      });
      return [];
    }
  }

  /** Forgets the report (another workspace opened). */
  reset(): void {
    this.report = null;
  }
}
